// nonet: the Sudoku engine nonet (C, compiled to WebAssembly) for Node and
// browsers. The same library as the `nonet` command: the same solver,
// generator, Sudoku Explainer ratings, hints and explanations, and the
// same error messages. Every function is synchronous once the module is
// loaded (this module loads it with a top-level await); long work
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
    return flat.map((v) => (v >= 1 && v <= 9 ? String(v) : '.')).join('');
  }
  throw new TypeError('a puzzle is a string or an array of 81 cells');
}

/**
 * Reads a puzzle in any format the command reads (an 81-cell line, a
 * 9-line grid, JSON) and returns {cells, conflicts}: cells as 81
 * characters ('.' for empty), conflicts as [{message, cells}] for givens
 * that break a rule. Throws for text that is not a puzzle.
 */
export function parse(puzzle) {
  return call('nw_parse', text(puzzle));
}

// The fast path of solve and count: the input written into memory kept
// from call to call, the solution and the message read from fixed places;
// no JSON and no allocation per puzzle.
const scratch = { ptr: 0, cap: 0 };
const SOLUTION = mod._malloc(82);
const MESSAGE = mod._malloc(256);

const encoder = new TextEncoder();

function room(n) {
  if (n <= scratch.cap) return;
  if (scratch.ptr) mod._free(scratch.ptr);
  scratch.cap = Math.max(n, 4096);
  scratch.ptr = mod._malloc(scratch.cap);
  if (!scratch.ptr) {
    scratch.cap = 0;
    throw new Error('out of memory');
  }
}

// The text as UTF-8 and a NUL in the scratch memory: puzzles are ASCII,
// one byte a character; other text takes its exact length.
function input(s) {
  room(s.length + 1);
  let r = encoder.encodeInto(s, mod.HEAPU8.subarray(scratch.ptr, scratch.ptr + s.length));
  if (r.read < s.length) {
    const n = mod.lengthBytesUTF8(s);
    room(n + 1);
    r = encoder.encodeInto(s, mod.HEAPU8.subarray(scratch.ptr, scratch.ptr + n));
  }
  mod.HEAPU8[scratch.ptr + r.written] = 0;
  return scratch.ptr;
}

function countOne(puzzle, limit, solution) {
  const n = mod._nw_count(input(text(puzzle)), limit, solution ? SOLUTION : 0, MESSAGE, 256);
  if (n < 0) throw new Error(mod.UTF8ToString(MESSAGE));
  return n;
}

/**
 * The unique solution (81 digits). Throws "no solution" or "multiple
 * solutions" (with `first: true`, the first solution found, not proven
 * unique), the conflict for givens that break a rule ("row 1 has two 1s
 * (r1c1, r1c2)"), and the reader's message for text that is not a puzzle.
 */
export function solve(puzzle, { first = false } = {}) {
  const n = countOne(puzzle, first ? 1 : 2, true);
  if (n === 0) throw new Error(mod.UTF8ToString(MESSAGE));
  if (n > 1 && !first) throw new Error('multiple solutions');
  return mod.UTF8ToString(SOLUTION, 81);
}

/** The number of solutions, up to `limit` (default 1000): 0 when the
 * givens break a rule, as `nonet count` says. */
export function count(puzzle, { limit = 1000 } = {}) {
  return countOne(puzzle, limit, false);
}

/**
 * Many puzzles in one call, as `nonet count` reads a file: `puzzles` is
 * text with one record after another (81-cell lines, 9-line grids, JSON)
 * or an array of puzzles. Returns {counts, solutions, errors}: counts an
 * Int32Array (solutions up to `limit`, default 2, as `nonet count` gives
 * them; -1 for a record that is not a puzzle), solutions the first
 * solution of each record (null when there is none), errors [{record,
 * line, message}] counted from 1. A bad record does not stop the others.
 */
export function solveMany(puzzles, { limit = 2 } = {}) {
  const all = Array.isArray(puzzles) ? puzzles.map(text).join('\n') : String(puzzles);
  let max = 1;
  for (let i = all.indexOf('\n'); i >= 0; i = all.indexOf('\n', i + 1)) max++;
  const counts = mod._malloc(4 * max);
  const sols = mod._malloc(81 * max);
  try {
    if (!counts || !sols) throw new Error('out of memory');
    const r = result(mod._nw_count_many(input(all), limit, counts, sols, max));
    const n = r.records;
    const out = Int32Array.from(mod.HEAP32.subarray(counts >> 2, (counts >> 2) + n));
    const text81 = new TextDecoder().decode(mod.HEAPU8.subarray(sols, sols + 81 * n));
    const solutions = new Array(n);
    for (let k = 0; k < n; k++) solutions[k] = out[k] > 0 ? text81.slice(81 * k, 81 * k + 81) : null;
    return { counts: out, solutions, errors: r.errors };
  } finally {
    mod._free(counts);
    mod._free(sols);
  }
}

