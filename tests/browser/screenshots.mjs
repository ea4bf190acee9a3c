// Saves a screenshot of every screen to tests/browser/artifacts/, to look at as a player would.
// Usage: node tests/browser/screenshots.mjs (after `trunk build --release`).
import { mkdirSync } from 'node:fs';
import {
  button, cell, clickCells, dropInColumns, finiteAnimationsEnded, fixture, gameData, launch, newGame, open,
  piece, prefer, readGames, saveKey, serve, switchLanguage, toggle,
} from './harness.mjs';

const out = new URL('./artifacts/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();
const shot = (page, name) => page.screenshot({ path: `${out}${name}.png` });

let page = await open(browser, server.url, '#/gomoku');
await newGame(page, { rules: { index: 2 } });
await clickCells(page, [[3, 7], [3, 10], [4, 7], [5, 10], [6, 7], [7, 10], [7, 7], [9, 10], [8, 7], [11, 10]]);
await cell(page, 5, 7).click();
await shot(page, 'gomoku-renju-forbidden');
page = await open(browser, server.url, '#/');
await shot(page, 'picker');
page = await open(browser, server.url, '#/connect-four');
await dropInColumns(page, [3, 3, 2, 4, 4, 2]);
await cell(page, 2, 2).hover();
await shot(page, 'connect-four-play');
await dropInColumns(page, [1, 5, 0]);
await finiteAnimationsEnded(page); // the overlay fades in
await shot(page, 'connect-four-won');
await page.locator('[data-overlay] [data-action="close"]').click();
await shot(page, 'connect-four-won-board');
page = await open(browser, server.url, '#/connect-four', { storage: { [saveKey('connect-four')]: '{' } });
await switchLanguage(page);
await shot(page, 'connect-four-zh-notice');
await page.setViewportSize({ width: 390, height: 800 });
await shot(page, 'connect-four-phone');
page = await open(browser, server.url, '#/dark-chess?seed=7');
await shot(page, 'dark-chess-start');
await clickCells(page, [[1, 1], [1, 3], [4, 1], [4, 0], [2, 1], [0, 1]]);
await cell(page, 1, 1).click();
await shot(page, 'dark-chess-selected');
await cell(page, 1, 3).click();
await cell(page, 3, 2).click();
await switchLanguage(page);
await shot(page, 'dark-chess-zh');
page = await open(browser, server.url, '#/dark-chess', {
  storage: { [saveKey('dark-chess')]: fixture('dark-chess-endgame') },
});
await piece(page, 1, 1).dragTo(cell(page, 2, 1));
await page.locator('[data-overlay]').waitFor();
await finiteAnimationsEnded(page); // the overlay fades in, the taken piece flies to its tray
await shot(page, 'dark-chess-won');
page = await open(browser, server.url, '#/five-tigers');
await clickCells(page, [[0, 0], [4, 4], [1, 0], [4, 3], [0, 1], [4, 2], [1, 1]]);
await shot(page, 'five-tigers-extra-placement');
page = await open(browser, server.url, '#/five-tigers', {
  storage: { [saveKey('five-tigers')]: fixture('five-tigers-capture') },
});
await piece(page, 1, 0).dragTo(cell(page, 1, 1));
await shot(page, 'five-tigers-capture');
await switchLanguage(page);
await shot(page, 'five-tigers-zh');
page = await open(browser, server.url, '#/checkers');
await cell(page, 3, 2).click();
await shot(page, 'checkers-start-selected');
const checkers = (name) => open(browser, server.url, '#/checkers', { storage: { [saveKey('checkers')]: fixture(name) } });
page = await checkers('checkers-double-jump');
await shot(page, 'checkers-must-capture');
await prefer(page, 'confirm-turn', true);
await clickCells(page, [[4, 3], [2, 5]]);
await shot(page, 'checkers-mid-jump');
await cell(page, 4, 7).click();
await shot(page, 'checkers-finish-turn');
await button(page, 'finish-turn').click();
await button(page, 'show-previous').click();
await shot(page, 'checkers-show-previous');
await prefer(page, 'pass-device', true);
await prefer(page, 'confirm-turn', false);
const red = page.locator('[data-piece][data-owner="red"][draggable="true"]').first();
await red.click();
await page.locator('[data-cell][data-hint]').first().click();
await shot(page, 'checkers-cover');
await switchLanguage(page);
await shot(page, 'checkers-cover-zh');
await button(page, 'start-turn').click();
await shot(page, 'checkers-zh');
await prefer(page, 'pass-device', false);
await page.setViewportSize({ width: 390, height: 800 });
await shot(page, 'checkers-phone');
const optional = JSON.parse(fixture('checkers-double-jump'));
optional.record.config = { compulsory_capture: false };
page = await open(browser, server.url, '#/checkers', { storage: { [saveKey('checkers')]: JSON.stringify(optional) } });
await clickCells(page, [[4, 3], [2, 5]]);
await shot(page, 'checkers-optional-mid-jump');
page = await checkers('checkers-king-loop');
await prefer(page, 'confirm-turn', true);
const ring = [[5, 0], [3, 2], [5, 4], [7, 2], [5, 0]];
for (let i = 1; i < ring.length; i++) await piece(page, ...ring[i - 1]).dragTo(cell(page, ...ring[i]));
await shot(page, 'checkers-king-loop');
// Every board on the canvas, a few moves in (the cells clicked, for every game the app lists).
const CANVAS_MOVES = {
  'connect-four': [[3, 0], [3, 0]], 'dark-chess': [[0, 0], [1, 0]], checkers: [[3, 2], [4, 3]],
  'five-tigers': [[0, 0], [1, 1]], gomoku: [[7, 7], [8, 8]],
};
for (const game of await readGames(browser, server.url)) {
  if (!Object.hasOwn(CANVAS_MOVES, game)) throw new Error(`no moves for "${game}": add them to CANVAS_MOVES in tests/browser/screenshots.mjs`);
  page = await open(browser, server.url, gameData(game).route);
  await clickCells(page, CANVAS_MOVES[game]);
  await toggle(page, 'renderer');
  await shot(page, `${game}-canvas`);
}
// A new version waiting for the player's reload.
page = await open(browser, server.url, '#/connect-four');
await page.waitForFunction(() => navigator.serviceWorker?.controller !== null);
const worker = await page.evaluate(async () => (await fetch('sw.js')).text());
// The worker's version is in its cache's name, wherever minifying put it in the script.
const [cache] = await page.evaluate(() => caches.keys());
server.replace('/sw.js', worker.replaceAll(cache.replace('board-suite-', ''), 'next'));
await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
await page.locator('[data-notice="update"]').waitFor();
await shot(page, 'update-ready');
await page.setViewportSize({ width: 390, height: 800 });
await shot(page, 'update-ready-phone');
await browser.close();
server.close();
console.log(`screenshots in ${out}`);
