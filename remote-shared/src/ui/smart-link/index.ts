export { SmartLink, isExternalHref, type SmartLinkProps } from './smart-link';
