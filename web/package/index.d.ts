// Type declarations of the nonet package (index.js).

/** A puzzle: text in any format the command reads (an 81-cell line, a
 * 9-line grid, JSON), 81 numbers (0 or null for empty), or 9 rows of 9. */
export type Puzzle = string | ArrayLike<number | null> | ArrayLike<ArrayLike<number | null>>;

export const version: string;

export interface Conflict { message: string; cells: number[] }
export function parse(puzzle: Puzzle): { cells: string; conflicts: Conflict[] };
export function solve(puzzle: Puzzle, options?: { first?: boolean }): string;
export function count(puzzle: Puzzle, options?: { limit?: number }): number;
/** Many puzzles in one call: text with one record after another, or an
 * array of puzzles. counts[k] is -1 for a record in error. */
export function solveMany(puzzles: string | Puzzle[], options?: { limit?: number }): {
  counts: Int32Array;
  solutions: (string | null)[];
  errors: { record: number; line: number; message: string }[];
};
export function check(puzzle: Puzzle, options?: { minimal?: boolean }):
  { verdict: string; unique: boolean; removable?: string[] };
export function candidates(puzzle: Puzzle): number[][];

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
}
export function generate(options?: GenerateOptions): Generated[] & { seed: string };

export interface LogicOptions {
  techniques?: string | string[];
  exclude?: string | string[];
  uniqueness?: boolean;
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
export type HintLevel = 'nudge' | 'pattern' | 'step' | 'full';
export function hint(puzzle: Puzzle, options?: LogicOptions & { grid?: Puzzle; level?: HintLevel }):
  { solved: true } | (Step & { solved?: undefined; hint: string });
export function explain(puzzle: Puzzle, options?: LogicOptions):
  { puzzle: string; steps: Step[]; solved: boolean; level: string; technique: string };

export interface Rating {
  er: number; ep: number; ed: number; level: string; technique: string; steps: number;
}
export function rate(puzzle: Puzzle): Rating;

export function renderHTML(puzzles: Puzzle | Puzzle[],
  options?: { perPage?: 1 | 2 | 4 | 6; solutions?: boolean; title?: string }): string;
