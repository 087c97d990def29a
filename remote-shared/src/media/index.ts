/**
 * Every generated media file (scripts/media/make-all.sh), imported so the build emits it and
 * content gets its URL. A sibling index.js stands in under Jest, whose node projects cannot
 * load media files (see index.js).
 */
import bandMp4 from './band.mp4';
import bandPoster from './band-poster.webp';
import bandWebm from './band.webm';
import decor from './decor.webp';
import heroMp4 from './hero.mp4';
import heroPoster from './hero-poster.webp';
import heroWebm from './hero.webm';
import music from './music.mp3';
import serviceDesign from './service-design.webp';
import serviceDevelopment from './service-development.webp';
import serviceGrowth from './service-growth.webp';
import serviceSeo from './service-seo.webp';
import teamArtist from './team-artist.webp';
import teamCreative from './team-creative.webp';
import teamDeveloper from './team-developer.webp';
import teamSeo from './team-seo.webp';
import workCamplain from './work-camplain.webp';
import workChingari from './work-chingari.webp';
import workPanda from './work-panda.webp';

export {
  bandMp4,
  bandPoster,
  bandWebm,
  decor,
  heroMp4,
  heroPoster,
  heroWebm,
  music,
  serviceDesign,
  serviceDevelopment,
  serviceGrowth,
  serviceSeo,
  teamArtist,
  teamCreative,
  teamDeveloper,
  teamSeo,
  workCamplain,
  workChingari,
  workPanda,
};
