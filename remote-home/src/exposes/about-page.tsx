import { AboutPage } from '../about/about-page';

export default AboutPage;
