// @ts-check
const path = require('node:path');
const {
  assertPortFree,
  reclaimOrphan,
  removeRecord,
  writeRecord,
} = require('../processes/owned-process.cjs');
const { repoRoot } = require('../stack/paths.cjs');

/**
 * What the Firestore and Auth emulators do alike when their data persists as saved copies
 * (saved-copies.cjs): reclaim an emulator a killed run left behind, start from the newest copy
 * the emulator accepts and say loudly which copies are damaged, then save one copy at a time
 * (autosave, and on stop). Without `persistTo` nothing is saved and only the emulator runs.
 */

/** @typedef {ReturnType<typeof import('./saved-copies.cjs').createCopyStore>} CopyStore */
/** @typedef {{ host: string; port: number; projectId: string }} EmulatorAddress */

/** The pid file that records who runs the emulator persisting into `persistTo`. @param {string} persistTo */
const ownerFileOf = (persistTo) => `${persistTo}.owner.json`;

/**
 * Ends the emulator's process group when this script exits, however it exits.
 * @param {import('node:child_process').ChildProcess} child
 * @returns {{ killGroup: () => void; release: () => void }} `killGroup` ends the group now;
 *   `release` does that too and takes the hook off (the emulator is stopped or failed to start)
 */
function killGroupAtExit(child) {
  const killGroup = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  return {
    killGroup,
    release() {
      killGroup();
      process.removeListener('exit', killGroup);
    },
  };
}

/**
 * @param {object} options
 * @param {string | undefined} options.persistTo folder of saved copies, if the data persists
 * @param {(persistTo: string) => CopyStore} options.copiesOf the emulator's copy store
 * @param {(emulator: EmulatorAddress, dir: string) => Promise<void>} options.exportData writes
 *   a running emulator's data into a fresh copy folder
 * @param {(message: string) => void} options.warn where warnings about saved data go
 */
function createPersistence({ persistTo, copiesOf, exportData, warn }) {
  const copies = persistTo ? copiesOf(persistTo) : null;
  const ownerFile = persistTo ? ownerFileOf(persistTo) : null;

  /**
   * Before a start: saves and stops an emulator a killed run left persisting here, then checks
   * that the emulator's ports are free (the reclaimed one may have held them).
   * @param {string} host
   * @param {number[]} ports
   * @param {string} what the emulator, for the message when a port is taken
   */
  async function prepare(host, ports, what) {
    if (copies && ownerFile) {
      await reclaimOrphan(ownerFile, {
        save: (record) => copies.save((dir) => exportData(record, dir)),
        warn,
      });
    }
    for (const port of ports) await assertPortFree(host, port, what);
  }

  /**
   * A launched emulator's process group, owned: recorded in the pid file when persisting (a
   * later run reclaims it if this one is killed) and ended when this script exits.
   * @param {import('node:child_process').ChildProcess} child
   * @param {EmulatorAddress & { what: string; marker: string }} record
   */
  function own(child, record) {
    if (ownerFile && child.pid) {
      const { what, marker, ...address } = record;
      writeRecord(ownerFile, { what, pid: child.pid, marker, ...address });
    }
    return killGroupAtExit(child);
  }

  /**
   * Launches from the newest sound copy; a copy the emulator refuses is set aside and the next
   * one tried. Only a start without any copy that fails too is the emulator's own problem.
   * @template T
   * @param {(copy: string | null) => Promise<T>} launch
   * @param {object} wording
   * @param {string} wording.verb what the emulator does with a copy ("load", "import")
   * @param {(count: number) => string} wording.damaged the warning's subject, for that many copies
   * @param {string} wording.empty what a start without any copy means
   * @returns {Promise<T>}
   */
  async function launchFromNewestCopy(launch, { verb, damaged: subject, empty }) {
    const { candidates, damaged } = copies ? copies.inspect() : { candidates: [], damaged: [] };
    /** @type {Array<{ dir: string; reason: string }>} */
    const refused = [];
    /** @type {T | undefined} */
    let running;
    /** @type {string | undefined} */
    let loaded;
    for (const candidate of [...candidates, null]) {
      try {
        running = await launch(candidate?.dir ?? null);
        loaded = candidate?.dir;
        break;
      } catch (error) {
        if (!candidate) {
          if (ownerFile) removeRecord(ownerFile);
          throw error;
        }
        const first = (error instanceof Error ? error.message : String(error)).split('\n')[0];
        refused.push({
          dir: candidate.dir,
          reason: `the emulator refused to ${verb} it (${first})`,
        });
      }
    }
    if (copies) {
      const bad = [...damaged, ...refused];
      if (bad.length > 0) {
        const lines = bad.map(
          ({ dir, reason }) => `   ${path.relative(repoRoot, copies.setAside(dir))}: ${reason}`,
        );
        warn(
          `\n⚠  WARNING: ${subject(bad.length)} (set aside for inspection):\n${lines.join('\n')}\n` +
            (loaded
              ? `   Loaded the newest sound copy instead: ${path.relative(repoRoot, loaded)}\n`
              : `   No sound copy is left: ${empty}\n`),
        );
      }
      if (loaded) copies.markLoaded(loaded);
    }
    return /** @type {T} */ (running);
  }

  /**
   * The running emulator's handle: saves every `autosaveMs` (if more than 0) and on stop.
   * @param {EmulatorAddress} emulator
   * @param {object} options
   * @param {number} options.autosaveMs
   * @param {string} options.what what is saved, for the message when an autosave fails
   * @param {() => Promise<void>} options.end stops the emulator's processes
   */
  function keepSaved(emulator, { autosaveMs, what, end }) {
    // Saves run one at a time: an autosave and the final save must not interleave.
    /** @type {Promise<string | undefined>} */
    let saving = Promise.resolve(undefined);
    function save() {
      saving = saving
        .catch(() => undefined)
        .then(() => copies?.save((dir) => exportData(emulator, dir)));
      return saving;
    }
    const autosave =
      copies && autosaveMs > 0
        ? setInterval(() => {
            save().catch((error) => console.error(`Saving ${what} failed:`, error));
          }, autosaveMs)
        : undefined;
    autosave?.unref();

    return {
      ...emulator,
      save,
      /** Saves a last time, then ends the emulator whether or not that save worked. */
      async stop() {
        clearInterval(autosave);
        try {
          await save();
        } finally {
          await end();
          if (ownerFile) removeRecord(ownerFile);
        }
      },
    };
  }

  return { prepare, own, launchFromNewestCopy, keepSaved };
}

module.exports = { createPersistence, ownerFileOf };
