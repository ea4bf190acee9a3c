// Online play's clocks and endings in headless Chromium, against the suite's own server: a
// 15-second game lost on time, seen alike on both devices, with the record's clocks in its
// export; an abort before both have moved; a claim against a player who left on their turn
// (cancelled when they come back); a rematch that swaps the colours, followed by a spectator;
// and, against a stand-in for the server, what the page alone decides: the countdown between
// frames, a low clock, the words for a refusal from a newer server and its Reload button.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  accessibility, button, cell, control, done, finiteAnimationsEnded, launch, openNewGame, serve, status, watch,
} from './harness.mjs';
import { gameServer, invited, startOnline, visit as visitOn } from './game-server.mjs';
import { fakeServer, state } from './fake-server.mjs';

let server;
const browsers = [];
before(async () => {
  server = await gameServer();
  for (let i = 0; i < 3; i++) browsers.push(await launch());
});
after(async () => {
  for (const browser of browsers) await browser.close();
  await server.close();
});

const visit = (browser, hash) => visitOn(browser, server.base(), hash);

/** A Connect Four room made by the first browser, under `time`, joined by the second through
 * its invite link: the red page, the yellow page and the invite's hash. */
async function pair(time) {
  const red = await visit(browsers[0], '#/connect-four');
  await startOnline(red, time);
  await red.waitForSelector('a[data-invite]');
  const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
  const yellow = await visit(browsers[1], invite);
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  await red.waitForSelector('[data-opponent-away]', { state: 'detached' });
  return { red, yellow, invite };
}

const discs = (page, count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, count);
const clockText = (page, side) => page.locator(`[data-clock="${side}"]`).textContent();

