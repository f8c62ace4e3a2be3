// vreferee.mjs: an independent check of what the package says about
// variant puzzles, written apart from the engine from the rules in
// docs/variants.md: a reader of the text line and of the JSON object, the
// houses (rows, columns, boxes or jigsaw regions, diagonals, windoku
// boxes, disjoint groups), the relations (anti-knight, anti-king,
// nonconsecutive), killer cages, and a plain backtracking counter for
// uniqueness claims on small grids.

/** The value of a cell symbol: '.' or '0' empty, 1-9, then A-P (any case)
 * for 10-25. */
export function symbolValue(ch) {
  if (ch === '.' || ch === '0') return 0;
  if (ch >= '1' && ch <= '9') return +ch;
  const u = ch.toUpperCase();
  if (u >= 'A' && u <= 'P') return u.charCodeAt(0) - 55;
  throw new Error(`not a cell symbol: '${ch}'`);
}

/** N*N cells from a string of symbols or a list of numbers. */
export function cellsOf(v, n) {
  const c = typeof v === 'string' ? [...v.replace(/\s/g, '')].map(symbolValue) : v.map((x) => x || 0);
  if (c.length !== n * n) throw new Error(`${c.length} cells, not ${n * n}`);
  return c;
}

// The usual boxes of each size (docs/variants.md).
const BOXES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4], 25: [5, 5] };

/**
 * Rules: {n, box: [R, C] or null, regions (N*N region numbers), cons (a
 * Set of names), cages: [{sum, cells}]}.
 */
export function makeRules(n, { box = null, regions = null, constraints = [], cages = [] } = {}) {
  const cons = new Set(typeof constraints === 'string' ? constraints.split(',').filter(Boolean) : constraints);
  if (!regions) {
    box = box || BOXES[n];
    const [br, bc] = box;
    regions = [];
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      regions.push(Math.floor(r / br) * (n / bc) + Math.floor(c / bc));
    }
  } else {
    // numbered by first appearance when given as symbols
    if (typeof regions === 'string') {
      const seen = new Map();
      regions = [...regions].map((s) => {
        if (!seen.has(s)) seen.set(s, seen.size);
        return seen.get(s);
      });
    }
    box = null;
  }
  return { n, box, regions, cons, cages };
}

/** Reads the text line "size=N box=RxC regions=... constraints=...
 * cages=S:C,C;... cells=..." into {rules, cells}. */
export function readLine(line) {
  const f = {};
  for (const part of line.trim().split(/\s+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) f[part.slice(0, eq)] = part.slice(eq + 1);
  }
  const n = +f.size;
  const cellIndex = (t) => {
    const m = /^r(\d+)c(\d+)$/i.exec(t);
    return m ? (m[1] - 1) * n + (m[2] - 1) : +t;
  };
  const cages = f.cages ? f.cages.split(';').map((cg) => {
    const [sum, list] = cg.split(':');
    return { sum: +sum, cells: list.split(',').map(cellIndex) };
  }) : [];
  const regions = f.regions === undefined ? null
    : f.regions.includes(',') ? f.regions.split(',').map(Number) : f.regions;
  const box = f.box ? f.box.split(/x/i).map(Number) : null;
  const rules = makeRules(n, { box, regions, constraints: f.constraints || '', cages });
  const cells = f.cells === undefined ? new Array(n * n).fill(0)
    : f.cells.includes(',') ? f.cells.split(',').map(Number) : cellsOf(f.cells, n);
  return { rules, cells };
}

/** Reads the JSON object {size, box, regions, constraints, cages, cells}. */
export function readObject(o) {
  const rules = makeRules(o.size, {
    box: o.box, regions: o.regions, constraints: o.constraints || [], cages: o.cages || [],
  });
  const cells = o.cells === undefined ? new Array(o.size * o.size).fill(0) : cellsOf(o.cells, o.size);
  return { rules, cells };
}

/** The houses: lists of N cells that hold every digit once. */
export function houses(rules) {
  const { n, regions, cons } = rules;
  const hs = [];
  for (let r = 0; r < n; r++) hs.push([...Array(n).keys()].map((c) => r * n + c));
  for (let c = 0; c < n; c++) hs.push([...Array(n).keys()].map((r) => r * n + c));
  for (let g = 0; g < n; g++) hs.push([...Array(n * n).keys()].filter((i) => regions[i] === g));
  if (cons.has('diagonals')) {
    hs.push([...Array(n).keys()].map((k) => k * n + k));
    hs.push([...Array(n).keys()].map((k) => k * n + n - 1 - k));
  }
  if (cons.has('windoku')) {
    // boxes one cell in from the box lines: starting at row and column
    // 1, then one box and one line further each time
    const [wr, wc] = rules.box || BOXES[n];
    for (let r0 = 1; r0 + wr <= n; r0 += wr + 1)
      for (let c0 = 1; c0 + wc <= n; c0 += wc + 1) {
        const h = [];
        for (let r = r0; r < r0 + wr; r++) for (let c = c0; c < c0 + wc; c++) h.push(r * n + c);
        hs.push(h);
      }
  }
  if (cons.has('disjoint')) {
    const [br, bc] = rules.box;
    for (let p = 0; p < n; p++)
      hs.push([...Array(n * n).keys()].filter((i) => (Math.floor(i / n) % br) * bc + (i % n) % bc === p));
  }
  return hs;
}

/** Pairs of related cells [a, b, kind]: kind 'differ' (anti-knight,
 * anti-king) or 'apart' (nonconsecutive: differ by more than 1). */
