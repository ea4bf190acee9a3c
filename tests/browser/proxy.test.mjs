// Two instances of the game server behind a real nginx, as deploy/ puts them: Debian's nginx on
// loopback, with deploy/nginx's site (its upstream and header maps, and its proxying snippet as
// it is) over plain HTTP, in front of two servers (the tests' build) sharing a throwaway
// PostgreSQL of this file's own (scripts/postgres.sh). Two browsers play Connect Four through
// nginx; the instance one of them is connected to is stopped with SIGTERM mid-game; that page
// reconnects through nginx to the other instance, and the game ends normally with every move in
// the record.
//
// Skipped, saying why, only where nginx cannot run, and never in CI.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { button, cell, done, launch, moveTexts, openNewGame, pageStarted, watch } from './harness.mjs';
import { serverBinary } from './game-server.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const NGINX = '/usr/sbin/nginx';
const SITE = join(ROOT, 'deploy/nginx/board-suite.conf');
const PROXY = join(ROOT, 'deploy/nginx/board-suite-proxy.conf');

/** Why nginx cannot run here, or null. */
function nginxMissing() {
  const version = spawnSync(NGINX, ['-v'], { encoding: 'utf8' });
  if (version.error || version.status !== 0) return `${NGINX} cannot run (${version.error?.message ?? version.stderr.trim()}): scripts/setup.sh --browser installs Debian's nginx`;
  return null;
}
const missing = nginxMissing();
if (missing && process.env.CI) throw new Error(missing);

/** A free port on loopback. */
async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address();
  probe.close();
  await once(probe, 'close');
  return port;
}

// A test run cut short (a timeout, Ctrl-C) leaves no server or nginx behind.
const children = new Set();
process.on('exit', () => { for (const child of children) child.kill('SIGKILL'); });
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(1));

/** A child process whose stderr is passed on and kept; `stop(signal)` ends it and waits. */
function start(command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  child.said = '';
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    child.said += chunk;
    child.emit('said');
  });
  child.exited = once(child, 'exit').finally(() => children.delete(child));
  child.stop = async (signal = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await child.exited;
  };
  return child;
}

/** Waits until `check()` is true, each try after the child says something, bounded. */
async function until(child, check, what, timeout = 30_000) {
  const signal = AbortSignal.timeout(timeout);
  while (!check()) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`exited before ${what}: ${child.said}`);
    try {
      await Promise.race([once(child, 'said', { signal }), child.exited]);
    } catch {
      throw new Error(`timed out waiting for ${what}: ${child.said}`);
    }
  }
}

// The configuration nginx runs with: the deployed site's blocks but its `server`s (the header
// maps and the upstream, with the instances' ports here), and one plain-HTTP server on loopback
// that includes the deployed proxying snippet itself. Everything nginx writes stays in `dir`.
function nginxConfig(dir, port, ports) {
  const site = readFileSync(SITE, 'utf8');
  const blocks = site.match(/^\S[^\n]*\{\n[\s\S]*?^\}\n/gm);
  let upstream = 0;
  const kept = blocks.filter((block) => !block.startsWith('server ')).map((block) =>
    block.replace(/127\.0\.0\.1:808([12])/g, (_, n) => { upstream++; return `127.0.0.1:${ports[n - 1]}`; }));
  assert.equal(upstream, 2, 'the site\'s upstream names the two instances, 127.0.0.1:8081 and :8082');
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
${kept.join('\n')}
    server {
        listen 127.0.0.1:${port};
        include ${PROXY};
    }
}
`;
}

/** Resolves once something accepts a connection on the port; tries again each time one is
 * refused, bounded. */
async function accepting(port, child, timeout = 10_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const socket = connect(port, '127.0.0.1');
    const [ok] = await Promise.race([
      once(socket, 'connect').then(() => [true], () => [false]),
      child.exited.then(() => { throw new Error(`nginx exited: ${child.said}`); }),
    ]);
    socket.destroy();
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port}: ${child.said}`);
  }
}

let pg;
let databaseUrl;
let dir;
let nginx;
let base;
const instances = [];
const browsers = [];

