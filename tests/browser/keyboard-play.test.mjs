// Games played with the keyboard alone: Tab into the board, arrows to a cell, Enter to act,
// Tab to a button. After every move, undo and dialog the focus is somewhere a keyboard user can
// go on from: a cell of the board, or the dialog's first button.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { button, done, fixture, moveCount, rememberedKey, saveKey, setting, status, suite } from './harness.mjs';

const browser = suite();

/** What has the focus: a cell as `x,y`, else a button's action, else the element's tag. */
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  if (a?.hasAttribute('data-cell')) return `${a.dataset.x},${a.dataset.y}`;
  return a?.dataset.action ?? a?.dataset.setting ?? a?.tagName.toLowerCase();
});

/** Tabs forward until `wanted(focused)` holds (at most 60 presses). */
async function tabTo(page, wanted) {
  for (let i = 0; i < 60; i++) {
    if (wanted(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  assert.fail(`Tab never reached it; the focus is on ${await focused(page)}`);
}
const intoBoard = (page) => tabTo(page, (f) => /^\d+,\d+$/.test(f));

/** Arrows from the focused cell to (x, y), then Enter; the focus stays on the board. */
async function act(page, x, y) {
  const [fx, fy] = (await focused(page)).split(',').map(Number);
  const steps = [[x - fx, 'ArrowRight', 'ArrowLeft'], [y - fy, 'ArrowDown', 'ArrowUp']];
  for (const [d, more, less] of steps) for (let i = 0; i < Math.abs(d); i++) await page.keyboard.press(d > 0 ? more : less);
  assert.equal(await focused(page), `${x},${y}`);
  await page.keyboard.press('Enter');
}

test('Connect Four from the first disc to a win and a new game, by keyboard alone', async () => {
  const page = await browser.open('#/connect-four');
  await intoBoard(page);
  for (const x of [0, 1, 0, 1, 0, 1, 0]) {
    await act(page, x, 0);
    if ((await moveCount(page)) < 7) assert.match(await focused(page), /^\d+,0$/, 'the focus stays on the board');
  }
  assert.equal(await status(page).getAttribute('data-outcome'), 'red');
  assert.equal(await focused(page), 'new-game', 'the result takes the focus');
  await page.keyboard.press('Enter');
  // The dialog's code is fetched the first time it opens.
  await page.waitForSelector('[data-dialog="new-game"]');
  assert.equal(await focused(page), 'start', 'the new-game dialog opens on Start');
  await page.keyboard.press('Enter');
  assert.equal(await moveCount(page), 0);
  assert.match(await focused(page), /^\d+,\d+$/, 'after a new game the focus is back on the board');
  await done(page);
});

test('gomoku to five in a row by keyboard; closing the result returns the focus to the board', async () => {
  const page = await browser.open('#/gomoku');
  await intoBoard(page);
  for (let i = 0; i < 5; i++) {
    await act(page, i, 7);
    if (i < 4) await act(page, i, 8);
  }
  assert.equal(await status(page).getAttribute('data-outcome'), 'black');
  assert.equal(await focused(page), 'new-game');
  await tabTo(page, (f) => f === 'close');
  await page.keyboard.press('Enter');
  assert.match(await focused(page), /^\d+,\d+$/);
  await done(page);
});

test('dark chess: a capture that ends the game, by keyboard; Undo by keyboard keeps the focus', async () => {
  const page = await browser.open('#/dark-chess', { storage: { [saveKey('dark-chess')]: fixture('dark-chess-chain-endgame') } });
  const mover = await status(page).getAttribute('data-turn');
  await intoBoard(page);
  await act(page, 5, 1);
  assert.equal(await page.locator('[data-cell][data-selected]').count(), 1, 'picked up');
  await act(page, 4, 1);
  assert.equal(await status(page).getAttribute('data-outcome'), mover);
  assert.equal(await focused(page), 'new-game');
  await tabTo(page, (f) => f === 'close');
  await page.keyboard.press('Enter');
  await tabTo(page, (f) => f === 'undo');
  await page.keyboard.press('Enter');
  assert.equal(await status(page).getAttribute('data-turn'), mover, 'taken back');
  assert.equal(await focused(page), 'undo', 'the focus stays where it was');
  await done(page);
});

test('checkers: a double jump leg by leg and Finish Turn, by keyboard alone', async () => {
  const page = await browser.open('#/checkers', { storage: {
    [saveKey('checkers')]: fixture('checkers-double-jump'),
    [rememberedKey('confirm-turn', 'checkers')]: 'on',
  } });
  const before = await moveCount(page);
  await intoBoard(page);
  await act(page, 4, 3);
  await act(page, 2, 5);
  await act(page, 4, 7);
  assert.equal(await moveCount(page), before, 'waiting for Finish Turn');
  await tabTo(page, (f) => f === 'finish-turn');
  await page.keyboard.press('Enter');
  assert.equal(await moveCount(page), before + 1);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('Five Tigers: a removal and a placement by keyboard; a question answered keeps the focus', async () => {
  const save = JSON.parse(fixture('five-tigers-capture'));
  save.record.moves = save.record.moves.slice(0, save.record.moves.findIndex((m) => 'Remove' in m));
  const page = await browser.open('#/five-tigers', { storage: { [saveKey('five-tigers')]: JSON.stringify(save) } });
  assert.equal(await status(page).getAttribute('data-phase'), 'remove');
  const black = await page.locator('[data-piece][data-owner="black"]').first()
    .evaluate((p) => [Number(p.parentElement.dataset.x), Number(p.parentElement.dataset.y)]);
  await intoBoard(page);
  await act(page, ...black);
  assert.equal(await status(page).getAttribute('data-turn'), 'black', 'removed; black removes next');
  await tabTo(page, (f) => f === 'resign');
  await page.keyboard.press('Enter');
  assert.equal(await focused(page), 'resign');
  await tabTo(page, (f) => f === 'cancel');
  await page.keyboard.press('Enter');
  assert.match(await focused(page), /^\d+,\d+$/, 'after the question the focus is on the board');
  await done(page);
});

/** The cells matching `selector`, as [x, y]. */
const cellsOf = (page, selector) => page.locator(selector)
  .evaluateAll((found) => found.map((e) => e.closest('[data-cell]')).map((c) => [Number(c.dataset.x), Number(c.dataset.y)]));

/** How many chains of captures the keyboard has ended with the page's button. */
let chainsEnded = 0;

/** One turn of a game by keyboard alone, chosen from what the page shows: a capture if a
 * movable piece has one, else a target (a flip, a placement), else any move; a chain the page
 * offers to end is ended with its button. Returns false when nothing could be played. */
async function keyboardTurn(page, targets, { movesFirst = false } = {}) {
  const pieces = await cellsOf(page, '[data-cell] [data-piece][draggable="true"]');
  /** Picks up `from` and plays to the first cell with a hint of `kind`, if it has one. */
  const moveWith = async (from, kind) => {
    await act(page, ...from);
    const [to] = await cellsOf(page, `[data-hint="${kind}"]`);
    if (!to) {
      await page.keyboard.press('Escape');
      return false;
    }
    await act(page, ...to);
    const end = button(page, 'end-chain');
    if (await end.count()) {
      await tabTo(page, (f) => f === 'end-chain');
      await page.keyboard.press('Enter');
      chainsEnded += 1;
      await intoBoard(page);
    }
    return true;
  };
  for (const from of pieces) if (await moveWith(from, 'capture')) return true;
  const moved = async () => {
    for (const from of pieces) if (await moveWith(from, 'move')) return true;
    return false;
  };
  if (movesFirst && await moved()) return true;
  const [target] = await cellsOf(page, targets);
  if (target) {
    await act(page, ...target);
    return true;
  }
  return !movesFirst && moved();
}

test('dark chess with chain captures, from the first flip to its end, by keyboard alone', async () => {
  const page = await browser.open('#/dark-chess?seed=3');
  // The house rule chosen with the keyboard too, in the new-game dialog.
  await tabTo(page, (f) => f === 'new-game');
  await page.keyboard.press('Enter');
  await page.locator('[data-dialog="new-game"]').waitFor();
  await tabTo(page, (f) => f === 'chain-capture');
  await page.keyboard.press(' ');
  assert.equal(await setting(page, 'chain-capture').isChecked(), true);
  await tabTo(page, (f) => f === 'start');
  await page.keyboard.press('Enter');
  assert.match(await page.locator('[data-rule="chain-capture"]').textContent(), /: On/);
  await intoBoard(page);
  for (let turn = 0; turn < 400 && !(await status(page).getAttribute('data-outcome')); turn++) {
    assert.ok(await keyboardTurn(page, '[data-cell] [data-face="down"]'), `turn ${turn}: something to play`);
    if (!(await status(page).getAttribute('data-outcome'))) assert.match(await focused(page), /^\d+,\d+$/);
  }
  assert.ok(await status(page).getAttribute('data-outcome'), 'the game ended');
  console.log(`dark chess by keyboard: ${await moveCount(page)} turns, ${chainsEnded} chains ended, ${await page.locator('[data-overlay] p').textContent()}`);
  assert.ok(chainsEnded > 0, 'a chain of captures was made and ended');
  assert.equal(await focused(page), 'new-game');
  await done(page);
});

test('checkers from the first move to its end, by keyboard alone', async () => {
  const page = await browser.open('#/checkers');
  await intoBoard(page);
  for (let turn = 0; turn < 400 && !(await status(page).getAttribute('data-outcome')); turn++) {
    assert.ok(await keyboardTurn(page, '[data-none]'), `turn ${turn}: something to play`);
  }
  assert.ok(await status(page).getAttribute('data-outcome'), 'the game ended');
  console.log(`checkers by keyboard: ${await moveCount(page)} moves, ${await page.locator('[data-overlay] p').textContent()}`);
  assert.equal(await focused(page), 'new-game');
  await done(page);
});

test('Five Tigers from the first stone to its end, by keyboard alone', async () => {
  const page = await browser.open('#/five-tigers');
  await intoBoard(page);
  for (let turn = 0; turn < 600 && !(await status(page).getAttribute('data-outcome')); turn++) {
    const phase = await status(page).getAttribute('data-phase');
    const mover = await status(page).getAttribute('data-turn');
    // Placing: an empty point; removing: a stone of the other side.
    const targets = phase === 'place' ? '[data-cell]:not(:has([data-piece]))'
      : `[data-cell]:has([data-piece]:not([data-owner="${mover}"]))`;
    assert.ok(await keyboardTurn(page, targets, { movesFirst: phase === 'move' }), `turn ${turn}: something to play`);
  }
  assert.ok(await status(page).getAttribute('data-outcome'), 'the game ended');
  console.log(`Five Tigers by keyboard: ${await moveCount(page)} turns, ${await page.locator('[data-overlay] p').textContent()}`);
  assert.equal(await focused(page), 'new-game');
  await done(page);
});
