// Type declarations of the nonet package (index.js).

/** A puzzle: text in any format the command reads (an 81-cell line, a
 * 9-line grid, JSON), 81 numbers (0 or null for empty), or 9 rows of 9. */
export type Puzzle = string | ArrayLike<number | null> | ArrayLike<ArrayLike<number | null>>;

export type Constraint = 'diagonals' | 'windoku' | 'disjoint' | 'anti-knight' | 'anti-king' |
  'nonconsecutive';

/** Cells of a variant puzzle: a string of N*N symbols ('.' or '0' empty,
 * 1-9, then A-P for 10-25), N*N numbers (0 or null empty), or N rows. */
export type Cells = string | ArrayLike<number | null> | ArrayLike<ArrayLike<number | null>>;

/** A killer cage: its sum and its cells (row-major indexes from 0, or
 * "r1c1" with row and column 1 to N; any other string is refused with the
 * text reader's message). Another key is refused ("cages: unknown key
 * 'sums' in the cage of sum 3 (sum, cells)"). */
export interface Cage { sum: number; cells: ArrayLike<number | string> }

/** A variant puzzle as an object (docs/variants.md's JSON object): sizes
 * 4 to 25, boxes ([rows, cols] or "2x3"; default the usual ones) or jigsaw
 * regions (N*N numbers 0..N-1, or a string of N*N symbols), constraints,
 * killer cages, the givens. Variant puzzles also come as text (the line
 * "size=6 box=2x3 cells=...", its grid form, the JSON object), which every
 * function takes where it takes a Puzzle. A key not named here is refused
 * ("unknown key 'constraint' in a variant puzzle (size, box, regions,
 * constraints, cages, cells, solution)"); null or undefined is no key. */
export interface VariantPuzzle {
  size: number;
  box?: [number, number] | string;
  regions?: string | ArrayLike<number> | ArrayLike<ArrayLike<number>>;
  constraints?: Constraint[] | string;
  cages?: Cage[];
  cells?: Cells;
  solution?: Cells;
}

/** A variant puzzle as the library writes it (parse(...).variant,
 * generate(...)[k].variant): boxes or regions, cells as numbers. */
export interface VariantJSON {
  size: number;
  box?: [number, number];
  regions?: number[];
  constraints?: Constraint[];
  cages?: { sum: number; cells: number[] }[];
  cells: number[];
  solution?: number[];
}

/** A classic or a variant puzzle. */
export type AnyPuzzle = Puzzle | VariantPuzzle;

export const version: string;

/** A broken rule: its message and the cells it names (indexes from 0). */
export interface Conflict { message: string; cells: number[] }
/** For a variant puzzle also its size, its text line (`puzzle`) and
 * rules as the library writes them (`variant`); with windoku, its
 * windows where the library places them on the puzzle's size (each a list
 * of cells, row-major from 0; none where no window fits). */
export function parse(puzzle: AnyPuzzle): {
  cells: string;
  conflicts: Conflict[];
  size?: number;
  puzzle?: string;
  variant?: VariantJSON;
  windows?: number[][];
};
/** The unique solution: 81 digits, or N*N symbols for a variant.
 * `timeout` (seconds): a search that runs longer throws "no answer
 * within S s (timeout)" (a variant's; a classic one takes milliseconds). */
export function solve(puzzle: AnyPuzzle,
  options?: { first?: boolean; timeout?: number }): string;
/** solve without text: 81 numbers in (0 empty, 1-9), 81 numbers out
 * (into `into` when given, else a new Uint8Array). Classic 9x9 only. */
export function solveArray<T extends ArrayLike<number> = Uint8Array>(
  cells: ArrayLike<number | null | undefined>,
  options?: { first?: boolean; into?: T }): T;
/** Solutions up to `limit` (default 1000). `timeout` (seconds): a count
 * that runs longer, classic or variant, throws "no answer within S s
 * (timeout)" (a classic one to a large limit on a nearly empty grid runs
 * for minutes). */
export function count(puzzle: AnyPuzzle,
  options?: { limit?: number; timeout?: number }): number;
/** Many puzzles in one call: text with one record after another, or an
 * array of puzzles. counts[k] is -1 for a record in error. For an array,
 * record k + 1 (counts[k]) is element k: an element that is no puzzle
 * (empty, not text, several records) is a record in error with its own
 * message. With `timeout` (seconds a puzzle) a count that runs longer is
 * given up: -1, "no answer within S s (timeout)". */
export function solveMany(puzzles: string | AnyPuzzle[], options?: { limit?: number; timeout?: number }): {
  counts: Int32Array;
  solutions: (string | null)[];
  errors: { record: number; line: number; message: string }[];
};
export function check(puzzle: AnyPuzzle,
  options?: { minimal?: boolean; timeout?: number }):
  { verdict: string; unique: boolean; removable?: string[] };
/** Classic: the digits row, column and box allow ([] for a given);
 * variant: the true candidates (a given: its digit). */
export function candidates(puzzle: AnyPuzzle,
  options?: { timeout?: number }): number[][];

