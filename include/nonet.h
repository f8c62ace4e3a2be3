/**
 * nonet.h: the public interface of libnonet, a 9x9 Sudoku engine.
 *
 * Conventions used throughout:
 *
 * - A grid is a caller-owned buffer `uint8_t cells[81]`, row-major
 *   (cell index = row * 9 + col), each cell 0 (empty) or a digit 1..9.
 * - Rows, columns and boxes are numbered 0..8 in the API; text meant for
 *   people uses the community's 1-based notation (`r3c5`).
 * - A digit set is a `nonet_mask`: bit (d - 1) stands for digit d.
 * - Functions never keep a pointer to a buffer the caller passes in after
 *   they return, and never take ownership of it. Objects the library
 *   allocates (only the opaque reader) are freed by the matching `_free`.
 * - There is no global mutable state: every function is thread-safe as
 *   long as two threads do not use the same object at the same time.
 * - Functions that can fail return an `int` status, NONET_OK (0) on
 *   success or a negative `nonet_status`; `nonet_strerror` names it.
 */
#ifndef NONET_H
#define NONET_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(_WIN32) && defined(NONET_SHARED_BUILD)
#define NONET_API __declspec(dllexport)
#elif defined(__GNUC__)
#define NONET_API __attribute__((visibility("default")))
#else
#define NONET_API
#endif

/** Library version, as a string ("0.1.0") and as numbers. */
#define NONET_VERSION_MAJOR 0
#define NONET_VERSION_MINOR 1
#define NONET_VERSION_PATCH 0
#define NONET_VERSION_STRING "0.1.0"

/** Returns the version of the library actually linked (a static string). */
NONET_API const char *nonet_version(void);

/** Number of cells in a grid. */
#define NONET_CELLS 81

/** A set of digits: bit (d - 1) is set when digit d is in the set. */
typedef uint16_t nonet_mask;

/** All nine digits. */
#define NONET_ALL_DIGITS ((nonet_mask)0x1ff)

/** Status codes. Every failing call returns one of the negative values. */
typedef enum nonet_status {
  NONET_OK = 0,
  NONET_EINVAL = -1,    /**< an argument is out of range (a cell > 9, ...) */
  NONET_EPARSE = -2,    /**< text is not a puzzle in any known format */
  NONET_ECONFLICT = -3, /**< the givens break a rule (two 5s in a row) */
  NONET_ENOMEM = -4,    /**< out of memory */
  NONET_EIO = -5,       /**< reading the input failed */
  NONET_ERANGE = -6     /**< an output buffer is too small */
} nonet_status;

/** Returns a short English description of a status code (a static
 * string; never NULL, also for unknown codes). */
NONET_API const char *nonet_strerror(int status);

/* ------------------------------------------------------------------ */
/* Grid queries                                                        */
/* ------------------------------------------------------------------ */

/** Returns 1 when every cell of `cells` is 0..9, else 0. */
NONET_API int nonet_grid_is_valid(const uint8_t cells[81]);

/** Number of givens (non-zero cells). */
NONET_API int nonet_grid_count_givens(const uint8_t cells[81]);

/**
 * The digits that may go in the cell at (row, col): those not already
 * present in its row, column or box, ignoring the cell's own content.
 * Returns 0 for out-of-range coordinates. (The Ruby solver's
 * `possible_values(row, col)`.)
 */
NONET_API nonet_mask nonet_candidates(const uint8_t cells[81], int row,
                                      int col);

/**
 * Returns 1 when `digit` (1..9) can be placed at (row, col) without
 * repeating a digit of its row, column or box (the cell's own content is
 * ignored), 0 when it cannot, and NONET_EINVAL for bad arguments.
 * (The Ruby solver's `valid?(row, col, guess)`.)
 */
NONET_API int nonet_can_place(const uint8_t cells[81], int row, int col,
                              int digit);

/** The kind of a unit (house). */
typedef enum nonet_unit_kind {
  NONET_UNIT_ROW = 0,
  NONET_UNIT_COL = 1,
  NONET_UNIT_BOX = 2
} nonet_unit_kind;

/** One rule broken by the givens: `count` (>= 2) cells of one unit hold
 * the same digit. */
