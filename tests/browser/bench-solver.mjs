// The Connect Four solver in Chromium: the engine's worker (the page's own build) solves a
// sample of each of Pons' test sets, every score checked, and the mean time per position is
// printed per set. C4_SAMPLE=<n> positions a set (default: more of the quick sets, 3 of
// Begin-Hard); C4_SAMPLE=all for all 6000.
import { readFileSync } from 'node:fs';
import { launch, serve } from './harness.mjs';

const SETS = [
  ['End-Easy', 'Test_L3_R1', 200], ['Middle-Easy', 'Test_L2_R1', 200], ['Middle-Medium', 'Test_L2_R2', 50],
  ['Begin-Easy', 'Test_L1_R1', 50], ['Begin-Medium', 'Test_L1_R2', 10], ['Begin-Hard', 'Test_L1_R3', 3],
];
const wanted = process.env.C4_SAMPLE;
const server = await serve();
const browser = await launch();
const page = await browser.newPage();
await page.goto(server.url + 'index.html#/');
for (const [name, file, sample] of SETS) {
  const count = wanted === 'all' ? Infinity : Number(wanted ?? sample);
  const lines = readFileSync(new URL(`../data/connect4/${file}`, import.meta.url), 'utf8').trim().split('\n').slice(0, count);
  const positions = lines.map((line) => line.split(' '));
  const result = await page.evaluate((positions) => new Promise((done, fail) => {
    const worker = new Worker('engine-worker_loader.js');
    let index = -1;
    let start = 0;
    let total = 0;
    const next = () => {
      index += 1;
      if (index === positions.length) {
        worker.terminate();
        done({ mean: total / positions.length, count: positions.length });
        return;
      }
      const [moves] = positions[index];
      start = performance.now();
      worker.postMessage(JSON.stringify({ id: index + 1, game: 'connect-four', config: 'null',
        moves: [...moves], level: 6, seed: 0, movetime: null, solve: true }));
    };
    worker.onmessage = ({ data }) => {
      const reply = JSON.parse(data);
      if (reply === 'Ready') return next();
      if (!reply.Solved) return fail(new Error(JSON.stringify(reply)));
      total += performance.now() - start;
      const expected = Number(positions[index][1]);
      if (reply.Solved.score !== expected) return fail(new Error(`${positions[index][0]}: ${reply.Solved.score}, not ${expected}`));
      next();
    };
  }), positions);
  console.log(`Chromium (wasm worker), ${name.padEnd(13)}: ${result.count} positions, ${result.mean.toFixed(3)} ms each`);
}
await browser.close();
server.close();
