import { ContactPage } from '../contact/page/contact-page';

export default ContactPage;
