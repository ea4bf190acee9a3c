// Shared by the browser tests: serves dist/ on a free localhost port and drives Debian's
// Chromium through playwright-core. Every page records its console errors, uncaught
// exceptions, Content-Security-Policy violations and requests to any other origin;
// `done(page)` asserts there were none.
//
// Also the one home of what the tests share about the app: the list of games (read from the
// app's own picker, never written out here), the per-game test data (one table, keyed by
// slug; a game missing from it fails loudly), the storage keys, the fixtures, the board's
// cells and pieces, the status, the move list, buttons and settings by their `data-`
// attributes, ways to make moves, and waits for what the app shows (never for a guessed duration: every
// wait here is for an event or a condition of the page).
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

// `DIST` serves another build (a benchmark's before and after); the tests serve `dist/`.
const DIST = process.env.DIST ?? new URL('../../dist/', import.meta.url).pathname;
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Serves dist/ until `close()`; `replace(path, body)` serves other content at a path (a new
 * build's file, say). */
export async function serve() {
  const replaced = new Map();
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    if (replaced.has(path)) {
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(replaced.get(path));
      return;
    }
    // Answered as a static host that serves its page at every path does (a 404 would be a
    // console error): not the game server's `ok`.
    if (path === '/healthz') {
      res.writeHead(200, { 'content-type': TYPES['.html'] }).end('<!doctype html><title>static</title>');
      return;
    }
    if (path === '/storage-setup') {
      res.writeHead(200, { 'content-type': TYPES['.html'] }).end('<!doctype html><title>setup</title><link rel="icon" href="data:,">');
      return;
    }
    const file = join(DIST, path.endsWith('/') ? 'index.html' : path);
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => server.close(),
    replace: (path, body) => replaced.set(path, body),
  };
}

/** A fresh Chromium with its own profile, in a browser language (`locale`); `serviceWorkers:
 * 'block'` keeps the page's service worker from starting (a test that answers the page's
 * requests itself needs it: the worker's fetches are not the page's). */
export function launch({ locale = 'en-US', serviceWorkers = 'allow' } = {}) {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'board-suite-')), {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    hasTouch: true,
    locale,
    serviceWorkers,
    viewport: { width: 1100, height: 760 },
  });
}

/** Records on `page.errors` what must never happen: a console error, an uncaught exception,
 * a CSP violation (the event, and the console's report, which is an error), and a request to
 * any origin but the page's own. */
