// Five Tigers in headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, clickCells, control, done, fixture, moveList, newGame, owner, piece, saveKey, status, suite } from './harness.mjs';

const browser = suite();
const SAVE_KEY = saveKey('five-tigers');
const game = (hash = '#/five-tigers', options) => browser.open(hash, options);
/** The fixture: a moving-phase game where white's step b5-b4 makes a square. */
const CAPTURE = fixture('five-tigers-capture');

test('a placement that makes a square earns another placement', async () => {
  const page = await game();
  assert.equal(await status(page).getAttribute('data-phase'), 'place');
  await clickCells(page, [[0, 0], [4, 4], [1, 0], [4, 3], [0, 1], [4, 2]]);
  await cell(page, 1, 1).click();
  assert.equal(await status(page).getAttribute('data-turn'), 'black', 'black places again');
  assert.match(await page.locator('[data-detail]').textContent(), /Square \(方\) \+1.*1 placement left/);
  const lit = await page.locator('[data-cell][data-highlight]').evaluateAll((c) => c.map((e) => `${e.dataset.x},${e.dataset.y}`));
  assert.deepEqual(lit, ['0,0', '1,0', '0,1', '1,1']);
  // The extra stone, dragged from the bowl.
  await page.locator('[data-hand="black"] [data-piece][draggable="true"]').dragTo(cell(page, 2, 2));
  assert.equal(await owner(page, 2, 2), 'black');
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  // The placement and the one it earned are one turn: one entry, and Undo takes both back.
  const entries = moveList(page);
  assert.equal(await entries.count(), 7);
  assert.match(await entries.last().textContent(), /b4 c3$/);
  await control(page, 'undo').click();
  assert.equal(await piece(page, 1, 1).count() + await piece(page, 2, 2).count(), 0);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  await done(page);
});

test('a full board starts the removal round, the second player first', async () => {
  const save = JSON.parse(CAPTURE);
  const moves = save.record.moves;
  save.record.moves = moves.slice(0, moves.findIndex((m) => 'Remove' in m));
  const page = await game('#/five-tigers', { storage: { [SAVE_KEY]: JSON.stringify(save) } });
  assert.equal(await status(page).getAttribute('data-phase'), 'remove');
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  assert.equal(await page.locator('[data-hand]').count(), 0, 'no bowl outside the placing phase');
  const black = page.locator('[data-piece][data-owner="black"]');
  const before = await black.count();
  await black.first().click();
  assert.equal(await black.count(), before - 1);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  await done(page);
});

test('a drag that makes a square is followed by the capture it earns', async () => {
  const page = await game('#/five-tigers', { storage: { [SAVE_KEY]: CAPTURE } });
  assert.equal(await status(page).getAttribute('data-phase'), 'move');
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  await piece(page, 1, 0).dragTo(cell(page, 1, 1));
  assert.equal(await owner(page, 1, 1), 'white');
  assert.equal(await status(page).getAttribute('data-turn'), 'white', 'the capture comes first');
  assert.match(await page.locator('[data-detail]').textContent(), /Square \(方\) \+1 — Take 1 stone/);
  assert.equal(await page.locator('[data-cell][data-highlight]').count(), 4);
  const black = page.locator('[data-piece][data-owner="black"]');
  const before = await black.count();
  while ((await status(page).getAttribute('data-turn')) === 'white' && await status(page).getAttribute('data-outcome') === null) {
    await black.first().click();
  }
  assert.ok(await black.count() < before);
  assert.equal(await control(page, 'undo').isDisabled(), false);
  await done(page);
});

test('the preset is chosen in the new-game dialog and shown', async () => {
  const page = await game();
  assert.match(await page.locator('[data-info]').textContent(), /Five diagonal \(五斜\) 3/);
  await newGame(page, { preset: { index: 2 } });
  assert.match(await page.locator('[data-info]').textContent(), /Five diagonal \(五斜\) 5/);
  await cell(page, 2, 2).click();
  assert.equal(await page.locator('[data-dialog] [data-setting="preset"]').count(), 0, 'the rules change only for a new game');
  await done(page);
});
