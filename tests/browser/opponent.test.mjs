// The computer opponent in headless Chromium: the engine runs in its worker, answers through
// the same rules and move list, and never plays into a position that has changed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  animationsDone, button, cell, control, done, engineMessages, engineQuiet, engineRequests, gameData, launch, moveTexts, newGame, open,
  frames, openNewGame, pageStarted, setting, spyOnEngine, status, suite, switchLanguage, waitForMoves,
} from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();
/** Waits until the computer has moved: nothing searching, and `count` moves in the list. */
const movesReach = (page, count) => waitForMoves(page, count, { timeout: 20_000 });
const ENGINE = /engine-worker|\.book$/;

/** A page with the computer at `level`, chosen in the new-game dialog, playing the second
 * side (`second`) unless given `side`; its engine's messages recorded (`spyOnEngine`). */
async function againstComputer(level = '2', hash = '#/connect-four', second = 'yellow', side = second) {
  const page = await browser.open(hash, { init: spyOnEngine });
  // No engine is fetched until a player asks for the computer: not while the page starts, and
  // not once it has started (the service worker the app registers at its start controls the
  // page, and the browser has been idle since: nothing of the start is left to run).
  await pageStarted(page);
  assert.deepEqual(page.requests.filter((url) => ENGINE.test(url)), [], 'the engine is not part of the first load');
  await openNewGame(page);
  assert.equal(await setting(page, 'opponent').inputValue(), 'human');
  await setting(page, 'opponent').selectOption('computer');
  await setting(page, 'level').selectOption(level);
  assert.equal(await setting(page, 'computer-side').inputValue(), second);
  await setting(page, 'computer-side').selectOption(side);
  await button(page, 'start').click();
  return page;
}

