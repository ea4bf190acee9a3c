// Dark chess in headless Chromium against the release build. Seed 7's layout, top row first
// (upper case red, lower case black; K general, A advisor, E elephant, R chariot, H horse,
// C cannon, P soldier), from `cargo test --test suite dark_chess::layout -- --ignored --nocapture`:
//   C e P p r h P P
//   p C R A R A a h
//   c H P E p P e H
//   c k p p a E r K
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, control, done, fixture, moveCount, moveList, moveTexts, newGame, openNewGame, owner, piece, saveKey, setting,
  status, suite, switchLanguage, tap, touchDrag,
} from './harness.mjs';

const browser = suite();

const SAVE_KEY = saveKey('dark-chess');
const game = (hash = '#/dark-chess?seed=7', options) => browser.open(hash, options);
const kindAt = async (page, x, y) => {
  const p = piece(page, x, y);
  return `${await p.getAttribute('data-owner')} ${await p.getAttribute('data-kind')}`;
};
const GLYPHS = /[帥仕相俥傌炮兵將士象車馬包卒]/;

test('face-down pieces reveal nothing in the page', async () => {
  const page = await game();
  assert.equal(await page.locator('[data-piece][data-face="down"]').count(), 32);
  assert.equal(await page.locator('[data-piece][data-owner], [data-piece][data-kind]').count(), 0);
  // Nothing on the board, beside it or in the move list names a piece (the rules panel's
  // static labels, such as 車直衝, are not about any piece).
  const shown = await page.locator('section.play, [data-moves]').evaluateAll((els) => els.map((e) => e.outerHTML).join(''));
  assert.doesNotMatch(shown, GLYPHS);
  assert.doesNotMatch(shown, /general|advisor|elephant|chariot|horse|cannon|soldier/i);
  assert.equal(await status(page).getAttribute('data-turn'), 'first');
  await cell(page, 0, 0).click();
  const labels = await page.locator('[data-cell]:has([data-face="down"])').evaluateAll((cells) =>
    cells.map((c) => c.getAttribute('aria-label') + c.className + c.innerHTML));
  assert.equal(labels.length, 31);
  for (const label of labels) assert.doesNotMatch(label, GLYPHS);
  await done(page);
});

test('a flip by click gives the first player its colour; undo cannot cross it', async () => {
  const page = await game();
  await cell(page, 1, 0).click();
  assert.equal(await kindAt(page, 1, 0), 'black elephant');
  assert.equal(await piece(page, 1, 0).textContent(), '象');
  assert.equal(await status(page).getAttribute('data-turn'), 'red', 'the first player took black');
  assert.equal(await cell(page, 1, 0).getAttribute('data-last'), '');
  assert.equal(await control(page, 'undo').isDisabled(), true);
  assert.deepEqual(await moveTexts(page), ['1b4=e']);
  // Undo says why it is refused, on screen and as its description.
  const note = page.locator('[data-undo-note]');
  assert.equal(await note.isVisible(), true);
  assert.match(await note.textContent(), /flipped piece stays face up: a flip cannot be taken back/);
  assert.equal(await control(page, 'undo').getAttribute('aria-describedby'), await note.getAttribute('id'));
  await done(page);
});

test('the reason Undo is refused after a flip, in Chinese', async () => {
  const page = await game('#/dark-chess?seed=7', { storage: { 'board-suite/lang': 'zh-Hant' } });
  await cell(page, 1, 0).click();
  assert.equal(await control(page, 'undo').isDisabled(), true);
  assert.match(await page.locator('[data-undo-note]').textContent(), /翻棋無法悔棋/);
  await done(page);
});

test('a cannon captures over a face-down screen by drag, then a piece moves by drag', async () => {
  const page = await game();
  await cell(page, 1, 1).click(); // red cannon: the first player is red
  await cell(page, 1, 3).click(); // black general
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  // Selecting the cannon hints its capture two squares away.
  await cell(page, 1, 1).click();
  assert.equal(await cell(page, 1, 3).getAttribute('data-hint'), 'capture');
  await cell(page, 1, 1).click();
  await piece(page, 1, 1).dragTo(cell(page, 1, 3));
  assert.equal(await kindAt(page, 1, 3), 'red cannon');
  assert.equal(await cell(page, 1, 1).locator('[data-piece]').count(), 0);
  assert.equal(await page.locator('[data-tray="black"] [data-piece][data-kind="general"]').count(), 1);
  assert.equal(await control(page, 'undo').isDisabled(), false, 'a capture of a face-up piece can be undone');
  await cell(page, 2, 1).click(); // black flips a red chariot
  await piece(page, 2, 1).dragTo(cell(page, 1, 1));
  assert.equal(await kindAt(page, 1, 1), 'red chariot');
  assert.deepEqual(await moveTexts(page), ['1b3=C', '2b1=k', '3b3xb1', '4c3=R', '5c3-b3']);
  // Undo takes back the move, and stops at the flip before it.
  await control(page, 'undo').click();
  assert.equal(await kindAt(page, 2, 1), 'red chariot');
  assert.equal(await control(page, 'undo').isDisabled(), true);
  await done(page);
});

