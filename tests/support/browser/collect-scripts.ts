import type { Page } from 'playwright-core';

export interface ScriptResponse {
  url: string;
  body: Buffer;
}

/** Records every JavaScript response the page receives from now on. */
export function collectScripts(page: Page): ScriptResponse[] {
  const scripts: ScriptResponse[] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.push({ url: response.url(), body: await response.body() });
    } catch {
      // A response without a body (a redirect, an aborted load) weighs nothing.
    }
  });
  return scripts;
}
