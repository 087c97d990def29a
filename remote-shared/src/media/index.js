// Stand-in for index.ts under Jest. Jest resolves `.js` before `.ts` by default, while webpack and
// TypeScript pick index.ts; the browser and integration Jest projects have no moduleNameMapper for
// media files, so importing them there would fail. Delete this file once jest.config.cjs maps
// media files in every project (as the unit project already does).
const url = (name) => `test-media/${name}`;

export const bandMp4 = url('band.mp4');
export const bandPoster = url('band-poster.webp');
export const bandWebm = url('band.webm');
export const decor = url('decor.webp');
export const heroMp4 = url('hero.mp4');
export const heroPoster = url('hero-poster.webp');
export const heroWebm = url('hero.webm');
export const music = url('music.mp3');
export const serviceDesign = url('service-design.webp');
export const serviceDevelopment = url('service-development.webp');
export const serviceGrowth = url('service-growth.webp');
export const serviceSeo = url('service-seo.webp');
export const teamArtist = url('team-artist.webp');
export const teamCreative = url('team-creative.webp');
export const teamDeveloper = url('team-developer.webp');
export const teamSeo = url('team-seo.webp');
export const workCamplain = url('work-camplain.webp');
export const workChingari = url('work-chingari.webp');
export const workPanda = url('work-panda.webp');
