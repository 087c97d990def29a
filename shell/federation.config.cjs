// @ts-check
/**
 * The shell's federation contract: it exposes nothing and consumes every remote. The URLs built
 * in are only defaults; remotes.json beside index.html says where each remote lives.
 */
/** @type {import('../federation/build/create-app-config.cjs').FederationContract} */
module.exports = {
  app: 'shell',
  remotes: ['remote-home', 'remote-contact', 'remote-shared'],
};
