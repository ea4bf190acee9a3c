// The canvas renderer on every board, not only gomoku's: it takes the same view and the same
// inputs as the DOM board, so moves made on it by click, drag, tap or key are the same moves,
// and switching back shows them on the DOM board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  canvasPoint, cell, clickCanvas, done, gameData, moveCount, owner, piece, status, suite, toggle,
} from './harness.mjs';

const browser = suite();

async function onCanvas(game, hash = `#/${game}`) {
  const page = await browser.open(hash);
  await toggle(page, 'renderer');
  // The canvas's code is fetched the first time it is chosen; the grid is drawn until then.
  await page.locator('canvas[data-board]').waitFor();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  // Boards of squares put pieces in the middle of a square; boards of points on the crossings.
  const { columns, rows, inset } = gameData(game).canvas;
  const box = await page.locator('canvas[data-board]').boundingBox();
  // The canvas has the board's shape.
  const ratio = (columns - 1 + 2 * inset) / (rows - 1 + 2 * inset);
  assert.ok(Math.abs(box.width / box.height - ratio) < 0.03, `${game}: ${box.width}x${box.height}`);
  return page;
}

const backToDom = async (page) => {
  await toggle(page, 'renderer');
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'dom');
};

test('Connect Four on the canvas: a click in a column drops a disc to its foot', async () => {
  const page = await onCanvas('connect-four');
  await clickCanvas(page, 'connect-four', 3, 0);
  await clickCanvas(page, 'connect-four', 3, 2);
  assert.equal(await moveCount(page), 2);
  await backToDom(page);
  assert.equal(await owner(page, 3, 5), 'red');
  assert.equal(await owner(page, 3, 4), 'yellow');
  await done(page);
});

test('checkers on the canvas: a click moves, a mouse drag moves, a wrong square does nothing', async () => {
  const page = await onCanvas('checkers');
  // Select (3,2) and click (4,3): 11-15.
  await clickCanvas(page, 'checkers', 3, 2);
  await clickCanvas(page, 'checkers', 4, 3);
  assert.equal(await moveCount(page), 1);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  // A light square, then a drag of red's man from (2,5) to (3,4): 22-18.
  await clickCanvas(page, 'checkers', 0, 0);
  const from = await canvasPoint(page, 'checkers', 2, 5);
  const to = await canvasPoint(page, 'checkers', 3, 4);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  assert.equal(await moveCount(page), 2);
  await backToDom(page);
  assert.equal(await owner(page, 4, 3), 'black');
  assert.equal(await owner(page, 3, 4), 'red');
  assert.equal(await piece(page, 2, 5).count(), 0);
  await done(page);
});

test('dark chess on the canvas: a tap flips, the keyboard flips the focused square', async () => {
  const page = await onCanvas('dark-chess', '#/dark-chess?seed=7');
  const canvas = page.locator('canvas[data-board]');
  const at = await canvasPoint(page, 'dark-chess', 0, 0);
  await page.touchscreen.tap(at.x, at.y);
  assert.equal(await moveCount(page), 1);
  // The focus follows the tap; two steps right, then Enter.
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await moveCount(page), 2);
  await backToDom(page);
  assert.equal(await piece(page, 0, 0).getAttribute('data-face'), null);
  assert.equal(await piece(page, 2, 0).getAttribute('data-face'), null);
  await done(page);
});

test('Five Tigers on the canvas: stones placed on the points', async () => {
  const page = await onCanvas('five-tigers');
  await clickCanvas(page, 'five-tigers', 0, 0);
  await clickCanvas(page, 'five-tigers', 4, 4);
  assert.equal(await moveCount(page), 2);
  await backToDom(page);
  assert.equal(await owner(page, 0, 0), 'black');
  assert.equal(await owner(page, 4, 4), 'white');
  await done(page);
});

test('the renderer is remembered per game', async () => {
  const page = await onCanvas('checkers');
  await page.reload();
  await page.locator('canvas[data-board]').waitFor();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  await page.goto(page.url().replace('checkers', 'connect-four'));
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'dom');
  assert.ok(await cell(page, 0, 0).count());
  await done(page);
});
