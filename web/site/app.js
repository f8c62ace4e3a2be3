// app.js: the play page. The engine (nonet, WebAssembly) runs in a Web
// Worker through the package's client, so the page never freezes; this
// file keeps the game: the givens, the digits and pencil marks the player
// wrote, undo and redo, the timer, hints, checks, and saves it all in
// localStorage after every move.
import { createWorker } from './nonet/client.js';

const $ = (id) => document.getElementById(id);
const engine = createWorker(new URL('./nonet/worker.js', import.meta.url));
const STORE = 'nonet-game';

// ---- kinds of puzzle -------------------------------------------------------
// Classic 9x9 is made by level (Sudoku Explainer's); the variants by the
// package's variant generator at a level of the variant techniques' scale
// (easy to extreme), each kind offering the levels it reaches in well
// under a second, and since puzzles are made ahead those whose first
// puzzle takes a few seconds at most (below; measured with the package
// in Node: 4x4 has no medium
// puzzles, 6x6 no hard ones within seconds; with the command, 20 puzzles
// each: disjoint groups hard 0.8 s a puzzle, nonconsecutive easy 0.3 s,
// 12x12 hard 0.3 s, Sudoku X hard 0.25 s; the package in Node, seeds 1-8:
// 16x16 easy and medium 0.2 s a puzzle on average, 0.4 s at most, hard
// 2.8 s). Hard since relation pointing (a Hard technique) came, the
// package in Node, seeds 1-8: anti-knight 0.02 s (0.08 s at most),
// anti-king 0.01 s (0.06 s), nonconsecutive 0.34 s (0.86 s); not offered:
// disjoint groups 0.86 s (2.1 s), nonconsecutive medium 1.3 s (2.6 s).
// Expert (a chain needed, no trial and error), the package in Node, seeds
// 1-4, on average: 5-26 ms a puzzle on 6x6 to 12x12 and the 9x9 kinds,
// 16x16 0.29 s (0.38 s at most); not offered where it takes longer:
// killer 6x6 0.47 s (1.4 s), killer 2.3 s. Offered: nonconsecutive 0.51 s
// (seeds 1-8, 1.3 s at most; 0.35-0.39 s before relation pointing took
// the one-cell XY-Chains).
// Extreme (a forcing net needed), the same way: 12-55 ms on 8x8, 12x12
// and the 9x9 kinds, 16x16 0.24 s (0.30 s), killer 6x6 0.21 s (0.53 s),
// killer 9x9 0.34 s (0.77 s), nonconsecutive 0.42 s (0.87 s; seeds 1-8);
// not offered: 6x6 (rare).
// Since the next puzzle is made ahead while one is played (below), the
// levels that take a second or a few for their first puzzle are offered
// too (the package in Node, seeds 1-8, on average and at most): killer
// hard 1.1 s (2.6 s) and expert 2.5 s (6.2 s), killer 6x6 expert 0.43 s
// (1.2 s), 16x16 hard 1.0 s (3.1 s), nonconsecutive medium 0.96 s (1.9 s;
// 0.71 s and 2.1 s at seeds 1-30), disjoint groups hard 0.67 s (2.3 s;
// seeds 1-40, where the generator gave up at 3: generateNow tries again).
// Still not: killer 6x6 hard, 6x6 hard and extreme, 4x4 medium (none
// within 30 s at some seeds).
const KINDS = {
  classic: null,
  '4x4': { size: 4 },
  '6x6': { size: 6 },
  '8x8': { size: 8 },
  jigsaw: { size: 9, jigsaw: true },
  x: { size: 9, constraints: ['diagonals'] },
  windoku: { size: 9, constraints: ['windoku'] },
  'anti-knight': { size: 9, constraints: ['anti-knight'] },
  'anti-king': { size: 9, constraints: ['anti-king'] },
  disjoint: { size: 9, constraints: ['disjoint'] },
  nonconsecutive: { size: 9, constraints: ['nonconsecutive'] },
  '12x12': { size: 12 },
  '16x16': { size: 16 },
  killer: { size: 9, killer: true },
  killer6: { size: 6, killer: true },
};
const ALL5 = ['easy', 'medium', 'hard', 'expert', 'extreme'];
const VLEVELS = {
  '4x4': ['easy'], '6x6': ['easy', 'medium', 'expert'], '8x8': ALL5, jigsaw: ALL5, x: ALL5,
  windoku: ALL5, 'anti-knight': ALL5, 'anti-king': ALL5,
  disjoint: ALL5, nonconsecutive: ALL5, '12x12': ALL5, '16x16': ALL5,
  killer: ALL5, killer6: ['easy', 'medium', 'expert', 'extreme'],
};
// an easy 9x9 killer of cages alone is rare: it gets a few givens
const VLEVEL_KINDS = { killer: { easy: { size: 9, killerGivens: true } } };
const variantOptions = (kind, level) =>
  ({ ...((VLEVEL_KINDS[kind] || {})[level] || rulesOf(kind)), level });
// What the generator is asked for a puzzle of a kind and level: the
// variant options, or a classic level and the Symmetry chosen (the same
// for a puzzle made now, one made ahead, and a book).
const makeOptions = (kind, level) =>
  rulesOf(kind) ? variantOptions(kind, level) : { level, symmetry: $('symmetry').value };
