// Offline and installable, under a Content-Security-Policy: after one visit every game opens
// and plays with the network off; the page's policy allows nothing but its own origin, and no
// request ever leaves it (the harness fails any test on a violation or a foreign request).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, done, firstMoveShown, gameData, moveCount, owner, suite, switchLanguage, violationsReported,
} from './harness.mjs';

const browser = suite();
/** Every game the app lists; each one's first move, and how to see it made, is its `first`
 * entry in the harness's table of games. */
const GAMES = await browser.games();

/** Loads the hash as a new document (not a hash change), as a player's reload would. */
const load = async (page, hash) => {
  await page.goto(browser.url() + 'index.html' + hash);
  await page.reload();
  await page.waitForSelector('header.top');
};

test('installable: a manifest with its icons, served with the page', async () => {
  const page = await browser.open('#/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = await page.evaluate(async (h) => (await fetch(h)).json(), href);
  assert.equal(manifest.display, 'standalone');
  assert.ok(manifest.name && manifest.short_name && manifest.theme_color && manifest.background_color);
  const sizes = manifest.icons.map((i) => i.sizes).sort();
  assert.deepEqual(sizes, ['192x192', '512x512', 'any']);
  for (const icon of manifest.icons) {
    const ok = await page.evaluate(async (u) => (await fetch(new URL(u, new URL('app/', location.href)))).ok, icon.src);
    assert.ok(ok, `${icon.src} is served`);
  }
  await done(page);
});

test('after one visit, every game opens, plays and saves with the network off', async () => {
  const context = browser.context();
  const page = await browser.open('#/');
  // The worker takes the page over (it claims it when it activates) once it has cached the files.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 15000 });
  await context.setOffline(true);
  try {
    await load(page, '#/');
    assert.equal(await page.locator('a[data-link]').count(), GAMES.length, 'the picker opens offline');
    for (const slug of GAMES) {
      const { route, first } = gameData(slug);
      await load(page, route);
      assert.equal(await page.locator(`main[data-game="${slug}"]`).count(), 1, `${slug} opens offline`);
      await first.play(page);
      assert.equal(await firstMoveShown(page, slug), first.value, `${slug}: the move is made offline`);
      await page.reload();
      assert.equal(await firstMoveShown(page, slug), first.value, `${slug}: and saved across an offline reload`);
    }
    // The font's files come from the cache too, those no screen has drawn yet among them.
    for (const file of ['board-glyphs.woff2', 'board-pieces.woff2', 'board-tigers.woff2']) {
      assert.ok(await page.evaluate(async (file) => (await fetch(file)).ok, file), `${file} offline`);
    }
  } finally {
    await context.setOffline(false);
  }
  await done(page);
});

test('the Content-Security-Policy allows only this origin and hashed inline scripts', async () => {
  const page = await browser.open('#/');
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  assert.match(policy, /default-src 'self'/);
  assert.match(policy, /script-src 'self' 'sha256-[A-Za-z0-9+/=]+' 'wasm-unsafe-eval'/);
  assert.doesNotMatch(policy, /https?:|\*|'unsafe-eval'|script-src[^;]*'unsafe-inline'/);
  // The policy is in force: an injected inline script does not run, and is reported.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.head.append(script);
    return window.injected === true;
  });
  assert.equal(ran, false);
  // The violation's report has reached the test (the page counts the reports once handed over).
  await violationsReported(page);
  assert.ok(page.errors.some((e) => e.startsWith('CSP violation: script-src')), 'the violation is caught');
  page.errors.length = 0;
  // Every game, in both languages, plays with no violation and no foreign request.
  for (const slug of GAMES) {
    await load(page, `#/${slug}`);
    await gameData(slug).first.play(page);
    await switchLanguage(page);
    await switchLanguage(page);
  }
  await done(page);
});

test('a new version waits: the page says so, the game goes on, and the player reloads when ready', async () => {
  const page = await browser.open('#/connect-four');
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 15000 });
  await cell(page, 3, 0).click();
  // A new build is deployed: its service worker differs.
  // Its version is the one in the running worker's cache name, wherever minifying put it.
  const current = await page.evaluate(async () => (await fetch('sw.js')).text());
  const [cache] = await page.evaluate(() => caches.keys());
  const version = cache.replace('board-suite-', '');
  assert.ok(current.includes(version), 'the worker names its version');
  browser.replace('/sw.js', current.replaceAll(version, 'a-new-build'));
  await page.evaluate(() => { window.sameDocument = true; });
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
  const notice = page.locator('[data-notice="update"]');
  await notice.waitFor({ timeout: 15000 });
  assert.match(await notice.textContent(), /new version is ready/);
  // Nothing was interrupted: the same page, and play goes on.
  assert.equal(await page.evaluate(() => window.sameDocument), true);
  await cell(page, 4, 0).click();
  assert.equal(await owner(page, 4, 5), 'yellow');
  // The player chooses to reload: the new version runs the page, and the game is all there.
  await Promise.all([page.waitForEvent('load'), notice.locator('button[data-action="update"]').click()]);
  await page.waitForSelector('header.top');
  assert.equal(await page.evaluate(() => window.sameDocument), undefined, 'reloaded');
  assert.equal(await moveCount(page), 2);
  assert.equal(await notice.count(), 0);
  const running = await page.evaluate(async () => {
    const keys = await caches.keys();
    return keys;
  });
  assert.deepEqual(running, ['board-suite-a-new-build'], 'the old cache is gone');
  await done(page);
});
