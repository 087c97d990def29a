import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cohortKeyOf } from '../../platform/releases/cohort-cookie.cjs';
import { previewKeyOf, signPreview } from '../../platform/releases/preview-token.cjs';
import { viewTokenKeyOf } from '../../platform/field-data/view-token.cjs';
import stack from '../../tools/stack/stack.cjs';
import {
  releasesWithCandidate,
  type CandidateReleases,
} from '../support/browser/candidate-release';
import { pollUntil } from '../support/browser/poll-until';
import { ports, setUpSite, siteUrl } from '../support/browser/site';
import { scaled } from '../support/time-factor';

/**
 * A remote team's release whose server code hunts for the host's keys where a process can look:
 * its environment, /proc/self/environ and cmdline, its parent's (the render server's) environ,
 * cmdline and open files, its grandparent's environ, worker data. It writes what it read to a
 * file and marks its page; the render server was handed a random key. Not one of the keys (the
 * secret, or a key derived from it, in any usual encoding) is in what it found.
 */
const secret = randomBytes(32).toString('base64url');
const huntFile = path.join(os.tmpdir(), `key-hunt-${randomBytes(6).toString('hex')}.json`);
let releases: CandidateReleases;

/** The hunt, put in Home's intro: it runs only on the server, in the render of /. */
const hunt = `
function huntForKeys() {
  if (typeof window !== 'undefined') return '';
  const fs = process.getBuiltinModule('fs');
  const found = {};
  const read = (name, file) => {
    try {
      found[name] = fs.readFileSync(file).toString('latin1');
    } catch (error) {
      found[name] = 'refused: ' + error.code;
    }
  };
  found['process.env'] = JSON.stringify(process.env);
  read('/proc/self/environ', '/proc/self/environ');
  read('/proc/self/cmdline', '/proc/self/cmdline');
  const parent = process.ppid;
  read('/proc/<parent>/environ', '/proc/' + parent + '/environ');
  read('/proc/<parent>/cmdline', '/proc/' + parent + '/cmdline');
  try {
    for (const fd of fs.readdirSync('/proc/' + parent + '/fd')) {
      const file = '/proc/' + parent + '/fd/' + fd;
      try {
        if (fs.statSync(file).isFile()) read('the server\\'s open file ' + fs.readlinkSync(file), file);
      } catch (error) {
        found['/proc/<parent>/fd/' + fd] = 'refused: ' + error.code;
      }
    }
  } catch (error) {
    found['/proc/<parent>/fd'] = 'refused: ' + error.code;
  }
  try {
    const grandparent = fs.readFileSync('/proc/' + parent + '/stat', 'utf8').split(') ')[1].split(' ')[1];
    read('/proc/<grandparent>/environ', '/proc/' + grandparent + '/environ');
  } catch (error) {
    found['/proc/<grandparent>'] = 'refused: ' + error.code;
  }
  try {
    found['worker data'] = JSON.stringify(process.getBuiltinModule('worker_threads').workerData ?? null);
  } catch (error) {
    found['worker data'] = 'refused: ' + String(error);
  }
  fs.writeFileSync(${JSON.stringify(huntFile)}, JSON.stringify(found));
  return 'hunted';
}
`;

const withKeyHunt = (source: string) => {
  const file = path.join(source, 'src', 'intro', 'intro.tsx');
  const code = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(
    file,
    `// @ts-nocheck\n${code
      .replace('export function Intro() {', `${hunt}\nexport function Intro() {`)
      .replace('<section className', '<section data-key-hunt={huntForKeys()} className')}`,
  );
};

beforeAll(async () => {
  releases = await releasesWithCandidate(withKeyHunt, 'firstday-key-hunt-');
}, 300_000);

afterAll(() => {
  fs.rmSync(releases.dir, { recursive: true, force: true });
  fs.rmSync(huntFile, { force: true });
});

setUpSite(() =>
  stack.serveSite({
    ports,
    dirs: { 'remote-home': path.join(releases.dir, 'remote-home') },
    remotesJson: path.join(releases.dir, 'remotes.json'),
    previewSecret: secret,
  }),
);

/** Every way a key might be written down: raw, hex, base64, base64url. */
function spellings(key: Buffer | string): string[] {
  const bytes = Buffer.from(key);
  return [
    bytes.toString('latin1'),
    bytes.toString('hex'),
    bytes.toString('base64'),
    bytes.toString('base64url'),
  ];
}

describe("a remote's server code hunting for the host's keys", () => {
  it('finds none of them, and its page still renders', async () => {
    const token = signPreview(
      secret,
      { releases: { 'remote-home': releases.candidate }, audience: siteUrl('/') },
      600,
    );
    const html = await pollUntil(scaled(60_000), async () => {
      const answer = await fetch(siteUrl('/'), { headers: { cookie: `__session=p.${token}` } });
      const text = await answer.text();
      return answer.status === 200 && text.includes('data-key-hunt="hunted"') ? text : undefined;
    });
    expect(html).toContain(releases.manifestOf(releases.candidate));
    const found = JSON.parse(fs.readFileSync(huntFile, 'utf8')) as Record<string, string>;
    // The hunt looked where it meant to (and what each place gave it is in the log).
    console.log(
      Object.entries(found)
        .map(
          ([place, text]) =>
            `${place}: ${text.startsWith('refused') ? text : `${text.length} bytes read`}`,
        )
        .join('\n'),
    );
    expect(found['process.env']).toContain('PATH');
    const keys = {
      secret,
      'preview key': previewKeyOf(secret),
      'cohort key': cohortKeyOf(secret),
      'view token key': viewTokenKeyOf(secret),
    };
    const hits = Object.entries(found).flatMap(([place, text]) =>
      Object.entries(keys).flatMap(([name, key]) =>
        spellings(key).some((spelling) => text.includes(spelling)) ? [`${name} in ${place}`] : [],
      ),
    );
    expect(hits).toEqual([]);
  }, 120_000);
});
