import args from '../args.cjs';
import env from '../env.cjs';
import benchOptions from '../../bench/options.cjs';

describe('env', () => {
  it('reads a declared port, or its default', () => {
    expect(env.port('TEST_PORT_BASE', {})).toBe(4000);
    expect(env.port('TEST_PORT_BASE', { TEST_PORT_BASE: '4800' })).toBe(4800);
  });

  it('names the variable when a port is not one', () => {
    expect(() => env.port('BENCH_PORT_BASE', { BENCH_PORT_BASE: 'abc' })).toThrow(
      'BENCH_PORT_BASE must be a port number (got "abc")',
    );
    expect(() => env.port('TEST_AUTH_PORT', { TEST_AUTH_PORT: '70000' })).toThrow(
      'TEST_AUTH_PORT must be a port number',
    );
  });

  it('reads text with its default and numbers', () => {
    expect(env.text('CHROME_PATH', {})).toBe('/usr/bin/chromium');
    expect(env.text('FIRSTDAY_RELEASER', {})).toBeUndefined();
    expect(env.number('FIRSTDAY_RELEASE_COPY_PAUSE_MS', {})).toBe(0);
    expect(() =>
      env.number('FIRSTDAY_RELEASE_COPY_PAUSE_MS', { FIRSTDAY_RELEASE_COPY_PAUSE_MS: 'x' }),
    ).toThrow('FIRSTDAY_RELEASE_COPY_PAUSE_MS must be a number');
  });

  it('declares every variable with what it is for', () => {
    for (const variable of Object.values(env.variables)) expect(variable.about).not.toBe('');
  });
});

describe('args', () => {
  it('reports a mistake as a usage error', () => {
    expect(() =>
      args.parseArgsOrUsage({ args: ['--nope'], options: {}, strict: true }, 'Usage: x'),
    ).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringContaining('Usage: x') }),
    );
  });

  it('reads a command line the same way for every tool: --help added, positionals refused', () => {
    const options = { to: { type: 'string' }, watch: { type: 'boolean' } } as const;
    const parsed = args.parseCommandLine(['--to', 'dir', '--watch', '--help'], options, 'Usage: x');
    expect([parsed.string('to'), parsed.flag('watch'), parsed.help]).toEqual(['dir', true, true]);
    expect(() => args.parseCommandLine(['stray'], options, 'Usage: x')).toThrow(
      expect.objectContaining({ exitCode: 2, message: expect.stringContaining('Usage: x') }),
    );
    const staff = args.parseCommandLine(['add', '--emulator', 'h:1'], args.targetOptions, 'U', {
      positionals: true,
    });
    expect(staff.positionals).toEqual(['add']);
    expect(staff.targetFlags).toEqual({ emulator: 'h:1', project: undefined });
  });

  it('keeps the arguments it does not know, as written', () => {
    const parsed = args.parseKnownArgs(['--no-build', 'a.test.ts', '-t', 'name', '--x=1'], {
      'no-build': { type: 'boolean' },
    });
    expect(parsed.values).toEqual({ 'no-build': true });
    expect(parsed.passOn).toEqual(['a.test.ts', '-t', 'name', '--x=1']);
    expect(parsed.unknown).toEqual(['-t', '--x']);
  });
});

describe('bench options', () => {
  it('has the defaults of a full run', () => {
    const options = benchOptions.parseBenchOptions([]);
    expect(options).toMatchObject({
      build: true,
      routes: ['/', '/about', '/contact'],
      presets: ['mobile', 'mobile-4x', 'desktop'],
      runs: 3,
      traceRuns: 5,
      withTaps: true,
      withLoad: true,
      args: [],
    });
    expect(benchOptions.commandOf([])).toBe('npm run bench');
    expect(benchOptions.commandOf(['--runs', '1'])).toBe('npm run bench -- --runs 1');
  });

  it('narrows a run', () => {
    const options = benchOptions.parseBenchOptions([
      '--no-build',
      '--routes',
      '/',
      '--presets',
      'mobile',
      '--runs',
      '1',
      '--no-taps',
      '--load',
    ]);
    expect(options).toMatchObject({ build: false, routes: ['/'], runs: 1, withTaps: false });
    expect(options).toMatchObject({ loadOnly: true, withLoad: true });
  });
});
