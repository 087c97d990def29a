// @ts-check
// jsdom lacks the Fetch API (fetch, Request, Response, streams) that the code under test calls.
// Hand it Node's, with Node's AbortController so that Request accepts its abort signals.
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextDecoder, TextEncoder } = require('node:util');

class JsdomWithFetch extends TestEnvironment {
  /**
   * @param {import('@jest/environment').JestEnvironmentConfig} config
   * @param {import('@jest/environment').EnvironmentContext} context
   */
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      FormData,
      AbortController,
      AbortSignal,
      TextDecoder,
      TextEncoder,
      ReadableStream,
    });
  }
}

module.exports = JsdomWithFetch;