test('the keyboard flips, selects with hints, and moves', async () => {
  const page = await game();
  await page.focus('[data-cell][tabindex="0"]'); // e4, at the top middle
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  assert.equal(await kindAt(page, 1, 1), 'red cannon');
  for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  assert.equal(await kindAt(page, 1, 3), 'black general');
  for (const key of ['ArrowUp', 'ArrowUp', 'Enter']) await page.keyboard.press(key);
  assert.equal(await cell(page, 1, 1).getAttribute('data-selected'), '');
  assert.equal(await cell(page, 1, 3).getAttribute('data-hint'), 'capture');
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('[data-selected]').count(), 0);
  for (const key of ['Enter', 'ArrowDown', 'ArrowDown', 'Enter']) await page.keyboard.press(key);
  assert.equal(await kindAt(page, 1, 3), 'red cannon');
  await done(page);
});

test('a touch drag moves a piece', async () => {
  const page = await game();
  await cell(page, 1, 1).click();
  await cell(page, 1, 3).click();
  await touchDrag(page, piece(page, 1, 1), cell(page, 1, 3));
  assert.equal(await kindAt(page, 1, 3), 'red cannon');
  // Taps select and move too.
  await tap(page, cell(page, 2, 1));
  assert.equal(await kindAt(page, 2, 1), 'red chariot');
  await tap(page, cell(page, 2, 1));
  await tap(page, cell(page, 1, 1));
  assert.equal(await kindAt(page, 1, 1), 'red chariot');
  await done(page);
});

test('an illegal drag changes nothing', async () => {
  const page = await game();
  await cell(page, 1, 1).click();
  await cell(page, 0, 1).click(); // black soldier beside the red cannon
  await piece(page, 1, 1).dragTo(cell(page, 0, 1)); // a cannon cannot take next to it
  assert.equal(await kindAt(page, 0, 1), 'black soldier');
  assert.equal(await moveCount(page), 2);
  await done(page);
});

test('the same seed gives the same layout; the seed is shown', async () => {
  const flips = async () => {
    const page = await game('#/dark-chess?seed=7');
    assert.match(await page.locator('[data-info]').textContent(), /Shuffle no\. 7/);
    const kinds = [];
    for (const [x, y] of [[0, 0], [7, 3], [4, 2], [3, 1]]) {
      await cell(page, x, y).click();
      kinds.push(await kindAt(page, x, y));
    }
    await done(page);
    return kinds;
  };
  const first = await flips();
  assert.deepEqual(first, ['red cannon', 'red general', 'black soldier', 'red advisor']);
  assert.deepEqual(await flips(), first);
});

test('a saved game resumes; the URL seed of the same game does not restart it', async () => {
  const page = await game();
  await cell(page, 0, 0).click();
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await moveCount(page), 1);
  // A new game reshuffles and drops the seed from the URL.
  await newGame(page);
  assert.equal(await moveCount(page), 0);
  assert.ok(page.url().endsWith('#/dark-chess'));
  assert.doesNotMatch(await page.locator('[data-info]').textContent(), /Shuffle no\. 7\b/);
  await done(page);
});

test('house rules are chosen in the new-game dialog and shown beside the board', async () => {
  const page = await game();
  const info = page.locator('[data-info]');
  assert.match(await info.textContent(), /Standard rules/);
  await newGame(page, { 'chain-capture': true, 'blind-capture': true, 'quiet-limit': '80' });
  assert.match(await info.textContent(), /House rules: Chain capture \(連吃\), Blind capture \(盲吃\)/);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.match(await page.locator('[data-game-settings] [data-rule="chain-capture"]').textContent(), /: On/);
  assert.match(await page.locator('[data-game-settings] [data-rule="chariot-rush"]').textContent(), /: Off/);
  // The dialog starts from the game's rules.
  await openNewGame(page);
  assert.equal(await setting(page, 'chain-capture').isChecked(), true);
  assert.equal(await setting(page, 'quiet-limit').inputValue(), '80');
  await page.keyboard.press('Escape');
  await cell(page, 0, 0).click();
  // Blind capture: the red cannon attacks the face-down piece over a screen.
  await cell(page, 6, 0).click(); // black flips a red soldier
  await cell(page, 0, 0).click();
  assert.equal(await cell(page, 2, 0).getAttribute('data-hint'), 'capture');
  await cell(page, 2, 0).click();
  assert.equal(await kindAt(page, 2, 0), 'red soldier', 'its own piece was only revealed');
  assert.equal(await kindAt(page, 0, 0), 'red cannon');
  await done(page);
});

