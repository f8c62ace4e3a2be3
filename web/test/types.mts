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
const cellsOut: Uint8Array = nonet.solveArray(new Uint8Array(81), { first: true });
const cellsInto: number[] = nonet.solveArray([0, null, 3], { into: new Array<number>(81) });
// @ts-expect-error: solveArray takes numbers, not text
nonet.solveArray(p);
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
  const same: string = await w.version;
  const numbers: ArrayLike<number> = await w.solveArray(new Uint8Array(81), { first: true });
  w.terminate();
  return version + s + rating.level + same + numbers.length;
}

// renderHTML's error for records left out, and an unsolved path's level
try {
  nonet.renderHTML([p, 'garbage']);
} catch (e) {
  const left: { record: number; message: string }[] = (e as nonet.RenderError).records;
  const book: string | undefined = (e as nonet.RenderError).html;
  console.log(left.length, book);
}
const pathLevel: string | undefined = nonet.explain(p, { techniques: 'naked-single' }).level;

// @ts-expect-error: a level the package does not have
nonet.generate({ level: 'impossible' });
// @ts-expect-error: solve returns a string, not a number
const wrong: number = nonet.solve(p);

export { v, parsed, solution, fromArray, fromRows, n, removable, cands, seed, er, hintText,
  steps, r, html, inWorker, wrong, pathLevel };

// variant puzzles
const six: nonet.VariantPuzzle = { size: 6, box: '2x3', constraints: ['diagonals'], cells: '.'.repeat(36) };
const jig: nonet.VariantPuzzle = {
  size: 4, regions: [0, 0, 1, 1, 0, 0, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3],
  cages: [{ sum: 3, cells: [0, 'r1c2'] }], cells: [[1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, null]],
};
const vSolution: string = nonet.solve(six);
const vCount: number = nonet.count('size=6 box=2x3 cells=' + '.'.repeat(36), { limit: 10 });
const vCheck: string = nonet.check(jig, { minimal: true }).verdict;
const vCands: number[][] = nonet.candidates(jig);
const vParsed = nonet.parse(jig);
const vSize: number | undefined = vParsed.size;
const vRules: nonet.VariantJSON | undefined = vParsed.variant;
const vWindows: number[][] | undefined = nonet.parse({ size: 6, constraints: ['windoku'] }).windows;
const vMany: Int32Array = nonet.solveMany([six, p, 'size=4 cells=1']).counts;
const timed: (string | null)[] = nonet.solveMany(p, { limit: 2, timeout: 1 }).solutions;
const vMade = nonet.generate({ size: 6, jigsaw: true, killer: true, cageSize: '2-4', seed: 1, count: 2 });
const vFirst: nonet.Generated = vMade[0];
const vJSON: nonet.VariantJSON | undefined = vFirst.variant;
const vMore = nonet.generate({ constraints: 'anti-knight,diagonals', killerGivens: true, symmetry: 'rot180' });
const vHint = nonet.hint(six, { grid: new Uint8Array(36), level: 'pattern', techniques: ['cage-combination'] });
const vPair: [number, number][] = vHint.solved ? [] : vHint.cells;
const vPath: nonet.VariantStep[] = nonet.explain(jig).steps;
const vLevel: nonet.LevelResult = nonet.level(six, { exclude: 'trial' });
const vKeys: number | undefined = vLevel.counts['naked-single'];
const vHtml: string = nonet.renderHTML([six, jig, p]);

async function variantsInWorker(): Promise<string> {
  const w = createWorker();
  const s: string = await w.solve(six);
  const h = await w.hint(jig);
  const cells: [number, number][] = h.solved ? [] : h.cells;
  const c = await w.hint(p);
  const roles: [number, number, number][] = c.solved ? [] : c.cells;
  const lv: nonet.LevelResult = await w.level(p);
  const g: nonet.Generated[] = await w.generate({ size: 16, seed: 3 });
  return s + cells.length + roles.length + lv.level + g.length;
}

// @ts-expect-error: a constraint the library does not have
nonet.solve({ size: 9, constraints: ['thermo'] });
// @ts-expect-error: a key a variant puzzle does not have (the package refuses it too)
nonet.solve({ size: 9, constraint: ['diagonals'] });
// @ts-expect-error: a cage's keys are sum and cells
nonet.count({ size: 4, cages: [{ sum: 3, cells: [0, 1], sums: 4 }] });
// @ts-expect-error: Sudoku Explainer's scale is for classic puzzles
nonet.rate(six);

export { vSolution, vCount, vCheck, vCands, vSize, vRules, vWindows, vMany, timed, vJSON, vMore, vPair, vPath, vKeys,
  vHtml, variantsInWorker };