// The Kind menu's entry for a puzzle entered (pasted or from a link) with
// rules no kind of the menu has (a 25x25, a 10x10, a jigsaw Sudoku X, a
// 16x16 killer, 6x6 with 3x2 boxes): named by its rules, it makes puzzles
// of them (size and boxes, jigsaw regions, constraints, cages) at the
// easy level, the one every kind reaches soonest, within a minute.
const ENTERED = 'entered';
let entered = null; // {name, options} of that entry while the menu has it
const rulesOf = (kind) => KINDS[kind] || (kind === ENTERED && entered ? entered.options : null);
const levelsOf = (kind) => VLEVELS[kind] || (kind === ENTERED ? ['easy'] : null);
const CONSTRAINT_NAMES = { diagonals: 'Sudoku X', windoku: 'Windoku', disjoint: 'Disjoint groups',
  'anti-knight': 'Anti-knight', 'anti-king': 'Anti-king', nonconsecutive: 'Nonconsecutive' };
const CLASSIC = { size: 9, box: [3, 3] };
// the symbols of digits: 1-9, then A-P for 10-25
const sym = (v) => (v ? (v < 10 ? String(v) : String.fromCharCode(55 + v)) : '.');
const symValue = (ch) => (/[1-9]/.test(ch) ? +ch : /[A-P]/i.test(ch) ? ch.toUpperCase().charCodeAt(0) - 55 : 0);

// ---- the game --------------------------------------------------------------

// {givens, solution, cells[N*N], marks[N*N], undo[], redo[], elapsed, solved,
// rating}; a variant also has kind, puzzle (its text line) and variant
// (the package's VariantJSON: size, box or regions, constraints, cages;
// and windoku's windows, as the engine places them: parse().windows)
let game = null;
let N = 9, NN = 81; // the size of the game's grid
let selected = 40;
let pencil = false;
let hintState = { grid: '', stage: 0, step: null };
// a step of the explanation being shown: the digits placed before it
// (cell -> digit), drawn lightly in the cells the player has not filled
let preview = null;

function fresh(givens, solution, rating, variant) {
  const cells = [];
  for (let i = 0; i < givens.length; i++) cells.push(symValue(givens[i]));
  const g = { givens, solution, cells, marks: new Array(givens.length).fill(0), undo: [], redo: [],
    elapsed: 0, solved: false, rating: rating || '' };
  if (variant) Object.assign(g, variant);
  return g;
}

function gridText(cells) {
  return cells.map(sym).join('');
}

function save() {
  if (!game) return;
  try {
    localStorage.setItem(STORE, JSON.stringify(game));
  } catch (e) { /* private mode: the game lives as long as the page */ }
}

function restore() {
  try {
    const g = JSON.parse(localStorage.getItem(STORE) || 'null');
    const n = g && g.variant ? g.variant.size : 9;
    if (g && typeof g.givens === 'string' && g.givens.length === n * n &&
        Array.isArray(g.cells) && g.cells.length === n * n &&
        (!g.variant || typeof g.puzzle === 'string')) {
      g.marks = Array.isArray(g.marks) && g.marks.length === n * n ? g.marks : new Array(n * n).fill(0);
      g.undo = g.undo || [];
      g.redo = g.redo || [];
      return g;
    }
  } catch (e) { /* a damaged save: start anew */ }
  return null;
}

function snapshot() {
  return { cells: game.cells.slice(), marks: game.marks.slice() };
}

// One move: remember the grid before it for undo.
function move(change) {
  if (!game || game.solved) return;
  const before = snapshot();
  if (!change()) return;
  game.undo.push(before);
  if (game.undo.length > 500) game.undo.shift();
  game.redo = [];
  after();
}

function after() {
  endPreview();
  clearMarksOf('wrong');
  checkSolved();
  save();
  draw();
}

// Undo and redo: the grid goes back to the top of one stack, and the grid
// it leaves goes onto the other.
function travel(from, to) {
  if (!game || !game[from].length || game.solved) return;
  game[to].push(snapshot());
  const s = game[from].pop();
  game.cells = s.cells;
  game.marks = s.marks;
  after();
}

const undo = () => travel('undo', 'redo');
const redo = () => travel('redo', 'undo');

const isGiven = (i) => game && game.givens[i] !== '.';

// The mark bits of the digits next to d (d - 1 and d + 1; bit N, for
// d = N, is never a mark).
const besideBits = (d) => (1 << d) | (d > 1 ? 1 << (d - 2) : 0);

function write(d) {
  const i = selected;
  if (isGiven(i)) return;
  if (pencil) {
    move(() => {
      if (game.cells[i]) return false;
      game.marks[i] ^= 1 << (d - 1);
      return true;
    });
  } else {
    move(() => {
      if (game.cells[i] === d) return false;
      game.cells[i] = d;
      // the digit leaves the pencil marks of the cells it sees (row,
      // column, box or region, and the variant's own rules)
      for (const j of peers[i]) game.marks[j] &= ~(1 << (d - 1));
      // nonconsecutive: the digits next to it leave its neighbours' marks
      for (const j of neighbours[i]) game.marks[j] &= ~besideBits(d);
      game.marks[i] = 0;
      return true;
    });
  }
}

// Fills the pencil marks of every empty cell with the digits its peers
// leave it (none that a cell it sees holds; nonconsecutive, none next to a
// neighbour's digit): the candidates as the grid stands, one move, so
// Undo takes it back. Marks the player crossed out come back; killer
// sums are left to the player (and to Hint).
function fillMarks() {
  move(() => {
    const all = (1 << N) - 1;
    let changed = false;
    for (let i = 0; i < NN; i++) {
      if (game.cells[i]) continue;
      let m = all;
      for (const j of peers[i]) if (game.cells[j]) m &= ~(1 << (game.cells[j] - 1));
      for (const j of neighbours[i]) {
        const d = game.cells[j];
        if (d) m &= ~besideBits(d);
      }
      m &= all;
      if (game.marks[i] !== m) {
        game.marks[i] = m;
        changed = true;
      }
    }
    return changed;
  });
}

