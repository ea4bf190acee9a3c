// Click to the next painted frame on every board, on both renderers (the grid of cells and the
// canvas), with the CPU slowed four times as on a mid-range phone: from the press of a real
// mouse click (its event's time stamp) to the animation frame after the move shows in the move
// list. That figure includes the wait for the display's next frame (up to 16.7 ms at 60 Hz);
// the work alone is measured too: from the press to the move's DOM laid out, ready to paint.
// A move is made on the release, so the release to that frame is given as well (the press's
// own work, the focus moving to the cell, is done while the button is down).
// The floor is measured the same way on a page that does nothing but add the move's line: what
// the browser and the display's frame take whatever the page does.
// Interaction to next paint is read as well, as Web Vitals reads INP: the Event Timing API's
// duration of the click's interaction (its pointer and click events, the longest), reported
// from 16 ms up (a click it does not report took less: counted as 0).
// The mouse is moved onto the cell 100 ms before it is pressed, as a hand's is.
// Printed, not asserted.
// Usage: node tests/browser/bench-click.mjs (after `trunk build --release`); BENCH_ROUNDS sets
// the fresh games per board and renderer (4), BENCH_BOARDS the boards (their slugs, by commas;
// all five), `DIST` the build served.
import { canvasPoint, cell, launch, serve } from './harness.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const p95 = (xs) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Each board with clicks that each make one move (after `prepare`, a click that only selects). */
const ALL_BOARDS = [
  { slug: 'connect-four', route: 'connect-four', clicks: [0, 1, 2, 3, 4, 5, 6, 0, 1, 2, 3, 4].map((x) => ({ x, y: 0 })) },
  { slug: 'gomoku', route: 'gomoku', clicks: Array.from({ length: 12 }, (_, i) => ({ x: i, y: (i * 7) % 15 })) },
  { slug: 'five-tigers', route: 'five-tigers', clicks: [[0, 4], [4, 0], [2, 4], [4, 2], [1, 3], [3, 1]].map(([x, y]) => ({ x, y })) },
  { slug: 'dark-chess', route: 'dark-chess?seed=7', clicks: Array.from({ length: 12 }, (_, i) => ({ x: i % 8, y: 3 - Math.floor(i / 8) * 3 })) },
  { slug: 'checkers', route: 'checkers', clicks: [{ prepare: [3, 2], x: 4, y: 3 }, { prepare: [2, 5], x: 1, y: 4 }] },
];

const BOARDS = ALL_BOARDS.filter(({ slug }) => !process.env.BENCH_BOARDS || process.env.BENCH_BOARDS.split(',').includes(slug));

const server = await serve();
const browser = await launch();
const page = await browser.newPage();
const cdp = await page.context().newCDPSession(page);

/** Keeps each interaction's longest event duration, by interaction id, in `window.interactions`. */
function observeInteractions() {
  window.interactions = new Map();
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      const was = window.interactions.get(entry.interactionId) ?? 0;
      window.interactions.set(entry.interactionId, Math.max(was, entry.duration));
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
}
await page.addInitScript(observeInteractions);

/** The duration of the latest interaction newer than `after` (its id), once the browser has
 * reported it (entries come after the frame is painted); 0 if none is (under 16 ms). */
async function interaction(after) {
  await page.waitForTimeout(100);
  return page.evaluate((after) => {
    const newer = [...window.interactions.entries()].filter(([id]) => id > after).sort(([a], [b]) => a - b);
    return newer.length ? { id: newer.at(-1)[0], ms: newer.at(-1)[1] } : { id: after, ms: 0 };
  }, after);
}

