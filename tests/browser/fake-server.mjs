// A stand-in for the game server, inside the browser's network: `/healthz` says `ok`, and the
// page's WebSocket (`/ws`) is answered by the test, frame by frame, as `src/protocol.rs`
// documents them. For what only the page decides (how it shows a state, a clock, a refusal),
// and for pictures of the online screens, without a server. The browser tests of online play
// itself run against the real server (online.test.mjs, online-clocks.test.mjs).

/** A state frame: the fields the test gives over an untimed game of `game` with no move. */
export function state(fields = {}) {
  return {
    v: 3, type: 'state', room: 'fakeroom1', game: 'connect-four', version: 1,
    record: '[Game "connect-four"]\n\n*\n', turns: 0, to_move: 'first', over: false,
    online: [true, true], time: 'untimed', ...fields,
  };
}

/** Answers the page's requests on `page` (before it loads): `requests` holds what the page
 * sent (parsed), `send(frame)` sends a frame (an object) on the socket that last asked for a
 * room, `lobby(frame)` on the one that follows the lobby, `answer(type, reply)` makes
 * `reply(request)` (a frame or a list of them) the answer to each request of that type. By default a create, quick or seek seats the
 * device first in `fakeroom1`, a join seats it there too, a lobby request gets an empty lobby,
 * and a ping its pong. */
export async function fakeServer(page) {
  const server = { requests: [], answers: new Map() };
  const seat = (seat = 'first') => (request) => [
    { v: 3, type: 'seat', room: request.room ?? 'fakeroom1', game: 'connect-four', seat, token: 'faketoken' },
    state({ time: request.time || 'untimed' }),
  ];
  for (const type of ['create', 'quick', 'seek', 'join', 'take']) server.answers.set(type, seat());
  server.answers.set('lobby', () => ({ v: 3, type: 'lobby', seeks: [], games: 0, players: 1 }));
  server.answers.set('ping', (request) => ({ v: 3, type: 'pong', n: request.n }));
  server.send = (frame) => server.room.send(JSON.stringify(frame));
  server.lobby = (frame) => server.follower.send(JSON.stringify(frame));
  server.answer = (type, reply) => server.answers.set(type, reply);
  server.seat = seat;
  await page.route('**/healthz', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }));
  await page.routeWebSocket(/\/ws$/, (socket) => {
    socket.onMessage((text) => {
      const request = JSON.parse(String(text));
      server.requests.push(request);
      if (request.type === 'lobby') server.follower = socket;
      else if (request.type !== 'ping') server.room = socket;
      const reply = server.answers.get(request.type)?.(request);
      for (const frame of [reply ?? []].flat()) socket.send(JSON.stringify(frame));
    });
  });
  return server;
}
