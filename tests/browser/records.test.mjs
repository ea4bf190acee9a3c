// Records and links: reviewing a game by click and by keys, its record exported and imported
// in another browser, a bad record refused in words, and share links (a dark-chess link hides
// the face-down pieces).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  boardText, button, cell, clickCells, done, dropInColumns, launch, moveList, open, owner, saveKey, status, suite,
  waitForMoves,
} from './harness.mjs';

const browser = suite();
/** The record box, opened. */
const record = (page) => ({
  fill: async (text) => { await openRecord(page); await page.locator('textarea[data-record]').fill(text); },
  inputValue: () => page.locator('textarea[data-record]').inputValue(),
});
async function openRecord(page) {
  if (!(await page.locator('details.record').evaluate((d) => d.open))) await page.locator('details.record summary').click();
}
const discs = async (page) => (await boardText(page)).join('').replaceAll('.', '').length;

async function dropColumns(page, columns) {
  await dropInColumns(page, columns);
  await waitForMoves(page, columns.length);
}

test('a click on the move list reviews the game; keys and buttons step; input returns to live', async () => {
  const page = await browser.open('#/connect-four');
  await dropColumns(page, [3, 3, 4, 2]);
  await moveList(page).nth(0).click();
  assert.equal(await status(page).getAttribute('data-review'), '');
  assert.equal(await discs(page), 1);
  assert.equal(await moveList(page).nth(0).getAttribute('aria-current'), 'step');
  await page.locator('h2.moves-title').click();
  await page.keyboard.press('ArrowRight');
  assert.equal(await discs(page), 2);
  await page.keyboard.press('Home');
  assert.equal(await discs(page), 0);
  await button(page, 'review-next').click();
  await button(page, 'review-next').click();
  assert.equal(await discs(page), 2);
  // The end of the list is the live game.
  await page.keyboard.press('End');
  assert.equal(await status(page).getAttribute('data-review'), null);
  assert.equal(await discs(page), 4);
  // Back to an earlier position: the live button returns, and reviewing changed nothing.
  await button(page, 'review-previous').click();
  assert.equal(await discs(page), 3);
  await button(page, 'live').click();
  assert.equal(await status(page).getAttribute('data-review'), null);
  assert.equal(await discs(page), 4);
  // A click on the board while reviewing returns to the live position without playing.
  await moveList(page).nth(1).click();
  await cell(page, 0, 0).click();
  assert.equal(await status(page).getAttribute('data-review'), null);
  assert.equal(await moveList(page).count(), 4);
  assert.equal(await discs(page), 4);
  await done(page);
});

test('checkers: a multi-jump game reviews by whole moves', async () => {
  const page = await browser.open('#/checkers');
  await record(page).fill('[FEN "W:WK26,30:B23,15,5"]\n1... 26x19x10 2. 5-9 30-25');
  await button(page, 'load-record').click();
  await waitForMoves(page, 3);
  assert.deepEqual(await moveList(page).allTextContents(), ['126x19x10', '25-9', '330-25']);
  await moveList(page).nth(0).click();
  // After the king's double jump, before Black's reply: two Black men are gone.
  const board = (await boardText(page)).join('');
  assert.equal([...board].filter((c) => c === 'b').length, 1);
  // The computer plays on from the set-up start: its hint is a move of this position.
  await button(page, 'live').click();
  await button(page, 'hint').click();
  await page.waitForSelector('[data-cell][data-mark="hint"]', { timeout: 20_000 });
  assert.equal(await page.locator('[data-notice]').count(), 0);
  await done(page);
});

test('a record exported in one browser and imported in another gives the same position', async () => {
  const page = await browser.open('#/checkers');
  for (const [from, to] of [[[3, 2], [4, 3]], [[2, 5], [1, 4]], [[5, 2], [6, 3]]]) await clickCells(page, [from, to]);
  await waitForMoves(page, 3);
  const text = await record(page).inputValue();
  assert.match(text, /\[GameType "21"\]/);
  assert.match(text, /\[Date "\d{4}\.\d\d\.\d\d"\]/);
  assert.match(text, /^1\. \d+-\d+ \d+-\d+ 2\. \d+-\d+ \*$/m);
  const before = await boardText(page);
  await done(page);

  const other = await launch();
  try {
    const fresh = await open(other, browser.url(), '#/checkers');
    await record(fresh).fill(text);
    await button(fresh, 'load-record').click();
    await waitForMoves(fresh, 3);
    assert.deepEqual(await boardText(fresh), before);
    // The loaded game is the game now: a reload keeps it.
    await fresh.reload();
    await moveList(fresh).first().waitFor();
    assert.deepEqual(await boardText(fresh), before);
    await done(fresh);
  } finally {
    await other.close();
  }
});