/** The page coordinates of cell (x, y) of `slug`'s board, on the renderer shown. */
async function point(slug, x, y, canvas) {
  if (canvas) return canvasPoint(page, slug, x, y);
  const box = await cell(page, x, y).boundingBox();
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Clicks at `at` with the mouse; returns the ms from the press to the frame after the move
 * list holds `count` moves, and to that DOM laid out. */
async function clickToFrame(at, count) {
  await page.evaluate((count) => {
    window.measured = new Promise((done) => {
      let pressed, released;
      addEventListener('pointerdown', (event) => { pressed = event.timeStamp; }, { capture: true, once: true });
      addEventListener('pointerup', (event) => { released = event.timeStamp; }, { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (pressed === undefined || document.querySelectorAll('[data-moves] [data-move]').length < count) return;
        observer.disconnect();
        document.body.getBoundingClientRect();
        const work = performance.now() - pressed;
        requestAnimationFrame(() => {
          const now = performance.now();
          done({ work, frame: now - pressed, release: now - released });
        });
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    });
  }, count);
  const before = await page.evaluate(() => Math.max(0, ...window.interactions.keys()));
  // A hand's mouse reaches the cell before it presses: what the hover draws is not the click's.
  await page.mouse.move(at.x, at.y);
  await page.waitForTimeout(100);
  await page.mouse.click(at.x, at.y);
  const measured = await page.evaluate(() => window.measured);
  return { ...measured, inp: (await interaction(before)).ms };
}

/** The same click on a page whose button only adds a line to the move list: the floor. */
async function floor() {
  await page.goto(server.url + 'healthz');
  await page.setContent(`<button style="width:200px;height:80px">+</button><ol data-moves></ol><script>
    document.querySelector('button').onclick = () => {
      const line = document.createElement('li'); line.dataset.move = ''; line.textContent = 'move';
      document.querySelector('[data-moves]').append(line);
    };
    (${observeInteractions})();</script>`);
  const frames = [], works = [], releases = [], inps = [];
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (let i = 0; i < ROUNDS * 12; i++) {
    const { work, frame, release, inp } = await clickToFrame({ x: 100, y: 40 }, i + 1);
    frames.push(frame);
    works.push(work);
    releases.push(release);
    inps.push(inp);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  return { board: 'empty page', renderer: '', frames, works, releases, inps };
}

const results = [await floor()];
for (const canvas of [false, true]) {
  for (const board of BOARDS) {
    const frames = [];
    const works = [];
    const releases = [];
    const inps = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(server.url + 'index.html#/' + board.route);
      await page.evaluate(({ slug, canvas }) => {
        localStorage.clear();
        // The renderer is remembered per game.
        if (canvas) localStorage.setItem(`board-suite/renderer/${slug}`, 'canvas');
      }, { slug: board.slug, canvas });
      await page.reload();
      await page.locator(canvas ? 'canvas[data-board]' : '[data-board] [data-cell]').first().waitFor();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      for (const [i, click] of board.clicks.entries()) {
        if (click.prepare) await page.mouse.click(...Object.values(await point(board.slug, ...click.prepare, canvas)));
        const { work, frame, release, inp } =
          await clickToFrame(await point(board.slug, click.x, click.y, canvas), i + 1);
        frames.push(frame);
        works.push(work);
        releases.push(release);
        inps.push(inp);
      }
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
    results.push({ board: board.slug, renderer: canvas ? 'canvas' : 'cells', frames, works, releases, inps });
  }
}
const floorInp = p95(results[0].inps);
for (const { board, renderer, frames, works, releases, inps } of results) {
  console.log(`CPU 4x slower, ${board.padEnd(12)} ${renderer.padEnd(6)}: interaction to next paint p95 ${p95(inps).toFixed(0)} ms (median ${median(inps).toFixed(0)}; p95 over the floor's ${(p95(inps) - floorInp).toFixed(0)}), press to painted frame p95 ${p95(frames).toFixed(1)} ms (median ${median(frames).toFixed(1)}), to laid-out DOM p95 ${p95(works).toFixed(1)} ms (median ${median(works).toFixed(1)}), release to painted frame p95 ${p95(releases).toFixed(1)} ms (median ${median(releases).toFixed(1)}), ${frames.length} clicks  (goal: INP p95 at most 16 ms over the floor)`);
}
await browser.close();
server.close();
