/** The About block's code, as a chunk of its own (Home fetches it when the visitor reaches it). */
export const loadAboutBlock = () =>
  import(/* webpackChunkName: "home-about" */ './about-block').then((m) => m.AboutBlock);
