// Saves the contact sheet of the screens: the home page, every game in play, the new-game
// dialog, the settings menu, a finished game and the analysis board, at three screen sizes, in both languages,
// light and dark, to tests/browser/artifacts/screens/<size>-<lang>-<theme>-<screen>.png, to
// look at as a player would. Usage: node tests/browser/screens.mjs [size ...] (after
// `trunk build --release`; sizes such as 360x740, all three by default).
import { mkdirSync } from 'node:fs';
import {
  button, clickCells, dropInColumns, finiteAnimationsEnded, gameData, launch, newGame, open, openSettings,
  readGames, serve,
} from './harness.mjs';

const SIZES = process.argv.length > 2 ? process.argv.slice(2) : ['360x740', '390x844', '1280x800'];
const out = new URL('./artifacts/screens/', import.meta.url).pathname;
mkdirSync(out, { recursive: true });
const server = await serve();
const browser = await launch();

/** A finished Connect Four game with one blunder (the analysis test's), for the analysis board. */
const ANALYSED = '4 4 4 4 4 3 1 3 1 0-1';

/** A few moves of each game, so that its board, move list and status show a game under way
 * (every game the app lists needs its own). */
const PLAY = {
  'dark-chess': (page) => clickCells(page, [[1, 1], [1, 3], [4, 1], [4, 0]]),
  'five-tigers': (page) => clickCells(page, [[0, 0], [4, 4], [1, 0], [4, 3]]),
  gomoku: (page) => clickCells(page, [[7, 7], [8, 8], [7, 8], [6, 6], [9, 7]]),
  'connect-four': (page) => dropInColumns(page, [3, 3, 2, 4, 4]),
  checkers: (page) => clickCells(page, [[5, 2], [4, 3], [2, 5], [3, 4]]),
};
const GAMES = await readGames(browser, server.url);
for (const game of GAMES) {
  if (!Object.hasOwn(PLAY, game)) throw new Error(`no moves for "${game}": add them to PLAY in tests/browser/screens.mjs`);
}

for (const size of SIZES) {
  const [width, height] = size.split('x').map(Number);
  for (const lang of ['en', 'zh-Hant']) {
    for (const theme of ['light', 'dark']) {
      const storage = { 'board-suite/lang': lang, 'board-suite/theme': theme };
      const shot = async (page, name) => {
        await finiteAnimationsEnded(page);
        await page.screenshot({ path: `${out}${size}-${lang}-${theme}-${name}.png` });
      };
      let page = await open(browser, server.url, '#/dark-chess?seed=7', { storage });
      await page.setViewportSize({ width, height });
      for (const game of GAMES) {
        await page.goto(page.url().replace(/#.*/, gameData(game).route));
        await page.waitForSelector('[data-board]');
        await PLAY[game](page);
        await shot(page, game);
      }
      await button(page, 'new-game').click();
      await page.locator('[data-dialog="new-game"]').waitFor();
      await shot(page, 'new-game');
      await page.keyboard.press('Escape');
      await openSettings(page);
      await shot(page, 'settings');
      await page.keyboard.press('Escape');
      await page.goto(page.url().replace(/#.*/, '#/connect-four'));
      await page.waitForSelector('[data-board]');
      await newGame(page);
      await dropInColumns(page, [3, 3, 4, 4, 2, 2, 5]);
      await page.locator('[data-overlay]').waitFor();
      await shot(page, 'game-over');
      // The analysis board: a finished game analysed, the position before its blunder shown.
      await page.goto(page.url().replace(/#.*/, `#/connect-four?record=${ANALYSED.replaceAll(' ', '+')}`));
      await page.waitForSelector('[data-status][data-review]');
      if (await page.locator('.analysis button[data-action="analyse"]').count() > 0) {
        await page.locator('.analysis button[data-action="analyse"]').click();
      }
      await page.waitForSelector('[data-analysis][data-state="done"]', { timeout: 60_000 });
      await page.locator('[data-eval-graph] [data-ply="5"]').click();
      await shot(page, 'analysis');
      await page.goto(page.url().replace(/#.*/, '#/'));
      await page.locator('[data-game-card]').first().waitFor();
      await shot(page, 'home');
      await page.close();
    }
  }
}
await browser.close();
server.close();
console.log(`screens saved in ${out}`);