/** An instance of the server on `port`, serving the page and sharing the PostgreSQL; resolves
 * once it says it listens. */
async function instance(port) {
  const server = start(serverBinary(), [], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SITE: join(ROOT, 'dist'),
      DATABASE_URL: databaseUrl,
      // As deploy/server.env has them: nginx on this machine, and the site's own origin.
      TRUSTED_PROXIES: '127.0.0.1/32,::1/128',
      PUBLIC_ORIGIN: new URL(base).origin,
    },
  });
  server.port = port;
  await until(server, () => server.said.includes(`http://127.0.0.1:${port}`), `the server on ${port} to listen`);
  return server;
}

/** The instance's open WebSockets, from its own /metrics (nginx does not pass /metrics on). */
async function websockets(server) {
  const text = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
  return Number(text.match(/^board_websockets (\d+)$/m)[1]);
}

/** Waits until the instances hold `total` WebSockets in all (a connection closing is counted
 * until the instance has seen it close): each one's count. */
async function settledWebsockets(page, total) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const counts = await Promise.all(instances.map(websockets));
    if (counts.reduce((a, b) => a + b) === total) return counts;
    if (Date.now() > deadline) assert.fail(`WebSockets per instance: ${counts}, expected ${total} in all`);
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
  }
}

/** Waits until the instances hold these numbers of WebSockets: they count a WebSocket as it
 * opens and as it ends, so this is asked again at each of the page's frames, bounded. */
async function waitForWebsockets(page, servers, counts) {
  const deadline = Date.now() + 20_000;
  let seen;
  for (;;) {
    seen = await Promise.all(servers.map(websockets));
    if (seen.every((n, i) => n === counts[i])) return;
    if (Date.now() > deadline) assert.fail(`WebSockets per instance: ${seen}, expected ${counts}`);
    await page.evaluate(() => new Promise((frame) => requestAnimationFrame(frame)));
  }
}

before(async () => {
  if (missing) return;
  serverBinary();
  const env = execFileSync(join(ROOT, 'scripts/postgres.sh'), ['start'], { encoding: 'utf8' });
  pg = Object.fromEntries([...env.matchAll(/^export (\w+)=(.*)$/gm)].map(([, k, v]) => [k, v]));
  databaseUrl = pg.TEST_DATABASE_URL;
  dir = mkdtempSync(join(tmpdir(), 'board-suite-nginx-'));
  // nginx's workers run as nobody when it is started as root: they reach their temp folders.
  chmodSync(dir, 0o755);
  const port = await freePort();
  base = `http://127.0.0.1:${port}/`;
  const ports = [await freePort(), await freePort()];
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(dir, port, ports));
  nginx = start(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log'), '-g', 'daemon off;']);
  await accepting(port, nginx);
  for (const p of ports) instances.push(await instance(p));
  for (let i = 0; i < 3; i++) browsers.push(await launch());
});

// Everything started is stopped, each step whatever became of the others.
after(async () => {
  const steps = [
    ...browsers.map((browser) => () => browser.close()),
    ...instances.map((server) => () => server.stop()),
    () => nginx?.stop('SIGQUIT'),
    () => pg && execFileSync(join(ROOT, 'scripts/postgres.sh'), ['stop'], { env: { ...process.env, ...pg }, stdio: 'inherit' }),
    () => {
      if (!dir) return;
      // What nginx saw go wrong: the stopped instance refusing, at least.
      const log = join(dir, 'error.log');
      if (existsSync(log)) process.stderr.write(`nginx's error log:\n${readFileSync(log, 'utf8')}`);
      rmSync(dir, { recursive: true, force: true });
    },
  ];
  const failures = [];
  for (const step of steps) await Promise.resolve().then(step).catch((e) => failures.push(e));
  if (failures.length > 0) throw failures[0];
});

/** A page of the site, through nginx. */
async function visit(browser, hash) {
  const page = await browser.newPage();
  await watch(page, base);
  await page.goto(base + 'index.html' + hash);
  await page.waitForSelector('header.top');
  return page;
}
const invited = (link) => '#/' + link.split('#/')[1];
const waitForDiscs = (page, count) =>
  page.waitForFunction((n) => document.querySelectorAll('[data-board] [data-piece]').length === n, count);

