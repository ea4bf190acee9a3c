// Splits a page binary at its `#[wasm_split]` points (src/ui: code most visits never need),
// for the post-build hook (scripts/postbuild.mjs), before the binaries are named by content.
//
// Trunk has built the binary, bound it with wasm-bindgen and left wasm-opt to us
// (`data-wasm-opt="0"` in index.html). The splitter works on cargo's own output, linked with its
// relocations (build.rs), so this starts again from there:
//   wasm-split-cli: <bin>.wasm, the main module, plus split_<name>.wasm per split point and
//     chunk_<n>.wasm for code several share, and __wasm_split.js, which fetches them on first use
//     into the running instance (its memory and function table);
//   wasm-bindgen on the main module, keeping the linker's exports the pieces link against;
//   wasm-opt on every piece, as Trunk would have on the whole: the caller optimises them all at
//     once (scripts/wasm-opt.mjs).
// The pieces are named after the binary (`<bin>.split.js`, `<bin>.split_<name>.wasm`), so that
// the binaries' pieces can share the page's folder; `postbuild.mjs` then adds the hash.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const run = (command, args) => execFileSync(command, args, { stdio: ['ignore', 'ignore', 'inherit'] });

/** Splits binary `bin`, whose cargo output is in `built` (a profile's folder for wasm32), into
 * the staging folder `staging`, replacing Trunk's `<bin>.js` and `<bin>_bg.wasm`; returns the
 * pieces' file names it added, and the wasm to optimise (`{ from, to }`: the pieces go to the
 * staging folder as they are optimised, or copied as they are). `work` is a scratch folder of
 * its own. */
export function split(bin, built, staging, work) {
  const optimise = [];
  // A binary with no split point (none imports the split loader) keeps Trunk's binding.
  const imports = WebAssembly.Module.imports(new WebAssembly.Module(readFileSync(join(built, `${bin}.wasm`))));
  if (!imports.some((i) => i.module === '__wasm_split_placeholder__')) {
    const wasm = join(staging, `${bin}_bg.wasm`);
    return { added: [], optimise: [{ from: wasm, to: wasm }] };
  }
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  run('wasm-split-cli', ['--target', 'web', '--out-name', bin, join(built, `${bin}.wasm`), work]);
  run('wasm-bindgen', ['--target', 'web', '--keep-lld-exports', '--no-typescript', '--out-dir', work, '--out-name', bin,
    join(work, `${bin}.wasm`)]);

  const pieces = readdirSync(work).filter((name) => /^(split_.+|chunk_\d+)\.wasm$/.test(name));
  const link = `${bin}.split.js`;
  let loader = readFileSync(join(work, '__wasm_split.js'), 'utf8');
  for (const piece of pieces) loader = loader.replaceAll(`"./${piece}"`, `"./${bin}.${piece}"`);
  writeFileSync(join(staging, link), loader);
  // The glue imports the split loader; the wasm's import keeps the module name it was given.
  const glue = readFileSync(join(work, `${bin}.js`), 'utf8').replaceAll('from "./__wasm_split.js"', `from "./${link}"`);
  writeFileSync(join(staging, `${bin}.js`), glue);
  const added = [link];
  optimise.push({ from: join(work, `${bin}_bg.wasm`), to: join(staging, `${bin}_bg.wasm`) });
  for (const piece of pieces) {
    optimise.push({ from: join(work, piece), to: join(staging, `${bin}.${piece}`) });
    added.push(`${bin}.${piece}`);
  }
  // The glue's inline snippets, as Trunk copied them (the same names: the same crate).
  if (existsSync(join(work, 'snippets'))) cpSync(join(work, 'snippets'), join(staging, 'snippets'), { recursive: true });
  return { added, optimise };
}

