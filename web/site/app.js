// app.js: the play page. The engine (nonet, WebAssembly) runs in a Web
// Worker through the package's client, so the page never freezes; this
// file keeps the game: the givens, the digits and pencil marks the player
// wrote, undo and redo, the timer, hints, checks, and saves it all in
// localStorage after every move.
import { createWorker } from './nonet/client.js';

const $ = (id) => document.getElementById(id);
const engine = createWorker(new URL('./nonet/worker.js', import.meta.url));
const STORE = 'nonet-game';
const EMPTY = '.'.repeat(81);

// ---- the game --------------------------------------------------------------

let game = null; // {givens, solution, cells[81], marks[81], undo[], redo[], elapsed, solved, rating}
let selected = 40;
let pencil = false;
let hintState = { grid: '', stage: 0, step: null };
// a step of the explanation being shown: the digits placed before it
// (cell -> digit), drawn lightly in the cells the player has not filled
let preview = null;

function fresh(givens, solution, rating) {
  const cells = [];
  for (let i = 0; i < 81; i++) cells.push(givens[i] === '.' ? 0 : +givens[i]);
  return { givens, solution, cells, marks: new Array(81).fill(0), undo: [], redo: [],
    elapsed: 0, solved: false, rating: rating || '' };
}

function gridText(cells) {
  return cells.map((v) => (v ? String(v) : '.')).join('');
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
    if (g && typeof g.givens === 'string' && g.givens.length === 81 &&
        Array.isArray(g.cells) && g.cells.length === 81) {
      g.marks = Array.isArray(g.marks) && g.marks.length === 81 ? g.marks : new Array(81).fill(0);
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
      // the digit leaves the pencil marks of the cell's row, column and box
      for (let j = 0; j < 81; j++)
        if (sees(i, j)) game.marks[j] &= ~(1 << (d - 1));
      game.marks[i] = 0;
      return true;
    });
  }
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

const row = (i) => Math.floor(i / 9);
const col = (i) => i % 9;
const box = (i) => Math.floor(row(i) / 3) * 3 + Math.floor(col(i) / 3);
const sees = (a, b) => a !== b && (row(a) === row(b) || col(a) === col(b) || box(a) === box(b));