function erase() {
  const i = selected;
  if (isGiven(i)) return;
  move(() => {
    if (!game.cells[i] && !game.marks[i]) return false;
    game.cells[i] = 0;
    game.marks[i] = 0;
    return true;
  });
}

const row = (i) => Math.floor(i / N);
const col = (i) => i % N;
// the game's geometry: each cell's box or jigsaw region, its peers (the
// cells that may not hold its digit), its neighbours that may not hold
// the digits next to it (nonconsecutive), its cage; set by setGeometry
let regionOf = [];
let peers = [];
let neighbours = [];
let cageOf = [];
const box = (i) => regionOf[i];

function setGeometry(v) {
  v = v || CLASSIC;
  N = v.size;
  NN = N * N;
  const [br, bc] = v.box || [0, 0];
  regionOf = [];
  for (let i = 0; i < NN; i++)
    regionOf.push(v.regions ? v.regions[i] : Math.floor(row(i) / br) * (N / bc) + Math.floor(col(i) / bc));
  const units = [];
  for (let k = 0; k < N; k++) {
    units.push([...Array(N).keys()].map((c) => k * N + c));
    units.push([...Array(N).keys()].map((r) => r * N + k));
    units.push([...Array(NN).keys()].filter((i) => regionOf[i] === k));
  }
  const cons = v.constraints || [];
  if (cons.includes('diagonals')) {
    units.push([...Array(N).keys()].map((k) => k * N + k));
    units.push([...Array(N).keys()].map((k) => k * N + (N - 1 - k)));
  }
  if (cons.includes('windoku')) for (const w of v.windows || []) units.push(w);
  if (cons.includes('disjoint') && v.box) {
    for (let k = 0; k < N; k++)
      units.push([...Array(NN).keys()].filter((i) => (row(i) % br) * bc + (col(i) % bc) === k));
  }
  cageOf = new Array(NN).fill(-1);
  (v.cages || []).forEach((g, k) => {
    units.push(g.cells);
    for (const i of g.cells) cageOf[i] = k;
  });
  peers = [];
  for (let i = 0; i < NN; i++) peers.push(new Set());
  for (const u of units) for (const a of u) for (const b of u) if (a !== b) peers[a].add(b);
  const jumps = [];
  if (cons.includes('anti-knight')) jumps.push([1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1]);
  if (cons.includes('anti-king')) jumps.push([1, 1], [1, -1], [-1, 1], [-1, -1]);
  for (let i = 0; i < NN; i++) for (const j of moves(i, jumps)) peers[i].add(j);
  peers = peers.map((s) => [...s]);
  const orth = cons.includes('nonconsecutive') ? [[0, 1], [1, 0], [0, -1], [-1, 0]] : [];
  neighbours = [...Array(NN).keys()].map((i) => moves(i, orth));
}

// The cells a move of each [rows, columns] offset leads to from cell i,
// within the grid.
function moves(i, offsets) {
  const out = [];
  for (const [dr, dc] of offsets) {
    const r = row(i) + dr, c = col(i) + dc;
    if (r >= 0 && r < N && c >= 0 && c < N) out.push(r * N + c);
  }
  return out;
}

function conflicts() {
  const bad = new Set();
  for (let a = 0; a < NN; a++) {
    const v = game.cells[a];
    if (!v) continue;
    for (const b of peers[a]) if (game.cells[b] === v) { bad.add(a); bad.add(b); }
    for (const b of neighbours[a])
      if (game.cells[b] && Math.abs(game.cells[b] - v) === 1) { bad.add(a); bad.add(b); }
  }
  return bad;
}

function checkSolved() {
  if (game.solved || !game.solution) return;
  if (gridText(game.cells) === game.solution) {
    game.solved = true;
    say('Solved!', 'solved');
  }
}

// ---- drawing -----------------------------------------------------------------

const board = $('board');
const cellEls = [];
let built = ''; // the geometry the board was built for

// The board of the game's kind: N*N cells, thick lines where boxes or
// jigsaw regions meet, shaded diagonals or windows, killer cages as dashed
// outlines inset in their cells (drawn by CSS from the classes k[tblr],
// the sides where the cage ends) with the sum in the first cell's corner.
// The digit pad has N keys.
function buildBoard() {
  const v = game && game.variant;
  const key = v ? game.puzzle : 'classic';
  if (key === built) return;
  built = key;
  setGeometry(v);
  board.textContent = '';
  cellEls.length = 0;
  board.style.setProperty('--n', N);
  // 16x16 and up: a wider board where the screen has room (30 px cells
  // at 40rem; a phone keeps 92% of its width, 22 px cells)
  document.documentElement.style.setProperty('--size', N >= 16 ? 'min(92vw, 40rem)' : '');
  const cons = (v && v.constraints) || [];
  const windows = new Set(cons.includes('windoku') ? (v.windows || []).flat() : []);
  const shaded = (i) => (cons.includes('diagonals') && (row(i) === col(i) || row(i) + col(i) === N - 1)) ||
    windows.has(i);
  const cages = (v && v.cages) || [];
  for (let r = 0; r < N; r++) {
    const rowEl = document.createElement('div');
    rowEl.setAttribute('role', 'row');
    for (let c = 0; c < N; c++) {
      const i = r * N + c;
      const el = document.createElement('div');
      el.setAttribute('role', 'gridcell');
      const cls = [`r${r + 1}`, `c${c + 1}`];
      if (c < N - 1 && regionOf[i] !== regionOf[i + 1]) cls.push('br');
      if (r < N - 1 && regionOf[i] !== regionOf[i + N]) cls.push('bb');
      if (shaded(i)) cls.push('extra');
      const k = cageOf[i];
      if (k >= 0) {
        cls.push('cage');
        const same = (j) => j >= 0 && j < NN && cageOf[j] === k;
        if (r === 0 || !same(i - N)) cls.push('kt');
        if (r === N - 1 || !same(i + N)) cls.push('kb');
        if (c === 0 || !same(i - 1)) cls.push('kl');
        if (c === N - 1 || !same(i + 1)) cls.push('kr');
        el.dataset.sum = Math.min(...cages[k].cells) === i ? String(cages[k].sum) : '';
      }
      el.className = cls.join(' ');
      el.tabIndex = -1;
      el.addEventListener('click', () => select(i, true));
      rowEl.appendChild(el);
      cellEls.push(el);
    }
    board.appendChild(rowEl);
  }
  const pad = document.querySelector('.pad');
  pad.textContent = '';
  // at most 16 keys a row (a 25x25's in two rows of 13): the pad never
  // runs off a phone's screen
  pad.style.gridTemplateColumns = `repeat(${Math.ceil(N / Math.ceil(N / 16))}, minmax(0, 1fr))`;
  for (let d = 1; d <= N; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'digit';
    b.dataset.digit = String(d);
    b.setAttribute('aria-label', `Digit ${sym(d)}`);
    b.textContent = sym(d);
    b.addEventListener('click', () => { write(d); cellEls[selected].focus(); });
    pad.appendChild(b);
  }
  $('rules').textContent = rulesText(v);
}