typedef struct nonet_conflict {
  uint8_t kind;     /**< a nonet_unit_kind */
  uint8_t unit;     /**< 0..8 */
  uint8_t digit;    /**< 1..9 */
  uint8_t count;    /**< how many cells of the unit hold it */
  uint8_t cells[9]; /**< their cell indexes (0..80), in reading order */
} nonet_conflict;

/**
 * Lists every conflict in `cells`, rows first, then columns, then boxes,
 * each by digit. Writes at most `cap` entries to `out` (which may be NULL
 * when `cap` is 0) and returns the total number found (0: no conflict),
 * or NONET_EINVAL when a cell is out of range.
 */
NONET_API int nonet_find_conflicts(const uint8_t cells[81],
                                   nonet_conflict *out, size_t cap);

/**
 * Describes a conflict for people, e.g. "row 3 has two 5s (r3c1, r3c7)".
 * Writes at most `cap` bytes including the terminating NUL and returns
 * the length the full text needs (as snprintf does).
 */
NONET_API size_t nonet_conflict_describe(const nonet_conflict *c, char *buf,
                                         size_t cap);

/**
 * Checks a completed grid against the rules and the givens of `puzzle`
 * (which may be NULL). Returns 1 when `solution` is full, breaks no rule
 * and agrees with every given of `puzzle`, 0 otherwise.
 */
NONET_API int nonet_is_solution(const uint8_t puzzle[81],
                                const uint8_t solution[81]);

/* ------------------------------------------------------------------ */
/* Solving                                                             */
/* ------------------------------------------------------------------ */

/** Optional statistics of one nonet_solve call. */
typedef struct nonet_solve_info {
  unsigned long long guesses; /**< branches taken by the search */
} nonet_solve_info;

/**
 * Searches the solutions of `puzzle`, stopping once `limit` (>= 1) have
 * been found. Returns the number found (0 .. limit): 0 means no solution
 * (also when the givens conflict), 1 with limit >= 2 means the solution
 * is unique. When `solution` is not NULL and a solution exists, the first
 * one found is copied there. `info` may be NULL.
 *
 * Returns NONET_EINVAL for a cell outside 0..9 or limit < 1.
 * Allocates nothing; uses a few KB of stack; thread-safe.
 */
NONET_API long nonet_solve(const uint8_t puzzle[81], uint8_t solution[81],
                           long limit, nonet_solve_info *info);

/**
 * Names the solver implementation chosen at run time for this CPU, such
 * as "avx2" or "portable". Setting the environment variable
 * NONET_PORTABLE=1 before the first solve forces the portable one.
 */
NONET_API const char *nonet_solver_backend(void);

/* ------------------------------------------------------------------ */
/* Text formats                                                        */
/* ------------------------------------------------------------------ */

/** Puzzle text formats. */
typedef enum nonet_format {
  NONET_FORMAT_AUTO = 0, /**< reading: detect per record */
  NONET_FORMAT_LINE = 1, /**< 81 cells on one line */
  NONET_FORMAT_GRID = 2, /**< 9 lines, optional separators and rules */
  NONET_FORMAT_JSON = 3, /**< [[9 numbers] x 9], 0 or null when empty */
  NONET_FORMAT_CSV = 4   /**< 81 comma-separated numbers, 0 when empty */
} nonet_format;

/** Looks up a format by its name ("line", "grid", "json", "csv", "auto");
 * returns NONET_EINVAL for an unknown name. */
NONET_API int nonet_format_from_name(const char *name);

/** The name of a format ("line", ...), or "?" for an unknown value. */
NONET_API const char *nonet_format_name(int format);

/** Flags for nonet_format_grid. */
enum {
  NONET_FMT_ZERO = 1 /**< write empty cells as '0' instead of '.' (line,
                          grid) */
};

/**
 * Writes `cells` as text in `format` (not AUTO). LINE, JSON and CSV are a
 * single line; GRID is 11 lines with box separators. No trailing newline
 * is written. Writes at most `cap` bytes including the terminating NUL
 * and returns the length the full text needs (as snprintf does), or 0 for
 * a bad format. 512 bytes are always enough.
 */
NONET_API size_t nonet_format_grid(const uint8_t cells[81], int format,
                                   unsigned flags, char *buf, size_t cap);

/** Size of the message buffer of a record. */
#define NONET_MESSAGE_MAX 160
/** Size of the kept tail of a line-format record. */
#define NONET_TAIL_MAX 256

