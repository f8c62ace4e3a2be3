// worker.js: the nonet package in a Web Worker (a module worker), so that
// long work never freezes a page. Messages {id, fn, args} call the
// package's function `fn`; the answer is {id, result} or {id, error}.
// client.js wraps this in promises.
import * as nonet from './index.js';

const FUNCTIONS = new Set(['parse', 'solve', 'solveArray', 'count', 'solveMany', 'check',
  'candidates', 'generate', 'hint', 'explain', 'level', 'rate', 'renderHTML']);

// What an error carries beside its message: the puzzles a generator's
// shortfall found, the records renderHTML left out and its book.
const EXTRA = ['puzzles', 'records', 'html'];

self.onmessage = (e) => {
  const { id, fn, args } = e.data;
  try {
    if (!FUNCTIONS.has(fn)) throw new Error(`no function '${fn}'`);
    self.postMessage({ id, result: nonet[fn](...(args || [])) });
  } catch (err) {
    const m = { id, error: err && err.message ? err.message : String(err) };
    for (const k of EXTRA) if (err && err[k] !== undefined) (m.extra ||= {})[k] = err[k];
    self.postMessage(m);
  }
};
self.postMessage({ ready: true, version: nonet.version });
