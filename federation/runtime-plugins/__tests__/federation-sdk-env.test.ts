import fs from 'node:fs';
import path from 'node:path';

const exportsOf = (file: string, pattern: RegExp) =>
  [...fs.readFileSync(file, 'utf8').matchAll(pattern)]
    .flatMap((match) => (match[1] ?? '').split(','))
    .map((name) => name.trim())
    .filter(Boolean)
    .sort();

describe("the federation SDK's env module, as the browser builds replace it", () => {
  it("exports every name the SDK's own module does, so nothing it imports comes up missing", () => {
    const sdk = exportsOf(
      // The one copy of the SDK the builds resolve (its exports map hides the file from require).
      path.join(__dirname, '../../../node_modules/@module-federation/sdk/dist/env.js'),
      /^export \{([^}]*)\};?$/gm,
    );
    const ours = exportsOf(
      path.join(__dirname, '..', 'federation-sdk-env.mjs'),
      /^export const (\w+)/gm,
    );
    expect(sdk.length).toBeGreaterThan(0);
    expect(ours).toEqual(sdk);
  });
});
