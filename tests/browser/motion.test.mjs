// Moves that move, never in the way: animations run over a DOM that already shows the new
// position, input during one acts at once, reduced motion (or the page's switch) stops them all,
// the mute is remembered, and a browser without audio logs nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  animationsDone, button, cell, clickCells, closeSettings, done, moveCount, openSettings, owner, piece, pressed, SOUND_KEY,
  suite, toggle,
} from './harness.mjs';

const browser = suite();
const running = (page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);

test('a move animates, and the DOM shows the new position at once', async () => {
  const page = await browser.open('#/connect-four');
  await cell(page, 3, 0).click();
  // The disc is already in its cell (the falling is drawn over it).
  assert.equal(await owner(page, 3, 5), 'red');
  assert.ok(await running(page) > 0, 'the disc falls');
  assert.equal(await cell(page, 3, 5).getAttribute('data-motion'), 'fall');
  await done(page);
});

test('a move made during an animation is taken at once, and the board ends right', async () => {
  const page = await browser.open('#/connect-four');
  // Three drops, each while the one before still falls.
  await page.evaluate(() => {
    for (const x of [3, 3, 4]) document.querySelector(`[data-cell][data-x="${x}"][data-y="0"]`).click();
  });
  assert.equal(await moveCount(page), 3);
  assert.equal(await owner(page, 3, 5), 'red');
  assert.equal(await owner(page, 3, 4), 'yellow');
  assert.equal(await owner(page, 4, 5), 'red');
  // Checkers: a piece picked up while the last one still slides.
  const checkers = await browser.open('#/checkers');
  await clickCells(checkers, [[5, 2], [4, 3], [2, 5], [3, 4]]);
  assert.equal(await moveCount(checkers), 2);
  assert.equal(await owner(checkers, 3, 4), 'red');
  await done(page);
  await done(checkers);
});

test('a capture slides the piece and the taken one fades, as a picture only', async () => {
  const page = await browser.open('#/checkers');
  await clickCells(page, [[5, 2], [4, 3], [2, 5], [3, 4]]);
  await animationsDone(page);
  // Black jumps 15x22: the man slides, red's man fades where it was.
  await cell(page, 4, 3).click();
  await cell(page, 2, 5).click();
  assert.equal(await cell(page, 2, 5).getAttribute('data-motion'), 'slide1');
  assert.equal(await page.locator('.ghost .piece').count(), 1);
  assert.equal(await page.locator('[data-piece][data-owner="red"]').count(), 11, 'the taken man is gone from the board');
  await done(page);
});

test('with reduced motion, or motion switched off, nothing animates', async () => {
  const page = await browser.open('#/checkers');
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await clickCells(page, [[5, 2], [4, 3], [2, 5], [3, 4], [4, 3], [2, 5]]);
  assert.equal(await page.evaluate(() => document.getAnimations().length), 0);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  assert.equal(await pressed(page, 'motion'), 'true');
  await toggle(page, 'motion');
  const c4 = await browser.open('#/connect-four', { keepStorage: true });
  assert.equal(await pressed(c4, 'motion'), 'false');
  await cell(c4, 2, 0).click();
  assert.equal(await c4.evaluate(() => document.getAnimations().length), 0);
  assert.equal(await c4.locator('[data-motion]').count(), 0);
  await done(page);
  await done(c4);
});

test('the mute is remembered', async () => {
  const page = await browser.open('#/gomoku');
  await openSettings(page);
  const sound = button(page, 'sound');
  assert.equal(await sound.getAttribute('aria-pressed'), 'true');
  await sound.click();
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  // Its state in words, not only in colour.
  assert.match(await sound.textContent(), /Off/);
  await closeSettings(page);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await pressed(page, 'sound'), 'false');
  assert.equal(await page.evaluate((key) => localStorage.getItem(key), SOUND_KEY), 'off');
  await done(page);
});

test('a browser without audio plays on in silence, with nothing in the console', async () => {
  const page = await browser.open('#/checkers', { init: () => { delete window.AudioContext; } });
  await clickCells(page, [[5, 2], [4, 3], [2, 5], [3, 4], [4, 3], [2, 5]]);
  // A refused try and the sounds of moves and a capture: all silent.
  await cell(page, 0, 0).click();
  assert.equal(await moveCount(page), 3);
  await done(page);
});

test('dark chess: a taken piece flies to its tray', async () => {
  const page = await browser.open('#/dark-chess?seed=7');
  await cell(page, 4, 1).click(); // red chariot
  await cell(page, 4, 0).click(); // black chariot
  await cell(page, 3, 0).click(); // red flips a black soldier
  await cell(page, 7, 0).click(); // black flips a red soldier
  await animationsDone(page);
  await piece(page, 4, 1).dragTo(cell(page, 4, 0));
  await page.waitForSelector('.ghost[data-side="black"][data-to-tray]');
  assert.equal(await page.locator('[data-tray="black"] [data-piece]').count(), 1);
  const offset = await page.locator('.ghost[data-to-tray]').evaluate((g) => g.style.getPropertyValue('--ty'));
  assert.ok(parseFloat(offset) > 0, `the tray is below the board: ${offset}`);
  await done(page);
});

// Last: the clock it installs is the whole browser's, for the rest of this file.
test('the canvas animates a gomoku stone as the DOM board does', async () => {
  const page = await browser.open('#/gomoku');
  await toggle(page, 'renderer');
  const canvas = page.locator('canvas[data-board]');
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  // The page's clock, held still: the canvas draws its frames by the clock's timers and times
  // them by its date, so the stone's first frame stays on the canvas until the clock runs.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  // h8, the centre: the stone settles, drawn larger at first.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  const early = await canvas.screenshot();
  // Ten seconds of the page's clock, every frame timer due in them fired in turn: a settling
  // stone takes a fraction of one, so its last frame has been drawn.
  await page.clock.runFor(10_000);
  const late = await canvas.screenshot();
  assert.notDeepEqual(early, late, 'the frames differ while the stone settles');
  // And ten more: nothing is drawn differently.
  await page.clock.runFor(10_000);
  const again = await canvas.screenshot();
  assert.deepEqual(late, again, 'and the board is still once it has');
  await page.clock.resume();
  await done(page);
});
