// @ts-check
const fs = require('node:fs');
const path = require('node:path');

/**
 * Checks a Firestore emulator export the way loading it would read it, without starting an
 * emulator. An export is `<name>.overall_export_metadata`, which names one `.export_metadata`
 * file per namespace and kind, which names its `output-N` data files. The overall metadata and
 * the data files are LevelDB log files: records with a masked CRC-32C, so a torn or zeroed
 * file is caught. Catches what the emulator does not report: metadata whose data is missing
 * (it refuses to start) and an empty or truncated data file (it starts empty without a word).
 */

const crcTable = new Uint32Array(256);
for (let n = 0; n < 256; n++) {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
  crcTable[n] = c >>> 0;
}

/** CRC-32C (Castagnoli), as LevelDB uses. @param {Uint8Array} bytes */
function crc32c(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = /** @type {number} */ (crcTable[(c ^ byte) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** LevelDB stores CRCs masked, so a CRC of data that holds CRCs stays meaningful. @param {number} crc */
const masked = (crc) => ((((crc >>> 15) | (crc << 17)) >>> 0) + 0xa282ead8) >>> 0;

const blockSize = 32768;
const headerSize = 7;

/**
 * The records of a LevelDB log file.
 * @param {Buffer} data
 * @returns {Buffer[] | string} the records, or what is wrong
 */
function readLog(data) {
  /** @type {Buffer[]} */
  const records = [];
  /** @type {Buffer[] | null} */
  let fragments = null;
  let offset = 0;
  while (offset < data.length) {
    const leftInBlock = blockSize - (offset % blockSize);
    if (leftInBlock < headerSize) {
      offset += leftInBlock; // A block's tail too short for a header is padding.
      continue;
    }
    if (offset + headerSize > data.length) return `truncated record header at byte ${offset}`;
    const crc = data.readUInt32LE(offset);
    const length = data.readUInt16LE(offset + 4);
    const type = /** @type {number} */ (data[offset + 6]);
    if (type === 0 && length === 0 && crc === 0) {
      offset += leftInBlock; // Zero padding to the end of the block.
      continue;
    }
    const end = offset + headerSize + length;
    if (end > data.length) return `truncated record at byte ${offset}`;
    if (masked(crc32c(data.subarray(offset + 6, end))) !== crc) {
      return `checksum mismatch at byte ${offset}`;
    }
    const payload = data.subarray(offset + headerSize, end);
    if (type === 1) records.push(payload);
    else if (type === 2) fragments = [payload];
    else if ((type === 3 || type === 4) && fragments) {
      fragments.push(payload);
      if (type === 4) {
        records.push(Buffer.concat(fragments));
        fragments = null;
      }
    } else return `unexpected record type ${type} at byte ${offset}`;
    offset = end;
  }
  return fragments ? 'the last record is incomplete' : records;
}

/** @param {Buffer} data @param {number} offset @returns {[number, number]} value, next offset (-1: bad) */
function varint(data, offset) {
  let value = 0;
  for (let shift = 0, i = offset; i < data.length && shift < 64; shift += 7, i++) {
    const byte = /** @type {number} */ (data[i]);
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, i + 1];
  }
  return [0, -1];
}

/**
 * Every printable string in a protobuf message, nested messages included (the export's
 * metadata names its files this way).
 * @param {Buffer} data
 * @param {string[]} found
 * @param {number} [depth]
 * @returns {boolean} whether `data` parses as a message
 */
function collectStrings(data, found, depth = 0) {
  let offset = 0;
  while (offset < data.length) {
    const [key, afterKey] = varint(data, offset);
    if (afterKey < 0 || key >>> 3 === 0) return false;
    const wire = key & 7;
    if (wire === 0) {
      offset = varint(data, afterKey)[1];
      if (offset < 0) return false;
    } else if (wire === 1 || wire === 5) {
      offset = afterKey + (wire === 1 ? 8 : 4);
    } else if (wire === 2) {
      const [length, start] = varint(data, afterKey);
      if (start < 0 || start + length > data.length) return false;
      const part = data.subarray(start, start + length);
      const text = part.toString('utf8');
      if (/^[\x20-\x7e]+$/.test(text)) found.push(text);
      /** @type {string[]} */
      const nested = [];
      if (depth < 8 && collectStrings(part, nested, depth + 1)) found.push(...nested);
      offset = start + length;
    } else return false;
  }
  return offset === data.length;
}

/**
 * @param {string} file
 * @returns {Buffer | string} the file, or what is wrong with it
 */
function readNonEmpty(file) {
  if (!fs.existsSync(file)) return `${path.basename(file)} is missing`;
  const data = fs.readFileSync(file);
  return data.length === 0 ? `${path.basename(file)} is empty (0 bytes)` : data;
}

/**
 * The overall metadata file of the export in `dir`: `dir` is an export folder, or holds one.
 * @param {string} dir
 */
function findOverallMetadata(dir) {
  if (!fs.existsSync(dir)) return null;
  const own = fs.readdirSync(dir).find((name) => name.endsWith('.overall_export_metadata'));
  if (own) return path.join(dir, own);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const inner = fs
      .readdirSync(path.join(dir, entry.name))
      .find((name) => name.endsWith('.overall_export_metadata'));
    if (inner) return path.join(dir, entry.name, inner);
  }
  return null;
}

/**
 * @param {string} dir a saved copy (or an export folder)
 * @returns {string | null} null when the export is whole, else what is wrong
 */
function checkFirestoreExport(dir) {
  const overall = findOverallMetadata(dir);
  if (!overall) return 'it holds no export metadata';
  const overallData = readNonEmpty(overall);
  if (typeof overallData === 'string') return overallData;
  const overallRecords = readLog(overallData);
  if (typeof overallRecords === 'string') return `${path.basename(overall)}: ${overallRecords}`;
  /** @type {string[]} */
  const named = [];
  for (const record of overallRecords) collectStrings(record, named);
  const kinds = named.filter((name) => name.endsWith('.export_metadata'));
  for (const kind of kinds) {
    const kindFile = path.join(path.dirname(overall), kind);
    const kindData = readNonEmpty(kindFile);
    if (typeof kindData === 'string')
      return `the metadata names data that is not there: ${kindData}`;
    /** @type {string[]} */
    const outputs = [];
    if (!collectStrings(kindData, outputs)) return `${kind} is not readable`;
    const files = outputs.filter((name) => /^output-\d+$/.test(name));
    if (files.length === 0) return `${kind} names no data files`;
    for (const output of files) {
      const outputData = readNonEmpty(path.join(path.dirname(kindFile), output));
      if (typeof outputData === 'string') return `data file ${outputData}`;
      const records = readLog(outputData);
      if (typeof records === 'string') return `data file ${output}: ${records}`;
    }
  }
  return null;
}

module.exports = { checkFirestoreExport, findOverallMetadata, crc32c };
