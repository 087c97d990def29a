/*
 * The below-the-fold sections' stylesheets, in Home's own chunk although their code is in chunks
 * of its own: the render server inlines the stylesheets of a page's module (not of the chunks it
 * loads later), so the server's HTML of every section is styled from the first paint, and the
 * sections' chunks carry no CSS to load again.
 */
import '../about-block/about-block.module.css';
import '../team/team-showcase.module.css';
import '../work/our-work.module.css';
import '../band/motion-band.module.css';
import '../services/our-services.module.css';
import '../background-video/background-video.module.css';
