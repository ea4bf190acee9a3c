// wasm-opt over many files at once, for the post-build hook (scripts/postbuild.mjs): a pool of
// threads the size of the machine's cores, each running the command over file after file in
// itself (scripts/wasm-opt-thread.mjs), rather than a process a file; each output kept by the
// hash of its input, the options and binaryen's version, so that a file already optimised is
// copied, not optimised again. (Binaryen's JavaScript API would do without the command, but its
// output differs from the command's by a few hundred bytes a file, and the size report is the
// command's.)
//
// `WASM_OPT_CACHE` names the cache's folder (scripts/test.sh puts it in the build folder);
// without it, nothing is cached.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

// `KEEP_NAMES=1` keeps the functions' names, for a profiler (tests/browser/profile-click.mjs).
const OPTIONS = ['-Oz', '--low-memory-unused', '--converge', '--strip-producers', '--strip-target-features',
  ...(process.env.KEEP_NAMES ? ['--debuginfo'] : ['--strip-debug'])];
// Entries not used for this long are removed when the cache is opened.
const KEEP_DAYS = 14;

const version = () => JSON.parse(readFileSync(new URL('../node_modules/binaryen/package.json', import.meta.url), 'utf8')).version;

/** The cache's entry for `file`'s optimised form, or nothing without a cache. */
function entry(cache, file) {
  if (!cache) return undefined;
  const key = createHash('sha256').update(`binaryen ${version()}; ${OPTIONS.join(' ')}\0`).update(readFileSync(file));
  return join(cache, `${key.digest('hex')}.wasm`);
}

/** Copies the kept form of a file to `to`, marking it used; whether there was one. */
function reuse(kept, to) {
  if (!kept) return false;
  try {
    copyFileSync(kept, to);
  } catch {
    return false;
  }
  const now = new Date();
  utimesSync(kept, now, now);
  return true;
}

/** A thread that runs the command: `run(args)` resolves once a run has succeeded. */
function thread() {
  const worker = new Worker(new URL('./wasm-opt-thread.mjs', import.meta.url));
  let waiting;
  worker.on('message', ({ status, said }) => {
    if (status === 0) waiting.resolve();
    else waiting.reject(new Error(`wasm-opt ${waiting.args.join(' ')} failed (${status}): ${said}`));
  });
  worker.on('error', (error) => waiting?.reject(error));
  return {
    run: (args) => new Promise((resolve, reject) => {
      waiting = { args, resolve, reject };
      worker.postMessage({ args });
    }),
    end: () => worker.terminate(),
  };
}

/** Optimises every `{ from, to }` of `jobs` (a file may be optimised in place), `threads` at
 * once; resolves once all are written, or rejects with the first failure. */
export async function optimiseAll(jobs, { threads = availableParallelism(), cache = process.env.WASM_OPT_CACHE } = {}) {
  if (cache) {
    mkdirSync(cache, { recursive: true });
    const old = Date.now() - KEEP_DAYS * 86_400_000;
    for (const name of readdirSync(cache)) {
      const path = join(cache, name);
      if (statSync(path).mtimeMs < old) rmSync(path, { force: true });
    }
  }
  const todo = jobs.map((job) => ({ ...job, kept: entry(cache, job.from) })).filter((job) => !reuse(job.kept, job.to));
  let next = 0;
  const worker = async () => {
    const command = thread();
    try {
      while (next < todo.length) {
        const { from, to, kept } = todo[next++];
        // Written beside the cache's entry, then renamed: another build may read the cache meanwhile.
        const out = kept ? `${kept}.${process.pid}.part` : to;
        await command.run([...OPTIONS, from, '-o', out]);
        if (kept) {
          copyFileSync(out, to);
          renameSync(out, kept);
        }
      }
    } finally {
      await command.end();
    }
  };
  await Promise.all(Array.from({ length: Math.min(threads, todo.length) }, worker));
  return { optimised: todo.length, kept: jobs.length - todo.length };
}
