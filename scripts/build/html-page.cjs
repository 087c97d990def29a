// @ts-check
/**
 * The HTML page each app's browser build starts from. The shell writes its own (src/index.html:
 * the real site's head, which the render server reuses); a remote's page only hosts its
 * standalone development view, so it is made here from the remote's name.
 */
const fs = require('node:fs');
const path = require('node:path');

/** The studio's mark (the sun on the horizon) as the tab icon, inline so no request is made. */
const pageIcon = `<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'%3E%3Crect width='40' height='40' rx='8' fill='%230e0e10'/%3E%3Ccircle cx='20' cy='24' r='11' fill='%23ff7a45'/%3E%3Crect x='4' y='24' width='32' height='12' fill='%230e0e10'/%3E%3Crect x='4' y='25.5' width='32' height='3' rx='1.5' fill='%23f5f2eb'/%3E%3C/svg%3E">`;

/** Where an app's own page says the icon goes. */
const iconSlot = '<!-- page icon -->';

/** @param {string} title */
const standalonePage = (title) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${pageIcon}<title>${title}</title></head><body><div id="root"></div></body></html>`;

/** What each remote's standalone page is called in the tab. */
const standaloneTitles = {
  'remote-home': 'First Day Studio · remote-home (standalone)',
  'remote-contact': 'First Day Studio · remote-contact (standalone)',
  'remote-shared': 'First Day Studio · remote-shared style guide',
};

/**
 * The page an app's build starts from: its own src/index.html if it has one, with the icon in
 * its slot, or else the standalone page.
 * @param {import('../lib/apps.cjs').AppId} app
 * @param {string} appDir
 */
function appPage(app, appDir) {
  const own = path.join(appDir, 'src', 'index.html');
  if (fs.existsSync(own)) return fs.readFileSync(own, 'utf8').replace(iconSlot, pageIcon);
  if (app === 'shell') throw new Error(`The shell's page is missing: ${own}`);
  return standalonePage(standaloneTitles[app]);
}

module.exports = { appPage };
