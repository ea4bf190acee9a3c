// The analysis board in headless Chromium: for each game a prepared game with one clear
// blunder (found by `cargo run --release --example blunder_games`, and checked natively by
// tests/suite/analysis.rs) is analysed in the engine's worker; the blunder, and only it, is
// marked `??`, the best move is marked on the board, the best line plays out, and a reload
// shows it all again at once without the engine. Also: Cancel ends the worker; the page
// answers at once while the worker analyses; a record carries the analysis and brings its
// marks to another browser; a new game from a position keeps its origin; and each game's
// analysis of a long game is timed (printed, and held to 30 s with its first result in 1 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  accessibility, button, done, dropInColumns, engineQuiet, launch, moveList, open, spyOnEngine, status, suite,
  waitForMoves,
} from './harness.mjs';

const browser = suite();
const GAMES = await browser.games();

/** Each game's prepared game (its short record, as a share link holds it) and the index of its
 * blunder in the move list. */
const PREPARED = {
  'dark-chess': { record: '[QuietLimit "60"] [Seed "0"] [Deal "PpacePPPEkcEHppACHAhrpahrPKRRepC"] b4=p d4=c h1=C a3=E h2=h d3=E h2xh1 d3xd4 g2=a e2=r h3=A g4=P f3=p c2=A d1=R d4-d3 g2-h2 h3xh2 e1=R e1xe2 0-1', blunder: 16 },
  'connect-four': { record: '4 4 4 4 4 3 1 3 1 0-1', blunder: 6 },
  gomoku: { record: 'h8 h9 g7 i9 a15 i8 i10 h10 0-1', blunder: 4 },
  'five-tigers': { record: 'd3 e3 c4 c1 a1 d2 b2 a3 c2 0-1', blunder: 4 },
  checkers: { record: '12-16 24-20 11-15 20x11 7x16 22-17 9-14 28-24 2-7 24-19 15x24 27x20x11x2 1-0', blunder: 8 },
};

/** A long game of each kind (40 turns where the game lasts that long: the engine at level 2
 * against itself, `cargo run --release --example blunder_games long`), for the timing. */
const LONG = {
  'dark-chess': '[QuietLimit "60"] [Seed "0"] [Deal "rpkPrPPehpEREpAAaHHcCehPpcKCPRpa"] b4=p f4=P g2=h c3=E f1=R d1=C a1=p a2=a g3=A g3xg2 h3=A e4=r e3=E e3xe4 d2=c h1=a c1=K g4=P e1=P h3-g3 a3=h e2=C b2=H e4-e3 d2xb2 d4=P b2xe2 e3xe2 a4=r d1-d2 b1=c d2xa2 a3xa2 h4=e h2=P f3=p f3xf4 e2-d2 b1-b2 c1-d1 0-1',
  'five-tigers': 'a3 d4 d3 c1 b3 e3 c5 d2 b4 d1 b2 b5 c2 a2 b1 c4 c3 a1 e4 e5 e2 a5 d5 e1 a4 xc3 xe1 c2-c3 xe2 xc5 xd3 b5-c5 c3-c2 xb3 d1-e1 c2-c3 xe4 xe1 xc5 a3-b3 c3-c2 xb3 d5-c5 c4-c3 xc5 0-1',
  gomoku: 'h8 e11 k8 i8 k10 k11 i10 l10 j12 l7 h10 l9 j10 g10 l8 h9 f11 k6 j7 g9 m8 n8 j9 m9 o7 j11 g12 h11 j6 j8 i11 k9 k13 l14 i7 f9 a15 i12 b15 j13 0-1',
  'connect-four': '4 3 3 4 3 5 5 6 2 2 5 4 7 6 2 7 3 3 4 6 6 5 4 7 5 5 4 2 3 2 2 7 7 6 6 1-0',
  checkers: '11-16 24-19 10-15 19x10 6x15 23-19 16x23 27x18x11 7x16 22-18 9-14 18x9 5x14 25-22 16-19 22-17 19-24 28x19 2-7 17x10 7x14 26-23 1-6 31-27 8-11 23-18 14x23 27x18 11-16 19-15 4-8 29-25 6-9 15-10 16-19 25-22 9-13 10-6 19-24 18-14 1-0',
};

/** A game's entry in one of the tables above (`name`): a game the app lists but the table
 * lacks fails its test. */
function entry(table, name, slug) {
  if (!Object.hasOwn(table, slug)) throw new Error(`no entry for "${slug}" in ${name}: add one in tests/browser/analysis.test.mjs`);
  return table[slug];
}

const link = (slug, record) => `#/${slug}?record=${encodeURIComponent(record).replaceAll('%20', '+')}`;
const state = (page) => page.locator('[data-analysis]').getAttribute('data-state');
const progress = (page) => page.locator('progress[data-analysis-progress]').evaluate((p) => [p.value, p.max]);
const judgements = (page) => moveList(page).evaluateAll((entries) => entries.map((e) => e.dataset.judgement ?? null));

