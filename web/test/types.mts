// types.mts: compiled (not run) by tsc --strict against the package's
// declarations: every function as a user would call it. A declaration
// that is missing or wrong fails the compile.
import * as nonet from '../package/index.js';
import { createWorker } from '../package/client.js';

const p = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const v: string = nonet.version;
const parsed: { cells: string; conflicts: nonet.Conflict[] } = nonet.parse(p);
const solution: string = nonet.solve(p, { first: false });
const fromArray: string = nonet.solve(new Uint8Array(81));
const fromRows: string = nonet.solve([[0, 1, null]]);
const n: number = nonet.count(p, { limit: 2 });
const verdict = nonet.check(p, { minimal: true });
const removable: string[] | undefined = verdict.removable;
const cands: number[][] = nonet.candidates(p);
const made = nonet.generate({ count: 2, seed: 7, level: 'hard', symmetry: 'rot180', minimal: true });
const seed: string = made.seed;
const first: nonet.Generated = made[0];
const er: number | undefined = first.er;
const h = nonet.hint(p, { level: 'nudge', grid: p, exclude: ['xy-wing'] });
const hintText: string = h.solved ? 'solved' : h.hint;
const path = nonet.explain(p, { uniqueness: false });
const steps: nonet.Step[] = path.steps;
const r: nonet.Rating = nonet.rate(p);
const html: string = nonet.renderHTML([p, p], { perPage: 4, solutions: true, title: 'Book' });

async function inWorker(): Promise<string> {
  const w = createWorker();
  const version: string = await w.ready;
  const s: string = await w.solve(p);
  const g: nonet.Generated[] = await w.generate({ level: 'easy' });
  const rating: nonet.Rating = await w.rate(g[0].puzzle);
  w.terminate();
  return version + s + rating.level;
}

// @ts-expect-error: a level the package does not have
nonet.generate({ level: 'impossible' });
// @ts-expect-error: solve returns a string, not a number
const wrong: number = nonet.solve(p);

export { v, parsed, solution, fromArray, fromRows, n, removable, cands, seed, er, hintText,
  steps, r, html, inWorker, wrong };
