// The service worker: the built files, precached, served cache-first, so the suite opens and
// plays with no network after the first visit: every game and the computer, not only the route
// first opened (the page registers this worker once it is idle, so these downloads come after
// the route's own). scripts/postbuild.mjs writes VERSION and FILES above this text at build
// time, from Trunk's output (the file names carry content hashes).
const CACHE = `board-suite-${VERSION}`;
const PREFIX = 'board-suite-';
const scoped = (path) => new URL(path, self.registration.scope).href;

self.addEventListener('install', (event) => {
  // A file whose name carries its content's hash is the same wherever it comes from: the HTTP
  // cache's copy (the route just opened) is taken. The others skip it (`reload`), so a new
  // version never stores an old file.
  const hashed = /-[0-9a-f]{16}[._/]/;
  const requests = FILES.map((file) => new Request(scoped(file), { cache: hashed.test(file) ? 'default' : 'reload' }));
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(requests)));
  // No skipWaiting here: a new version waits until the player reloads (the page offers it)
  // or every tab of the old one is closed, so an update never interrupts a game.
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
    }
    // The first visit's page is served from the cache from now on, without a reload.
    await self.clients.claim();
  })());
});

// The page asks for the waiting version when the player chooses to reload.
self.addEventListener('message', (event) => {
  if (event.data === 'activate') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  // The app's page, at the scope's root or by name, whatever its query; any other page of the
  // origin is not ours to answer.
  const page = request.mode === 'navigate' && [scoped('./'), scoped('index.html')].includes(url.origin + url.pathname);
  const key = page ? scoped('index.html') : request;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const cached = await cache.match(key, { ignoreSearch: page });
    return cached ?? fetch(request);
  })());
});