export function relations(rules) {
  const { n, cons } = rules;
  const moves = [];
  if (cons.has('anti-knight'))
    for (const [dr, dc] of [[1, 2], [2, 1], [1, -2], [2, -1]]) moves.push([dr, dc, 'differ']);
  if (cons.has('anti-king'))
    for (const [dr, dc] of [[1, -1], [1, 0], [1, 1], [0, 1]]) moves.push([dr, dc, 'differ']);
  if (cons.has('nonconsecutive'))
    for (const [dr, dc] of [[1, 0], [0, 1]]) moves.push([dr, dc, 'apart']);
  const pairs = [];
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++)
      for (const [dr, dc, kind] of moves) {
        const r2 = r + dr, c2 = c + dc;
        if (r2 >= 0 && r2 < n && c2 >= 0 && c2 < n) pairs.push([r * n + c, r2 * n + c2, kind]);
      }
  return pairs;
}

/** A full grid that keeps every rule and every given. */
export function isSolution(rules, puzzle, solution) {
  const { n } = rules;
  if (solution.length !== n * n) return false;
  for (let i = 0; i < n * n; i++) {
    if (!(solution[i] >= 1 && solution[i] <= n)) return false;
    if (puzzle[i] && puzzle[i] !== solution[i]) return false;
  }
  for (const h of houses(rules))
    if (h.length !== n || new Set(h.map((i) => solution[i])).size !== n) return false;
  for (const [a, b, kind] of relations(rules)) {
    const d = Math.abs(solution[a] - solution[b]);
    if (kind === 'differ' ? d === 0 : d <= 1) return false;
  }
  for (const cg of rules.cages) {
    const v = cg.cells.map((i) => solution[i]);
    if (new Set(v).size !== v.length || v.reduce((s, x) => s + x, 0) !== cg.sum) return false;
  }
  return true;
}

/**
 * Every solution up to `limit`, by plain backtracking (the cell with the
 * fewest digits left first), each digit tried against every house,
 * relation and cage; for small grids (4x4, 6x6).
 */
export function solutions(rules, puzzle, limit = 2) {
  const { n } = rules;
  const g = puzzle.slice();
  const peers = [...Array(n * n)].map(() => new Set());
  for (const h of houses(rules))
    for (const a of h) for (const b of h) if (a !== b) peers[a].add(b);
  const rel = [...Array(n * n)].map(() => []);
  for (const [a, b, kind] of relations(rules)) {
    rel[a].push([b, kind]);
    rel[b].push([a, kind]);
  }
  const cageOf = new Array(n * n).fill(null);
  for (const cg of rules.cages) for (const i of cg.cells) cageOf[i] = cg;
  const fits = (i, d) => {
    for (const j of peers[i]) if (g[j] === d) return false;
    for (const [j, kind] of rel[i]) {
      if (!g[j]) continue;
      const x = Math.abs(g[j] - d);
      if (kind === 'differ' ? x === 0 : x <= 1) return false;
    }
    const cg = cageOf[i];
    if (cg) {
      let sum = d, open = 0;
      for (const j of cg.cells) {
        if (j === i) continue;
        if (g[j] === d) return false;
        if (g[j]) sum += g[j]; else open++;
      }
      // the open cells need at least 1 + 2 + ... and at most n + (n-1) + ...
      let lo = 0, hi = 0;
      for (let k = 0; k < open; k++) { lo += k + 1; hi += n - k; }
      if (sum + lo > cg.sum || sum + hi < cg.sum) return false;
    }
    return true;
  };
  for (let i = 0; i < n * n; i++) {
    if (!g[i]) continue;
    const d = g[i];
    g[i] = 0;
    if (!fits(i, d)) return [];
    g[i] = d;
  }
  const found = [];
  const go = () => {
    let best = -1, bestDigits = null;
    for (let i = 0; i < n * n; i++) {
      if (g[i]) continue;
      const ds = [];
      for (let d = 1; d <= n; d++) if (fits(i, d)) ds.push(d);
      if (!bestDigits || ds.length < bestDigits.length) {
        best = i;
        bestDigits = ds;
        if (!ds.length) return;
      }
    }
    if (best < 0) {
      if (isSolution(rules, puzzle, g)) found.push(g.slice());
      return;
    }
    for (const d of bestDigits) {
      if (found.length >= limit) return;
      g[best] = d;
      go();
      g[best] = 0;
    }
  };
  go();
  return found;
}

/** The number of solutions, up to `limit`. */
export function countSolutions(rules, puzzle, limit = 2) {
  return solutions(rules, puzzle, limit).length;
}

/** Every given needed: removing any one (or, with `orbit`, the cells
 * orbit(i) together) leaves more than one solution. */
export function isMinimal(rules, puzzle, orbit = (i) => [i]) {
  for (let i = 0; i < puzzle.length; i++) {
    if (!puzzle[i]) continue;
    const q = puzzle.slice();
    for (const j of orbit(i)) q[j] = 0;
    if (countSolutions(rules, q, 2) < 2) return false;
  }
  return true;
}

/** The same rules: the same houses, relations and cages. */
export function sameRules(a, b) {
  const key = (r) => JSON.stringify([
    r.n, houses(r).map((h) => h.slice().sort((x, y) => x - y)).sort(),
    relations(r), r.cages.map((c) => [c.sum, c.cells.slice().sort((x, y) => x - y)]).sort(),
  ]);
  return key(a) === key(b);
}