export type Level = 'easy' | 'medium' | 'hard' | 'expert' | 'extreme';
export type Symmetry = 'none' | 'rot180' | 'rot90' | 'mirror' | 'flip' |
  'diagonal' | 'antidiagonal' | 'random';

export interface GenerateOptions {
  count?: number;
  seed?: number | bigint | string;
  symmetry?: Symmetry;
  clues?: number;
  minClues?: number;
  maxClues?: number;
  perGrid?: number;
  pattern?: string;
  minimal?: boolean;
  level?: Level;
  rating?: string;
  filter?: boolean;
  timeout?: number;
  /** variant puzzles (the classic options above, but seed, symmetry,
   * clues, minClues, maxClues, timeout and level, are then refused; a variant's level, 'easy' to
   * 'extreme', is on the variant techniques' scale, reached by adding
   * givens, so such puzzles may not be minimal) */
  size?: number;
  box?: string;
  jigsaw?: boolean;
  constraints?: Constraint[] | string;
  killer?: boolean;
  killerGivens?: boolean;
  /** cells per cage: "2-5" (the default) or a number */
  cageSize?: string | number;
}
export interface Generated {
  puzzle: string;
  solution: string;
  clues: number;
  symmetry: Symmetry;
  job: number;
  /** with a level or rating band: Sudoku Explainer's ratings */
  er?: number;
  ep?: number;
  ed?: number;
  /** with a level or rating band: the level of `er` ("Easy" .. "Extreme") */
  level?: string;
  /** variant puzzles: `puzzle` is the text line, `solution` N*N symbols */
  size?: number;
  cages?: number;
  /** givens kept because the proof that they are not needed gave up */
  unproven?: number;
  variant?: VariantJSON;
}
export function generate(options?: GenerateOptions): Generated[] & { seed: string };

export interface LogicOptions {
  techniques?: string | string[];
  exclude?: string | string[];
  uniqueness?: boolean;
  /** Seconds a variant puzzle may take, from the call: the search for its
   * one solution, then the path (before each step and in trial and
   * error's searches); longer throws "no answer within S s (timeout)"
   * (classic puzzles are not timed). */
  timeout?: number;
}
/** [row, col, digit], 1-based. */
export type Candidate = [number, number, number];
export interface Step {
  technique: string;
  key: string;
  level: string;
  placements: Candidate[];
  eliminations: Candidate[];
  /** the pattern's cells: [row, col, role] */
  cells: [number, number, number][];
  units: string[];
  text: string;
  nudge: string;
  pattern: string;
  words: string;
}
/** A step of a variant puzzle: its cells are [row, col] pairs. A variant
 * puzzle given as text is typed as a classic one: cast its steps to this. */
export interface VariantStep extends Omit<Step, 'cells'> {
  cells: [number, number][];
}
export type HintLevel = 'nudge' | 'pattern' | 'step' | 'full';
/** `grid`: the game so far (a classic puzzle, N*N symbols or numbers, or
 * a variant puzzle whose cells are taken). */
export type HintOptions = LogicOptions & { grid?: AnyPuzzle; level?: HintLevel };
export type Hint<S = Step> = { solved: true } | (S & { solved?: undefined; hint: string });
export interface Explanation<S = Step> {
  puzzle: string;
  steps: S[];
  solved: boolean;
  /** when solved: the level by technique and the technique that decided
   * it (a path that stops has none, as the command gives none) */
  level?: string;
  technique?: string;
}
export function hint(puzzle: VariantPuzzle, options?: HintOptions): Hint<VariantStep>;
export function hint(puzzle: Puzzle, options?: HintOptions): Hint;
export function explain(puzzle: VariantPuzzle, options?: LogicOptions): Explanation<VariantStep>;
export function explain(puzzle: Puzzle, options?: LogicOptions): Explanation;

/** The level by technique (as `nonet rate --by technique`), of any puzzle. */
export interface LevelResult {
  level: string;
  technique: string;
  steps: number;
  /** steps per technique key */
  counts: Record<string, number>;
}
export function level(puzzle: AnyPuzzle, options?: LogicOptions): LevelResult;

export interface Rating {
  er: number; ep: number; ed: number; level: string; technique: string; steps: number;
}
/** Sudoku Explainer's scale: classic 9x9 puzzles only (see level). */
export function rate(puzzle: Puzzle): Rating;

/** A printable HTML book (`nonet render -f html`). A record that cannot
 * go in it throws an Error naming each such record and why ("1 record
 * left out of the book: record 2: ..."), with `records` (as solveMany's
 * errors) and `html` (the book of the others, when there are any): see
 * RenderError. For an array, record k + 1 is element k; 81 numbers or 9
 * rows of 9 are one puzzle. */
export function renderHTML(puzzles: AnyPuzzle | AnyPuzzle[],
  options?: { perPage?: 1 | 2 | 4 | 6; solutions?: boolean; title?: string }): string;

/** The Error renderHTML throws when it leaves records out. */
export interface RenderError extends Error {
  records: { record: number; line: number; message: string }[];
  html?: string;
}
