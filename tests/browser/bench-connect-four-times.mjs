// Connect Four's top level in Chromium, per move, as a player meets it: on random positions of
// 0 to 10 discs (both sides at random, as `examples/connect_four_times.rs` does natively), each
// asked of a fresh engine worker (the page's own build: its book fetched, from the browser's
// cache after the first, and read, its table empty, as on a game's first move), the time from
// the request to the move. Prints, per number of
// discs and over all of them, the median, the 99th percentile, the slowest and how many took
// over 1 s.
//   C4_PER_PLY=<n> positions of each number of discs (default 100); C4_PLIES=<from>-<to>
//   (default 0-10).
import { launch, serve } from './harness.mjs';

const perPly = Number(process.env.C4_PER_PLY ?? 100);
const [from, to] = (process.env.C4_PLIES ?? '0-10').split('-').map(Number);

/** A small seeded generator (mulberry32), so that every run asks the same positions. */
const random = (() => {
  let state = 7;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
})();

/** Whether the disc just dropped at (column, row) makes four for `player`. */
const wins = (board, column, row, player) => [[1, 0], [0, 1], [1, 1], [1, -1]].some(([dc, dr]) => {
  let count = 1;
  for (const sign of [1, -1]) {
    for (let step = 1; step < 4; step += 1) {
      const c = column + sign * dc * step;
      const r = row + sign * dr * step;
      if (c < 0 || c > 6 || r < 0 || r > 5 || board[c][r] !== player) break;
      count += 1;
    }
  }
  return count >= 4;
});

/** The moves (columns 1-7) of a random game of `discs` discs that no one has won; `null` if
 * one of its moves won. */
const randomPosition = (discs) => {
  const board = Array.from({ length: 7 }, () => []);
  let moves = '';
  for (let ply = 0; ply < discs; ply += 1) {
    const open = [0, 1, 2, 3, 4, 5, 6].filter((c) => board[c].length < 6);
    const column = open[Math.floor(random() * open.length)];
    const player = ply % 2;
    board[column].push(player);
    if (wins(board, column, board[column].length - 1, player)) return null;
    moves += String(column + 1);
  }
  return moves;
};

const positions = [];
for (let discs = from; discs <= to; discs += 1) {
  for (let found = 0; found < perPly;) {
    const moves = randomPosition(discs);
    if (moves !== null) {
      positions.push(moves);
      found += 1;
    }
  }
}

const server = await serve();
const browser = await launch();
const page = await browser.newPage();
await page.goto(server.url + 'index.html#/');
const times = [];
for (const moves of positions) {
  const ms = await page.evaluate((moves) => new Promise((done, fail) => {
    const worker = new Worker('engine-worker_loader.js');
    let start = 0;
    worker.onmessage = ({ data }) => {
      const reply = JSON.parse(data);
      if (reply === 'Ready') {
        start = performance.now();
        worker.postMessage(JSON.stringify({ id: 1, game: 'connect-four', config: '', moves: [...moves], level: 6,
          seed: 0, movetime: null, solve: false }));
        return;
      }
      if (reply.Progress) return;
      worker.terminate();
      if (!reply.Best) fail(new Error(`${moves}: ${data}`));
      else done(performance.now() - start);
    };
  }), moves);
  times.push({ discs: moves.length, ms });
}
await browser.close();
server.close();

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const row = (label, list) => {
  const sorted = list.map((t) => t.ms).sort((a, b) => a - b);
  console.log(`${label.padStart(6)} ${String(sorted.length).padStart(9)} ${quantile(sorted, 0.5).toFixed(1).padStart(10)} `
    + `${quantile(sorted, 0.99).toFixed(1).padStart(10)} ${sorted[sorted.length - 1].toFixed(1).padStart(10)} `
    + `${String(sorted.filter((ms) => ms > 1000).length).padStart(7)}`);
};
console.log('Connect Four level 6 in Chromium, a fresh worker a position (ms from the request to the move):');
console.log(`${'discs'.padStart(6)} ${'positions'.padStart(9)} ${'p50'.padStart(10)} ${'p99'.padStart(10)} ${'max'.padStart(10)} `
  + `${'over 1 s'.padStart(7)}`);
for (let discs = from; discs <= to; discs += 1) row(String(discs), times.filter((t) => t.discs === discs));
row(`${from}-${to}`, times);
