// The first visit on a slow phone: for every route, the time from navigation to the first
// click that changes the board (the picker: to its list of games), and the bytes received,
// cold (a new profile: nothing cached) and on a warm revisit. Served by the suite's own server
// (brotli), in Chromium with the network throttled (150 ms round trip, 1.6 Mbit/s down,
// 750 kbit/s up) and the CPU slowed four times. Printed, not asserted.
// Usage: node tests/browser/bench-routes.mjs [dist folder] (after `trunk build --release`; the
// folder defaults to dist/, another build's for a before-and-after).
import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { firstMoveShown, gameData, launch, readGames, serve } from './harness.mjs';

const ROOT = new URL('../..', import.meta.url).pathname;
const SITE = resolve(process.argv[2] ?? join(ROOT, 'dist'));
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

execFileSync('cargo', ['build', '-q', '-p', 'board-suite-server'], { cwd: ROOT, stdio: 'inherit' });
const probe = await serve();
const port = Number(new URL(probe.url).port);
probe.close();
const data = mkdtempSync(join(tmpdir(), 'board-suite-bench-'));
const server = spawn(join(ROOT, 'target/debug/board-suite-server'), [], {
  env: { ...process.env, PORT: String(port), DATA_DIR: data, SITE, RUST_LOG: 'warn' },
  stdio: ['ignore', 'ignore', 'pipe'],
});
let said = '';
server.stderr.on('data', (chunk) => { said += chunk; });
const base = `http://127.0.0.1:${port}/`;
for (let i = 0; !said.includes(base.slice(0, -1)); i++) {
  if (i > 600) throw new Error(`the server did not start: ${said}`);
  await new Promise((ok) => setTimeout(ok, 100));
}

/** Opens `route` on a throttled page of `context`; returns the milliseconds to a playable board
 * (or the picker's list) and the bytes received meanwhile. */
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
  const start = Date.now();
  await page.goto(base + 'index.html' + route, { waitUntil: 'commit' });
  if (slug) {
    const { first } = gameData(slug);
    await first.play(page);
    for (let i = 0; (await firstMoveShown(page, slug)) !== first.value; i++) {
      if (i > 500) throw new Error(`${route}: the first move was not shown`);
      await new Promise((ok) => setTimeout(ok, 10));
    }
  } else {
    await page.waitForSelector('a[data-link]');
  }
  const ms = Date.now() - start;
  await new Promise((ok) => setTimeout(ok, linger));
  await page.close();
  return { ms, bytes };
}

const listing = await launch();
const games = await readGames(listing, base);
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
