/**
 * @jest-environment node
 */
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the README, docs/ and reports/ name must exist: every repository path they mention and
 * every `npm run` script they tell a reader to run. A moved file or renamed script fails here,
 * not in a newcomer's terminal.
 */
const root = path.resolve(__dirname, '..', '..');
const markdownIn = (folder: string) =>
  fs
    .readdirSync(path.join(root, folder))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `${folder}/${name}`);
const documents = ['README.md', ...markdownIn('docs'), ...markdownIn('reports')];
const text = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

const topLevel = new Set(fs.readdirSync(root));
/** Made by builds, runs or releases, never committed. */
const madeByRuns =
  /(^|\/)(dist|dist-server|node_modules|\.data|\.tmp|releases|coverage|\.mf|tmp)(\/|$)|\.log$/;

/**
 * Backticked words, link targets and file paths in the prose (`a/b.mjs` written without
 * backticks), trimmed of a line number or an anchor.
 */
function mentioned(markdown: string): string[] {
  const found = [
    ...[...markdown.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!),
    ...[...markdown.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((match) => match[1]!),
    ...[
      ...markdown.matchAll(
        /(?<![\w./:@-])(?:[\w.-]+\/)+[\w.-]+\.(?:[cm]?js|tsx?|json|md|css|sh)\b/g,
      ),
    ].map((match) => match[0]),
  ]
    .map((candidate) => candidate.trim().replace(/[:#].*$/, ''))
    .filter((candidate) => !/[\s<>*{}…$=@,]|^https?:|^\.\.?\//.test(candidate));
  return [...new Set(found)];
}

/** The ones that name something in this repository from its top. */
function mentionedPaths(markdown: string): string[] {
  return mentioned(markdown).filter(
    (candidate) => topLevel.has(candidate.split('/')[0]!) && !madeByRuns.test(candidate),
  );
}

/**
 * The ones that look like a path inside a folder (`src/index.ts` of every app, a feature folder
 * `contact-form/`, an old `scripts/bench.mjs`): a folder and a file name with its extension, or
 * a folder ending in `/`. Not routes (`/about/`), IAM roles (`roles/datastore.user`) or what a
 * build writes (`server/mf-manifest.json` in an app's dist/).
 */
function mentionedInnerPaths(markdown: string): string[] {
  return mentioned(markdown).filter(
    (candidate) =>
      /^[\w.-]+\/(?:[\w.-]+\/)*(?:[\w.-]+\.[a-z]{1,5})?$/.test(candidate) &&
      !topLevel.has(candidate.split('/')[0]!) &&
      !/^(roles|server)\//.test(candidate) &&
      !madeByRuns.test(candidate),
  );
}

/** Every folder and file of the repository (not what runs make), from its top. */
function repositoryPaths(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.name === '.git' || madeByRuns.test(relative)) continue;
      found.push(relative);
      if (entry.isDirectory()) walk(relative);
    }
  };
  walk('');
  return found;
}
const everyPath = repositoryPaths();
/** Some folder or file of the repository is, or ends with, `inner`. */
const existsInside = (inner: string) => {
  const name = inner.replace(/\/$/, '');
  return everyPath.some((found) => found === name || found.endsWith(`/${name}`));
};

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

  it('names only files and folders that exist where it names them from', () => {
    expect(mentionedInnerPaths(markdown).filter((inner) => !existsInside(inner))).toEqual([]);
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
  expect(
    mentionedInnerPaths(
      'each `src/index.ts`, `contact-form/`, `/about/`, `roles/x.user`, `dist/a.js`, and by `node x` (scripts/bench.mjs)',
    ),
  ).toEqual(['src/index.ts', 'contact-form/', 'scripts/bench.mjs']);
  expect(existsInside('src/index.ts')).toBe(true);
  expect(existsInside('scripts/bench.mjs')).toBe(false);
  expect(isExposedModule('remote-shared/content')).toBe(true);
  expect(isExposedModule('remote-shared/contents')).toBe(false);
});
