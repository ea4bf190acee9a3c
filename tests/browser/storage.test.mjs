// No move is lost without a word: tabs of one game follow each other and never write over a
// newer game, and storage that refuses to save (or cannot be used at all) is said out loud.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, closeSettings, done, moveCount, moveList, newGame, openSettings, owner, piece, pieceArrives, prefer,
  saveKey, status, suite, switchLanguage,
} from './harness.mjs';

const browser = suite();
/** Waits until a cell holds a piece of `side` (another tab's move arrives by a storage event). */
const arrives = (page, x, y, side) => pieceArrives(page, x, y, side, { timeout: 5000 });

test('two tabs of one game follow each other, and a third shows the whole game', async () => {
  const first = await browser.open('#/connect-four');
  const second = await browser.open('#/connect-four', { keepStorage: true });
  await cell(first, 3, 0).click();
  await arrives(second, 3, 5, 'red');
  assert.equal(await status(second).getAttribute('data-turn'), 'yellow', 'the second tab follows the first');
  await cell(second, 4, 0).click();
  await arrives(first, 4, 5, 'yellow');
  assert.equal(await status(first).getAttribute('data-turn'), 'red', 'and the first the second');
  await cell(first, 3, 0).click();
  await arrives(second, 3, 4, 'red');
  const third = await browser.open('#/connect-four', { keepStorage: true });
  assert.equal(await moveCount(third), 3, 'a tab opened afterwards has every move');
  for (const page of [first, second, third]) await done(page);
});

test('settings and a checkers move in progress follow too', async () => {
  const first = await browser.open('#/checkers');
  const second = await browser.open('#/checkers', { keepStorage: true });
  await prefer(first, 'confirm-turn', true);
  await openSettings(second);
  await second.locator('[data-setting="confirm-turn"]:checked').waitFor({ timeout: 5000 });
  await closeSettings(second);
  await piece(first, 3, 2).dragTo(cell(first, 4, 3));
  // The move waits for Finish Turn in the first tab; the second shows it made, waiting too.
  await arrives(second, 4, 3, 'black');
  assert.equal(await button(second, 'finish-turn').isEnabled(), true);
  await button(first, 'finish-turn').click();
  await moveList(second).first().waitFor({ timeout: 5000 });
  assert.equal(await status(second).getAttribute('data-turn'), 'red');
  // A new game's rules follow as well.
  await newGame(first, { 'captures-optional': true });
  await second.locator('[data-rule="captures-optional"]', { hasText: 'On' }).waitFor({ timeout: 5000 });
  for (const page of [first, second]) await done(page);
});

test('a move made in a stale tab never erases the other tab\'s move', async () => {
  const first = await browser.open('#/connect-four');
  // The second tab misses other tabs' saves, as a tab does between a save elsewhere and the
  // moment it hears of it; it keeps the keys of the events it missed.
  const second = await browser.open('#/connect-four', {
    keepStorage: true,
    init: () => window.addEventListener('storage', (e) => {
      e.stopImmediatePropagation();
      (window.missed ??= []).push(e.key);
    }, true),
  });
  await cell(first, 3, 0).click();
  // The save's storage event has reached the second tab (and was kept from the app).
  await second.waitForFunction((key) => window.missed?.includes(key), saveKey('connect-four'), { timeout: 5000 });
  assert.equal(await piece(second, 3, 5).count(), 0, 'the second tab has not heard');
  await cell(second, 4, 0).click();
  // Its move is refused in words, and the newer game is shown.
  await arrives(second, 3, 5, 'red');
  assert.equal(await piece(second, 4, 5).count(), 0, 'the stale move is not played');
  assert.match(await second.locator('.message').textContent(), /changed in another tab/);
  assert.equal(await status(second).getAttribute('data-turn'), 'yellow');
  // Nothing was written over the first tab's game.
  const third = await browser.open('#/connect-four', { keepStorage: true });
  assert.equal(await moveCount(third), 1);
  assert.equal(await owner(third, 3, 5), 'red');
  // The second tab, now up to date, plays on normally.
  await cell(second, 4, 0).click();
  assert.equal(await owner(second, 4, 5), 'yellow');
  await arrives(first, 4, 5, 'yellow');
  for (const page of [first, second, third]) await done(page);
});

test('storage that refuses to save: play goes on, and the player is told once', async () => {
  const page = await browser.open('#/gomoku', {
    init: () => {
      Storage.prototype.setItem = () => { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    },
  });
  assert.equal(await page.locator('[data-board]').count(), 1);
  const notice = page.locator('[data-notice]');
  await cell(page, 7, 7).click();
  assert.equal(await owner(page, 7, 7), 'black', 'the move is played');
  assert.match(await notice.textContent(), /could not be saved.*will not survive a reload/);
  await page.locator('[data-notice] button').click();
  await cell(page, 8, 8).click();
  assert.equal(await owner(page, 8, 8), 'white');
  assert.equal(await notice.count(), 0, 'said once, not after every move');
  await switchLanguage(page);
  await done(page);
});

test('storage that cannot be used at all: a fresh game, and the player is told why', async () => {
  for (const lang of ['en', 'zh']) {
    const page = await browser.open('#/connect-four', {
      init: () => Object.defineProperty(window, 'localStorage', {
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
      }),
    });
    if (lang === 'zh') await switchLanguage(page);
    const notice = page.locator('[data-notice]');
    assert.match(await notice.textContent(), lang === 'en' ? /does not let the suite keep anything/ : /不允許保存/);
    await cell(page, 2, 0).click();
    assert.equal(await owner(page, 2, 5), 'red', 'the game plays');
    await done(page);
  }
});
