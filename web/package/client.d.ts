// Type declarations of client.js: the package's functions in a Web Worker.
import type * as nonet from './index.js';

type Async<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;

/** The functions of index.js, each returning a promise; errors reject
 * with the library's message. */
export interface NonetWorker {
  /** Resolves with the library's version once the engine is loaded. */
  ready: Promise<string>;
  /** Stops the worker; calls still waiting never settle. */
  terminate(): void;
  parse: Async<typeof nonet.parse>;
  solve: Async<typeof nonet.solve>;
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
