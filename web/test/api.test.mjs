// api.test.mjs: the JavaScript package in Node (node --test). Every
// solution is checked against the rules by referee.mjs, every uniqueness
// claim by its own counter; messages must be the command's.
//   NONET_WEB=build/web node --test web/test/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
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
  assert.throws(() => nonet.renderHTML(['garbage']), /no puzzles to render/);
});
