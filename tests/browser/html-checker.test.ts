/**
 * The served HTML of every route passes the Nu HTML Checker (vnu.jar, run on Java): no errors.
 * Its CSS messages about scroll-driven animations are the checker's lag behind browsers
 * (animation-timeline, view() and scroll() are in every current engine), so they are left out;
 * so is its refusal of `blocking` on a `link rel="expect"`, which the HTML standard defines
 * (the expect link type) and Chromium follows.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { setUpSite, siteUrl } from '../support/browser/site';

setUpSite();

/** The checker itself, as the vnu-jar package ships it. */
const vnuJar = require.resolve('vnu-jar/build/dist/vnu.jar');

const routes = ['/', '/about', '/contact', '/menu', '/staff', '/no/such/page'];

interface CheckerMessage {
  type: string;
  subType?: string;
  message: string;
  extract?: string;
  url?: string;
}

/** What the checker's lag on CSS looks like; everything else counts. */
const checkerLag =
  /animation-timeline|animation-range|view-timeline|scroll-timeline|\bview\(|\bscroll\(/;

/** Its lag on the expect link type: only that link's `blocking` attribute. */
const expectLinkLag = ({ message, extract = '' }: CheckerMessage) =>
  /“blocking” attribute/.test(message) && /<link rel="expect"[^>]*blocking="render">/.test(extract);

it('every route serves HTML the Nu HTML Checker finds no error in', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'firstday-vnu-'));
  try {
    const files = await Promise.all(
      routes.map(async (route, index) => {
        const response = await fetch(siteUrl(route));
        const file = path.join(dir, `page-${index}.html`);
        fs.writeFileSync(file, await response.text());
        return { route, file };
      }),
    );
    const { stdout, stderr } = await promisify(execFile)(
      'java',
      ['-jar', vnuJar, '--format', 'json', '--exit-zero-always', ...files.map((f) => f.file)],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { messages } = JSON.parse(stderr || stdout) as { messages: CheckerMessage[] };
    const routeOf = (url = '') => files.find((f) => url.endsWith(path.basename(f.file)))?.route;
    const errors = messages
      .filter((m) => m.type === 'error' || m.subType === 'fatal')
      .filter((m) => !checkerLag.test(m.message) && !expectLinkLag(m))
      .map((m) => `${routeOf(m.url)}: ${m.message} ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 120_000);
