// @ts-check
/** remote-contact's federation contract: the Contact page (with its Firestore writer inside). */
/** @type {import('../scripts/build/create-app-config.cjs').FederationContract} */
module.exports = {
  app: 'remote-contact',
  exposes: {
    './contact-page': './src/exposes/contact-page.tsx',
  },
  remotes: ['remote-shared'],
};
