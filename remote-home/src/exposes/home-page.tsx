import { HomePage } from '../home/home-page';

export default HomePage;
