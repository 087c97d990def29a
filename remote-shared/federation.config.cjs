// @ts-check
/**
 * remote-shared's federation contract: the design system and all content (the staff inbox's,
 * the contact page's and the About page's each on its own).
 */
/** @type {import('../federation/build/create-app-config.cjs').FederationContract} */
module.exports = {
  app: 'remote-shared',
  exposes: {
    './content': './src/exposes/content.ts',
    './staff-content': './src/exposes/staff-content.ts',
    './contact-content': './src/exposes/contact-content.ts',
    './about-content': './src/exposes/about-content.ts',
    './tokens': './src/exposes/tokens.ts',
    './ui': './src/exposes/ui.ts',
    './hooks': './src/exposes/hooks.ts',
  },
  // The frame of the apps' standalone development pages: no production page may load it.
  developmentExposes: {
    './standalone-frame': './src/exposes/standalone-frame.ts',
  },
};
