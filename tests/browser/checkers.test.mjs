// Checkers in headless Chromium against the release build: legs by drag and by click, the
// path drawn while a move is made, Finish Turn / Clear Moves / Show Previous, the cover.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, clickCells, closeSettings, control, done, fixture, notations, openSettings, owner, piece,
  newGame, prefer, saveKey, setting, status, suite, touchDrag,
} from './harness.mjs';

const browser = suite();
const SAVE_KEY = saveKey('checkers');
/** Black to move, and its man on (4,3) must jump (3,4) and then (3,6): 15x22x31, crowning. */
const DOUBLE_JUMP = fixture('checkers-double-jump');
/** Black to move, its man on (1,6) one step from the far row, no capture on. */
const CROWNING = fixture('checkers-crowning');
/** A save with other rules. */
const withConfig = (save, config) => JSON.stringify({ ...JSON.parse(save), record: { ...JSON.parse(save).record, config } });

const game = (save) => browser.open('#/checkers', { storage: save ? { [SAVE_KEY]: save } : {} });
const mark = (page, x, y) => cell(page, x, y).getAttribute('data-mark');
/** The cells with a mark, as `x,y=mark`. */
const marks = (page) => page.locator('[data-cell][data-mark]')
  .evaluateAll((cells) => cells.map((c) => `${c.dataset.x},${c.dataset.y}=${c.dataset.mark}`).sort());

test('a single move by drag: black first from the top, listed in PDN', async () => {
  const page = await game();
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.equal(await page.locator('[data-piece][data-owner="black"][data-kind="man"]').count(), 12);
  assert.equal(await page.locator('[data-piece][data-owner="red"][data-kind="man"]').count(), 12);
  assert.equal(await owner(page, 1, 0), 'black', 'black starts at the top');
  assert.equal(await piece(page, 0, 0).count(), 0, 'light squares stay empty');
  // A man cannot step backwards or sideways: the drop is refused and nothing changes.
  await piece(page, 1, 2).dragTo(cell(page, 1, 3));
  assert.equal(await owner(page, 1, 2), 'black');
  await piece(page, 1, 2).dragTo(cell(page, 2, 3));
  assert.equal(await piece(page, 1, 2).count(), 0);
  assert.equal(await owner(page, 2, 3), 'black');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.deepEqual(await notations(page), ['9-14']);
  assert.equal(await cell(page, 2, 3).getAttribute('data-last'), '');
  assert.equal(await cell(page, 1, 2).getAttribute('data-last'), '');
  assert.equal(await piece(page, 2, 3).getAttribute('draggable'), null, "black's men rest on red's turn");
  await done(page);
});

test('a double jump by two drags draws its path, then plays as one move', async () => {
  const page = await game(DOUBLE_JUMP);
  assert.match(await page.locator('[data-detail]').textContent(), /A capture is compulsory/);
  assert.equal(await mark(page, 4, 3), 'must-capture');
  await piece(page, 4, 3).dragTo(cell(page, 2, 5));
  // Part-way: the same piece must jump on; the path shows where it went and what it took.
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.match(await page.locator('[data-detail]').textContent(), /Jump on with the same piece/);
  assert.deepEqual(await marks(page), ['2,5=must-capture', '3,4=removed', '4,3=arrow-sw']);
  assert.equal(await owner(page, 3, 4), 'red', 'the jumped piece stays until the move ends');
  assert.equal(await cell(page, 2, 5).getAttribute('data-selected'), '', 'the jumping piece stays selected');
  assert.equal(await cell(page, 4, 7).getAttribute('data-hint'), 'capture');
  assert.equal((await notations(page)).length, 8, 'nothing is played yet');
  // Undo takes back a leg of the move being made; the jump is made again.
  await control(page, 'undo').click();
  assert.equal(await owner(page, 4, 3), 'black');
  assert.deepEqual(await marks(page), ['4,3=must-capture']);
  await piece(page, 4, 3).dragTo(cell(page, 2, 5));
  await piece(page, 2, 5).dragTo(cell(page, 4, 7));
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.equal((await notations(page)).at(-1), '15x22x31');
  assert.equal(await piece(page, 3, 4).count() + await piece(page, 3, 6).count(), 0, 'both jumped pieces leave');
  assert.equal(await piece(page, 4, 7).getAttribute('data-kind'), 'king', 'crowned on the far row');
  assert.deepEqual(await marks(page), [], 'no path once the move is played');
  // Undo takes the whole move back.
  await control(page, 'undo').click();
  assert.equal(await owner(page, 4, 3), 'black');
  assert.equal((await notations(page)).length, 8);
  await done(page);
});

