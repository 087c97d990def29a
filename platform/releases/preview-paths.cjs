// @ts-check
/**
 * Where a preview link points (`<prefix><token>`), and the way out of a preview: read by the
 * render server that answers them, the badge that leads out, and `npm run preview`.
 */
const previewPaths = { prefix: '/__preview/', exit: '/__preview/exit' };

module.exports = { previewPaths };
