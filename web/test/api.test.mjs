// api.test.mjs: the JavaScript package in Node (node --test). Every
// solution is checked against the rules by referee.mjs, every uniqueness
// claim by its own counter; messages must be the command's.
//   NONET_WEB=build/web node --test web/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { countSolutions, isMinimal, isSolution } from './referee.mjs';

const web = path.resolve(process.env.NONET_WEB || 'build/web');
const nonet = await import(path.join(web, 'nonet', 'index.js'));
const cli = process.env.NONET_CLI; // the command, to compare messages

const P = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const HARD = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
const TWO = '.' + P.slice(1).replace('8', '.'); // fewer givens: several solutions

test('version', () => {
  assert.match(nonet.version, /^\d+\.\d+\.\d+$/);
});

test('solve: the solution keeps the rules and the givens; formats', () => {
  const s = nonet.solve(P);
  assert.ok(isSolution(P, s));
  assert.equal(countSolutions(P, 2), 1);
  // the same puzzle as an array, as 9 rows, as a grid of text, as JSON
  const arr = [...P].map((c) => (c === '.' ? 0 : +c));
  assert.equal(nonet.solve(arr), s);
  const rows = [];
  for (let r = 0; r < 9; r++) rows.push(arr.slice(r * 9, r * 9 + 9));
  assert.equal(nonet.solve(rows), s);
  const grid = rows.map((r) => r.map((v) => v || '.').join(' ')).join('\n');
  assert.equal(nonet.solve(grid), s);
  assert.equal(nonet.solve(JSON.stringify(rows)), s);
  assert.equal(nonet.solve(new Uint8Array(arr)), s);
});

test('solve: errors in words, the same as the command', () => {
  assert.throws(() => nonet.solve(TWO), { message: 'multiple solutions' });
  assert.equal(countSolutions(TWO, 2), 2);
  const none = '11' + P.slice(2);
  assert.throws(() => nonet.solve(none), { message: 'row 1 has two 1s (r1c1, r1c2)' });
  assert.throws(() => nonet.solve(P.slice(0, 80)), { message: 'too few cells: 80 of 81' });
  assert.throws(() => nonet.solve('hello'), /is not a cell/);
  if (cli) {
    // the command names the same problems
    for (const [bad, msg] of [[P.slice(0, 80), 'too few cells: 80 of 81'],
      [none, 'row 1 has two 1s (r1c1, r1c2)']]) {
      let err = '';
      try {
        execFileSync(cli, ['solve', '-'], { input: bad + '\n', stdio: ['pipe', 'pipe', 'pipe'] });
      } catch (e) { err = e.stderr.toString(); }
      assert.ok(err.includes(msg), `${err} has ${msg}`);
    }
  }
  const first = nonet.solve(TWO, { first: true });
  assert.ok(isSolution(TWO, first));
});

test('solveArray: numbers in, numbers out, the answers and errors of solve', () => {
  const s = nonet.solve(P);
  const arr = [...P].map((c) => (c === '.' ? 0 : +c));
  const got = nonet.solveArray(new Uint8Array(arr));
  assert.ok(got instanceof Uint8Array);
  assert.equal(got.join(''), s);
  assert.ok(isSolution(P, got.join('')));
  // any array-like; null and undefined are empty; `into` is filled and returned
  const holes = arr.map((v) => (v === 0 ? (Math.random() < 0.5 ? null : undefined) : v));
  const into = new Array(81).fill(-1);
  assert.equal(nonet.solveArray(holes, { into }), into);
  assert.equal(into.join(''), s);
  const into32 = new Int32Array(81);
  assert.equal(nonet.solveArray(Int32Array.from(arr), { into: into32 }), into32);
  assert.equal(into32.join(''), s);
  // the errors of solve, in the same words
  const two = [...TWO].map((c) => (c === '.' ? 0 : +c));
  assert.throws(() => nonet.solveArray(two), { message: 'multiple solutions' });
  assert.ok(isSolution(TWO, nonet.solveArray(two, { first: true }).join('')));
  const none = [1, 1, ...arr.slice(2)];
  assert.throws(() => nonet.solveArray(none), { message: 'row 1 has two 1s (r1c1, r1c2)' });
  const wrong = [...wrongDigit(P)].map((c) => (c === '.' ? 0 : +c));
  assert.throws(() => nonet.solveArray(wrong), { message: 'no solution' });
  assert.throws(() => nonet.solveArray(arr.slice(0, 80)), { message: 'too few cells: 80 of 81' });
  assert.throws(() => nonet.solveArray([...arr, 0]), { message: 'too many cells: 82 of 81' });
  const big = Uint8Array.from(arr);
  big[12] = 12;
  assert.throws(() => nonet.solveArray(big), { message: 'r2c4 holds 12: a cell holds 0 (empty) to 9' });
  const half = arr.slice();
  half[80] = 1.5;
  assert.throws(() => nonet.solveArray(half), { message: 'r9c9 holds 1.5: a cell holds 0 (empty) to 9' });
  assert.throws(() => nonet.solveArray(P), TypeError);
  // a bad call leaves the next one right
  assert.equal(nonet.solveArray(arr).join(''), s);
});

// P with one digit that breaks no rule but is not the solution's: no
// solution, and no conflict to name
function wrongDigit(puzzle) {
  const s = nonet.solve(puzzle);
  const c = [...puzzle];
  for (let i = 0; i < 81; i++) {
    if (c[i] !== '.') continue;
    for (let d = 1; d <= 9; d++) {
      if (String(d) === s[i]) continue;
      c[i] = String(d);
      if (nonet.parse(c.join('')).conflicts.length === 0) return c.join('');
    }
    c[i] = '.';
  }
  throw new Error('no such digit');
}

test('solveMany: counts, solutions and errors of a batch, as the command', () => {
  const none = wrongDigit(P);
  assert.equal(countSolutions(none, 2), 0);
  const lines = [P, HARD, TWO, P.slice(0, 80), '11' + P.slice(2), none, 'x'.repeat(81)];
  const r = nonet.solveMany(lines.join('\n'));
  assert.equal(r.counts.length, lines.length);
  for (let k = 0; k < lines.length; k++) {
    const bad = r.errors.find((e) => e.record === k + 1);
    if (r.counts[k] < 0) {
      assert.ok(bad, `record ${k + 1} has an error`);
      assert.equal(bad.line, k + 1);
      continue;
    }
    assert.equal(bad, undefined);
    assert.equal(r.counts[k], countSolutions(lines[k], 2), `record ${k + 1}`);
    if (r.counts[k] > 0) assert.ok(isSolution(lines[k], r.solutions[k]));
    else assert.equal(r.solutions[k], null);
  }
  // conflicting givens: no solution, as `nonet count` says; solve names them
  assert.deepEqual([...r.counts], [1, 1, 2, -1, 0, 0, -1]);
  assert.deepEqual(r.errors.map((e) => e.message),
    ['too few cells: 80 of 81', 'character \'x\' at column 1 is not a cell']);
  assert.equal(nonet.count('11' + P.slice(2)), 0);
  assert.throws(() => nonet.solve(none), { message: 'no solution' });
  // an array of puzzles in any form, and the same answers one by one
  const arr = nonet.solveMany([P, [...HARD].map((ch) => (ch === '.' ? 0 : +ch))]);
  assert.deepEqual([...arr.counts], [1, 1]);
  assert.deepEqual(arr.solutions, [nonet.solve(P), nonet.solve(HARD)]);
  if (cli) {
    // the command counts the same and names the same lines
    let out = '', err = '';
    try {
      out = execFileSync(cli, ['count', '--limit', '2', '-'],
        { input: lines.join('\n') + '\n', stdio: ['pipe', 'pipe', 'pipe'] }).toString();
    } catch (e) {
      out = e.stdout.toString();
      err = e.stderr.toString();
    }
    // one line a record: the count, or "invalid" in place of a record in error
    const counts = out.trim().split('\n').map((l) => (l === 'invalid' ? -1 : +l));
    assert.deepEqual(counts, [...r.counts]);
    for (const e of r.errors) assert.ok(err.includes(`:${e.line}: ${e.message}`), `${err} names line ${e.line}`);
  }
});