test('a 15-second game is lost on time, and both devices say so; its record keeps the clocks', async () => {
  const { red, yellow } = await pair({ time: 'fischer', base: 15, increment: 0 });
  for (const page of [red, yellow]) {
    await page.locator('[data-clock="red"]').waitFor();
    assert.equal(await clockText(page, 'red'), '0:15');
    assert.equal(await page.locator('[data-clock="yellow"]').getAttribute('data-ms'), '15000');
  }
  // Before both have moved, the first move is due within its countdown, and either may abort.
  await red.locator('[data-first-move]').waitFor();
  assert.equal(await control(red, 'abort').count(), 1);
  await cell(red, 3, 0).click();
  await discs(yellow, 1);
  await cell(yellow, 3, 0).click();
  await discs(red, 2);
  // Both have moved: the clocks run, red's now, and the game can no longer be aborted.
  for (const page of [red, yellow]) await page.locator('[data-clock="red"][data-running]').waitFor();
  assert.equal(await control(red, 'abort').count(), 0);
  assert.equal(await red.locator('[data-clock="yellow"][data-running]').count(), 0);
  // Red's clock counts down between frames, with no frame coming, and turns low under 10 s.
  await red.waitForFunction(() => {
    const [m, s] = document.querySelector('[data-clock="red"]').textContent.split(':').map(Number);
    return m * 60 + s <= 12;
  });
  await red.locator('[data-clock="red"][data-low]').waitFor({ timeout: 10_000 });
  // Red waits: the server ends the game on time, and both devices show the same result.
  for (const page of [red, yellow]) {
    await page.locator('[data-status][data-reason="time"]').waitFor({ timeout: 20_000 });
    assert.equal(await status(page).getAttribute('data-outcome'), 'yellow');
    assert.equal(await page.locator('[data-clock][data-running]').count(), 0, 'no clock runs after the end');
  }
  // The record's export carries the time control and each turn's clock: the text, and the file.
  const record = await red.locator('[data-record]').inputValue();
  assert.match(record, /\[TimeControl "15\+0"\]/);
  assert.match(record, /\[Termination "time-forfeit"\]/);
  assert.match(record, /1\. 4 \{\[%clk 0:00:1\d\]\} 4 \{\[%clk 0:00:1\d\]\}/);
  await red.locator('details.record summary').click();
  const [download] = await Promise.all([red.waitForEvent('download'), button(red, 'download-record').click()]);
  const file = await readFile(await download.path(), 'utf8');
  assert.match(file, /\[TimeControl "15\+0"\]/);
  assert.match(file, /\[%clk /);
  // Reviewing the first turn shows both clocks as they stood then.
  await red.locator('[data-moves] [data-move] button').first().click();
  await red.locator('[data-status][data-review]').waitFor();
  assert.equal(await clockText(red, 'yellow'), '0:15');
  assert.match(await clockText(red, 'red'), /^0:1\d$/);
  for (const page of [red, yellow]) await done(page);
});

test('a game is aborted before both have moved: no result, on both devices', async () => {
  const { red, yellow } = await pair({ time: 'untimed' });
  await cell(red, 3, 0).click();
  await discs(yellow, 1);
  await control(yellow, 'abort').click();
  for (const page of [red, yellow]) {
    await page.locator('[data-status][data-reason="aborted"][data-outcome="none"]').waitFor();
    assert.equal(await page.locator('[data-dialog="game-over"]').count(), 1);
  }
  assert.match(await red.locator('[data-record]').inputValue(), /\[Termination "aborted"\]/);
  for (const page of [red, yellow]) await done(page);
});

test('a player who leaves on their turn can be claimed against, once the countdown ends', async () => {
  const { red, yellow, invite } = await pair({ time: 'fischer', base: 60, increment: 0 });
  await cell(red, 3, 0).click();
  await discs(yellow, 1);
  await cell(yellow, 3, 0).click();
  await discs(red, 2);
  await cell(red, 2, 0).click();
  await discs(yellow, 3);
  // Yellow, to move, leaves: red sees the countdown (never yellow, on its own turn).
  assert.equal(await yellow.locator('[data-gone]').count(), 0);
  await done(yellow);
  const gone = red.locator('[data-gone]');
  await gone.waitFor();
  assert.ok(Number(await gone.getAttribute('data-seconds')) <= 10);
  assert.equal(await button(red, 'claim-win').isDisabled(), true);
  // Yellow comes back: the countdown goes.
  const back = await visit(browsers[1], invite);
  await back.waitForSelector('[data-status][data-seat="yellow"]');
  await gone.waitFor({ state: 'detached' });
  await done(back);
  // And leaves again: once the countdown ends, red claims the win.
  await gone.waitFor();
  await red.locator('[data-gone] button[data-action="claim-win"]:not([disabled])').waitFor({ timeout: 20_000 });
  assert.equal(await gone.getAttribute('data-seconds'), '0');
  assert.equal(await button(red, 'claim-draw').isDisabled(), false);
  await button(red, 'claim-win').click();
  await red.locator('[data-status][data-reason="abandon"][data-outcome="red"]').waitFor();
  await done(red);
});

test('a rematch swaps the colours, and every device, a spectator too, goes on to it', async () => {
  const { red, yellow, invite } = await pair({ time: 'untimed' });
  const spectator = await visit(browsers[2], invite);
  await spectator.locator('section.online').getByText('watching').waitFor();
  await cell(red, 3, 0).click();
  await discs(yellow, 1);
  await control(yellow, 'resign').click();
  await button(yellow, 'confirm').click();
  await red.locator('[data-status][data-reason="resign"][data-outcome="red"]').waitFor();
  const room = new URL(red.url()).hash;
  // Red offers a rematch from the result; yellow accepts.
  await red.locator('[data-dialog="game-over"] button[data-action="rematch"]').click();
  await yellow.locator('[data-offer="rematch"] button[data-action="accept-offer"]').click();
  await red.locator('[data-status][data-seat="yellow"]').waitFor();
  await yellow.locator('[data-status][data-seat="red"]').waitFor();
  for (const page of [red, yellow, spectator]) {
    await page.waitForFunction((old) => location.hash !== old && /room=\w+$/.test(location.hash), room);
    await page.locator('[data-status][data-turn="red"]').waitFor();
    assert.equal(await page.locator('[data-board] [data-piece]').count(), 0);
  }
  assert.equal(new URL(red.url()).hash, new URL(spectator.url()).hash);
  // The new game: yellow's device now plays red, and moves first.
  await cell(yellow, 3, 0).click();
  await discs(red, 1);
  await discs(spectator, 1);
  for (const page of [red, yellow, spectator]) await done(page);
});

test('the page counts a clock down from the frame, says a newer server\'s refusal and offers to reload', async () => {
  const browser = await launch({ serviceWorkers: 'block' });
  const host = await serve();
  try {
    const page = await browser.newPage();
    await watch(page, host.url);
    const fake = await fakeServer(page);
    await page.goto(host.url + 'index.html#/connect-four');
    await startOnline(page, { time: 'fischer', base: 60, increment: 0 });
    assert.deepEqual(fake.requests.find((r) => r.type === 'create'),
      { v: 3, type: 'create', game: 'connect-four', rules: '', time: 'fischer:60+0', rated: true });
    await page.locator('[data-status][data-seat="red"]').waitFor();
    fake.send(state({
      version: 2, time: 'fischer:60+0', record: '[Game "connect-four"]\n\n1. 4 4 *\n', turns: 2,
      clocks: [11_500, 60_000], running: 'first',
    }));
    const clock = page.locator('[data-clock="red"]');
    await page.locator('[data-clock="red"]', { hasText: '0:12' }).waitFor();
    assert.equal(await clock.getAttribute('data-ms'), '11500', 'the frame\'s time, as it came');
    assert.equal(await clock.getAttribute('data-low'), null);
    await page.locator('[data-clock="red"][data-low]').waitFor({ timeout: 5_000 });
    await page.locator('[data-said]').getByText('Red: 10 seconds left').waitFor();
    // A frame from a newer server: said in words, with a button that reloads.
    fake.send({ v: 3, type: 'error', code: 'version', message: 'this server speaks version 4' });
    await page.locator('section.online .message').getByText('reload').waitFor();
    // The heartbeat gives the server the round trip it measured (its second ping, after a pong).
    const pinged = async () => {
      for (let waited = 0; waited < 30_000; waited += 500) {
        const ping = fake.requests.find((request) => request.type === 'ping' && request.rtt !== undefined);
        if (ping) return ping;
        await new Promise((wait) => setTimeout(wait, 500));
      }
      return undefined;
    };
    const ping = await pinged();
    assert.ok(ping && Number.isInteger(ping.rtt) && ping.rtt >= 0 && ping.rtt < 5_000, JSON.stringify(ping));
    await Promise.all([page.waitForEvent('load'), button(page, 'reload').click()]);
    await done(page);
  } finally {
    await browser.close();
    host.close();
  }
});

test('the online panels, the lobby and the clock choice have no accessibility violations, and 44 px targets on a phone', async () => {
  const browser = await launch({ serviceWorkers: 'block' });
  const host = await serve();
  try {
    const page = await browser.newPage();
    await watch(page, host.url);
    await page.setViewportSize({ width: 390, height: 844 });
    const fake = await fakeServer(page);
    fake.answer('lobby', () => ({
      v: 3, type: 'lobby', games: 2, players: 5, seeks: [
        { room: 'seekgomoku1', game: 'gomoku', rules: '[Rules "renju"]', time: 'fischer:180+2' },
        { room: 'seekchecker', game: 'checkers', rules: '', time: 'correspondence:3' },
      ],
    }));
    const small = () => page.evaluate(() => [...document.querySelectorAll(
      '.chat button, .lobby button, .timers button, .online button, [data-dialog="new-game"] button, [data-dialog="new-game"] input, [data-dialog="new-game"] select',
    )].filter((b) => b.getBoundingClientRect().height < 44).map((b) => b.outerHTML.slice(0, 80)));
    const check = async (what) => {
      // A panel fading in is not yet its colours.
      await finiteAnimationsEnded(page);
      assert.deepEqual(await accessibility(page), [], what);
      assert.deepEqual(await small(), [], `${what}: under 44 px`);
    };
    await page.goto(host.url + 'index.html#/');
    await page.locator('[data-lobby] [data-seek]').first().waitFor();
    await check('the home page\'s lobby');
    await page.goto(host.url + 'index.html#/connect-four');
    await page.locator('[data-lobby] [data-seek]').first().waitFor();
    await check('a game page\'s lobby');
    await openNewGame(page);
    await page.locator('[data-setting="time-control"]').selectOption('fischer');
    await page.locator('[data-setting="base"]').fill('5');
    await page.locator('[data-time-error]').waitFor();
    assert.equal(await button(page, 'online').isDisabled(), true, 'a clock out of range is refused');
    await check('the clock choice, refused');
    await page.locator('[data-dialog="new-game"] button[data-preset="3+2"]').click();
    await button(page, 'online').click();
    await page.locator('[data-status][data-seat="red"]').waitFor();
    fake.send(state({
      version: 2, time: 'fischer:180+2', record: '[Game "connect-four"]\n\n1. 4 4 2. 3 *\n', turns: 3, to_move: 'second',
      clocks: [150_000, 9_000], running: 'second', chat: [{ from: 'first', preset: 'hello' }, { from: 'second', preset: 'good-game' }],
    }));
    await page.locator('[data-clock="yellow"][data-low]').waitFor();
    await check('a timed game with its chat');
    fake.send(state({
      version: 3, time: 'fischer:180+2', record: '[Game "connect-four"]\n\n1. 4 4 2. 3 *\n', turns: 3, to_move: 'second',
      clocks: [150_000, 9_000], running: 'second', online: [true, false], claim_in: 0,
    }));
    await page.locator('[data-gone] button[data-action="claim-win"]:not([disabled])').waitFor();
    await check('a game to claim');
    fake.send(state({
      version: 4, time: 'fischer:180+2', record: '[Game "connect-four"]\n[Result "0-1"]\n[Termination "resignation"]\n\n1. 4 4 0-1\n',
      turns: 2, over: true, termination: 'resignation', clocks: [150_000, 9_000], offer: { what: 'rematch', by: 'second' },
    }));
    await page.locator('[data-offer="rematch"]').waitFor();
    await check('a rematch offered');
    await done(page);
  } finally {
    await browser.close();
    host.close();
  }
});
