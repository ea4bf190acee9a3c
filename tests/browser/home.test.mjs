// The home page, the new-game dialog and the settings menu in headless Chromium: every way to
// play starts from the home page in one or two clicks, a game in progress is continued in one,
// the dialog's choices reach the game, and each preference is changed and remembered.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  button, cell, closeSettings, done, dropInColumns, moveCount, openSettings, pressed, setting, status, suite,
  waitForMoves,
} from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();
const card = (page, game) => page.locator(`[data-game-card="${game}"]`);
const players = (page) => page.locator('[data-game-settings] [data-players]').textContent();

test('every game on the home page offers its three ways to play', async () => {
  const page = await browser.open('#/');
  assert.equal(await page.locator('[data-game-card]').count(), GAMES.length);
  for (const game of GAMES) {
    for (const way of ['hotseat', 'computer', 'online']) {
      assert.equal(await card(page, game).locator(`button[data-play="${way}"]`).count(), 1, `${game} ${way}`);
    }
  }
  assert.doesNotMatch(await page.locator('main').textContent(), /Two players, one device/);
  // A static host has no game server: no lobby, and its piece of code is never fetched.
  assert.equal(await page.locator('[data-lobby]').count(), 0);
  assert.ok(!page.requests.some((url) => /\.split_online\.wasm$/.test(url)), 'no online code fetched without a server');
  await done(page);
});

test('with a friend: one click from the home page to a hot-seat game', async () => {
  const page = await browser.open('#/');
  await card(page, 'connect-four').locator('button[data-play="hotseat"]').click();
  await page.waitForSelector('[data-board]');
  assert.match(await players(page), /Two players on this device/);
  assert.ok(page.url().endsWith('#/connect-four'), 'the link has done its work');
  await dropInColumns(page, [3, 3]);
  assert.equal(await moveCount(page), 2, 'both sides are played here');
  // The link only redirected: Back goes home, not to the link again.
  await page.goBack();
  await page.locator('[data-game-card]').first().waitFor();
  assert.ok(page.url().endsWith('#/'), page.url());
  await done(page);
});

test('against the computer: two clicks from the home page, at the level chosen', async () => {
  const page = await browser.open('#/');
  await card(page, 'connect-four').locator('button[data-play="computer"]').click();
  const dialog = page.locator('[data-dialog="new-game"]');
  await dialog.waitFor();
  assert.equal(await setting(page, 'opponent').inputValue(), 'computer', 'the dialog opens with the computer chosen');
  await setting(page, 'level').selectOption('3');
  await setting(page, 'computer-side').selectOption('red');
  await button(page, 'start').click();
  await waitForMoves(page, 1, { timeout: 20_000 });
  assert.match(await players(page), /Computer, level 3, plays Red/);
  assert.equal(await status(page).getAttribute('data-turn'), 'yellow');
  await page.goBack();
  await page.locator('[data-game-card]').first().waitFor();
  assert.ok(page.url().endsWith('#/'), `Back goes home, not to the dialog again: ${page.url()}`);
  await done(page);
});

