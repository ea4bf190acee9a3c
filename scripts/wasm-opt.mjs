// wasm-opt over many files at once, for the post-build hook (scripts/split.mjs): binaryen's own
// API (the npm package the `wasm-opt` command is built from, at the same version) loaded once
// in a worker thread per core, rather than a new process per file; each output kept by the
// hash of its input, the options and binaryen's version, so that a file already optimised is
// copied, not optimised again.
//
// `WASM_OPT_CACHE` names the cache's folder (scripts/test.sh puts it in the build folder);
// without it, nothing is cached.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, statSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

/** What the command line's `-Oz --low-memory-unused --converge --strip-producers
 * --strip-target-features --strip-debug` does, through the API: binaryen's default
 * optimisation passes at shrink level 2 and the strip passes, again while the binary shrinks.
 * `keepNames` keeps the functions' names (`--debuginfo` for `--strip-debug`), for a profiler. */
const passes = (keepNames) => ['strip-producers', 'strip-target-features', ...(keepNames ? [] : ['strip-debug'])];
// Entries not used for this long are removed when the cache is opened.
const KEEP_DAYS = 14;

if (!isMainThread) {
  const { default: binaryen } = await import('binaryen');
  binaryen.setOptimizeLevel(2);
  binaryen.setShrinkLevel(2);
  binaryen.setLowMemoryUnused(true);
  parentPort.on('message', ({ id, from, to, keepNames }) => {
    try {
      binaryen.setDebugInfo(keepNames);
      const module = binaryen.readBinary(readFileSync(from));
      const pass = () => {
        module.optimize();
        module.runPasses(passes(keepNames));
        return module.emitBinary();
      };
      // As the command line does: the module as the first round that did not shrink it left it.
      let last = pass();
      for (;;) {
        const next = pass();
        const shrunk = next.length < last.length;
        last = next;
        if (!shrunk) break;
      }
      module.dispose();
      writeFileSync(to, last);
      parentPort.postMessage({ id });
    } catch (error) {
      parentPort.postMessage({ id, error: `${from}: ${error?.stack ?? error}` });
    }
  });
}

const version = () => JSON.parse(readFileSync(new URL('../node_modules/binaryen/package.json', import.meta.url), 'utf8')).version;

/** Optimises every `{ from, to }` of `jobs` (a file may be optimised in place), `threads` at
 * once; resolves once all are written, or rejects with the first failure. */
export async function optimiseAll(jobs, {
  threads = availableParallelism(), cache = process.env.WASM_OPT_CACHE, keepNames = Boolean(process.env.KEEP_NAMES),
} = {}) {
  const salt = `binaryen ${version()}; Oz low-memory-unused converge ${passes(keepNames).join(' ')}`;
  if (cache) {
    mkdirSync(cache, { recursive: true });
    const old = Date.now() - KEEP_DAYS * 86_400_000;
    for (const name of readdirSync(cache)) {
      const path = join(cache, name);
      if (statSync(path).mtimeMs < old) rmSync(path, { force: true });
    }
  }
  const keyed = jobs.map((job) => {
    if (!cache) return job;
    const key = createHash('sha256').update(salt).update('\0').update(readFileSync(job.from)).digest('hex');
    return { ...job, kept: join(cache, `${key}.wasm`) };
  });
  const todo = [];
  for (const job of keyed) {
    let hit = false;
    if (job.kept) {
      try {
        copyFileSync(job.kept, job.to);
        const now = new Date();
        utimesSync(job.kept, now, now);
        hit = true;
      } catch {
        // Not kept yet.
      }
    }
    if (!hit) todo.push(job);
  }
  const workers = Array.from({ length: Math.min(threads, todo.length) }, () => new Worker(new URL(import.meta.url)));
  try {
    let next = 0;
    await Promise.all(workers.map((worker) => new Promise((done, fail) => {
      worker.on('error', fail);
      const give = () => {
        if (next === todo.length) return done();
        const id = next++;
        const job = todo[id];
        // In place: the input is read before the output is written, so optimise to the side.
        const out = job.kept ? `${job.kept}.${process.pid}.part` : job.to;
        worker.once('message', (reply) => {
          if (reply.error) return fail(new Error(`wasm-opt: ${reply.error}`));
          if (job.kept) {
            copyFileSync(out, job.to);
            // Whole or not at all: another build may read the cache meanwhile.
            renameSync(out, job.kept);
          }
          give();
        });
        worker.postMessage({ id, from: job.from, to: out, keepNames });
      };
      give();
    })));
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
  return { optimised: todo.length, kept: jobs.length - todo.length };
}