/** One record read from a stream of puzzles. */
typedef struct nonet_record {
  uint8_t cells[81];   /**< the puzzle, when status is NONET_OK */
  unsigned long line;  /**< 1-based line where the record starts (for an
                            error: the line at fault) */
  int status;          /**< NONET_OK, or NONET_EPARSE when malformed */
  int format;          /**< the nonet_format detected */
  char message[NONET_MESSAGE_MAX]; /**< for errors: what is wrong, without
                                        file or line ("too few cells: 80
                                        of 81") */
  char tail[NONET_TAIL_MAX]; /**< line format: the text after the 81st
                                  cell, without the newline (a rating,
                                  a comment); truncated to fit */
} nonet_record;

/** A reader splits a stream of text into puzzle records, detecting the
 * format of each record. Opaque; owned by the caller; not thread-safe. */
typedef struct nonet_reader nonet_reader;

/** Input callback: copy up to `cap` bytes into `buf`, return how many (0
 * at end of input), or a negative value on error. */
typedef long (*nonet_read_fn)(void *ctx, char *buf, size_t cap);

/** Creates a reader over a callback. Returns NULL when out of memory. */
NONET_API nonet_reader *nonet_reader_new(nonet_read_fn fn, void *ctx);

/** Creates a reader over a stdio stream (not closed by the reader). */
NONET_API nonet_reader *nonet_reader_new_file(FILE *f);

/** Creates a reader over a memory buffer, which must outlive the
 * reader. */
NONET_API nonet_reader *nonet_reader_new_memory(const char *buf, size_t len);

/** Frees a reader (NULL is allowed). */
NONET_API void nonet_reader_free(nonet_reader *r);

/**
 * Reads the next record. Returns 1 when a record was read (look at
 * rec->status: a malformed record is reported and skipped, and the next
 * call goes on after it), 0 at the end of input, or NONET_EIO when the
 * callback failed. Blank lines and lines starting with '#' are skipped.
 * Input formats, detected for each record:
 * - LINE: 81 cells, digits 1-9 and '.', '0', '_' or '*' for empty;
 *   anything after the 81st cell is kept in rec->tail.
 * - GRID: 9 lines of 9 cells each, spaces, tabs, commas and '|' between
 *   cells ignored; rule lines such as "------+------+------" skipped.
 * - JSON: an array of 9 arrays of 9 numbers (0 or null for empty), an
 *   array of 81 numbers, an 81-cell string, or an object with a "puzzle"
 *   member holding one of these; it may span lines.
 * Lines longer than 64 KiB are truncated; nothing the input holds makes
 * the reader crash, hang or read out of bounds.
 */
NONET_API int nonet_reader_next(nonet_reader *r, nonet_record *rec);

/**
 * Parses one puzzle from a string in any input format (the first record
 * of `text`). Returns NONET_OK, or NONET_EPARSE with a description in
 * `err` (which may be NULL; `errcap` bytes including the NUL).
 */
NONET_API int nonet_parse(const char *text, size_t len, uint8_t cells[81],
                          char *err, size_t errcap);

/* ------------------------------------------------------------------ */
/* Random numbers and isomorphs                                        */
/* ------------------------------------------------------------------ */

/** A seedable pseudo-random generator (xoshiro256**). Plain state owned
 * by the caller: copy it to fork a stream; no global state anywhere. */
typedef struct nonet_rng {
  uint64_t s[4];
} nonet_rng;

/** Seeds a generator; the same seed always gives the same sequence. */
NONET_API void nonet_rng_seed(nonet_rng *rng, uint64_t seed);

/** The next 64 random bits. */
NONET_API uint64_t nonet_rng_next(nonet_rng *rng);

/** A uniform integer in 0 .. n-1 (0 when n is 0), without modulo bias. */
NONET_API uint32_t nonet_rng_below(nonet_rng *rng, uint32_t n);

/**
 * Writes to `out` a random isomorph of `in`: the same puzzle with digits
 * relabelled, bands, stacks, rows within bands and columns within stacks
 * permuted, and possibly transposed, all drawn from `rng`. Isomorphs have
 * the same number of solutions and the same difficulty. `in` and `out`
 * may be the same buffer.
 */
NONET_API void nonet_random_isomorph(const uint8_t in[81], uint8_t out[81],
                                     nonet_rng *rng);