test('a bad record leaves the game untouched and says why and where', async () => {
  const page = await browser.open('#/connect-four');
  await dropColumns(page, [3, 4]);
  const before = await boardText(page);
  for (const [bad, words] of [
    ['1. 4 4\n2. 4 9', /line 2: move 4, “9”, is not legal there/],
    ['[Game "gomoku"]\n1. h8', /another game \(gomoku\)/],
    ['1. 4 {unclosed', /does not end/],
  ]) {
    await record(page).fill(bad);
    await button(page, 'load-record').click();
    const notice = page.locator('[data-notice]');
    await notice.waitFor();
    assert.match(await notice.textContent(), words);
    assert.match(await notice.textContent(), /Your game is unchanged/);
    assert.deepEqual(await boardText(page), before);
    assert.equal(await moveList(page).count(), 2);
    await notice.locator('button').click();
  }
  await done(page);
});

test('a record being pasted is kept while the screen is drawn again, and replaced once the game moves', async () => {
  const page = await browser.open('#/connect-four');
  await record(page).fill('1. 4 4 *');
  // The settings menu draws the screen again; so does the extras' code arriving.
  await button(page, 'settings').click();
  await page.locator('[data-menu="settings"]').waitFor();
  assert.equal(await record(page).inputValue(), '1. 4 4 *');
  await button(page, 'close-settings').click();
  await dropColumns(page, [3]);
  assert.match(await record(page).inputValue(), /1\. 4 \*/);
  await done(page);
});

test('on a phone, a record refused is said where the player can see it', async () => {
  const page = await browser.open('#/connect-four');
  await page.setViewportSize({ width: 360, height: 740 });
  await openRecord(page);
  // Opening the box fetches the extras' buttons; once here, the box is drawn as it stays.
  await button(page, 'copy-record').waitFor();
  await record(page).fill('1. 4 4 2. 9 *');
  await button(page, 'load-record').scrollIntoViewIfNeeded();
  await button(page, 'load-record').click();
  const notice = page.locator('[data-notice=""]');
  await notice.waitFor();
  await page.waitForFunction(() => {
    const box = document.querySelector('[data-notice=""]').getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
  }, null, { timeout: 5_000 });
  assert.match(await notice.textContent(), /record/i);
  await done(page);
});

test('a record that keeps clocks shows them as they stood at each turn, with no game server', async () => {
  const page = await browser.open('#/connect-four');
  await record(page).fill('[Game "connect-four"]\n[TimeControl "180+2"]\n1. 4 {[%clk 0:02:58]} 4 {[%clk 0:02:51]} 2. 3 {[%clk 0:02:40]} *\n');
  await button(page, 'load-record').click();
  await waitForMoves(page, 3);
  // The clocks' code comes with online play's, fetched for them.
  await page.locator('[data-clock="red"][data-ms="160000"]').waitFor();
  assert.equal(await page.locator('[data-clock="yellow"]').getAttribute('data-ms'), '171000');
  await moveList(page).nth(0).click();
  await page.locator('[data-clock="red"][data-ms="178000"]').waitFor();
  assert.equal(await page.locator('[data-clock][data-running]').count(), 0, 'a record\'s clocks stand still');
  await done(page);
});

