// Each route loads only what it needs: the picker's binary at `#/`, a game's own binary at its
// route, never another game's; and moving between games in the page switches binaries without
// reloading the page or losing a game in progress.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { done, firstMoveShown, gameData, suite } from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();

/** The page's binaries a page fetched: `picker` or a game's slug, from the files' names. */
const binaries = (page) => [...new Set(page.requests.flatMap((url) => {
  const name = new URL(url).pathname.split('/').pop();
  const game = /^game-([a-z-]+)-[0-9a-f]{16}(?:\.js|_bg\.wasm)$/.exec(name);
  if (game) return [game[1]];
  return /^board-suite-[0-9a-f]{16}(?:\.js|_bg\.wasm)$/.test(name) ? ['picker'] : [];
}))].sort();

test('the picker fetches no game\'s binary', async () => {
  const page = await browser.open('#/');
  await page.waitForSelector('a[data-link]');
  assert.deepEqual(binaries(page), ['picker']);
  assert.ok(!page.requests.some((url) => url.includes('engine-worker')), 'nor the engine');
  await done(page);
});

test('each game route fetches its own binary and no other game\'s', async () => {
  for (const slug of GAMES) {
    const page = await browser.open(gameData(slug).route);
    await page.waitForSelector(`main[data-game="${slug}"]`);
    // The board plays: the route's binary is all it needed.
    await gameData(slug).first.play(page);
    assert.equal(await firstMoveShown(page, slug), gameData(slug).first.value, `${slug} plays`);
    assert.deepEqual(binaries(page), [slug], `${slug} fetched only its own binary`);
    await done(page);
  }
});

test('picker, a game, another game and back: one page, every game kept', async () => {
  const [a, b] = GAMES;
  const page = await browser.open('#/');
  await page.waitForSelector('a[data-link]');
  // Set on this document: a reload would lose it.
  await page.evaluate(() => { window.samePage = true; });
  await page.click(`a[data-link="${a}"]`);
  await page.waitForSelector(`main[data-game="${a}"]`);
  await gameData(a).first.play(page);
  assert.equal(await firstMoveShown(page, a), gameData(a).first.value);

  await page.click('header a.brand');
  await page.waitForSelector('a[data-link]');
  await page.click(`a[data-link="${b}"]`);
  await page.waitForSelector(`main[data-game="${b}"]`);
  assert.equal(await page.locator(`main[data-game="${a}"]`).count(), 0, 'one game shown at a time');

  // Back through the history: the picker, then the first game with its move.
  await page.goBack();
  await page.waitForSelector('a[data-link]');
  await page.goBack();
  await page.waitForSelector(`main[data-game="${a}"]`);
  assert.equal(await firstMoveShown(page, a), gameData(a).first.value, 'the game in progress is kept');
  assert.equal(await page.evaluate(() => window.samePage), true, 'no reload');
  assert.equal(await page.locator('header.top').count(), 1, 'one app on the page');
  assert.deepEqual(binaries(page), ['picker', a, b].sort(), 'each binary fetched once');
  await done(page);
});

test('a game whose binary cannot be fetched says so, and a retry loads it', async () => {
  const [slug] = GAMES;
  const page = await browser.open('#/');
  await page.waitForSelector('a[data-link]');
  await page.route(/game-[a-z-]+-[0-9a-f]{16}/, (route) => route.abort());
  await page.click(`a[data-link="${slug}"]`);
  await page.waitForSelector('[data-notice="unavailable"]');
  assert.equal(await page.locator('a[data-link]').count(), 0, 'the picker gave way to the notice');
  await page.unroute(/game-[a-z-]+-[0-9a-f]{16}/);
  await page.click('button[data-action="retry"]');
  await page.waitForSelector(`main[data-game="${slug}"]`);
  // The failed fetches were logged by the browser; nothing else was.
  page.errors = page.errors.filter((e) => !/Failed to load resource|net::ERR_FAILED|Failed to fetch|dynamically imported module/i.test(e));
  await done(page);
});
