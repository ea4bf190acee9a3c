// Each route loads only what it needs: the picker's binary at `#/`, a game's own binary at its
// route, never another game's; and moving between games in the page switches binaries without
// reloading the page or losing a game in progress.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { done, firstMoveShown, gameData, suite } from './harness.mjs';
import { ROUTE_FONTS } from '../../scripts/route-fonts.mjs';

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

test('each route\'s first screen draws only the font files the size report counts for it', async () => {
  for (const route of ['#/', ...GAMES.map((slug) => gameData(slug).route)]) {
    const page = await browser.open(route);
    await page.waitForSelector(route === '#/' ? 'a[data-link]' : 'main[data-game]');
    const { drawn, preloaded } = await page.evaluate(async () => {
      await document.fonts.ready;
      // Every character drawn, and the font file each face of the page's font covers.
      const text = document.body.innerText + [...document.querySelectorAll('svg text')].map((t) => t.textContent).join('');
      const points = new Set([...text].map((c) => c.codePointAt(0)));
      const drawn = [];
      for (const sheet of document.styleSheets) {
        for (const rule of sheet.cssRules) {
          if (!(rule instanceof CSSFontFaceRule)) continue;
          const file = /url\("?([^")]+)"?\)/.exec(rule.style.getPropertyValue('src'))[1].split('/').pop();
          const ranges = rule.style.getPropertyValue('unicode-range').split(',').map((range) => {
            const [from, to = from] = range.trim().replace(/^U\+/i, '').split('-');
            return [parseInt(from, 16), parseInt(to, 16)];
          });
          if ([...points].some((p) => ranges.some(([from, to]) => p >= from && p <= to))) drawn.push(file);
        }
      }
      const preloaded = [...document.querySelectorAll('link[rel="preload"][as="font"]')].map((l) => l.getAttribute('href'));
      return { drawn, preloaded };
    });
    const listed = ROUTE_FONTS[route.split('?')[0]] ?? [];
    const counted = [...preloaded, ...listed];
    const beyond = drawn.filter((file) => !preloaded.includes(file)).sort();
    assert.deepEqual(beyond, [...listed].sort(), `${route}: the font files drawn beyond the preloaded one`);
    // What was fetched (on a computer with no CJK font of its own, every file drawn).
    const fetched = [...new Set(page.requests.filter((url) => url.endsWith('.woff2')).map((url) => url.split('/').pop()))];
    for (const file of fetched) assert.ok(counted.includes(file), `${route} fetched ${file}, which the size report does not count`);
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

test('a game\'s home page that cannot be fetched says so, and Try again fetches it', async () => {
  const [slug] = GAMES;
  const page = await browser.open(gameData(slug).route);
  await page.waitForSelector(`main[data-game="${slug}"]`);
  // The home page is a piece of the game's binary, fetched the first time the player goes home.
  const home = /\.split_home\.wasm/;
  await page.route(home, (route) => route.abort());
  await page.evaluate(() => { location.hash = '#/'; });
  const notice = page.locator('[data-page="unavailable"] [data-notice="unavailable"]');
  await notice.waitFor();
  assert.match(await notice.innerText(), /could not be loaded/);
  await page.unroute(home);
  await notice.locator('button[data-action="retry"]').click();
  await page.locator('a[data-link]').first().waitFor();
  assert.equal(await page.locator('[data-notice="unavailable"]').count(), 0);
  // The failed fetch was logged by the browser; nothing else was.
  page.errors = page.errors.filter((e) => !/Failed to load resource|net::ERR_FAILED|Failed to fetch|split_home/i.test(e));
  await done(page);
});
