// referee.mjs: an independent check of what the package says, written
// apart from the engine: the rules of Sudoku, and a plain backtracking
// counter (the fewest candidates first) for uniqueness claims.
export function digits(s) {
  return [...s].map((c) => (c >= '1' && c <= '9' ? +c : 0));
}

const R = (i) => Math.floor(i / 9), C = (i) => i % 9;
const B = (i) => Math.floor(R(i) / 3) * 3 + Math.floor(C(i) / 3);

/** A complete grid that breaks no rule and keeps every given. */
export function isSolution(puzzle, solution) {
  const p = digits(puzzle), s = digits(solution);
  if (s.length !== 81 || s.some((v) => v < 1)) return false;
  for (let i = 0; i < 81; i++) if (p[i] && p[i] !== s[i]) return false;
  for (let u = 0; u < 9; u++) {
    const seen = [new Set(), new Set(), new Set()];
    for (let i = 0; i < 81; i++) {
      if (R(i) === u) seen[0].add(s[i]);
      if (C(i) === u) seen[1].add(s[i]);
      if (B(i) === u) seen[2].add(s[i]);
    }
    if (seen.some((x) => x.size !== 9)) return false;
  }
  return true;
}

/** The number of solutions, up to `limit`. */
export function countSolutions(puzzle, limit = 2) {
  const g = digits(puzzle);
  const rows = new Array(9).fill(0), cols = new Array(9).fill(0), boxes = new Array(9).fill(0);
  for (let i = 0; i < 81; i++) {
    if (!g[i]) continue;
    const b = 1 << g[i];
    if ((rows[R(i)] | cols[C(i)] | boxes[B(i)]) & b) return 0;
    rows[R(i)] |= b; cols[C(i)] |= b; boxes[B(i)] |= b;
  }
  let n = 0;
  const go = () => {
    let best = -1, bestMask = 0, bestCount = 10;
    for (let i = 0; i < 81; i++) {
      if (g[i]) continue;
      const used = rows[R(i)] | cols[C(i)] | boxes[B(i)];
      let m = 0, k = 0;
      for (let d = 1; d <= 9; d++) if (!(used & (1 << d))) { m |= 1 << d; k++; }
      if (k < bestCount) { best = i; bestMask = m; bestCount = k; if (!k) return; }
    }
    if (best < 0) { n++; return; }
    for (let d = 1; d <= 9 && n < limit; d++) {
      if (!(bestMask & (1 << d))) continue;
      const b = 1 << d;
      g[best] = d; rows[R(best)] |= b; cols[C(best)] |= b; boxes[B(best)] |= b;
      go();
      g[best] = 0; rows[R(best)] &= ~b; cols[C(best)] &= ~b; boxes[B(best)] &= ~b;
    }
  };
  go();
  return n;
}

/** Every given needed: removing any leaves more than one solution. */
export function isMinimal(puzzle) {
  const p = [...puzzle];
  for (let i = 0; i < 81; i++) {
    if (p[i] === '.') continue;
    const q = p.slice(); q[i] = '.';
    if (countSolutions(q.join(''), 2) < 2) return false;
  }
  return true;
}