export async function watch(page, base) {
  const origin = new URL(base).origin;
  page.errors = [];
  // Every request the page makes, from its very first (`page.requests`, URLs).
  page.requests = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => {
    page.requests.push(r.url());
    const url = new URL(r.url());
    if (url.origin !== origin && url.protocol !== 'data:') page.errors.push(`request to another origin: ${r.url()}`);
  });
  await page.exposeFunction('reportViolation', (v) => page.errors.push(`CSP violation: ${v}`));
  // `window.violationsReported` counts the violations whose report has reached `page.errors`
  // (the exposed function's promise settles once the test's side has run it).
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation', async (e) => {
    await window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`);
    window.violationsReported = (window.violationsReported ?? 0) + 1;
  }));
}

/** Opens `hash` on a clean origin (localStorage emptied unless `keepStorage`); `init`, a
 * function, runs in the app's page before any of its scripts (to break storage, say). */
export async function open(context, base, hash = '#/', { keepStorage = false, storage = {}, init } = {}) {
  const page = await context.newPage();
  await watch(page, base);
  if (init) {
    await page.addInitScript(`if (location.pathname !== '/storage-setup') (${init})();`);
  }
  // Storage is prepared on a page of the same origin that does not run the app, so no app
  // instance can write over it before the real page loads.
  await page.goto(base + 'storage-setup');
  await page.evaluate(({ keep, items }) => {
    if (!keep) localStorage.clear();
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, { keep: keepStorage, items: storage });
  await page.goto(base + 'index.html' + hash);
  await page.waitForSelector('header.top');
  return page;
}

/** Asserts the page logged no error, then closes it. */
export async function done(page) {
  assert.deepEqual(page.errors, [], 'console errors');
  await page.close();
}

export const cell = (page, x, y) => page.locator(`[data-cell][data-x="${x}"][data-y="${y}"]`);
export const piece = (page, x, y) => cell(page, x, y).locator('[data-piece]');

/** The owners of the pieces on the board, as rows of text (`.` empty, first letter of owner). */
export async function boardText(page) {
  return page.locator('[data-board] [role="row"]').evaluateAll((rows) => rows.map((row) =>
    [...row.querySelectorAll('[data-cell]')].map((c) =>
      c.querySelector('[data-piece]')?.dataset.owner?.[0] ?? '.').join('')));
}

/** A touch drag from one element's centre to another's, as real touch input (CDP). */
export async function touchDrag(page, from, to) {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  const cdp = await page.context().newCDPSession(page);
  const at = (t) => ({ x: a.x + a.width / 2 + (b.x - a.x + (b.width - a.width) / 2) * t,
    y: a.y + a.height / 2 + (b.y - a.y + (b.height - a.height) / 2) * t });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(0)] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(i / 8)] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** A touch tap on an element's centre. */
export async function tap(page, locator) {
  const b = await locator.boundingBox();
  await page.touchscreen.tap(b.x + b.width / 2, b.y + b.height / 2);
}

/** The common setup of a test file: one server and one browser for all its tests, started at
 * once (so that `await games()` can define tests at the file's top level). Returns
 * `open(hash, options)` for a fresh page, `url()` the server's, `context()` the browser,
 * `replace(path, body)` the server's, and `games()` the app's list of games. */
export function suite() {
  let server;
  let browser;
  const ready = (async () => {
    server = await serve();
    browser = await launch();
  })();
  // A failure to start is reported by the hook (and by every use), not as an unhandled rejection.
  ready.catch(() => {});
  before(() => ready);
  after(async () => {
    await ready.catch(() => {});
    await browser?.close();
    server?.close();
  });
  let list;
  return {
    open: async (hash, options) => {
      await ready;
      return open(browser, server.url, hash, options);
    },
    url: () => server.url,
    context: () => browser,
    replace: (path, body) => server.replace(path, body),
    games: () => (list ??= ready.then(() => readGames(browser, server.url))),
  };
}

// ---------------------------------------------------------------------------------------------
// The games, as the app lists them.

/** The slugs of every game, in the picker's order, read from the app itself: the picker at
 * `#/` shows each game of its registry as `a[data-link="<slug>"]`. A game added to the app is
 * in every test that runs over the games, with no edit here. Read once per test file (each
 * file is a process of its own under `node --test`) through `suite().games()`. */
export async function readGames(context, base) {
  const page = await open(context, base, '#/');
  await page.waitForSelector('a[data-link]');
  const slugs = await page.locator('a[data-link]').evaluateAll((links) => links.map((a) => a.dataset.link));
  await done(page);
  assert.ok(slugs.length > 0, 'the picker lists games');
  assert.equal(new Set(slugs).size, slugs.length, `each game listed once: ${slugs}`);
  return slugs;
}

export const fixture = (name) => readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8').trim();

/** Where a game is saved, and where a save that could not be read is kept (src/save.rs). */
export const saveKey = (slug) => `board-suite/v1/${slug}`;
export const backupKey = (slug) => `board-suite/backup/${slug}`;
/** What the app remembers of a game besides the game: `confirm-turn`, `pass-device`
 * (src/ui/flow.rs), `opponent` (src/ui/computer.rs), `renderer`, `numbers`, `coordinates`. */
export const rememberedKey = (name, slug) => `board-suite/${name}/${slug}`;
export const SOUND_KEY = 'board-suite/sound';

/** What the tests need to know of each game that the app does not show: the one table of
 * per-game test data. `route`: the page a test of every game opens (a fixed shuffle for dark
 * chess); `first`: a first move and where the board shows it made (the attribute of the piece
 * at `at` becomes `value`); `canvas`: the board's shape on the canvas (columns and rows of
 * cells or points, and the margin round them in cells: squares hold pieces in their middle,
 * points on their crossings); `computer` (optional): how a game against the computer is set up
 * when the first move will not do (a saved game, the computer's side: 0 first, 1 second, and
 * the player's move), by default the first move with the computer second. */
