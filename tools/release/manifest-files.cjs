// @ts-check
/**
 * Every file a remote's two manifests name (the entry, and each exposed and shared module's
 * JavaScript and CSS), fetched from where visitors and the render server will fetch them: a
 * release with a chunk left out of its upload serves its HTML and never its code.
 */
const { runLimited } = require('../processes/processes.cjs');

/** A manifest naming more files than this is refused rather than fetched. */
const maxFilesPerManifest = 500;
/** How many fetches run at once for one candidate. */
const fetchConcurrency = 8;
/** Each file's fetch, headers and all, ends within this. */
const fileDeadlineMs = 10_000;
/** A manifest is read only this far: the real ones are a few kilobytes. */
const maxManifestChars = 1024 * 1024;

/** @typedef {{ url: string; kind: 'js' | 'css' }} NamedFile */

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isRecord = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The names in `assets.js|css.sync|async` of a manifest's exposes or shared entry.
 * @param {unknown} entry @param {'js' | 'css'} kind @returns {string[]}
 */
function assetNames(entry, kind) {
  if (!isRecord(entry) || !isRecord(entry.assets)) return [];
  const assets = entry.assets[kind];
  if (!isRecord(assets)) return [];
  return ['sync', 'async'].flatMap((when) => {
    const names = assets[when];
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
  });
}

/**
 * A name from a manifest as a URL under `base`, or why it is not one: a manifest is read from
 * the network, and a name that climbs out of its release (`../`, another host) is not a file of
 * it.
 * @param {string} name @param {string} base
 * @returns {{ url: string } | { problem: string }}
 */
function urlUnder(name, base) {
  let url;
  try {
    url = new URL(name, base);
  } catch {
    return { problem: `names "${name}", which is not a file name` };
  }
  if (url.origin !== new URL(base).origin || !url.pathname.startsWith(new URL(base).pathname))
    return { problem: `names "${name}", which is outside its release` };
  return { url: url.href };
}

/**
 * The files one manifest names. The entry is found beside the manifest (both builds set
 * `remoteEntry.path` to ""); the modules' files are named relative to the remote's folder (the
 * server build's names carry their `server/` prefix).
 * @param {unknown} manifest the parsed mf-manifest.json
 * @param {string} manifestUrl where it was fetched
 * @param {string} remoteBase the remote's folder: its browser manifest's URL
 * @returns {{ files: NamedFile[]; problems: string[] }}
 */
function filesNamedBy(manifest, manifestUrl, remoteBase) {
  /** @type {string[]} */
  const problems = [];
  if (!isRecord(manifest) || !isRecord(manifest.metaData))
    return { files: [], problems: [`${manifestUrl} is not a federation manifest`] };
  const entry = manifest.metaData.remoteEntry;
  const entryName = isRecord(entry) && typeof entry.name === 'string' ? entry.name : '';
  const entryPath = isRecord(entry) && typeof entry.path === 'string' ? entry.path : '';
  if (!entryName) problems.push(`${manifestUrl} names no remote entry`);
  /** @type {{ name: string; base: string; kind: 'js' | 'css' }[]} */
  const named = entryName
    ? [
        {
          name: entryPath ? `${entryPath.replace(/\/$/, '')}/${entryName}` : entryName,
          base: manifestUrl,
          kind: 'js',
        },
      ]
    : [];
  for (const list of [manifest.exposes, manifest.shared]) {
    if (!Array.isArray(list)) continue;
    for (const module of list)
      for (const kind of /** @type {const} */ (['js', 'css']))
        for (const name of assetNames(module, kind)) named.push({ name, base: remoteBase, kind });
  }
  if (named.length > maxFilesPerManifest)
    return {
      files: [],
      problems: [`${manifestUrl} names ${named.length} files (at most ${maxFilesPerManifest})`],
    };
  /** @type {Map<string, NamedFile>} */
  const files = new Map();
  for (const { name, base, kind } of named) {
    const found = urlUnder(name, new URL('.', base).href);
    if ('problem' in found) problems.push(`${manifestUrl} ${found.problem}`);
    else files.set(found.url, { url: found.url, kind });
  }
  return { files: [...files.values()], problems };
}

/** The content types a browser runs as a script, or applies as a stylesheet. */
const typePatterns = {
  js: /^(text|application)\/(x-)?(javascript|ecmascript)\s*(;|$)/i,
  css: /^text\/css\s*(;|$)/i,
};

/**
 * What is wrong with one file where it is served, if anything.
 * @param {NamedFile} file @returns {Promise<string | undefined>}
 */
async function fileProblem({ url, kind }) {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(fileDeadlineMs),
      headers: { 'Cache-Control': 'no-cache' },
    });
    await response.body?.cancel();
    if (!response.ok) return `${url} answered ${response.status}`;
    const type = response.headers.get('content-type') ?? '';
    return typePatterns[kind].test(type)
      ? undefined
      : `${url} is served as "${type || 'no type'}", not ${kind === 'js' ? 'JavaScript' : 'CSS'}`;
  } catch (error) {
    return `${url} could not be fetched (${error instanceof Error ? error.message : error})`;
  }
}

/**
 * Fetches a manifest as JSON, or says why it cannot be read.
 * @param {string} url @returns {Promise<{ manifest: unknown } | { problem: string }>}
 */
async function readManifest(url) {
  try {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(fileDeadlineMs),
      headers: { 'Cache-Control': 'no-cache' },
    });
    if (!response.ok) {
      await response.body?.cancel();
      return { problem: `${url} answered ${response.status}` };
    }
    const text = await response.text();
    if (text.length > maxManifestChars)
      return { problem: `${url} is larger than a manifest (${text.length} characters)` };
    return { manifest: JSON.parse(text) };
  } catch (error) {
    return {
      problem: `${url} could not be read (${error instanceof Error ? error.message : error})`,
    };
  }
}

/**
 * Every problem with the files of `remotes` (remote -> browser manifest URL): a manifest not
 * served or not a manifest, and every file it names that does not answer 200 with a script's
 * (or a stylesheet's) type.
 * @param {Record<string, string>} remotes
 * @returns {Promise<string[]>}
 */
async function servedFileProblems(remotes) {
  const manifests = Object.values(remotes).flatMap((url) => [
    { url, remoteBase: url },
    { url: new URL('server/mf-manifest.json', url).href, remoteBase: url },
  ]);
  const read = await Promise.all(
    manifests.map(async ({ url, remoteBase }) => ({
      url,
      remoteBase,
      result: await readManifest(url),
    })),
  );
  /** @type {string[]} */
  const problems = [];
  /** @type {NamedFile[]} */
  const files = [];
  for (const { url, remoteBase, result } of read) {
    if ('problem' in result) {
      problems.push(result.problem);
      continue;
    }
    const named = filesNamedBy(result.manifest, url, remoteBase);
    problems.push(...named.problems);
    files.push(...named.files);
  }
  const fileProblems = await runLimited(
    files.map((file) => () => fileProblem(file)),
    fetchConcurrency,
  );
  return [...problems, ...fileProblems.flatMap((problem) => (problem ? [problem] : []))];
}

module.exports = { servedFileProblems, filesNamedBy };
