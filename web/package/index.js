// nonet: the Sudoku engine nonet (C, compiled to WebAssembly) for Node and
// browsers. The same library as the `nonet` command: the same solver,
// generator, Sudoku Explainer ratings, hints and explanations, and the
// same error messages; variant puzzles (sizes 4x4 to 25x25, jigsaw,
// extra regions, relations, killer cages) through the same functions.
// Every function is synchronous once the module is loaded (this module
// loads it with a top-level await); long work
// (generation with a rating band, explanations of very hard puzzles)
// belongs in a Web Worker in a page: see worker.js and client.js.
import createNonet from './nonet-core.mjs';

async function wasmBytes() {
  const url = new URL('./nonet-core.wasm', import.meta.url);
  if (typeof process === 'object' && process.versions && process.versions.node &&
      url.protocol === 'file:') {
    const { readFile } = await import('node:fs/promises');
    return readFile(url);
  }
  const r = await fetch(url);
  if (!r.ok) throw new Error(`cannot load ${url}: ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

const mod = await createNonet({ wasmBinary: await wasmBytes() });

/** The library's version ("1.0.0"). */
export const version = mod.UTF8ToString(mod._nw_version());

// Calls an exported C function with strings and numbers; returns its JSON
// result, or throws an Error with the library's message.
function call(name, ...args) {
  const owned = [];
  const conv = args.map((a) => {
    if (typeof a !== 'string') return a;
    const n = mod.lengthBytesUTF8(a) + 1;
    const p = mod._malloc(n);
    mod.stringToUTF8(a, p, n);
    owned.push(p);
    return p;
  });
  let ptr;
  try {
    ptr = mod['_' + name](...conv);
  } finally {
    for (const p of owned) mod._free(p);
  }
  return result(ptr);
}

// The JSON text a C function returned (freed here), or its error thrown.
function result(ptr) {
  if (!ptr) throw new Error('out of memory');
  const text = mod.UTF8ToString(ptr);
  mod._nw_free(ptr);
  const out = JSON.parse(text);
  if (out && typeof out.error === 'string') throw new Error(out.error);
  return out;
}

// ---- variant puzzles: how they are told apart ----

// The classic reader's message for a variant record: such text goes to
// the variant functions (nw_v* in glue.c), which read every kind.
const VARIANT_RECORD = 'a variant puzzle: only classic 9x9 puzzles are read here';

// A variant puzzle given as an object ({size, box, regions, constraints,
// cages, cells}, the JSON object of docs/variants.md): any object that is
// not array-like.
function isVariantObject(p) {
  return p !== null && typeof p === 'object' && typeof p.length !== 'number';
}

// Numbers from an array, rows of arrays or a typed array (null: 0).
function flat(v) {
  if (!v || typeof v !== 'object' || typeof v.length !== 'number') return v;
  const out = [];
  for (const x of Array.from(v)) {
    if (x && typeof x === 'object' && typeof x.length === 'number')
      for (const y of Array.from(x)) out.push(y ?? 0);
    else out.push(x ?? 0);
  }
  return out;
}

// A cage's cell: a row-major index from 0, or "r1c1" (1-based, row and
// column 1 to N); a string that names no cell of the grid is refused with
// the text reader's message (the library checks the indexes).
function cellIndex(c, n, sum) {
  if (typeof c !== 'string' || !Number.isInteger(n)) return c;
  const m = /^\s*r(\d+)c(\d+)\s*$/i.exec(c);
  if (m && +m[1] >= 1 && +m[1] <= n && +m[2] >= 1 && +m[2] <= n) return (m[1] - 1) * n + (m[2] - 1);
  if (/^\s*\d+\s*$/.test(c)) return +c;
  throw new Error(`cages: '${c.slice(0, 20)}' in the cage of sum ${sum} is not a cell (an index from 0, or r1c1)`);
}

// The members of a variant object and of its cages. The library's JSON
// reader passes over members it does not know (a record may carry more);
// in an object they are refused: a name mistyped ('constraint') would
// give another puzzle than the one meant.
const VARIANT_KEYS = ['size', 'box', 'regions', 'constraints', 'cages', 'cells', 'solution'];
const CAGE_KEYS = ['sum', 'cells'];

// A variant object as the JSON object the library reads: box "2x3" as
// [2, 3], cells, solution and regions as flat lists (or strings of
// symbols, kept), cages' cells as indexes; a key it does not have is
// refused, naming the keys it has (null or undefined: no key). The
// library checks the rest.
function variantJSON(o) {
  const j = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || v === null) continue;
    if (!VARIANT_KEYS.includes(k))
      throw new Error(`unknown key '${k}' in a variant puzzle (${VARIANT_KEYS.join(', ')})`);
    if (k === 'box' && typeof v === 'string') {
      const m = /^\s*(\d+)\s*[xX]\s*(\d+)\s*$/.exec(v);
      j.box = m ? [+m[1], +m[2]] : v;
    } else if (k === 'cells' || k === 'solution' || k === 'regions') {
      j[k] = typeof v === 'string' ? v : flat(v);
    } else if (k === 'cages' && v && typeof v.length === 'number') {
      j.cages = Array.from(v, (c) => {
        for (const [ck, cv] of Object.entries(c && typeof c === 'object' ? c : {}))
          if (cv !== undefined && cv !== null && !CAGE_KEYS.includes(ck))
            throw new Error(`cages: unknown key '${ck}' in the cage of sum ${c.sum} (${CAGE_KEYS.join(', ')})`);
        return {
          sum: c && c.sum,
          cells: Array.from((c && c.cells) || [], (x) => cellIndex(x, o.size, c.sum)),
        };
      });
    } else j[k] = v;
  }
  return JSON.stringify(j);
}

// The text the variant functions read: text as it is, a variant object as
// JSON, an array of 81 cells as a classic line.
function vtext(puzzle) {
  if (typeof puzzle === 'string') return puzzle;
  return isVariantObject(puzzle) ? variantJSON(puzzle) : text(puzzle);
}

// Runs `classic(puzzle)`; a variant puzzle (an object, or text that the
// classic reader names a variant record) goes to `variant(text)` instead.
function route(puzzle, classic, variant) {
  if (isVariantObject(puzzle)) return variant(variantJSON(puzzle));
  try {
    return classic(puzzle);
  } catch (e) {
    if (e && e.message === VARIANT_RECORD && typeof puzzle === 'string') return variant(puzzle);
    throw e;
  }
}

// The digit of a symbol of the text format: '.' or '0' empty, 1-9, then
// A-P (any case) for 10-25; -1 for anything else.
function symbolValue(ch) {
  const c = ch.charCodeAt(0);
  if (ch === '.' || ch === '0') return 0;
  if (c >= 49 && c <= 57) return c - 48;
  const u = c & ~32;
  return u >= 65 && u <= 80 ? u - 55 : -1;
}

// The cells of a game in progress (hint's `grid`) as bytes: symbols ("12.4...",
// as solve returns them), N*N numbers or N rows, or a whole puzzle (text
// or object) whose cells are taken.
function gridBytes(grid) {
  if (grid === undefined || grid === null || grid === '') return null;
  let cells;
  if (typeof grid === 'string' && !/[={]/.test(grid)) {
    cells = [];
    for (const ch of grid.replace(/[\s|]/g, '')) {
      const v = symbolValue(ch);
      if (v < 0) throw new Error(`the grid: '${ch}' is not a cell`);
      cells.push(v);
    }
  } else if (typeof grid === 'string' || isVariantObject(grid)) {
    cells = [...call('nw_vparse', vtext(grid)).cells].map(symbolValue);
  } else {
    cells = flat(grid);
  }
  return Uint8Array.from(cells, (v) => (Number.isInteger(v) && v >= 0 && v <= 255 ? v : 255));
}

// Calls `name` with a byte buffer in the module's memory in place of the
// second argument (NULL when `bytes` is null) and its length third.
function callBytes(name, first, bytes, ...rest) {
  const p = bytes ? mod._malloc(Math.max(bytes.length, 1)) : 0;
  if (bytes && !p) throw new Error('out of memory');
  if (bytes) mod.HEAPU8.set(bytes, p);
  try {
    return call(name, first, p, bytes ? bytes.length : 0, ...rest);
  } finally {
    if (p) mod._free(p);
  }
}

// Cell i of an array of 81 (row-major) as a number 0-9, null or undefined
// read as 0; anything else is an error naming the cell.
function cellValue(v, i) {
  const x = v ?? 0;
  if (!Number.isInteger(x) || x < 0 || x > 9)
    throw new Error(`r${((i / 9) | 0) + 1}c${(i % 9) + 1} holds ${x}: a cell holds 0 (empty) to 9`);
  return x;
}

// A puzzle as text: a string in any format the command reads, an array of
// 81 numbers (0 or null for empty), or 9 arrays of 9, or a typed array.
function text(puzzle) {
  if (typeof puzzle === 'string') return puzzle;
  if (puzzle && typeof puzzle.length === 'number') {
    const flat = [];
    for (const row of puzzle) {
      if (row && typeof row === 'object' && typeof row.length === 'number')
        flat.push(...row);
      else flat.push(row);
    }
    if (flat.length !== 81)
      throw new Error(`too ${flat.length < 81 ? 'few' : 'many'} cells: ${flat.length} of 81`);
    return flat.map((v, i) => String(cellValue(v, i) || '.')).join('');
  }
  throw new TypeError('a puzzle is a string or an array of 81 cells');
}

/**
 * Reads a puzzle in any format the command reads (an 81-cell line, a
 * 9-line grid, JSON) and returns {cells, conflicts}: cells as 81
 * characters ('.' for empty), conflicts as [{message, cells}] for givens
 * that break a rule. Throws for text that is not a puzzle. A variant
 * puzzle (text or object) gives N*N symbols (1-9, A-P for 10-25) and also
 * {size, puzzle (its text line), variant (its JSON object)}, and for
 * windoku its windows (lists of cells, as the library places them on
 * every size); its conflicts' cells are those their messages name.
 */
export function parse(puzzle) {
  return route(puzzle, (p) => call('nw_parse', text(p)), vparse);
}

// A variant puzzle's cells and conflicts, each conflict with the cells its
// message names.
function vparse(t) {
  const r = call('nw_vparse', t);
  const conflicts = r.conflicts ? r.conflicts.split('; ').map((message) => {
    const cells = [];
    for (const m of message.matchAll(/r(\d+)c(\d+)/g)) {
      const i = (m[1] - 1) * r.size + (m[2] - 1);
      if (!cells.includes(i)) cells.push(i);
    }
    return { message, cells };
  }) : [];
  const out = { cells: r.cells, conflicts, size: r.size, puzzle: r.puzzle, variant: r.variant };
  if (r.windows) out.windows = r.windows;
  return out;
}

// The fast path of solve and count: the input written into memory kept
// from call to call, the solution and the message read from fixed places;
// no JSON and no allocation per puzzle (not even of a view: the views of
// the scratch memory and of the solution are kept until the memory grows
// or the scratch moves).
const scratch = { ptr: 0, cap: 0, view: null, heap: null };
const SOLUTION = mod._malloc(82);
const MESSAGE = mod._malloc(256);
let solutionView = null, solutionHeap = null;

const encoder = new TextEncoder();
// ASCII text at ptr (len bytes) as a string: in Node, Buffer's latin1Slice
// on the memory (50 ns for 81 bytes; TextDecoder takes 75 to 150 and, for a
// whole batch at once, 6 ns a byte); in a browser, a latin1 TextDecoder.
const decoder = new TextDecoder('latin1');
const latin1Slice = typeof Buffer === 'function' && Buffer.prototype &&
  typeof Buffer.prototype.latin1Slice === 'function' ? Buffer.prototype.latin1Slice : null;
function asciiAt(ptr, len) {
  return latin1Slice ? latin1Slice.call(mod.HEAPU8, ptr, ptr + len)
    : decoder.decode(mod.HEAPU8.subarray(ptr, ptr + len));
}

// The most scratch memory kept from call to call (1 MiB: 12,000 puzzle
// lines). A call with a longer input (solveMany of a big file) gives its
// scratch back to the module's malloc when it is done, for the module's
// other allocations to reuse: a page that ran one big batch does not
// hold its bytes as long as it runs. (The WebAssembly memory itself
// cannot shrink: its size stays at the highest the module reached.)
const SCRATCH_KEEP = 1 << 20;

function release() {
  if (scratch.cap <= SCRATCH_KEEP) return;
  mod._free(scratch.ptr);
  scratch.ptr = 0;
  scratch.cap = 0;
  scratch.view = null;
}

/** @internal The bytes of the module's memory the package keeps between
 * calls (its scratch for input; the few hundred fixed bytes of the
 * solution and the message are not counted). For the tests. */
export function _retainedBytes() {
  return scratch.cap;
}

function room(n) {
  if (n <= scratch.cap) return;
  if (scratch.ptr) mod._free(scratch.ptr);
  scratch.view = null;
  scratch.cap = Math.max(n, 4096);
  scratch.ptr = mod._malloc(scratch.cap);
  if (!scratch.ptr) {
    scratch.cap = 0;
    throw new Error('out of memory');
  }
}

// A view of the scratch memory (a new one when the memory has grown: the
// old views are then empty).
function scratchView() {
  if (scratch.view && scratch.heap === mod.HEAPU8) return scratch.view;
  scratch.heap = mod.HEAPU8; // a new array when the memory grows
  return (scratch.view = mod.HEAPU8.subarray(scratch.ptr, scratch.ptr + scratch.cap));
}

// The text as UTF-8 and a NUL in the scratch memory: puzzles are ASCII,
// one byte a character; other text takes its exact length.
function input(s) {
  room(s.length + 1);
  let r = encoder.encodeInto(s, scratchView());
  if (r.read < s.length || r.written >= scratch.cap) {
    room(mod.lengthBytesUTF8(s) + 1);
    r = encoder.encodeInto(s, scratchView());
  }
  scratch.view[r.written] = 0;
  return scratch.ptr;
}

// The 81 digits nw_count wrote to SOLUTION.
function solutionText() {
  if (latin1Slice) return latin1Slice.call(mod.HEAPU8, SOLUTION, SOLUTION + 81);
  if (solutionHeap !== mod.HEAPU8) {
    solutionHeap = mod.HEAPU8;
    solutionView = mod.HEAPU8.subarray(SOLUTION, SOLUTION + 81);
  }
  return decoder.decode(solutionView);
}

// countOne's answer for a variant record (the classic reader's message).
const VARIANT = -2;

// `timeout` in seconds (checked by the caller; 0: none).
function countOne(puzzle, limit, solution, timeout) {
  const n = mod._nw_count(input(text(puzzle)), limit, solution ? SOLUTION : 0, MESSAGE, 256,
    seconds(timeout));
  release();
  if (n < 0) {
    const message = mod.UTF8ToString(MESSAGE);
    if (message === VARIANT_RECORD && typeof puzzle === 'string') return VARIANT;
    throw new Error(message);
  }
  return n;
}

function vsolve(puzzle, limit, timeout) {
  return call('nw_vsolve', vtext(puzzle), limit, seconds(timeout));
}

// The command's check of --timeout: undefined is no limit (0), else a
// number of seconds above 0 and at most 10^6.
function seconds(timeout) {
  if (timeout === undefined || timeout === null) return 0;
  if (typeof timeout !== 'number' || !(timeout > 0) || timeout > 1e6)
    throw new Error(`--timeout needs a number of seconds above 0 and at most 1000000, not '${timeout}'`);
  return timeout;
}

/**
 * The unique solution (81 digits; a variant puzzle's N*N symbols, 1-9
 * then A-P for 10-25). Throws "no solution" or "multiple
 * solutions" (with `first: true`, the first solution found, not proven
 * unique), the conflict for givens that break a rule ("row 1 has two 1s
 * (r1c1, r1c2)"; a variant's: every broken rule, joined by "; "), and the
 * reader's message for text that is not a puzzle ("region 3 has 8 cells,
 * expected 9"). With `timeout` (seconds), a search that runs longer
 * throws "no answer within 0.3 s (timeout)": a variant's (a hard 25x25,
 * an empty 25x25 windoku: seconds to minutes); a classic one takes
 * milliseconds (count's timeout is the one that matters there).
 */
export function solve(puzzle, options) {
  const { first = false, timeout } = options ?? {};
  seconds(timeout);
  const n = isVariantObject(puzzle) ? VARIANT : countOne(puzzle, first ? 1 : 2, true, timeout);
  if (n === VARIANT) {
    const r = vsolve(puzzle, first ? 1 : 2, timeout);
    if (r.count === 0) throw new Error(r.why);
    if (r.count > 1 && !first) throw new Error('multiple solutions');
    return r.solution;
  }
  if (n === 0) throw new Error(mod.UTF8ToString(MESSAGE));
  if (n > 1 && !first) throw new Error('multiple solutions');
  return solutionText();
}

// solveArray's places: the puzzle's 81 numbers and the solution's, with
// views kept until the memory grows.
const CELLS = mod._malloc(81);
const SOLVED = mod._malloc(81);
const cellViews = { heap: null, cells: null, solved: null };

function cellsView() {
  if (cellViews.heap !== mod.HEAPU8) {
    cellViews.heap = mod.HEAPU8;
    cellViews.cells = mod.HEAPU8.subarray(CELLS, CELLS + 81);
    cellViews.solved = mod.HEAPU8.subarray(SOLVED, SOLVED + 81);
  }
  return cellViews;
}

/**
 * solve without text, for a game that keeps its grid as numbers: `cells`
 * is 81 numbers row by row (a Uint8Array, any typed array or an array; 0,
 * null or undefined for an empty cell, else 1-9). Returns the solution as
 * 81 numbers 1-9: written into `into` (any array or typed array of 81,
 * returned) or a new Uint8Array. Throws as solve does ("no solution", "row
 * 1 has two 5s (r1c1, r1c5)", "multiple solutions" unless `first`), and
 * for a number that is not a cell ("r2c3 holds 12: a cell holds 0 (empty)
 * to 9"). Classic 9x9 only.
 */
export function solveArray(cells, options) {
  const { first = false, into } = options ?? {};
  if (!cells || typeof cells !== 'object' || typeof cells.length !== 'number')
    throw new TypeError('solveArray takes 81 numbers (0 for an empty cell); solve takes text');
  if (cells.length !== 81)
    throw new Error(`too ${cells.length < 81 ? 'few' : 'many'} cells: ${cells.length} of 81`);
  const v = cellsView();
  if (cells instanceof Uint8Array) v.cells.set(cells); // above 9: the C side says
  else {
    for (let i = 0; i < 81; i++) v.cells[i] = cellValue(cells[i], i);
  }
  const n = mod._nw_count_cells(CELLS, first ? 1 : 2, SOLVED, MESSAGE, 256);
  if (n <= 0) throw new Error(mod.UTF8ToString(MESSAGE));
  if (n > 1 && !first) throw new Error('multiple solutions');
  const out = into || new Uint8Array(81);
  const solved = cellsView().solved;
  if (ArrayBuffer.isView(out)) out.set(solved);
  else for (let i = 0; i < 81; i++) out[i] = solved[i];
  return out;
}

// A whole number from 1 to max, or an error naming the option.
function checkWhole(name, v, max) {
  if (!Number.isInteger(v) || v < 1 || v > max)
    throw new Error(`${name} needs a whole number from 1 to ${max}, not '${v}'`);
}

// The command's check of --limit (a whole number from 1 to 10^9).
const checkLimit = (limit) => checkWhole('--limit', limit, 1000000000);

/** The number of solutions, up to `limit` (default 1000): 0 when the
 * givens break a rule, as `nonet count` says. `timeout` as for solve,
 * classic puzzles too: a count to a large limit on a nearly empty grid
 * (minutes) throws "no answer within 0.3 s (timeout)", as `nonet count
 * --timeout` says. */
export function count(puzzle, options) {
  const { limit = 1000, timeout } = options ?? {};
  checkLimit(limit);
  seconds(timeout);
  const n = isVariantObject(puzzle) ? VARIANT : countOne(puzzle, limit, false, timeout);
  return n === VARIANT ? vsolve(puzzle, limit, timeout).count : n;
}

// The elements of an array of puzzles for the functions that read many
// (nw_vcount_many, nw_render_html): their texts one after another, and
// each one's length in bytes (-1 for an element that is no puzzle: its
// message is in `unread`, by its number from 1).
function elements(puzzles) {
  const unread = new Map();
  const texts = puzzles.map((p, i) => {
    try {
      return vtext(p);
    } catch (e) {
      unread.set(i + 1, e.message);
      return null;
    }
  });
  const lens = Int32Array.from(texts, (t) => (t === null ? -1
    : /^[\x00-\x7f]*$/.test(t) ? t.length : mod.lengthBytesUTF8(t)));
  return { text: texts.join(''), lens, unread };
}

// Calls `name` with the elements of an array (see elements): their text,
// their lengths in the module's memory and how many there are, then `rest`.
function callElements(name, els, ...rest) {
  const p = mod._malloc(Math.max(4 * els.lens.length, 4));
  if (!p) throw new Error('out of memory');
  mod.HEAP32.set(els.lens, p >> 2);
  try {
    return call(name, els.text, p, els.lens.length, ...rest);
  } finally {
    mod._free(p);
  }
}

// Errors [{record, line, message}] with those of the elements that are
// no puzzle (message null from the module) given their own messages, in
// the order of the records.
function withUnread(errors, unread) {
  const out = errors.filter((e) => e.message !== null);
  for (const [record, message] of unread) out.push({ record, line: 1, message });
  return out.sort((a, b) => a.record - b.record);
}

/**
 * Many puzzles in one call, as `nonet count` reads a file: `puzzles` is
 * text with one record after another (81-cell lines, 9-line grids, JSON,
 * variant records) or an array of puzzles. Returns {counts, solutions, errors}: counts an
 * Int32Array (solutions up to `limit`, default 2, as `nonet count` gives
 * them; -1 for a record that is not a puzzle), solutions the first
 * solution of each record (null when there is none), errors [{record,
 * line, message}] counted from 1. A bad record does not stop the others.
 * For an array, record k + 1 is element k, whatever it holds: an element
 * that is no puzzle (empty, not text, or several records) is a record in
 * error with its own message ("no puzzle found", "2 records in one
 * element: an element is one puzzle"), its line counted within it.
 * With `timeout` (seconds a puzzle), a record whose count runs longer
 * is given up: count -1, error "no answer within S s (timeout)"; the
 * others are counted as before.
 */
export function solveMany(puzzles, options) {
  const { limit = 2, timeout } = options ?? {};
  checkLimit(limit);
  const s = seconds(timeout);
  if (Array.isArray(puzzles)) {
    const els = elements(puzzles);
    const r = callElements('nw_vcount_many', els, limit, s);
    return { counts: Int32Array.from(r.counts), solutions: r.solutions,
      errors: withUnread(r.errors, els.unread) };
  }
  if (typeof puzzles !== 'string')
    throw new TypeError('solveMany takes text (one record after another) or an array of puzzles');
  const all = puzzles;
  if (all.includes('size') || all.includes('f-puzzles')) {
    // variant records may be there: the reader of every kind
    const r = call('nw_vcount_many', all, 0, 0, limit, s);
    return { counts: Int32Array.from(r.counts), solutions: r.solutions, errors: r.errors };
  }
  let max = 1;
  for (let i = all.indexOf('\n'); i >= 0; i = all.indexOf('\n', i + 1)) max++;
  const counts = mod._malloc(4 * max);
  const sols = mod._malloc(81 * max);
  try {
    if (!counts || !sols) throw new Error('out of memory');
    const r = result(mod._nw_count_many(input(all), limit, counts, sols, max, s));
    const n = r.records;
    const out = mod.HEAP32.slice(counts >> 2, (counts >> 2) + n);
    // a string a solution (one string of the whole batch is slower to
    // make in Node 20: see asciiAt), pushed: an array made at its full
    // length is old at once, and keeping young strings in it costs V8's
    // collector twice the time of the strings themselves (49,158: 31 ms
    // against 16 ms)
    const solutions = [];
    for (let k = 0; k < n; k++) solutions.push(out[k] > 0 ? asciiAt(sols + 81 * k, 81) : null);
    return { counts: out, solutions, errors: r.errors };
  } finally {
    mod._free(counts);
    mod._free(sols);
    release();
  }
}

/**
 * The verdict of `nonet check`: {verdict, unique} with verdict "unique",
 * "multiple solutions", "no solution" or "invalid: row 3 has two 5s (r3c1,
 * r3c7)"; with `minimal: true`, also `removable`, the givens that can go
 * one at a time keeping the solution unique (["r1c5", ...]).
 */
export function check(puzzle, options) {
  const { minimal = false, timeout } = options ?? {};
  const s = seconds(timeout);
  return route(puzzle, (p) => call('nw_check', text(p), minimal ? 1 : 0),
    (t) => call('nw_vcheck', t, minimal ? 1 : 0, s));
}

function digitsOf(m, n) {
  const d = [];
  for (let k = 0; k < n; k++) if (m & (1 << k)) d.push(k + 1);
  return d;
}

/** The candidates of each cell (the digits its row, column and box allow),
 * as 81 arrays of digits ([] for a given). For a variant puzzle, the true
 * candidates: the digits some solution puts in each cell (a given: its
 * digit), N*N arrays; throws when there is no solution, and with
 * `timeout` (seconds) when the searches take longer. */
export function candidates(puzzle, options) {
  const { timeout } = options ?? {};
  const s = seconds(timeout);
  return route(puzzle,
    (p) => call('nw_candidates', text(p)).candidates.map((m) => digitsOf(m, 9)),
    (t) => {
      const c = call('nw_vcandidates', t, s).candidates;
      const n = Math.round(Math.sqrt(c.length));
      return c.map((m) => digitsOf(m, n));
    });
}

// The options of `nonet generate`, by their JavaScript names.
const GEN_NAMES = {
  seed: 'seed', symmetry: 'symmetry', clues: 'clues', minClues: 'min-clues',
  maxClues: 'max-clues', perGrid: 'per-grid', timeout: 'timeout',
  rating: 'rating', level: 'level', pattern: 'pattern',
};

// The variant options of `nonet generate`, by their JavaScript names; the
// flags (jigsaw, killer, killerGivens) take true.
const VGEN_NAMES = {
  size: 'size', box: 'box', jigsaw: 'jigsaw', constraints: 'constraints', killer: 'killer',
  killerGivens: 'killer-givens', cageSize: 'cage-size',
};
const VGEN_FLAGS = new Set(['jigsaw', 'killer', 'killerGivens']);

// Variant puzzles, when the options ask for them: the puzzles, or null for
// the plain 9x9 rules (the classic generator's, with all its options).
function generateVariant(options, seed, n) {
  const lines = [opt('seed', seed)];
  let classicOnly = '';
  for (const [k, v] of Object.entries(options)) {
    if (k === 'seed' || k === 'count' || v === undefined || v === null) continue;
    if (VGEN_NAMES[k]) {
      if (VGEN_FLAGS.has(k)) { if (v) lines.push(VGEN_NAMES[k]); }
      else lines.push(opt(VGEN_NAMES[k], Array.isArray(v) ? v.join(',') : v));
    } else if (k === 'symmetry' || k === 'timeout' || k === 'level') lines.push(opt(k, v));
    else if (k === 'clues' || k === 'minClues' || k === 'maxClues') lines.push(opt(GEN_NAMES[k], v));
    else if (k === 'minimal') { if (!v) classicOnly ||= 'no-minimal'; }
    else if (k === 'filter') { if (v) classicOnly ||= 'filter'; }
    else if (GEN_NAMES[k]) classicOnly ||= GEN_NAMES[k];
    else throw new Error(`unknown option '${k}'`);
  }
  const r = call('nw_vgenerate', lines.join('\n'), n, classicOnly);
  if (r.classic) return null;
  if (r.shortfall) {
    const e = new Error(r.shortfall);
    e.puzzles = r.puzzles;
    throw e;
  }
  r.puzzles.seed = seed;
  return r.puzzles;
}

// One option line `name=value` of the module's option text; a value with
// a line break would read as more options, so it is refused.
function opt(name, value) {
  const v = String(value);
  if (/[\r\n]/.test(v)) throw new Error(`${name}: a value holds no line break, not '${v}'`);
  return `${name}=${v}`;
}

function randomSeed() {
  const a = new Uint32Array(2);
  globalThis.crypto.getRandomValues(a);
  return ((BigInt(a[0]) << 32n) | BigInt(a[1])) % 1000000000000n;
}

/**
 * Generates `count` puzzles (default 1) with exactly one solution, minimal
 * unless `minimal: false`: [{puzzle, solution, clues, symmetry, job, er,
 * ep, ed, level}] (er, ep, ed and level with a level or rating band). Options are those of `nonet
 * generate`: seed, symmetry ("rot180", ...), clues, minClues, maxClues,
 * perGrid, pattern (text), minimal, level ("easy" .. "extreme"), rating
 * ("7.0-"), filter, timeout (seconds). The same seed gives the same
 * puzzles; without one a seed is drawn (returned as `seed` on the array).
 * Throws the command's message for a bad option ("unknown level 'x'
 * (easy, medium, hard, expert, extreme)").
 *
 * Variant puzzles with size (4-25), box ("2x3"), jigsaw, constraints
 * (["diagonals", "anti-knight"] or "diagonals,anti-knight"), killer (cages
 * and no givens), killerGivens (cages and the givens needed), cageSize
 * ("2-5"), with seed, symmetry, clues, minClues, maxClues (not with
 * killer, whose puzzles have no givens) and timeout (by default, as the command:
 * 120 s for random jigsaw regions with constraints and other searches, 600
 * s for 25x25 killers): [{puzzle (the text line), solution (N*N
 * symbols), size, clues, cages, symmetry, job, unproven, variant (the JSON
 * object with its solution)}], the same as `nonet generate` gives for the
 * same seed. The plain 9x9 rules (size 9 alone) are the classic puzzles,
 * with every classic option and level ({size: 9, level: 'expert'}). The
 * timeout counts the check of the rules before generating too, as the
 * command's does.
 */
export function generate(options) {
  options = options ?? {};
  const lines = [];
  const seed = options.seed !== undefined ? String(options.seed) : String(randomSeed());
  lines.push(opt('seed', seed));
  const n = options.count === undefined ? 1 : options.count;
  checkWhole('count', n, 1000000);
  if (Object.keys(VGEN_NAMES).some((k) => options[k] !== undefined && options[k] !== null &&
      options[k] !== false)) {
    const variants = generateVariant(options, seed, n);
    if (variants) return variants;
  }
  for (const [k, v] of Object.entries(options)) {
    if (k === 'seed' || k === 'count' || v === undefined || v === null) continue;
    if (VGEN_NAMES[k]) continue; /* the plain 9x9 rules */
    if (k === 'minimal') lines.push(v ? 'minimal' : 'no-minimal');
    else if (k === 'filter') { if (v) lines.push('filter'); }
    else if (GEN_NAMES[k]) lines.push(opt(GEN_NAMES[k], v));
    else throw new Error(`unknown option '${k}'`);
  }
  const r = call('nw_generate', lines.join('\n'), n);
  if (r.shortfall) {
    const e = new Error(r.shortfall);
    e.puzzles = r.puzzles;
    throw e;
  }
  r.puzzles.seed = seed;
  return r.puzzles;
}

function logicOptions({ techniques, exclude, uniqueness = true }) {
  const lines = [];
  const list = (v) => (Array.isArray(v) ? v.join(',') : String(v));
  if (techniques) lines.push(opt('techniques', list(techniques)));
  if (exclude) lines.push(opt('exclude', list(exclude)));
  if (!uniqueness) lines.push('no-uniqueness');
  return lines.join('\n');
}

const HINT_LEVELS = ['nudge', 'pattern', 'step', 'full'];

/**
 * The next step a person would take, as `nonet hint` gives it. `grid`: the
 * digits placed so far (81 cells; the givens alone when absent; for a
 * variant puzzle N*N symbols or numbers, N rows, or a puzzle whose cells
 * are taken). A variant step's cells are [row, col] pairs. Returns
 * {solved: true}, or the step: {technique, key, level, placements,
 * eliminations ([row, col, digit], 1-based), cells ([row, col, role]: the
 * pattern, to highlight), units (["r3", "b5"]), nudge, pattern, text (the
 * notation), words, hint} where `hint` is the text of the level asked:
 * nudge, pattern, step or full (notation and words). Options: techniques,
 * exclude, uniqueness (as the command's); timeout (seconds): a variant
 * puzzle not done in time throws 'no answer within 5 s (timeout)' (the
 * time counts from the call, for the search for its solution and then the
 * path: trial and error's searches; classic puzzles are not timed).
 */
export function hint(puzzle, options) {
  const { grid, level = 'full', timeout, ...opts } = options ?? {};
  if (!HINT_LEVELS.includes(level))
    throw new Error(`unknown level '${level}' (nudge, pattern, step, full)`);
  const lo = logicOptions(opts);
  const secs = seconds(timeout);
  const r = isVariantObject(grid) ? callBytes('nw_vhint', vtext(puzzle), gridBytes(grid), lo, secs)
    : route(puzzle, (p) => {
      const givens = text(p);
      let now = '';
      try {
        if (grid) now = text(grid);
      } catch (e) {
        call('nw_parse', givens); // a variant puzzle's grid: the reader says so
        throw e;
      }
      return call('nw_hint', givens, now, lo);
    }, (t) => callBytes('nw_vhint', t, gridBytes(grid), lo, secs));
  if (r.solved) return r;
  r.hint = level === 'nudge' ? r.nudge : level === 'pattern' ? r.pattern
    : level === 'step' ? r.text : `${r.text}\n  ${r.words}`;
  return r;
}

/**
 * The whole solving path, as `nonet explain --format jsonl` writes it:
 * {puzzle, steps: [{technique, placements, eliminations, text, ...}],
 * solved, level, technique (the one that decided the level; level and
 * technique only when the path solved the puzzle, as the command gives
 * them)}. A variant
 * puzzle's path is the variant engine's (puzzle: its text line). Options:
 * techniques, exclude, uniqueness, timeout (as hint's).
 */
export function explain(puzzle, options) {
  const { timeout, ...opts } = options ?? {};
  const lo = logicOptions(opts);
  const secs = seconds(timeout);
  return route(puzzle, (p) => call('nw_explain', text(p), lo), (t) => call('nw_vexplain', t, lo, secs));
}

/**
 * The level by technique of a puzzle of any kind, as `nonet rate --by
 * technique` gives it: the hardest technique its path needs decides it.
 * Returns {level ("Easy", "Medium", "Hard", ...; "Trial-and-error" for a
 * variant that needs trial and error), technique (the one that decided
 * it), steps, counts ({key: steps})}. Options: techniques, exclude,
 * timeout (as explain's). Throws "not solved with the chosen techniques"
 * when the path stops, "no solution", "multiple solutions", or what the
 * givens break.
 */
export function level(puzzle, options) {
  const { timeout, ...opts } = options ?? {};
  return call('nw_vlevel', vtext(puzzle), logicOptions(opts), seconds(timeout));
}

/**
 * The rating on Sudoku Explainer's scale, as `nonet rate` gives it: {er, ep,
 * ed, level ("Easy" .. "Extreme"), technique (the step that decided er),
 * steps}. Throws "no solution" or "multiple solutions". The scale is
 * defined for classic 9x9 puzzles only: level() rates variants.
 */
export function rate(puzzle) {
  return route(puzzle, (p) => call('nw_rate', text(p)), (t) => {
    const v = call('nw_vparse', t).variant;
    // a variant record with the plain 9x9 rules is a classic puzzle
    if (v.size === 9 && v.box && v.box[0] === 3 && !v.constraints && !v.cages)
      return call('nw_rate', text(v.cells));
    throw new Error('Sudoku Explainer\'s ratings are for classic 9x9 puzzles: level() rates variant puzzles by technique');
  });
}

// One classic puzzle given as numbers: 81 cells (a number, null or
// undefined first), or 9 rows of 9 such cells; anything else given to
// renderHTML as an array is a list of puzzles.
function isCellArray(a) {
  const cell = (x) => x === null || x === undefined || typeof x === 'number';
  if (!a.length) return false;
  if (cell(a[0])) return true;
  return a.length === 9 && Array.from(a).every((r) => r && typeof r === 'object' &&
    typeof r.length === 'number' && r.length === 9 && Array.from(r).every(cell));
}

// The message of the records renderHTML left out: each with its number
// (and its line in text), as the command names them.
function leftOut(left, lines) {
  const named = left.slice(0, 5).map((e) =>
    `record ${e.record}${lines ? ` (line ${e.line})` : ''}: ${e.message}`);
  if (left.length > 5) named.push(`and ${left.length - 5} more`);
  return `${left.length} record${left.length > 1 ? 's' : ''} left out of the book: ${named.join('; ')}`;
}

/**
 * A printable HTML book of puzzles (an array, or text with one per line;
 * variant puzzles too), as `nonet render -f html` makes it: perPage 1, 2, 4 or 6 (default 4),
 * solutions (pages of small solution grids at the end), title. A record
 * that cannot go in the book (not a puzzle, a broken rule, no unique
 * solution) throws an Error naming it, as the command does ("1 record
 * left out of the book: record 2 (line 2): character 'g' at column 1 is
 * not a cell"), with `records` ([{record, line, message}]) and `html`
 * (the book of the others, when there are any). For an array, record k +
 * 1 is element k. 81 numbers or 9 rows of 9 are one puzzle.
 */
export function renderHTML(puzzles, options) {
  const { perPage = 4, solutions = false, title = '' } = options ?? {};
  let r, unread = new Map();
  if (Array.isArray(puzzles) && !isCellArray(puzzles)) {
    const els = elements(puzzles);
    unread = els.unread;
    r = callElements('nw_render_html', els, perPage, solutions ? 1 : 0, title);
  } else {
    r = call('nw_render_html', vtext(puzzles) + '\n', 0, 0, perPage, solutions ? 1 : 0, title);
  }
  const left = withUnread(r.left, unread);
  if (left.length) {
    const e = new Error(leftOut(left, !Array.isArray(puzzles) && typeof puzzles === 'string'));
    e.records = left;
    if (r.html) e.html = r.html;
    throw e;
  }
  return r.html;
}
