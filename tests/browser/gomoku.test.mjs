// Gomoku in headless Chromium against the release build (the DOM board).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canvasPoint, cell, control, done, moveCount, moveTexts, newGame, owner, placeInTurn, pressed,
  status, suite, tap, toggle, touchDrag,
} from './harness.mjs';

const browser = suite();
const game = (hash = '#/gomoku', options) => browser.open(hash, options);

const ROW = [[3, 7], [4, 7], [5, 7], [6, 7], [7, 7]];
const ASIDE = [[3, 9], [5, 9], [7, 9], [9, 9]];

test('a game to five by clicks, and undo then redo restores the win', async () => {
  const page = await game();
  await placeInTurn(page, ROW, ASIDE);
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
  assert.equal(await moveCount(page), 9);
  await done(page);
});

test('a stone dragged from the bowl is placed; a taken point ignores clicks', async () => {
  const page = await game();
  await page.locator('[data-hand="black"] [data-piece][draggable="true"]').dragTo(cell(page, 7, 7));
  assert.equal(await owner(page, 7, 7), 'black');
  await cell(page, 7, 7).click();
  assert.equal(await moveCount(page), 1);
  assert.equal(await owner(page, 7, 7), 'black');
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  await done(page);
});

test('renju: a point forbidden to black is marked and refused', async () => {
  const page = await game();
  await newGame(page, { rules: { index: 2 } });
  assert.match(await page.locator('[data-info]').textContent(), /Renju/);
  // Black 3-7 4-7 6-7 7-7 8-7: filling 5-7 would make six, an overline.
  await placeInTurn(page, [[3, 7], [4, 7], [6, 7], [7, 7], [8, 7]], [[3, 10], [5, 10], [7, 10], [9, 10], [11, 10]]);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.equal(await cell(page, 5, 7).getAttribute('data-mark'), 'forbidden');
  await cell(page, 5, 7).click();
  assert.match(await page.locator('.message').textContent(), /Forbidden to black/);
  assert.equal(await cell(page, 5, 7).locator('[data-piece]').count(), 0);
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  await done(page);
});

/** The pixel of point (x, y) on the canvas board. */
const pointOnCanvas = (page, x, y) => canvasPoint(page, 'gomoku', x, y);

test('switching to the canvas mid-game keeps the game, and a click on a point places there', async () => {
  const page = await game();
  await placeInTurn(page, [[7, 7], [8, 8]], [[7, 8]]);
  const moves = await moveTexts(page);
  const turn = await status(page).getAttribute('data-turn');
  await toggle(page, 'renderer');
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  assert.deepEqual(await moveTexts(page), moves);
  assert.equal(await status(page).getAttribute('data-turn'), turn);
  const at = await pointOnCanvas(page, 3, 11);
  await page.mouse.click(at.x, at.y);
  assert.deepEqual(await moveTexts(page), [...moves, '4d4']);
  // The choice is remembered, and switching back shows the stone on its point.
  await page.reload();
  await page.locator('canvas[data-board]').waitFor();
  await toggle(page, 'renderer');
  assert.equal(await owner(page, 3, 11), 'white');
  await done(page);
});

test('on the canvas: the bowl drag, the keyboard, and a win shown', async () => {
  const page = await game();
  await toggle(page, 'renderer');
  const canvas = page.locator('canvas[data-board]');
  const at = await pointOnCanvas(page, 2, 2);
  await page.locator('[data-hand="black"] [data-piece]').dragTo(canvas, { targetPosition: { x: at.x - (await canvas.boundingBox()).x, y: at.y - (await canvas.boundingBox()).y } });
  assert.deepEqual(await moveTexts(page), ['1c13']);
  await canvas.focus();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  assert.equal(await moveCount(page), 2);
  for (const [bx, by, wx, wy] of [[3, 3, 9, 9], [4, 4, 10, 9], [5, 5, 11, 9], [6, 6, 0, 0]]) {
    const b = await pointOnCanvas(page, bx, by);
    await page.mouse.click(b.x, b.y);
    if (bx === 6) break;
    const w = await pointOnCanvas(page, wx, wy);
    await page.mouse.click(w.x, w.y);
  }
  await page.locator('[data-overlay]').waitFor();
  assert.equal(await status(page).getAttribute('data-outcome'), 'black');
  await done(page);
});

