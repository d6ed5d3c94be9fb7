// gzip and Brotli copies of the built site's text files (`x.js.gz`, `x.js.br` beside
// `x.js`), made once after a build: the server (scripts/server.js) sends one of them
// to a browser that takes it. A copy older than its file is made again.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The files worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|json|svg|webmanifest|wasm|txt|xml)$/;
/** Below this, the headers cost more than compression saves. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** @type {Record<'br' | 'gz', (data: Buffer) => Promise<Buffer>>} */
const ENCODERS = {
  br: (data) =>
    brotli(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  gz: (data) => gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
};

/**
 * Whether `file` has a compressed copy as fresh as itself.
 * @param {string} file @param {'br' | 'gz'} ext
 */
export function freshCopy(file, ext) {
  try {
    const copy = fs.statSync(`${file}.${ext}`);
    return copy.isFile() && copy.mtimeMs >= fs.statSync(file).mtimeMs;
  } catch {
    return false;
  }
}

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((f) => path.join(dir, f))
    .filter((f) => COMPRESSIBLE.test(f) && fs.statSync(f).isFile());
}

/**
 * Writes the missing or stale copies under `root`.
 * @param {string} root
 * @returns {Promise<{ files: number, bytes: number, br: number, gz: number }>} sizes of what is compressed
 */
export async function precompress(root) {
  const totals = { files: 0, bytes: 0, br: 0, gz: 0 };
  const files = filesUnder(root).filter((f) => fs.statSync(f).size >= MIN_BYTES);
  // zlib's async calls run on libuv's thread pool: a few files at a time.
  const queue = [...files];
  const work = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      const data = fs.readFileSync(file);
      totals.files += 1;
      totals.bytes += data.length;
      for (const ext of /** @type {const} */ (['br', 'gz'])) {
        if (!freshCopy(file, ext)) fs.writeFileSync(`${file}.${ext}`, await ENCODERS[ext](data));
        totals[ext] += fs.statSync(`${file}.${ext}`).size;
      }
    }
  };
  await Promise.all([work(), work(), work()]);
  return totals;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = process.argv[2] ?? 'build';
  const t = await precompress(root);
  const kb = (/** @type {number} */ n) => `${Math.round(n / 1024)} KB`;
  console.error(
    `precompressed ${t.files} files in ${root}: ${kb(t.bytes)} → ${kb(t.br)} brotli, ${kb(t.gz)} gzip`,
  );
}