function conflicts() {
  const bad = new Set();
  for (let a = 0; a < 81; a++)
    for (let b = a + 1; b < 81; b++)
      if (game.cells[a] && game.cells[a] === game.cells[b] && sees(a, b)) {
        bad.add(a);
        bad.add(b);
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

function buildBoard() {
  for (let r = 0; r < 9; r++) {
    const rowEl = document.createElement('div');
    rowEl.setAttribute('role', 'row');
    for (let c = 0; c < 9; c++) {
      const i = r * 9 + c;
      const el = document.createElement('div');
      el.setAttribute('role', 'gridcell');
      el.className = `r${r + 1} c${c + 1}`;
      el.tabIndex = -1;
      el.addEventListener('click', () => select(i, true));
      rowEl.appendChild(el);
      cellEls.push(el);
    }
    board.appendChild(rowEl);
  }
}

function marksText(m) {
  let s = '';
  for (let d = 1; d <= 9; d++) {
    s += m & (1 << (d - 1)) ? String(d) : ' ';
    if (d % 3 === 0 && d < 9) s += '\n';
  }
  return s;
}

function draw() {
  if (!game) return;
  const bad = conflicts();
  const sel = selected;
  const selDigit = game.cells[sel];
  for (let i = 0; i < 81; i++) {
    const el = cellEls[i];
    const v = game.cells[i];
    const shown = !v && preview && preview.has(i) ? preview.get(i) : 0;
    el.textContent = v ? String(v) : shown ? String(shown) : '';
    el.classList.toggle('preview', !!shown);
    const given = isGiven(i);
    el.classList.toggle('given', given);
    el.classList.toggle('conflict', bad.has(i));
    el.classList.toggle('house', i !== sel && (row(i) === row(sel) || col(i) === col(sel) || box(i) === box(sel)));
    el.classList.toggle('same', i !== sel && !!selDigit && v === selDigit);
    el.setAttribute('aria-selected', i === sel ? 'true' : 'false');
    el.tabIndex = i === sel ? 0 : -1;
    let label = `r${row(i) + 1}c${col(i) + 1}, row ${row(i) + 1}, column ${col(i) + 1}`;
    if (given) label += ', given';
    else if (shown) label += ', placed before this step of the explanation';
    else if (!v && game.marks[i]) {
      const ds = [];
      for (let d = 1; d <= 9; d++) if (game.marks[i] & (1 << (d - 1))) ds.push(d);
      label += `, pencil marks ${ds.join(' ')}`;
    }
    el.setAttribute('aria-label', label);
    if (!v && !shown && game.marks[i]) el.dataset.marks = marksText(game.marks[i]);
    else delete el.dataset.marks;
  }
  $('undo').disabled = !game.undo.length;
  $('redo').disabled = !game.redo.length;
  $('rating').textContent = game.rating;
  $('share').href = `#${game.givens}`;
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
    for (const [r, c, d] of s.placements) preview.set((r - 1) * 9 + (c - 1), d);
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

function ratingText(p) {
  return p.er ? `ER ${p.er.toFixed(1)} · ${p.level}` : '';
}

async function newPuzzle() {
  if (busy) return;
  busy = true;
  const level = $('level').value;
  say(`Making a new ${level} puzzle…`);
  try {
    const [p] = await engine.generate({ level, symmetry: $('symmetry').value, count: 1 });
    start(fresh(p.puzzle, p.solution, ratingText(p)));
    say(`A new ${level} puzzle: ${p.clues} givens, one solution.`);
  } catch (e) {
    say(`No new puzzle: ${e.message}. The game in progress is kept.`, 'error');
  } finally {
    busy = false;
  }
}

// Plays a puzzle given as text (any format nonet reads): it must have
// exactly one solution; otherwise the game in progress stays.
async function loadPuzzle(text, from) {
  let cells;
  try {
    const r = await engine.parse(text);
    if (r.conflicts.length) throw new Error(r.conflicts[0].message);
    cells = r.cells;
  } catch (e) {
    say(`That is not a puzzle nonet can play: ${e.message}. The game in progress is kept.`, 'error');
    return false;
  }
  let solution;
  try {
    solution = await engine.solve(cells);
  } catch (e) {
    const why = e.message === 'multiple solutions'
      ? 'it has more than one solution'
      : e.message === 'no solution' ? 'it has no solution' : e.message;
    say(`That puzzle cannot be played: ${why}. The game in progress is kept.`, 'error');
    return false;
  }
  const g = fresh(cells, solution, '');
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

function start(g) {
  game = g;
  preview = null;
  hintState = { grid: '', stage: 0, step: null };
  $('steps').hidden = true;
  $('steps').textContent = '';
  clearMarksOf('wrong');
  clearHint();
  selected = game.cells.indexOf(0) >= 0 ? game.cells.indexOf(0) : 0;
  if (location.hash.length === 82 && location.hash.slice(1) !== game.givens)
    history.replaceState(null, '', location.pathname + location.search);
  save();
  draw();
}

// ---- help: hints, checks, explanations ------------------------------------------

function clearHint() {
  for (const el of cellEls) el.classList.remove('hint0', 'hint1', 'target');
}

function cellIndex(rc) {
  return (rc[0] - 1) * 9 + (rc[1] - 1);
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
      const s = await engine.hint(game.givens, { grid, level: 'full' });
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
  for (let i = 0; i < 81; i++) {
    if (isGiven(i)) continue;
    if (!game.cells[i]) empty++;
    else if (game.cells[i] !== +game.solution[i]) {
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
    const r = await engine.explain(game.givens);
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
    openPrint(await engine.renderHTML([game.givens], { perPage: 1, title: 'Sudoku' }));
  } catch (e) {
    say(`Cannot print: ${e.message}.`, 'error');
  }
}

async function printBook() {
  const n = Math.max(1, Math.min(100, +$('book-count').value || 12));
  const level = $('level').value;
  say(`Making a book of ${n} ${level} puzzles…`);
  try {
    const ps = await engine.generate({ level, symmetry: $('symmetry').value, count: n });
    const lines = ps.map((p) => `${p.puzzle}\t${p.er.toFixed(1)}`);
    openPrint(await engine.renderHTML(lines, { perPage: 4, solutions: true,
      title: `Sudoku · ${level}` }));
    say(`A book of ${n} ${level} puzzles, with the solutions at the end.`);
  } catch (e) {
    say(`No book: ${e.message}.`, 'error');
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
  const m = /^(?:Digit|Numpad)([1-9])$/.exec(e.code || '');
  if (m) {
    const d = +m[1];
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
  const moves = { ArrowUp: -9, ArrowDown: 9, ArrowLeft: -1, ArrowRight: 1 };
  if (e.key in moves) {
    let i = selected;
    if (e.key === 'ArrowLeft' && col(i) === 0) i += 8;
    else if (e.key === 'ArrowRight' && col(i) === 8) i -= 8;
    else i = (i + moves[e.key] + 81) % 81;
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

for (const b of document.querySelectorAll('.digit'))
  b.addEventListener('click', () => { write(+b.dataset.digit); cellEls[selected].focus(); });
$('pencil').addEventListener('click', togglePencil);
$('erase').addEventListener('click', erase);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('hint').addEventListener('click', hint);
$('check').addEventListener('click', check);
$('explain').addEventListener('click', explain);
$('print').addEventListener('click', print);
$('book').addEventListener('click', printBook);
$('new').addEventListener('click', newPuzzle);
$('load').addEventListener('click', () => loadPuzzle($('paste').value, 'entered'));
window.addEventListener('hashchange', () => {
  const h = decodeURIComponent(location.hash.slice(1));
  if (h && (!game || h !== game.givens)) loadPuzzle(h, 'from the link');
});
document.addEventListener('visibilitychange', save);

// ---- start -------------------------------------------------------------------

buildBoard();
if ('serviceWorker' in navigator && location.protocol !== 'file:')
  navigator.serviceWorker.register('./sw.js').catch(() => {});
(async () => {
  await engine.ready;
  const saved = restore();
  const h = decodeURIComponent(location.hash.slice(1));
  if (h && (!saved || saved.givens !== h)) {
    if (await loadPuzzle(h, 'from the link')) return;
  }
  if (saved) {
    game = saved;
    selected = Math.max(0, game.cells.indexOf(0));
    draw();
    say(game.solved ? 'Solved!' : 'Your game is back where you left it.', game.solved ? 'solved' : '');
    return;
  }
  await newPuzzle();
})();