/** Seed 7 with chain capture: red's chariot on e3 takes black's chariot on e4 and may go on
 * to take the soldier on d4. */
async function chainUnderWay() {
  const page = await game('#/dark-chess?seed=7');
  await newGame(page, { 'chain-capture': true });
  await cell(page, 4, 1).click(); // red chariot: the first player is red
  await cell(page, 4, 0).click(); // black chariot
  await cell(page, 3, 0).click(); // red flips a black soldier
  await cell(page, 7, 0).click(); // black flips a red soldier
  await piece(page, 4, 1).dragTo(cell(page, 4, 0));
  assert.equal(await status(page).getAttribute('data-turn'), 'red', 'the turn goes on');
  assert.equal(await cell(page, 4, 0).getAttribute('data-highlight'), '');
  return page;
}

test('chain capture: the same piece captures again', async () => {
  const page = await chainUnderWay();
  await piece(page, 4, 0).dragTo(cell(page, 3, 0));
  assert.equal(await page.locator('[data-tray="black"] [data-piece]').count(), 2);
  assert.equal(await status(page).getAttribute('data-turn'), 'black', 'nothing more to take: the turn ends');
  await done(page);
});

test('chain capture: the chain is one turn, in the move list and for Undo', async () => {
  const page = await chainUnderWay();
  const entries = moveList(page);
  assert.equal(await entries.count(), 4, 'the chain under way is not listed yet');
  await control(page, 'undo').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'red', 'Undo takes back the last capture first');
  assert.equal(await piece(page, 4, 1).getAttribute('data-kind'), 'chariot');
  await piece(page, 4, 1).dragTo(cell(page, 4, 0));
  await piece(page, 4, 0).dragTo(cell(page, 3, 0));
  assert.equal(await entries.count(), 5);
  assert.match(await entries.last().textContent(), /e3xe4xd4$/);
  // Undo takes the whole chain back: both pieces return.
  await control(page, 'undo').click();
  assert.equal(await entries.count(), 4);
  assert.equal(await piece(page, 4, 1).getAttribute('data-kind'), 'chariot');
  assert.equal(await owner(page, 4, 0), 'black');
  assert.equal(await owner(page, 3, 0), 'black');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('chain capture: or the player ends the turn', async () => {
  const page = await chainUnderWay();
  await button(page, 'end-chain').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'black');
  assert.equal(await button(page, 'end-chain').count(), 0);
  await done(page);
});

test('a win: the last capture leaves the other side without a piece', async () => {
  const page = await game('#/dark-chess', { storage: { [SAVE_KEY]: fixture('dark-chess-endgame') } });
  assert.equal(await moveCount(page), 51);
  const mover = await status(page).getAttribute('data-turn');
  await piece(page, 1, 1).dragTo(cell(page, 2, 1));
  await page.locator('[data-overlay]').waitFor();
  assert.equal(await status(page).getAttribute('data-outcome'), mover);
  // The loser has no piece left at all: said so, rather than that it cannot move.
  assert.match(await page.locator('[data-overlay]').textContent(), /has no pieces left/);
  await done(page);
});

test('the picker lists dark chess and 中文 shows the pieces in Chinese', async () => {
  const page = await game('#/');
  await page.locator('a[data-link="dark-chess"]').click();
  await switchLanguage(page);
  await cell(page, 0, 0).click();
  assert.match(await cell(page, 0, 0).getAttribute('aria-label'), /^a4: [紅黑]方[帥仕相俥傌炮兵將士象車馬包卒]$/);
  assert.match(await page.locator('[data-info]').textContent(), /洗牌編號/);
  await done(page);
});

test('chain capture: taking the last piece ends the game at once, with no chain to go on with', async () => {
  // Chain and blind capture on; the last move takes the loser's last piece with one that
  // stands beside a face-down piece it could attack next.
  const page = await game('#/dark-chess', { storage: { [SAVE_KEY]: fixture('dark-chess-chain-endgame') } });
  const mover = await status(page).getAttribute('data-turn');
  await piece(page, 5, 1).dragTo(cell(page, 4, 1));
  await page.locator('[data-overlay]').waitFor();
  assert.equal(await status(page).getAttribute('data-outcome'), mover);
  assert.match(await page.locator('[data-overlay]').textContent(), /has no pieces left/);
  assert.equal(await button(page, 'end-chain').count(), 0, 'no chain to end');
  assert.match((await moveList(page).last().textContent()), /f3xe3/);
  // Undo from the ending works as from any other.
  await page.locator('[data-overlay] [data-action="close"]').click();
  await control(page, 'undo').click();
  assert.equal(await status(page).getAttribute('data-turn'), mover);
  assert.equal(await status(page).getAttribute('data-outcome'), null);
  await done(page);
});
