import { StaffInboxPage } from '../staff-inbox/staff-inbox-page';

export default StaffInboxPage;
