// Connect Four and the shell, played in headless Chromium against the release build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  backupKey, boardText, button, cell, control, done, dropInColumns, launch, moveCount, moveTexts, open,
  owner, piece, saveKey, status, suite, switchLanguage, taken, tap, touchDrag,
} from './harness.mjs';

const browser = suite();

const SAVE_KEY = saveKey('connect-four');
const BACKUP_KEY = backupKey('connect-four');
const game = (hash = '#/connect-four', options) => browser.open(hash, options);

test('the picker lists Connect Four with a picture and leads to it', async () => {
  const page = await game('#/');
  const card = page.locator('a[data-link="connect-four"]');
  assert.equal(await card.locator('svg').count(), 1);
  await card.click();
  await page.waitForSelector('main[data-game="connect-four"] [data-board][role="grid"]');
  assert.equal(await page.locator('[data-cell]').count(), 42);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await done(page);
});

test('a disc dragged with HTML5 drag-and-drop falls to the bottom of its column', async () => {
  const page = await game();
  const hand = page.locator('[data-hand="red"] [data-piece][draggable="true"]');
  await hand.dragTo(cell(page, 2, 1));
  assert.equal(await owner(page, 2, 5), 'red');
  assert.equal(await piece(page, 2, 5).getAttribute('data-kind'), 'disc');
  assert.equal(await cell(page, 2, 5).getAttribute('data-last'), '');
  assert.equal(await status(page).getAttribute('data-turn'), 'yellow');
  await page.locator('[data-hand="yellow"] [data-piece]').dragTo(cell(page, 2, 5));
  assert.equal(await owner(page, 2, 4), 'yellow');
  assert.equal(await cell(page, 2, 5).getAttribute('data-last'), null);
  assert.deepEqual(await moveTexts(page), ['1 3', '2 3'].map((m) => m.replace(' ', '')));
  await done(page);
});

test('clicking any cell of a column drops there; a full column refuses in words', async () => {
  const page = await game();
  await dropInColumns(page, [0, 0, 0, 0, 0]);
  await cell(page, 0, 5).click();
  assert.equal(await owner(page, 0, 0), 'yellow');
  await cell(page, 0, 3).click();
  assert.match(await page.locator('.message').textContent(), /full/);
  assert.equal(await page.locator('[data-piece]:not([data-hand] *)').count(), 6);
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await cell(page, 1, 0).click();
  assert.equal(await page.locator('.message').textContent(), '');
  await done(page);
});

test('the keyboard moves a focus and Enter or Space drops', async () => {
  const page = await game();
  await page.focus('[data-cell][tabindex="0"]');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  assert.equal(await owner(page, 1, 5), 'red');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press(' ');
  assert.equal(await owner(page, 2, 5), 'yellow');
  const focused = await page.evaluate(() => document.activeElement?.dataset.x);
  assert.equal(focused, '2');
  await done(page);
});

test('a touch drag of the next disc drops it', async () => {
  const page = await game();
  await touchDrag(page, page.locator('[data-hand="red"] [data-piece]'), cell(page, 5, 2));
  assert.equal(await owner(page, 5, 5), 'red');
  assert.equal(await moveCount(page), 1);
  // A plain tap still works as a click.
  await tap(page, cell(page, 6, 3));
  assert.equal(await owner(page, 6, 5), 'yellow');
  await done(page);
});

test('undo and redo walk the moves; a new move clears redo', async () => {
  const page = await game();
  assert.equal(await control(page, 'undo').isDisabled(), true);
  await dropInColumns(page, [3, 4, 5]);
  await control(page, 'undo').click();
  await control(page, 'undo').click();
  assert.deepEqual(await boardText(page).then((r) => r[5]), '...r...');
  assert.equal(await status(page).getAttribute('data-turn'), 'yellow');
  await control(page, 'redo').click();
  assert.deepEqual(await boardText(page).then((r) => r[5]), '...ry..');
  await cell(page, 0, 0).click();
  assert.equal(await control(page, 'redo').isDisabled(), true);
  assert.deepEqual(await boardText(page).then((r) => r[5]), 'r..ry..');
  assert.deepEqual(await moveTexts(page), ['14', '25', '31']);
  await done(page);
});

