// The coordinates on every board are the move list's: a move is played at a known cell, and
// the labels the board shows there (and the cell's name for a screen reader) are compared with
// the move list's notation of it. Also: the switch, which is remembered; labels that catch no
// pointer; gomoku's star points.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  cell, clickCells, done, notations, pressed, suite, toggle,
} from './harness.mjs';

const browser = suite();
/** The label of a kind (`file`, `rank`, `corner`) shown over a cell, or null. */
const label = async (page, x, y, kind) => {
  const shown = page.locator(`.coord.${kind}[style="grid-area: ${y + 1} / ${x + 1}"]`);
  return (await shown.count()) ? (await shown.textContent()).trim() : null;
};
/** The file under column `x` and the rank beside row `y`, as the board shows them. */
const coordinate = async (page, x, y, rows) =>
  `${await label(page, x, rows - 1, 'file')}${await label(page, 0, y, 'rank')}`;

test('gomoku: the letters and numbers round the board name the point the move list writes', async () => {
  const page = await browser.open('#/gomoku');
  await cell(page, 7, 7).click();
  await cell(page, 2, 12).click();
  assert.deepEqual(await notations(page), ['h8', 'c3']);
  assert.equal(await coordinate(page, 7, 7, 15), 'h8');
  assert.equal(await coordinate(page, 2, 12, 15), 'c3');
  assert.match(await cell(page, 2, 12).getAttribute('aria-label'), /^c3:/);
  // The star points: the centre and the four 4-4 points.
  const stars = await page.locator('[data-cell][data-star]').evaluateAll((cells) => cells.map((c) => c.getAttribute('aria-label').split(':')[0]));
  assert.deepEqual(stars.sort(), ['d12', 'd4', 'h8', 'l12', 'l4']);
  await done(page);
});

test('Five Tigers: the labels name the point of a placement', async () => {
  const page = await browser.open('#/five-tigers');
  await cell(page, 1, 3).click();
  assert.deepEqual(await notations(page), ['b2']);
  assert.equal(await coordinate(page, 1, 3, 5), 'b2');
  assert.match(await cell(page, 1, 3).getAttribute('aria-label'), /^b2:/);
  await done(page);
});

test('dark chess: the files and ranks name the square of a flip', async () => {
  const page = await browser.open('#/dark-chess');
  await cell(page, 2, 1).click();
  const [flip] = await notations(page);
  assert.match(flip, /^c3=/);
  assert.equal(await coordinate(page, 2, 1, 4), 'c3');
  assert.match(await cell(page, 2, 1).getAttribute('aria-label'), /^c3:/);
  await done(page);
});

test('Connect Four: the column numbers under the board are the move list\'s', async () => {
  const page = await browser.open('#/connect-four');
  await cell(page, 4, 0).click();
  assert.deepEqual(await notations(page), ['5']);
  assert.equal(await label(page, 4, 5, 'file'), '5');
  assert.match(await cell(page, 4, 5).getAttribute('aria-label'), /^Column 5,/);
  assert.equal(await page.locator('.coord.rank').count(), 0);
  await done(page);
});

test('checkers: each dark square shows its PDN number, the move list\'s', async () => {
  const page = await browser.open('#/checkers');
  assert.equal(await page.locator('.coord.corner').count(), 32);
  // Black's man on square 11 (x 5, y 2) moves to 15 (x 4, y 3).
  assert.equal(await label(page, 5, 2, 'corner'), '11');
  assert.equal(await label(page, 4, 3, 'corner'), '15');
  await clickCells(page, [[5, 2], [4, 3]]);
  assert.deepEqual(await notations(page), ['11-15']);
  assert.match(await cell(page, 4, 3).getAttribute('aria-label'), /^Square 15:/);
  await done(page);
});

test('the coordinates catch no pointer, can be hidden, and stay as the player left them', async () => {
  const page = await browser.open('#/checkers');
  const labels = page.locator('.coord');
  const events = await labels.evaluateAll((all) => [...new Set(all.map((l) => getComputedStyle(l).pointerEvents))]);
  assert.deepEqual(events, ['none']);
  // A click on a label reaches its cell: black's man under it (square 9) is picked up.
  const box = await page.locator('.coord.corner[style="grid-area: 3 / 2"]').boundingBox();
  await page.mouse.click(box.x + box.width * .1, box.y + box.height * .1);
  assert.equal(await cell(page, 1, 2).getAttribute('data-selected'), '');
  assert.equal(await pressed(page, 'coordinates'), 'true');
  await toggle(page, 'coordinates');
  assert.equal(await labels.count(), 0);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await pressed(page, 'coordinates'), 'false');
  assert.equal(await page.locator('.coord').count(), 0);
  await toggle(page, 'coordinates');
  assert.equal(await page.locator('.coord').count(), 32);
  await done(page);
});
