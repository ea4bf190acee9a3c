// The lobby and the chat in headless Chromium, against the suite's own server: a seek made on
// a game's page appears at once on another browser's home page, with its game, clock and rules
// in words, and is taken in one click; a seek withdrawn leaves the lobby; a game being played
// is listed, and watched in one click; preset messages go both ways between a page in English
// and one in Chinese, each said in its page's language, and free text as typed (markup as text,
// over-long, invisible or flooding lines refused in words); the other player's can be hidden
// (remembered), free chat turned off in the settings, and a spectator reads but cannot write.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { button, cell, done, launch } from './harness.mjs';
import { gameServer, invited, startOnline, visit as visitOn } from './game-server.mjs';

let server;
const browsers = [];
before(async () => {
  server = await gameServer();
  browsers.push(await launch(), await launch({ locale: 'zh-TW' }), await launch());
});
after(async () => {
  for (const browser of browsers) await browser.close();
  await server.close();
});

const visit = (browser, hash) => visitOn(browser, server.base(), hash);
const seek = (page, game) => page.locator(`[data-lobby] [data-seek][data-game="${game}"]`);

test('a seek made on a game\'s page is listed at home in another browser, and taken in one click', async () => {
  const home = await visit(browsers[1], '#/');
  const lobby = home.locator('[data-lobby]');
  await lobby.waitFor();
  // The picker's lobby is a piece of its own, fetched where a server answers.
  assert.ok(home.requests.some((url) => /\.split_online\.wasm$/.test(url)), 'online play\'s piece (with the lobby) was fetched');
  assert.match(await lobby.getAttribute('data-players'), /^\d+$/);
  assert.match(await lobby.getAttribute('data-games'), /^\d+$/);
  const maker = await visit(browsers[0], '#/gomoku');
  await startOnline(maker, { time: 'fischer', base: 180, increment: 2 }, 'seek');
  await maker.waitForSelector('[data-status][data-seat="black"]');
  // The maker's own seek is its own: no way to join it, one to withdraw it.
  const own = seek(maker, 'gomoku');
  await own.waitFor();
  assert.equal(await own.getAttribute('data-own'), '');
  assert.equal(await own.locator('button[data-action="join-seek"]').count(), 0);
  assert.equal(await own.locator('button[data-action="withdraw-seek"]').count(), 1);
  // The other browser sees it, with its clock, and takes it.
  const listed = seek(home, 'gomoku');
  await listed.waitFor();
  assert.equal(await listed.getAttribute('data-time-control'), 'fischer:180+2');
  assert.match(await listed.textContent(), /3 分 \+ 2 秒/);
  // Its rules in words, though freestyle writes no tag.
  assert.match(await listed.textContent(), /自由（五子以上）/);
  await listed.locator('button[data-action="join-seek"]').click();
  await home.waitForSelector('[data-status][data-seat="white"]');
  await maker.waitForSelector('[data-opponent-away]', { state: 'detached' });
  assert.match(new URL(home.url()).hash, /^#\/gomoku\?room=\w+$/);
  // In a game, neither shows the lobby; both clocks are there.
  for (const page of [home, maker]) {
    await page.locator('[data-lobby]').waitFor({ state: 'detached' });
    await page.locator('[data-clock="black"][data-ms="180000"]').waitFor();
  }
  await cell(maker, 7, 7).click();
  await home.locator('[data-board] [data-piece][data-owner="black"]').waitFor();
  for (const page of [home, maker]) await done(page);
});

test('a game being played is listed in the lobby, and watched in one click', async () => {
  const red = await visit(browsers[0], '#/connect-four');
  await startOnline(red, { time: 'untimed' });
  await red.waitForSelector('a[data-invite]');
  const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
  const room = new URL(invite, 'http://x/').hash.match(/room=(\w+)/)[1];
  const yellow = await visit(browsers[1], invite);
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  const home = await visit(browsers[2], '#/');
  const listed = home.locator(`[data-lobby] [data-live-game][data-room="${room}"]`);
  await listed.waitFor();
  assert.equal(await listed.getAttribute('data-game'), 'connect-four');
  assert.equal(await listed.getAttribute('data-time-control'), 'untimed');
  await listed.locator('a[data-action="watch"]').click();
  // A spectator: the room's board, no seat, and its moves as they are played.
  // The server says the page watches once it has joined: the section is there before that.
  await home.locator('section.online', { hasText: 'You are watching' }).waitFor();
  assert.match(new URL(home.url()).hash, new RegExp(`^#/connect-four\\?room=${room}$`));
  assert.equal(await home.locator('[data-status]').getAttribute('data-seat'), null);
  await cell(red, 0, 3).click();
  await home.locator('[data-board] [data-piece][data-owner="red"]').waitFor();
  for (const page of [red, yellow, home]) await done(page);
});

test('a seek withdrawn leaves the lobby', async () => {
  const home = await visit(browsers[2], '#/');
  await home.locator('[data-lobby]').waitFor();
  const maker = await visit(browsers[0], '#/checkers');
  await startOnline(maker, { time: 'correspondence', days: 3 }, 'seek');
  const listed = seek(home, 'checkers');
  await listed.waitFor();
  assert.equal(await listed.getAttribute('data-time-control'), 'correspondence:3');
  await seek(maker, 'checkers').locator('button[data-action="withdraw-seek"]').click();
  await maker.locator('section.online').waitFor({ state: 'detached' });
  await listed.waitFor({ state: 'detached' });
  for (const page of [home, maker]) await done(page);
});

test('preset messages and free text go both ways, the presets in each page\'s language, the text as typed; the other player\'s can be hidden', async () => {
  const red = await visit(browsers[0], '#/connect-four');
  await startOnline(red, { time: 'untimed' });
  await red.waitForSelector('a[data-invite]');
  const invite = invited(await red.locator('a[data-invite]').getAttribute('href'));
  const yellow = await visit(browsers[1], invite);
  await yellow.waitForSelector('[data-status][data-seat="yellow"]');
  assert.equal(await yellow.evaluate(() => document.documentElement.lang), 'zh-Hant');
  const line = (page, preset) => page.locator(`[data-chat] [data-chat-line][data-chat-preset="${preset}"]`);

  await red.locator('[data-chat] button[data-chat-preset="hello"]').click();
  await line(yellow, 'hello').waitFor();
  assert.equal(await line(yellow, 'hello').getAttribute('data-from'), 'red');
  assert.match(await line(yellow, 'hello').textContent(), /你好/);
  await yellow.locator('[data-chat] button[data-chat-preset="good-luck"]').click();
  await line(red, 'good-luck').waitFor();
  assert.equal(await line(red, 'good-luck').getAttribute('data-from'), 'yellow');
  assert.match(await line(red, 'good-luck').textContent(), /Good luck!/);
  // Oldest first, on both.
  for (const page of [red, yellow]) {
    await line(page, 'good-luck').waitFor();
    const order = await page.locator('[data-chat] [data-chat-line]').evaluateAll((lines) => lines.map((l) => l.dataset.chatPreset));
    assert.deepEqual(order, ['hello', 'good-luck']);
  }

  // A spectator reads, and has nothing to send.
  const spectator = await visit(browsers[2], invite);
  await line(spectator, 'good-luck').waitFor();
  assert.equal(await spectator.locator('[data-chat] button[data-chat-preset]').count(), 0);

  // Red hides yellow's messages: its own stay; a reload remembers it.
  await button(red, 'mute-chat').click();
  await line(red, 'good-luck').waitFor({ state: 'detached' });
  assert.equal(await line(red, 'hello').count(), 1);
  await red.reload();
  await line(red, 'hello').waitFor();
  assert.equal(await line(red, 'good-luck').count(), 0);
  assert.equal(await button(red, 'mute-chat').getAttribute('aria-pressed'), 'true');
  await button(red, 'mute-chat').click();
  await line(red, 'good-luck').waitFor();

  // Free text: shown as typed, never as markup, a right-to-left line isolated from the rest.
  const said = (page) => page.locator('[data-chat] [data-chat-line]:not([data-chat-preset])');
  const input = (page) => page.locator('[data-chat] input[data-chat-input]');
  await input(red).fill('<b>gg</b> <img src=x onerror="window.hacked=1"> שלום');
  await input(red).press('Enter');
  for (const page of [yellow, spectator, red]) {
    await said(page).waitFor();
    assert.equal(await said(page).locator('.said').textContent(), '<b>gg</b> <img src=x onerror="window.hacked=1"> שלום');
    assert.equal(await said(page).locator('b, img').count(), 0);
    assert.equal(await said(page).locator('bdi').count(), 1);
    assert.equal(await page.evaluate(() => window.hacked), undefined);
  }
  assert.equal(await input(red).inputValue(), '', 'sent, the input empties');
  // Over the limits: refused with the reason, the text kept to mend; nothing sent.
  await input(yellow).fill('長'.repeat(141));
  await input(yellow).press('Enter');
  await yellow.locator('[data-chat-refused="chat-length"]').waitFor();
  assert.equal(await yellow.locator('[data-chat] .count').textContent(), '141/140');
  await input(yellow).fill('a\u200bb');
  await input(yellow).press('Enter');
  await yellow.locator('[data-chat-refused="chat-invisible"]').waitFor();
  // A flood: at most five lines in ten seconds, the next refused in words.
  for (let i = 0; i < 6; i++) {
    await input(red).fill(`line ${i}`);
    await input(red).press('Enter');
  }
  await red.locator('.online .message').getByText(/Too many requests/).waitFor();
  assert.ok(await said(yellow).count() <= 6);
  // A spectator has no line to write.
  assert.equal(await input(spectator).count(), 0);
  // Yellow hides red's lines; with free chat off in the settings, red sees presets alone.
  await button(yellow, 'mute-chat').click();
  await said(yellow).first().waitFor({ state: 'detached' });
  await button(yellow, 'mute-chat').click();
  await button(red, 'settings').click();
  await button(red, 'free-chat').click();
  await red.keyboard.press('Escape');
  await said(red).first().waitFor({ state: 'detached' });
  assert.equal(await input(red).count(), 0);
  await line(red, 'hello').waitFor();
  await button(red, 'settings').click();
  await button(red, 'free-chat').click();
  await red.keyboard.press('Escape');
  await said(red).first().waitFor();
  for (const page of [red, yellow, spectator]) await done(page);
});

test('quick match\'s pools are listed per clock with how many wait, and a click joins one', async () => {
  const first = await visit(browsers[0], '#/gomoku');
  const second = await visit(browsers[1], '#/gomoku');
  const pool = (page, waiting) => page.locator(`[data-lobby] [data-pool][data-preset="3+2"][data-waiting="${waiting}"]`);
  for (const page of [first, second]) await pool(page, 0).waitFor();
  assert.equal(await first.locator('[data-lobby] [data-pool]').count(), 6, 'one per clock preset');
  await pool(first, 0).click();
  await pool(second, 1).waitFor();
  await pool(second, 1).click();
  for (const page of [first, second]) {
    await page.locator('[data-status][data-seat]').waitFor();
    await page.locator('.online [data-rated]').waitFor();
    await page.locator('[data-clock][data-ms="180000"]').first().waitFor();
  }
  for (const page of [first, second]) await done(page);
});