test('the computer answers a move, through the move list, and Undo takes back both', async () => {
  const page = await againstComputer();
  await cell(page, 3, 0).click();
  await movesReach(page, 2);
  assert.ok(page.requests.some((url) => url.includes('engine-worker')), 'the worker was fetched');
  assert.ok(!page.requests.some((url) => url.endsWith('.book')), 'the book is for the top level only');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.equal((await moveTexts(page))[0], '14');
  await button(page, 'undo').click();
  assert.deepEqual(await moveTexts(page), []);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('the computer plays first when it is given the first side, and again after a reload', async () => {
  const page = await againstComputer('2', '#/connect-four', 'yellow', 'red');
  await movesReach(page, 1);
  await cell(page, 0, 0).click();
  await movesReach(page, 3);
  // A reload mid-game: the computer is still the opponent, and plays when it is its turn.
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.match(await page.locator('[data-game-settings] [data-players]').textContent(), /Computer, level 2, plays Red/);
  assert.equal((await moveTexts(page)).length, 3);
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
  assert.deepEqual(await moveTexts(page), []);
  // The search the undo interrupted is over: its worker was ended, or it answered (and the
  // page had two frames to act on the answer). Either way no answer to it is still to come.
  await engineQuiet(page, { timeout: 20_000 });
  assert.deepEqual(await moveTexts(page), [], 'no move came after the undo');
  assert.equal(await page.locator('[data-status][data-thinking]').count(), 0);
  await done(page);
});

test('Stop makes the thinking computer move at once, and the page answers while it thinks', async () => {
  const page = await againstComputer('6', '#/gomoku', 'white');
  await cell(page, 3, 0).click();
  await page.waitForSelector('[data-status][data-thinking]');
  // The page still answers: a click on a control opens its dialog at once.
  const started = Date.now();
  await control(page, 'new-game').click();
  await page.locator('[data-dialog="new-game"]').waitFor();
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
  const page = await againstComputer('6', '#/connect-four', 'yellow', 'red');
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
  assert.equal(page.requests.filter((url) => url.endsWith('/connect-four.book')).length, 1, 'the book, fetched once');
  console.log(`# Connect Four top level in Chromium: ${times.length} moves, slowest ${Math.max(...times)} ms (with the test's own waits)`);
  await done(page);
});

// Every game the app lists: the computer answers with a move the rules accept, Undo takes back
// both, Hint marks a move. Each game's set-up (a saved game, the computer's side, the player's
// move) is its `computer` entry in the harness's table of games.
for (const game of GAMES) {
  test(`${game}: the computer answers, Undo takes back both, Hint marks a move`, async () => {
    const { computer } = gameData(game);
    const page = await browser.open(`#/${game}`, { storage: computer.storage(), init: spyOnEngine });
    const before = (await moveTexts(page)).length;
    await newGame(page, { opponent: 'computer', 'computer-side': { index: computer.side }, level: '1' }, 'apply');
    await computer.play(page);
    await movesReach(page, before + 2);
    // The reply went through the rules (a refused one would say so in a notice), and then the
    // computer waits for the player: the engine answered all it was asked, the page has had two
    // frames to act on the answer, and it asked nothing more (a search for another move would
    // have been asked for in answer to the reply, before those frames).
    assert.equal(await page.locator('[data-notice]').count(), 0);
    const asked = await engineRequests(page);
    await engineQuiet(page);
    assert.equal(await engineRequests(page), asked, 'the computer asked for no other move');
    assert.equal((await moveTexts(page)).length, before + 2);
    await button(page, 'undo').click();
    assert.equal((await moveTexts(page)).length, before);
    await button(page, 'hint').click();
    await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
    await done(page);
  });
}

test('dark chess: no message between the page and the engine carries the shuffle', async () => {
  const SEED = 987654321;
  // Every message both ways, as the page's side of the worker sees it.
  const page = await browser.open(`#/dark-chess?seed=${SEED}`, { init: spyOnEngine });
  await newGame(page, { opponent: 'computer', level: '2' });
  await cell(page, 0, 0).click();
  await movesReach(page, 2);
  await button(page, 'hint').click();
  await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
  const messages = await engineMessages(page);
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

test('choosing the computer fetches its engine at once, and a slow download is said while it is awaited', async () => {
  // A new profile: no service worker has the engine yet (one precaches it once a page has
  // settled). Each of its files takes 1 s to arrive, as on a slow connection (the worker's own
  // requests are the context's to route, not the page's).
  const context = await launch();
  await context.route(/engine-worker/, async (route) => {
    await new Promise((ok) => setTimeout(ok, 1000));
    await route.continue();
  });
  try {
    const page = await open(context, browser.url(), '#/connect-four');
    await newGame(page, { opponent: 'computer' });
    // Fetched once the computer is chosen, before its first turn is asked for.
    await page.waitForRequest(/engine-worker/, { timeout: 5000 });
    assert.equal((await moveTexts(page)).length, 0);
    await newGame(page, { 'computer-side': 'red' });
    await page.locator('[data-engine="fetching"]').waitFor({ timeout: 5000 });
    await movesReach(page, 1);
    assert.equal(await page.locator('[data-engine="fetching"]').count(), 0, 'the notice is gone once the engine answers');
    await done(page);
  } finally {
    // Closed whatever happens: an open browser would keep this test file from ending.
    await context.close();
  }
});

test('the levels are named as well as numbered, in both languages', async () => {
  const page = await againstComputer('3');
  await openNewGame(page);
  const options = setting(page, 'level').locator('option');
  assert.deepEqual(await options.evaluateAll((os) => os.map((o) => o.value)), ['1', '2', '3', '4', '5', '6']);
  assert.deepEqual(await options.allTextContents(),
    ['1 · Beginner', '2 · Casual', '3 · Intermediate', '4 · Advanced', '5 · Expert', '6 · Master']);
  await page.keyboard.press('Escape');
  await switchLanguage(page);
  await openNewGame(page);
  assert.equal(await setting(page, 'level').inputValue(), '3');
  assert.deepEqual(await options.allTextContents(), ['1 · 入門', '2 · 休閒', '3 · 中級', '4 · 進階', '5 · 高手', '6 · 大師']);
  await done(page);
});

/** An init script that records, in page time, every motion animation of the board's pieces
 * that ends or is cut short, and when each move reaches the move list. */
function watchMotions() {
  const log = { ended: [], cancelled: [], moves: [] };
  window.motionLog = log;
  const motion = (e) => e.target.matches?.('[data-motion] > .piece, .ghost > .piece');
  document.addEventListener('animationend', (e) => motion(e) && log.ended.push(performance.now()), true);
  document.addEventListener('animationcancel', (e) => motion(e) && log.cancelled.push(e.animationName), true);
  new MutationObserver(() => {
    const count = document.querySelectorAll('[data-moves] [data-move]').length;
    if (count > log.moves.length) log.moves.push(performance.now());
  }).observe(document, { subtree: true, childList: true });
}

test('the computer replies once the player\'s piece has finished moving, and an undo in between drops the reply', async () => {
  // Level 1 answers at once, long before the disc's fall (0.42 s) ends.
  const page = await browser.open('#/connect-four', {
    init: `() => { (${spyOnEngine})(); (${watchMotions})(); }`,
  });
  await newGame(page, { opponent: 'computer', level: '1' });
  await cell(page, 3, 0).click();
  await movesReach(page, 2);
  const log = await page.evaluate(() => window.motionLog);
  assert.deepEqual(log.cancelled, [], 'no motion was cut short by the reply');
  assert.ok(log.ended.length >= 1 && log.ended[0] <= log.moves[1],
    `the player's disc landed (${log.ended[0]}) before the reply came (${log.moves[1]})`);

  // An undo while the reply waits for the board: no reply comes to the position that has gone.
  await button(page, 'undo').click();
  assert.deepEqual(await moveTexts(page), []);
  await cell(page, 2, 0).click();
  await page.waitForSelector('[data-status][data-thinking]');
  await button(page, 'undo').click();
  assert.deepEqual(await moveTexts(page), []);
  // The engine has answered all it was asked, the board has stopped moving, and a reply held
  // for its motion would have come by now (its wait ends 50 ms after the last motion).
  await engineQuiet(page, { timeout: 20_000 });
  await animationsDone(page);
  await page.waitForFunction(() => performance.now() > (window.motionLog.ended.at(-1) ?? 0) + 200);
  await frames(page);
  assert.deepEqual(await moveTexts(page), [], 'no move came after the undo');
  assert.equal(await page.locator('[data-status][data-thinking]').count(), 0);
  await done(page);
});

test('with motion off, the computer\'s reply is not held back', async () => {
  const page = await browser.open('#/connect-four', { storage: { 'board-suite/motion': 'off' } });
  await newGame(page, { opponent: 'computer', level: '1' });
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 15_000 });
  // Warm: the engine is in after its first reply.
  await cell(page, 3, 0).click();
  await movesReach(page, 2);
  const started = Date.now();
  await cell(page, 3, 0).click();
  await movesReach(page, 4);
  const took = Date.now() - started;
  console.log(`# level 1's reply with motion off: ${took} ms`);
  assert.equal(await page.locator('[data-motion]').count(), 0);
  await done(page);
});

// Last: it breaks the worker for the rest of this server's life.
test('an engine that cannot start is said in words, and the game goes on by hand', async () => {
  browser.replace('/engine-worker_loader.js', 'throw new Error("no engine here")');
  // A browser of its own: the others have the real worker in their caches.
  const context = await launch();
  try {
    const page = await open(context, browser.url(), '#/connect-four');
    await newGame(page, { opponent: 'computer' });
    await cell(page, 3, 0).click();
    const notice = page.locator('[data-notice]');
    await notice.waitFor({ timeout: 10_000 });
    assert.match(await notice.textContent(), /could not move/);
    assert.equal(await page.locator('[data-status][data-thinking]').count(), 0);
    // Back to two players: yellow moves by hand.
    await newGame(page, { opponent: 'human' }, 'apply');
    await cell(page, 3, 0).click();
    assert.equal((await moveTexts(page)).length, 2);
    await done(page);
  } finally {
    await context.close();
  }
});

test('against the computer the status speaks to the player, in both languages; between two players it names the sides', async () => {
  const page = await againstComputer();
  assert.match(await status(page).textContent(), /^Your move/);
  await cell(page, 3, 0).click();
  await movesReach(page, 2);
  assert.match(await status(page).textContent(), /^Your move/);
  await button(page, 'resign').click();
  await button(page, 'confirm').click();
  assert.equal(await status(page).getAttribute('data-outcome'), 'yellow');
  assert.match(await status(page).textContent(), /^The computer wins/);
  assert.match(await page.locator('[data-overlay] h2').textContent(), /^The computer wins$/);
  await switchLanguage(page);
  assert.match(await status(page).textContent(), /^電腦勝/);
  await switchLanguage(page);
  await newGame(page, { opponent: 'human' });
  assert.match(await status(page).textContent(), /^Red to move/);
  await done(page);
});