/* ------------------------------------------------------------------ */
/* Difficulty on Sudoku Explainer's scale (owner: the SE rating, src/serate) */
/* ------------------------------------------------------------------ */

/**
 * Levels for people, from the ER (see nonet_rating_level):
 * Easy < 2.0 <= Medium < 3.0 <= Hard < 5.0 <= Expert < 7.0 <= Extreme.
 */
typedef enum nonet_rating_level {
  NONET_RATING_EASY = 0,    /**< singles only (ER 1.0 - 1.9) */
  NONET_RATING_MEDIUM = 1,  /**< naked singles, direct subsets (2.0 - 2.9) */
  NONET_RATING_HARD = 2,    /**< subsets, fish, wings (3.0 - 4.9) */
  NONET_RATING_EXPERT = 3,  /**< quads, uniqueness, BUG, APE (5.0 - 6.9) */
  NONET_RATING_EXTREME = 4  /**< chains and nets (7.0 and up) */
} nonet_rating_level;

/** Size of nonet_rating.technique. */
#define NONET_TECHNIQUE_MAX 96

/**
 * A rating on Sudoku Explainer's scale, as its command-line rater
 * (serate, SE 1.2.1) computes it: at every step the easiest step SE's
 * techniques find is applied; ER is the hardest step of the whole path,
 * EP the hardest up to the first placement, ED the first step. Values are
 * in tenths (72 means 7.2). A puzzle no technique solves gets 200 (20.0),
 * as in serate.
 */
typedef struct nonet_rating {
  int er;        /**< rating of the hardest step */
  int ep;        /**< hardest step up to the first placement ("pearl") */
  int ed;        /**< the first step ("diamond") */
  int level;     /**< nonet_rating_level of er */
  int steps;     /**< steps on the path (placements and eliminations) */
  char technique[NONET_TECHNIQUE_MAX]; /**< the step that decided ER,
                                            e.g. "Dynamic Cell Forcing
                                            Chains" */
} nonet_rating;

/**
 * Rates `puzzle` on Sudoku Explainer's scale. The puzzle must have exactly
 * one solution (uniqueness techniques assume it); the result goes to
 * `out`. Returns NONET_OK; NONET_EINVAL for a cell outside 0..9 or a
 * puzzle without exactly one solution (including conflicting givens);
 * NONET_ENOMEM when out of memory. Allocates scratch memory for the call
 * only; thread-safe.
 */
NONET_API int nonet_rate(const uint8_t puzzle[81], nonet_rating *out);

/** The level of an ER given in tenths (a nonet_rating_level). */
NONET_API int nonet_rating_level_of(int er);

/** The name of a level: "Easy", "Medium", "Hard", "Expert", "Extreme",
 * or "?" for an unknown value. */
NONET_API const char *nonet_rating_level_name(int level);

/* ------------------------------------------------------------------ */
/* Generating puzzles                                                  */
/* (generator branch: src/generate.c, src/generate_pool.c,             */
/*  src/symmetry.c, src/pattern.c)                                     */
/* ------------------------------------------------------------------ */

/** Symmetries of the positions of the givens. The digits themselves
 * need not be symmetric. (r, c) are 0-based row and column. */
typedef enum nonet_symmetry {
  NONET_SYMMETRY_NONE = 0,
  NONET_SYMMETRY_ROT180 = 1,       /**< (r, c) ~ (8-r, 8-c) */
  NONET_SYMMETRY_ROT90 = 2,        /**< (r, c) ~ (c, 8-r), four-fold */
  NONET_SYMMETRY_MIRROR = 3,       /**< left-right: (r, c) ~ (r, 8-c) */
  NONET_SYMMETRY_FLIP = 4,         /**< top-bottom: (r, c) ~ (8-r, c) */
  NONET_SYMMETRY_DIAGONAL = 5,     /**< (r, c) ~ (c, r) */
  NONET_SYMMETRY_ANTIDIAGONAL = 6, /**< (r, c) ~ (8-c, 8-r) */
  NONET_SYMMETRY_RANDOM = 7 /**< generating: one of ROT180 .. ANTIDIAGONAL,
                                 drawn for each puzzle */
} nonet_symmetry;

/** Looks up a symmetry by name ("none", "rot180", "rot90", "mirror",
 * "flip", "diagonal", "antidiagonal", "random"); NONET_EINVAL when
 * unknown. */
NONET_API int nonet_symmetry_from_name(const char *name);

