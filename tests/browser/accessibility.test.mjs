// Every screen through axe-core, the accessibility engine most sites test with: no violation of
// WCAG 2.1 A or AA on the picker and every game, in both languages, on a phone and a desktop
// screen, and in the states a game goes through (in progress, finished with its result, a
// question asked, the pass-the-device cover, the board drawn on a canvas).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessibility, animationsFinished, button, cell, closeSettings, control, done, dropInColumns, finiteAnimationsEnded, fixture, moveList,
  openSettings, piece, prefer, saveKey, setting, status, suite, switchLanguage, toggle,
} from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();
const SCREENS = { desktop: { width: 1100, height: 760 }, phone: { width: 390, height: 800 } };

const clean = async (page, what) => assert.deepEqual(await accessibility(page), [], what);

for (const [screen, size] of Object.entries(SCREENS)) {
  for (const lang of ['en', 'zh-Hant']) {
    test(`no violations on the picker and every game: ${lang}, ${screen}`, async () => {
      const page = await browser.open('#/');
      await page.setViewportSize(size);
      if (lang !== 'en') await switchLanguage(page);
      assert.equal(await page.locator('html').getAttribute('lang'), lang);
      await clean(page, `picker (${lang}, ${screen})`);
      for (const game of GAMES) {
        await page.goto(page.url().replace(/#.*/, `#/${game}`));
        await page.waitForSelector('[data-board]');
        await clean(page, `${game} (${lang}, ${screen})`);
      }
      await done(page);
    });
  }
}

test('no violations in play: moves made, a question asked, the game over with its result', async () => {
  const page = await browser.open('#/connect-four');
  await dropInColumns(page, [0, 1, 0, 1]);
  await clean(page, 'in progress');
  await control(page, 'resign').click();
  await clean(page, 'asked to resign');
  await button(page, 'cancel').click();
  await dropInColumns(page, [0, 1, 0]);
  // Measured once the result has faded in: half-faded text is not what a player reads.
  await animationsFinished(page.locator('[data-overlay]'));
  await clean(page, 'won, with the result over the board');
  await done(page);
});

// The dialog and the menu: clean, the focus kept inside while open, Escape closes them and gives
// the focus back to the button that opened them.
for (const lang of ['en', 'zh-Hant']) {
  test(`no violations in the new-game dialog and the settings menu, which keep the focus (${lang})`, async () => {
    const page = await browser.open('#/dark-chess');
    if (lang !== 'en') await switchLanguage(page);
    const inside = (selector) => page.evaluate((s) => document.querySelector(s)?.contains(document.activeElement), selector);
    for (const [opener, selector] of [['new-game', '[data-dialog="new-game"]'], ['settings', '[data-menu="settings"]']]) {
      await button(page, opener).click();
      await page.locator(selector).waitFor();
      // Its backdrop fades in too: half-faded text is not what a player reads.
      await finiteAnimationsEnded(page);
      await clean(page, `${selector} open (${lang})`);
      assert.ok(await inside(selector), 'the focus goes inside');
      for (let i = 0; i < 25; i++) {
        await page.keyboard.press(i % 3 ? 'Tab' : 'Shift+Tab');
        assert.ok(await inside(selector), `the focus stays inside after ${i + 1} presses`);
      }
      await page.keyboard.press('Escape');
      assert.equal(await page.locator(selector).count(), 0, 'Escape closes it');
      assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), opener, 'the focus is back');
    }
    await done(page);
  });
}