test('a double jump by clicks waits for Finish Turn; Clear Moves discards it', async () => {
  const page = await game(DOUBLE_JUMP);
  await prefer(page, 'confirm-turn', true);
  assert.equal(await button(page, 'finish-turn').isDisabled(), true);
  const jump = () => clickCells(page, [[4, 3], [2, 5], [4, 7]]);
  await jump();
  assert.equal(await status(page).getAttribute('data-turn'), 'black', 'not played until finished');
  assert.match(await page.locator('[data-detail]').textContent(), /Finish the turn/);
  assert.deepEqual(await marks(page), ['2,5=arrow-se', '3,4=removed', '3,6=removed', '4,3=arrow-sw']);
  assert.equal(await page.locator('[data-hint]').count(), 0, 'nothing more to play');
  assert.equal(await page.locator('[data-piece][draggable="true"]').count(), 0);
  await button(page, 'clear-moves').click();
  assert.equal(await owner(page, 4, 3), 'black', 'cleared: back where the turn began');
  assert.equal(await piece(page, 4, 7).count(), 0);
  await jump();
  await button(page, 'finish-turn').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.equal((await notations(page)).at(-1), '15x22x31');
  // The choice is remembered.
  await page.reload();
  await openSettings(page);
  assert.equal(await setting(page, 'confirm-turn').isChecked(), true);
  await closeSettings(page);
  assert.equal((await notations(page)).at(-1), '15x22x31', 'the finished move was saved');
  await done(page);
});

test('while a finished move waits for Finish Turn, the next player is not told to capture', async () => {
  const page = await game();
  await prefer(page, 'confirm-turn', true);
  const play = async (...cells) => {
    await clickCells(page, cells);
    await button(page, 'finish-turn').click();
  };
  await play([5, 2], [4, 3]);
  await play([2, 5], [3, 4]);
  await clickCells(page, [[4, 3], [2, 5]]);
  assert.deepEqual(await marks(page), ['3,4=removed', '4,3=arrow-sw'], 'the path, and no hint for red yet');
  await button(page, 'finish-turn').click();
  assert.deepEqual(await marks(page), ['1,6=must-capture', '3,6=must-capture']);
  assert.deepEqual(await notations(page), ['11-15', '22-18', '15x22']);
  await done(page);
});

test('Show Previous draws the last move until the next input', async () => {
  const page = await game(DOUBLE_JUMP);
  await piece(page, 4, 3).dragTo(cell(page, 2, 5));
  await piece(page, 2, 5).dragTo(cell(page, 4, 7));
  assert.deepEqual(await marks(page), []);
  await button(page, 'show-previous').click();
  assert.deepEqual(await marks(page), ['2,5=arrow-se', '3,4=removed', '3,6=removed', '4,3=arrow-sw']);
  assert.equal(await piece(page, 3, 4).count(), 0, 'the removed pieces are marked, not put back');
  // Red's next move is the next input.
  const redMan = page.locator('[data-piece][data-owner="red"][draggable="true"]').first();
  const from = await redMan.evaluate((p) => [Number(p.parentElement.dataset.x), Number(p.parentElement.dataset.y)]);
  await cell(page, ...from).click();
  assert.deepEqual((await marks(page)).filter((m) => !m.endsWith('must-capture')), [], 'picking up a piece is an input');
  const hinted = page.locator('[data-cell][data-hint]').first();
  await hinted.click();
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.deepEqual((await marks(page)).filter((m) => !m.endsWith('must-capture')), []);
  await done(page);
});