test('a share link opens the position in another browser, for review, and can be continued', async () => {
  const page = await browser.open('#/gomoku');
  await clickCells(page, [[7, 7], [8, 8], [6, 7]]);
  await waitForMoves(page, 3);
  const href = await page.locator('a[data-share]').getAttribute('href');
  assert.match(href, /^#\/gomoku\?record=h8\+i7\+g8\+\*$/);
  await done(page);

  const other = await launch();
  try {
    // The other device has a game of its own, which the link must not overwrite.
    const mine = await open(other, browser.url(), '#/gomoku');
    await cell(mine, 0, 0).click();
    await moveList(mine).first().waitFor();
    await mine.close();
    const shared = await open(other, browser.url(), href, { keepStorage: true });
    await shared.waitForSelector('[data-status][data-review]');
    assert.equal(await moveList(shared).count(), 3);
    assert.equal(await owner(shared, 6, 7), 'black');
    const saved = await shared.evaluate((key) => localStorage.getItem(key), saveKey('gomoku'));
    assert.match(saved, /1\. a15 \*/);
    await button(shared, 'continue-shared').click();
    assert.equal(await status(shared).getAttribute('data-review'), null);
    assert.equal(await status(shared).getAttribute('data-turn'), 'white');
    await shared.waitForFunction(() => !location.hash.includes('record'));
    await shared.waitForFunction((key) => localStorage.getItem(key).includes('h8 i7 2. g8'), saveKey('gomoku'));
    await done(shared);
  } finally {
    await other.close();
  }
});

test('a dark-chess share link does not contain the face-down pieces', async () => {
  const page = await browser.open('#/dark-chess?seed=7');
  await cell(page, 0, 0).click();
  await waitForMoves(page, 1);
  await cell(page, 7, 3).click();
  await waitForMoves(page, 2);
  const href = await page.locator('a[data-share]').getAttribute('href');
  const text = decodeURIComponent(href.replaceAll('+', ' '));
  assert.match(text, /a4=C h1=K/);
  assert.doesNotMatch(text, /Seed|Deal/);
  assert.doesNotMatch(await record(page).inputValue(), /Seed|Deal/);
  // Opened elsewhere, the same pieces are shown and the rest are still face down.
  const shared = await browser.open(href);
  await shared.waitForSelector('[data-status][data-review]');
  assert.equal(await shared.locator('[data-piece][data-face="down"]').count(), 30);
  assert.equal(await shared.locator('[data-cell][data-x="0"][data-y="0"] [data-piece]').getAttribute('data-kind'), 'cannon');
  await done(shared);
  await done(page);
});

/** The clipboard's text, as the page reads it (the context may read it once granted). */
const clipboard = (page) => page.evaluate(() => navigator.clipboard.readText());

test('the record box copies the record and the link, and downloads the record as a file', async () => {
  const context = browser.context();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(browser.url()).origin });
  const page = await browser.open('#/checkers');
  for (const [from, to] of [[[3, 2], [4, 3]], [[2, 5], [1, 4]]]) await clickCells(page, [from, to]);
  await waitForMoves(page, 2);
  await openRecord(page);
  const text = await record(page).inputValue();
  const said = page.locator('.record-actions [role="status"]');

  await button(page, 'copy-record').click();
  await page.waitForSelector('[role="status"][data-copied="done"]');
  assert.equal(await said.textContent(), 'Copied');
  assert.equal(await clipboard(page), text);
  // Said for a moment, then no longer.
  await page.waitForSelector('[role="status"][data-copied]', { state: 'detached' });
  assert.equal(await said.textContent(), '');

  await button(page, 'copy-link').click();
  await page.waitForSelector('[role="status"][data-copied="done"]');
  const href = await page.locator('a[data-share]').getAttribute('href');
  assert.equal(await clipboard(page), new URL(href, page.url()).href);
  assert.match(await clipboard(page), /^http:\/\/127\.0\.0\.1:\d+\/index\.html#\/checkers\?record=/);

  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'download-record').click()]);
  assert.match(download.suggestedFilename(), /^checkers-\d{4}-\d\d-\d\d\.pdn$/);
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  assert.equal(Buffer.concat(chunks).toString('utf8'), text);
  await context.clearPermissions();
  await done(page);
});

test('a copy the browser refuses is said in words', async () => {
  const page = await browser.open('#/connect-four', {
    init: () => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); },
  });
  await dropColumns(page, [3]);
  await openRecord(page);
  await button(page, 'copy-record').click();
  await page.waitForSelector('[role="status"][data-copied="failed"]');
  assert.match(await page.locator('.record-actions [role="status"]').textContent(), /Could not copy/);
  // Another game's record downloads as text.
  const [download] = await Promise.all([page.waitForEvent('download'), button(page, 'download-record').click()]);
  assert.match(download.suggestedFilename(), /^connect-four-\d{4}-\d\d-\d\d\.txt$/);
  await done(page);
});
