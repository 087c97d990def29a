import type { ModuleFederation } from '@module-federation/enhanced/runtime';

// The container's entry set-up is the package's own ESM file; the shell only passes it on.
jest.mock('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js', () => ({
  initContainerEntry: jest.fn(),
}));

interface LentRuntime {
  runtime: { init: (options: { name: string; remotes: never[] }) => ModuleFederation };
  bundlerRuntime: Record<string, unknown>;
  attachShareScopeMap: unknown;
}

declare global {
  // What webpack defines in each build: the build's own name and version.
  var FEDERATION_BUILD_IDENTIFIER: string | undefined;
}

/** The shell's runtime as a page has it: built as the shell, with the shell's instance made. */
function shellPage() {
  globalThis.FEDERATION_BUILD_IDENTIFIER = 'shell:1.0.0';
  let lent: LentRuntime | undefined;
  let shell: ModuleFederation | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require('../provide-runtime-plugin');
    lent = globalThis.__FIRSTDAY_BUNDLER_RUNTIME__ as LentRuntime;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const runtime = require('@module-federation/enhanced/runtime') as {
      init: (options: { name: string; remotes: never[] }) => ModuleFederation;
    };
    shell = runtime.init({ name: 'shell', remotes: [] });
  });
  return { lent: lent!, shell: shell! };
}

afterEach(() => {
  delete globalThis.FEDERATION_BUILD_IDENTIFIER;
  delete globalThis.__FIRSTDAY_BUNDLER_RUNTIME__;
  delete globalThis._FEDERATION_RUNTIME_CORE;
});

describe('the bundler runtime the shell lends to remotes', () => {
  it("gives a remote's container an instance of its own, not the shell's", () => {
    const { lent, shell } = shellPage();
    const home = lent.runtime.init({ name: 'remote_home', remotes: [] });
    expect(home).not.toBe(shell);
    expect(home.name).toBe('remote_home');
    expect(shell.name).toBe('shell');
    // A second init (the container's entry set-up) finds the same instance again.
    expect(lent.runtime.init({ name: 'remote_home', remotes: [] })).toBe(home);
  });

  it("carries the container's entry set-up, which the shell's own build leaves out", () => {
    const { lent } = shellPage();
    expect(typeof lent.bundlerRuntime.initContainerEntry).toBe('function');
    expect(typeof lent.bundlerRuntime.consumes).toBe('function');
    expect(typeof lent.bundlerRuntime.remotes).toBe('function');
    expect(typeof lent.attachShareScopeMap).toBe('function');
  });
});
