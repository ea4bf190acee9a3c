// Where a click's time goes: a CPU profile (CPU 4x slower) of a few clicks on one board, its
// functions by self time and by total time. Usage, after `KEEP_NAMES=1 trunk build --release` (so
// the profile names the wasm functions): node tests/browser/profile-click.mjs [slug] [canvas]
import { canvasPoint, cell, launch, serve } from './harness.mjs';

const slug = process.argv[2] ?? 'gomoku';
const canvas = process.argv[3] === 'canvas';
const route = slug === 'dark-chess' ? 'dark-chess?seed=7' : slug;
const clicks = {
  'connect-four': [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4].map((x) => [x, 0]),
  gomoku: Array.from({ length: 12 }, (_, i) => [i, (i * 7) % 15]),
  'five-tigers': [[0, 4], [4, 0], [2, 4], [4, 2], [1, 3], [3, 1]],
  'dark-chess': Array.from({ length: 12 }, (_, i) => [i % 8, 3 - Math.floor(i / 8) * 3]),
}[slug];
const server = await serve();
const browser = await launch();
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);
await page.goto(server.url + 'index.html#/' + route);
await page.evaluate(({ slug, canvas }) => {
  localStorage.clear();
  if (canvas) localStorage.setItem(`board-suite/renderer/${slug}`, 'canvas');
}, { slug, canvas });
await page.reload();
await page.locator(canvas ? 'canvas[data-board]' : '[data-board] [data-cell]').first().waitFor();
// Settled: the fonts loaded and two frames painted since.
const painted = () => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
await page.evaluate(() => document.fonts.ready);
await painted();
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.start');
for (const [i, [x, y]] of clicks.entries()) {
  let at;
  if (canvas) at = await canvasPoint(page, slug, x, y);
  else { const b = await cell(page, x, y).boundingBox(); at = { x: b.x + b.width / 2, y: b.y + b.height / 2 }; }
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction((n) => document.querySelectorAll('[data-moves] [data-move]').length >= n, i + 1);
  await painted();
}
const { profile } = await cdp.send('Profiler.stop');
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map(), total = new Map();
const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const d = (dt[i + 1] ?? 0) / 1000;
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}`;
  const n = byId.get(id);
  if (n.callFrame.functionName === '(idle)' || n.callFrame.functionName === '(program)') return;
  self.set(name(n), (self.get(name(n)) ?? 0) + d);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const nm = name(byId.get(cur));
    if (seen.has(nm)) continue;
    seen.add(nm);
    total.set(nm, (total.get(nm) ?? 0) + d);
  }
});
const top = (m, k) => [...m].sort((a, b) => b[1] - a[1]).slice(0, k);
console.log('SELF ms (throttled, all clicks)');
for (const [n, v] of top(self, 45)) console.log(v.toFixed(1).padStart(8), n);
console.log('TOTAL ms');
for (const [n, v] of top(total, 400)) console.log(v.toFixed(1).padStart(8), n.replace(/::h[0-9a-f]{16}/g, "").replace(/ game-[a-z-]+-[0-9a-f]+(_bg)?\.(wasm|js)/, "").slice(0, 160));
await browser.close();
server.close();
