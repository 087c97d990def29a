import { waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import type * as ReactExports from 'react';
import type * as ClientExports from 'react-dom/client';
import { replaceSentinels } from '../react-dom-sentinels.cjs';

const modules = path.resolve(__dirname, '../../../node_modules');
const clientFile = path.join(modules, 'react-dom/cjs/react-dom-client.production.js');

/** React's production modules, as a browser build has them. */
const production: Record<string, string> = {
  react: path.join(modules, 'react/cjs/react.production.js'),
  scheduler: path.join(modules, 'scheduler/cjs/scheduler.production.js'),
  'react-dom': path.join(modules, 'react-dom/cjs/react-dom.production.js'),
};

type ReactModule = typeof ReactExports;
type ClientModule = typeof ClientExports;

/**
 * Evaluates react-dom's client from `source` as a bundle would, with an `Error` that counts its
 * constructions: how many errors the module creates as it loads, and its exports.
 */
function evaluateClient(source: string): { errorsCreated: number; client: ClientModule } {
  let errorsCreated = 0;
  const CountingError = function (this: unknown, message?: string) {
    errorsCreated += 1;
    return new Error(message);
  } as unknown as ErrorConstructor;
  CountingError.prototype = Error.prototype;
  const module = { exports: {} as ClientModule };
  const load = (name: string): unknown => {
    const file = production[name];
    if (!file) throw new Error(`react-dom's client asked for ${name}`);
    return jest.requireActual(file);
  };
  new Function('exports', 'require', 'module', 'Error', source)(
    module.exports,
    load,
    module,
    CountingError,
  );
  return { errorsCreated, client: module.exports };
}

/** Waits for an assertion to hold, up to 5 s (React's scheduler runs on macrotasks). */
const eventually = (assertion: () => void) => waitFor(assertion, { timeout: 5_000 });

describe("react-dom's sentinel errors in browser builds", () => {
  const original = fs.readFileSync(clientFile, 'utf8');

  it('react-dom as published creates five errors as it loads; replaced, it creates none', () => {
    expect(evaluateClient(original).errorsCreated).toBe(5);
    expect(evaluateClient(replaceSentinels(original)).errorsCreated).toBe(0);
  });

  it('fails loudly on a react-dom whose source no longer matches', () => {
    expect(() =>
      replaceSentinels(original.replace(/SuspenseException = Error\(/, 'X = Error(')),
    ).toThrow(/expected 5 sentinel errors in react-dom's client, found 4/);
  });

  it('suspends and resumes, and recovers from a hydration mismatch, with the replaced sentinels', async () => {
    const { client } = evaluateClient(replaceSentinels(original));
    const React = jest.requireActual<ReactModule>(production.react!);

    // use() of a pending promise throws SuspenseException, which React must recognise.
    let resolve: (text: string) => void = () => undefined;
    const pending = new Promise<string>((done) => (resolve = done));
    const Text = () => React.use(pending);
    const container = document.createElement('div');
    const root = client.createRoot(container);
    root.render(
      React.createElement(React.Suspense, { fallback: 'waiting' }, React.createElement(Text)),
    );
    await eventually(() => expect(container.textContent).toBe('waiting'));
    resolve('arrived');
    await eventually(() => expect(container.textContent).toBe('arrived'));
    root.unmount();

    // A mismatch throws HydrationMismatchException; React renders on the client and reports it.
    const server = document.createElement('div');
    server.innerHTML = '<p>from the server</p>';
    const recovered: unknown[] = [];
    client.hydrateRoot(server, React.createElement('p', null, 'from the client'), {
      onRecoverableError: (error) => recovered.push(error),
    });
    await eventually(() => expect(server.textContent).toBe('from the client'));
    expect(recovered).toHaveLength(1);
  });
});
