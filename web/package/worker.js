// worker.js: the nonet package in a Web Worker (a module worker), so that
// long work never freezes a page. Messages {id, fn, args} call the
// package's function `fn`; the answer is {id, result} or {id, error}.
// client.js wraps this in promises.
import * as nonet from './index.js';

const FUNCTIONS = new Set(['parse', 'solve', 'count', 'solveMany', 'check', 'candidates',
  'generate', 'hint', 'explain', 'level', 'rate', 'renderHTML']);

self.onmessage = (e) => {
  const { id, fn, args } = e.data;
  try {
    if (!FUNCTIONS.has(fn)) throw new Error(`no function '${fn}'`);
    self.postMessage({ id, result: nonet[fn](...(args || [])) });
  } catch (err) {
    self.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
};
self.postMessage({ ready: true, version: nonet.version });
