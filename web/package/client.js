// client.js: the nonet package from a page, through a Web Worker:
//   import { createWorker } from 'nonet/client.js';
//   const nonet = createWorker();
//   const [p] = await nonet.generate({ level: 'hard' });
// Every function of index.js is there, returning a promise; errors reject
// with the library's message (and what index.js attaches to them:
// `puzzles`, `records`, `html`); `version` is a promise of the library's
// version, as `ready`.
export function createWorker(url = new URL('./worker.js', import.meta.url)) {
  const worker = new Worker(url, { type: 'module' });
  let next = 1;
  const waiting = new Map();
  let readyResolve;
  const ready = new Promise((r) => { readyResolve = r; });
  // Calls made before the worker's module has loaded wait here: a message
  // posted to it sooner finds no handler and is lost (Chromium), and its
  // promise never settled. Sent in order once the worker says it is ready.
  let early = [];
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.ready) {
      for (const msg of early) worker.postMessage(msg);
      early = null;
      readyResolve(m.version);
      return;
    }
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if ('error' in m) w.reject(Object.assign(new Error(m.error), m.extra)); else w.resolve(m.result);
  };
  worker.onerror = (e) => {
    for (const w of waiting.values()) w.reject(new Error(e.message || 'worker failed'));
    waiting.clear();
  };
  const api = { ready, version: ready, terminate: () => worker.terminate() };
  for (const fn of ['parse', 'solve', 'solveArray', 'count', 'solveMany', 'check', 'candidates',
    'generate', 'hint', 'explain', 'level', 'rate', 'renderHTML']) {
    api[fn] = (...args) => new Promise((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      if (early) early.push({ id, fn, args });
      else worker.postMessage({ id, fn, args });
    });
  }
  return api;
}