/** The name of a symmetry, or "?" for an unknown value. */
NONET_API const char *nonet_symmetry_name(int symmetry);

/**
 * The cells that a symmetric puzzle gives or leaves empty together with
 * `cell` (its orbit, `cell` included), smallest index first, written to
 * `out` (room for 4). Returns their number (1, 2 or 4), or NONET_EINVAL
 * for a bad cell or symmetry (RANDOM included).
 */
NONET_API int nonet_symmetry_orbit(int symmetry, int cell, int out[4]);

/** Returns 1 when the givens of `cells` are placed symmetrically under
 * `symmetry` (every orbit all given or all empty), 0 when not, and
 * NONET_EINVAL for a bad symmetry (RANDOM included). */
NONET_API int nonet_grid_has_symmetry(const uint8_t cells[81], int symmetry);

/**
 * Parses a pattern of givens: 9 lines of 9 cells, or one line of 81,
 * `x`, `X` or a digit `1`-`9` marking a given, `.` or `0` an empty cell;
 * spaces, tabs, `|` and `,` between cells and rule lines such as
 * `------+------+------` are ignored, as are blank lines and `#` lines
 * before and after. Sets mask[i] to 1 for a given, 0 for empty. Returns
 * NONET_OK, or NONET_EPARSE with "line N: what is wrong" in `err`
 * (which may be NULL; `errcap` bytes including the NUL).
 */
NONET_API int nonet_pattern_parse(const char *text, size_t len,
                                  uint8_t mask[81], char *err, size_t errcap);

/** A generated puzzle. */
typedef struct nonet_gen_puzzle {
  uint8_t puzzle[81];   /**< the givens (0 empty) */
  uint8_t solution[81]; /**< its unique solution */
  int clues;            /**< number of givens */
  int symmetry;         /**< the symmetry of the givens that was asked
                             for (RANDOM resolved), NONE without */
  uint64_t job;         /**< the job that made it (see below) */
  int er, ep, ed;       /**< its Sudoku Explainer rating in tenths when
                             a rating band was asked for (rating_min or
                             rating_max set), else 0 */
} nonet_gen_puzzle;

/** Called with each generated puzzle (owned by the library, valid during
 * the call). Return 0 to go on, non-zero to stop. */
typedef int (*nonet_gen_emit_fn)(const nonet_gen_puzzle *p, void *ctx);

/** The rating hook: called with each puzzle that meets every other
 * requirement, before it is emitted; return 1 to keep it, 0 to reject
 * it (the search goes on). Meant for a difficulty filter. */
typedef int (*nonet_gen_accept_fn)(const nonet_gen_puzzle *p, void *ctx);

/** Polled between steps of the work (a few times per millisecond at
 * most); return non-zero to stop now. */
typedef int (*nonet_gen_stop_fn)(void *ctx);

/**
 * What to generate. Start from nonet_gen_options_init and change fields.
 * The options are only read; one struct may serve several threads.
 */
typedef struct nonet_gen_options {
  uint64_t seed;      /**< the same seed gives the same puzzles */
  int symmetry;       /**< a nonet_symmetry (default NONE) */
  int min_clues;      /**< at least this many givens (0: no bound) */
  int max_clues;      /**< at most this many givens (0: no bound); set
                           both to the same number for an exact count */
  int minimal;        /**< 1 (default): every given (with a symmetry:
                           every orbit of givens) is needed; 0: a clue
                           bound or pattern may leave givens that are
                           not */
  const uint8_t *pattern; /**< NULL, or 81 flags: the givens are exactly
                               the non-zero ones (read during calls only) */
  int per_grid;       /**< clue bounds: at most this many puzzles with the
                           same solution grid (the local search finds
                           neighbours that differ in a few givens); 0: no
                           limit */
  double timeout;     /**< nonet_generate: seconds of wall time (0: no
                           limit) */
  nonet_gen_accept_fn accept; /**< NULL, or the rating hook */
  void *accept_ctx;
  nonet_gen_stop_fn stop; /**< NULL, or polled to stop early */
  void *stop_ctx;
  /* Difficulty (added with the SE rater; see nonet_rate): */
  int rating_min;  /**< ER of at least this many tenths (0: no bound),
                        e.g. 70 for 7.0 */
  int rating_max;  /**< ER of at most this many tenths (0: no bound);
                        nonet_rating_level's bands are 10-19, 20-29,
                        30-49, 50-69 and 70 up */
  int rating_mode; /**< a nonet_gen_rating_mode: how the band is
                        reached (default STEER) */
} nonet_gen_options;

