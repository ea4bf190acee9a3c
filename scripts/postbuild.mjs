// Trunk's post-build hook (Trunk.toml), for `trunk build` and `trunk serve` alike:
// 0. The page's binaries are split at their `#[wasm_split]` points (scripts/split.mjs).
// 1. The page's Content-Security-Policy allows its inline scripts by hash only. Trunk writes
//    an inline loader (and, when serving, its reload script), so their hashes are known only now.
// 2. The page's binaries, which Trunk names by the binary alone (it does not start them: the
//    page's loader does), are renamed with their content's hash, so they can be cached for
//    good, and listed in the loader's BUILDS.
// 3. The service worker gets the list of built files to precache (their names carry content
//    hashes) and a version that changes whenever any of them does.
// 4. In release builds the JavaScript is minified (Trunk leaves wasm-bindgen's glue as it is),
//    with the page's integrity hashes made anew.
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { minify } from 'terser';
import { split } from './split.mjs';
import { optimiseAll } from './wasm-opt.mjs';
import { ROUTE_FONTS } from './route-fonts.mjs';

const staging = process.env.TRUNK_STAGING_DIR;
const source = process.env.TRUNK_SOURCE_DIR ?? process.cwd();
if (!staging) throw new Error('postbuild: run by Trunk, which sets TRUNK_STAGING_DIR');

const release = process.env.TRUNK_PROFILE === 'release';
const integrity = (text) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
/** Minifies a script in place (release builds only); returns its old and new text. The
 * engine worker's scripts are classic scripts: their top-level names are their interface. */
async function minified(path) {
  const before = readFileSync(path, 'utf8');
  if (!release) return { before, after: before };
  const module = !path.split(sep).pop().startsWith('engine-worker');
  const { code } = await minify(before, { module, compress: true, mangle: true });
  writeFileSync(path, code);
  return { before, after: code };
}

// The picker's binary is `board-suite`, a game's `game-<its route>`.
const PAGE_BINARY = /^(board-suite|game-([a-z-]+))\.js$/;
const target = process.env.CARGO_TARGET_DIR ?? join(source, 'target');
// Release builds use the `page` profile (index.html), others cargo's debug one.
const cargoOut = join(target, 'wasm32-unknown-unknown', release ? 'page' : 'debug');
/** Each page binary's pieces fetched on first use, by binary. */
const pieces = {};
const optimise = [];
for (const name of readdirSync(staging).filter((name) => PAGE_BINARY.test(name))) {
  const bin = name.slice(0, -'.js'.length);
  const { added, optimise: wasm } = split(bin, cargoOut, staging, join(staging, '.wasm-split', bin));
  pieces[bin] = added;
  optimise.push(...wasm);
}
// Every piece of every binary optimised at once (release builds), or taken as it is.
if (release) {
  const { optimised, kept } = await optimiseAll(optimise);
  console.log(`postbuild: ${optimised} wasm file(s) optimised, ${kept} as kept from an earlier build`);
} else {
  for (const { from, to } of optimise) if (from !== to) copyFileSync(from, to);
}
rmSync(join(staging, '.wasm-split'), { recursive: true, force: true });

const index = join(staging, 'index.html');
// `trunk serve` fills its reload script's placeholders per request (the address from the Host
// header), which would change the script after it was hashed: fill them now, for any host.
let html = readFileSync(index, 'utf8')
  .replace("'{{__TRUNK_ADDRESS__}}'", 'location.host')
  .replace("'{{__TRUNK_WS_BASE__}}'", `'${process.env.TRUNK_PUBLIC_URL ?? '/'}'`)
  // index.html's stand-in for Trunk's default app, which Trunk leaves in place.
  .replace(/<link[^>]*data-trunk-skip[^>]*>/, '');
for (const name of readdirSync(staging).filter((name) => name.endsWith('.js') && name !== 'sw.js')) {
  const { before, after } = await minified(join(staging, name));
  html = html.replaceAll(integrity(before), integrity(after));
}

// A character of each file of the page's font (the first of its unicode-range in the styles),
// so that the loader can have the files a route draws at once loaded before it draws.
const fontSample = {};
for (const [, face] of readFileSync(join(source, 'styles/main.css'), 'utf8').matchAll(/@font-face\s*{([^}]*)}/g)) {
  const file = /url\(([^)]+)\)/.exec(face)[1];
  fontSample[file] = String.fromCodePoint(parseInt(/unicode-range:\s*U\+([0-9A-F]+)/i.exec(face)[1], 16));
}
const glyphs = (route) => (ROUTE_FONTS[route] ?? []).map((file) => {
  if (!fontSample[file]) throw new Error(`postbuild: ${file} (scripts/route-fonts.mjs) is no font file of the styles`);
  return fontSample[file];
}).join('');

// Each binary and its pieces are named with their content's hash; the names they call each
// other by (the glue imports its split loader, which imports the glue and fetches the pieces)
// are written anew.
const builds = {};
for (const name of readdirSync(staging)) {
  const binary = PAGE_BINARY.exec(name);
  if (!binary) continue;
  const [, base, game = ''] = binary;
  const files = [`${base}.js`, `${base}_bg.wasm`, ...pieces[base]];
  const content = createHash('sha256');
  for (const file of files) content.update(readFileSync(join(staging, file)));
  const named = `${base}-${content.digest('hex').slice(0, 16)}`;
  for (const file of files) {
    const path = join(staging, file);
    if (file.endsWith('.js')) {
      const text = readFileSync(path, 'utf8').replaceAll(`./${base}.`, `./${named}.`);
      writeFileSync(path, text);
    }
    renameSync(path, join(staging, named + file.slice(base.length)));
  }
  builds[game] = [`${named}.js`, `${named}_bg.wasm`, glyphs(game ? `#/${game}` : '#/')];
}
const placeholder = /(["'])__BUILDS__\1/;
if (!('' in builds) || !placeholder.test(html)) throw new Error('postbuild: no picker binary, or no BUILDS in the loader');
html = html.replace(placeholder, JSON.stringify(JSON.stringify(builds)));

const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
  .map(([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
// The policy's meta tag (its attributes in either order: Trunk minifies release pages).
const policy = /(content="default-src [^"]*script-src 'self')/;
if (!policy.test(html)) throw new Error('postbuild: index.html has no Content-Security-Policy with script-src');
html = html.replace(policy, `$1 ${hashes.join(' ')}`);
writeFileSync(index, html);

const files = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
  entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]);
const built = files(staging).map((path) => relative(staging, path).split(sep).join('/'))
  .filter((path) => path !== 'sw.js').sort();
const version = createHash('sha256');
for (const path of built) version.update(path).update(readFileSync(join(staging, path)));
const header = `const VERSION = '${version.digest('hex').slice(0, 16)}';\n`
  + `const FILES = ${JSON.stringify(['./', ...built])};\n`;
writeFileSync(join(staging, 'sw.js'), header + readFileSync(join(source, 'assets/sw.js'), 'utf8'));
await minified(join(staging, 'sw.js'));
console.log(`postbuild: ${hashes.length} inline script(s) hashed; ${Object.keys(builds).length} page binaries; ${built.length} files precached`);
