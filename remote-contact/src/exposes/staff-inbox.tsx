import { StaffInboxPage } from '../staff/staff-inbox-page';

export default StaffInboxPage;