/**
 * How a rating band (rating_min/rating_max) is reached. Every puzzle
 * emitted is rated with nonet_rate and is inside the band either way.
 */
typedef enum nonet_gen_rating_mode {
  /** Steer: a job starts from a fresh minimal puzzle and, while its ER is
   * outside the band, walks to neighbours (one orbit of givens removed,
   * others added where a second solution differs, minimized again; now
   * and then onto another solution grid), keeping a neighbour when its
   * distance to the band is no larger, with restarts. One puzzle per job
   * at most. With clue bounds or a pattern the band only filters. */
  NONET_GEN_RATING_STEER = 0,
  /** Filter: plain generation, keeping the puzzles inside the band (for
   * comparison; the same as an accept hook). */
  NONET_GEN_RATING_FILTER = 1
} nonet_gen_rating_mode;

/** Default options: seed 0, no symmetry, no clue bounds, minimal, no
 * pattern, no timeout, no hooks, no rating band. */
NONET_API void nonet_gen_options_init(nonet_gen_options *o);

/**
 * Checks that the options can be met: a known symmetry, clue bounds in
 * order and reachable (no puzzle has fewer than 17 givens, no minimal
 * one is known with more than 40), a pattern with 17 givens or more and
 * no pair of empty rows in one band or of empty columns in one stack
 * (which always leaves two solutions), not both a pattern and a
 * symmetry that the pattern lacks, the pattern's count within the
 * clue bounds, and a rating band in order and reachable (ER from 1.0 to
 * 11.9: no puzzle is known above 11.9). Returns NONET_OK or NONET_EINVAL
 * with the reason in `err` (may be NULL).
 */
NONET_API int nonet_gen_check(const nonet_gen_options *o, char *err,
                              size_t errcap);

/** Statistics of generation (nonet_generate and nonet_generate_job add
 * to them; zero the struct first). */
typedef struct nonet_gen_stats {
  unsigned long long jobs;         /**< jobs run */
  unsigned long long puzzles;      /**< puzzles emitted */
  unsigned long long solver_calls; /**< searches run by the solver */
  unsigned long long grids;        /**< solution grids made */
  unsigned long long pool_moves;   /**< local-search moves (clue bounds) */
  unsigned long long ratings;      /**< puzzles rated (rating band) */
  unsigned long long rating_moves; /**< moves of the rating search */
  int timed_out;                   /**< nonet_generate stopped on timeout */
  int stopped;                     /**< the stop hook or emit stopped it */
} nonet_gen_stats;

/**
 * Generation is split into jobs numbered 0, 1, 2, ...: job j draws its
 * random numbers from a stream derived from (seed, j) alone and emits a
 * fixed list of puzzles (for plain, symmetric or patterned generation
 * one puzzle; for clue bounds, the puzzles that a bounded local search
 * finds, possibly none). The puzzles of a run are those of jobs 0, 1, 2,
 * ... in order, so jobs may run on any number of threads and the output
 * stays the same when it is put back in job order.
 *
 * Runs job `job` and calls `emit` for each of its puzzles. Returns the
 * number emitted, NONET_EINVAL for options nonet_gen_check rejects, or,
 * when `emit` or the stop hook stopped it, the number emitted so far
 * (and stats->stopped set). `stats` may be NULL. Thread-safe; allocates
 * only a small pool for clue-bound searches (NONET_ENOMEM when that
 * fails).
 */
NONET_API long nonet_generate_job(const nonet_gen_options *o, uint64_t job,
                                  nonet_gen_emit_fn emit, void *ctx,
                                  nonet_gen_stats *stats);

/**
 * Runs jobs 0, 1, 2, ... on the calling thread until `count` puzzles
 * were emitted, the timeout passed, or `emit` or the stop hook stopped
 * it. Returns the number of puzzles emitted (fewer than `count` after a
 * timeout: stats->timed_out tells), or NONET_EINVAL for bad options.
 */
NONET_API long nonet_generate(const nonet_gen_options *o, long count,
                              nonet_gen_emit_fn emit, void *ctx,
                              nonet_gen_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* NONET_H */
