// @ts-check
// Media imports resolve to their URL in the build; in unit tests a stable stand-in URL will do.
module.exports = 'test-file-stub';
