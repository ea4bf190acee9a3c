// The built page's compressed forms, made once at build time for the suite's server: beside
// each file of the folder, `X.br` (brotli, quality 11, a 4 MB window) and `X.gz` (gzip, level
// 9), each written only where it is smaller than the file (and removed where it is not). The
// server sends them by the request's Accept-Encoding, and compresses at start only the files
// that have neither.
//   node scripts/compress.mjs [folder]
// The folder is the argument, else Trunk's staging folder (TRUNK_STAGING_DIR), for a post_build
// hook. It must run after postbuild.mjs has finished (which rewrites files, and lists those the
// service worker precaches), in the same hook: Trunk starts all of a stage's hooks at once.
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipAsync } from 'node:zlib';

const folder = process.argv[2] ?? process.env.TRUNK_STAGING_DIR;
if (!folder) throw new Error('compress: name the built folder, or run as a Trunk hook (TRUNK_STAGING_DIR)');

/** Formats compressed already (as the server judges: images but SVG, fonts, audio, video),
 * and the compressed forms themselves. */
const packed = new Set([
  '.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.ico',
  '.woff', '.woff2', '.ttf', '.otf',
  '.mp3', '.mp4', '.ogg', '.webm', '.wav',
  '.br', '.gz', '.zip',
]);

/** Every regular file under `dir`, as the server reads it: hidden files and links left out. */
function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `path` if `bytes` is smaller than the plain file, else removes any old one. */
function keep(path, bytes, plain) {
  if (bytes.length < plain.length) {
    writeFileSync(path, bytes);
    return bytes.length;
  }
  rmSync(path, { force: true });
  return plain.length;
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzipAsync);
let [count, raw, brotli, gzip] = [0, 0, 0, 0];
// Every file at once: zlib compresses on Node's thread pool, so on every core.
await Promise.all([...files(folder)].filter((path) => !packed.has(extname(path).toLowerCase())).map(async (path) => {
  const plain = readFileSync(path);
  const [br, gz] = await Promise.all([
    compressBrotli(plain, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_LGWIN]: 22,
        [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }),
    compressGzip(plain, { level: 9 }),
  ]);
  count += 1;
  raw += plain.length;
  brotli += keep(`${path}.br`, br, plain);
  gzip += keep(`${path}.gz`, gz, plain);
}));
console.log(`compress: ${count} files in ${folder}, ${raw} bytes: brotli ${brotli}, gzip ${gzip}`);
