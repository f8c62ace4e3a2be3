// sw.js: the page works offline once loaded. Every file of the page and
// of the engine is cached on install; requests are answered from the
// cache first, then from the network (and the cache is refreshed).
const CACHE = 'nonet-v7';
const FILES = ['./', './index.html', './style.css', './app.js', './manifest.json', './icon.svg',
  './nonet/client.js', './nonet/worker.js', './nonet/index.js',
  './nonet/nonet-core.mjs', './nonet/nonet-core.wasm'];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (e) => {
  if (e.request.method !== 'GET') return;
  e.respondWith(caches.match(e.request, { ignoreSearch: true }).then((hit) => {
    const net = fetch(e.request).then((r) => {
      if (r.ok && new URL(e.request.url).origin === location.origin) {
        const copy = r.clone();
        caches.open(CACHE).then((c) => c.put(e.request, copy));
      }
      return r;
    }).catch(() => hit || Response.error());
    return hit || net;
  }));
});
