// @ts-check
/**
 * remote-contact's federation contract: the Contact page (with its Firestore writer inside) and
 * the staff inbox (with Firebase Auth and the live Firestore SDK), each loaded only on its route.
 */
/** @type {import('../federation/build/create-app-config.cjs').FederationContract} */
module.exports = {
  app: 'remote-contact',
  exposes: {
    './contact-page': './src/exposes/contact-page.tsx',
    './staff-inbox': './src/exposes/staff-inbox.tsx',
  },
  remotes: ['remote-shared'],
};
