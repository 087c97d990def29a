/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the README and docs/ name must exist: every repository path they mention and every
 * `npm run` script they tell a reader to run. A moved file or renamed script fails here, not in
 * a newcomer's terminal.
 */
const root = path.resolve(__dirname, '..', '..');
const documents = [
  'README.md',
  ...fs
    .readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const topLevel = new Set(fs.readdirSync(root));
/** Made by builds, runs or releases, never committed. */
const madeByRuns =
  /(^|\/)(dist|dist-server|node_modules|\.data|\.tmp|releases|coverage|\.mf|tmp)(\/|$)|\.log$/;

/** Backticked words and link targets that name something in this repository. */
function mentionedPaths(markdown: string): string[] {
  const candidates = [
    ...[...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!),
    ...[...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!),
  ];
  return candidates
    .map((candidate) => candidate.trim().replace(/[:#].*$/, ''))
    .filter(
      (candidate) =>
        !/[\s<>*{}…$=@,]|^https?:|^\.\.?\//.test(candidate) &&
        topLevel.has(candidate.split('/')[0]!) &&
        !madeByRuns.test(candidate),
    );
}

/** A federated module's name, `remote-shared/content`: an expose of that remote, not a path. */
const isExposedModule = (name: string) => {
  const [app, expose] = name.split('/');
  return ['.ts', '.tsx'].some((ext) =>
    fs.existsSync(path.join(root, `${app}/src/exposes/${expose}${ext}`)),
  );
};

interface Scripts {
  scripts?: Record<string, string>;
}
const packageOf = (dir: string) => JSON.parse(text(path.join(dir, 'package.json'))) as Scripts;

/** `npm run <script>` and `npm run <script> -w <workspace>` (either order), `npm test`, `npm start`. */
function npmCommands(markdown: string): Array<{ script: string; workspace?: string }> {
  return [
    ...markdown.matchAll(
      /npm (?:run(?: -s)? (\w[\w:-]*)|(test|start))((?: +-[-\w]+(?: +[\w-]+)?)*)/g,
    ),
  ].map((match) => ({
    script: match[1] ?? match[2]!,
    workspace: /-w +([\w-]+)/.exec(match[3] ?? '')?.[1],
  }));
}

describe.each(documents)('%s', (file) => {
  const markdown = text(file);

  it('names only paths that exist', () => {
    const missing = mentionedPaths(markdown).filter(
      (mentioned) => !fs.existsSync(path.join(root, mentioned)) && !isExposedModule(mentioned),
    );
    expect(missing).toEqual([]);
  });

  it('tells the reader to run only scripts that exist', () => {
    const unknown = npmCommands(markdown).filter(({ script, workspace }) => {
      const scripts = packageOf(workspace ?? '.').scripts ?? {};
      return !(script in scripts);
    });
    expect(unknown).toEqual([]);
  });
});

it('the checks see what they are for', () => {
  expect(mentionedPaths('see `platform/apps.cjs` and [x](docs/staff.md#a) but `dist/x`')).toEqual([
    'platform/apps.cjs',
    'docs/staff.md',
  ]);
  expect(npmCommands('npm run dev -w remote-home and npm test; npm run -s bench')).toEqual([
    { script: 'dev', workspace: 'remote-home' },
    { script: 'test', workspace: undefined },
    { script: 'bench', workspace: undefined },
  ]);
  expect(isExposedModule('remote-shared/content')).toBe(true);
  expect(isExposedModule('remote-shared/contents')).toBe(false);
});
