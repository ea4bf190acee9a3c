// Shared by the browser tests: serves dist/ on a free localhost port and drives Debian's
// Chromium through playwright-core. Every page records its console errors, uncaught
// exceptions, Content-Security-Policy violations and requests to any other origin;
// `done(page)` asserts there were none.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { chromium } from 'playwright-core';

const DIST = new URL('../../dist/', import.meta.url).pathname;
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

/** A fresh Chromium with its own profile, in a browser language (`locale`). */
export function launch({ locale = 'en-US' } = {}) {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'board-suite-')), {
    executablePath: '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    hasTouch: true,
    locale,
    viewport: { width: 1100, height: 760 },
  });
}

/** Records on `page.errors` what must never happen: a console error, an uncaught exception,
 * a CSP violation (the event, and the console's report, which is an error), and a request to
 * any origin but the page's own. */
export async function watch(page, base) {
  const origin = new URL(base).origin;
  page.errors = [];
  page.on('console', (m) => { if (m.type() === 'error') page.errors.push(m.text()); });
  page.on('pageerror', (e) => page.errors.push(String(e)));
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin !== origin && url.protocol !== 'data:') page.errors.push(`request to another origin: ${r.url()}`);
  });
  await page.exposeFunction('reportViolation', (v) => page.errors.push(`CSP violation: ${v}`));
  await page.addInitScript(() => document.addEventListener('securitypolicyviolation',
    (e) => window.reportViolation(`${e.violatedDirective} ${e.blockedURI}`)));
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

/** The common setup of a test file: one server and one browser for all its tests. Returns
 * `open(hash, options)` for a fresh page, `url()` the server's, and `context()` the browser. */
export function suite() {
  let server;
  let browser;
  before(async () => {
    server = await serve();
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
  return {
    open: (hash, options) => open(browser, server.url, hash, options),
    url: () => server.url,
    context: () => browser,
    replace: (path, body) => server.replace(path, body),
  };
}

export const status = (page) => page.locator('[data-status]');
export const control = (page, action) => page.locator(`.controls button[data-action="${action}"]`);

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
