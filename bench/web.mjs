// web.mjs: the WebAssembly package measured as its users run it, beside
// native nonet and the best-known npm Sudoku packages, in one run.
//   node bench/web.mjs --web build/web --nonet build/nonet
//     [--data ../shared/data] [--peers DIR] [--modules DIR] [--rounds 3]
// --peers: a node_modules folder holding sudoku-gen, sudoku-core and
// @algorithm.ts/sudoku (bench/web.sh installs them outside the tree);
// --modules: one holding playwright-core, for the page in Chromium.
// Prints puzzles per second (median of the rounds, one thread), ratios,
// whether each peer's puzzles are unique and minimal (checked with nonet),
// and the page's download size compressed.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) => {
  if (v.startsWith('--')) a.push([v.slice(2), all[i + 1]]);
  return a;
}, []));
const web = path.resolve(args.web || 'build/web');
const bin = path.resolve(args.nonet || 'build/nonet');
const data = path.resolve(args.data || '../shared/data');
const rounds = +(args.rounds || 3);
const nonet = await import(path.join(web, 'nonet', 'index.js'));

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (x) => Math.round(x).toLocaleString('en-US');
// Seconds of CPU time (user + system of this process: the machine is
// shared, and CPU time moves much less with the load than the wall clock;
// V8's own threads, its garbage collector's among them, are counted), and
// what fn returned. The page's times are wall clock (the browser's).
const time = (fn) => {
  const t = process.cpuUsage();
  const r = fn();
  const u = process.cpuUsage(t);
  return [(u.user + u.system) / 1e6, r];
};
// The same for a command: the CPU time of the process, from the shell's
// `times` (its children's user and system time).
const timeCommand = (argv, env) => {
  const sh = `"$@" >/dev/null; s=$?; times; exit $s`;
  const run = spawnSync('/bin/sh', ['-c', sh, 'sh', ...argv], { env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  if (run.status !== 0) throw new Error(`${argv.join(' ')}: ${run.stderr}`);
  const [, children] = run.stdout.toString().trim().split('\n');
  const secs = children.split(/\s+/).map((t) => { const m = /^(\d+)m([\d.]+)s$/.exec(t); return m ? 60 * +m[1] + +m[2] : 0; });
  return secs[0] + secs[1];
};
// the tables printed at the end: a title, a header, rows
const sections = [];
const section = (title, ...header) => sections.push({ title, header, rows: [] });
const row = (...cells) => sections[sections.length - 1].rows.push(cells);

// ---- random isomorphs, seeded (digits relabelled, bands, stacks, rows
// and columns within them permuted, transposed half the time) ----------
function rng(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) % n);
  };
}
function shuffled(r, n) {
  const a = [...Array(n).keys()];
  for (let i = n - 1; i > 0; i--) {
    const j = r(i + 1);
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
}
function lines(r) {
  const outer = shuffled(r, 3);
  const out = [];
  for (const b of outer) for (const k of shuffled(r, 3)) out.push(3 * b + k);
  return out;
}
function isomorph(p, r) {
  const digit = shuffled(r, 9);
  const rows_ = lines(r), cols = lines(r), flip = r(2);
  let s = '';
  for (let i = 0; i < 81; i++) {
    let a = rows_[Math.floor(i / 9)], b = cols[i % 9];
    if (flip) [a, b] = [b, a];
    const c = p[a * 9 + b];
    s += c >= '1' && c <= '9' ? String(digit[+c - 1] + 1) : '.';
  }
  return s;
}
function readList(file) {
  return fs.readFileSync(file, 'utf8').split('\n')
    .filter((l) => l.length >= 81 && l[0] !== '#').map((l) => l.slice(0, 81));
}

// ---- solving: the 17-clue list ------------------------------------------
const list17 = readList(path.join(data, '17clue.txt'));
const r = rng(2026);
const iso = list17.map((p) => isomorph(p, r));
const isoFile = path.join(os.tmpdir(), `nonet-web-bench-${process.pid}.txt`);
fs.writeFileSync(isoFile, iso.join('\n') + '\n');
const allText = iso.join('\n');

const wasmMany = [], wasmOne = [], native = [], portable = [];
for (let k = 0; k < rounds; k++) {
  // alternating: the machine's load drifts over a run
  const [t1, many] = time(() => nonet.solveMany(allText, { limit: 2 }));
  if (many.counts.some((n) => n !== 1)) throw new Error('a 17-clue puzzle not unique?');
  wasmMany.push(iso.length / t1);
  const [t2] = time(() => { for (const p of iso) nonet.count(p, { limit: 2 }); });
  wasmOne.push(iso.length / t2);
  for (const [out, env] of [[native, {}], [portable, { NONET_PORTABLE: '1' }]])
    out.push(iso.length / timeCommand([bin, 'count', '--limit', '2', '--threads', '1', isoFile], env));
}
fs.unlinkSync(isoFile);
const nat = median(native);
section(`Solve and prove unique (count to 2): ${fmt(iso.length)} random isomorphs of the 17-clue list`,
  'what', 'puzzles/s', 'vs native nonet');
row('native `nonet count --limit 2 --threads 1 FILE`, whole process', fmt(nat), '1.00');
row('native, `NONET_PORTABLE=1` (the solver wasm is built from, SSE2)', fmt(median(portable)),
  (median(portable) / nat).toFixed(2));
row('wasm `nonet.solveMany(text)`, one call', fmt(median(wasmMany)), (median(wasmMany) / nat).toFixed(2));
row('wasm `nonet.count(puzzle)`, a call per puzzle', fmt(median(wasmOne)), (median(wasmOne) / nat).toFixed(2));

// ---- the npm packages ------------------------------------------------------
let peers = null;
if (args.peers) {
  const req = createRequire(path.join(path.resolve(args.peers), 'x.js'));
  const load = async (name) => {
    try {
      return await import(req.resolve(name));
    } catch (e) {
      console.error(`bench: ${name} not found in ${args.peers}: ${e.message}`);
      return null;
    }
  };
  const version = (name) => {
    try {
      return JSON.parse(fs.readFileSync(path.join(path.resolve(args.peers), name, 'package.json'))).version;
    } catch { return '?'; }
  };
  peers = {
    at: await load('@algorithm.ts/sudoku'), core: await load('sudoku-core'), gen: await load('sudoku-gen'),
    v: { at: version('@algorithm.ts/sudoku'), core: version('sudoku-core'), gen: version('sudoku-gen') },
  };
}
const sample = iso.slice(0, 2000);
if (peers && peers.at) {
  const solver = new peers.at.SudokuSolver({ childMatrixWidth: 3 });
  const sol = peers.at.createSudokuBoardData(9);
  const boards = sample.map((p) => [...p].map((c) => (c === '.' ? -1 : +c - 1)));
  // like for like: the peer's call finds the first solution (it does not
  // prove it unique) from a board of numbers, into a board it is given;
  // nonet.solve(p, {first: true}) finds the first solution from the
  // puzzle's text and returns it as text. nonet.count(p, {limit: 2}) also
  // proves the solution unique: more work than the peer's call.
  // nonet's loops go over the 2,000 ten times a round (4 ms once: too
  // short a time on a busy machine); one untimed pass of each first
  // nonet.solveArray(cells, {first: true, into}) is the peer's call in
  // nonet's API: numbers in, the first solution written into an array the
  // caller gives
  const cells = sample.map((p) => Uint8Array.from([...p], (c) => (c === '.' ? 0 : +c)));
  const into = new Uint8Array(81);
  const ours = [], first = [], arrays = [], theirs = [], reps = 10;
  const countAll = () => { for (const p of sample) nonet.count(p, { limit: 2 }); };
  const firstAll = () => { for (const p of sample) nonet.solve(p, { first: true }); };
  const arrayAll = () => { for (const c of cells) nonet.solveArray(c, { first: true, into }); };
  countAll();
  firstAll();
  arrayAll();
  boards.every((b) => solver.solve(b, sol));
  for (let k = 0; k < rounds; k++) {
    const [t1] = time(() => { for (let i = 0; i < reps; i++) countAll(); });
    ours.push((reps * sample.length) / t1);
    const [t0] = time(() => { for (let i = 0; i < reps; i++) firstAll(); });
    first.push((reps * sample.length) / t0);
    const [t3] = time(() => { for (let i = 0; i < reps; i++) arrayAll(); });
    arrays.push((reps * sample.length) / t3);
    const [t2, ok] = time(() => boards.every((b) => solver.solve(b, sol)));
    if (!ok) throw new Error('@algorithm.ts/sudoku found no solution');
    theirs.push(sample.length / t2);
  }
  row(`@algorithm.ts/sudoku ${peers.v.at} \`SudokuSolver.solve\` (first solution only, numbers in and out), the first 2,000`,
    fmt(median(theirs)), (median(theirs) / nat).toFixed(3));
  row('wasm `nonet.solveArray(cells, {first: true, into})` a call per puzzle (first solution only, numbers in and out), the same 2,000: like for like',
    fmt(median(arrays)), `${(median(arrays) / median(theirs)).toFixed(1)}x the peer`);
  row('wasm `nonet.solve(puzzle, {first: true})` a call per puzzle (first solution only, text in and out), the same 2,000',
    fmt(median(first)), `${(median(first) / median(theirs)).toFixed(1)}x the peer`);
  row('wasm `nonet.count(puzzle, {limit: 2})` a call per puzzle (also proves it unique), the same 2,000',
    fmt(median(ours)), `${(median(ours) / median(theirs)).toFixed(1)}x the peer`);
}
if (peers && peers.core) {
  // sudoku-core solves by techniques; a 17-clue puzzle can take it a minute
  const [t] = time(() => peers.core.solve([...sample[0]].map((c) => (c === '.' ? null : +c))));
  row(`sudoku-core ${peers.v.core} \`solve\`, the first isomorph alone`, `${t.toFixed(1)} s for one`, '');
}

// ---- generating ----------------------------------------------------------------
// CPU seconds a call (see time), over up to n calls or `seconds`.
function genRate(fn, n, seconds = 4) {
  fn();
  const t0 = process.cpuUsage();
  const spent = () => { const u = process.cpuUsage(t0); return (u.user + u.system) / 1e6; };
  const out = [];
  while (out.length < n && spent() < seconds) out.push(fn());
  return [spent() / out.length, out];
}
const uniqueShare = (ps) => {
  let unique = 0, minimal = 0;
  for (const p of ps) {
    if (nonet.count(p, { limit: 2 }) !== 1) continue;
    unique++;
    if (!nonet.check(p, { minimal: true }).removable.length) minimal++;
  }
  return `${Math.round((100 * unique) / ps.length)}% unique, ${Math.round((100 * minimal) / ps.length)}% minimal`;
};
let seed = 1;
section('Generating, a puzzle a call (their puzzles checked with nonet: count to 2, check --minimal)',
  'what', 'ms a puzzle', 'puzzles checked', 'unique, minimal');
{
  const [t, ps] = genRate(() => nonet.generate({ seed: seed++ })[0].puzzle, 2000);
  row('wasm `nonet.generate()`, minimal', (1000 * t).toFixed(3), ps.length, uniqueShare(ps.slice(0, 300)));
  const [th] = genRate(() => nonet.generate({ seed: seed++, level: 'hard' })[0].puzzle, 300);
  row('wasm `nonet.generate({level: \'hard\'})`', (1000 * th).toFixed(2), '', '');
  let tn = 0;
  for (let k = 0; k < 200; k++) tn += timeCommand([bin, 'generate', '-n', '1', '--seed', String(seed++)]) / 200;
  row('native `nonet generate -n 1`, whole process', (1000 * tn).toFixed(2), '', '');
}
if (peers && peers.gen) {
  const [t, ps] = genRate(() => peers.gen.getSudoku('expert').puzzle.replace(/-/g, '.'), 2000);
  row(`sudoku-gen ${peers.v.gen} \`getSudoku('expert')\``, (1000 * t).toFixed(3), ps.length, uniqueShare(ps.slice(0, 300)));
}
if (peers && peers.at) {
  const creator = new peers.at.SudokuCreator({ childMatrixWidth: 3 });
  const [t, ps] = genRate(() => creator.createSudoku().puzzle.map((v) => (v < 0 ? '.' : v + 1)).join(''), 300);
  row(`@algorithm.ts/sudoku ${peers.v.at} \`createSudoku()\``, (1000 * t).toFixed(2), ps.length, uniqueShare(ps));
}
if (peers && peers.core) {
  const [t, ps] = genRate(() => peers.core.generate('hard').map((v) => v || '.').join(''), 100, 20);
  row(`sudoku-core ${peers.v.core} \`generate('hard')\``, (1000 * t).toFixed(1), ps.length, uniqueShare(ps));
}

// ---- the page: its size, and a hard puzzle in Chromium ---------------------------
const files = ['index.html', 'app.js', 'style.css', 'manifest.json', 'icon.svg', 'sw.js', 'nonet/index.js',
  'nonet/client.js', 'nonet/worker.js', 'nonet/nonet-core.mjs', 'nonet/nonet-core.wasm'];
let raw = 0, gz = 0, br = 0;
for (const f of files) {
  const b = fs.readFileSync(path.join(web, f));
  raw += b.length;
  gz += gzipSync(b, { level: 9 }).length;
  br += brotliCompressSync(b).length;
}
section('The page', 'what', 'measure');
row('every file it loads (HTML, JS, CSS, wasm): as served / gzip -9 / brotli',
  `${(raw / 1024).toFixed(0)} / ${(gz / 1024).toFixed(0)} / ${(br / 1024).toFixed(0)} KB`);
if (args.modules) {
  const req = createRequire(path.join(path.resolve(args.modules), 'x.js'));
  const { chromium } = req('playwright-core');
  const { createServer } = await import('node:http');
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
    '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json' };
  const server = createServer((q, s) => {
    let p = new URL(q.url, 'http://x').pathname;
    if (p.endsWith('/')) p += 'index.html';
    const f = path.join(web, path.normalize(p));
    if (!f.startsWith(web) || !fs.existsSync(f)) return s.writeHead(404).end();
    s.writeHead(200, { 'Content-Type': types[path.extname(f)] || 'application/octet-stream' });
    s.end(fs.readFileSync(f));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${server.address().port}/`);
    await page.getByRole('status').filter({ hasText: /new hard puzzle/ }).waitFor({ timeout: 30000 });
    const first = Date.now() - t0;
    // a click on New puzzle (level hard) until the new puzzle is on the grid
    const times = [];
    for (let k = 0; k < 20; k++) {
      times.push(await page.evaluate(() => new Promise((done) => {
        const status = document.getElementById('status');
        const t = performance.now();
        const seen = new MutationObserver(() => {
          if (/^A new hard puzzle/.test(status.textContent)) {
            seen.disconnect();
            done(performance.now() - t);
          }
        });
        seen.observe(status, { childList: true, characterData: true, subtree: true });
        document.getElementById('new').click();
      })));
    }
    row('headless Chromium: first load to the first hard puzzle on the grid', `${fmt(first)} ms`);
    row('headless Chromium: New puzzle (hard) to the puzzle on the grid, median / mean of 20',
      `${median(times).toFixed(0)} / ${(times.reduce((a, b) => a + b) / times.length).toFixed(0)} ms`);
  } finally {
    await browser.close();
    server.close();
  }
}

// ---- the table -----------------------------------------------------------------------
console.log(`nonet ${nonet.version} (wasm) on Node ${process.version}, ${os.cpus()[0].model}, ` +
  `${new Date().toISOString().slice(0, 10)}, load average ${os.loadavg()[0].toFixed(1)}; medians of ${rounds} ` +
  'alternating rounds, one thread; CPU time (user + system), the page by its own clock');
for (const t of sections) {
  console.log(`\n${t.title}\n`);
  console.log(`| ${t.header.join(' | ')} |`);
  console.log(`|---|${t.header.slice(1).map(() => '---:').join('|')}|`);
  for (const c of t.rows) console.log(`| ${c.join(' | ')} |`);
}
