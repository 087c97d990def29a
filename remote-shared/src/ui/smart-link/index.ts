export { SmartLink, type SmartLinkProps } from './smart-link';