/** Presses Analyse and waits for the analysis to finish; returns the time to the first
 * position's result and to the last, in ms, measured in the page. */
async function analyse(page, { timeout = 90_000 } = {}) {
  await page.evaluate(() => {
    window.analysisTimes = {};
    const started = performance.now();
    const observer = new MutationObserver(() => {
      const bar = document.querySelector('progress[data-analysis-progress]');
      if (bar && bar.value >= 1 && window.analysisTimes.first === undefined) window.analysisTimes.first = performance.now() - started;
      if (document.querySelector('[data-analysis][data-state="done"]')) {
        window.analysisTimes.all = performance.now() - started;
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    document.querySelector('.analysis button[data-action="analyse"], [data-dialog="game-over"] button[data-action="analyse"]').click();
  });
  await page.waitForFunction(() => window.analysisTimes.all !== undefined, null, { timeout });
  return page.evaluate(() => window.analysisTimes);
}

for (const slug of GAMES) {
  test(`${slug}: the blunder, and only it, is marked; the best move and line show; a reload keeps it`, async () => {
    const game = entry(PREPARED, 'PREPARED', slug);
    const page = await browser.open(link(slug, game.record), { init: spyOnEngine });
    await page.waitForSelector('[data-status][data-review]');
    assert.equal(await page.evaluate(() => window.engineSpy.workers.length), 0, 'no engine before Analyse');
    const times = await analyse(page);
    console.log(`${slug}: ${await moveList(page).count()} turns analysed in ${Math.round(times.all)} ms (first result ${Math.round(times.first)} ms)`);
    assert.equal(await state(page), 'done');
    const [value, max] = await progress(page);
    assert.equal(value, max);
    assert.equal(max, (await moveList(page).count()) + 1, 'every position, the start and the end too');
    // The blunder and only it.
    const marks = await judgements(page);
    const blunders = marks.flatMap((mark, i) => (mark === 'blunder' ? [i] : []));
    assert.deepEqual(blunders, [game.blunder], `marks: ${JSON.stringify(marks)}`);
    assert.match(await moveList(page).nth(game.blunder).textContent(), /\?\?$/);
    // Counted for the side that played it, as the page names the sides.
    const side = await moveList(page).nth(game.blunder).getAttribute('data-owner');
    assert.equal(await page.locator(`[data-judgements="${side}"]`).getAttribute('data-blunder'), '1');
    const other = page.locator(`[data-judgements]:not([data-judgements="${side}"])`);
    assert.equal(await other.getAttribute('data-blunder'), '0');
    const accuracy = Number(await page.locator(`[data-judgements="${side}"]`).getAttribute('data-accuracy'));
    assert.ok(accuracy >= 0 && accuracy < 100, `the blunderer's accuracy: ${accuracy}`);
    // What accuracy means is said beside it, a click away.
    const help = page.locator('.judgements details.accuracy-help');
    await help.locator('summary').click();
    assert.match(await help.locator('p').innerText(), /chance of winning.*lichess/s);
    // The position before the blunder, from the graph: the bar says the first side's chance,
    // and the engine's best move is marked.
    await page.locator(`[data-eval-graph] [data-ply="${game.blunder}"]`).click();
    await page.waitForFunction((n) => document.querySelector('[data-moves] [aria-current]') === (n === 0 ? null
      : document.querySelectorAll('[data-moves] [data-move]')[n - 1]), game.blunder);
    const bar = page.locator('[data-eval-bar]');
    const chance = Number(await bar.getAttribute('data-chance'));
    assert.ok(chance >= 0 && chance <= 100, `chance ${chance}`);
    assert.ok(await page.locator('[data-cell][data-mark="best"]').count() > 0, 'the best move is marked');
    // The best line plays out on the board, and back.
    const before = await page.locator('[data-board]').innerHTML();
    await page.locator('[data-pv] [data-pv-move]').first().click();
    assert.notEqual(await page.locator('[data-board]').innerHTML(), before, 'the best line played out');
    assert.equal(await moveList(page).count(), marks.length, 'the game is unchanged');
    await button(page, 'end-preview').click();
    if (slug === 'connect-four') {
      // Early positions may be beyond the solver's budget (their columns a dash): the latest
      // position before the end whose columns are known.
      const columns = page.locator('[data-column-value]');
      for (let ply = marks.length - 1; ply > 0 && await columns.count() === 0; ply--) {
        await page.locator(`[data-eval-graph] [data-ply="${ply}"]`).click();
      }
      assert.ok(await columns.count() > 0, 'the columns\' values');
      for (const column of await columns.all()) {
        assert.match(await column.getAttribute('data-value'), /^(win|draw|loss)$/);
        assert.match(await column.getAttribute('data-plies'), /^\d+$/);
        assert.match(await column.textContent(), /^\d(wins in \d+|draw|loses in \d+)$/);
      }
    }
    // A reload shows it all at once, without the engine.
    await page.reload();
    await page.waitForSelector('[data-analysis][data-state="done"]');
    assert.deepEqual(await judgements(page), marks);
    assert.equal(await page.evaluate(() => window.engineSpy.workers.length), 0, 'no engine after the reload');
    await done(page);
  });
}

/** The prepared gomoku game under review, its analysis started and one position analysed. */
async function analysing() {
  const page = await browser.open(link('gomoku', PREPARED.gomoku.record), { init: spyOnEngine });
  await page.waitForSelector('[data-status][data-review]');
  await button(page, 'analyse').click();
  await page.waitForFunction(() => document.querySelector('progress[data-analysis-progress]')?.value >= 1);
  return page;
}

test('Cancel ends the worker: no more progress', async () => {
  const page = await analysing();
  await button(page, 'cancel-analysis').click();
  assert.equal(await state(page), 'cancelled');
  const [value] = await progress(page);
  assert.ok(await page.evaluate(() => window.engineSpy.workers.every((w) => w.ended)), 'the worker was ended');
  // An ended worker says nothing more (its queued messages are dropped with it): two frames
  // later, what it had said is still all it said, and the progress stands.
  const heard = () => page.evaluate(() => window.engineSpy.workers[0].heard.length);
  const said = await heard();
  await page.evaluate(() => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))));
  assert.equal(await heard(), said);
  assert.deepEqual(await progress(page), [value, (await moveList(page).count()) + 1]);
  assert.equal(await state(page), 'cancelled');
  // Analyse again goes on from where it stopped.
  await button(page, 'analyse').click();
  await page.waitForSelector('[data-analysis][data-state="done"]', { timeout: 60_000 });
  const asked = await page.evaluate(() => window.engineSpy.workers[1].sent.map((t) => JSON.parse(t).id));
  assert.equal(asked[0], value, 'the second run starts after the positions already analysed');
  await done(page);
});

