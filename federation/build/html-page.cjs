// @ts-check
/**
 * The HTML page each app's browser build starts from. The shell writes its own (src/index.html:
 * the real site's head, which the render server reuses); a remote's page only hosts its
 * standalone development view, so it is made here from the remote's name.
 */
const fs = require('node:fs');
const path = require('node:path');

/**
 * The studio's mark (the sun on the horizon) as the tab icon, inline so no request is made. A URL
 * may not contain spaces (the HTML checker refuses them), hence %20.
 */
const pageIcon = `<link rel="icon" href="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2040%2040'%3E%3Crect%20width='40'%20height='40'%20rx='8'%20fill='%230e0e10'/%3E%3Ccircle%20cx='20'%20cy='24'%20r='11'%20fill='%23ff7a45'/%3E%3Crect%20x='4'%20y='24'%20width='32'%20height='12'%20fill='%230e0e10'/%3E%3Crect%20x='4'%20y='25.5'%20width='32'%20height='3'%20rx='1.5'%20fill='%23f5f2eb'/%3E%3C/svg%3E">`;

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
 * @param {import('../../platform/apps.cjs').AppId} app
 * @param {string} appDir
 */
function appPage(app, appDir) {
  const own = path.join(appDir, 'src', 'index.html');
  if (fs.existsSync(own)) return fs.readFileSync(own, 'utf8').replace(iconSlot, pageIcon);
  if (app === 'shell') throw new Error(`The shell's page is missing: ${own}`);
  return standalonePage(standaloneTitles[app]);
}

module.exports = { appPage };