test('no violations on the home page with a game in progress, light and dark', async () => {
  const page = await browser.open('#/connect-four');
  await dropInColumns(page, [3, 3]);
  await page.goto(page.url().replace(/#.*/, '#/'));
  await page.locator('[data-continue="connect-four"]').waitFor();
  for (const theme of ['light', 'dark']) {
    await openSettings(page);
    await setting(page, 'theme').selectOption(theme);
    await closeSettings(page);
    assert.equal(await page.locator('html').getAttribute('data-theme'), theme);
    await clean(page, `home, ${theme}`);
    await page.goto(page.url().replace(/#.*/, '#/connect-four'));
    await page.waitForSelector('[data-board]');
    await clean(page, `game, ${theme}`);
    await page.goto(page.url().replace(/#.*/, '#/'));
    await page.locator('[data-continue="connect-four"]').waitFor();
  }
  await done(page);
});

test('no violations with the cover, the turn flow, a move being made and the canvas', async () => {
  const page = await browser.open('#/checkers');
  await prefer(page, 'confirm-turn', true);
  await cell(page, 3, 2).click();
  await cell(page, 4, 3).click();
  await clean(page, 'a move waiting for Finish Turn');
  await prefer(page, 'pass-device', true);
  await button(page, 'finish-turn').click();
  await page.locator('[data-cover]').waitFor();
  await clean(page, 'the pass-the-device cover');
  await button(page, 'start-turn').click();
  await toggle(page, 'renderer');
  await clean(page, 'the board on a canvas');
  await done(page);
});

// After each turn a polite live region says it in words, in the page's language.
const said = (page) => page.locator('[data-said]');

test('a screen reader hears each turn in words: a drop, a flip, a double jump', async () => {
  const page = await browser.open('#/connect-four');
  assert.equal(await said(page).getAttribute('aria-live'), 'polite');
  await cell(page, 3, 0).click();
  assert.equal(await said(page).textContent(), 'Red drops in column 4');
  await cell(page, 0, 0).click();
  assert.equal(await said(page).textContent(), 'Yellow drops in column 1');
  await switchLanguage(page);
  assert.equal(await said(page).textContent(), '黃方下在第 1 行');
  await page.goto(page.url().replace(/#.*/, '#/dark-chess?seed=7'));
  await cell(page, 0, 0).click();
  assert.equal(await said(page).textContent(), '紅方 a4 翻出 紅方炮');
  await switchLanguage(page);
  assert.equal(await said(page).textContent(), 'Red flips a4: Red cannon 炮');
  await page.goto(page.url().replace(/#.*/, '#/gomoku'));
  await cell(page, 7, 7).click();
  assert.equal(await said(page).textContent(), 'Black places on h8');
  await page.goto(page.url().replace(/#.*/, '#/five-tigers'));
  await cell(page, 0, 0).click();
  assert.equal(await said(page).textContent(), 'Black places on a5');
  await done(page);
});

test('a checkers double jump is heard as one turn with the pieces it took', async () => {
  const page = await browser.open('#/checkers', { storage: { [saveKey('checkers')]: fixture('checkers-double-jump') } });
  await piece(page, 4, 3).dragTo(cell(page, 2, 5));
  await piece(page, 2, 5).dragTo(cell(page, 4, 7));
  // The move list's 15x22x31, in words.
  assert.match(await moveList(page).last().textContent(), /15x22x31$/);
  assert.equal(await said(page).textContent(), 'Black jumps 15 to 22 to 31, 2 pieces taken');
  await done(page);
});

test('every control and cell shows where the keyboard focus is', async () => {
  for (const hash of ['#/', ...GAMES.map((g) => `#/${g}`)]) {
    const page = await browser.open(hash);
    const seen = new Set();
    // Tab through the page once round (bounded), looking at each element that takes the focus.
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab');
      const focus = await page.evaluate(() => {
        const a = document.activeElement;
        if (!a || a === document.body) return null;
        const style = getComputedStyle(a);
        const name = a.dataset.action ?? a.dataset.setting ?? (a.hasAttribute('data-cell') ? 'cell' : a.tagName.toLowerCase() + (a.getAttribute('href') ?? ''));
        return { name, visible: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 };
      });
      if (!focus) continue;
      if (seen.has(focus.name)) break;
      seen.add(focus.name);
      assert.ok(focus.visible, `${hash}: ${focus.name} shows no focus`);
    }
    assert.ok(seen.size >= 3, `${hash}: the keyboard reaches the page's controls`);
    await done(page);
  }
});

test('a dark-chess capture is heard in words: the move list\'s f3xe3', async () => {
  const page = await browser.open('#/dark-chess', { storage: { [saveKey('dark-chess')]: fixture('dark-chess-chain-endgame') } });
  const side = await status(page).getAttribute('data-turn');
  await piece(page, 5, 1).dragTo(cell(page, 4, 1));
  const name = side[0].toUpperCase() + side.slice(1);
  assert.equal(await said(page).textContent(), `${name} f3 takes e3`);
  await done(page);
});
