// The keyboard acts where the focus is, on every DOM board: a cell focused directly (as a
// screen reader's cursor or a script would) takes Enter, and after a click the arrow keys start
// from the clicked cell.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, done, owner, piece, status, suite } from './harness.mjs';

const browser = suite();

/** Focuses a cell the way assistive technology does, with no click and no arrow key. */
const focusAndPress = async (page, x, y, key = 'Enter') => {
  await cell(page, x, y).focus();
  await page.keyboard.press(key);
};

test('Connect Four: Enter drops in the focused column; arrows start from the clicked one', async () => {
  const page = await browser.open('#/connect-four');
  await focusAndPress(page, 2, 0);
  assert.equal(await owner(page, 2, 5), 'red', 'the disc fell in column 3, where the focus was');
  assert.equal(await cell(page, 2, 0).getAttribute('tabindex'), '0', 'the tab stop follows the focus');
  await cell(page, 5, 3).click();
  assert.equal(await owner(page, 5, 5), 'yellow');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await owner(page, 6, 5), 'red', 'one to the right of the clicked column');
  // Tab away and back: the board's tab stop is the last focused cell.
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.dataset.x), '6');
  await done(page);
});

for (const [game, hash] of [['gomoku', '#/gomoku'], ['Five Tigers', '#/five-tigers']]) {
  test(`${game}: Enter places on the focused point; arrows start from the clicked one`, async () => {
    const page = await browser.open(hash);
    await focusAndPress(page, 3, 2);
    assert.equal(await owner(page, 3, 2), 'black');
    await cell(page, 1, 4).click();
    assert.equal(await owner(page, 1, 4), 'white');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press(' ');
    assert.equal(await owner(page, 1, 3), 'black', 'one above the clicked point');
    await done(page);
  });
}

test('dark chess: Enter flips the focused piece; arrows start from the clicked one', async () => {
  const page = await browser.open('#/dark-chess?seed=7');
  await focusAndPress(page, 5, 2);
  assert.equal(await piece(page, 5, 2).getAttribute('data-face'), null, 'the focused piece turned up');
  await cell(page, 0, 0).click();
  assert.equal(await piece(page, 0, 0).getAttribute('data-face'), null);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await piece(page, 0, 1).getAttribute('data-face'), null, 'the piece below the clicked one');
  await done(page);
});

test('checkers: Enter picks up the focused man, arrows walk to a square, Enter moves it', async () => {
  const page = await browser.open('#/checkers');
  await focusAndPress(page, 3, 2);
  assert.equal(await cell(page, 3, 2).getAttribute('data-selected'), '');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  assert.equal(await owner(page, 2, 3), 'black', 'moved to where the arrows led');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  // Red: a click picks up, the arrows start from there.
  await cell(page, 4, 5).click();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  assert.equal(await owner(page, 5, 4), 'red');
  await done(page);
});
