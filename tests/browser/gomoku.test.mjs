// Gomoku in headless Chromium against the release build (the DOM board).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, control, done, piece, status, suite } from './harness.mjs';

const browser = suite();
const game = (hash = '#/gomoku', options) => browser.open(hash, options);

/** Black on `black`, white on `white` in turn, black first. */
async function play(page, black, white) {
  for (let i = 0; i < black.length; i++) {
    await cell(page, ...black[i]).click();
    if (i < white.length) await cell(page, ...white[i]).click();
  }
}

const ROW = [[3, 7], [4, 7], [5, 7], [6, 7], [7, 7]];
const ASIDE = [[3, 9], [5, 9], [7, 9], [9, 9]];

test('a game to five by clicks, and undo then redo restores the win', async () => {
  const page = await game();
  await play(page, ROW, ASIDE);
  await page.locator('[data-overlay]').waitFor();
  assert.equal(await status(page).getAttribute('data-outcome'), 'black');
  const lit = await page.locator('[data-cell][data-highlight]').evaluateAll((c) => c.map((e) => `${e.dataset.x},${e.dataset.y}`));
  assert.deepEqual(lit, ROW.map(([x, y]) => `${x},${y}`));
  assert.equal(await cell(page, 7, 7).getAttribute('data-last'), '');
  await page.locator('[data-overlay] [data-action="close"]').click();
  await control(page, 'undo').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'black', 'after a win, undo returns to play');
  assert.equal(await page.locator('[data-highlight]').count(), 0);
  await control(page, 'redo').click();
  assert.equal(await status(page).getAttribute('data-outcome'), 'black');
  assert.equal(await page.locator('[data-move]').count(), 9);
  await done(page);
});

test('a stone dragged from the bowl is placed; a taken point ignores clicks', async () => {
  const page = await game();
  await page.locator('[data-hand="black"] [data-piece][draggable="true"]').dragTo(cell(page, 7, 7));
  assert.equal(await piece(page, 7, 7).getAttribute('data-owner'), 'black');
  await cell(page, 7, 7).click();
  assert.equal(await page.locator('[data-move]').count(), 1);
  assert.equal(await piece(page, 7, 7).getAttribute('data-owner'), 'black');
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  await done(page);
});

test('renju: a point forbidden to black is marked and refused', async () => {
  const page = await game();
  await page.locator('[data-setting="rules"]').selectOption({ index: 2 });
  assert.match(await page.locator('[data-info]').textContent(), /Renju/);
  // Black 3-7 4-7 6-7 7-7 8-7: filling 5-7 would make six, an overline.
  await play(page, [[3, 7], [4, 7], [6, 7], [7, 7], [8, 7]], [[3, 10], [5, 10], [7, 10], [9, 10], [11, 10]]);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.equal(await cell(page, 5, 7).getAttribute('data-mark'), 'forbidden');
  await cell(page, 5, 7).click();
  assert.match(await page.locator('.message').textContent(), /Forbidden to black/);
  assert.equal(await cell(page, 5, 7).locator('[data-piece]').count(), 0);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  await done(page);
});
