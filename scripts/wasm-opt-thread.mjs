// One thread of scripts/wasm-opt.mjs's pool: runs binaryen's own `wasm-opt` command (the npm
// package's, compiled to wasm) for each file it is sent, inside this thread. The command's
// wasm is compiled once and instantiated afresh for every run, so a run starts in milliseconds
// and runs the compiled code the runs before it warmed up, where a process of its own would
// start the compiler again; it is the same command with the same arguments, so its output is
// byte for byte the command's.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
const command = require.resolve('binaryen/bin/wasm-opt');
// The command's script (emscripten's), less its `#!` line, as a function of what it reads from
// its surroundings, so that every run has its own state.
const script = new Function('Module', 'require', '__filename', '__dirname', 'process', 'WebAssembly',
  readFileSync(command, 'utf8').replace(/^#!.*\n/, ''));

// The command's wasm, compiled by its first run and reused by the others.
let compiled;
const webAssembly = Object.create(WebAssembly, {
  instantiate: {
    value: async (binary, imports) => {
      compiled ??= await WebAssembly.compile(binary);
      return { module: compiled, instance: await WebAssembly.instantiate(compiled, imports) };
    },
  },
});

// The run under way: its end, and its failure (the command's script throws some of its
// failures where no caller can catch them).
let current;
const failed = (error) => current?.fail(error);
process.on('uncaughtException', failed);
process.on('unhandledRejection', failed);

/** Runs the command with `args`; resolves with its exit status and what it said of itself. */
function run(args) {
  return new Promise((resolve) => {
    let status = 0;
    let said = '';
    const done = () => {
      current = undefined;
      resolve({ status, said });
    };
    current = {
      fail: (error) => {
        status ||= 1;
        said += `${error?.stack ?? error}\n`;
        done();
      },
    };
    // Its exit status is set on `process.exitCode`; its arguments are `Module.arguments`.
    const surroundings = Object.create(process, {
      argv: { value: [process.argv[0], command] },
      exitCode: { get: () => status, set: (code) => { status = code ?? 0; } },
    });
    const say = (text) => { said += `${text}\n`; };
    const Module = { arguments: args, print: say, printErr: say, postRun: [done] };
    try {
      script(Module, require, command, dirname(command), surroundings, webAssembly);
    } catch (error) {
      current.fail(error);
    }
  });
}

parentPort.on('message', async ({ args }) => {
  parentPort.postMessage(await run(args));
});