test('four in a row ends the game: the result beside the board, highlighted four, board closed', async () => {
  const page = await game();
  await dropInColumns(page, [0, 6, 1, 6, 2, 6, 3]);
  const overlay = page.locator('[data-overlay]');
  await overlay.waitFor();
  assert.match(await overlay.textContent(), /Red wins/);
  assert.equal(await page.evaluate(() => document.activeElement?.dataset.action), 'new-game');
  assert.equal(await status(page).getAttribute('data-outcome'), 'red');
  assert.equal(await status(page).getAttribute('data-turn'), null);
  const lit = await page.locator('[data-cell][data-highlight]').evaluateAll((cells) =>
    cells.map((c) => `${c.dataset.x},${c.dataset.y}`));
  assert.deepEqual(lit, ['0,5', '1,5', '2,5', '3,5']);
  // Clicks through or after the overlay change nothing.
  await overlay.click({ position: { x: 5, y: 5 } });
  await overlay.locator('[data-action="close"]').click();
  await cell(page, 4, 0).click();
  await cell(page, 4, 0).click();
  assert.equal(await moveCount(page), 7);
  assert.equal(await page.locator('[data-hand]').count(), 0);
  assert.equal(await control(page, 'resign').isDisabled(), true);
  // Undo returns to play.
  await control(page, 'undo').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  assert.equal(await page.locator('[data-highlight]').count(), 0);
  await done(page);
});

test('resign and draw by agreement ask first, then end the game', async () => {
  const page = await game();
  await dropInColumns(page, [3]);
  await control(page, 'resign').click();
  await page.locator('[data-action="cancel"]').click();
  assert.equal(await status(page).getAttribute('data-turn'), 'yellow');
  await control(page, 'resign').click();
  await page.locator('[data-action="confirm"]').click();
  assert.equal(await status(page).getAttribute('data-outcome'), 'red');
  assert.match(await page.locator('[data-overlay]').textContent(), /Yellow resigned/);
  await page.locator('[data-overlay] [data-action="restart"]').click();
  assert.equal(await moveCount(page), 0);
  await control(page, 'draw').click();
  await page.locator('[data-action="confirm"]').click();
  assert.equal(await status(page).getAttribute('data-outcome'), 'draw');
  await done(page);
});

test('reloading resumes the game exactly, redo included', async () => {
  const page = await game();
  await dropInColumns(page, [3, 3, 2, 4]);
  await control(page, 'undo').click();
  const before = await boardText(page);
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.deepEqual(await boardText(page), before);
  assert.deepEqual(await moveTexts(page), ['14', '24', '33']);
  assert.equal(await control(page, 'redo').isDisabled(), false);
  assert.equal(await status(page).getAttribute('data-turn'), 'yellow');
  await done(page);
});

for (const [name, text, reason] of [
  ['corrupt', '{"format":1,"game":"connect-four","record":{', /damaged/],
  ['future format', '{"format":99,"game":"connect-four","record":{"anything":true}}', /newer version/],
  ['old format', '{"format":0,"game":"connect-four","moves":"4453"}', /older version/],
  ['hand-edited illegal', '{"format":1,"game":"connect-four","record":{"config":null,"moves":[{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0},{"Drop":0}],"redo":[],"conclusion":null}}', /move 7 is not legal/],
]) {
  test(`a ${name} save starts a fresh game with a notice and is backed up`, async () => {
    const page = await game('#/connect-four', { storage: { [SAVE_KEY]: text } });
    const notice = page.locator('[data-notice]');
    assert.match(await notice.textContent(), /could not be read/);
    assert.match(await notice.textContent(), reason);
    assert.equal(await moveCount(page), 0);
    assert.equal(await page.evaluate((k) => localStorage.getItem(k), BACKUP_KEY), text);
    await cell(page, 1, 0).click();
    assert.equal(await owner(page, 1, 5), 'red');
    await notice.locator('button').click();
    assert.equal(await notice.count(), 0);
    await done(page);
  });
}

test('foreign drops (a file, text, forged data) change nothing', async () => {
  const page = await game();
  await dropInColumns(page, [3]);
  const before = await boardText(page);
  await page.evaluate(() => {
    const target = document.querySelector('[data-cell][data-x="1"][data-y="5"]');
    const drops = [
      (dt) => dt.items.add(new File(['x'], 'x.txt', { type: 'text/plain' })),
      (dt) => dt.setData('text/plain', 'hello'),
      (dt) => dt.setData('application/x-board-suite', 'cell:99,99'),
      (dt) => dt.setData('application/x-board-suite', 'cell:-1,abc'),
      (dt) => dt.setData('application/x-board-suite', '\u0000'),
    ];
    for (const fill of drops) {
      const dataTransfer = new DataTransfer();
      fill(dataTransfer);
      for (const type of ['dragenter', 'dragover', 'drop']) {
        target.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
      }
    }
  });
  // A real drag of foreign text from elsewhere on the page.
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.id = 'foreign';
    p.draggable = true;
    p.textContent = 'drag me';
    p.addEventListener('dragstart', (e) => e.dataTransfer.setData('text/plain', 'foreign'));
    document.body.prepend(p);
  });
  await page.locator('#foreign').dragTo(cell(page, 1, 5));
  assert.deepEqual(await boardText(page), before);
  assert.equal(await moveCount(page), 1);
  assert.ok(page.url().endsWith('#/connect-four'));
  await done(page);
});

