// The first visit on a slow phone: for every route, the time from navigation to the first
// click that changes the board (the picker: to its list of games), and the bytes received,
// cold (a new profile: nothing cached) and on a warm revisit. Served by the suite's own server
// (brotli), in Chromium with the network throttled (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up) and the CPU slowed four times. Printed, not asserted.
// Usage: node tests/browser/bench-routes.mjs [dist folder] (after `trunk build --release`; the
// folder defaults to dist/, another build's for a before-and-after).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gameData, launch, serve } from './harness.mjs';
import { serverBinary } from './game-server.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const SITE = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const probe = await serve();
const port = Number(new URL(probe.url).port);
probe.close();
const data = mkdtempSync(join(tmpdir(), 'board-suite-bench-'));
const server = spawn(serverBinary(), [], {
  env: { ...process.env, PORT: String(port), DATA_DIR: data, SITE },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let said = '';
server.stderr.on('data', (chunk) => { said += chunk; });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; !said.includes(base.slice(0, -1)); i++) {
  if (i > 600) throw new Error(`the server did not start: ${said}`);
  await new Promise((ok) => setTimeout(ok, 100));
}

/** The first move of each game as clicks on cells, made from inside the page the moment the
 * board can take them (a player's fastest tap; a test driver's own waits would be counted
 * otherwise); the move is seen where the harness's `first` entry says. */
const CLICKS = {
  'dark-chess': [[0, 0]], 'five-tigers': [[2, 2]], gomoku: [[7, 7]], 'connect-four': [[3, 0]],
  checkers: [[1, 2], [2, 3]],
};

/** Opens `route` on a throttled page of `context`; returns the milliseconds from navigation to
 * the first click that changes the board (the picker: to its list of games) and the bytes
 * received meanwhile. */
async function visit(context, route, slug, linger = 0) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (e) => { bytes += e.encodedDataLength; });
  if (slug) {
    if (!Object.hasOwn(CLICKS, slug)) throw new Error(`no first clicks for "${slug}": add them to CLICKS in tests/browser/bench-routes.mjs`);
    const { at, attribute, value } = gameData(slug).first;
    await page.addInitScript(({ clicks, at, attribute, value }) => {
      const cell = ([x, y]) => document.querySelector(`[data-cell][data-x="${x}"][data-y="${y}"]`);
      const shown = () => cell(at)?.querySelector('[data-piece]')?.getAttribute(attribute) === value
        && cell(at).querySelector('[data-piece]') !== null;
      let next = 0;
      const step = () => {
        if (shown()) { window.playableAt = performance.now(); return; }
        const target = clicks[next] && cell(clicks[next]);
        if (target && (next === 0 || cell(clicks[next - 1])?.hasAttribute('data-selected'))) {
          target.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          next += 1;
        }
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    }, { clicks: CLICKS[slug], at, attribute, value });
  }
  await page.goto(base + 'index.html' + route, { waitUntil: 'commit' });
  let ms;
  if (slug) {
    await page.waitForFunction(() => window.playableAt !== undefined, null, { timeout: 30_000 });
    ms = await page.evaluate(() => window.playableAt);
  } else {
    await page.waitForSelector('a[data-link]');
    ms = await page.evaluate(() => performance.now());
  }
  await new Promise((ok) => setTimeout(ok, linger));
  // The revisit starts a game afresh too.
  await page.evaluate(() => localStorage.clear());
  await page.close();
  return { ms: Math.round(ms), bytes };
}

// The games, as the picker lists them.
const listing = await launch();
const picker = await listing.newPage();
await picker.goto(base + 'index.html#/');
await picker.waitForSelector('a[data-link]');
const games = await picker.locator('a[data-link]').evaluateAll((links) => links.map((a) => a.dataset.link));
await listing.close();
console.log(`slow phone (150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), ${SITE}, median of ${RUNS}`);
console.log(`${'route'.padEnd(18)} ${'cold ms'.padStart(8)} ${'cold KB'.padStart(8)} ${'warm ms'.padStart(8)} ${'warm KB'.padStart(8)}`);
for (const slug of [null, ...games]) {
  const route = slug ? `#/${slug}` : '#/';
  const cold = [];
  const warm = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await launch();
    try {
      // The page stays a while, as a player's would: long enough for a service worker to
      // install, if the build has one. The revisit comes from the caches.
      cold.push(await visit(context, route, slug, 5000));
      warm.push(await visit(context, route, slug));
    } finally {
      await context.close();
    }
  }
  const kb = (xs) => (median(xs.map((x) => x.bytes)) / 1024).toFixed(1);
  console.log(`${route.padEnd(18)} ${String(median(cold.map((x) => x.ms))).padStart(8)} ${kb(cold).padStart(8)} ${String(median(warm.map((x) => x.ms))).padStart(8)} ${kb(warm).padStart(8)}`);
}
server.kill();
await once(server, 'exit');
rmSync(data, { recursive: true, force: true });
