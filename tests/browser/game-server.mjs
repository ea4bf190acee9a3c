// The suite's own game server for the browser tests of online play: board-suite-server as the
// native tests built it, serving the release page (dist/) and online play on a free loopback
// port, over a store of its own in a temporary directory.
import { spawn, execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { createServer, connect } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openNewGame, watch } from './harness.mjs';

const ROOT = new URL('../../', import.meta.url).pathname;
const DIST = join(ROOT, 'dist');

/** The server's binary as the native tests built it (scripts/test.sh: the test profile, with
 * the test build's `fault-injection`, which no request of these tests asks for). Asked of cargo
 * with the test build's own selection of targets, so the same features: found, not built
 * again, or built once if it is not there yet (a test file run by hand). */
let binary;
export function serverBinary() {
  binary ??= execFileSync('cargo', ['test', '-q', '--workspace', '--lib', '--tests', '--no-run', '--message-format=json'],
    { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 })
    .split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line))
    // The binary itself, not its unit tests' harness (built too, named in no fixed order).
    .find((m) => m.reason === 'compiler-artifact' && m.target.name === 'board-suite-server' && m.target.kind.includes('bin') && !m.profile.test)
    ?.executable;
  if (!binary) throw new Error('cargo named no board-suite-server binary');
  return binary;
}

/** Starts the server; `base()` is its address, `data()` its store's folder, `stop()` and
 * `start()` stop it and start it again on the same port and store, `process()` its child
 * process, and `close()` stops it and removes its store. */
export async function gameServer() {
  const server = serverBinary();
  const data = mkdtempSync(join(tmpdir(), 'board-suite-online-'));
  // The port the server chose itself at its first start (port 0: no other test file can be
  // given it meanwhile), kept for a restart.
  let port = 0;
  let child;
  /** Starts the server and waits until it listens: it says so on stderr (`serving ... on
   * http://127.0.0.1:<port>`) once its socket is bound. Its stderr is passed on. It compresses
   * the page first: a few seconds, but over 10 s on two cores busy with other work. */
  const start = async () => {
    child = spawn(server, [], {
      env: { ...process.env, PORT: String(port), DATA_DIR: data, SITE: DIST },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let said = '';
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      said += chunk;
      const bound = /http:\/\/127\.0\.0\.1:(\d+)/.exec(said);
      if (bound) {
        port = Number(bound[1]);
        child.emit('listening');
      }
    });
    const exited = once(child, 'exit').then(([code]) => { throw new Error(`the server exited (${code}): ${said}`); });
    await Promise.race([once(child, 'listening', { signal: AbortSignal.timeout(30_000) }), exited]);
    exited.catch(() => {});
  };
  const stop = async () => {
    const exited = once(child, 'exit');
    child.kill();
    await exited;
  };
  await start();
  return {
    base: () => `http://127.0.0.1:${port}/`,
    data: () => data,
    start,
    stop,
    process: () => child,
    close: async () => {
      await stop();
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** A page of the game server's at `hash`, in a browser whose profile is its own. */
export async function visit(browser, base, hash) {
  const page = await browser.newPage();
  await watch(page, base);
  await page.goto(base + 'index.html' + hash);
  await page.waitForSelector('header.top');
  return page;
}

/** The hash of an invite link (`#/connect-four?room=...`). */
export const invited = (link) => '#/' + link.split('#/')[1];

/** Starts a game online from the new-game dialog under a time control (`time`: `untimed`,
 * `fischer` with `base` and `increment` in seconds, `correspondence` with `days`), by
 * `action` (`online`, `quick-match` or `seek`). */
export async function startOnline(page, { time = 'untimed', base, increment, days } = {}, action = 'online') {
  await openNewGame(page);
  const dialog = page.locator('[data-dialog="new-game"]');
  await dialog.locator('[data-setting="time-control"]').selectOption(time);
  if (base !== undefined) await dialog.locator('[data-setting="base"]').fill(String(base));
  if (increment !== undefined) await dialog.locator('[data-setting="increment"]').fill(String(increment));
  if (days !== undefined) await dialog.locator('[data-setting="days"]').selectOption(String(days));
  await dialog.locator(`button[data-action="${action}"]`).click();
  await dialog.waitFor({ state: 'detached' });
}

/** A TCP relay to the server's port on loopback. `cut()` holds every byte either way (and new
 * connections' too) without closing anything; `restore()` passes on what was held and goes on. */
export async function startRelay(port) {
  let up = true;
  const held = [];
  const sockets = new Set();
  const relayed = createServer((device) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [device, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => { device.destroy(); upstream.destroy(); });
    }
    const pipe = (from, to) => from.on('data', (bytes) => (up ? to.write(bytes) : held.push([to, bytes])));
    pipe(device, upstream);
    pipe(upstream, device);
  });
  relayed.listen(0, '127.0.0.1');
  await once(relayed, 'listening');
  return {
    base: `http://127.0.0.1:${relayed.address().port}/`,
    cut: () => { up = false; },
    restore: () => {
      up = true;
      for (const [to, bytes] of held.splice(0)) if (!to.destroyed) to.write(bytes);
    },
    close: () => {
      for (const socket of sockets) socket.destroy();
      relayed.close();
    },
  };
}