const NUMBERS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine',
  'ten', 'eleven', 'twelve'];

function rulesText(v) {
  if (!v) return '';
  const r = [];
  if (v.regions) r.push('Jigsaw: each row, column and outlined region holds each digit once.');
  const cons = v.constraints || [];
  if (cons.includes('diagonals')) r.push('Sudoku X: the two shaded diagonals too.');
  if (cons.includes('windoku')) {
    const n = (v.windows || []).length;
    r.push(n ? `Windoku: the ${NUMBERS[n] || n} shaded window${n > 1 ? 's' : ''} too.`
      : 'Windoku: no window fits this grid.');
  }
  if (cons.includes('anti-knight')) r.push('Anti-knight: equal digits never a chess knight\'s move apart.');
  if (cons.includes('anti-king')) r.push('Anti-king: equal digits never touch diagonally.');
  if (cons.includes('disjoint')) r.push('Disjoint groups: the same place in each box holds each digit once.');
  if (cons.includes('nonconsecutive')) r.push('Nonconsecutive: neighbours never differ by 1.');
  if (v.cages) r.push('Killer: the digits of a dashed cage add up to its sum, none repeated.');
  if (!r.length) r.push(`${N}x${N}: each row, column and box holds 1-${sym(N)} once.`);
  return r.join(' ');
}

function marksText(m) {
  const w = N <= 4 ? 2 : N <= 9 ? 3 : 4;
  let s = '';
  for (let d = 1; d <= N; d++) {
    s += m & (1 << (d - 1)) ? sym(d) : ' ';
    if (d % w === 0 && d < N) s += '\n';
  }
  return s;
}

function draw() {
  if (!game) return;
  const bad = conflicts();
  const sel = selected;
  const selDigit = game.cells[sel];
  for (let i = 0; i < NN; i++) {
    const el = cellEls[i];
    const v = game.cells[i];
    const shown = !v && preview && preview.has(i) ? preview.get(i) : 0;
    el.textContent = v ? sym(v) : shown ? sym(shown) : '';
    el.classList.toggle('preview', !!shown);
    const given = isGiven(i);
    el.classList.toggle('given', given);
    el.classList.toggle('conflict', bad.has(i));
    el.classList.toggle('house', i !== sel && (row(i) === row(sel) || col(i) === col(sel) || box(i) === box(sel)));
    el.classList.toggle('same', i !== sel && !!selDigit && v === selDigit);
    el.setAttribute('aria-selected', i === sel ? 'true' : 'false');
    el.tabIndex = i === sel ? 0 : -1;
    let label = `r${row(i) + 1}c${col(i) + 1}, row ${row(i) + 1}, column ${col(i) + 1}`;
    if (cageOf[i] >= 0) label += `, cage of ${game.variant.cages[cageOf[i]].sum}`;
    if (given) label += ', given';
    else if (shown) label += ', placed before this step of the explanation';
    else if (!v && game.marks[i]) {
      const ds = [];
      for (let d = 1; d <= N; d++) if (game.marks[i] & (1 << (d - 1))) ds.push(sym(d));
      label += `, pencil marks ${ds.join(' ')}`;
    }
    el.setAttribute('aria-label', label);
    if (!v && !shown && game.marks[i]) el.dataset.marks = marksText(game.marks[i]);
    else delete el.dataset.marks;
  }
  $('undo').disabled = !game.undo.length;
  $('redo').disabled = !game.redo.length;
  $('rating').textContent = game.rating;
  $('share').href = `#${game.variant ? encodeURIComponent(game.puzzle) : game.givens}`;
  drawTimer();
}

function clearMarksOf(cls) {
  for (const el of cellEls) el.classList.remove(cls);
}

function endPreview() {
  if (!preview) return;
  preview = null;
  clearHint();
  for (const b of document.querySelectorAll('#steps button.step')) b.removeAttribute('aria-current');
}

// Shows step k of an explanation: the grid as it stands before the step
// (the digits the steps before it placed) and the step's cells.
function showStep(steps, k) {
  preview = new Map();
  for (const s of steps.slice(0, k))
    for (const [r, c, d] of s.placements) preview.set((r - 1) * N + (c - 1), d);
  draw();
  showPattern(steps[k], true);
  document.querySelectorAll('#steps button.step').forEach((b, j) => {
    if (j === k) b.setAttribute('aria-current', 'step');
    else b.removeAttribute('aria-current');
  });
  say(`Step ${k + 1} of ${steps.length}: ${steps[k].text}\n${steps[k].words}`);
}