// The solver in the wasm is the portable one of the command with a wasm
// SIMD load (src/solver/fast_wasm.c): the same counts as the command, the
// same unique solutions, and the same first solution as the command's
// portable solver (NONET_PORTABLE=1) even where there are several.
test('the solver: counts and first solutions, the command\'s, on hundreds of puzzles', { skip: !cli && 'NONET_CLI not set' }, () => {
  const made = execFileSync(cli, ['generate', '-n', '120', '--seed', '13']).toString()
    .trim().split('\n').map((l) => l.slice(0, 81));
  const puzzles = [...made];
  // several solutions (givens taken away), none (a wrong given), conflicts
  made.forEach((p, k) => {
    let q = [...p];
    const given = q.flatMap((c, i) => (c === '.' ? [] : [i]));
    for (let j = 0; j < 1 + (k % 5); j++) q[given[(7 * j + k) % given.length]] = '.';
    puzzles.push(q.join(''));
    if (k % 4 === 0) puzzles.push(wrongDigit(p));
    if (k % 8 === 0) puzzles.push(p[0] === '.' ? p[9 * (1 + (k % 8))] + p.slice(1) : p);
  });
  // the data lists' first puzzles, when they are there
  const data = process.env.NONET_DATA_DIR || path.join(path.dirname(new URL(import.meta.url).pathname), '../../../shared/data');
  for (const f of ['17clue.txt', 'hardest1106.txt', 'top1465.txt']) {
    let text = '';
    try { text = fs.readFileSync(path.join(data, f), 'utf8'); } catch { continue; }
    puzzles.push(...text.split('\n').filter((l) => l.length >= 81 && l[0] !== '#').slice(0, 150).map((l) => l.slice(0, 81)));
  }
  const run = (args, env = {}) => {
    let out;
    try {
      out = execFileSync(cli, args, { input: puzzles.join('\n') + '\n', maxBuffer: 1 << 26,
        env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) { out = e.stdout; }
    return out.toString().trim().split('\n');
  };
  const counts = run(['count', '--limit', '10']).map(Number);
  const unique = run(['solve']);
  const first = run(['solve', '--first'], { NONET_PORTABLE: '1' });
  assert.equal(counts.length, puzzles.length);
  const seen = [0, 0, 0];
  puzzles.forEach((p, k) => {
    assert.equal(nonet.count(p, { limit: 10 }), counts[k], `count of ${p}`);
    seen[Math.min(counts[k], 2)]++;
    let f;
    try { f = nonet.solve(p, { first: true }); } catch (e) { f = counts[k] ? e.message : 'none'; }
    if (counts[k] === 0) {
      assert.equal(f, 'none', p);
      assert.throws(() => nonet.solveArray(Uint8Array.from([...p], (c) => (c === '.' ? 0 : +c)), { first: true }));
      assert.ok(first[k] === 'no solution' || first[k] === 'invalid', `${first[k]}: ${p}`);
      return;
    }
    assert.ok(isSolution(p, f), `first solution of ${p}`);
    assert.equal(f, first[k], `first solution of ${p}, as the portable solver's`);
    const cells = Uint8Array.from([...p], (c) => (c === '.' ? 0 : +c));
    assert.equal(nonet.solveArray(cells, { first: true }).join(''), f, `solveArray of ${p}`);
    if (counts[k] === 1) assert.equal(nonet.solve(p), unique[k], p);
  });
  // solveMany: the same counts to 2
  assert.deepEqual([...nonet.solveMany(puzzles.join('\n')).counts], counts.map((n) => Math.min(n, 2)));
  assert.ok(seen.every((n) => n >= 20), `none, one, several: ${seen}`);
});

test('count and check', () => {
  assert.equal(nonet.count(P), 1);
  assert.equal(nonet.count(TWO, { limit: 2 }), 2);
  assert.equal(nonet.count('.'.repeat(81), { limit: 5 }), 5);
  assert.deepEqual(nonet.check(P), { verdict: 'unique', unique: true });
  assert.equal(nonet.check(TWO).verdict, 'multiple solutions');
  assert.equal(nonet.check('55' + '.'.repeat(79)).verdict,
    'invalid: row 1 has two 5s (r1c1, r1c2); box 1 has two 5s (r1c1, r1c2)');
  const m = nonet.check(P, { minimal: true });
  assert.equal(m.removable.length === 0, isMinimal(P));
});

test('candidates', () => {
  const c = nonet.candidates(P);
  assert.equal(c.length, 81);
  assert.deepEqual(c[0], []); // a given
  const s = nonet.solve(P);
  for (let i = 0; i < 81; i++) if (P[i] === '.') assert.ok(c[i].includes(+s[i]));
});

test('generate: unique, minimal, reproducible, every option', () => {
  const a = nonet.generate({ seed: 7, count: 5 });
  assert.equal(a.length, 5);
  for (const p of a) {
    assert.ok(isSolution(p.puzzle, p.solution));
    assert.equal(countSolutions(p.puzzle, 2), 1);
    assert.ok(isMinimal(p.puzzle));
  }
  assert.deepEqual(nonet.generate({ seed: 7, count: 5 }), a);
  if (cli) {
    const lines = execFileSync(cli, ['generate', '-n', '5', '--seed', '7']).toString().trim().split('\n');
    assert.deepEqual(lines, a.map((p) => p.puzzle));
  }
  const sym = nonet.generate({ seed: 3, symmetry: 'rot180', count: 3 });
  for (const p of sym)
    for (let i = 0; i < 81; i++) assert.equal(p.puzzle[i] === '.', p.puzzle[80 - i] === '.');
  const hard = nonet.generate({ seed: 4, level: 'hard' })[0];
  assert.ok(hard.er >= 3.0 && hard.er <= 4.9, `er ${hard.er}`);
  assert.equal(nonet.rate(hard.puzzle).er, hard.er);
  assert.equal(hard.level, 'Hard');
  assert.equal(nonet.rate(hard.puzzle).level, hard.level);
  assert.equal(a[0].level, undefined); // no band: no rating
  const few = nonet.generate({ seed: 5, maxClues: 22, count: 2 });
  for (const p of few) assert.ok(p.clues <= 22 && countSolutions(p.puzzle, 2) === 1);
  const r = nonet.generate({ seed: 6, rating: '2.0-2.9' })[0];
  assert.ok(r.er >= 2.0 && r.er <= 2.9);
  const unseeded = nonet.generate();
  assert.match(unseeded.seed, /^\d+$/);
  assert.throws(() => nonet.generate({ level: 'impossible' }),
    { message: 'unknown level \'impossible\' (easy, medium, hard, expert, extreme)' });
  assert.throws(() => nonet.generate({ clues: 12 }), /17 is the fewest possible/);
  assert.throws(() => nonet.generate({ rating: '5-3' }),
    { message: '--rating 5-3: the lower bound is above the upper bound' });
  assert.throws(() => nonet.generate({ colour: 'red' }), { message: 'unknown option \'colour\'' });
});

test('hint: levels, a game in progress, a wrong digit', () => {
  const h = nonet.hint(P, { level: 'nudge' });
  assert.equal(h.hint, h.nudge);
  assert.match(h.nudge, /^Look for a /);
  const s = nonet.solve(P);
  for (const [r, c, d] of h.placements) assert.equal(+s[(r - 1) * 9 + c - 1], d);
  for (const [r, c, d] of h.eliminations) assert.notEqual(+s[(r - 1) * 9 + c - 1], d);
  assert.equal(nonet.hint(P, { level: 'full' }).hint, `${h.text}\n  ${h.words}`);
  if (cli) {
    const out = execFileSync(cli, ['hint', '--level', 'full', P]).toString();
    assert.equal(out, `${h.text}\n  ${h.words}\n`);
  }
  // a game in progress: the first 20 empty cells filled from the solution
  const g = [...P];
  let k = 0;
  for (let i = 0; i < 81 && k < 20; i++) if (g[i] === '.') { g[i] = s[i]; k++; }
  const h2 = nonet.hint(P, { grid: g.join('') });
  for (const [r, c, d] of h2.placements) {
    const i = (r - 1) * 9 + c - 1;
    assert.equal(g[i], '.');
    assert.equal(+s[i], d);
  }
  assert.deepEqual(nonet.hint(P, { grid: s }), { solved: true });
  const bad = [...g];
  const i = bad.indexOf('.');
  bad[i] = String((+s[i] % 9) + 1);
  assert.throws(() => nonet.hint(P, { grid: bad.join('') }),
    /no solution|row|column|box/);
  assert.throws(() => nonet.hint(P, { level: 'shout' }), /unknown level/);
});

test('explain: the path is the command\'s, every step sound', () => {
  const x = nonet.explain(HARD);
  assert.equal(x.solved, true);
  assert.equal(x.puzzle, HARD);
  const s = nonet.solve(HARD);
  for (const st of x.steps) {
    for (const [r, c, d] of st.placements) assert.equal(+s[(r - 1) * 9 + c - 1], d);
    for (const [r, c, d] of st.eliminations) assert.notEqual(+s[(r - 1) * 9 + c - 1], d);
  }
  if (cli) {
    const line = JSON.parse(execFileSync(cli, ['explain', '--format', 'jsonl', HARD]).toString());
    assert.deepEqual(x.steps.map((t) => t.text), line.steps.map((t) => t.text));
    assert.deepEqual(x.steps.map((t) => t.eliminations), line.steps.map((t) => t.eliminations));
  }
  const only = nonet.explain(P, { techniques: ['naked-single', 'hidden-single', 'trial'] });
  assert.ok(only.steps.every((t) => /Single|Trial/.test(t.technique)));
  assert.throws(() => nonet.explain(P, { techniques: 'x-wnig' }),
    { message: 'unknown technique \'x-wnig\' (see --list-techniques)' });
});

test('rate: Sudoku Explainer\'s scale, as the command', () => {
  const r = nonet.rate(HARD);
  assert.equal(r.er, 9.0);
  assert.equal(r.level, 'Extreme');
  if (cli) {
    const cols = execFileSync(cli, ['rate', '--technique', HARD]).toString().trim().split('\t');
    assert.deepEqual(cols.slice(1), [r.er.toFixed(1), r.ep.toFixed(1), r.ed.toFixed(1), r.level, r.technique]);
  }
  assert.throws(() => nonet.rate(TWO), { message: 'multiple solutions' });
});

test('renderHTML: a printable book', () => {
  const html = nonet.renderHTML([P, HARD], { perPage: 2, solutions: true, title: 'Test' });
  assert.match(html, /^<!DOCTYPE html>/);
  assert.ok(html.includes('<title>Test</title>'));
  assert.ok(html.includes('class="page'));
  assert.throws(() => nonet.renderHTML([]), /no puzzles to render/);
});

// ---- variant puzzles --------------------------------------------------------
// Every answer is checked by vreferee.mjs, which reads the rules from the
// text line itself and knows them from docs/variants.md: solutions against
// rows, columns, boxes or regions, diagonals, windoku boxes, disjoint
// groups, relations and cage sums; uniqueness and minimality of 4x4 and
// 6x6 puzzles by its own backtracking count.

const V = await import('./vreferee.mjs');

// The symbols of a solution as numbers.
const values = (s, n) => V.cellsOf(s, n);

// Every kind of puzzle the generator makes, small enough to count.
const KINDS = [
  { size: 4, count: 3 },
  { size: 6, count: 3 },
  { size: 6, box: '3x2', count: 2 },
  { size: 5, jigsaw: true, count: 2 },
  { size: 6, jigsaw: true, count: 2 },
  { size: 4, constraints: ['diagonals'], count: 2 },
  { size: 6, constraints: 'disjoint', count: 2 },
  { size: 6, constraints: 'anti-king', count: 2 },
  { size: 6, constraints: ['nonconsecutive'], count: 2 },
  { size: 6, constraints: 'anti-knight,disjoint', count: 2 },
  { size: 6, constraints: 'diagonals', count: 2 },
  { size: 4, constraints: 'windoku', count: 2 },
  { size: 4, killer: true, cageSize: '2-4', count: 2 },
  { size: 6, killer: true, count: 2 },
  { size: 6, killerGivens: true, cageSize: '2-3', count: 2 },
  { size: 6, jigsaw: true, killer: true, count: 1 },
  { size: 6, symmetry: 'rot180', count: 2 },
  { size: 6, maxClues: 9, count: 2 },
  { size: 6, killerGivens: true, cageSize: '3-5', maxClues: 1, count: 1 },
];
// Bigger ones: solutions checked against the rules, not counted.
const BIG = [
  { size: 8 }, { size: 12 }, { size: 16 }, { jigsaw: true }, { constraints: 'diagonals' },
  { constraints: 'windoku' }, { constraints: 'anti-knight' }, { killer: true },
  { killerGivens: true }, { size: 9, jigsaw: true, constraints: 'anti-king', timeout: 60 },
];

// The rules of a generated puzzle, read by the referee from its text line;
// its JSON object must say the same.
function rulesOf(p) {
  const line = V.readLine(p.puzzle);
  const obj = V.readObject(p.variant);
  assert.ok(V.sameRules(line.rules, obj.rules), `${p.puzzle}: the line and the object agree`);
  assert.deepEqual(obj.cells, line.cells);
  return line;
}

test('variants: generated puzzles keep their rules, are unique and minimal (counted)', () => {
  for (const kind of KINDS) {
    const made = nonet.generate({ seed: 21, ...kind });
    assert.equal(made.length, kind.count);
    for (const p of made) {
      const what = `${JSON.stringify(kind)}: ${p.puzzle}`;
      const { rules, cells } = rulesOf(p);
      const n = rules.n;
      assert.equal(p.size, n);
      assert.equal(p.solution.length, n * n);
      assert.ok(V.isSolution(rules, cells, values(p.solution, n)), `${what} solution keeps the rules`);
      assert.equal(V.countSolutions(rules, cells, 2), 1, `${what} is unique`);
      assert.equal(p.unproven, 0);
      if (kind.killer) assert.equal(p.clues, 0, `${what} has no givens`);
      else if (kind.symmetry === 'rot180') // every symmetric pair needed
        assert.ok(V.isMinimal(rules, cells, (i) => [i, n * n - 1 - i]), `${what} is minimal`);
      else assert.ok(V.isMinimal(rules, cells), `${what} is minimal`);
      if (kind.killer || kind.killerGivens) assert.ok(p.cages > 0 && rules.cages.length === p.cages);
      if (kind.maxClues !== undefined) assert.ok(p.clues <= kind.maxClues, `${what}: at most ${kind.maxClues} givens`);
      if (kind.jigsaw) assert.equal(p.variant.regions.length, n * n);
      assert.equal(p.clues, cells.filter((v) => v).length);
      if (kind.symmetry === 'rot180')
        for (let i = 0; i < n * n; i++) assert.equal(!cells[i], !cells[n * n - 1 - i], what);
      // solved back from its text, its object, its JSON text
      assert.equal(nonet.solve(p.puzzle), p.solution);
      assert.equal(nonet.solve(p.variant), p.solution);
      assert.equal(nonet.solve(JSON.stringify(p.variant)), p.solution);
      assert.equal(nonet.count(p.puzzle), 1);
      // the givens that can go one at a time (symmetric puzzles need their
      // pairs, not each given): the referee's count says which
      const removable = [];
      for (let i = 0; i < n * n; i++) {
        if (!cells[i]) continue;
        const q = cells.slice();
        q[i] = 0;
        if (V.countSolutions(rules, q, 2) === 1) removable.push(`r${Math.floor(i / n) + 1}c${i % n + 1}`);
      }
      if (!kind.symmetry) assert.deepEqual(removable, []);
      assert.deepEqual(nonet.check(p.puzzle, { minimal: true }),
        { verdict: 'unique', unique: true, removable });
    }
  }
});

test('variants: clue bounds out of reach end the run, as the command says', () => {
  // a 4x4 needs 4 givens: a job gives up, long before the timeout
  assert.throws(() => nonet.generate({ size: 4, maxClues: 2, seed: 1, count: 2 }),
    /only 0 of 2 unique minimal 4x4 puzzles with at most 2 givens found: a job gave up after 10000 puzzles whose givens are not within the bounds/);
  assert.throws(() => nonet.generate({ size: 6, killer: true, clues: 3 }),
    /--killer puzzles have no givens: clue bounds need --killer-givens/);
});

test('variants: bigger generated puzzles keep their rules', () => {
  for (const kind of BIG) {
    const [p] = nonet.generate({ seed: 5, ...kind });
    const { rules, cells } = rulesOf(p);
    assert.ok(V.isSolution(rules, cells, values(p.solution, rules.n)), `${p.puzzle}`);
    assert.equal(nonet.solve(p.puzzle), p.solution);
    assert.equal(nonet.check(p.puzzle).verdict, 'unique');
    if (rules.n >= 10) assert.match(p.solution, /[A-P]/); // digits above 9 as letters
  }
});

test('variants: generate is reproducible by seed, as the command', () => {
  const a = nonet.generate({ size: 6, jigsaw: true, seed: 9, count: 3 });
  assert.deepEqual(nonet.generate({ size: 6, jigsaw: true, seed: 9, count: 3 }), a);
  assert.equal(a.seed, '9');
  const b = nonet.generate({ size: 6, jigsaw: true, seed: 10, count: 3 });
  assert.notDeepEqual(b.map((p) => p.puzzle), a.map((p) => p.puzzle));
  const k = nonet.generate({ size: 6, killer: true, seed: 4, count: 2 });
  assert.deepEqual(nonet.generate({ size: 6, killer: true, seed: 4, count: 2 }), k);
  const unseeded = nonet.generate({ size: 4 });
  assert.match(unseeded.seed, /^\d+$/);
  assert.deepEqual(nonet.generate({ size: 4, seed: unseeded.seed }), unseeded);
  if (cli) {
    for (const [opts, args] of [
      [{ size: 6, jigsaw: true, seed: 9, count: 3 }, ['--size', '6', '--jigsaw', '-n', '3', '--seed', '9']],
      [{ size: 6, killer: true, seed: 4, count: 2 }, ['--size', '6', '--killer', '-n', '2', '--seed', '4']],
      [{ constraints: ['diagonals', 'anti-king'], seed: 2, count: 2 },
        ['--constraints', 'diagonals,anti-king', '-n', '2', '--seed', '2']],
    ]) {
      const lines = execFileSync(cli, ['generate', ...args]).toString().trim().split('\n');
      assert.deepEqual(lines, nonet.generate(opts).map((p) => p.puzzle));
    }
  }
  // the plain 9x9 rules are the classic generator's, with all its options
  const classic = nonet.generate({ size: 9, seed: 7, count: 2 });
  assert.deepEqual(classic, nonet.generate({ seed: 7, count: 2 }));
  assert.equal(nonet.generate({ size: 9, level: 'easy', seed: 3 })[0].level, 'Easy');
});

test('variants: generate refuses what cannot be made, with the command\'s messages', () => {
  const cases = [
    [{ size: 3 }, '--size needs a size from 4 to 25, not \'3\''],
    [{ size: 7 }, /size 7 has no boxes/],
    [{ size: 6, level: 'impossible' },
      'unknown level \'impossible\' (easy, medium, hard, expert, extreme)'],
    [{ size: 6, rating: '2.0-3.0' },
      '--rating works on classic 9x9 puzzles only, not with --size, --box, --jigsaw, --constraints or --killer'],
    [{ killer: true, minClues: 20 }, '--killer puzzles have no givens: clue bounds need --killer-givens'],
    [{ size: 6, perGrid: 2 }, /--per-grid works on classic 9x9 puzzles only/],
    [{ constraints: 'thermo' }, /--constraints: unknown constraint 'thermo' \(diagonals, windoku/],
    [{ box: '2-3' }, '--box needs ROWSxCOLUMNS such as 2x3, not \'2-3\''],
    [{ size: 4, killer: true, cageSize: '2-5' }, '--cage-size 2-5: a cage has at most 4 cells'],
    [{ size: 6, killer: true, symmetry: 'rot180' }, /symmetry/],
    [{ size: 6, shape: 'round' }, 'unknown option \'shape\''],
  ];
  for (const [opts, msg] of cases)
    assert.throws(() => nonet.generate({ seed: 1, ...opts }),
      typeof msg === 'string' ? { message: msg } : msg, JSON.stringify(opts));
  if (cli) {
    let err = '';
    try {
      execFileSync(cli, ['generate', '--size', '6', '--level', 'impossible'], { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) { err = e.stderr.toString(); }
    assert.ok(err.includes('unknown level \'impossible\' (easy, medium, hard, expert, extreme)'), err);
  }
});

test('variants: a timeout on rules the check could not settle says so', () => {
  // 12x12 windoku, anti-knight, nonconsecutive: no grid found, none proven
  // impossible (the command's test says the same words)
  const constraints = 'windoku,anti-knight,nonconsecutive';
  assert.throws(() => nonet.generate({ seed: 1, size: 12, constraints, timeout: 1 }),
    (e) => e.message === 'only 0 of 1 unique minimal 12x12 puzzle with windoku, anti-knight, ' +
      'nonconsecutive found within 1 s; nonet could not tell whether any grid keeps these rules' &&
      e.puzzles.length === 0);
  // rules the check settled: the timeout alone
  assert.throws(() => nonet.generate({ seed: 1, size: 16, constraints: 'nonconsecutive', timeout: 0.3 }),
    { message: 'only 0 of 1 unique minimal 16x16 puzzle with nonconsecutive found within 0.3 s' });
});

test('variants: rules a job proves no grid keeps are refused in the command\'s words', () => {
  // all six constraints on 12x12: the check leaves them unsettled; the
  // job's proof ends at once from a first row without nonconsecutive
  const constraints = 'diagonals,windoku,disjoint,anti-knight,anti-king,nonconsecutive';
  const msg = 'no unique minimal 12x12 puzzle with diagonals, windoku, disjoint, anti-knight, ' +
    'anti-king, nonconsecutive: no grid keeps these rules';
  assert.throws(() => nonet.generate({ seed: 1, size: 12, constraints }), { message: msg });
  if (cli) {
    let err = '', status = 0;
    try {
      execFileSync(cli, ['generate', '--seed', '1', '--size', '12', '--constraints', constraints],
        { stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) { err = e.stderr.toString(); status = e.status; }
    assert.equal(status, 2);
    assert.ok(err.includes(`${msg} (proved while generating`), err);
  }
});

// A 6x6 puzzle with the last `k` givens of a generated one taken away:
// several solutions, for counting and true candidates.
function loosened(kind, k) {
  const [p] = nonet.generate({ seed: 33, ...kind });
  const { rules, cells } = V.readLine(p.puzzle);
  let left = k;
  for (let i = cells.length - 1; i >= 0 && left; i--) if (cells[i]) { cells[i] = 0; left--; }
  const line = p.puzzle.replace(/cells=\S+/, `cells=${cells.map((v) => (v ? v.toString(36).toUpperCase() : '.')).join('')}`);
  return { line, rules, cells };
}

test('variants: the referee catches every broken rule', () => {
  const g = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
  const none = new Array(16).fill(0);
  assert.ok(V.isSolution(V.makeRules(4), none, g));
  assert.ok(!V.isSolution(V.makeRules(4), [2, ...none.slice(1)], g)); // a given kept
  assert.ok(!V.isSolution(V.makeRules(4, { constraints: ['diagonals'] }), none, g)); // 1, 4, 4, 1
  assert.ok(!V.isSolution(V.makeRules(4, { constraints: ['nonconsecutive'] }), none, g)); // 1 2
  assert.ok(!V.isSolution(V.makeRules(4, { constraints: ['anti-king'] }), none, g)); // r2c2, r3c3
  assert.ok(!V.isSolution(V.makeRules(4, { constraints: ['windoku'] }), none, g)); // 4, 1, 1, 4
  assert.ok(V.isSolution(V.makeRules(4, { cages: [{ sum: 3, cells: [0, 1] }] }), none, g));
  assert.ok(!V.isSolution(V.makeRules(4, { cages: [{ sum: 4, cells: [0, 1] }] }), none, g));
  assert.ok(V.isSolution(V.makeRules(4, { cages: [{ sum: 5, cells: [0, 5] }] }), none, g)); // 1 + 4
  assert.ok(!V.isSolution(V.makeRules(4, { cages: [{ sum: 6, cells: [1, 4, 5] }] }), none, g)); // 2 + 3 + 4
  assert.ok(!V.isSolution(V.makeRules(4, { cages: [{ sum: 2, cells: [0, 6] }] }), none, g)); // 1 + 1
  assert.ok(!V.isSolution(V.makeRules(4, { regions: '0001011122332233' }), none, g)); // 1 2 3 3
  assert.equal(V.countSolutions(V.makeRules(4), g.map((v, i) => (i < 12 ? v : 0)), 5), 1);
  const swapped = g.slice();
  [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
  assert.ok(!V.isSolution(V.makeRules(4), none, swapped)); // columns
});

test('variants: count and true candidates against the referee\'s count', () => {
  // every 4x4 grid (288), with both diagonals, with anti-king
  for (const [obj, expected] of [[{ size: 4 }, 288], [{ size: 4, constraints: ['diagonals'] }, undefined],
    [{ size: 4, constraints: 'anti-knight' }, undefined], [{ size: 4, regions: '0011001122332233' }, undefined],
    [{ size: 4, constraints: 'windoku' }, undefined], [{ size: 4, constraints: 'disjoint' }, undefined],
    [{ size: 4, constraints: 'nonconsecutive' }, undefined], [{ size: 4, constraints: 'anti-king' }, 0],
    [{ size: 6, cages: [{ sum: 3, cells: [0, 1] }], cells: '...4.5' + '.'.repeat(30) }, undefined]]) {
    const { rules, cells } = V.readObject(obj);
    const n = V.countSolutions(rules, cells, 1000);
    if (expected !== undefined) assert.equal(n, expected);
    assert.equal(nonet.count(obj), n, JSON.stringify(obj));
  }
  for (const kind of [{ size: 6 }, { size: 6, jigsaw: true }, { size: 6, constraints: 'nonconsecutive' },
    { size: 6, killerGivens: true, cageSize: '2-3' }, { size: 6, constraints: 'disjoint,anti-king' }]) {
    const { line, rules, cells } = loosened(kind, 3);
    const all = V.solutions(rules, cells, 100000);
    assert.ok(all.length < 100000, 'every solution found');
    assert.equal(nonet.count(line, { limit: 100000 }), all.length, line);
    assert.equal(nonet.count(line, { limit: 2 }), Math.min(2, all.length));
    if (all.length > 1) {
      assert.throws(() => nonet.solve(line), { message: 'multiple solutions' });
      assert.equal(nonet.check(line).verdict, 'multiple solutions');
      const first = nonet.solve(line, { first: true });
      assert.ok(V.isSolution(rules, cells, values(first, 6)));
    }
    // true candidates: exactly the digits some solution puts there
    const cand = nonet.candidates(line);
    assert.equal(cand.length, 36);
    for (let i = 0; i < 36; i++) {
      const some = [...new Set(all.map((s) => s[i]))].sort((a, b) => a - b);
      assert.deepEqual(cand[i], some, `${line} cell ${i}`);
    }
  }
});

test('variants: a timeout gives up on a long search, in the command\'s words', () => {
  const windoku25 = 'size=25 box=5x5 constraints=windoku cells=' + '.'.repeat(625);
  const start = performance.now(); // over 10 s to a first solution without
  assert.throws(() => nonet.solve(windoku25, { first: true, timeout: 0.3 }),
    { message: 'no answer within 0.3 s (timeout)' });
  assert.ok(performance.now() - start < 3000);
  // 28,200,960 grids: seconds to count them
  assert.throws(() => nonet.count('size=6 box=2x3', { limit: 100000000, timeout: 0.2 }),
    { message: 'no answer within 0.2 s (timeout)' });
  assert.throws(() => nonet.check(windoku25, { timeout: 0.2 }),
    { message: 'no answer within 0.2 s (timeout)' });
  // the minimality checks after the count share the timeout
  const full4 = 'size=4 box=2x2 cells=1234341221434321';
  assert.throws(() => nonet.check(full4, { minimal: true, timeout: 1e-6 }),
    { message: /^unique, but whether every given is needed is not known within 1e-06 s/ });
  // in time: the answers without a timeout, checked by the referee
  const four = 'size=4 box=2x2 cells=1..............4';
  const { rules, cells } = V.readLine(four);
  assert.equal(nonet.count(four, { timeout: 60 }), V.countSolutions(rules, cells, 1000));
  assert.ok(V.isSolution(rules, cells, values(nonet.solve(four, { first: true, timeout: 60 }), 4)));
  assert.equal(nonet.check(full4, { minimal: true, timeout: 60 }).removable.length, 16);
  // true candidates: the same
  assert.throws(() => nonet.candidates(windoku25, { timeout: 0.3 }),
    { message: 'no answer within 0.3 s (timeout)' });
  const every = V.solutions(rules, cells, 1000);
  assert.deepEqual(nonet.candidates(four, { timeout: 60 }),
    [...Array(16).keys()].map((i) => [...new Set(every.map((s) => s[i]))].sort((a, b) => a - b)));
  // hint, explain and level: the search for the one solution they need
  for (const call of [(o) => nonet.hint(windoku25, o), (o) => nonet.explain(windoku25, o),
    (o) => nonet.level(windoku25, o), (o) => nonet.hint(windoku25, { grid: windoku25, ...o })]) {
    const t0 = performance.now();
    assert.throws(() => call({ timeout: 0.3 }), { message: 'no answer within 0.3 s (timeout)' });
    assert.ok(performance.now() - t0 < 3000);
  }
  // ... and in time, what they give without one; each placement the
  // referee's one solution's digit
  const six = 'size=6 box=2x3 cells=..5...13......23...5..6.3.64........';
  const r6 = V.readLine(six);
  const [only] = V.solutions(r6.rules, r6.cells, 2);
  assert.equal(V.countSolutions(r6.rules, r6.cells, 2), 1);
  const step = nonet.hint(six, { timeout: 60 });
  assert.deepEqual(step, nonet.hint(six));
  const path6 = nonet.explain(six, { timeout: 60 });
  assert.deepEqual(path6, nonet.explain(six));
  assert.ok(path6.solved);
  for (const s of [step, ...path6.steps])
    for (const [r, c, d] of s.placements) assert.equal(only[(r - 1) * 6 + c - 1], d, s.text);
  assert.deepEqual(nonet.level(six, { timeout: 60 }), nonet.level(six));
  // the path is timed too, from the call's start: a 6x6 killer nonet made
  // (its path needs trial and error without forcing nets, whose cage
  // combinations solve it) whose search is too short to ask the clock,
  // with 1 us, times out before the path's first step
  const killer = 'size=6 box=2x3 cages=12:0,1,6;9:2,7,8;14:26,31,32;10:3,4,5;15:17,23,29;' +
    '11:9,10,11;11:28,34,35;7:24,25,30;12:12,13,18;7:21,27,33;9:14,19,20;9:15,16,22 cells=' +
    '.'.repeat(36);
  const nonets = { exclude: ['forcing-net'] };
  for (const call of [(o) => nonet.explain(killer, { ...nonets, ...o }), (o) => nonet.level(killer, { ...nonets, ...o })])
    assert.throws(() => call({ timeout: 1e-6 }), { message: 'no answer within 1e-06 s (timeout)' });
  const pathK = nonet.explain(killer, { ...nonets, timeout: 60 });
  assert.deepEqual(pathK, nonet.explain(killer, nonets));
  assert.ok(pathK.solved && pathK.steps.some((s) => s.key === 'trial'), JSON.stringify(pathK.steps.map((s) => s.key)));
  assert.ok(!nonet.explain(killer).steps.some((s) => s.key === 'trial'));
  const rk = V.readLine(killer);
  const [onlyK] = V.solutions(rk.rules, rk.cells, 2);
  assert.equal(V.countSolutions(rk.rules, rk.cells, 2), 1);
  for (const s of pathK.steps)
    for (const [r, c, d] of s.placements) assert.equal(onlyK[(r - 1) * 6 + c - 1], d, s.text);
  assert.deepEqual(nonet.level(killer, { ...nonets, timeout: 60 }), nonet.level(killer, nonets));
  for (const bad of [0, -1, NaN, Infinity, '1']) {
    assert.throws(() => nonet.solve(four, { timeout: bad }),
      { message: `--timeout needs a number of seconds above 0 and at most 1000000, not '${bad}'` });
    assert.throws(() => nonet.hint(six, { timeout: bad }), { message: /^--timeout needs/ });
  }
});

test('count: a timeout bounds a classic count too (it was not timed)', () => {
  const empty = '.'.repeat(81);
  // an empty grid counted to a billion: minutes without
  for (const p of [empty, 'size=9 box=3x3', { size: 9 }]) {
    const start = performance.now();
    assert.throws(() => nonet.count(p, { limit: 1000000000, timeout: 0.2 }),
      { message: 'no answer within 0.2 s (timeout)' });
    assert.ok(performance.now() - start < 3000, `${JSON.stringify(p)}: ${performance.now() - start} ms`);
  }
  // in time: the answers without a timeout, checked by the referee
  assert.equal(nonet.count(empty, { limit: 20000, timeout: 60 }), 20000);
  assert.equal(nonet.count('size=9 box=3x3', { limit: 20000, timeout: 60 }), 20000);
  assert.equal(nonet.count(P, { timeout: 60 }), 1);
  assert.equal(countSolutions(P, 2), 1);
  assert.equal(nonet.count(TWO, { limit: 50, timeout: 60 }), nonet.count(TWO, { limit: 50 }));
  assert.equal(nonet.count(TWO, { limit: 50 }), countSolutions(TWO, 50));
  const s = nonet.solve(P, { timeout: 60 });
  assert.equal(s, nonet.solve(P));
  assert.ok(isSolution(P, s));
  assert.ok(isSolution(empty, nonet.solve(empty, { first: true, timeout: 60 })));
  assert.throws(() => nonet.solve(empty, { timeout: 60 }), { message: 'multiple solutions' });
  assert.throws(() => nonet.count(P, { timeout: 0 }), { message: /^--timeout needs/ });
});

test('solveMany: a timeout a puzzle gives up on a long count, the others counted', () => {
  const empty = '.'.repeat(81);
  for (const batch of [`${P}\n${empty}\n${HARD}`, [P, empty, HARD], `${P}\nsize=9 box=3x3\n${HARD}`]) {
    const start = performance.now();
    const r = nonet.solveMany(batch, { limit: 1000000000, timeout: 0.2 });
    assert.ok(performance.now() - start < 3000, `${performance.now() - start} ms`);
    assert.deepEqual([...r.counts], [1, -1, countSolutions(HARD, 2)]);
    assert.ok(isSolution(HARD, r.solutions[2]));
    assert.ok(isSolution(P, r.solutions[0]));
    assert.equal(r.solutions[1], null);
    assert.deepEqual(r.errors, [{ record: 2, line: Array.isArray(batch) ? 1 : 2,
      message: 'no answer within 0.2 s (timeout)' }]);
  }
  // in time: the same counts as without a timeout
  assert.deepEqual([...nonet.solveMany(`${P}\n${TWO}`, { limit: 50, timeout: 60 }).counts],
    [1, countSolutions(TWO, 50)]);
  assert.throws(() => nonet.solveMany(P, { timeout: -1 }), { message: /^--timeout needs/ });
});

test('variants: bad rules and givens are errors in words, the command\'s', () => {
  const cases = [
    [{ size: 4, regions: '0001001122332233' }, 'region 0 has 5 cells, expected 4'],
    ['size=4 regions=0011001122332323', 'region 2 is not connected: r3c1 cannot reach r4c3'],
    [{ size: 4, cages: [{ sum: 18, cells: ['r1c1', 'r1c2'] }] },
      'cage of sum 18 at r1c1 is impossible: 2 different digits sum to 3 .. 7'],
    ['size=4 cages=5:0,1;6:1,2', 'cage of sum 6 at r1c2 overlaps the cage of sum 5 at r1c2'],
    [{ size: 7 }, 'size 7 has no boxes: give it jigsaw regions'],
    [{ size: 26 }, /size 26 is not supported/],
    ['size=6 constraints=thermo', /unknown constraint 'thermo'/],
    [{ size: 4, cells: [1, 2, 3] }, 'cells: 3 numbers, expected 16 (4x4)'],
    ['size=16 cells=H', /'H' in r1c1 is not a digit of a 16x16 grid \(1-9, A-G or '\.'\)/],
    // givens that break a rule: what they break
    [{ size: 4, cells: '11..............' }, 'row 1 has two 1s (r1c1, r1c2); box 1 has two 1s (r1c1, r1c2)'],
    [{ size: 6, constraints: ['anti-knight'], cells: '1' + '.'.repeat(12) + '1' + '.'.repeat(22) },
      'r1c1 and r3c2 are a knight\'s move apart and both hold 1'],
    [{ size: 4, constraints: 'nonconsecutive', cells: '12' + '.'.repeat(14) },
      'r1c1 and r1c2 are neighbours holding 1 and 2'],
    [{ size: 4, cages: [{ sum: 3, cells: [0, 1] }], cells: '3' + '.'.repeat(15) },
      'the cage of sum 3 at r1c1 cannot be completed: its givens add up to 3'],
  ];
  for (const [puzzle, msg] of cases) {
    const m = typeof msg === 'string' ? { message: msg } : msg;
    assert.throws(() => nonet.solve(puzzle), m, JSON.stringify(puzzle));
    if (cli && typeof puzzle === 'string' && typeof msg === 'string') {
      let err = '';
      try {
        execFileSync(cli, ['solve', '-'], { input: puzzle + '\n', stdio: ['pipe', 'pipe', 'pipe'] });
      } catch (e) { err = e.stderr.toString(); }
      assert.ok(err.includes(`:1: ${msg}`), `${err} has ${msg}`);
    }
  }
  // what the givens break: no solution, and check and parse name it
  const bad = { size: 4, constraints: 'nonconsecutive', cells: '12' + '.'.repeat(14) };
  assert.equal(nonet.count(bad), 0);
  assert.equal(nonet.check(bad).verdict, 'invalid: r1c1 and r1c2 are neighbours holding 1 and 2');
  const parsed = nonet.parse(bad);
  assert.deepEqual(parsed.conflicts, [{ message: 'r1c1 and r1c2 are neighbours holding 1 and 2', cells: [0, 1] }]);
  assert.equal(parsed.size, 4);
  assert.equal(parsed.cells, '12' + '.'.repeat(14));
  assert.throws(() => nonet.candidates(bad), { message: 'r1c1 and r1c2 are neighbours holding 1 and 2' });
  // no rule broken, yet no solution
  const none = 'size=4 cells=.12.3...4.......'; // r1c1 sees 1, 2, 3 and 4
  assert.equal(V.countSolutions(V.readLine(none).rules, V.readLine(none).cells, 2), 0);
  assert.throws(() => nonet.solve(none), { message: 'no solution' });
  assert.equal(nonet.check(none).verdict, 'no solution');
});

test('variants: every input form of the same puzzle', () => {
  const [p] = nonet.generate({ size: 6, jigsaw: true, killerGivens: true, seed: 8 });
  const v = p.variant;
  const n = 6;
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(v.cells.slice(r * n, r * n + n));
  const forms = [
    p.puzzle,
    v,
    JSON.stringify(v),
    { ...v, cells: rows },
    { ...v, cells: new Uint8Array(v.cells) },
    { ...v, cells: v.cells.map((x) => x || null) },
    { ...v, cells: p.puzzle.match(/cells=(\S+)/)[1] },
    { ...v, regions: new Uint8Array(v.regions) },
    { ...v, cages: v.cages.map((c) => ({ sum: c.sum, cells: c.cells.map((i) => `r${Math.floor(i / n) + 1}c${i % n + 1}`) })) },
  ];
  for (const f of forms) assert.equal(nonet.solve(f), p.solution, JSON.stringify(f));
  // the grid form of the text format
  const grid = `size=6 regions=${v.regions.join(',')} cages=${v.cages.map((c) => `${c.sum}:${c.cells.join(',')}`).join(';')} grid\n`
    + rows.map((r) => r.map((x) => x || '.').join(' ')).join('\n');
  assert.equal(nonet.solve(grid), p.solution);
  // a 6x6 with the usual boxes given as "2x3"
  const [q] = nonet.generate({ size: 6, seed: 8 });
  assert.equal(nonet.solve({ size: 6, box: '2x3', cells: q.variant.cells }), q.solution);
  assert.equal(nonet.solve({ size: 6, box: [2, 3], cells: q.variant.cells }), q.solution);
});

test('variants: solveMany reads classic and variant records mixed', () => {
  const ps = nonet.generate({ size: 6, seed: 12, count: 2 });
  const k = nonet.generate({ size: 6, killer: true, seed: 12 })[0];
  const lines = [P, ps[0].puzzle, 'size=7', k.puzzle, TWO, 'size=4 cells=11..............',
    JSON.stringify(ps[1].variant), 'size=4 regions=0001001122332233'];
  const r = nonet.solveMany(lines.join('\n'), { limit: 2 });
  assert.deepEqual([...r.counts], [1, 1, -1, 1, 2, 0, 1, -1]);
  assert.deepEqual(r.errors.map((e) => [e.record, e.line, e.message]),
    [[3, 3, 'size 7 has no boxes: give it jigsaw regions'], [8, 8, 'region 0 has 5 cells, expected 4']]);
  assert.deepEqual(r.solutions, [nonet.solve(P), ps[0].solution, null, k.solution, r.solutions[4], null,
    ps[1].solution, null]);
  assert.ok(isSolution(TWO, r.solutions[4]));
  // an array of puzzles of both kinds
  const arr = nonet.solveMany([P, ps[0].variant, k.puzzle]);
  assert.deepEqual([...arr.counts], [1, 1, 1]);
  assert.deepEqual(arr.solutions, [nonet.solve(P), ps[0].solution, k.solution]);
  // an element that is no puzzle fails alone, named with its own message
  const bad = [...P].map((ch) => (ch === '.' ? 0 : +ch));
  bad[4] = 10;
  for (const [last, want] of [[k.puzzle, k.solution], [P, nonet.solve(P)]]) {
    const m = nonet.solveMany([P, bad, 7, last]);
    assert.deepEqual([...m.counts], [1, -1, -1, 1]);
    assert.deepEqual(m.errors.map((e) => [e.record, e.message]),
      [[2, 'r1c5 holds 10: a cell holds 0 (empty) to 9'], [3, 'a puzzle is a string or an array of 81 cells']]);
    assert.deepEqual(m.solutions, [nonet.solve(P), null, null, want]);
  }
  if (cli) {
    let out = '';
    try {
      out = execFileSync(cli, ['count', '--limit', '2', '-'],
        { input: lines.join('\n') + '\n', stdio: ['pipe', 'pipe', 'pipe'] }).toString();
    } catch (e) { out = e.stdout.toString(); }
    assert.deepEqual(out.trim().split('\n').map((l) => (l === 'invalid' ? -1 : +l)), [...r.counts]);
  }
});

// Applies the steps of a path to the givens: each placement must be the
// solution's digit in an empty cell, each elimination not the solution's.
function followSteps(steps, givens, solution, n) {
  const g = givens.slice();
  for (const st of steps) {
    for (const [r, c, d] of st.placements) {
      const i = (r - 1) * n + c - 1;
      assert.equal(g[i], 0, `${st.text}: r${r}c${c} is empty`);
      assert.equal(solution[i], d, st.text);
      g[i] = d;
    }
    for (const [r, c, d] of st.eliminations) assert.notEqual(solution[(r - 1) * n + c - 1], d, st.text);
  }
  return g;
}

test('variants at a level: that level by level(), unique by the referee, symmetric, shortfalls said', () => {
  for (const [kind, level] of [[{ size: 6 }, 'easy'], [{ size: 6 }, 'medium'], [{ jigsaw: true }, 'hard'],
    [{ constraints: 'diagonals', symmetry: 'rot180' }, 'medium'], [{ size: 6, killer: true }, 'easy'],
    [{ killerGivens: true }, 'easy'], [{ constraints: 'windoku' }, 'expert']]) {
    const made = nonet.generate({ seed: 8, count: 2, level, ...kind });
    assert.equal(made.length, 2);
    for (const p of made) {
      const what = `${JSON.stringify(kind)} ${level}: ${p.puzzle}`;
      const { rules, cells } = rulesOf(p);
      const n = rules.n;
      assert.ok(V.isSolution(rules, cells, values(p.solution, n)), `${what} solution keeps the rules`);
      assert.equal(V.countSolutions(rules, cells, 2), 1, `${what} is unique`);
      assert.equal(nonet.level(p.puzzle).level.toLowerCase(), level, what);
      if (kind.killer) assert.equal(p.clues, 0, `${what}: cages only, as asked`);
      if (kind.symmetry)
        for (let i = 0; i < n * n; i++) assert.equal(!cells[i], !cells[n * n - 1 - i], what);
    }
  }
  assert.throws(() => nonet.generate({ size: 6, level: 'impossible' }), /unknown level 'impossible'/);
  // 4x4 puzzles are all easy: a job gives up and says so
  assert.throws(() => nonet.generate({ size: 4, level: 'hard', seed: 1 }), /of level Hard found: rare/);
});

test('variants: hint, explain and level, every step sound, as the command', () => {
  for (const kind of [{ size: 6 }, { size: 6, killer: true }, { jigsaw: true }, { constraints: 'anti-knight' },
    { size: 12 }, { killer: true }]) {
    const [p] = nonet.generate({ seed: 14, ...kind });
    const { rules, cells } = V.readLine(p.puzzle);
    const n = rules.n;
    const sol = values(p.solution, n);
    const x = nonet.explain(p.puzzle);
    assert.equal(x.solved, true, p.puzzle);
    assert.equal(x.puzzle, p.puzzle);
    assert.deepEqual(followSteps(x.steps, cells, sol, n), sol, `${p.puzzle}: the path fills the grid`);
    for (const st of x.steps) {
      assert.equal(typeof st.words, 'string');
      for (const [r, c] of st.cells) assert.ok(r >= 1 && r <= n && c >= 1 && c <= n);
    }
    const lv = nonet.level(p.puzzle);
    assert.equal(lv.level, x.level);
    assert.equal(lv.technique, x.technique);
    assert.equal(lv.steps, x.steps.length);
    assert.equal(Object.values(lv.counts).reduce((a, b) => a + b, 0), lv.steps);
    const h = nonet.hint(p.puzzle);
    assert.equal(h.text, x.steps[0].text);
    assert.equal(h.hint, `${h.text}\n  ${h.words}`);
    assert.equal(nonet.hint(p.variant, { level: 'nudge' }).hint, h.nudge);
    if (cli) {
      const run = (...args) => execFileSync(cli, [...args, '-'], { input: p.puzzle + '\n' }).toString();
      assert.equal(run('hint', '--level', 'full'), `${h.text}\n  ${h.words}\n`);
      const line = JSON.parse(run('explain', '--format', 'jsonl'));
      assert.deepEqual(x.steps.map((t) => t.text), line.steps.map((t) => t.text));
      assert.deepEqual(x.steps.map((t) => t.eliminations), line.steps.map((t) => t.eliminations));
      const cols = run('rate').trim().split('\t');
      assert.deepEqual(cols, [p.puzzle, lv.level, lv.technique]);
    }
    assert.throws(() => nonet.rate(p.puzzle), /level\(\) rates variant puzzles/);
  }
});

test('variants: hints of a game in progress', () => {
  const [p] = nonet.generate({ size: 6, killerGivens: true, seed: 15 });
  const n = 6;
  const { cells } = V.readLine(p.puzzle);
  const sol = values(p.solution, n);
  // half the empty cells filled from the solution, in every form of a grid
  const g = cells.slice();
  let k = 0;
  for (let i = 0; i < n * n && k < 12; i++) if (!g[i]) { g[i] = sol[i]; k++; }
  const symbols = g.map((v) => (v ? String(v) : '.')).join('');
  const rows = [];
  for (let r = 0; r < n; r++) rows.push(g.slice(r * n, r * n + n));
  const hints = [symbols, g, rows, { ...p.variant, cells: g }, new Uint8Array(g)].map((grid) => nonet.hint(p.puzzle, { grid }));
  for (const h of hints) assert.deepEqual(h, hints[0]);
  for (const [r, c, d] of hints[0].placements) {
    const i = (r - 1) * n + c - 1;
    assert.equal(g[i], 0);
    assert.equal(sol[i], d);
  }
  assert.deepEqual(nonet.hint(p.puzzle, { grid: p.solution }), { solved: true });
  // a wrong digit that breaks no rule, a changed given, a broken rule
  const bad = g.slice();
  const i = bad.indexOf(0);
  for (let d = 1; d <= n; d++) {
    if (d === sol[i]) continue;
    bad[i] = d;
    if (!nonet.parse({ ...p.variant, cells: bad }).conflicts.length) break;
  }
  assert.throws(() => nonet.hint(p.puzzle, { grid: bad }), /no solution: some digit is wrong|has two|cage|apart/);
  const changed = sol.slice();
  const j = cells.findIndex((v) => v);
  if (j >= 0) {
    changed[j] = (changed[j] % n) + 1;
    assert.throws(() => nonet.hint(p.puzzle, { grid: changed }), /the grid changes a given/);
  }
  assert.throws(() => nonet.hint(p.puzzle, { grid: g.slice(0, 20) }), { message: 'the grid has 20 cells, not 36 (6x6)' });
  assert.throws(() => nonet.hint(p.puzzle, { grid: 'x'.repeat(36) }), { message: 'the grid: \'x\' is not a cell' });
  // several solutions: no game
  assert.throws(() => nonet.hint({ size: 6 }), { message: 'multiple solutions' });
});

test('variants: technique lists take each engine\'s names', () => {
  const [p] = nonet.generate({ size: 6, killer: true, seed: 16 });
  const only = nonet.explain(p.puzzle, { techniques: ['naked-single', 'hidden-single', 'cage-combination', 'trial'] });
  assert.ok(only.steps.every((t) => /Single|Cage Combination|Trial/.test(t.technique)));
  assert.equal(only.solved, true);
  // a classic-only name is left to the classic engine; a name neither knows is refused
  assert.doesNotThrow(() => nonet.explain(p.puzzle, { exclude: ['xy-wing'] }));
  assert.throws(() => nonet.explain(p.puzzle, { techniques: 'x-wnig' }),
    { message: 'unknown technique \'x-wnig\' (see --list-techniques)' });
  assert.throws(() => nonet.level(p.puzzle, { techniques: ['naked-single'] }),
    { message: 'not solved with the chosen techniques' });
  // classic puzzles by technique, as `nonet rate --by technique`
  const lv = nonet.level(HARD);
  const x = nonet.explain(HARD);
  assert.deepEqual([lv.level, lv.technique, lv.steps], [x.level, x.technique, x.steps.length]);
  if (cli) {
    const cols = execFileSync(cli, ['rate', '--by', 'technique', HARD]).toString().trim().split('\t');
    assert.deepEqual(cols.slice(1, 3), [lv.level, lv.technique]);
  }
  // a variant record with the plain 9x9 rules is a classic puzzle
  const cells9 = [...HARD].map((ch) => (ch === '.' ? 0 : +ch));
  assert.deepEqual(nonet.rate({ size: 9, cells: cells9 }), nonet.rate(HARD));
  assert.deepEqual(nonet.explain({ size: 9, cells: cells9 }).steps, x.steps);
});

test('variants: renderHTML prints them', () => {
  const [j] = nonet.generate({ size: 6, jigsaw: true, seed: 17 });
  const [k] = nonet.generate({ size: 6, killer: true, seed: 17 });
  const html = nonet.renderHTML([P, j.puzzle, k.variant], { perPage: 4, solutions: true });
  assert.match(html, /^<!DOCTYPE html>/);
  assert.match(html, /jigsaw/);
  assert.match(html, /killer/);
  assert.match(html, /<svg/); // the cages
});

// worker.js in a Node worker thread, with `self` as in a Web Worker: the
// thread, its ready promise (the version) and ask(id, fn, ...args)
const startWorker = async () => {
  const { Worker } = await import('node:worker_threads');
  const boot = `
    const { parentPort } = require('node:worker_threads');
    globalThis.self = { postMessage: (m) => parentPort.postMessage(m) };
    parentPort.on('message', (data) => self.onmessage({ data }));
    import(${JSON.stringify(path.join(web, 'nonet', 'worker.js'))});`;
  const w = new Worker(boot, { eval: true });
  const answers = new Map();
  let ready;
  const started = new Promise((r) => { ready = r; });
  w.on('message', (m) => { if (m.ready) ready(m.version); else answers.get(m.id)(m); });
  const ask = (id, fn, ...args) => new Promise((r) => { answers.set(id, r); w.postMessage({ id, fn, args }); });
  return { w, started, ask };
};

test('variants: the worker answers them too', async () => {
  const { w, started, ask } = await startWorker();
  try {
    assert.equal(await started, nonet.version);
    const [p] = nonet.generate({ size: 6, killer: true, seed: 18 });
    assert.deepEqual(await ask(1, 'generate', { size: 6, killer: true, seed: 18 }),
      { id: 1, result: Object.assign([p], { seed: '18' }) });
    assert.equal((await ask(2, 'solve', p.variant)).result, p.solution);
    assert.deepEqual((await ask(3, 'level', p.puzzle)).result, nonet.level(p.puzzle));
    assert.deepEqual(await ask(4, 'solve', { size: 7 }), { id: 4, error: 'size 7 has no boxes: give it jigsaw regions' });
  } finally {
    await w.terminate();
  }
});

test('bad input from JavaScript values: cells, limits, option text', () => {
  // a number that is not a cell is named, not read as an empty cell
  const arr = [...P].map((c) => (c === '.' ? 0 : +c));
  for (const bad of [12, -3, 3.5, 'x']) {
    const a = arr.slice();
    a[1] = bad;
    const message = `r1c2 holds ${bad}: a cell holds 0 (empty) to 9`;
    assert.throws(() => nonet.solve(a), { message });
    assert.throws(() => nonet.count(a), { message });
    assert.throws(() => nonet.check(a), { message });
  }
  // null and 0 are empty cells
  const b = arr.map((v) => (v === 0 ? null : v));
  assert.equal(nonet.solve(b), nonet.solve(P));
  // the command's limits
  for (const limit of [0, -100, 1.5, 2000000000])
    for (const f of [() => nonet.count(P, { limit }), () => nonet.solveMany([P], { limit }),
      () => nonet.count({ size: 4 }, { limit })])
      assert.throws(f, { message: `--limit needs a whole number from 1 to 1000000000, not '${limit}'` });
  // an option's value is one value: a line break would add options
  assert.throws(() => nonet.generate({ seed: '1\nlevel=extreme' }), /no line break/);
  assert.throws(() => nonet.generate({ seed: 1, symmetry: 'rot180\nlevel=extreme' }), /no line break/);
  assert.throws(() => nonet.generate({ seed: 1, size: 4, symmetry: 'rot180\nsize=6' }), /no line break/);
  assert.throws(() => nonet.hint(P, { techniques: 'naked-single\nexclude=naked-single' }), /no line break/);
  assert.throws(() => nonet.generate({ count: 1000001 }),
    { message: "count needs a whole number from 1 to 1000000, not '1000001'" });
});

// ---- found by a review of the package: each answer against the command or
// an independent count, not a fixed text -------------------------------------

test('solveMany(array): record k + 1 is element k, whatever the elements hold', () => {
  const s = nonet.solve(P);
  const one = (x) => nonet.solveMany(x.join('\n')); // each element alone, as text
  // an empty, a blank, a non-string and a garbage element each fail alone
  const r = nonet.solveMany(['', 12, 'garbage']);
  assert.deepEqual([...r.counts], [-1, -1, -1]);
  assert.deepEqual(r.solutions, [null, null, null]);
  assert.deepEqual(r.errors.map((e) => [e.record, e.message]), [
    [1, 'no puzzle found'],
    [2, 'a puzzle is a string or an array of 81 cells'],
    [3, one(['garbage']).errors[0].message],
  ]);
  assert.throws(() => nonet.solve(''), { message: 'no puzzle found' }); // the reader's words
  const b = nonet.solveMany([P, '   ', P, 'garbage']);
  assert.deepEqual([...b.counts], [1, -1, 1, -1]);
  assert.deepEqual(b.solutions, [s, null, s, null]);
  assert.deepEqual(b.errors.map((e) => e.record), [2, 4]);
  assert.equal(b.errors[1].message, 'character \'g\' at column 1 is not a cell');
  // an element holding two puzzles is one record in error; a 9-line grid
  // and a JSON array in one element are one puzzle each
  const grid = [...Array(9)].map((_, k) => P.slice(9 * k, 9 * k + 9)).join('\n');
  const rows = JSON.stringify([...Array(9)].map((_, k) => [...P.slice(9 * k, 9 * k + 9)].map((c) => (c === '.' ? 0 : +c))));
  const m = nonet.solveMany([P, P + '\n' + P, grid, rows, '{', 'garbage', TWO]);
  assert.deepEqual([...m.counts], [1, -1, 1, 1, -1, -1, 2]);
  assert.deepEqual(m.errors.map((e) => [e.record, e.message]), [
    [2, '2 records in one element: an element is one puzzle'],
    [5, one(['{']).errors[0].message],
    [6, 'character \'g\' at column 1 is not a cell'],
  ]);
  assert.equal(m.solutions[2], s);
  // each element answers as it does alone
  const list = [P, HARD, TWO, '11' + P.slice(2), 'size=4 cells=1234', { size: 4, cells: '12..34..........' }];
  const all = nonet.solveMany(list);
  list.forEach((x, k) => {
    const alone = nonet.solveMany([x]);
    assert.equal(all.counts[k], alone.counts[0], `element ${k}`);
    assert.equal(all.solutions[k], alone.solutions[0], `element ${k}`);
  });
  assert.throws(() => nonet.solveMany(undefined), TypeError);
  assert.throws(() => nonet.solveMany(5), TypeError);
});

test('variant objects: a cage cell "rRcC" outside the grid is refused, as the text reader does', () => {
  for (const [cells, bad] of [[['r1c1', 'r1c5'], 'r1c5'], [['r2c0', 'r1c4'], 'r2c0'], [['r1c1', 'r5c1'], 'r5c1'],
    [['r1c1', 'x'], 'x']]) {
    const text = `size=4 cages=7:${cells.join(',')}`;
    let message = '';
    try { nonet.parse(text); } catch (e) { message = e.message; }
    assert.match(message, new RegExp(`'${bad}' in the cage of sum 7 is not a cell`));
    assert.throws(() => nonet.parse({ size: 4, cages: [{ sum: 7, cells }] }), { message });
  }
  // in the grid: the same cells as the text form reads
  const o = nonet.parse({ size: 4, cages: [{ sum: 7, cells: ['r4c4', 'R4C3', 'r3c4'] }] });
  assert.deepEqual(o.variant.cages, nonet.parse('size=4 cages=7:r4c4,r4c3,r3c4').variant.cages);
  assert.deepEqual(o.variant.cages[0].cells, [11, 14, 15]);
});

test('variant objects: a key the object does not have is refused, naming it and the keys there are', () => {
  const full = nonet.solve({ size: 4, constraints: ['diagonals'] }, { first: true });
  const cells = [...full].map((c, i) => (i % 3 ? c : '.')).join('');
  const keys = '(size, box, regions, constraints, cages, cells, solution)';
  // 'constraint' mistyped: the diagonals would be left out, another puzzle
  for (const f of ['solve', 'count', 'check', 'candidates', 'parse', 'level', 'explain']) {
    assert.throws(() => nonet[f]({ size: 4, cells, constraint: ['diagonals'] }),
      { message: `unknown key 'constraint' in a variant puzzle ${keys}` }, f);
  }
  // in a batch: that element's error
  const many = nonet.solveMany([`size=4 cells=${cells}`, { size: 4, cells, constraint: ['diagonals'] }]);
  assert.equal(many.counts[1], -1);
  assert.deepEqual(many.errors, [{ record: 2, line: 1, message: `unknown key 'constraint' in a variant puzzle ${keys}` }]);
  assert.throws(() => nonet.hint('size=4 cells=' + cells, { grid: { size: 4, cell: cells } }),
    { message: `unknown key 'cell' in a variant puzzle ${keys}` });
  // parse's whole answer is no puzzle: its rules are in .variant
  const k = { size: 4, cages: [{ sum: 3, cells: [0, 1] }], cells: '.'.repeat(16) };
  assert.throws(() => nonet.count(nonet.parse(k)), { message: `unknown key 'conflicts' in a variant puzzle ${keys}` });
  assert.equal(nonet.count(nonet.parse(k).variant, { limit: 1000 }), nonet.count(k, { limit: 1000 }));
  // a cage's keys: sum and cells
  assert.throws(() => nonet.count({ size: 4, cages: [{ sum: 3, cells: [0, 1], sums: 4 }] }),
    { message: 'cages: unknown key \'sums\' in the cage of sum 3 (sum, cells)' });
  // null or undefined: no key, as for options; the known keys all read
  assert.equal(nonet.solve({ size: 4, constraints: ['diagonals'], cells, extra: undefined, other: null }),
    nonet.solve(`size=4 box=2x2 constraints=diagonals cells=${cells}`));
  assert.equal(nonet.count({ size: 4, box: '2x2', regions: null, constraints: [], cages: [],
    cells: '.'.repeat(16), solution: null }), 288);
  assert.equal(nonet.count({ size: 4, cages: [{ sum: 3, cells: [0, 1], extra: undefined }] }, { limit: 1000 }),
    nonet.count('size=4 cages=3:0,1', { limit: 1000 }));
  // text, JSON included, is read as the command reads it: members it
  // does not know are passed over (a record may carry more)
  assert.equal(nonet.count(JSON.stringify({ size: 4, note: 'x' })), 288);
});

test('a big input\'s scratch memory is given back to the module after the call; a small one\'s is kept', () => {
  const s = nonet.solve(P);
  nonet.solve(P);
  const kept = nonet._retainedBytes();
  assert.ok(kept > 0 && kept <= 1 << 20, `${kept}`);
  // 20,000 solved grids: 1.6 MB of text in the scratch
  const lines = 20000;
  const big = Array(lines).fill(s).join('\n');
  assert.ok(big.length > 1 << 20);
  const r = nonet.solveMany(big);
  assert.equal(r.counts.length, lines);
  assert.ok(r.counts.every((n) => n === 1));
  assert.equal(nonet._retainedBytes(), 0, 'the scratch of the big batch is freed');
  // one puzzle in 2 MB of text (spaces around it), by solve and count
  const padded = ' '.repeat(1 << 21) + P;
  assert.equal(nonet.solve(padded), s);
  assert.equal(nonet._retainedBytes(), 0);
  assert.equal(nonet.count(padded), 1);
  assert.equal(nonet._retainedBytes(), 0);
  // the next calls work, and keep their small scratch again
  assert.equal(nonet.solve(P), s);
  assert.ok(nonet._retainedBytes() > 0 && nonet._retainedBytes() <= 1 << 20);
  assert.deepEqual([...nonet.solveMany(`${P}\n${HARD}`).counts], [1, 1]);
  assert.throws(() => nonet.solve(' '.repeat(1 << 21) + TWO), { message: 'multiple solutions' });
  assert.equal(nonet._retainedBytes(), 0);
});

test('generate({size: 9, level: expert|extreme}) is the classic puzzle, as the command makes it', () => {
  for (const level of ['expert', 'extreme']) {
    const [p] = nonet.generate({ size: 9, level, seed: 1 });
    assert.deepEqual(p, nonet.generate({ level, seed: 1 })[0]);
    assert.deepEqual(nonet.generate({ size: 9, box: '3x3', level, seed: 1 })[0], p);
    assert.equal(p.level.toLowerCase(), level);
    assert.equal(nonet.rate(p.puzzle).er, p.er);
    if (cli) {
      const out = execFileSync(cli, ['generate', '--size', '9', '--level', level, '--seed', '1']).toString();
      assert.equal(out.trim().split(/\s/)[0], p.puzzle);
    }
  }
  // variants have those levels too (the variant techniques' scale):
  // extreme, a path with a forcing net and no trial and error
  const [xt] = nonet.generate({ jigsaw: true, level: 'extreme', seed: 1 });
  assert.equal(nonet.level(xt.puzzle).level, 'Extreme');
  assert.equal(nonet.level(xt.puzzle).technique, 'Forcing Net');
  // expert: a path with a chain and no trial and error, the command's puzzle
  const [ex] = nonet.generate({ size: 6, level: 'expert', seed: 1 });
  const lv = nonet.level(ex.puzzle);
  assert.equal(lv.level, 'Expert');
  assert.ok(['X-Chain', 'XY-Chain', 'AIC'].includes(lv.technique), lv.technique);
  if (cli) {
    const out = execFileSync(cli, ['generate', '--size', '6', '--level', 'expert', '--seed', '1']).toString();
    assert.equal(out.trim(), ex.puzzle);
  }
  // nonconsecutive expert and extreme, as the page offers them: unique by
  // the referee, the solution its own (a level's puzzle may have givens
  // added to come down to the level: not minimal)
  for (const level of ['expert', 'extreme']) {
    const [nc] = nonet.generate({ constraints: ['nonconsecutive'], level, seed: 5 });
    assert.equal(nonet.level(nc.puzzle).level.toLowerCase(), level);
    const { rules, cells } = V.readLine(nc.puzzle);
    assert.equal(V.countSolutions(rules, cells, 2), 1, `${nc.puzzle} is unique`);
    assert.ok(V.isSolution(rules, cells, values(nc.solution, 9)), `${nc.puzzle}: its solution`);
  }
  assert.throws(() => nonet.generate({ size: 6, level: 'brutal', seed: 1 }), /unknown level 'brutal'/);
});

test('generate: the timeout counts the check of rules nonet cannot settle', () => {
  const o = { size: 12, constraints: ['windoku', 'anti-knight', 'nonconsecutive'], seed: 1 };
  for (const timeout of [0.2, 1]) {
    const t = Date.now();
    assert.throws(() => nonet.generate({ ...o, timeout }), {
      message: `only 0 of 1 unique minimal 12x12 puzzle with windoku, anti-knight, nonconsecutive found within ${timeout} s; ` +
        'nonet could not tell whether any grid keeps these rules',
    });
    const took = (Date.now() - t) / 1000;
    // (the check alone takes about 10 s here when not stopped)
    assert.ok(took < timeout + 2, `timeout ${timeout} s: ${took} s`);
  }
});

test('classic hint, explain and level take variant technique names, as the command does', () => {
  const Q = '....8..2436.24....42.3..6...9.5.......7...5.......1.6...9..6.13....58.9281..9....';
  // each engine takes the names it knows: a variant name changes nothing
  assert.deepEqual(nonet.hint(Q, { exclude: ['innies'] }), nonet.hint(Q));
  assert.deepEqual(nonet.explain(Q, { exclude: 'innies' }), nonet.explain(Q));
  assert.deepEqual(nonet.level(Q, { exclude: 'innies, cage-combination' }), nonet.level(Q));
  const only = { techniques: ['cage-combination', 'naked-single', 'hidden-single'] };
  assert.deepEqual(nonet.hint(Q, only), nonet.hint(Q, { techniques: ['naked-single', 'hidden-single'] }));
  assert.ok(/Single/.test(nonet.hint(Q, only).technique));
  // a name neither knows is still refused, in a list of both
  assert.throws(() => nonet.hint(Q, { techniques: ['innies', 'naked-singel'] }),
    { message: 'unknown technique \'naked-singel\' (see --list-techniques)' });
  if (cli) {
    const hint = execFileSync(cli, ['hint', '--techniques', only.techniques.join(','), Q]).toString();
    assert.ok(hint.startsWith(nonet.hint(Q, only).text), hint);
    const rate = execFileSync(cli, ['rate', '--by', 'technique', '--exclude', 'innies', Q]).toString().trim().split('\t');
    const lv = nonet.level(Q, { exclude: 'innies' });
    assert.deepEqual(rate.slice(1, 3), [lv.level, lv.technique]);
  }
});

test('renderHTML: 9 rows of 9 are one puzzle; a record left out is named, as the command names it', () => {
  const A = [...P].map((c) => (c === '.' ? 0 : +c));
  const rows = [...Array(9)].map((_, r) => A.slice(r * 9, r * 9 + 9));
  const book = nonet.renderHTML(rows);
  assert.equal(book, nonet.renderHTML(P));
  assert.equal(book, nonet.renderHTML(A));
  assert.equal(book, nonet.renderHTML([rows]));
  const grids = (html) => (html.match(/class="grid/g) || []).length;
  assert.equal(grids(nonet.renderHTML([P, HARD])), 2 * grids(book));
  // the records that cannot go in the book: each named, with the reason
  // the command gives for it
  const left = (f) => {
    try {
      f();
    } catch (e) {
      return e;
    }
    return null;
  };
  const conflict = '11' + '.'.repeat(79);
  const e1 = left(() => nonet.renderHTML([P, 'garbage', P, conflict, TWO]));
  assert.deepEqual(e1.records.map((r) => [r.record, r.message]), [
    [2, 'character \'g\' at column 1 is not a cell'],
    [4, nonet.parse(conflict).conflicts[0].message],
    [5, 'multiple solutions'],
  ]);
  assert.equal(e1.message, '3 records left out of the book: record 2: character \'g\' at column 1 is not a cell; ' +
    `record 4: ${nonet.parse(conflict).conflicts[0].message}; record 5: multiple solutions`);
  assert.equal(grids(e1.html), grids(nonet.renderHTML([P, P])), 'the book of the others');
  // in text, the records and their lines
  const e2 = left(() => nonet.renderHTML(`${P}\n\ngarbage\n${P}\n`));
  assert.deepEqual(e2.records, [{ record: 2, line: 3, message: 'character \'g\' at column 1 is not a cell' }]);
  assert.match(e2.message, /^1 record left out of the book: record 2 \(line 3\): character 'g'/);
  // none left: why, not "no puzzles to render"
  for (const [puzzles, message] of [['.'.repeat(81), 'multiple solutions'], [['garbage'], /character 'g'/],
    [{ size: 4, cells: '12..34..........' }, 'multiple solutions'], [[{ size: 4 }, 12], 'multiple solutions']]) {
    const e = left(() => nonet.renderHTML(puzzles));
    assert.ok(e && !e.html, `${puzzles}: an error and no book`);
    assert.match(e.records[0].message, typeof message === 'string' ? new RegExp(`^${message}$`) : message);
  }
  assert.deepEqual(left(() => nonet.renderHTML([{ size: 4 }, 12])).records.map((r) => [r.record, r.message]),
    [[1, 'multiple solutions'], [2, 'a puzzle is a string or an array of 81 cells']]);
  if (cli) {
    // the command names the same records and reasons
    let err = '';
    try {
      execFileSync(cli, ['render', '-f', 'html', '-o', '/dev/null', '-'],
        { input: [P, 'garbage', P, conflict, TWO].join('\n') + '\n', stdio: ['pipe', 'pipe', 'pipe'] });
    } catch (e) { err = e.stderr.toString(); }
    for (const r of e1.records) assert.ok(err.includes(`:${r.record}: ${r.message}`), `${err} names ${r.record}`);
  }
});

test('parse: windoku windows where the library places them, on every size', () => {
  for (const [size, box] of [[4, null], [6, '2x3'], [6, '3x2'], [9, null], [12, '3x4'], [16, null], [25, null]]) {
    const o = { size, constraints: ['windoku'], ...(box ? { box } : {}) };
    const p = nonet.parse(o);
    const want = V.houses(V.readObject(p.variant).rules).slice(3 * size);
    assert.deepEqual(p.windows, want, `${size}x${size} ${box}`);
  }
  const [j] = nonet.generate({ size: 9, jigsaw: true, constraints: ['windoku'], seed: 2 });
  assert.deepEqual(nonet.parse(j.puzzle).windows, nonet.parse({ size: 9, constraints: 'windoku' }).windows);
  assert.equal(nonet.parse({ size: 6 }).windows, undefined);
  // the conflicts name the same windows
  const w6 = nonet.parse({ size: 6, constraints: 'windoku' }).windows;
  const cells = new Array(36).fill(0);
  cells[w6[1][0]] = cells[w6[1][5]] = 1; // r5c2 and r6c4: the window alone sees both
  const cf = nonet.parse({ size: 6, constraints: 'windoku', cells }).conflicts;
  assert.deepEqual(cf.map((c) => c.cells), [[w6[1][0], w6[1][5]]]);
  assert.match(cf[0].message, /^windoku box 2 has two 1s/);
});

test('options null are no options; an unsolved path has no level', () => {
  assert.equal(nonet.solve(P, null), nonet.solve(P));
  assert.equal(nonet.count(P, null), 1);
  assert.deepEqual([...nonet.solveArray([...P].map((c) => (c === '.' ? 0 : +c)), null)],
    [...nonet.solve(P)].map(Number));
  assert.deepEqual(nonet.check(P, null), nonet.check(P));
  assert.deepEqual(nonet.candidates(P, null), nonet.candidates(P));
  assert.deepEqual(nonet.hint(P, null), nonet.hint(P));
  assert.deepEqual(nonet.level(P, null), nonet.level(P));
  assert.deepEqual(nonet.solveMany([P], null).solutions, [nonet.solve(P)]);
  assert.equal(nonet.renderHTML(P, null), nonet.renderHTML(P));
  assert.equal(nonet.generate(null).length, 1);
  const x = nonet.explain(P, { techniques: 'naked-single' });
  assert.equal(x.solved, false);
  assert.equal(x.level, undefined);
  assert.equal(x.technique, undefined);
  const y = nonet.explain(P, null);
  assert.equal(y.solved, true);
  assert.equal(y.level, nonet.level(P).level);
  if (cli) {
    // the command writes no level for the path either
    let out = '';
    try {
      out = execFileSync(cli, ['explain', '--format', 'jsonl', '--techniques', 'naked-single', P],
        { stdio: ['pipe', 'pipe', 'pipe'] }).toString();
    } catch (e) { out = e.stdout.toString(); }
    assert.equal(JSON.parse(out).level, undefined);
  }
});

test('the worker: solveArray, and what errors carry', async () => {
  const { w, started, ask } = await startWorker();
  try {
    await started;
    const A = [...P].map((c) => (c === '.' ? 0 : +c));
    assert.deepEqual((await ask(1, 'solveArray', A)).result, nonet.solveArray(A));
    const e = await ask(2, 'renderHTML', [P, 'garbage']);
    assert.equal(e.error, (() => { try { nonet.renderHTML([P, 'garbage']); } catch (x) { return x.message; } })());
    assert.deepEqual(e.extra.records.map((r) => r.record), [2]);
    assert.match(e.extra.html, /^<!DOCTYPE html>/);
  } finally {
    await w.terminate();
  }
});
