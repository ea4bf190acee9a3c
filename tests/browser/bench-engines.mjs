// Every engine's top level in Chromium, in the page's own worker, on the positions of
// tests/data/engine-positions.txt at 1 s a move (MOVETIME=<ms> to change): the depth reached,
// the positions searched per second, and the time from the request to the answer, which the
// page waits for (scripts/bench-engines.sh gives the native figures).
import { readFileSync } from 'node:fs';
import { launch, serve } from './harness.mjs';

const movetime = Number(process.env.MOVETIME ?? 1000);
const positions = readFileSync(new URL('../data/engine-positions.txt', import.meta.url), 'utf8')
  .split('\n').filter((line) => line.trim() && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/));
const server = await serve();
const browser = await launch();
const page = await browser.newPage();
await page.goto(server.url + 'index.html#/');
const results = await page.evaluate(({ positions, movetime }) => new Promise((done, fail) => {
  const worker = new Worker('engine-worker_loader.js');
  const results = [];
  let index = -1;
  let start = 0;
  let last = null;
  const next = () => {
    index += 1;
    if (index === positions.length) {
      worker.terminate();
      done(results);
      return;
    }
    const [game, ...moves] = positions[index];
    last = null;
    start = performance.now();
    worker.postMessage(JSON.stringify({ id: index + 1, game, config: '', moves, level: 6, seed: 0, movetime, solve: false }));
  };
  worker.onmessage = ({ data }) => {
    const reply = JSON.parse(data);
    if (reply === 'Ready') return next();
    if (reply.Progress) {
      last = reply.Progress;
      return undefined;
    }
    if (!reply.Best) return fail(new Error(`${positions[index].join(' ')}: ${data}`));
    results.push({ position: positions[index], wall: performance.now() - start, last });
    return next();
  };
}), { positions, movetime });
for (const { position: [game, ...moves], wall, last } of results) {
  const nps = last && last.time_ms > 0 ? last.nodes / last.time_ms / 1000 : 0;
  console.log(`Chromium ${game.padEnd(13)} after ${String(moves.length).padStart(2)} turns: depth ${String(last?.depth ?? '-').padStart(2)}, `
    + `${String(last?.nodes ?? 0).padStart(9)} nodes in ${String(last?.time_ms ?? 0).padStart(5)} ms, ${nps.toFixed(2)} M nodes/s; answered in ${wall.toFixed(0)} ms`);
}
await browser.close();
server.close();
