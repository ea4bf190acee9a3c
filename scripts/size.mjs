// The size report: what a visitor receives over the wire on a cold visit to each route, brotli
// (quality 11, as the suite's server sends it) and gzip (9), counting the page, the loader's
// binary for that route with the scripts it imports, the styles, the preloaded font and the
// font's other files that the route's first screen draws (scripts/route-fonts.mjs); the
// pieces split off a binary (fetched on first use) are reported apart, each, as are the
// engine's worker (fetched once a player chooses the computer) and the Connect Four book (which
// the worker fetches for the top level). Run after `trunk build --release`:
//   node scripts/size.mjs          prints the table against size-report.json; fails when a
//                                  route grew more than 2 KB over its committed figure, or a
//                                  route's first load is over its ceiling (size-ceilings.json)
//   node scripts/size.mjs --write  writes the figures into size-report.json (commit it, with
//                                  what the bytes bought in the commit message)
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import { ROUTE_FONTS } from './route-fonts.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const reportPath = join(root, 'size-report.json');
const ceilings = JSON.parse(readFileSync(join(root, 'size-ceilings.json'), 'utf8')).brotli;
const SLACK = 2048;
/** The goals over the wire, brotli: a game's route, and the picker's. */
const GOALS = { picker: 90 * 1024, game: 130 * 1024 };

const wire = (bytes) => {
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 22,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }).length;
  const gzip = gzipSync(bytes, { level: 9 }).length;
  // The server sends the smallest form the browser takes: never more than the file itself.
  return { brotli: Math.min(brotli, bytes.length), gzip: Math.min(gzip, bytes.length) };
};
const sum = (files) => files.reduce((total, file) => {
  const size = wire(readFileSync(join(dist, file)));
  return { brotli: total.brotli + size.brotli, gzip: total.gzip + size.gzip };
}, { brotli: 0, gzip: 0 });

const html = readFileSync(join(dist, 'index.html'), 'utf8');
// The built files, not the compressed forms the build writes beside them.
const top = readdirSync(dist).filter((f) => !/\.(br|gz)$/.test(f));
// The page's link tags as the build minified them (attributes in any order, quoted or not):
// the stylesheets it links and the font it preloads. A piece's own stylesheet (the players'
// pages') is not linked: it comes with the piece.
const links = [...html.matchAll(/<link\b[^>]*>/g)].map(([tag]) => tag);
const href = (tag) => /\bhref="?\/?([^"\s>]+)/.exec(tag)[1];
const stylesheets = links.filter((tag) => /\brel="?stylesheet\b/.test(tag)).map(href);
const preloaded = links.filter((tag) => /\brel="?preload\b/.test(tag) && /\bas="?font\b/.test(tag)).map(href);
const shared = ['index.html', ...stylesheets, ...preloaded];
// The loader's list of binaries, as the build wrote it into the page.
const builds = JSON.parse(JSON.parse(/JSON\.parse\(("(?:[^"\\]|\\.)*")\)/.exec(html)[1]));
/** A binary's script and wasm, and the scripts its script imports (snippets, the loader of
 * its split pieces). */
const binary = ([script, wasm]) => {
  const glue = readFileSync(join(dist, script), 'utf8');
  const imported = [...glue.matchAll(/["']\.\/((?:snippets\/[^"']+)|[^"'/]+\.split\.js)["']/g)].map((m) => m[1]);
  return [script, wasm, ...new Set(imported)];
};
/** A binary's pieces fetched on first use (`<binary>.split_<name>.wasm`, `.chunk_<n>.wasm`). */
const pieces = ([script]) => top.filter((f) => f.startsWith(script.replace(/\.js$/, '.')) && f.endsWith('.wasm'));
const measured = {};
for (const [game, files] of Object.entries(builds).sort()) {
  const route = game ? `#/${game}` : '#/';
  measured[route] = sum([...shared, ...(ROUTE_FONTS[route] ?? []), ...binary(files)]);
  for (const piece of pieces(files)) {
    measured[`${route} on first use: ${piece.replace(/^.*\.(split_|chunk_)/, '$1').replace(/\.wasm$/, '')}`] = sum([piece]);
  }
}
if (existsSync(join(dist, 'profiles.css'))) {
  measured["the players' pages' styles (fetched with their piece)"] = wire(readFileSync(join(dist, 'profiles.css')));
}
measured['engine worker'] = sum(top.filter((f) => f.startsWith('engine-worker')));
if (existsSync(join(dist, 'connect-four.book'))) {
  measured['connect four book (fetched by the worker for level 6)'] = wire(readFileSync(join(dist, 'connect-four.book')));
}

if (process.argv.includes('--write')) {
  writeFileSync(reportPath, JSON.stringify(measured, null, 2) + '\n');
  console.log(`size: wrote ${reportPath}`);
}
const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : {};
const kb = (n) => (n / 1024).toFixed(1);
const grown = [];
console.log(`${'route'.padEnd(36)} ${'brotli'.padStart(9)} ${'report'.padStart(9)} ${'gzip'.padStart(9)} ${'report'.padStart(9)}  goal`);
for (const [name, size] of Object.entries(measured)) {
  const was = report[name] ?? {};
  const goal = !name.startsWith('#/') || name.includes(' ') ? '' : name === '#/' ? GOALS.picker : GOALS.game;
  const verdict = goal === '' ? '' : `${kb(goal)} KB ${size.brotli <= goal ? 'met' : 'NOT met'}`;
  console.log(`${name.padEnd(36)} ${String(size.brotli).padStart(9)} ${String(was.brotli ?? '-').padStart(9)} ${String(size.gzip).padStart(9)} ${String(was.gzip ?? '-').padStart(9)}  ${verdict}`);
  for (const form of ['brotli', 'gzip']) {
    if (was[form] === undefined || size[form] > was[form] + SLACK) grown.push(`${name} ${form}: ${size[form]} B, the report says ${was[form] ?? 'nothing'}`);
  }
}
// The ceilings hold whatever the report says: a route's first load is never over its own.
const over = Object.entries(ceilings).filter(([route, most]) => !(measured[route]?.brotli <= most))
  .map(([route, most]) => `${route}: ${measured[route]?.brotli ?? 'not built'} B brotli, its ceiling ${most}`);
if (over.length) {
  console.error(`size: over size-ceilings.json:\n  ${over.join('\n  ')}\n`);
  process.exit(1);
}
if (grown.length) {
  console.error(`size: over size-report.json by more than ${SLACK} B (or missing from it):\n  ${grown.join('\n  ')}\n`
    + 'Make it smaller, or, if the bytes buy something, run `node scripts/size.mjs --write` and say what in the commit.');
  process.exit(1);
}