test('a man stepping onto the far row is crowned and the move ends', async () => {
  const page = await game(CROWNING);
  assert.equal(await piece(page, 1, 6).getAttribute('data-kind'), 'man');
  await touchDrag(page, piece(page, 1, 6), cell(page, 0, 7));
  assert.equal(await piece(page, 0, 7).getAttribute('data-kind'), 'king');
  assert.match(await cell(page, 0, 7).getAttribute('aria-label'), /Black king/);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('pass the device: a cover between turns until Start Turn', async () => {
  const page = await game();
  await prefer(page, 'pass-device', true);
  assert.equal(await page.locator('[data-cover]').count(), 0, 'the player who chose it is at the device');
  await piece(page, 3, 2).dragTo(cell(page, 4, 3));
  const cover = page.locator('[data-cover]');
  assert.match(await cover.textContent(), /Red to move: pass the device/);
  assert.equal(await page.locator('[data-piece][draggable="true"]').count(), 0, 'the board rests under the cover');
  await page.keyboard.press('Enter');
  assert.equal(await cover.count(), 0, 'Start Turn has the focus');
  assert.ok(await page.locator('[data-piece][data-owner="red"][draggable="true"]').count() > 0);
  await page.reload();
  // The app draws once its wasm has started, which may be after the page's load event.
  await page.waitForSelector('[data-board]');
  assert.equal(await cover.count(), 1, 'a reload covers the board again');
  await button(page, 'start-turn').click();
  // Undo and redo pass the turn too.
  await control(page, 'undo').click();
  assert.match(await cover.textContent(), /Black to move/);
  await button(page, 'start-turn').click();
  await control(page, 'redo').click();
  assert.match(await cover.textContent(), /Red to move/);
  await button(page, 'start-turn').click();
  await prefer(page, 'pass-device', false);
  await piece(page, 2, 5).dragTo(cell(page, 3, 4));
  assert.equal(await cover.count(), 0);
  await done(page);
});

test('captures optional: no capture is forced, and a multi-jump may end early', async () => {
  const page = await game();
  await newGame(page, { 'captures-optional': true });
  assert.match(await page.locator('[data-rule="captures-optional"]').textContent(), /: On/);
  await piece(page, 1, 2).dragTo(cell(page, 2, 3));
  const forced = await game(withConfig(DOUBLE_JUMP, { compulsory_capture: false }));
  assert.deepEqual(await marks(forced), [], 'nothing must capture');
  await piece(forced, 1, 2).dragTo(cell(forced, 0, 3));
  assert.equal(await status(forced).getAttribute('data-turn'), 'red', 'a step instead of the jump');
  await done(forced);
  await done(page);
  const early = await game(withConfig(DOUBLE_JUMP, { compulsory_capture: false }));
  assert.equal(await button(early, 'end-chain').count(), 0, 'nothing to end before a jump');
  await piece(early, 4, 3).dragTo(cell(early, 2, 5));
  assert.match(await early.locator('[data-detail]').textContent(), /or end the turn/);
  assert.equal(await cell(early, 2, 5).getAttribute('data-hint'), null, 'no hint on the piece itself');
  await button(early, 'end-chain').click();
  assert.equal(await status(early).getAttribute('data-turn'), 'red');
  assert.equal((await notations(early)).at(-1), '15x22');
  assert.equal(await piece(early, 3, 4).count(), 0, 'the jumped piece leaves');
  assert.equal(await owner(early, 3, 6), 'red', 'the piece not jumped stays');
  await button(early, 'show-previous').click();
  assert.deepEqual(await marks(early), ['3,4=removed', '4,3=arrow-sw'], 'no arrow where it stopped');
  await done(early);
});

test('the cover hides the board and the move list, and blocks their controls until Start Turn', async () => {
  const page = await game();
  await prefer(page, 'pass-device', true);
  await piece(page, 3, 2).dragTo(cell(page, 4, 3));
  const cover = page.locator('[data-cover]');
  assert.equal(await cover.count(), 1);
  // The board and the move list are out of sight, under the cover.
  const coverBox = await cover.boundingBox();
  for (const hidden of [page.locator('[data-board]'), page.locator('[data-moves]')]) {
    const box = await hidden.boundingBox();
    assert.ok(box.x >= coverBox.x && box.y >= coverBox.y && box.x + box.width <= coverBox.x + coverBox.width
      && box.y + box.height <= coverBox.y + coverBox.height, 'covered');
  }
  // Neither a click nor the keyboard reaches the turn's buttons.
  for (const action of ['undo', 'show-previous']) {
    await button(page, action).dispatchEvent('click');
    await button(page, action).focus();
    assert.notEqual(await page.evaluate(() => document.activeElement?.dataset.action), action, 'no focus behind the cover');
  }
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('.play, .side')), null, 'Tab skips what is covered');
  assert.equal(await cover.count(), 1, 'still covered');
  assert.equal(await owner(page, 4, 3), 'black', 'the move was not taken back');
  assert.deepEqual(await marks(page), [], 'the previous move is not shown');
  await button(page, 'start-turn').click();
  await control(page, 'undo').click();
  assert.equal(await owner(page, 3, 2), 'black', 'after Start Turn the controls work again');
  await done(page);
});