test('through nginx, a game goes on when the instance one player is on stops', { skip: missing ?? false }, async () => {
  const [host, guest, watcher] = browsers;
  // Each page opens its WebSocket once its start is over: the service worker has fetched every
  // file, so the WebSocket is the one connection to an instance, and nginx (least_conn) sends it
  // to the instance holding fewer.
  // Red makes a room: its WebSocket goes to one instance, and the instances say which.
  const red = await visit(host, '#/connect-four');
  await pageStarted(red);
  await openNewGame(red);
  await button(red, 'online').click();
  await red.waitForSelector('[data-connection][data-state="open"]');
  await red.waitForSelector('[data-status][data-seat="red"]');
  const invite = await red.locator('a[data-invite]').getAttribute('href');
  assert.ok(invite.startsWith(base), invite);
  // The page followed the lobby over a connection of its own until it had a room's: that one
  // closes as the room's opens.
  const counts = await settledWebsockets(red, 1);
  const redsInstance = instances[counts.indexOf(1)];
  const other = instances[1 - counts.indexOf(1)];

  // Yellow follows the invite link: its WebSocket goes to the other instance. Its browser
  // fetches every file first, on a page that follows the lobby until it is closed.
  const first = await visit(guest, '#/connect-four');
  await pageStarted(first);
  await first.close();
  await waitForWebsockets(red, [redsInstance, other], [1, 0]);
  // The page follows the lobby a moment before its room's WebSocket opens: when nginx still
  // counts that one at the other instance, the two tie, and the room's may go to red's. Such a
  // page is opened again (its seat's token kept) until its room's WebSocket is at the other.
  let yellow;
  for (let tries = 1; ; tries++) {
    yellow = await visit(guest, invited(invite));
    await yellow.waitForSelector('[data-status][data-seat="yellow"]');
    const counts = await settledWebsockets(yellow, 2);
    if (counts[instances.indexOf(other)] === 1) break;
    assert.ok(tries < 5, `yellow's WebSocket went to red's instance ${tries} times`);
    await yellow.close();
    await waitForWebsockets(red, [redsInstance, other], [1, 0]);
  }
  await red.waitForSelector('[data-opponent-away]', { state: 'detached' });
  await waitForWebsockets(yellow, [redsInstance, other], [1, 1]);

  // Moves go from one instance to the other through PostgreSQL.
  const turns = [[red, 3], [yellow, 2], [red, 3]];
  for (const [i, [page, column]] of turns.entries()) {
    await cell(page, column, 0).click();
    for (const each of [red, yellow]) await waitForDiscs(each, i + 1);
  }

  // Red's instance is told to stop, and yellow drops a disc meanwhile on the other. Red's page
  // reconnects through nginx, which finds the stopped instance refusing and passes it to the
  // other, and hears of yellow's disc there.
  redsInstance.kill('SIGTERM');
  await cell(yellow, 2, 0).click();
  await redsInstance.exited;
  assert.equal(redsInstance.exitCode, 0, `a clean stop, not ${redsInstance.signalCode}`);
  await waitForWebsockets(red, [other], [2]);
  await red.waitForSelector('[data-connection][data-state="open"]');
  await waitForDiscs(red, 4);
  await cell(red, 3, 0).click();
  await waitForDiscs(yellow, 5);
  await cell(yellow, 2, 0).click();
  await waitForDiscs(red, 6);
  // Red's fourth in column 4 wins.
  await cell(red, 3, 0).click();
  for (const page of [red, yellow]) await page.waitForSelector('[data-status][data-outcome="red"]');

  const record = ['14', '23', '34', '43', '54', '63', '74'];
  assert.deepEqual(await moveTexts(red), record);
  assert.deepEqual(await moveTexts(yellow), record);
  // A third browser opening the link reads the finished game from the store: every move.
  const spectator = await visit(watcher, invited(invite));
  await spectator.waitForSelector('[data-status][data-outcome="red"]');
  assert.deepEqual(await moveTexts(spectator), record);
  for (const page of [red, yellow, spectator]) await done(page);
});