const GAME_DATA = {
  'dark-chess': {
    route: '#/dark-chess?seed=7',
    // A flip turns the piece face up.
    first: { play: (page) => cell(page, 0, 0).click(), at: [0, 0], attribute: 'data-face', value: null },
    canvas: { columns: 8, rows: 4, inset: 0.5 },
    // From a saved ending with nothing face down, since a flip cannot be taken back: black, to
    // move, steps its elephant aside; the computer has red's last piece, a chariot. Red moved
    // first, so the computer plays the first side; that side is remembered before the page
    // opens, for the page's own choice (the second side, black, to move here) would set the
    // computer thinking for black the moment the computer is chosen, racing the test's switch.
    computer: {
      storage: () => ({
        [saveKey('dark-chess')]: fixture('dark-chess-endgame'),
        [rememberedKey('opponent', 'dark-chess')]: '{"computer":"First","level":1}',
      }),
      side: 0,
      play: (page) => piece(page, 0, 0).dragTo(cell(page, 1, 0)),
    },
  },
  'five-tigers': {
    first: { play: (page) => cell(page, 2, 2).click(), at: [2, 2], attribute: 'data-owner', value: 'black' },
    canvas: { columns: 5, rows: 5, inset: 0.75 },
  },
  gomoku: {
    first: { play: (page) => cell(page, 7, 7).click(), at: [7, 7], attribute: 'data-owner', value: 'black' },
    canvas: { columns: 15, rows: 15, inset: 0.75 },
  },
  'connect-four': {
    first: { play: (page) => cell(page, 3, 0).click(), at: [3, 5], attribute: 'data-owner', value: 'red' },
    canvas: { columns: 7, rows: 6, inset: 0.5 },
  },
  checkers: {
    first: { play: (page) => piece(page, 1, 2).dragTo(cell(page, 2, 3)), at: [2, 3], attribute: 'data-owner', value: 'black' },
    canvas: { columns: 8, rows: 8, inset: 0.5 },
  },
};

/** A game's test data; a game the app lists but the table lacks fails the test that asks. */
export function gameData(slug) {
  const data = GAME_DATA[slug];
  if (!data) {
    throw new Error(`no test data for the game "${slug}": add it to GAME_DATA in tests/browser/harness.mjs`);
  }
  return {
    route: `#/${slug}`,
    ...data,
    computer: { storage: () => ({}), side: 1, play: data.first.play, ...data.computer },
  };
}

/** What the board shows where the game's first move was made (see `GAME_DATA`). */
export function firstMoveShown(page, slug) {
  const { at, attribute } = gameData(slug).first;
  return piece(page, ...at).getAttribute(attribute);
}

// ---------------------------------------------------------------------------------------------
// The page, by the attributes of the UI contract.

export const status = (page) => page.locator('[data-status]');
/** A button by its `data-action`, anywhere on the page. */
export const button = (page, action) => page.locator(`button[data-action="${action}"]`);
/** A button of the game's control bar by its `data-action`. */
export const control = (page, action) => page.locator(`[data-actions] button[data-action="${action}"]`);
/** Opens the preferences menu (the gear), unless it is open. */
export async function openSettings(page) {
  if (await page.locator('[data-menu="settings"]').count() === 0) await button(page, 'settings').click();
  await page.locator('[data-menu="settings"]').waitFor();
}
/** Closes the preferences menu, if open. */
export async function closeSettings(page) {
  if (await page.locator('[data-menu="settings"]').count() > 0) await button(page, 'close-settings').click();
}
/** Switches the page's language through the menu, and closes the menu. */
export async function switchLanguage(page) {
  await openSettings(page);
  await button(page, 'language').click();
  await closeSettings(page);
}
/** Turns a preference of the menu on or off: a checkbox (`data-setting`, the turn flow's
 * choices) or a switch (`data-action`), then closes the menu. */
export async function prefer(page, name, on) {
  await openSettings(page);
  const box = page.locator(`[data-menu="settings"] [data-setting="${name}"]`);
  if (await box.count() > 0) {
    await box.setChecked(on);
  } else {
    const toggle = button(page, name);
    if ((await toggle.getAttribute('aria-pressed')) !== String(on)) await toggle.click();
  }
  await closeSettings(page);
}
/** Flips a switch of the preferences menu (`renderer`, `numbers`, `coordinates`, `motion`,
 * `sound`), then closes the menu. */