function select(i, focus) {
  selected = i;
  draw();
  if (focus) cellEls[i].focus();
}

function say(text, kind = '') {
  const s = $('status');
  s.textContent = text;
  s.className = kind;
}

// ---- the timer -----------------------------------------------------------------

function drawTimer() {
  const t = Math.floor(game ? game.elapsed : 0);
  $('timer').textContent = `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
}

setInterval(() => {
  if (game && !game.solved && document.visibilityState === 'visible') {
    game.elapsed += 1;
    drawTimer();
    if (game.elapsed % 5 === 0) save();
  }
}, 1000);

// ---- new games -----------------------------------------------------------------

let busy = false;
// a Kind chosen or New clicked while a puzzle is being made: another one
// follows it, of the Kind and Level chosen by then
let again = false;

function ratingText(p) {
  return p.er ? `ER ${p.er.toFixed(1)} · ${p.level}` : '';
}

// The usual boxes of an NxN grid, the generator's: rows x columns, as
// square as N allows, the rows fewer (2x3 on 6x6, 3x4 on 12x12).
function usualBox(n) {
  let r = Math.floor(Math.sqrt(n));
  while (n % r) r--;
  return [r, n / r];
}

// The Kind menu's kind of a game's rules (a variant's VariantJSON, none
// for a classic game): the kind whose puzzles have them, or null.
function menuKind(v) {
  if (!v) return 'classic';
  const sorted = (a) => [...(a || [])].sort().join();
  const [br, bc] = usualBox(v.size);
  const boxes = !v.regions && !!v.box && v.box[0] === br && v.box[1] === bc;
  const killer = !!(v.cages && v.cages.length);
  const same = (o) => o.size === v.size && !!o.jigsaw === !!v.regions && (!!o.jigsaw || boxes) &&
    sorted(o.constraints) === sorted(v.constraints) && !!(o.killer || o.killerGivens) === killer;
  if (same(CLASSIC)) return 'classic';
  return Object.keys(KINDS).find((k) => KINDS[k] && same(KINDS[k])) || null;
}

// The menu entry of rules the menu lacks (see ENTERED): its name and the
// generator's options. `givens`: whether the puzzle has any (a killer
// with givens is made with them).
function enteredKind(v, givens) {
  const [br, bc] = usualBox(v.size);
  const names = [...(v.regions ? ['Jigsaw'] : []),
    ...(v.constraints || []).map((c) => CONSTRAINT_NAMES[c] || c), ...(v.cages && v.cages.length ? ['Killer'] : [])];
  let name = `${names.length ? `${names.join(' + ')} ` : ''}${v.size}x${v.size}`;
  const options = { size: v.size, timeout: 60 };
  if (v.regions) options.jigsaw = true;
  else if (v.box) {
    options.box = `${v.box[0]}x${v.box[1]}`;
    if (v.box[0] !== br || v.box[1] !== bc) name += ` (${options.box} boxes)`;
  }
  if (v.constraints && v.constraints.length) options.constraints = [...v.constraints];
  if (v.cages && v.cages.length) options[givens ? 'killerGivens' : 'killer'] = true;
  return { name, options };
}

// The Kind menu set to the kind of game `g` (a puzzle entered, a saved
// game back), so that New puzzle makes another of its kind and size: a
// kind of the menu, or the menu's entry for the rules it lacks (added,
// or renamed); the entry goes when the game is of a kind of the menu.
// The Level and Symmetry follow the kind (showKind).
function showGameKind(g) {
  const sel = $('kind');
  let kind = menuKind(g.variant);
  let o = sel.querySelector(`option[value="${ENTERED}"]`);
  if (kind) {
    if (o) o.remove();
    entered = null;
  } else {
    entered = enteredKind(g.variant, /[^.0]/.test(g.givens));
    if (!o) {
      o = document.createElement('option');
      o.value = ENTERED;
      sel.appendChild(o);
    }
    o.textContent = entered.name;
    kind = ENTERED;
  }
  sel.value = kind;
  g.kind = kind;
  showKind();
}

const kindName = (k) => ($('kind').querySelector(`option[value="${k}"]`) || {}).textContent || 'variant';

// The level by technique of a variant puzzle (Sudoku Explainer's rating
// is for classic 9x9 only), worked out after the puzzle is on the grid.
async function rateVariant(g) {
  try {
    const r = await engine.level(g.puzzle);
    if (game === g) {
      g.rating = `${r.level} by technique (${r.technique})`;
      save();
      draw();
    }
  } catch (e) { /* the level is a nicety */ }
}

// `windows`: windoku's, from parse() (the engine's, on every size).
function variantGame(kind, puzzle, givens, solution, variant, windows) {
  return fresh(givens, solution, '', { kind, puzzle,
    variant: { size: variant.size, box: variant.box, regions: variant.regions,
      constraints: variant.constraints, cages: variant.cages, windows } });
}

// Windoku's windows of a variant puzzle (text line), as the engine places
// them; undefined for other rules.
async function windowsOf(v, puzzle) {
  return (v.constraints || []).includes('windoku') ? (await engine.parse(puzzle)).windows || [] : undefined;
}

// ---- puzzles made ahead -----------------------------------------------------
// While a puzzle is played, a second worker makes the next one of the same
// kind and level (and symmetry), so that New puzzle shows it at once; the
// levels that take a second or more to make (a hard or expert killer, a
// hard 16x16) keep the player waiting for the first one only. The engine's
// own worker stays free for hints and checks meanwhile. A puzzle made for
// other options is dropped, its worker stopped if it is still at it.
// (body's data-ahead says where the next one is: making, ready or none;
// data-made where the one on the grid came from: ahead or now.)
let maker = null; // the second worker, made when first needed
let ahead = null; // {key, made: promise of a puzzle (or null), pending}
const aheadKey = (kind, level) => JSON.stringify([kind, makeOptions(kind, level)]);

function makeAhead(kind, level) {
  if (!maker) maker = createWorker(new URL('./nonet/worker.js', import.meta.url));
  const a = { key: aheadKey(kind, level), pending: true };
  document.body.dataset.ahead = 'making';
  a.made = maker.generate({ ...makeOptions(kind, level), count: 1 }).then(([p]) => p, () => null)
    .then((p) => {
      a.pending = false;
      if (ahead === a) document.body.dataset.ahead = p ? 'ready' : 'none';
      return p;
    });
  ahead = a;
}

// A new puzzle made now: the generator gives up, by design, when the
// puzzles it draws are rarely of the level asked for ("rare for these
// rules, given up": hard disjoint groups did at 3 seeds of 40); each try
// draws another seed, so the page tries twice more before it says so.
async function generateNow(options) {
  for (let tries = 1; ; tries++) {
    try {
      return (await engine.generate({ ...options, count: 1 }))[0];
    } catch (e) {
      if (tries === 3 || !/given up/.test(e.message)) throw e;
    }
  }
}

// The puzzle made ahead for these options (waited for when still on its
// way), or null.
async function takeAhead(kind, level) {
  const a = ahead;
  ahead = null;
  document.body.dataset.ahead = 'none';
  if (!a) return null;
  if (a.key === aheadKey(kind, level)) return a.made;
  if (a.pending) { /* other options: stop the worker making it */
    maker.terminate();
    maker = null;
  }
  return null;
}

async function newVariant(kind) {
  const name = kindName(kind);
  const level = $('level').value;
  say(`Making a new ${level} ${name} puzzle…`);
  try {
    const made = await takeAhead(kind, level);
    const p = made || (await generateNow(makeOptions(kind, level)));
    document.body.dataset.made = made ? 'ahead' : 'now';
    const g = variantGame(kind, p.puzzle, gridText(p.variant.cells), p.solution, p.variant,
      await windowsOf(p.variant, p.puzzle));
    start(g);
    say(`A new ${name} puzzle: ${p.clues} givens${p.cages ? `, ${p.cages} cages` : ''}, one solution, ${level}.`);
    rateVariant(g);
    makeAhead(kind, level);
  } catch (e) {
    say(`No new puzzle: ${e.message}. The game in progress is kept.`, 'error');
  }
}

async function newPuzzle() {
  if (busy) {
    again = true;
    return;
  }
  busy = true;
  const kind = $('kind').value;
  if (rulesOf(kind)) {
    try {
      await newVariant(kind);
    } finally {
      busy = false;
    }
    if (again) { again = false; newPuzzle(); }
    return;
  }
  const level = $('level').value;
  say(`Making a new ${level} puzzle…`);
  try {
    const made = await takeAhead(kind, level);
    const p = made || (await generateNow(makeOptions(kind, level)));
    document.body.dataset.made = made ? 'ahead' : 'now';
    start(fresh(p.puzzle, p.solution, ratingText(p)));
    say(`A new ${level} puzzle: ${p.clues} givens, one solution.`);
    makeAhead(kind, level);
  } catch (e) {
    say(`No new puzzle: ${e.message}. The game in progress is kept.`, 'error');
  } finally {
    busy = false;
  }
  if (again) { again = false; newPuzzle(); }
}

// How long loading a puzzle may search for its solution.
const LOAD_SECONDS = 30;

// Plays a puzzle given as text (any format nonet reads): it must have
// exactly one solution; otherwise the game in progress stays.
async function loadPuzzle(text, from) {
  let cells, variant = null;
  try {
    const r = await engine.parse(text);
    if (r.conflicts.length) throw new Error(r.conflicts[0].message);
    cells = r.cells;
    if (r.variant) variant = r;
  } catch (e) {
    say(`That is not a puzzle nonet can play: ${e.message}. The game in progress is kept.`, 'error');
    return false;
  }
  let solution;
  try {
    // (a variant that takes minutes, an empty 25x25 windoku say, is
    // turned down; the hardest known 25x25 take seconds)
    solution = await engine.solve(variant ? variant.puzzle : cells, { timeout: LOAD_SECONDS });
  } catch (e) {
    const why = e.message === 'multiple solutions'
      ? 'it has more than one solution'
      : e.message === 'no solution' ? 'it has no solution'
        : e.message.startsWith('no answer within')
          ? `nonet found no solution within ${LOAD_SECONDS} s` : e.message;
    say(`That puzzle cannot be played: ${why}. The game in progress is kept.`, 'error');
    return false;
  }
  if (variant) {
    const g = variantGame('', variant.puzzle, cells, solution, variant.variant, variant.windows);
    showGameKind(g);
    start(g);
    say(`Puzzle ${from}: one solution. Have fun.`);
    rateVariant(g);
    return true;
  }
  const g = fresh(cells, solution, '');
  showGameKind(g);
  start(g);
  say(`Puzzle ${from}: one solution. Have fun.`);
  try {
    const r = await engine.rate(cells);
    if (game === g) {
      g.rating = `ER ${r.er.toFixed(1)} · ${r.level}`;
      save();
      draw();
    }
  } catch (e) { /* the rating is a nicety */ }
  return true;
}

// The puzzle in the address (after '#'), decoded; null when its
// %-escapes are broken (a link cut short in the middle of one).
function hashText() {
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch (e) {
    return null;
  }
}

// What the page says of a link whose %-escapes are broken.
const BAD_LINK = 'That is not a puzzle nonet can play: the link is damaged (a %-escape is cut short).';

function start(g) {
  game = g;
  buildBoard();
  preview = null;
  hintState = { grid: '', stage: 0, step: null };
  $('steps').hidden = true;
  $('steps').textContent = '';
  clearMarksOf('wrong');
  clearHint();
  selected = game.cells.indexOf(0) >= 0 ? game.cells.indexOf(0) : 0;
  const h = hashText();
  if ((h === null || h.length === 81 || /size=/.test(h)) && h !== (game.variant ? game.puzzle : game.givens))
    history.replaceState(null, '', location.pathname + location.search);
  save();
  draw();
}

// ---- help: hints, checks, explanations ------------------------------------------

function clearHint() {
  for (const el of cellEls) el.classList.remove('hint0', 'hint1', 'target');
}

function cellIndex(rc) {
  return (rc[0] - 1) * N + (rc[1] - 1);
}

function showPattern(step, targets) {
  clearHint();
  for (const c of step.cells || []) cellEls[cellIndex(c)].classList.add(c[2] ? 'hint1' : 'hint0');
  if (targets) {
    for (const c of step.placements) cellEls[cellIndex(c)].classList.add('target');
    for (const c of step.eliminations) cellEls[cellIndex(c)].classList.add('target');
  }
}

// A hint teaches in three steps, as `nonet hint --level` does: where to
// look (nudge), the pattern (its cells highlighted), the whole step.
async function hint() {
  if (!game || game.solved) return;
  const grid = gridText(game.cells);
  if (hintState.grid !== grid) hintState = { grid, stage: 0, step: null };
  try {
    if (!hintState.step) {
      const s = await engine.hint(game.variant ? game.puzzle : game.givens, { grid, level: 'full' });
      if (s.solved) {
        say('The grid is full.');
        return;
      }
      hintState.step = s;
    }
  } catch (e) {
    const why = /no solution|some digit is wrong/.test(e.message)
      ? 'a digit on the grid is wrong (Check shows which)' : e.message;
    say(`No hint: ${why}.`, 'error');
    return;
  }
  const s = hintState.step;
  hintState.stage = Math.min(hintState.stage + 1, 3);
  if (hintState.stage === 1) {
    clearHint();
    say(`Hint: ${s.nudge}`);
  } else if (hintState.stage === 2) {
    showPattern(s, false);
    say(`Hint: ${s.pattern}`);
  } else {
    showPattern(s, true);
    say(`Hint: ${s.text}\n${s.words}`);
  }
}

function check() {
  if (!game || !game.solution) return;
  clearMarksOf('wrong');
  let wrong = 0, empty = 0;
  for (let i = 0; i < NN; i++) {
    if (isGiven(i)) continue;
    if (!game.cells[i]) empty++;
    else if (game.cells[i] !== symValue(game.solution[i])) {
      cellEls[i].classList.add('wrong');
      wrong++;
    }
  }
  if (wrong) say(`${wrong} digit${wrong > 1 ? 's are' : ' is'} wrong (struck through).`, 'error');
  else if (empty) say(`No mistakes so far; ${empty} cell${empty > 1 ? 's' : ''} to go.`);
  else checkSolved();
}

async function explain() {
  if (!game) return;
  const list = $('steps');
  if (!list.hidden) {
    list.hidden = true;
    endPreview();
    draw();
    return;
  }
  say('Working out the whole explanation…');
  try {
    const r = await engine.explain(game.variant ? game.puzzle : game.givens);
    list.textContent = '';
    // each step a button: it shows the step's cells on the grid
    r.steps.forEach((s, k) => {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'step';
      b.textContent = s.text;
      b.title = s.words;
      b.addEventListener('click', () => showStep(r.steps, k));
      li.appendChild(b);
      list.appendChild(li);
    });
    list.hidden = false;
    say(`The whole path: ${r.steps.length} steps, ${r.level} (hardest: ${r.technique}). ` +
      'Choose a step to see its cells.');
  } catch (e) {
    say(`No explanation: ${e.message}.`, 'error');
  }
}

// ---- printing ----------------------------------------------------------------

function openPrint(html) {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const w = window.open(url, '_blank');
  if (w) w.addEventListener('load', () => w.print());
  else say('Allow pop-ups to print.', 'error');
}

async function print() {
  if (!game) return;
  try {
    openPrint(await engine.renderHTML([game.variant ? game.puzzle : game.givens],
      { perPage: 1, title: game.variant ? kindName(game.kind) : 'Sudoku' }));
  } catch (e) {
    say(`Cannot print: ${e.message}.`, 'error');
  }
}

async function printBook() {
  const n = Math.max(1, Math.min(100, +$('book-count').value || 12));
  const kind = $('kind').value;
  if (rulesOf(kind)) {
    const name = kindName(kind);
    const level = $('level').value;
    say(`Making a book of ${n} ${level} ${name} puzzles…`);
    try {
      const ps = await engine.generate({ ...makeOptions(kind, level), count: n });
      openPrint(await engine.renderHTML(ps.map((p) => p.puzzle), { perPage: 4, solutions: true,
        title: `${name} · ${level}` }));
      say(`A book of ${n} ${level} ${name} puzzles, with the solutions at the end.`);
    } catch (e) {
      say(`No book: ${e.message}.`, 'error');
    }
    return;
  }
  const level = $('level').value;
  say(`Making a book of ${n} ${level} puzzles…`);
  try {
    const ps = await engine.generate({ ...makeOptions(kind, level), count: n });
    const lines = ps.map((p) => `${p.puzzle}\t${p.er.toFixed(1)}`);
    openPrint(await engine.renderHTML(lines, { perPage: 4, solutions: true,
      title: `Sudoku · ${level}` }));
    say(`A book of ${n} ${level} puzzles, with the solutions at the end.`);
  } catch (e) {
    say(`No book: ${e.message}.`, 'error');
  }
}

// The symmetry is for classic puzzles: hidden for a variant. The levels a
// variant kind does not reach are disabled; a level chosen before that the
// kind lacks becomes the hardest one it has below it (or its easiest).
function showKind() {
  const kind = $('kind').value;
  $('classic-only').hidden = !!rulesOf(kind);
  const sel = $('level');
  const allowed = rulesOf(kind) ? levelsOf(kind) : null;
  for (const o of sel.options) o.disabled = !!allowed && !allowed.includes(o.value);
  if (allowed && !allowed.includes(sel.value)) {
    const order = [...sel.options].map((o) => o.value);
    const below = allowed.filter((l) => order.indexOf(l) < order.indexOf(sel.value));
    sel.value = below.length ? below[below.length - 1] : allowed[0];
  }
}

// ---- input -------------------------------------------------------------------

function togglePencil() {
  pencil = !pencil;
  $('pencil').setAttribute('aria-pressed', String(pencil));
}

document.addEventListener('keydown', (e) => {
  const t = e.target;
  if (t && (t.tagName === 'TEXTAREA' || t.tagName === 'INPUT' || t.tagName === 'SELECT')) return;
  if ((e.ctrlKey || e.metaKey) && !e.altKey) {
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) { undo(); e.preventDefault(); }
    else if (k === 'y' || (k === 'z' && e.shiftKey)) { redo(); e.preventDefault(); }
    return;
  }
  // keys work wherever the focus is, but in the form fields: a keyboard
  // user who pressed Check goes on typing into the selected cell
  // digits by their keys (1-9), and above 9 by letters (A for 10 ...)
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code || '');
  const letter = N > 9 && !e.altKey && /^Key[A-P]$/.test(e.code || '') ? symValue(e.code[3]) : 0;
  if ((m && +m[1] <= N) || (letter && letter <= N)) {
    const d = m ? +m[1] : letter;
    if (e.shiftKey && !pencil) {
      togglePencil();
      write(d);
      togglePencil();
    } else {
      write(d);
    }
    e.preventDefault();
    return;
  }
  const moves = { ArrowUp: -N, ArrowDown: N, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    let i = selected;
    if (e.key === 'ArrowLeft' && col(i) === 0) i += N - 1;
    else if (e.key === 'ArrowRight' && col(i) === N - 1) i -= N - 1;
    else i = (i + moves[e.key] + NN) % NN;
    select(i, board.contains(t) || t === document.body);
    e.preventDefault();
  } else if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0') {
    erase();
    e.preventDefault();
  } else if (e.key === 'p' || e.key === 'P') {
    togglePencil();
  } else if (e.key === 'h' || e.key === 'H') {
    hint();
  }
});

$('pencil').addEventListener('click', togglePencil);
$('erase').addEventListener('click', erase);
$('marks').addEventListener('click', fillMarks);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('hint').addEventListener('click', hint);
$('check').addEventListener('click', check);
$('explain').addEventListener('click', explain);
$('print').addEventListener('click', print);
$('book').addEventListener('click', printBook);
$('new').addEventListener('click', newPuzzle);
// a kind chosen while a puzzle is being made: the next puzzle is of it
$('kind').addEventListener('change', () => {
  showKind();
  newPuzzle();
});
$('load').addEventListener('click', () => loadPuzzle($('paste').value, 'entered'));
window.addEventListener('hashchange', () => {
  const h = hashText();
  if (h === null) say(`${BAD_LINK} The game in progress is kept.`, 'error');
  else if (h && (!game || h !== (game.variant ? game.puzzle : game.givens))) loadPuzzle(h, 'from the link');
});
document.addEventListener('visibilitychange', save);

// ---- start -------------------------------------------------------------------

buildBoard();
if ('serviceWorker' in navigator && location.protocol !== 'file:')
  navigator.serviceWorker.register('./sw.js').catch(() => {});
(async () => {
  await engine.ready;
  const saved = restore();
  const h = hashText();
  // a link that cannot be played: its message stays, with the saved game
  // or a new one
  let link = h === null ? BAD_LINK : '';
  if (h && (!saved || (saved.variant ? saved.puzzle : saved.givens) !== h)) {
    if (await loadPuzzle(h, 'from the link')) return;
    link = $('status').textContent.replace(/ The game in progress is kept\.$/, '');
  }
  if (h === null) history.replaceState(null, '', location.pathname + location.search);
  if (saved) {
    // a windoku saved before the page kept its windows: the engine's
    if (saved.variant && (saved.variant.constraints || []).includes('windoku') && !saved.variant.windows) {
      try {
        saved.variant.windows = await windowsOf(saved.variant, saved.puzzle);
      } catch (e) { /* drawn without them */ }
    }
    game = saved;
    buildBoard();
    showGameKind(game);
    selected = Math.max(0, game.cells.indexOf(0));
    draw();
    if (link) say(`${link} Your game is back where you left it.`, 'error');
    else say(game.solved ? 'Solved!' : 'Your game is back where you left it.', game.solved ? 'solved' : '');
    makeAhead($('kind').value, $('level').value);
    return;
  }
  await newPuzzle();
  if (link && game) say(`${link} A new puzzle is on the grid.`, 'error');
})();
