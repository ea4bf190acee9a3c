// The computer opponent in headless Chromium: the engine runs in its worker, answers through
// the same rules and move list, and never plays into a position that has changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { cell, done, launch, open, piece, status, suite } from './harness.mjs';

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

// Every other game: the computer answers with a move the rules accept, Undo takes back both,
// Hint marks a move. Each: the page (a saved game, and the computer's side: 0 the first, 1 the
// second), and the player's move. Dark chess starts from a saved ending with nothing face
// down, since a flip cannot be taken back.
const darkEnding = readFileSync(new URL('./fixtures/dark-chess-endgame.json', import.meta.url), 'utf8').trim();
const GAMES = [
  ['checkers', {}, 1, (page) => piece(page, 1, 2).dragTo(cell(page, 2, 3))],
  ['gomoku', {}, 1, (page) => cell(page, 7, 7).click()],
  ['five-tigers', {}, 1, (page) => cell(page, 0, 0).click()],
  // Black, to move, steps its elephant aside; the computer has red's last piece, a chariot.
  ['dark-chess', { 'board-suite/v1/dark-chess': darkEnding }, 0, (page) => piece(page, 0, 0).dragTo(cell(page, 1, 0))],
];
for (const [game, storage, computerSide, playerMove] of GAMES) {
  test(`${game}: the computer answers, Undo takes back both, Hint marks a move`, async () => {
    const page = await browser.open(`#/${game}`, { storage });
    const before = (await moves(page)).length;
    await setting(page, 'opponent').selectOption('computer');
    await setting(page, 'computer-side').selectOption({ index: computerSide });
    await setting(page, 'level').selectOption('1');
    await playerMove(page);
    await movesReach(page, before + 2);
    // The reply went through the rules (a refused one would say so in a notice), and then the
    // computer waits for the player.
    assert.equal(await page.locator('[data-notice]').count(), 0);
    await page.waitForTimeout(300);
    assert.equal((await moves(page)).length, before + 2);
    await button(page, 'undo').click();
    assert.equal((await moves(page)).length, before);
    await button(page, 'hint').click();
    await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
    await done(page);
  });
}

test('dark chess: no message between the page and the engine carries the shuffle', async () => {
  const SEED = 987654321;
  // Every message both ways, as the page's side of the worker sees it.
  const record = () => {
    window.engineMessages = [];
    const Real = window.Worker;
    window.Worker = class extends Real {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => window.engineMessages.push(['from', String(e.data)]));
      }
      postMessage(data, ...rest) {
        window.engineMessages.push(['to', String(data)]);
        return super.postMessage(data, ...rest);
      }
    };
  };
  const page = await browser.open(`#/dark-chess?seed=${SEED}`, { init: record });
  await setting(page, 'opponent').selectOption('computer');
  await setting(page, 'level').selectOption('2');
  await cell(page, 0, 0).click();
  await movesReach(page, 2);
  await button(page, 'hint').click();
  await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
  const messages = await page.evaluate(() => window.engineMessages);
  const requests = messages.filter(([way]) => way === 'to').map(([, text]) => JSON.parse(text));
  assert.ok(requests.length >= 2, 'the move and the hint were asked for');
  for (const request of requests) {
    assert.equal(JSON.parse(request.config).seed ?? 0, 0, 'the rules go without the shuffle');
    // Only what the board shows: the flips so far, each with the piece it revealed.
    assert.ok(request.moves.length <= 2);
  }
  for (const [, text] of messages) assert.ok(!text.includes(String(SEED)), text);
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