export async function toggle(page, name) {
  const board = page.locator('[data-board]');
  const was = name === 'renderer' ? await board.getAttribute('data-renderer') : null;
  await openSettings(page);
  await button(page, name).click();
  await closeSettings(page);
  // The canvas's code is fetched the first time it is chosen: the board changes once it came.
  if (was) await page.waitForFunction((was) => document.querySelector('[data-board]')?.dataset.renderer !== was, was);
}
/** Whether a switch of the preferences menu is on (its `aria-pressed`). */
export async function pressed(page, name) {
  await openSettings(page);
  const on = await button(page, name).getAttribute('aria-pressed');
  await closeSettings(page);
  return on;
}
/** Opens the new-game dialog. */
export async function openNewGame(page) {
  if (await page.locator('[data-dialog="new-game"]').count() === 0) {
    await page.locator('[data-actions] [data-action="new-game"], [data-overlay] [data-action="new-game"]').first().click();
  }
  await page.locator('[data-dialog="new-game"]').waitFor();
}
/** Makes a game through the new-game dialog: each of `choices` (`data-setting` name to a
 * select's value, `{ index }`, or a checkbox's true/false) is chosen, then `button` pressed:
 * `start` (a new game, or this one if no move has been played), or `apply` (the opponent
 * changed in the game in progress; before its first move, the dialog offers only `start`,
 * which does the same). */
export async function newGame(page, choices = {}, button = 'start') {
  await openNewGame(page);
  const dialog = page.locator('[data-dialog="new-game"]');
  for (const [name, value] of Object.entries(choices)) {
    const field = dialog.locator(`[data-setting="${name}"]`);
    if (typeof value === 'boolean') await field.setChecked(value);
    else await field.selectOption(value);
  }
  const apply = dialog.locator('button[data-action="apply"]');
  const chosen = button === 'apply' && await apply.count() === 0 ? 'start' : button;
  await dialog.locator(`button[data-action="${chosen}"]`).click();
  await dialog.waitFor({ state: 'detached' });
}
/** A game setting (checkbox or select) by its `data-setting`. */
export const setting = (page, name) => page.locator(`[data-setting="${name}"]`);
export const owner = (page, x, y) => piece(page, x, y).getAttribute('data-owner');

/** The move list's entries. */
export const moveList = (page) => page.locator('[data-moves] [data-move]');
export const moveCount = (page) => moveList(page).count();
/** The move list as it reads, each entry with its number (`14`: move 1, column 4). */
export const moveTexts = (page) => moveList(page).allTextContents();
/** The move list's notations, without their numbers. */
export const notations = (page) => moveList(page).evaluateAll((entries) =>
  entries.map((e) => e.textContent.slice(e.querySelector('.ply').textContent.length)));

/** Waits until `count` moves are listed and the computer is not thinking. */
export function waitForMoves(page, count, { timeout } = {}) {
  return page.waitForFunction((n) => !document.querySelector('[data-status][data-thinking]')
    && document.querySelectorAll('[data-moves] [data-move]').length === n, count, { timeout });
}

/** Waits until the cell (x, y) holds a piece of `side` (a move that arrives from elsewhere: another
 * tab, another device). */
export const pieceArrives = (page, x, y, side, { timeout } = {}) =>
  cell(page, x, y).locator(`[data-piece][data-owner="${side}"]`).waitFor({ timeout });

/** Clicks the cells in order, each an `[x, y]`. */
export async function clickCells(page, cells) {
  for (const [x, y] of cells) await cell(page, x, y).click();
}

/** Connect Four: drops a disc in each column (0-based) in order, by a click on its top cell. */
export const dropInColumns = (page, columns) => clickCells(page, columns.map((x) => [x, 0]));

/** Placements by two players in turn: `first[0]`, `second[0]`, `first[1]`, ... */
export async function placeInTurn(page, first, second) {
  for (let i = 0; i < first.length; i++) {
    await cell(page, ...first[i]).click();
    if (i < second.length) await cell(page, ...second[i]).click();
  }
}

/** The page pixel of cell or point (x, y) of a game's board drawn on the canvas. */
export async function canvasPoint(page, slug, x, y) {
  const { columns, inset } = gameData(slug).canvas;
  const box = await page.locator('canvas[data-board]').boundingBox();
  const size = box.width / (columns - 1 + 2 * inset);
  return { x: box.x + (inset + x) * size, y: box.y + (inset + y) * size };
}

/** A mouse click on cell or point (x, y) of the canvas board. */
export async function clickCanvas(page, slug, x, y) {
  const at = await canvasPoint(page, slug, x, y);
  await page.mouse.click(at.x, at.y);
}

// ---------------------------------------------------------------------------------------------
// Waits for the page to settle: events and conditions, never a duration.

