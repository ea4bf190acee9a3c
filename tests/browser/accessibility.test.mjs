// Every screen through axe-core, the accessibility engine most sites test with: no violation of
// WCAG 2.1 A or AA on the picker and every game, in both languages, on a phone and a desktop
// screen, and in the states a game goes through (in progress, finished with its result, a
// question asked, the pass-the-device cover, the board drawn on a canvas).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { accessibility, cell, control, done, suite } from './harness.mjs';

const browser = suite();
const GAMES = ['connect-four', 'gomoku', 'dark-chess', 'five-tigers', 'checkers'];
const SCREENS = { desktop: { width: 1100, height: 760 }, phone: { width: 390, height: 800 } };

const clean = async (page, what) => assert.deepEqual(await accessibility(page), [], what);

for (const [screen, size] of Object.entries(SCREENS)) {
  for (const lang of ['en', 'zh-Hant']) {
    test(`no violations on the picker and every game: ${lang}, ${screen}`, async () => {
      const page = await browser.open('#/');
      await page.setViewportSize(size);
      if (lang !== 'en') await page.locator('button[data-action="language"]').click();
      assert.equal(await page.locator('html').getAttribute('lang'), lang);
      await clean(page, `picker (${lang}, ${screen})`);
      for (const game of GAMES) {
        await page.goto(page.url().replace(/#.*/, `#/${game}`));
        await page.waitForSelector('[data-board]');
        await clean(page, `${game} (${lang}, ${screen})`);
      }
      await done(page);
    });
  }
}

test('no violations in play: moves made, a question asked, the game over with its result', async () => {
  const page = await browser.open('#/connect-four');
  for (const x of [0, 1, 0, 1]) await cell(page, x, 0).click();
  await clean(page, 'in progress');
  await control(page, 'resign').click();
  await clean(page, 'asked to resign');
  await page.locator('button[data-action="cancel"]').click();
  for (const x of [0, 1, 0]) await cell(page, x, 0).click();
  // Measured once the result has faded in: half-faded text is not what a player reads.
  await page.locator('[data-overlay]').evaluate((overlay) => Promise.all(overlay.getAnimations().map((a) => a.finished)));
  await clean(page, 'won, with the result over the board');
  await done(page);
});

test('no violations with the cover, the turn flow, a move being made and the canvas', async () => {
  const page = await browser.open('#/checkers');
  await page.locator('[data-setting="confirm-turn"]').check();
  await cell(page, 3, 2).click();
  await cell(page, 4, 3).click();
  await clean(page, 'a move waiting for Finish Turn');
  await page.locator('[data-setting="pass-device"]').check();
  await page.locator('button[data-action="finish-turn"]').click();
  await page.locator('[data-cover]').waitFor();
  await clean(page, 'the pass-the-device cover');
  await page.locator('button[data-action="start-turn"]').click();
  await control(page, 'renderer').click();
  await clean(page, 'the board on a canvas');
  await done(page);
});