test('a game in progress is shown on the home page with its moves, and continued in one click', async () => {
  const page = await browser.open('#/gomoku');
  await cell(page, 7, 7).click();
  await cell(page, 8, 8).click();
  await cell(page, 9, 9).click();
  await page.goto(page.url().replace(/#.*/, '#/'));
  const going = page.locator('[data-continue="gomoku"]');
  await going.waitFor();
  assert.equal(await going.getAttribute('data-plies'), '3');
  assert.match(await going.textContent(), /3 moves/);
  assert.equal(await page.locator('[data-continue]').count(), 1, 'only the game in progress');
  await going.click();
  await page.waitForSelector('[data-board]');
  assert.equal(await moveCount(page), 3);
  await done(page);
});

test('with a friend while a game is in progress asks first, in the new-game dialog', async () => {
  const page = await browser.open('#/connect-four');
  await dropInColumns(page, [3, 3]);
  await page.goto(page.url().replace(/#.*/, '#/'));
  await card(page, 'connect-four').locator('button[data-play="hotseat"]').click();
  await page.locator('[data-dialog="new-game"]').waitFor();
  assert.equal(await moveCount(page), 2, 'nothing lost yet');
  await button(page, 'start').click();
  assert.equal(await moveCount(page), 0);
  await done(page);
});

test('the new-game dialog\'s rules and opponent reach the game; Cancel changes nothing', async () => {
  const page = await browser.open('#/gomoku');
  await button(page, 'new-game').click();
  await setting(page, 'rules').selectOption({ index: 2 });
  await button(page, 'cancel-new-game').click();
  assert.doesNotMatch(await page.locator('[data-game-settings]').textContent(), /Renju/);
  await button(page, 'new-game').click();
  await setting(page, 'rules').selectOption({ index: 2 });
  await setting(page, 'opponent').selectOption('computer');
  await setting(page, 'level').selectOption('2');
  await button(page, 'start').click();
  assert.match(await page.locator('[data-game-settings]').textContent(), /Renju/);
  assert.match(await players(page), /Computer, level 2, plays White/);
  await done(page);
});

test('the settings menu changes each preference, and each is remembered', async () => {
  const page = await browser.open('#/gomoku');
  await openSettings(page);
  for (const name of ['coordinates', 'numbers', 'motion', 'sound']) {
    const before = await button(page, name).getAttribute('aria-pressed');
    await button(page, name).click();
    assert.notEqual(await button(page, name).getAttribute('aria-pressed'), before, name);
    // Its state is shown in words, not by colour alone.
    assert.match(await button(page, name).textContent(), before === 'true' ? /Off$/ : /On$/);
  }
  await button(page, 'renderer').click();
  await setting(page, 'theme').selectOption('dark');
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
  await button(page, 'language').click();
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hant');
  await closeSettings(page);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark');
  assert.equal(await page.locator('html').getAttribute('lang'), 'zh-Hant');
  // The canvas's code is fetched again by the new page: the grid is drawn until it comes.
  await page.locator('canvas[data-board]').waitFor();
  assert.equal(await page.locator('[data-board]').getAttribute('data-renderer'), 'canvas');
  assert.equal(await pressed(page, 'coordinates'), 'false');
  assert.equal(await pressed(page, 'numbers'), 'true');
  assert.equal(await pressed(page, 'motion'), 'false');
  assert.equal(await pressed(page, 'sound'), 'false');
  await done(page);
});

test('the turn flow\'s choices are switches with their state in words, as the menu\'s others', async () => {
  const page = await browser.open('#/checkers');
  await openSettings(page);
  const row = page.locator('[data-menu="settings"] label.pref').filter({ has: page.locator('[data-setting="confirm-turn"]') });
  assert.match(await row.textContent(), /Off$/);
  await row.locator('input[data-setting="confirm-turn"]').setChecked(true);
  assert.match(await row.textContent(), /On$/);
  assert.equal(await row.locator('input').isChecked(), true);
  await done(page);
});

test('the theme follows the system until one is chosen', async () => {
  const page = await browser.open('#/');
  const theme = (wanted) => page.waitForFunction((t) => document.documentElement.dataset.theme === t, wanted);
  await page.emulateMedia({ colorScheme: 'dark' });
  await theme('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await theme('light');
  await openSettings(page);
  await setting(page, 'theme').selectOption('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.emulateMedia({ colorScheme: 'light' });
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'dark', 'the choice wins');
  await done(page);
});

test('on a phone nothing is cut off at 360 px and every control is at least 44 px', async () => {
  const page = await browser.open('#/');
  await page.setViewportSize({ width: 360, height: 740 });
  const problems = (scope) => page.evaluate((s) => {
    const out = [];
    for (const e of document.querySelectorAll(`${s} button, ${s} select, ${s} a[href]`)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0) continue;
      if (r.right > innerWidth + 0.5 || r.left < -0.5) out.push(`cut off: ${e.dataset.action ?? e.textContent}`);
      if (r.height < 43.5 && !e.closest('[data-moves], .review-steps, .record')) {
        out.push(`small: ${e.dataset.action ?? e.dataset.play ?? e.textContent} ${r.height}`);
      }
    }
    if (document.documentElement.scrollWidth > innerWidth) out.push(`page ${document.documentElement.scrollWidth} wide`);
    return out;
  }, scope);
  assert.deepEqual(await problems('main'), [], 'home');
  // The cards are rows on a phone: the lobby under them is within two screens, not five.
  const cardsEnd = await page.locator('ul.cards').evaluate((list) => list.getBoundingClientRect().bottom);
  assert.ok(cardsEnd < 2 * 740, `the cards end ${cardsEnd} px down`);
  for (const game of GAMES) {
    await page.goto(page.url().replace(/#.*/, `#/${game}`));
    await page.waitForSelector('[data-board]');
    assert.deepEqual(await problems('main'), [], game);
    await button(page, 'new-game').click();
    assert.deepEqual(await problems('[data-dialog]'), [], `${game}: the new-game dialog`);
    await page.keyboard.press('Escape');
    await openSettings(page);
    assert.deepEqual(await problems('[data-menu]'), [], `${game}: the settings menu`);
    await closeSettings(page);
  }
  await done(page);
});

test('Back closes the new-game dialog, and Back again goes home', async () => {
  const page = await browser.open('#/');
  await card(page, 'connect-four').locator('button[data-play="computer"]').click();
  const dialog = page.locator('[data-dialog="new-game"]');
  await dialog.waitFor();
  await page.goBack();
  await dialog.waitFor({ state: 'detached' });
  assert.ok(page.url().endsWith('#/connect-four'), page.url());
  await page.locator('[data-board]').waitFor();
  await page.goBack();
  await page.locator('[data-game-card]').first().waitFor();
  assert.ok(page.url().endsWith('#/'), page.url());
  await done(page);
});
