// The computer opponent in headless Chromium: the engine runs in its worker, answers through
// the same rules and move list, and never plays into a position that has changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cell, done, launch, open, status, suite } from './harness.mjs';

const browser = suite();
const moves = (page) => page.locator('[data-moves] [data-move]').allTextContents();
const setting = (page, name) => page.locator(`select[data-setting="${name}"]`);
const button = (page, action) => page.locator(`button[data-action="${action}"]`);
/** Waits until the computer has moved: nothing searching, and `count` moves in the list. */
async function movesReach(page, count) {
  await page.waitForFunction((n) => !document.querySelector('[data-status][data-thinking]')
    && document.querySelectorAll('[data-moves] [data-move]').length === n, count, { timeout: 20_000 });
}

/** A page with the computer playing the second side (`second`) at `level`. */
async function againstComputer(level = '2', hash = '#/connect-four', second = 'yellow') {
  const page = await browser.open(hash);
  // No engine is fetched until a player asks for the computer.
  const fetched = [];
  page.on('request', (r) => { if (/engine-worker|\.book$/.test(r.url())) fetched.push(r.url()); });
  page.fetched = fetched;
  assert.equal(await setting(page, 'opponent').inputValue(), 'human');
  await page.waitForTimeout(300);
  assert.deepEqual(fetched, [], 'the engine is not part of the first load');
  await setting(page, 'opponent').selectOption('computer');
  await setting(page, 'level').selectOption(level);
  assert.equal(await setting(page, 'computer-side').inputValue(), second);
  return page;
}

test('the computer answers a move, through the move list, and Undo takes back both', async () => {
  const page = await againstComputer();
  await cell(page, 3, 0).click();
  await movesReach(page, 2);
  assert.ok(page.fetched.some((url) => url.includes('engine-worker')), 'the worker was fetched');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.equal((await moves(page))[0], '14');
  await button(page, 'undo').click();
  assert.deepEqual(await moves(page), []);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('the computer plays first when it is given the first side, and again after a reload', async () => {
  const page = await againstComputer();
  await setting(page, 'computer-side').selectOption('red');
  await movesReach(page, 1);
  await cell(page, 0, 0).click();
  await movesReach(page, 3);
  // A reload mid-game: the computer is still the opponent, and plays when it is its turn.
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await setting(page, 'opponent').inputValue(), 'computer');
  assert.equal((await moves(page)).length, 3);
  await cell(page, 0, 0).click();
  await movesReach(page, 5);
  await done(page);
});

test('an undo while the computer thinks leaves no stale move', async () => {
  // Gomoku's top level searches for seconds: long enough to undo.
  const page = await againstComputer('6', '#/gomoku', 'white');
  await cell(page, 3, 0).click();
  await page.waitForSelector('[data-status][data-thinking]');
  await button(page, 'undo').click();
  assert.deepEqual(await moves(page), []);
  await page.waitForTimeout(1_500);
  assert.deepEqual(await moves(page), [], 'no move came after the undo');
  assert.equal(await page.locator('[data-status][data-thinking]').count(), 0);
  await done(page);
});

test('Stop makes the thinking computer move at once, and the page answers while it thinks', async () => {
  const page = await againstComputer('6', '#/gomoku', 'white');
  await cell(page, 3, 0).click();
  await page.waitForSelector('[data-status][data-thinking]');
  // The page still answers: a click on a control opens its question at once.
  const started = Date.now();
  await page.locator('.controls button[data-action="restart"]').click();
  const answered = Date.now() - started;
  await page.keyboard.press('Escape');
  assert.ok(answered < 2_000, `the page answered in ${answered} ms`);
  await button(page, 'stop').click();
  await movesReach(page, 2);
  await done(page);
});

test('Hint marks the best move for the player to move', async () => {
  const page = await browser.open('#/connect-four');
  await button(page, 'hint').click();
  await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
  const marked = await page.locator('[data-cell][data-mark="hint"]').evaluateAll((cells) =>
    cells.map((c) => `${c.dataset.x},${c.dataset.y}`));
  assert.deepEqual(marked, ['3,5'], 'the centre column, the only winning first move');
  // A move clears it.
  await cell(page, 0, 0).click();
  assert.equal(await page.locator('[data-cell][data-mark="hint"]').count(), 0);
  await done(page);
});

test('Connect Four\'s top level answers every move of a game quickly, from the first', async () => {
  const page = await againstComputer('6');
  await setting(page, 'computer-side').selectOption('red');
  const times = [];
  let count = 1;
  let started = Date.now();
  await movesReach(page, 1);
  times.push(Date.now() - started);
  // The player defends as well as it can: it plays the engine's own hint, so the
  // game runs long and passes from the book to the solver.
  while (await page.locator('[data-overlay]').count() === 0 && count < 42) {
    await button(page, 'hint').click();
    const hint = page.locator('[data-cell][data-mark="hint"]');
    await hint.waitFor({ timeout: 20_000 });
    const column = Number(await hint.first().getAttribute('data-x'));
    await cell(page, column, 0).click();
    count += 1;
    started = Date.now();
    if (await page.locator('[data-overlay]').count() > 0) break;
    await movesReach(page, count + 1);
    times.push(Date.now() - started);
    count += 1;
  }
  // Perfect play wins as the first player against this opponent.
  assert.equal(await status(page).getAttribute('data-outcome'), 'red');
  console.log(`# Connect Four top level in Chromium: ${times.length} moves, slowest ${Math.max(...times)} ms (with the test's own waits)`);
  await done(page);
});

// Last: it breaks the worker for the rest of this server's life.
test('an engine that cannot start is said in words, and the game goes on by hand', async () => {
  browser.replace('/engine-worker_loader.js', 'throw new Error("no engine here")');
  // A browser of its own: the others have the real worker in their caches.
  const context = await launch();
  const page = await open(context, browser.url(), '#/connect-four');
  await setting(page, 'opponent').selectOption('computer');
  await cell(page, 3, 0).click();
  const notice = page.locator('[data-notice]');
  await notice.waitFor({ timeout: 10_000 });
  assert.match(await notice.textContent(), /could not move/);
  assert.equal(await page.locator('[data-status][data-thinking]').count(), 0);
  // Back to two players: yellow moves by hand.
  await setting(page, 'opponent').selectOption('human');
  await cell(page, 3, 0).click();
  assert.equal((await moves(page)).length, 2);
  await done(page);
  await context.close();
});