test('move numbers on stones, a remembered toggle, on both renderers', async () => {
  const page = await game();
  await placeInTurn(page, [[7, 7], [8, 7]], [[7, 8]]);
  assert.equal(await cell(page, 7, 8).getAttribute('data-number'), '2');
  assert.equal(await page.locator('.board-area.numbered').count(), 0);
  await toggle(page, 'numbers');
  assert.equal(await pressed(page, 'numbers'), 'true');
  assert.equal(await page.locator('.board-area.numbered').count(), 1);
  const shown = await cell(page, 8, 7).evaluate((c) => getComputedStyle(c, '::after').content);
  assert.equal(shown, '"3"');
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await page.locator('.board-area.numbered').count(), 1, 'remembered');
  await toggle(page, 'renderer');
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  await done(page);
});

test('a tap on the canvas places a stone, once', async () => {
  const page = await game();
  await toggle(page, 'renderer');
  const at = await pointOnCanvas(page, 4, 4);
  await page.touchscreen.tap(at.x, at.y);
  assert.deepEqual(await moveTexts(page), ['1e11']);
  await done(page);
});

test('a touch drag from the bowl places on the canvas', async () => {
  const page = await game();
  await toggle(page, 'renderer');
  // The canvas's centre is its middle point, h8.
  await touchDrag(page, page.locator('[data-hand="black"] [data-piece]'), page.locator('canvas[data-board]'));
  assert.deepEqual(await moveTexts(page), ['1h8']);
  await done(page);
});

/** A fresh page on a phone's screen (360x740, touch), on `hash`. */
async function phone(hash = '#/gomoku') {
  const page = await game(hash);
  await page.setViewportSize({ width: 360, height: 740 });
  return page;
}

test('on a phone, a tap shows where the stone would go, and a second tap there places it', async () => {
  const page = await phone();
  const point = cell(page, 7, 7);
  const size = await point.boundingBox();
  assert.ok(size.width < 36, `the points are small on a phone (${size.width} px)`);
  await tap(page, point);
  assert.equal(await point.getAttribute('data-pending'), '');
  assert.equal(await point.locator('.piece.pending.black').count(), 1, 'the stone is shown, marked');
  assert.equal(await point.locator('[data-piece]').count(), 0, 'nothing is placed');
  assert.equal(await moveCount(page), 0);
  assert.match(await page.locator('[data-pending-said]').textContent(), /^h8: .*Tap again/);
  await page.screenshot({ path: '/tmp/touch-gomoku-pending.png' });
  // A tap elsewhere moves the preview.
  await tap(page, cell(page, 8, 7));
  assert.equal(await point.getAttribute('data-pending'), null);
  assert.equal(await cell(page, 8, 7).getAttribute('data-pending'), '');
  assert.equal(await moveCount(page), 0);
  await tap(page, cell(page, 8, 7));
  assert.deepEqual(await moveTexts(page), ['1i8']);
  assert.equal(await owner(page, 8, 7), 'black');
  assert.equal(await page.locator('[data-pending]').count(), 0, 'the placed stone waits no more');
  assert.equal(await page.locator('[data-pending-said]').textContent(), '');
  await done(page);
});

test('on a phone, a mouse click, the keyboard and a drag still place at once', async () => {
  const page = await phone();
  await cell(page, 7, 7).click();
  assert.deepEqual(await moveTexts(page), ['1h8']);
  await cell(page, 8, 8).focus();
  await page.keyboard.press('Enter');
  assert.equal(await owner(page, 8, 8), 'white');
  await touchDrag(page, page.locator('[data-hand="black"] [data-piece]'), cell(page, 6, 6));
  assert.equal(await owner(page, 6, 6), 'black');
  assert.equal(await moveCount(page), 3);
  assert.equal(await page.locator('[data-pending]').count(), 0);
  await done(page);
});

test('on a phone, the canvas asks for a second tap too', async () => {
  const page = await phone();
  await toggle(page, 'renderer');
  // The switch is below the board on a phone: back up to the board.
  await page.locator('canvas[data-board]').scrollIntoViewIfNeeded();
  const at = await pointOnCanvas(page, 4, 4);
  await page.touchscreen.tap(at.x, at.y);
  assert.equal(await moveCount(page), 0);
  assert.match(await page.locator('[data-pending-said]').textContent(), /^e11: .*Tap again/);
  await page.screenshot({ path: '/tmp/touch-gomoku-canvas-pending.png' });
  await page.touchscreen.tap(at.x, at.y);
  assert.deepEqual(await moveTexts(page), ['1e11']);
  await done(page);
});