/** Waits until no animation of the document is running. */
export const animationsDone = (page) =>
  page.waitForFunction(() => !document.getAnimations().some((a) => a.playState === 'running'));

/** Waits until every animation of the element (a fading-in result, say) has finished. */
export const animationsFinished = (locator) =>
  locator.evaluate((element) => Promise.all(element.getAnimations().map((a) => a.finished)));

/** Waits until every animation of the page that has an end (not a winning line's endless
 * pulse) has ended, finished or cancelled. */
export const finiteAnimationsEnded = (page) => page.evaluate(() => Promise.allSettled(document.getAnimations()
  .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished)));

/** Waits for `count` animation frames of the page. The app answers an event within the task
 * that delivers it (Yew renders and runs its effects in that task's microtasks), and a frame
 * runs only after the tasks before it, so two frames after an event its answer is on the page. */
export const frames = (page, count = 2) => page.evaluate((n) => new Promise((ok) => {
  const next = (left) => (left === 0 ? ok() : requestAnimationFrame(() => next(left - 1)));
  next(n);
}), count);

/** Waits until the page's start is over: the service worker the app registers when it starts
 * has taken the page over (it does so once it has cached the build), and then the browser has
 * had an idle moment, so no task of the start is left to run. */
export async function pageStarted(page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
  await page.evaluate(() => new Promise((idle) => requestIdleCallback(idle)));
}

/** Waits until `count` (default 1) CSP violations have reached `page.errors`. */
export const violationsReported = (page, count = 1) =>
  page.waitForFunction((n) => (window.violationsReported ?? 0) >= n, count, { timeout: 5_000 });

/** An init script (for `open(..., { init })`) that records the engine's workers: each one's
 * messages to it (`sent`) and from it (`heard`), as text, and whether the page ended it. */
export function spyOnEngine() {
  const spy = { workers: [] };
  window.engineSpy = spy;
  const Real = window.Worker;
  window.Worker = class extends Real {
    #record = { sent: [], heard: [], ended: false };
    constructor(...args) {
      super(...args);
      spy.workers.push(this.#record);
      this.addEventListener('message', (e) => this.#record.heard.push(String(e.data)));
    }
    postMessage(data, ...rest) {
      this.#record.sent.push(String(data));
      return super.postMessage(data, ...rest);
    }
    terminate() {
      this.#record.ended = true;
      return super.terminate();
    }
  };
}

/** Every message between the page and the engine, as `['to' | 'from', text]` (needs
 * `spyOnEngine`). */
export const engineMessages = (page) => page.evaluate(() => window.engineSpy.workers.flatMap((w) =>
  [...w.sent.map((text) => ['to', text]), ...w.heard.map((text) => ['from', text])]));

/** Waits until the engine has nothing left to say (needs `spyOnEngine`): every worker the page
 * started has either been ended by the page, or has started (a worker hears nothing before it
 * says it is ready: the page holds a request until then) and answered every request it was
 * sent with a best turn or a failure. Then two frames, for the page to act on the last answer. */
export async function engineQuiet(page, { timeout } = {}) {
  await page.waitForFunction(() => window.engineSpy.workers.every((w) => {
    if (w.ended) return true;
    const replies = w.heard.map((text) => {
      try {
        return JSON.parse(text);
      } catch {
        return null;
      }
    });
    const answered = new Set(replies.map((reply) => {
      const [kind, fields] = (reply && typeof reply === 'object' && Object.entries(reply)[0]) || [];
      return ['Best', 'Failed', 'Solved', 'Analysed'].includes(kind) ? fields?.id : undefined;
    }));
    return replies.includes('Ready') && w.sent.every((text) => answered.has(JSON.parse(text).id));
  }), null, { timeout });
  await frames(page);
}

/** How many requests the page has sent the engine (needs `spyOnEngine`). */
export const engineRequests = (page) =>
  page.evaluate(() => window.engineSpy.workers.reduce((n, w) => n + w.sent.length, 0));

const AXE = readFileSync(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url), 'utf8');

/** The page's WCAG 2.1 A and AA violations found by axe-core, one line each (rule, impact,
 * and the elements it names). Evaluated through the browser's tools, so the page's CSP,
 * which refuses inline scripts, does not stop it. */
export async function accessibility(page) {
  await page.evaluate(AXE);
  const violations = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  }).then((r) => r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`)));
  return violations;
}