test('a drop delivered twice makes one move', async () => {
  const page = await game();
  await page.evaluate(() => {
    const hand = document.querySelector('[data-hand] [data-piece]');
    const target = document.querySelector('[data-cell][data-x="4"][data-y="2"]');
    const dataTransfer = new DataTransfer();
    hand.dispatchEvent(new DragEvent('dragstart', { dataTransfer, bubbles: true, cancelable: true }));
    for (let i = 0; i < 2; i++) {
      target.dispatchEvent(new DragEvent('dragover', { dataTransfer, bubbles: true, cancelable: true }));
      target.dispatchEvent(new DragEvent('drop', { dataTransfer, bubbles: true, cancelable: true }));
    }
  });
  await taken(page);
  assert.equal(await moveCount(page), 1);
  assert.deepEqual((await boardText(page))[5], '....r..');
  await done(page);
});

test('a malformed URL shows a notice over the picker', async () => {
  const page = await game('#/no-such-game?%%');
  assert.match(await page.locator('[data-notice]').textContent(), /no page/);
  assert.equal(await page.locator('a[data-link="connect-four"]').count(), 1);
  await done(page);
});

test('a game\'s bad link says what is wrong with the link, over the game as it stands', async () => {
  for (const [hash, words, slug] of [
    ['#/gomoku?record=%%%', /record is cut short or garbled/, 'gomoku'],
    ['#/dark-chess?seed=-1', /shuffle “-1”/, 'dark-chess'],
    ['#/connect-four?room=', /names no room/, 'connect-four'],
    ['#/connect-four?take=a-b', /“a-b” is not a room's name/, 'connect-four'],
  ]) {
    const page = await game(hash);
    const notice = page.locator('[data-notice][data-link-problem]');
    assert.match(await notice.textContent(), words, hash);
    assert.doesNotMatch(await notice.textContent(), /no page/, hash);
    await page.locator(`[data-game="${slug}"] [data-board]`).waitFor();
    await done(page);
  }
});

test('the language switches to 中文, is remembered, and attributes stay the same', async () => {
  const page = await game();
  assert.equal(await page.getAttribute('html', 'lang'), 'en');
  await switchLanguage(page);
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
  assert.match(await status(page).textContent(), /輪到紅方/);
  assert.equal(await control(page, 'undo').locator('.label').textContent(), '悔棋');
  assert.equal(await status(page).getAttribute('data-turn'), 'red');
  await page.reload();
  await page.waitForSelector('[data-board]');
  assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
  await done(page);
});

test('the first visit speaks the browser\'s language', async () => {
  const chinese = await launch({ locale: 'zh-TW' });
  try {
    const page = await open(chinese, browser.url(), '#/connect-four');
    assert.equal(await page.getAttribute('html', 'lang'), 'zh-Hant');
    assert.match(await status(page).textContent(), /輪到紅方/);
    await done(page);
  } finally {
    await chinese.close();
  }
});

test('a full board without four is a draw', async () => {
  const page = await game();
  // Columns 1-7 as in the rules test for a drawn board.
  const columns = '121212343434565656212121434343656565777777'.split('').map((c) => Number(c) - 1);
  await dropInColumns(page, columns);
  assert.equal(await status(page).getAttribute('data-outcome'), 'draw');
  assert.match(await page.locator('[data-overlay]').textContent(), /Draw/);
  await done(page);
});

test('the board stays still through a whole game, to its end and the result closed', async () => {
  const page = await game();
  // Every shift, even those the browser forgives as following the player's click: the other
  // side's turn online or the computer's comes with no click.
  await page.evaluate(() => {
    window.shifts = [];
    new PerformanceObserver((list) => window.shifts.push(...list.getEntries()
      .map((e) => `${e.value.toFixed(4)}: ${e.sources.map((s) => s.node?.className ?? '?').join(', ')}`)))
      .observe({ type: 'layout-shift' });
  });
  const top = () => page.locator('[data-board]').evaluate((b) => b.getBoundingClientRect().top);
  const start = await top();
  for (const column of [0, 1, 0, 1, 0, 1, 0]) {
    await dropInColumns(page, [column]);
    assert.equal(await top(), start, `after the disc in column ${column + 1}`);
  }
  assert.equal(await status(page).getAttribute('data-outcome'), 'red');
  await page.locator('[data-overlay]').waitFor();
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  assert.deepEqual(await page.evaluate(() => window.shifts), [], 'no layout shift, to the result shown');
  await page.locator('[data-overlay] button[data-action="close"]').click();
  assert.equal(await top(), start, 'at the end, the next disc gone');
  await done(page);
});