test('a move in progress survives a reload: legs made so far, and a move waiting for Finish Turn', async () => {
  const page = await game(DOUBLE_JUMP);
  await piece(page, 4, 3).dragTo(cell(page, 2, 5));
  assert.deepEqual(await marks(page), ['2,5=must-capture', '3,4=removed', '4,3=arrow-sw']);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.deepEqual(await marks(page), ['2,5=must-capture', '3,4=removed', '4,3=arrow-sw'], 'the path is drawn again');
  assert.equal(await page.locator('.path line').count(), 1, 'one arrow for the one leg');
  assert.equal(await cell(page, 2, 5).getAttribute('data-selected'), '', 'the jumping piece is still selected');
  assert.equal((await notations(page)).length, 8, 'nothing is played yet');
  await prefer(page, 'confirm-turn', true);
  await piece(page, 2, 5).dragTo(cell(page, 4, 7));
  assert.equal(await button(page, 'finish-turn').isEnabled(), true);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await button(page, 'finish-turn').isEnabled(), true, 'the whole move still waits');
  assert.equal(await page.locator('.path line').count(), 2);
  assert.equal((await notations(page)).length, 8);
  await button(page, 'finish-turn').click();
  assert.equal((await notations(page)).at(-1), '15x22x31');
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal((await notations(page)).at(-1), '15x22x31', 'and once played it is saved as played');
  assert.deepEqual(await marks(page), []);
  await done(page);
});

test('a king that jumps round and back to its square shows every leg of its path', async () => {
  // Red to move; its king on 3 (5,0) jumps 10, 19, 12 and is home again: 3x10x19x12x3.
  const page = await game(fixture('checkers-king-loop'));
  await prefer(page, 'confirm-turn', true);
  const ring = [[5, 0], [3, 2], [5, 4], [7, 2], [5, 0]];
  for (let i = 1; i < ring.length; i++) {
    // By clicks (a mouse's drag is tested apart), each leg from where the last one is seen to
    // land, as a player would.
    await piece(page, ...ring[i - 1]).click();
    await cell(page, ...ring[i]).click();
    await piece(page, ...ring[i]).waitFor({ timeout: 5000 });
  }
  assert.equal(await piece(page, 5, 0).getAttribute('data-kind'), 'king');
  const arrows = () => page.locator('.path line').evaluateAll((lines) => lines.map((l) =>
    ['x1', 'y1', 'x2', 'y2'].map((a) => l.getAttribute(a)).join(',')));
  const legs = ring.slice(1).map(([x, y], i) =>
    [ring[i][0] * 100 + 50, ring[i][1] * 100 + 50, x * 100 + 50, y * 100 + 50].join(','));
  assert.deepEqual(await arrows(), legs, 'one arrow a leg, in order, the last one ending on the king');
  // The arrows are drawn over the pieces, so the leg under the king shows too.
  const over = await page.evaluate(() => {
    const z = (el) => Number(getComputedStyle(el).zIndex) || 0;
    return z(document.querySelector('.path')) > z(document.querySelector('[data-piece]'));
  });
  assert.ok(over, 'the path is above the pieces');
  await button(page, 'finish-turn').click();
  assert.equal((await notations(page)).at(-1), '3x10x19x12x3');
  await button(page, 'show-previous').click();
  assert.deepEqual(await arrows(), legs, 'Show Previous draws the same four legs');
  await done(page);
});
