// The canvas renderer on every board, not only gomoku's: it takes the same view and the same
// inputs as the DOM board, so moves made on it by click, drag, tap or key are the same moves,
// and switching back shows them on the DOM board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, control, done, piece, status, suite } from './harness.mjs';

const browser = suite();

/** Boards of squares put pieces in the middle of a square; boards of points on the crossings. */
const SHAPES = {
  'connect-four': { columns: 7, rows: 6, inset: 0.5 },
  'dark-chess': { columns: 8, rows: 4, inset: 0.5 },
  checkers: { columns: 8, rows: 8, inset: 0.5 },
  'five-tigers': { columns: 5, rows: 5, inset: 0.75 },
};

/** The page pixel of cell (x, y) on the canvas. */
async function pixel(page, game, x, y) {
  const { columns, inset } = SHAPES[game];
  const box = await page.locator('canvas[data-board]').boundingBox();
  const size = box.width / (columns - 1 + 2 * inset);
  return { x: box.x + (inset + x) * size, y: box.y + (inset + y) * size };
}

const clickAt = async (page, game, x, y) => {
  const at = await pixel(page, game, x, y);
  await page.mouse.click(at.x, at.y);
};
const moves = (page) => page.locator('[data-moves] [data-move]').count();

async function onCanvas(game, hash = `#/${game}`) {
  const page = await browser.open(hash);
  await control(page, 'renderer').click();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  const { columns, rows } = SHAPES[game];
  const box = await page.locator('canvas[data-board]').boundingBox();
  // The canvas has the board's shape.
  const inset = SHAPES[game].inset;
  const ratio = (columns - 1 + 2 * inset) / (rows - 1 + 2 * inset);
  assert.ok(Math.abs(box.width / box.height - ratio) < 0.03, `${game}: ${box.width}x${box.height}`);
  return page;
}

const backToDom = async (page) => {
  await control(page, 'renderer').click();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'dom');
};

test('Connect Four on the canvas: a click in a column drops a disc to its foot', async () => {
  const page = await onCanvas('connect-four');
  await clickAt(page, 'connect-four', 3, 0);
  await clickAt(page, 'connect-four', 3, 2);
  assert.equal(await moves(page), 2);
  await backToDom(page);
  assert.equal(await piece(page, 3, 5).getAttribute('data-owner'), 'red');
  assert.equal(await piece(page, 3, 4).getAttribute('data-owner'), 'yellow');
  await done(page);
});

test('checkers on the canvas: a click moves, a mouse drag moves, a wrong square does nothing', async () => {
  const page = await onCanvas('checkers');
  // Select (3,2) and click (4,3): 11-15.
  await clickAt(page, 'checkers', 3, 2);
  await clickAt(page, 'checkers', 4, 3);
  assert.equal(await moves(page), 1);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  // A light square, then a drag of red's man from (2,5) to (3,4): 22-18.
  await clickAt(page, 'checkers', 0, 0);
  const from = await pixel(page, 'checkers', 2, 5);
  const to = await pixel(page, 'checkers', 3, 4);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
  assert.equal(await moves(page), 2);
  await backToDom(page);
  assert.equal(await piece(page, 4, 3).getAttribute('data-owner'), 'black');
  assert.equal(await piece(page, 3, 4).getAttribute('data-owner'), 'red');
  assert.equal(await piece(page, 2, 5).count(), 0);
  await done(page);
});

test('dark chess on the canvas: a tap flips, the keyboard flips the focused square', async () => {
  const page = await onCanvas('dark-chess', '#/dark-chess?seed=7');
  const canvas = page.locator('canvas[data-board]');
  const at = await pixel(page, 'dark-chess', 0, 0);
  await page.touchscreen.tap(at.x, at.y);
  assert.equal(await moves(page), 1);
  // The focus follows the tap; two steps right, then Enter.
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await moves(page), 2);
  await backToDom(page);
  assert.equal(await piece(page, 0, 0).getAttribute('data-face'), null);
  assert.equal(await piece(page, 2, 0).getAttribute('data-face'), null);
  await done(page);
});

test('Five Tigers on the canvas: stones placed on the points', async () => {
  const page = await onCanvas('five-tigers');
  await clickAt(page, 'five-tigers', 0, 0);
  await clickAt(page, 'five-tigers', 4, 4);
  assert.equal(await moves(page), 2);
  await backToDom(page);
  assert.equal(await piece(page, 0, 0).getAttribute('data-owner'), 'black');
  assert.equal(await piece(page, 4, 4).getAttribute('data-owner'), 'white');
  await done(page);
});

test('the renderer is remembered per game', async () => {
  const page = await onCanvas('checkers');
  await page.reload();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  await page.goto(page.url().replace('checkers', 'connect-four'));
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'dom');
  assert.ok(await cell(page, 0, 0).count());
  await done(page);
});