test('the page answers at once while the worker analyses', async () => {
  const page = await analysing();
  const count = await moveList(page).count();
  const latencies = [];
  for (let i = 0; i < 24 && (await state(page)) === 'running'; i++) {
    const entry = i % count;
    latencies.push(await page.evaluate((n) => new Promise((ok) => {
      const target = document.querySelectorAll('[data-moves] [data-move]')[n];
      const observer = new MutationObserver(() => {
        if (target.getAttribute('aria-current') === 'step') {
          observer.disconnect();
          ok(performance.now() - start);
        }
      });
      observer.observe(document.body, { childList: true, subtree: true, attributes: true });
      const start = performance.now();
      target.querySelector('button').click();
    }), entry));
  }
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.ceil(latencies.length * 0.95) - 1];
  const median = latencies[Math.floor(latencies.length / 2)];
  console.log(`click to DOM while analysing: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${latencies.at(-1).toFixed(1)} ms (${latencies.length} clicks)`);
  assert.ok(latencies.length >= 5, 'measured while the analysis ran');
  assert.ok(p95 < 100, `p95 ${p95} ms`);
  await button(page, 'cancel-analysis').click().catch(() => {});
  await done(page);
});

test('the record carries the analysis, and another browser shows its marks without analysing', async () => {
  const { record, blunder } = PREPARED['connect-four'];
  const page = await browser.open(link('connect-four', record), { init: spyOnEngine });
  await page.waitForSelector('[data-status][data-review]');
  await analyse(page);
  await page.locator('details.record summary').click();
  const text = await page.locator('textarea[data-record]').inputValue();
  assert.match(text, /\{\[%eval -?\d+\.\d\d\]\}|\{\[%eval #-?\d+\]\}/);
  assert.equal((text.match(/\?\?/g) ?? []).length, 1, text);
  const share = await page.locator('a[data-share]').getAttribute('href');
  assert.match(share, /&analysis=1$/);
  await done(page);

  const other = await launch();
  try {
    const fresh = await open(other, browser.url(), '#/connect-four', { init: spyOnEngine });
    await fresh.locator('details.record summary').click();
    await fresh.locator('textarea[data-record]').fill(text);
    await button(fresh, 'load-record').click();
    await fresh.waitForSelector('[data-move][data-judgement]');
    const marks = await judgements(fresh);
    assert.equal(marks[blunder], 'blunder');
    assert.equal(marks.filter((m) => m === 'blunder').length, 1);
    assert.equal(await fresh.evaluate(() => window.engineSpy.workers.length), 0, 'no engine: the record\'s marks');
    // Kept with the game: a reload shows them again.
    await fresh.reload();
    await fresh.waitForSelector('[data-move][data-judgement="blunder"]');
    await done(fresh);
    // The link asks the receiver's page to analyse the game itself.
    const linked = await open(other, browser.url(), share, { init: spyOnEngine });
    await linked.waitForSelector('[data-analysis][data-state="done"]', { timeout: 60_000 });
    assert.ok(await linked.evaluate(() => window.engineSpy.workers.length) > 0, 'analysed here');
    await done(linked);
  } finally {
    await other.close();
  }
});

test('a new game from a reviewed position keeps its origin in the record', async () => {
  const { record } = PREPARED.gomoku;
  const page = await browser.open(link('gomoku', record));
  await page.waitForSelector('[data-status][data-review]');
  await moveList(page).nth(2).click();
  await button(page, 'continue-hotseat').click();
  await page.waitForFunction(() => !document.querySelector('[data-status][data-review]'));
  assert.equal(await moveList(page).count(), 3);
  assert.equal(await status(page).getAttribute('data-turn'), 'white');
  await page.locator('details.record summary').click();
  const text = await page.locator('textarea[data-record]').inputValue();
  assert.match(text, /\[Origin "#\/gomoku\?record=h8\+h9\+g7\+i9\+a15[^"]* after move 3"\]/);
  // Kept while the game goes on, across a reload.
  await page.locator('[data-cell][data-x="0"][data-y="0"]').click();
  await page.reload();
  await moveList(page).nth(3).waitFor();
  await page.locator('details.record summary').click();
  assert.match(await page.locator('textarea[data-record]').inputValue(), /\[Origin "/);
  // Against the computer, from a position: the computer takes the other side.
  const again = await browser.open(link('gomoku', record), { init: spyOnEngine });
  await again.waitForSelector('[data-status][data-review]');
  await moveList(again).nth(1).click();
  await button(again, 'continue-computer').click();
  await again.waitForFunction(() => !document.querySelector('[data-status][data-review]'));
  assert.equal(await moveList(again).count(), 2);
  assert.match(await again.locator('[data-game-settings] [data-players]').textContent(), /Computer, level \d, plays White/);
  await done(again);
  await done(page);
});

test('the analysis board has no WCAG 2.1 A or AA violation, light and dark', async () => {
  const { record, blunder } = PREPARED.gomoku;
  for (const theme of ['light', 'dark']) {
    const page = await browser.open(link('gomoku', record), { storage: { 'board-suite/theme': theme } });
    await page.waitForSelector('[data-status][data-review]');
    await analyse(page);
    await page.locator(`[data-eval-graph] [data-ply="${blunder}"]`).click();
    await page.locator('[data-pv] [data-pv-move]').first().click();
    assert.deepEqual(await accessibility(page), [], theme);
    await done(page);
  }
});

test('the game-over panel offers Analyse for the game just played', async () => {
  const page = await browser.open('#/connect-four', { init: spyOnEngine });
  await dropInColumns(page, [0, 1, 0, 1, 0, 1, 0]);
  await waitForMoves(page, 7);
  const dialog = page.locator('[data-dialog="game-over"]');
  await dialog.waitFor();
  // Offered once, in the panel: the analysis beside it does not repeat it.
  assert.equal(await button(page, 'analyse').count(), 1);
  await dialog.locator('button[data-action="analyse"]').click();
  await page.waitForSelector('[data-analysis][data-state="done"]', { timeout: 60_000 });
  const marks = await judgements(page);
  assert.equal(marks.length, 7);
  // Yellow let red's column stand: a blunder by value (the last turns are solved).
  assert.ok(marks.includes('blunder'), JSON.stringify(marks));
  await done(page);
});

test('a game still in play offers no analysis', async () => {
  // A game in progress (no result) opened from a link: nothing to analyse yet (so an online
  // game is analysed by neither player before it ends: only a finished game offers it).
  const page = await browser.open(link('connect-four', '4 4 *'));
  await page.waitForSelector('[data-status][data-review]');
  assert.equal(await button(page, 'analyse').count(), 0);
  assert.equal(await page.locator('[data-analysis]').count(), 0);
  await done(page);
});

for (const slug of GAMES) {
  test(`${slug}: a long game is analysed within 30 s, its first result within 1 s`, async () => {
    const record = entry(LONG, 'LONG', slug);
    const page = await browser.open(link(slug, record), { init: spyOnEngine });
    await page.waitForSelector('[data-status][data-review]');
    const times = await analyse(page);
    const turns = await moveList(page).count();
    console.log(`${slug}: ${turns} turns analysed in ${(times.all / 1000).toFixed(1)} s, first result in ${Math.round(times.first)} ms`);
    assert.ok(times.all < 30_000, `${times.all} ms`);
    assert.ok(times.first < 1_000, `first result ${times.first} ms`);
    await engineQuiet(page);
    await done(page);
  });
}
