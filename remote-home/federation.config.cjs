// @ts-check
/** remote-home's federation contract: the Home and About pages. */
/** @type {import('../federation/build/create-app-config.cjs').FederationContract} */
module.exports = {
  app: 'remote-home',
  exposes: {
    './home-page': './src/exposes/home-page.tsx',
    './about-page': './src/exposes/about-page.tsx',
  },
  remotes: ['remote-shared'],
};