/**
 * The verdict of `nonet check`: {verdict, unique} with verdict "unique",
 * "multiple solutions", "no solution" or "invalid: row 3 has two 5s (r3c1,
 * r3c7)"; with `minimal: true`, also `removable`, the givens that can go
 * one at a time keeping the solution unique (["r1c5", ...]).
 */
export function check(puzzle, { minimal = false } = {}) {
  return call('nw_check', text(puzzle), minimal ? 1 : 0);
}

/** The candidates of each cell (the digits its row, column and box allow),
 * as 81 arrays of digits ([] for a given). */
export function candidates(puzzle) {
  return call('nw_candidates', text(puzzle)).candidates.map((m) => {
    const d = [];
    for (let k = 0; k < 9; k++) if (m & (1 << k)) d.push(k + 1);
    return d;
  });
}

// The options of `nonet generate`, by their JavaScript names.
const GEN_NAMES = {
  seed: 'seed', symmetry: 'symmetry', clues: 'clues', minClues: 'min-clues',
  maxClues: 'max-clues', perGrid: 'per-grid', timeout: 'timeout',
  rating: 'rating', level: 'level', pattern: 'pattern',
};

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
 */
export function generate(options = {}) {
  const lines = [];
  const seed = options.seed !== undefined ? String(options.seed) : String(randomSeed());
  lines.push(`seed=${seed}`);
  for (const [k, v] of Object.entries(options)) {
    if (k === 'seed' || k === 'count' || v === undefined || v === null) continue;
    if (k === 'minimal') lines.push(v ? 'minimal' : 'no-minimal');
    else if (k === 'filter') { if (v) lines.push('filter'); }
    else if (GEN_NAMES[k]) lines.push(`${GEN_NAMES[k]}=${v}`);
    else throw new Error(`unknown option '${k}'`);
  }
  const n = options.count === undefined ? 1 : options.count;
  if (!Number.isInteger(n) || n < 1 || n > 1000000)
    throw new Error(`--count needs a whole number from 1 to 1000000000, not '${n}'`);
  const r = call('nw_generate', lines.join('\n'), n);
  if (r.shortfall) {
    const e = new Error(r.shortfall);
    e.puzzles = r.puzzles;
    throw e;
  }
  r.puzzles.seed = seed;
  return r.puzzles;
}

function logicOptions({ techniques, exclude, uniqueness = true } = {}) {
  const lines = [];
  const list = (v) => (Array.isArray(v) ? v.join(',') : String(v));
  if (techniques) lines.push(`techniques=${list(techniques)}`);
  if (exclude) lines.push(`exclude=${list(exclude)}`);
  if (!uniqueness) lines.push('no-uniqueness');
  return lines.join('\n');
}

const HINT_LEVELS = ['nudge', 'pattern', 'step', 'full'];

/**
 * The next step a person would take, as `nonet hint` gives it. `grid`: the
 * digits placed so far (81 cells; the givens alone when absent). Returns
 * {solved: true}, or the step: {technique, key, level, placements,
 * eliminations ([row, col, digit], 1-based), cells ([row, col, role]: the
 * pattern, to highlight), units (["r3", "b5"]), nudge, pattern, text (the
 * notation), words, hint} where `hint` is the text of the level asked:
 * nudge, pattern, step or full (notation and words). Options: techniques,
 * exclude, uniqueness (as the command's).
 */
export function hint(puzzle, { grid, level = 'full', ...opts } = {}) {
  if (!HINT_LEVELS.includes(level))
    throw new Error(`unknown level '${level}' (nudge, pattern, step, full)`);
  const r = call('nw_hint', text(puzzle), grid ? text(grid) : '', logicOptions(opts));
  if (r.solved) return r;
  r.hint = level === 'nudge' ? r.nudge : level === 'pattern' ? r.pattern
    : level === 'step' ? r.text : `${r.text}\n  ${r.words}`;
  return r;
}

/**
 * The whole solving path, as `nonet explain --format jsonl` writes it:
 * {puzzle, steps: [{technique, placements, eliminations, text, ...}],
 * solved, level, technique (the one that decided the level)}.
 */
export function explain(puzzle, opts = {}) {
  return call('nw_explain', text(puzzle), logicOptions(opts));
}

/**
 * The rating on Sudoku Explainer's scale, as `nonet rate` gives it: {er, ep,
 * ed, level ("Easy" .. "Extreme"), technique (the step that decided er),
 * steps}. Throws "no solution" or "multiple solutions".
 */
export function rate(puzzle) {
  return call('nw_rate', text(puzzle));
}

/**
 * A printable HTML book of puzzles (an array, or text with one per line),
 * as `nonet render -f html` makes it: perPage 1, 2, 4 or 6 (default 4),
 * solutions (pages of small solution grids at the end), title.
 */
export function renderHTML(puzzles, { perPage = 4, solutions = false, title = '' } = {}) {
  const list = Array.isArray(puzzles) && typeof puzzles[0] !== 'number'
    ? puzzles.map(text).join('\n') : text(puzzles);
  return call('nw_render_html', list + '\n', perPage, solutions ? 1 : 0, title).html;
}
