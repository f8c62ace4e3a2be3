// Type declarations of client.js: the package's functions in a Web Worker.
import type * as nonet from './index.js';

type Async<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;

/** The functions of index.js, each returning a promise; errors reject
 * with the library's message (and what index.js attaches to them:
 * `puzzles`, `records`, `html`). */
export interface NonetWorker {
  /** Resolves with the library's version once the engine is loaded.
   * Calls need not wait for it: those made sooner are held and run, in
   * order, when it is. */
  ready: Promise<string>;
  /** The library's version (index.js's `version`): the same as `ready`. */
  version: Promise<string>;
  /** Stops the worker; calls still waiting never settle. */
  terminate(): void;
  parse: Async<typeof nonet.parse>;
  solve: Async<typeof nonet.solve>;
  /** As index.js's; the answer is a copy made by the worker (`into`,
   * if given, is the worker's copy of it: yours is left as it is). */
  solveArray: Async<typeof nonet.solveArray>;
  count: Async<typeof nonet.count>;
  solveMany: Async<typeof nonet.solveMany>;
  check: Async<typeof nonet.check>;
  candidates: Async<typeof nonet.candidates>;
  generate: Async<typeof nonet.generate>;
  hint: {
    (puzzle: nonet.VariantPuzzle, options?: nonet.HintOptions): Promise<nonet.Hint<nonet.VariantStep>>;
    (puzzle: nonet.Puzzle, options?: nonet.HintOptions): Promise<nonet.Hint>;
  };
  explain: {
    (puzzle: nonet.VariantPuzzle, options?: nonet.LogicOptions):
      Promise<nonet.Explanation<nonet.VariantStep>>;
    (puzzle: nonet.Puzzle, options?: nonet.LogicOptions): Promise<nonet.Explanation>;
  };
  level: Async<typeof nonet.level>;
  rate: Async<typeof nonet.rate>;
  renderHTML: Async<typeof nonet.renderHTML>;
}

/** Starts the engine in a module worker (worker.js next to this file,
 * unless `url` names another). */
export function createWorker(url?: string | URL): NonetWorker;
