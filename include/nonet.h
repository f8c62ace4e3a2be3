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
 *   Out of memory is always reported as NONET_ENOMEM, never as a result.
 * - Options that grow (generation, techniques) are opaque objects with
 *   setters; the plain structs the caller allocates never change size.
 *
 * Versions: the library's soname is its major version (libnonet.so.1).
 * Within a major version the ABI only grows: new functions, new enum
 * values, new fields at the end of structs the library allocates; an
 * incompatible change bumps the major version. CI compares every build
 * with the last release's ABI (abidiff). NEWS.md lists the changes.
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
#define NONET_VERSION_MAJOR 1
#define NONET_VERSION_MINOR 0
#define NONET_VERSION_PATCH 0
#define NONET_VERSION_STRING "1.0.0"

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
  NONET_ERANGE = -6,    /**< an output buffer is too small */
  NONET_ESTOPPED = -7,  /**< the caller's stop function ended a search */
  NONET_ENOGRID = -8    /**< no grid keeps the variant rules asked for
                             (nonet_variant_generate_job's proof) */
} nonet_status;

/** Returns a short English description of a status code (a static
 * string; never NULL, also for unknown codes). It takes an int because
 * functions return their status as int (or long): any value they
 * returned may be passed. */
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
NONET_API int nonet_find_conflicts(const uint8_t cells[81], nonet_conflict *out,
                                   size_t cap);

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
 * Allocates nothing; uses at most about 30 KB of stack; thread-safe.
 */
NONET_API long nonet_solve(const uint8_t puzzle[81], uint8_t solution[81],
                           long limit, nonet_solve_info *info);

/**
 * nonet_solve with a way out, for a count to a large limit (a nearly
 * empty grid has more solutions than any limit; the search finds a few
 * million a second): the search calls `stop(ctx)` every 1024 branches
 * (about half a millisecond apart on an empty grid) and ends when it
 * returns nonzero, returning NONET_ESTOPPED (what it found is then
 * lost). `stop` runs on the calling thread; it may read a clock (a time
 * limit) or a flag another thread sets (a Cancel button). NULL: the same
 * as nonet_solve, which never asks (its search is a copy of its own,
 * without the call: as fast as before this function came).
 */
NONET_API long nonet_solve_until(const uint8_t puzzle[81], uint8_t solution[81],
                                 long limit, int (*stop)(void *ctx), void *ctx,
                                 nonet_solve_info *info);

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
NONET_API const char *nonet_format_name(nonet_format format);

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
NONET_API size_t nonet_format_grid(const uint8_t cells[81], nonet_format format,
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
  nonet_format format; /**< the format detected */
  char message[NONET_MESSAGE_MAX]; /**< for errors: what is wrong, without
                                        file or line ("too few cells: 80
                                        of 81") */
  char tail[NONET_TAIL_MAX];       /**< line format: the text after the 81st
                                        cell, without the newline (a rating,
                                        a comment, a solution; a CSV row's
                                        column named solution or answer,
                                        not right after the puzzle's, is
                                        put first, after the separator);
                                        grid format
                                        (a grid below a line "solution:")
                                        and JSON (a "solution" member, kept
                                        only when it is one): the solution
                                        as 81 digits, checked against the
                                        rules and the givens;
                                        empty otherwise; truncated to fit */
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
 * A line longer than 64 KiB (65,536 bytes; not a comment) is a record
 * of its own with NONET_EPARSE ("line longer than 65536 bytes"), never
 * read in part; nothing the input holds makes the reader crash, hang or
 * read out of bounds.
 */
NONET_API int nonet_reader_next(nonet_reader *r, nonet_record *rec);

/**
 * Reads the next record as nonet_reader_next does, except that a record
 * the reader can tell is one line by its first characters (81 cells on a
 * line, after line 1) and that fits in `cap` bytes with its NUL is not
 * parsed: its text (without the newline) is copied to `text`, its length
 * to `*len` and its line number to rec->line, and 2 is returned; the
 * caller then parses it, possibly on another thread, with
 * nonet_record_parse_line, and gets the very record nonet_reader_next
 * would have given. Returns 1 for a record read as by nonet_reader_next,
 * 0 at the end of input, NONET_EIO or NONET_EINVAL.
 */
NONET_API int nonet_reader_next_text(nonet_reader *r, nonet_record *rec,
                                     char *text, size_t cap, size_t *len);

/**
 * Parses the text of a one-line record that nonet_reader_next_text gave
 * into `rec` (every field but rec->line, which is kept). Any text is
 * safe: without 81 cells it is reported in rec->status and rec->message.
 */
NONET_API void nonet_record_parse_line(const char *text, size_t len,
                                       nonet_record *rec);

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
/* Generating puzzles                                                  */
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
NONET_API const char *nonet_symmetry_name(nonet_symmetry symmetry);

/**
 * The cells that a symmetric puzzle gives or leaves empty together with
 * `cell` (its orbit, `cell` included), smallest index first, written to
 * `out` (room for 4). Returns their number (1, 2 or 4), or NONET_EINVAL
 * for a bad cell or symmetry (RANDOM included).
 */
NONET_API int nonet_symmetry_orbit(nonet_symmetry symmetry, int cell,
                                   int out[4]);

/** Returns 1 when the givens of `cells` are placed symmetrically under
 * `symmetry` (every orbit all given or all empty), 0 when not, and
 * NONET_EINVAL for a bad symmetry (RANDOM included). */
NONET_API int nonet_grid_has_symmetry(const uint8_t cells[81],
                                      nonet_symmetry symmetry);

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

/** A generated puzzle. Owned by the library and valid during the
 * callback only; copy what you keep. Fields may be added at the end in
 * later versions (the library allocates it, so that stays compatible). */
typedef struct nonet_gen_puzzle {
  uint8_t puzzle[81];      /**< the givens (0 empty) */
  uint8_t solution[81];    /**< its unique solution */
  int clues;               /**< number of givens */
  nonet_symmetry symmetry; /**< the symmetry of the givens that was asked
                                for (RANDOM resolved), NONE without */
  uint64_t job;            /**< the job that made it (see below) */
  int er, ep, ed;          /**< its Sudoku Explainer rating in tenths when
                                a rating band was asked for, else 0 */
} nonet_gen_puzzle;

/** Called with each generated puzzle. Return 0 to go on, non-zero to
 * stop. */
typedef int (*nonet_gen_emit_fn)(const nonet_gen_puzzle *p, void *ctx);

/** The accept hook: called with each puzzle that meets every other
 * requirement, before it is emitted; return 1 to keep it, 0 to reject
 * it (the search goes on). */
typedef int (*nonet_gen_accept_fn)(const nonet_gen_puzzle *p, void *ctx);

/** Polled between steps of the work (a few times per millisecond at
 * most); return non-zero to stop now. */
typedef int (*nonet_gen_stop_fn)(void *ctx);

/**
 * How a rating band is reached. Every puzzle emitted is rated with
 * nonet_rate and is inside the band either way.
 */
typedef enum nonet_gen_rating_mode {
  /** Steer: a job starts from a fresh minimal puzzle and, while its ER is
   * outside the band, walks to neighbours (one orbit of givens removed,
   * others added where a second solution differs, minimized again; now
   * and then onto another solution grid), keeping a neighbour when its
   * distance to the band is no larger, with restarts. One puzzle per job
   * at most. With clue bounds or a pattern the band only filters. */
  NONET_GEN_RATING_STEER = 0,
  /** Filter: plain generation, keeping the puzzles inside the band. */
  NONET_GEN_RATING_FILTER = 1
} nonet_gen_rating_mode;

/**
 * What to generate: an opaque set of options, created with
 * nonet_gen_options_new (the defaults: seed 0, no symmetry, no clue
 * bounds, minimal, no pattern, no timeout, no hooks, no rating band),
 * changed with the setters below, freed with nonet_gen_options_free.
 * Generation only reads it: one set may serve several threads at once,
 * as long as none of them changes it meanwhile.
 */
typedef struct nonet_gen_options nonet_gen_options;

/** New options with the defaults; NULL when out of memory. */
NONET_API nonet_gen_options *nonet_gen_options_new(void);
/** A copy of `o` (the pattern is copied too); NULL when out of memory. */
NONET_API nonet_gen_options *nonet_gen_options_copy(const nonet_gen_options *o);
/** Frees options (NULL is allowed). */
NONET_API void nonet_gen_options_free(nonet_gen_options *o);

/* The setters return NONET_OK, or NONET_EINVAL for a value out of range
 * (the combination is checked by nonet_gen_check). */

/** The same seed gives the same puzzles. */
NONET_API int nonet_gen_set_seed(nonet_gen_options *o, uint64_t seed);
/** The symmetry of the givens (NONE by default; RANDOM: one of ROT180 ..
 * ANTIDIAGONAL drawn for each puzzle). */
NONET_API int nonet_gen_set_symmetry(nonet_gen_options *o,
                                     nonet_symmetry symmetry);
/** At least `min` and at most `max` givens (0: no bound); the same
 * number twice asks for exactly that many. */
NONET_API int nonet_gen_set_clues(nonet_gen_options *o, int min, int max);
/** 1 (default): every given (with a symmetry: every orbit of givens) is
 * needed; 0: clue bounds or a pattern may leave givens that are not.
 * NONET_EINVAL for any other value, as the other setters refuse values
 * out of range. */
NONET_API int nonet_gen_set_minimal(nonet_gen_options *o, int minimal);
/** The givens are exactly the non-zero cells of `mask` (81 flags, copied);
 * NULL: no pattern. */
NONET_API int nonet_gen_set_pattern(nonet_gen_options *o,
                                    const uint8_t mask[81]);
/** With clue bounds: at most `n` puzzles with the same solution grid (the
 * local search finds neighbours that differ in a few givens); 0: no
 * limit. */
NONET_API int nonet_gen_set_per_grid(nonet_gen_options *o, int n);
/** nonet_generate gives up after `seconds` of wall time (0: never; at
 * most 1e9, NONET_EINVAL for more, a negative value or NaN). */
NONET_API int nonet_gen_set_timeout(nonet_gen_options *o, double seconds);
/** A band of ER in tenths, e.g. 70 .. 0 for 7.0 and up (0: no bound),
 * and how it is reached. */
NONET_API int nonet_gen_set_rating(nonet_gen_options *o, int min, int max,
                                   nonet_gen_rating_mode mode);
/** The accept hook (NULL: none). */
NONET_API int nonet_gen_set_accept(nonet_gen_options *o, nonet_gen_accept_fn fn,
                                   void *ctx);
/** The stop hook (NULL: none). */
NONET_API int nonet_gen_set_stop(nonet_gen_options *o, nonet_gen_stop_fn fn,
                                 void *ctx);

/**
 * Sets an option from text, by the name `nonet generate` gives it on its
 * command line (without the dashes), so that every front end (the
 * command, the JavaScript and Python packages) reads options the same
 * way and reports the same errors:
 *   seed N | symmetry NAME | clues N | min-clues N | max-clues N |
 *   per-grid N | minimal | no-minimal | timeout SECS |
 *   rating MIN-MAX (ER, one decimal: "7.0-", "-1.9", "2.0-3.4", "4.2") |
 *   level easy|medium|hard|expert|extreme | filter |
 *   pattern TEXT (the text of a pattern, see nonet_pattern_parse)
 * (`value` is ignored, and may be NULL, for minimal, no-minimal and
 * filter). Returns NONET_OK, or NONET_EINVAL with the reason in `err`
 * (e.g. "--rating 5-3: the lower bound is above the upper bound").
 * Combinations are checked by nonet_gen_check.
 */
NONET_API int nonet_gen_options_parse(nonet_gen_options *o, const char *name,
                                      const char *value, char *err,
                                      size_t errcap);

/** The seed (for messages such as "repeat with --seed N"). */
NONET_API uint64_t nonet_gen_get_seed(const nonet_gen_options *o);
/** 1 when the options ask for a search that may take long and find
 * nothing (clue bounds, a pattern or a rating band): front ends then set
 * a default timeout. */
NONET_API int nonet_gen_is_search(const nonet_gen_options *o);
/** The timeout in seconds (0: none). */
NONET_API double nonet_gen_get_timeout(const nonet_gen_options *o);
/** The timeout front ends set when the caller gave none, in seconds: 120
 * for a search (nonet_gen_is_search), 0 (none) otherwise. */
NONET_API double nonet_gen_search_timeout(const nonet_gen_options *o);
/** 1 when a seed was set (by nonet_gen_set_seed or "seed"). */
NONET_API int nonet_gen_has_seed(const nonet_gen_options *o);
/** 1 when a timeout was set (by nonet_gen_set_timeout or "timeout"). */
NONET_API int nonet_gen_has_timeout(const nonet_gen_options *o);

/**
 * Describes what the options ask for, for messages: "minimal puzzles
 * with at most 17 givens of level hard and rot180 symmetry" (`plural`:
 * "puzzles" rather than "puzzle"). Same return convention as snprintf.
 */
NONET_API size_t nonet_gen_describe(const nonet_gen_options *o, int plural,
                                    char *buf, size_t cap);

/**
 * Checks that the options can be met: clue bounds in order and reachable
 * (no puzzle has fewer than 17 givens, no minimal one is known with more
 * than 40), a pattern with 17 givens or more and no pair of empty rows in
 * one band or of empty columns in one stack (which always leaves two
 * solutions), not both a pattern and a symmetry that the pattern lacks,
 * the pattern's count within the clue bounds, a rating band in order and
 * reachable (ER from 1.0 to 11.9: no puzzle is known above 11.9), and
 * options that cannot be combined ("clues" with "min-clues", "rating"
 * with "level", "filter" without a band). Returns NONET_OK or
 * NONET_EINVAL with the reason in `err` (may be NULL).
 */
NONET_API int nonet_gen_check(const nonet_gen_options *o, char *err,
                              size_t errcap);

/** Statistics of generation (nonet_generate and nonet_generate_job add
 * to them; zero the struct first). Its size never changes: later
 * counters go to new functions. */
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
 * number emitted, NONET_EINVAL for options nonet_gen_check rejects,
 * NONET_ENOMEM when out of memory, or, when `emit` or the stop hook
 * stopped it, the number emitted so far (and stats->stopped set).
 * `stats` may be NULL. Thread-safe.
 */
NONET_API long nonet_generate_job(const nonet_gen_options *o, uint64_t job,
                                  nonet_gen_emit_fn emit, void *ctx,
                                  nonet_gen_stats *stats);

/**
 * Runs jobs 0, 1, 2, ... on the calling thread until `count` puzzles
 * were emitted, the timeout passed, or `emit` or the stop hook stopped
 * it. Returns the number of puzzles emitted (fewer than `count` after a
 * timeout: stats->timed_out tells), NONET_EINVAL for bad options, or
 * NONET_ENOMEM when out of memory.
 */
NONET_API long nonet_generate(const nonet_gen_options *o, long count,
                              nonet_gen_emit_fn emit, void *ctx,
                              nonet_gen_stats *stats);

/* ------------------------------------------------------------------ */
/* Levels                                                              */
/* ------------------------------------------------------------------ */

/**
 * Difficulty levels for people. On Sudoku Explainer's scale (nonet_rate)
 * they are bands of ER: Easy < 2.0 <= Medium < 3.0 <= Hard < 5.0 <=
 * Expert < 7.0 <= Extreme. On the technique scale (nonet_logic_solve)
 * they follow the hardest technique used (nonet_technique_level), and a
 * path that needs trial and error is NONET_LEVEL_TRIAL.
 */
typedef enum nonet_level {
  NONET_LEVEL_EASY = 0,    /**< singles only (ER 1.0 - 1.9) */
  NONET_LEVEL_MEDIUM = 1,  /**< naked singles, direct subsets (2.0 - 2.9) */
  NONET_LEVEL_HARD = 2,    /**< subsets, fish, wings (3.0 - 4.9) */
  NONET_LEVEL_EXPERT = 3,  /**< quads, uniqueness, BUG, APE (5.0 - 6.9) */
  NONET_LEVEL_EXTREME = 4, /**< chains and nets (7.0 and up) */
  NONET_LEVEL_TRIAL = 5    /**< technique scale: trial and error needed */
} nonet_level;

/** The name of a level: "Easy", "Medium", "Hard", "Expert", "Extreme",
 * "Trial-and-error", or "?" for an unknown value. */
NONET_API const char *nonet_level_name(nonet_level level);

/** Looks a level up by name, any case ("hard"); NONET_EINVAL when
 * unknown. */
NONET_API int nonet_level_from_name(const char *name);

/* ------------------------------------------------------------------ */
/* Logic engine: human-style techniques, hints, explanations           */
/* ------------------------------------------------------------------ */

/**
 * Techniques of the logic engine. Their values never change: a new
 * technique gets the next free value, wherever it goes in the default
 * order (which is data: nonet_technique_default_order), and ids stay
 * below NONET_TECH_SLOTS. nonet_technique_name gives the community's
 * name, nonet_technique_key a short lower-case key ("x-wing") used on
 * command lines, nonet_technique_level its level.
 */
typedef enum nonet_technique {
  NONET_TECH_FULL_HOUSE = 0,    /**< last empty cell of a unit */
  NONET_TECH_NAKED_SINGLE = 1,  /**< a cell with one candidate */
  NONET_TECH_HIDDEN_SINGLE = 2, /**< a digit with one place in a unit */
  NONET_TECH_POINTING = 3,      /**< locked candidates type 1 */
  NONET_TECH_CLAIMING = 4,      /**< locked candidates type 2 */
  NONET_TECH_NAKED_PAIR = 5,
  NONET_TECH_NAKED_TRIPLE = 6,
  NONET_TECH_HIDDEN_PAIR = 7,
  NONET_TECH_HIDDEN_TRIPLE = 8,
  NONET_TECH_NAKED_QUAD = 9,
  NONET_TECH_HIDDEN_QUAD = 10,
  NONET_TECH_X_WING = 11,
  NONET_TECH_SWORDFISH = 12,
  NONET_TECH_JELLYFISH = 13,
  NONET_TECH_REMOTE_PAIR = 14,
  NONET_TECH_BUG_PLUS_1 = 15, /**< uniqueness */
  NONET_TECH_SKYSCRAPER = 16,
  NONET_TECH_TWO_STRING_KITE = 17,
  NONET_TECH_TURBOT_FISH = 18,
  NONET_TECH_EMPTY_RECTANGLE = 19,
  NONET_TECH_W_WING = 20,
  NONET_TECH_XY_WING = 21,
  NONET_TECH_XYZ_WING = 22,
  NONET_TECH_UR_1 = 23, /**< unique rectangle type 1 (uniqueness) */
  NONET_TECH_UR_2 = 24,
  NONET_TECH_UR_3 = 25,
  NONET_TECH_UR_4 = 26,
  NONET_TECH_HIDDEN_RECTANGLE = 27, /**< uniqueness */
  NONET_TECH_FINNED_X_WING = 28,
  NONET_TECH_SASHIMI_X_WING = 29,
  NONET_TECH_FINNED_SWORDFISH = 30,
  NONET_TECH_SASHIMI_SWORDFISH = 31,
  NONET_TECH_FINNED_JELLYFISH = 32,
  NONET_TECH_SASHIMI_JELLYFISH = 33,
  NONET_TECH_SIMPLE_COLORS = 34,
  NONET_TECH_MULTI_COLORS = 35,
  NONET_TECH_X_CHAIN = 36,
  NONET_TECH_XY_CHAIN = 37,
  NONET_TECH_AIC = 38,         /**< AIC and nice loops */
  NONET_TECH_GROUPED_AIC = 39, /**< the same with grouped nodes */
  NONET_TECH_SUE_DE_COQ = 40,
  NONET_TECH_ALS_XZ = 41,
  NONET_TECH_ALS_XY_WING = 42,
  NONET_TECH_APE = 43,              /**< aligned pair exclusion */
  NONET_TECH_FC_CONTRADICTION = 44, /**< forcing chain contradiction */
  NONET_TECH_FC_VERITY = 45,        /**< cell, unit and double forcing chains */
  NONET_TECH_FN_CONTRADICTION = 46, /**< forcing net contradiction */
  NONET_TECH_FN_VERITY = 47,        /**< cell, unit and double forcing nets */
  NONET_TECH_TRIAL = 48,            /**< last resort: trial and error by search,
                                    NOT logic; always labelled so */
} nonet_technique;

/** Room for technique ids: every id is below it, now and in later
 * versions (arrays indexed by technique may use it as their size). */
#define NONET_TECH_SLOTS 128

/** The number of techniques this library knows: their ids are 0 ..
 * nonet_technique_count() - 1. */
NONET_API int nonet_technique_count(void);
/** Writes the default order in which nonet_logic_find tries the
 * techniques (easiest first, trial and error last) to `out`, at most
 * `cap` ids, and returns how many there are. */
NONET_API size_t nonet_technique_default_order(nonet_technique *out,
                                               size_t cap);
/** The name of a technique ("X-Wing"), or "?" for an unknown id. */
NONET_API const char *nonet_technique_name(nonet_technique technique);
/** The short key of a technique ("x-wing"), or "?" for an unknown id. */
NONET_API const char *nonet_technique_key(nonet_technique technique);
/** Looks a technique up by key or name (case-insensitive; spaces and
 * '-' alike); returns its id or NONET_EINVAL. */
NONET_API int nonet_technique_from_name(const char *name);
/** 1 when the technique relies on the puzzle having one solution. */
NONET_API int nonet_technique_is_uniqueness(nonet_technique technique);
/** The level a puzzle gets when this is the hardest technique its
 * solving path needs (nonet rate --by technique): Easy (singles),
 * Medium (locked candidates, pairs, triples), Hard (quads, basic fish,
 * wings, single-digit patterns, simple colors, uniqueness), Expert
 * (finned fish, multi colors, chains and loops, ALS, sue de coq, APE),
 * Extreme (forcing chains and nets), NONET_LEVEL_TRIAL for trial and
 * error. NONET_EINVAL for an unknown id. */
NONET_API int nonet_technique_level(nonet_technique technique);

/**
 * The candidate grid a solving path works on. A plain struct owned by
 * the caller: nonet_logic_init fills it from a puzzle; callers may also
 * remove candidates themselves (a pencil-mark grid). `cand[i]` is 0 for
 * a filled cell.
 */
typedef struct nonet_logic_state {
  uint8_t cells[81];   /**< placed digits (givens and solved), 0 = empty */
  uint8_t givens[81];  /**< 1 for the puzzle's givens */
  nonet_mask cand[81]; /**< candidates of each empty cell */
  int unique;          /**< 1 when the puzzle is known to have exactly one
                            solution: only then are uniqueness techniques
                            used. nonet_logic_init sets it with the
                            solver; 0 otherwise. */
} nonet_logic_state;

/**
 * Fills `s` from a puzzle: candidates are the digits not in the cell's
 * row, column or box, and `unique` is set from a solver count. Returns
 * NONET_OK, NONET_EINVAL for a cell outside 0..9, or NONET_ECONFLICT when
 * the givens break a rule (the state is then filled anyway, with unique
 * 0).
 */
NONET_API int nonet_logic_init(nonet_logic_state *s, const uint8_t puzzle[81]);

/** Returns 1 when every cell of the state is filled. */
NONET_API int nonet_logic_solved(const nonet_logic_state *s);

/** One candidate: a cell (0..80) and a digit (1..9). */
typedef struct nonet_cand {
  uint8_t cell;
  uint8_t digit;
} nonet_cand;

/** Link types between the nodes of a chain. */
typedef enum nonet_link {
  NONET_LINK_END = 0,    /**< the last node of a chain (or a branch) */
  NONET_LINK_STRONG = 1, /**< "=": at least one of the two is true */
  NONET_LINK_WEAK = 2    /**< "-": at most one of the two is true */
} nonet_link;

/** A node of a chain: one candidate, or a group of 2-3 cells of one box
 * and one line holding the digit. In forcing chains, `on` says whether
 * the node states "cell = digit" (1) or "cell <> digit" (0). */
typedef struct nonet_node {
  uint8_t cells[3]; /**< cells[0 .. ncells-1] */
  uint8_t ncells;   /**< 1..3 */
  uint8_t digit;    /**< 1..9 */
  uint8_t link;     /**< NONET_LINK_*: the link to the next node */
  uint8_t on;       /**< forcing chains: the truth value */
} nonet_node;

#define NONET_STEP_MAX_CELLS 64
#define NONET_STEP_MAX_UNITS 18
#define NONET_STEP_MAX_NODES 192
#define NONET_STEP_MAX_PLACE 9
#define NONET_STEP_MAX_ELIM 160

/**
 * One step of a solving path: the technique, the pattern that proves it
 * and what it yields. Units are numbered 0-8 rows, 9-17 columns, 18-26
 * boxes. What the pattern fields hold depends on the technique:
 * - cells/roles: the pattern's cells, each with a role: 0 the main
 *   cells (the subset's cells, the wing's pivot then pincers, the
 *   rectangle's corners, ALS A, colour A), 1 the second group (fins,
 *   ALS B, colour B), 2 and 3 further groups (ALS C; multi-colour);
 * - masks[role]: digits of each group (an ALS's digits, UR extras);
 * - digits: the digits the pattern is about; x, z: digits (1-9) with a
 *   technique-specific role: ALS restricted common (x) and eliminated
 *   digit (z), a wing's z, W-Wing's linking x, UR type 2's extra z, UR
 *   type 4's locked x; forcing contradictions use x = 1 when the
 *   assumption was "cell = digit", 2 when "cell <> digit";
 * - units: base units first (`nbase` of them), then cover units;
 * - nodes: chains, one after the other, each ending with LINK_END.
 * A text with more than the maximum of some field is cut short
 * (`truncated` set); the placements and eliminations are always whole
 * (a finder that would exceed NONET_STEP_MAX_ELIM keeps the first ones).
 */
typedef struct nonet_step {
  uint16_t technique; /**< a nonet_technique */
  uint8_t variant;    /**< technique-specific flavour (see nonet_step_name) */
  uint8_t truncated;  /**< 1 when the pattern description was cut short */
  nonet_mask digits;
  uint8_t x, z;
  nonet_mask masks[4];
  uint8_t ncells;
  uint8_t cells[NONET_STEP_MAX_CELLS];
  uint8_t roles[NONET_STEP_MAX_CELLS];
  uint8_t nunits, nbase;
  uint8_t units[NONET_STEP_MAX_UNITS];
  uint16_t nnodes;
  nonet_node nodes[NONET_STEP_MAX_NODES];
  uint8_t nplace;
  nonet_cand place[NONET_STEP_MAX_PLACE];
  uint8_t nelim;
  nonet_cand elim[NONET_STEP_MAX_ELIM];
} nonet_step;

/** Uniqueness policy of the options. */
typedef enum nonet_uniqueness {
  NONET_UNIQUENESS_AUTO = 0, /**< use uniqueness techniques when the state
                                  says the puzzle is unique */
  NONET_UNIQUENESS_OFF = 1   /**< never use them */
} nonet_uniqueness;

/**
 * Which techniques the finder tries, and in what order. Opaque: made by
 * nonet_logic_options_new (every technique in the default order, trial
 * and error last, uniqueness AUTO), changed by the functions below,
 * freed by nonet_logic_options_free. The finders only read it: one set
 * may serve several threads at once while none changes it. Functions
 * that take options accept NULL for the defaults.
 */
typedef struct nonet_logic_options nonet_logic_options;

/** New options with the defaults; NULL when out of memory. */
NONET_API nonet_logic_options *nonet_logic_options_new(void);
/** Frees options (NULL is allowed). */
NONET_API void nonet_logic_options_free(nonet_logic_options *o);

/** Switches a technique on (appended at the end of the order when it was
 * off) or off. Returns NONET_OK or NONET_EINVAL. */
NONET_API int nonet_logic_options_set(nonet_logic_options *o,
                                      nonet_technique technique, int on);

/** Uses exactly these `n` techniques, tried in this order (n may be 0:
 * none). Returns NONET_OK, or NONET_EINVAL for an unknown id or one
 * given twice (the options are then unchanged). */
NONET_API int nonet_logic_options_set_order(nonet_logic_options *o,
                                            const nonet_technique *order,
                                            size_t n);

/** Sets the uniqueness policy. Returns NONET_OK or NONET_EINVAL. */
NONET_API int nonet_logic_options_set_uniqueness(nonet_logic_options *o,
                                                 nonet_uniqueness u);

/** Writes the techniques switched on, in their order, to `out` (at most
 * `cap`) and returns how many there are. */
NONET_API size_t nonet_logic_options_order(const nonet_logic_options *o,
                                           nonet_technique *out, size_t cap);

/**
 * Sets the techniques from text, as the commands' options do:
 * "techniques" with a comma-separated list of keys or names (only these,
 * in this order), "exclude" with such a list (all but these), or
 * "no-uniqueness" (value ignored). Returns NONET_OK, or NONET_EINVAL
 * with the reason in `err` ("unknown technique 'x-wnig'").
 */
NONET_API int nonet_logic_options_parse(nonet_logic_options *o,
                                        const char *name, const char *value,
                                        char *err, size_t errcap);

/**
 * Finds the easiest applicable step: the first technique of the order
 * that applies, and the first instance of it found (for chains, the
 * shortest). Returns 1 and fills `step` when one was found, 0 when none
 * applies (the grid is solved, stuck, or broken), NONET_EINVAL for bad
 * arguments, NONET_ENOMEM when out of memory (the harder techniques use
 * some heap; never "none applies" instead). `o` may be NULL for the
 * defaults. Thread-safe.
 */
NONET_API int nonet_logic_find(const nonet_logic_state *s,
                               const nonet_logic_options *o, nonet_step *step);

/**
 * Calls `fn` for every instance of one technique in the state (until fn
 * returns nonzero). Returns how many were reported, or NONET_ENOMEM when
 * out of memory. Chains and forcing techniques report what their search
 * finds, not every possible chain.
 */
typedef int (*nonet_step_fn)(const nonet_step *step, void *ctx);
NONET_API int nonet_logic_each(const nonet_logic_state *s,
                               nonet_technique technique,
                               const nonet_logic_options *o, nonet_step_fn fn,
                               void *ctx);

/** Applies a step: its placements (removing the digit from the peers)
 * and its eliminations. Returns NONET_OK, or NONET_EINVAL when a
 * placement is not a candidate of its cell, or when a field of the step
 * is out of range (a count beyond its array, a cell, digit, unit or node
 * that does not exist: a step the caller built or changed; the finders'
 * steps never are). nonet_step_text and nonet_step_json write nothing
 * (return 0) for such a step. */
NONET_API int nonet_logic_apply(nonet_logic_state *s, const nonet_step *step);

/** Summary of a whole solving path. Its size never changes (counts has
 * room for every technique id, now and later). */
typedef struct nonet_logic_result {
  int solved;        /**< 1 when every cell got filled */
  int steps;         /**< steps taken */
  int hardest;       /**< the technique used that comes last in the
                          options' order, -1 when no step */
  int trial;         /**< 1 when trial and error was needed */
  nonet_level level; /**< the highest nonet_technique_level of the
                          techniques used (EASY when no step) */
  int decisive;      /**< the technique that set `level`: `hardest`
                          when it has that level, else the last used
                          technique of that level (by id); -1 when no
                          step */
  unsigned counts[NONET_TECH_SLOTS]; /**< steps per technique id */
} nonet_logic_result;

/**
 * Solves from `s` (which is updated: at the end it holds the final grid)
 * step by step with the options' techniques, calling `fn` (may be NULL)
 * with each step BEFORE it is applied (`s` then still shows the grid the
 * step was found in); fn returning nonzero stops the path. Fills `res`
 * (may be NULL). Returns 1 when solved, 0 when stuck or stopped,
 * NONET_EINVAL for bad arguments, NONET_ENOMEM when out of memory (the
 * steps taken before are applied to `s`; `res` holds no summary).
 */
typedef int (*nonet_path_fn)(const nonet_logic_state *s, const nonet_step *step,
                             void *ctx);
NONET_API int nonet_logic_solve(nonet_logic_state *s,
                                const nonet_logic_options *o, nonet_path_fn fn,
                                void *ctx, nonet_logic_result *res);

/** The display name of a step: its technique's name refined by its
 * variant ("Locked Candidates Type 1 (Pointing)", "Continuous Nice
 * Loop"). A static string. */
NONET_API const char *nonet_step_name(const nonet_step *step);

/** Text styles of nonet_step_text. */
typedef enum nonet_text_style {
  NONET_TEXT_NOTATION = 0, /**< community notation: "Naked Pair: 3,8 in
                                r5c2,r6c2 => r5c7<>3, r6c9<>8" */
  NONET_TEXT_WORDS = 1,    /**< the same in plain English sentences */
  NONET_TEXT_NUDGE = 2,    /**< only the technique and where to look */
  NONET_TEXT_PATTERN = 3   /**< the technique and its pattern, without
                                what it yields */
} nonet_text_style;

/** Writes the text of a step in a style. Writes at most `cap` bytes
 * including the NUL and returns the length the full text needs (as
 * snprintf does). */
NONET_API size_t nonet_step_text(const nonet_step *step, nonet_text_style style,
                                 char *buf, size_t cap);

/** Flags of nonet_step_json. */
typedef enum nonet_json_flags {
  NONET_JSON_DETAILS = 1 /**< also "key", "level", the "nudge", "pattern"
                              and "words" texts, the pattern's "cells"
                              ([row, col, role], 1-based) and "units"
                              ("r3", "c7", "b5") */
} nonet_json_flags;

/**
 * Writes a step as one JSON object on one line, as `nonet explain
 * --format jsonl` writes each step: {"technique": NAME, "placements":
 * [[row,col,digit],...], "eliminations": [[row,col,digit],...], "text":
 * NOTATION} with 1-based rows, columns and digits, plus the members of
 * NONET_JSON_DETAILS when `flags` has it. Same return convention as
 * nonet_step_text; 16384 bytes are always enough without
 * NONET_JSON_DETAILS, 65536 with it.
 */
NONET_API size_t nonet_step_json(const nonet_step *step, unsigned flags,
                                 char *buf, size_t cap);

/** Writes the candidate grid of a state as text: 13 lines (9 rows and
 * box rules), each column as wide as its longest cell; placed digits as
 * themselves. Same return convention as nonet_step_text; 2048 bytes are
 * always enough. */
NONET_API size_t nonet_logic_format_grid(const nonet_logic_state *s, char *buf,
                                         size_t cap);

/* ------------------------------------------------------------------ */
/* Difficulty on Sudoku Explainer's scale                             */
/* ------------------------------------------------------------------ */

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
  int er;            /**< rating of the hardest step */
  int ep;            /**< hardest step up to the first placement ("pearl") */
  int ed;            /**< the first step ("diamond") */
  nonet_level level; /**< the level of er */
  int steps;         /**< steps on the path (placements and eliminations) */
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

/** The level of an ER given in tenths. */
NONET_API nonet_level nonet_rating_level_of(int er);

/* ------------------------------------------------------------------ */
/* Variants: sizes 4x4 to 25x25, jigsaw, extra regions, relations,     */
/* killer cages                                                        */
/* ------------------------------------------------------------------ */

/*
 * The rules of a variant live in an opaque `nonet_variant`: the size N,
 * the boxes (R x C cells) or jigsaw regions, extra regions, relations
 * between cells and killer cages. The cells of a variant puzzle are a
 * caller-owned buffer of N*N bytes, row-major (cell = row * N + col),
 * each 0 (empty) or a digit 1..N. Digit sets of variants are `uint32_t`
 * masks, bit (d - 1) for digit d. Rows, columns, cells and regions are
 * numbered from 0 in the API; text for people writes r12c3 (1-based) and
 * the digits 10 .. 25 as the letters A .. P.
 *
 * A variant object is changed only by the functions that take it
 * without `const`; every other function only reads it, so one object may
 * serve any number of threads at once while none changes it. Nothing is
 * kept of the buffers passed in. The plain 9x9 rules with nothing extra
 * (nonet_variant_is_classic) are solved by nonet_solve's solver.
 */

/** The largest size, and the most cells of a variant grid. */
#define NONET_VARIANT_MAX_SIZE 25
#define NONET_VARIANT_MAX_CELLS 625

/** Extra regions and relations, as bits of a set (`unsigned`). */
typedef enum nonet_constraint {
  NONET_CONSTRAINT_DIAGONALS = 1 << 0,     /**< "diagonals": both main
                                                diagonals hold N different
                                                digits (Sudoku X) */
  NONET_CONSTRAINT_WINDOKU = 1 << 1,       /**< "windoku": extra boxes one cell
                                                in from the box lines (9x9:
                                                rows and columns 2-4 and 6-8;
                                                hyper Sudoku) */
  NONET_CONSTRAINT_DISJOINT = 1 << 2,      /**< "disjoint": cells at the same
                                                place in their boxes hold
                                                different digits (needs boxes) */
  NONET_CONSTRAINT_ANTI_KNIGHT = 1 << 3,   /**< "anti-knight": cells a chess
                                                knight's move apart differ */
  NONET_CONSTRAINT_ANTI_KING = 1 << 4,     /**< "anti-king": cells a king's
                                                move apart differ */
  NONET_CONSTRAINT_NONCONSECUTIVE = 1 << 5 /**< "nonconsecutive":
                                                orthogonal neighbours
                                                differ by more than 1 */
} nonet_constraint;

/** Every constraint bit this library knows. */
#define NONET_CONSTRAINTS_ALL 0x3fu

/** The name of one constraint ("anti-knight"), or "?" when `c` is not
 * exactly one known bit. */
NONET_API const char *nonet_constraint_name(nonet_constraint c);

/** Reads a comma-separated list of constraint names ("diagonals,
 * anti-knight"; case and '_' for '-' do not matter; an empty list is no
 * constraint) into a set of bits. Returns NONET_OK, or NONET_EINVAL with
 * the reason in `err` ("unknown constraint 'thermo' (diagonals, windoku,
 * disjoint, anti-knight, anti-king, nonconsecutive)"). */
NONET_API int nonet_constraints_parse(const char *list, unsigned *out,
                                      char *err, size_t errcap);

/** The rules of a variant. Opaque; made by nonet_variant_new,
 * nonet_variant_new_jigsaw or a reader, freed by nonet_variant_free. */
typedef struct nonet_variant nonet_variant;

/**
 * Makes the rules of a plain N x N Sudoku (4 <= N <= 25) with boxes of
 * `box_rows` x `box_cols` cells (both 0: the usual boxes, as square as N
 * allows with no more rows than columns: 2x2, 2x3, 2x4, 3x3, 3x4, 4x4,
 * 5x5 for N = 4, 6, 8, 9, 12, 16, 25). On success `*out` is a new object
 * that the caller frees with nonet_variant_free. Returns NONET_OK,
 * NONET_EINVAL with the reason in `err` (which may be NULL; "size 26 is
 * not supported (4 to 25)", "boxes of 2x4 cells do not tile a 9x9
 * grid", "size 7 has no boxes: give it jigsaw regions"), or
 * NONET_ENOMEM.
 */
NONET_API int nonet_variant_new(nonet_variant **out, int size, int box_rows,
                                int box_cols, char *err, size_t errcap);

/**
 * Makes the rules of an N x N jigsaw Sudoku (4 <= N <= 25): `regions`
 * holds N*N region numbers 0..N-1, row-major (copied). Every region must
 * have N cells and be connected (orthogonally). Returns as
 * nonet_variant_new ("region 3 has 8 cells, expected 9", "region 2 is
 * not connected: r1c1 cannot reach r5c5").
 */
NONET_API int nonet_variant_new_jigsaw(nonet_variant **out, int size,
                                       const uint8_t *regions, char *err,
                                       size_t errcap);

/** A copy of `v` (NULL when out of memory or `v` is NULL). */
NONET_API nonet_variant *nonet_variant_copy(const nonet_variant *v);

/** Frees a variant (NULL is allowed). */
NONET_API void nonet_variant_free(nonet_variant *v);

/**
 * Sets the extra regions and relations (a set of nonet_constraint bits,
 * replacing the previous set). Returns NONET_OK, or NONET_EINVAL with the
 * reason in `err` for unknown bits, "disjoint" on a jigsaw, "windoku"
 * where its boxes do not fit (8x8 with 2x4 boxes), or NONET_ENOMEM.
 */
NONET_API int nonet_variant_set_constraints(nonet_variant *v,
                                            unsigned constraints, char *err,
                                            size_t errcap);

/**
 * Adds a killer cage: `ncells` cells (indexes 0 .. N*N-1, copied) whose
 * digits differ and add up to `sum`. The cells must be connected
 * (orthogonally), at most N, in no other cage, and the sum possible
 * (between the sums of the smallest and of the largest digits). Returns
 * NONET_OK, or NONET_EINVAL with the reason in `err` ("cage of sum 18:
 * 2 cells sum to 3 .. 17", "cage of sum 10 overlaps the cage of sum 12
 * at r2c3"), or NONET_ENOMEM.
 */
NONET_API int nonet_variant_add_cage(nonet_variant *v, int sum,
                                     const int *cells, size_t ncells, char *err,
                                     size_t errcap);

/** N, the number of rows (0 for NULL). */
NONET_API int nonet_variant_size(const nonet_variant *v);

/** 1 when the grid has boxes (their size goes to `*rows` and `*cols`,
 * which may be NULL), 0 for jigsaw regions (both set to 0). */
NONET_API int nonet_variant_box(const nonet_variant *v, int *rows, int *cols);

/** The box or jigsaw region (0 .. N-1) of a cell, NONET_EINVAL for a bad
 * cell. Boxes are numbered in reading order. */
NONET_API int nonet_variant_region(const nonet_variant *v, int cell);

/** The set of nonet_constraint bits. */
NONET_API unsigned nonet_variant_constraints(const nonet_variant *v);

/** 1 for the plain 9x9 rules (3x3 boxes, no constraint, no cage). */
NONET_API int nonet_variant_is_classic(const nonet_variant *v);

/** The kinds of houses: groups of N cells holding every digit once. */
typedef enum nonet_house_kind {
  NONET_HOUSE_ROW = 0,
  NONET_HOUSE_COL = 1,
  NONET_HOUSE_BOX = 2,      /**< a box or a jigsaw region */
  NONET_HOUSE_DIAGONAL = 3, /**< main diagonal, then anti-diagonal */
  NONET_HOUSE_WINDOW = 4,   /**< windoku's extra boxes, in reading order */
  NONET_HOUSE_DISJOINT = 5  /**< the k-th cell of every box */
} nonet_house_kind;

/** The number of houses: 3N for rows, columns and boxes (regions), and
 * the extra regions the constraints add. */
NONET_API int nonet_variant_house_count(const nonet_variant *v);

/**
 * House `k` (0 .. count-1): rows 0..N-1, columns N..2N-1, boxes or
 * regions 2N..3N-1, then the diagonals, windows and disjoint groups.
 * Writes its kind (may be NULL) and its N cells, in reading order, to
 * `cells` (room for NONET_VARIANT_MAX_SIZE). Returns N, or NONET_EINVAL.
 */
NONET_API int nonet_variant_house(const nonet_variant *v, int k,
                                  nonet_house_kind *kind, int *cells);

/**
 * The cells related to `cell` by one relation (NONET_CONSTRAINT_ANTI_KNIGHT,
 * _ANTI_KING or _NONCONSECUTIVE) when the variant has it (else none),
 * in increasing order, at most `cap` of them written to `out`. Returns
 * how many there are (at most 8), or NONET_EINVAL.
 */
NONET_API int nonet_variant_related(const nonet_variant *v, int cell,
                                    nonet_constraint relation, int *out,
                                    size_t cap);

/** The number of killer cages. */
NONET_API int nonet_variant_cage_count(const nonet_variant *v);

/**
 * Cage `k` (in the order added): its sum goes to `*sum` (may be NULL),
 * its cells, in increasing order, to `cells` (at most `cap`; may be NULL
 * when cap is 0). Returns its number of cells, or NONET_EINVAL.
 */
NONET_API int nonet_variant_cage(const nonet_variant *v, int k, int *sum,
                                 int *cells, size_t cap);

/**
 * Searches the solutions of `puzzle` (N*N cells) under the rules of `v`,
 * stopping once `limit` (>= 1) have been found; the first found goes to
 * `solution` (N*N, may be NULL). Returns the number found (0 .. limit),
 * NONET_EINVAL for a cell above N or limit < 1, NONET_ENOMEM. Plain 9x9
 * rules go to nonet_solve's solver. Thread-safe; allocates scratch
 * memory for the call only.
 */
NONET_API long nonet_variant_solve(const nonet_variant *v,
                                   const uint8_t *puzzle, uint8_t *solution,
                                   long limit, nonet_solve_info *info);

/**
 * nonet_variant_solve with a way out: the search calls `stop(ctx)` now
 * and then (every 1024 branches, and every 256 steps of the
 * clause-learning search large grids use: a few milliseconds apart at
 * most on a 25x25) and ends when it returns nonzero, returning
 * NONET_ESTOPPED (what it found is then lost). `stop` runs on the calling
 * thread; it may read a clock (a time limit) or a flag another thread
 * sets (a Cancel button). NULL: the same as nonet_variant_solve. Plain
 * 9x9 rules go to nonet_solve's solver, through nonet_solve_until: it
 * asks every 1024 branches too.
 */
NONET_API long nonet_variant_solve_until(const nonet_variant *v,
                                         const uint8_t *puzzle,
                                         uint8_t *solution, long limit,
                                         int (*stop)(void *ctx), void *ctx,
                                         nonet_solve_info *info);

/**
 * True candidates: writes to `cand` (N*N masks) the digits that some
 * solution of `puzzle` holds in each cell (a given: its own digit).
 * Returns the number of solutions up to 2 (0: none, and every mask 0;
 * 1: unique, each mask is the solution's digit; 2: more than one),
 * NONET_EINVAL or NONET_ENOMEM.
 */
NONET_API int nonet_variant_true_candidates(const nonet_variant *v,
                                            const uint8_t *puzzle,
                                            uint32_t *cand);

/**
 * nonet_variant_true_candidates with a way out, as
 * nonet_variant_solve_until: `stop(ctx)` is asked during each search and
 * before each of the searches for a missing digit; nonzero ends the work
 * with NONET_ESTOPPED (`cand` then holds what was found so far). NULL:
 * the same as nonet_variant_true_candidates.
 */
NONET_API int nonet_variant_true_candidates_until(const nonet_variant *v,
                                                  const uint8_t *puzzle,
                                                  uint32_t *cand,
                                                  int (*stop)(void *ctx),
                                                  void *ctx);

/**
 * Checks the givens of `cells` against the rules: a digit twice in a
 * house or a cage, related cells breaking their relation, a cage whose
 * givens exceed its sum (or, full, miss it). Describes the first
 * problems for people in `buf` ("row 3 has two 5s (r3c1, r3c7); r1c1
 * and r2c3 are a knight's move apart and both hold 4"), joined by "; ",
 * with the snprintf convention (buf may be NULL when cap is 0). Returns
 * the number of problems (0: none), or NONET_EINVAL for a cell above N.
 */
NONET_API int nonet_variant_conflicts(const nonet_variant *v,
                                      const uint8_t *cells, char *buf,
                                      size_t cap);

/** 1 when `solution` is a full grid that keeps every rule of `v` and
 * every given of `puzzle` (may be NULL), 0 otherwise. */
NONET_API int nonet_variant_is_solution(const nonet_variant *v,
                                        const uint8_t *puzzle,
                                        const uint8_t *solution);

/** A variant puzzle read from text. Plain struct owned by the caller. */
typedef struct nonet_variant_record {
  nonet_variant *variant; /**< the rules; a reader puts a new object here
                               (never freeing what was there): the caller
                               frees it with nonet_variant_free. NULL for
                               a classic record of nonet_reader_next_variant */
  uint8_t cells[NONET_VARIANT_MAX_CELLS];    /**< the givens, N*N used */
  uint8_t solution[NONET_VARIANT_MAX_CELLS]; /**< "solution", if present */
  int has_solution;                          /**< 1 when it was present */
} nonet_variant_record;

/**
 * Reads the next record of a stream that may hold variant puzzles as
 * well as classic ones. Returns as nonet_reader_next; `rec` gets the
 * line, status, message and format of every record. For a variant
 * record (a JSON object with a "size" member, a line starting "size=",
 * see docs/variants.md) `vrec->variant` is set to its rules and
 * `vrec->cells` (and solution) to its cells; a malformed one has
 * rec->status NONET_EPARSE and a message ("region 4 has 8 cells,
 * expected 9") and leaves `vrec->variant` NULL. For a classic record
 * `vrec->variant` is NULL and `rec->cells` holds the puzzle, as
 * nonet_reader_next gives it. (nonet_reader_next itself reports a
 * variant record as malformed.)
 */
NONET_API int nonet_reader_next_variant(nonet_reader *r, nonet_record *rec,
                                        nonet_variant_record *vrec);

/**
 * As nonet_reader_next_variant, with the quick path of
 * nonet_reader_next_text: a line that surely is a one-line classic
 * record may come back unparsed (returns 2, its text in `text`, as
 * nonet_reader_next_text says; `vrec->variant` NULL), for the caller to
 * parse with nonet_record_parse_line on any thread.
 */
NONET_API int nonet_reader_next_variant_text(nonet_reader *r, nonet_record *rec,
                                             nonet_variant_record *vrec,
                                             char *text, size_t cap,
                                             size_t *len);

/**
 * Parses one puzzle of any kind (the first record of `text`): a variant
 * record, or a classic one (which gets the plain 9x9 rules). Returns
 * NONET_OK with a new `out->variant` (the caller frees it), NONET_EPARSE
 * with the reason in `err`, or NONET_ENOMEM.
 */
NONET_API int nonet_variant_parse(const char *text, size_t len,
                                  nonet_variant_record *out, char *err,
                                  size_t errcap);

/** Room that always holds nonet_variant_format's text. */
#define NONET_VARIANT_TEXT_MAX 65536

/**
 * Writes a variant puzzle as text, without a trailing newline:
 * NONET_FORMAT_LINE the one-line text format ("size=16 box=4x4
 * cells=..."), NONET_FORMAT_JSON one JSON object ({"size":16,
 * "box":[4,4],"cells":[...]}), NONET_FORMAT_GRID the text format's
 * first line with the field "grid" and the cells on N lines below,
 * NONET_FORMAT_CSV the text line with the cells as comma-separated
 * numbers. `solution` (may be NULL) is added as a "solution" member or
 * field; NONET_FMT_ZERO writes empty cells as '0'. Returns the length the
 * full text needs (the snprintf convention), 0 for a bad format.
 */
NONET_API size_t nonet_variant_format(const nonet_variant *v,
                                      const uint8_t *cells,
                                      const uint8_t *solution,
                                      nonet_format format, unsigned flags,
                                      char *buf, size_t cap);

/**
 * Writes candidate sets (N*N masks, as nonet_variant_true_candidates
 * gives them): NONET_FORMAT_LINE the cells' sets separated by spaces, each
 * its digits ("5 138 26 ..."; '-' for an empty set), NONET_FORMAT_JSON
 * {"candidates":[[5],[1,3,8],...]}, NONET_FORMAT_GRID N lines with box
 * rules, each column as wide as its widest set. Same return convention.
 */
NONET_API size_t nonet_variant_format_candidates(const nonet_variant *v,
                                                 const uint32_t *cand,
                                                 nonet_format format, char *buf,
                                                 size_t cap);

/* ---- generating variant puzzles -------------------------------------- */

/**
 * What to generate: opaque options made by nonet_variant_gen_new (the
 * defaults: 9x9 with 3x3 boxes, seed 0, no constraint, no cages, no
 * symmetry, no timeout), set by name with nonet_variant_gen_parse, freed
 * by nonet_variant_gen_free. Generation only reads them: one set may
 * serve several threads at once while none changes it
 * (nonet_variant_gen_check counts as a change: call it first).
 */
typedef struct nonet_variant_gen nonet_variant_gen;

/** New options with the defaults; NULL when out of memory. */
NONET_API nonet_variant_gen *nonet_variant_gen_new(void);
/** A copy (NULL when out of memory). */
NONET_API nonet_variant_gen *nonet_variant_gen_copy(const nonet_variant_gen *o);
/** Frees options (NULL is allowed). */
NONET_API void nonet_variant_gen_free(nonet_variant_gen *o);

/**
 * Sets an option by the name `nonet generate` gives it (without the
 * dashes), so that every front end reads them alike:
 *   size N | box RxC | jigsaw (random regions for each puzzle) |
 *   constraints LIST (see nonet_constraints_parse) | killer (cages and no
 *   givens) | killer-givens (cages and the few givens needed) |
 *   cage-size MIN-MAX (or N; default 2-5) | seed N | symmetry NAME (of
 *   the givens) | timeout SECS | prove-minimal (every given proven
 *   needed, with no budget for the proofs: see `unproven`) | clues N |
 *   min-clues N | max-clues N (bounds on the givens of each puzzle, still
 *   minimal: a job draws puzzles until one fits, at most
 *   NONET_VARIANT_CLUE_DRAWS; not with killer, whose puzzles have none;
 *   the options are then a search, nonet_variant_gen_is_search)
 * (`value` is ignored for jigsaw, killer, killer-givens and
 * prove-minimal). Returns
 * NONET_OK, or NONET_EINVAL with the reason in `err`.
 */
NONET_API int nonet_variant_gen_parse(nonet_variant_gen *o, const char *name,
                                      const char *value, char *err,
                                      size_t errcap);

/** The stop hook, polled between steps (NULL: none). */
NONET_API int nonet_variant_gen_set_stop(nonet_variant_gen *o,
                                         nonet_gen_stop_fn fn, void *ctx);

/** Checks that the options can be met together (a size with boxes or
 * jigsaw regions, constraints that fit, a cage size range within 1..N,
 * no symmetry for killer puzzles without givens) and that some grid
 * keeps the rules: one is looked for, then a proof that there is none
 * tried, each within a budget (seconds at most; "no 9x9 grid keeps these
 * rules (windoku, nonconsecutive)" is beyond it). NONET_OK or
 * NONET_EINVAL with the reason in `err`. When neither settles it the
 * options pass, and nonet_variant_gen_is_search says 1: the one thing the
 * check notes in `o` (so it must not run while another thread uses the
 * same options: check them once, then share them; the other functions
 * only read the options and may share them). The stop hook
 * (nonet_variant_gen_set_stop) ends its searches too (a timeout that
 * counts the check): the options then pass as unsettled. */
NONET_API int nonet_variant_gen_check(const nonet_variant_gen *o, char *err,
                                      size_t errcap);

/** 1 when the options ask for plain 9x9 puzzles (no jigsaw, constraint or
 * cage): nonet_generate makes those, with all of its options. */
NONET_API int nonet_variant_gen_is_classic(const nonet_variant_gen *o);
/** 1 when the options may search long and find nothing (random jigsaw
 * regions with constraints: few layouts admit both, and some
 * combinations none; 25x25 killers, seconds to minutes each; 25x25
 * windoku and disjoint groups with other rules; 25x25 nonconsecutive,
 * about 20 s; rules that nonet_variant_gen_check could not settle):
 * front ends then set a default timeout, nonet_variant_gen_search_timeout.
 */
NONET_API int nonet_variant_gen_is_search(const nonet_variant_gen *o);
/** The timeout front ends set when the caller gave none, in seconds: 0
 * (none) when the options are not a search (nonet_variant_gen_is_search),
 * 600 for 25x25 killers (at --seed 1 to 6 one took 29 to 283 s), 120 for
 * the other searches. */
NONET_API double nonet_variant_gen_search_timeout(const nonet_variant_gen *o);
/** Sets the timeout as the option "timeout" does (0: none): the
 * generator gives up after `seconds` of wall time. NONET_EINVAL for a
 * negative value or more than 1e9. */
NONET_API int nonet_variant_gen_set_timeout(nonet_variant_gen *o,
                                            double seconds);
/** 1 when nonet_variant_gen_check could settle neither way whether some
 * grid keeps the rules (neither a grid nor a proof that none exists within
 * its budget, as for 12x12 diagonals, windoku and nonconsecutive): the
 * generator then goes on looking for both, and may find neither before a
 * timeout; front ends say so when the time runs out. 0 before the check,
 * and for rules it settled. */
NONET_API int nonet_variant_gen_is_undecided(const nonet_variant_gen *o);
/** Sets the seed as the option "seed" does: the same seed gives the same
 * puzzles on any number of threads. NONET_OK (NONET_EINVAL for NULL). */
NONET_API int nonet_variant_gen_set_seed(nonet_variant_gen *o, uint64_t seed);
/** The seed; 1 when one was set; the timeout (0: none); 1 when set. */
NONET_API uint64_t nonet_variant_gen_get_seed(const nonet_variant_gen *o);
NONET_API int nonet_variant_gen_has_seed(const nonet_variant_gen *o);
NONET_API double nonet_variant_gen_get_timeout(const nonet_variant_gen *o);
NONET_API int nonet_variant_gen_has_timeout(const nonet_variant_gen *o);

/** Describes what the options ask for ("unique 16x16 jigsaw puzzles with
 * anti-knight"); snprintf convention. */
NONET_API size_t nonet_variant_gen_describe(const nonet_variant_gen *o,
                                            int plural, char *buf, size_t cap);

/** A generated variant puzzle. Owned by the library and valid during the
 * callback only (copy the rules with nonet_variant_copy). Fields may be
 * added at the end. */
typedef struct nonet_variant_puzzle {
  const nonet_variant *variant; /**< its rules (regions, cages) */
  const uint8_t *puzzle;        /**< N*N givens, 0 empty */
  const uint8_t *solution;      /**< its unique solution */
  int size;                     /**< N */
  int clues;                    /**< givens */
  int cages;                    /**< killer cages */
  nonet_symmetry symmetry;      /**< of the givens (RANDOM resolved) */
  uint64_t job;                 /**< the job that made it */
  int unproven; /**< givens (orbits) kept because the search that would
                     prove them not needed gave up (from 12x12 up, a
                     budget of branches, then of clause-learning
                     conflicts; hit mostly with nonconsecutive and on
                     killers): 0 means every given is proven needed
                     (minimal); more, the puzzle is unique but maybe not
                     minimal. Always 0 with the option prove-minimal */
} nonet_variant_puzzle;

/** Called with each generated puzzle; return non-zero to stop. */
typedef int (*nonet_variant_emit_fn)(const nonet_variant_puzzle *p, void *ctx);

/** With clue bounds, the puzzles a job draws for one whose givens are
 * within them before it gives up (nonet_variant_generate_job). */
#define NONET_VARIANT_CLUE_DRAWS 10000

/**
 * Runs job `job`: one unique puzzle made from random numbers drawn from
 * (seed, job) alone, so jobs may run on any threads in any order. Every
 * given is needed (with a symmetry: every orbit), unless p->unproven
 * says otherwise; killer puzzles without givens have cages that give one
 * solution. With clue bounds the job draws puzzles until one has givens
 * within them (the first one drawn is the job's puzzle without bounds).
 * Returns the number emitted (1, or 0 when the stop hook stopped it or
 * NONET_VARIANT_CLUE_DRAWS puzzles drawn missed the clue bounds),
 * NONET_EINVAL for options
 * nonet_variant_gen_check rejects, NONET_ENOMEM, or NONET_ENOGRID for
 * rules the check left unsettled that the job proved no grid keeps (the
 * job goes on with the check's proof, learning, beside its tries at a
 * grid; every job reaches the same answer: stop the others). `stats`
 * may be NULL.
 */
NONET_API long nonet_variant_generate_job(const nonet_variant_gen *o,
                                          uint64_t job,
                                          nonet_variant_emit_fn emit, void *ctx,
                                          nonet_gen_stats *stats);

/** Runs jobs 0, 1, 2, ... on the calling thread until `count` puzzles,
 * the timeout, the stop hook or `emit` ends it. Returns the number
 * emitted, NONET_EINVAL, NONET_ENOMEM or NONET_ENOGRID. */
NONET_API long nonet_variant_generate(const nonet_variant_gen *o, long count,
                                      nonet_variant_emit_fn emit, void *ctx,
                                      nonet_gen_stats *stats);

/**
 * The cells that a symmetric puzzle of size N x N gives or leaves empty
 * together with `cell` (its orbit, `cell` first), written to `out` (room
 * for 4). Returns their number (1, 2 or 4), or NONET_EINVAL for a bad
 * size, cell or symmetry (RANDOM included).
 */
NONET_API int nonet_variant_symmetry_orbit(int size, nonet_symmetry symmetry,
                                           int cell, int out[4]);

/* ------------------------------------------------------------------ */
/* Hints, explanations and levels for variants                        */
/* ------------------------------------------------------------------ */

/*
 * The logic engine of variant puzzles (every size, jigsaw, extra
 * regions, relations, killer cages): the steps a person takes, each with
 * its placements, eliminations, notation and words (r12c3; digits above
 * 9 as the letters A .. P), and a level per puzzle from the hardest
 * technique its path needs. Its own techniques and ids (nonet_vtech),
 * apart from the classic engine's (nonet_technique). Relations count as
 * "sees": a placed digit leaves the cells a knight's or king's move away
 * (anti-knight, anti-king), and its orthogonal neighbours lose the
 * digits next to it (nonconsecutive). Every step is sound: none relies
 * on the puzzle having one solution.
 */

/** Techniques of the variant engine, easiest first (the default order,
 * but for the techniques added later: the chains come before trial and
 * error, relation pointing after Hidden Triple; see nonet_vtech_level for
 * their levels). */
typedef enum nonet_vtech {
  NONET_VTECH_FULL_HOUSE = 0,        /**< last empty cell of a house */
  NONET_VTECH_NAKED_SINGLE = 1,      /**< a cell with one candidate */
  NONET_VTECH_HIDDEN_SINGLE = 2,     /**< a digit with one place in a house */
  NONET_VTECH_CAGE_COMBINATION = 3,  /**< killer: a cage's digits are those
                                          of the digit sets with its sum that
                                          fit its cells' candidates */
  NONET_VTECH_LOCKED_CANDIDATES = 4, /**< a digit of a house (or required in
                                          a cage) only where it meets another
                                          house or cage */
  NONET_VTECH_INNIES = 5,            /**< killer, the 45 rule: the cells of
                                          one or more houses outside the cages
                                          wholly inside them add up to what
                                          those cages leave */
  NONET_VTECH_OUTIES = 6,            /**< killer, the 45 rule: the cells of
                                          cages sticking out of houses add up
                                          to what the houses leave over */
  NONET_VTECH_NAKED_PAIR = 7,
  NONET_VTECH_HIDDEN_PAIR = 8,
  NONET_VTECH_NAKED_TRIPLE = 9,
  NONET_VTECH_HIDDEN_TRIPLE = 10,
  NONET_VTECH_CAGE_SPLITTING = 11, /**< killer: one cage crossing the edge of
                                        houses splits into two with known
                                        sums (the 45 rule) */
  NONET_VTECH_NAKED_QUAD = 12,
  NONET_VTECH_HIDDEN_QUAD = 13,
  NONET_VTECH_X_WING = 14, /**< fish on rows and columns */
  NONET_VTECH_SWORDFISH = 15,
  NONET_VTECH_JELLYFISH = 16,
  NONET_VTECH_TRIAL = 17,       /**< last resort: trial and error by search, NOT
                                     logic; always labelled so (last in the
                                     default order, after the chains) */
  NONET_VTECH_X_CHAIN = 18,     /**< one digit: strong links in houses, weak
                                     ones between cells that see each other */
  NONET_VTECH_XY_CHAIN = 19,    /**< strong links in cells of two digits, weak
                                     ones between cells that see each other */
  NONET_VTECH_AIC = 20,         /**< alternating inference chain: any strong and
                                     weak links (nonconsecutive's too) */
  NONET_VTECH_FORCING_NET = 21, /**< a candidate whose singles, followed,
                                     break a rule is false */
  NONET_VTECH_RELATION_POINTING = 22 /**< every place of a digit in a house
                                          (or a cage that needs it) rules
                                          out one candidate, through houses,
                                          cages and the relations (knight,
                                          king, nonconsecutive): locked
                                          candidates through relations; on
                                          a nonconsecutive grid also every
                                          candidate of a cell (the step
                                          has no unit, its cell in cells);
                                          in the default order after Hidden
                                          Triple */
} nonet_vtech;

/** Room for variant technique ids, now and in later versions. */
#define NONET_VTECH_SLOTS 64

/** The number of variant techniques: ids 0 .. count-1. */
NONET_API int nonet_vtech_count(void);
/** The name of a variant technique ("Cage Combination"), "?" if unknown. */
NONET_API const char *nonet_vtech_name(nonet_vtech technique);
/** Its key ("cage-combination"), "?" if unknown. */
NONET_API const char *nonet_vtech_key(nonet_vtech technique);
/** Looks a variant technique up by key or name (case-insensitive; spaces
 * and '-' alike); its id or NONET_EINVAL. */
NONET_API int nonet_vtech_from_name(const char *name);
/** The level a puzzle gets when this is the hardest technique its path
 * needs: Easy (singles, cage combinations), Medium (locked candidates,
 * pairs, triples, innies and outies), Hard (cage splitting, quads, fish),
 * Expert (X-Chains, XY-Chains, AICs), Extreme (forcing nets),
 * NONET_LEVEL_TRIAL for trial and error; NONET_EINVAL if unknown. */
NONET_API int nonet_vtech_level(nonet_vtech technique);

/** Which variant techniques the finder tries, in what order: opaque, made
 * by nonet_vlogic_options_new (every technique in the default order),
 * freed by nonet_vlogic_options_free; only read by the finders (one set
 * may serve several threads). NULL means the defaults. */
typedef struct nonet_vlogic_options nonet_vlogic_options;
NONET_API nonet_vlogic_options *nonet_vlogic_options_new(void);
NONET_API void nonet_vlogic_options_free(nonet_vlogic_options *o);
/** Uses exactly these `n` techniques, in this order. NONET_OK, or
 * NONET_EINVAL for an unknown id or one given twice (unchanged then). */
NONET_API int nonet_vlogic_options_set_order(nonet_vlogic_options *o,
                                             const nonet_vtech *order,
                                             size_t n);
/** "techniques" (a comma-separated list of keys or names: only these, in
 * this order) or "exclude" (all but these), as the commands take them.
 * NONET_OK, or NONET_EINVAL with the reason in `err`. */
NONET_API int nonet_vlogic_options_parse(nonet_vlogic_options *o,
                                         const char *name, const char *value,
                                         char *err, size_t errcap);
/** The techniques switched on, in order (at most `cap`); their number. */
NONET_API size_t nonet_vlogic_options_order(const nonet_vlogic_options *o,
                                            nonet_vtech *out, size_t cap);

/**
 * The candidate grid of a variant puzzle being solved. Plain struct owned
 * by the caller, filled by nonet_vlogic_init. `variant` is borrowed: the
 * caller keeps it alive and unchanged while the state is used.
 */
typedef struct nonet_vlogic_state {
  const nonet_variant *variant;              /**< the rules */
  int size;                                  /**< N */
  uint8_t cells[NONET_VARIANT_MAX_CELLS];    /**< placed digits, 0 empty */
  uint8_t givens[NONET_VARIANT_MAX_CELLS];   /**< 1 for the puzzle's givens */
  uint32_t cand[NONET_VARIANT_MAX_CELLS];    /**< candidates of empty cells
                                                  (bit d-1 for digit d) */
  uint8_t solution[NONET_VARIANT_MAX_CELLS]; /**< the solution, when unique */
  int unique; /**< 1 when the puzzle has exactly one solution */
} nonet_vlogic_state;

/**
 * Fills `s` from a puzzle (N*N cells) under the rules of `v`: each empty
 * cell's candidates are the digits its houses, cages and relations leave
 * it; `unique` and `solution` come from the solver. Returns NONET_OK,
 * NONET_EINVAL (a cell above N), NONET_ECONFLICT (the givens break a
 * rule: the state is filled anyway, unique 0) or NONET_ENOMEM.
 */
NONET_API int nonet_vlogic_init(nonet_vlogic_state *s, const nonet_variant *v,
                                const uint8_t *puzzle);

/**
 * nonet_vlogic_init that also says how many solutions it found and can be
 * stopped: the search for them asks `stop(ctx)` as
 * nonet_variant_solve_until does (NULL: never stopped). Returns the
 * number of solutions up to 2 (0: none, 1: unique, 2: several), or
 * NONET_EINVAL, NONET_ECONFLICT, NONET_ENOMEM or NONET_ESTOPPED (the
 * state's candidates are filled then, `unique` 0). A caller that needs
 * to know "none" from "several" calls this instead of searching again.
 */
NONET_API long nonet_vlogic_init_until(nonet_vlogic_state *s,
                                       const nonet_variant *v,
                                       const uint8_t *puzzle,
                                       int (*stop)(void *ctx), void *ctx);

/** 1 when every cell of the state is filled. */
NONET_API int nonet_vlogic_solved(const nonet_vlogic_state *s);

/** One candidate of a variant grid: a cell (0 .. N*N-1) and a digit. */
typedef struct nonet_vcand {
  uint16_t cell;
  uint8_t digit;
} nonet_vcand;

/** Kinds of the units a variant step names: the nonet_house_kind values,
 * then these. */
enum {
  NONET_VUNIT_REGION = 6,   /**< a jigsaw region (NONET_HOUSE_BOX: a box) */
  NONET_VUNIT_CAGE = 7,     /**< a killer cage */
  NONET_VUNIT_CANDIDATE = 8 /**< a candidate of a chain: `index` its digit
                                 (1-based), `cell` its cell, `sum` 1 when
                                 the link to the next one is strong, 0 weak
                                 (in a forcing net: 0 when placed, else
                                 ruled out: NONET_VNET_RULED_OUT) */
};

/** In a forcing net, the `sum` of a candidate ruled out (not placed): every
 * place its digit has left in the house of `kind` (a nonet_house_kind or
 * NONET_VUNIT_REGION) and `index` sees it; or, `kind` NONET_VUNIT_CAGE,
 * no digit set that fits the cage whose first cell is `index` gives it.
 * NONET_VNET_KIND and NONET_VNET_INDEX take them back out of `sum`. */
#define NONET_VNET_RULED_OUT(kind, index) (1 + ((kind) << 12 | (index)))
#define NONET_VNET_KIND(sum) (((sum)-1) >> 12)
#define NONET_VNET_INDEX(sum) (((sum)-1) & 0xfff)

/** A unit a step names: a house (its kind and number within the kind,
 * from 0: row 0, box 4, window 1, the anti-diagonal is diagonal 1) or a
 * cage (its number, first cell in reading order and sum). */
typedef struct nonet_vunit {
  uint8_t kind;   /**< a nonet_house_kind or NONET_VUNIT_* */
  uint16_t index; /**< number within its kind */
  uint16_t cell;  /**< cages: the first cell (names it: "cage r4c3") */
  uint16_t sum;   /**< cages: the sum */
} nonet_vunit;

#define NONET_VSTEP_MAX_CELLS 128
#define NONET_VSTEP_MAX_UNITS 32
#define NONET_VSTEP_MAX_PLACE 32
#define NONET_VSTEP_MAX_ELIM 1024

/**
 * One step of a variant solving path: the technique, its pattern and what
 * it yields. Self-contained (no variant needed to write it):
 * - units: the houses and cages the pattern is about, base units first
 *   (`nbase`: a fish's rows, the house of a subset or hidden single, the
 *   houses of the 45 rule, the cage of a combination), then cover units
 *   (a fish's columns, the house that locked candidates point into);
 *   a chain's candidates in order (NONET_VUNIT_CANDIDATE, all base); a
 *   forcing net's assumption and the placements its contradiction rests
 *   on, in order, each a single after those before it (base), then the
 *   house or cage it breaks;
 * - cells: the pattern's cells (a subset's cells, the innies or outies,
 *   the cells of the cage or its parts), `cells2` of them of the second
 *   part of a split cage at the end;
 * - digits: the digits of the pattern; sum: the sum the 45 rule gives
 *   (innies, outies, the first part of a split cage), sum2 the second
 *   part's; combos: cage combinations: the digit sets that fit (up to 8,
 *   ncombos counts them all).
 * The placements and eliminations are always whole.
 */
typedef struct nonet_vstep {
  uint16_t technique; /**< a nonet_vtech */
  uint8_t size;       /**< N of the grid */
  uint8_t truncated;  /**< 1 when the pattern's description was cut short */
  uint32_t digits;
  int32_t sum, sum2;
  uint16_t ncombos;
  uint32_t combos[8];
  uint8_t nunits, nbase;
  nonet_vunit units[NONET_VSTEP_MAX_UNITS];
  uint16_t ncells, cells2;
  uint16_t cells[NONET_VSTEP_MAX_CELLS];
  uint16_t nplace;
  nonet_vcand place[NONET_VSTEP_MAX_PLACE];
  uint16_t nelim;
  nonet_vcand elim[NONET_VSTEP_MAX_ELIM];
} nonet_vstep;

/**
 * Finds the easiest applicable step: the first technique of the order
 * that applies. Returns 1 and fills `step`, 0 when none applies (solved,
 * stuck or broken), NONET_EINVAL, NONET_ENOMEM. Thread-safe.
 */
NONET_API int nonet_vlogic_find(const nonet_vlogic_state *s,
                                const nonet_vlogic_options *o,
                                nonet_vstep *step);

/**
 * nonet_vlogic_find with a way out: trial and error asks `stop(ctx)`
 * before each of its searches (is a candidate left with no solution?),
 * and the searches ask as nonet_variant_solve_until does; nonzero ends
 * the find with NONET_ESTOPPED (`step` is then not a step). The other
 * techniques search nothing and do not ask. NULL: the same as
 * nonet_vlogic_find.
 */
NONET_API int nonet_vlogic_find_until(const nonet_vlogic_state *s,
                                      const nonet_vlogic_options *o,
                                      nonet_vstep *step, int (*stop)(void *ctx),
                                      void *ctx);

/** Applies a step: its placements (removing the digit from every cell
 * that sees the cell, and the digits next to it from nonconsecutive
 * neighbours) and eliminations. NONET_OK, or NONET_EINVAL when a
 * placement is not a candidate of its cell, the step's size is not the
 * grid's, or a field of the step is out of range (as for
 * nonet_logic_apply; nonet_vstep_text and nonet_vstep_json then write
 * nothing and return 0). */
NONET_API int nonet_vlogic_apply(nonet_vlogic_state *s,
                                 const nonet_vstep *step);

/** Summary of a variant solving path (its size never changes). */
typedef struct nonet_vlogic_result {
  int solved;        /**< 1 when every cell got filled */
  int steps;         /**< steps taken */
  int hardest;       /**< the used technique that comes last in the
                          options' order, -1 when no step */
  int trial;         /**< 1 when trial and error was needed */
  nonet_level level; /**< the highest nonet_vtech_level used (EASY when no
                          step) */
  int decisive;      /**< the technique that set `level` (`hardest` when it
                          has that level, else the last used of that level
                          by id); -1 when no step */
  unsigned counts[NONET_VTECH_SLOTS]; /**< steps per technique id */
} nonet_vlogic_result;

/** Called with each step before it is applied; nonzero stops the path. */
typedef int (*nonet_vpath_fn)(const nonet_vlogic_state *s,
                              const nonet_vstep *step, void *ctx);

/**
 * Solves from `s` (updated; at the end the last grid) with the options'
 * techniques, calling `fn` (may be NULL) with each step. Fills `res` (may
 * be NULL). Returns 1 when solved, 0 when stuck or stopped, NONET_EINVAL,
 * NONET_ENOMEM (the steps before are applied).
 */
NONET_API int nonet_vlogic_solve(nonet_vlogic_state *s,
                                 const nonet_vlogic_options *o,
                                 nonet_vpath_fn fn, void *ctx,
                                 nonet_vlogic_result *res);

/**
 * nonet_vlogic_solve with a way out (a time limit, a Cancel button):
 * `stop(stop_ctx)` is asked before each step and during trial and
 * error's searches (nonet_vlogic_find_until); when it returns nonzero the
 * path ends with NONET_ESTOPPED (the steps before are applied, `res` is
 * not filled). NULL: the same as nonet_vlogic_solve.
 */
NONET_API int
nonet_vlogic_solve_until(nonet_vlogic_state *s, const nonet_vlogic_options *o,
                         nonet_vpath_fn fn, void *ctx, nonet_vlogic_result *res,
                         int (*stop)(void *stop_ctx), void *stop_ctx);

/** Puzzles a job of nonet_vlogic_generate_job draws before it gives up
 * on its level. */
#define NONET_VLOGIC_LEVEL_TRIES 2000

/**
 * Runs job `job` of the variant generator for a puzzle of one level
 * (NONET_LEVEL_EASY to EXTREME: the level nonet_vlogic_solve gives with
 * the default techniques). The job draws the generator's puzzles
 * (its own share of the generator's job numbers, so still reproducible
 * on any threads) and rates each; one harder than asked gets givens from
 * its solution, an orbit of its symmetry at a time, until it comes down
 * to the level (so it may not be minimal: `unproven` does not count
 * these givens; a killer of cages only is never given digits); one that
 * passes over the level is dropped. Returns 1
 * with the puzzle emitted (its `job` is `job`), 0 when the stop hook
 * stopped it or NONET_VLOGIC_LEVEL_TRIES puzzles drawn missed the level,
 * NONET_EINVAL (bad options or level), NONET_ENOMEM.
 */
NONET_API long nonet_vlogic_generate_job(const nonet_variant_gen *o,
                                         nonet_level level, uint64_t job,
                                         nonet_variant_emit_fn emit, void *ctx,
                                         nonet_gen_stats *stats);

/** Runs jobs 0, 1, 2, ... of nonet_vlogic_generate_job on the calling
 * thread until `count` puzzles, the options' timeout, their stop hook,
 * `emit`, or a job that finds the level out of reach ends it (as
 * nonet_variant_generate, `stats` says which: `timed_out`, `stopped`).
 * Returns the number emitted, NONET_EINVAL or NONET_ENOMEM. */
NONET_API long nonet_vlogic_generate(const nonet_variant_gen *o,
                                     nonet_level level, long count,
                                     nonet_variant_emit_fn emit, void *ctx,
                                     nonet_gen_stats *stats);

/** The display name of a step ("Naked Pair"). A static string. */
NONET_API const char *nonet_vstep_name(const nonet_vstep *step);

/** Writes a variant step in a style (nonet_text_style), snprintf's
 * convention: "Locked Candidates: 5 in d1 & b1 => r3c2<>5", "Innies:
 * r1-r3: r3c4+r3c5=11 => r3c4<>9", "Cage Combination: cage r1c5 (17/2):
 * 8+9 => r1c5<>1,...". 8192 bytes are always enough. */
NONET_API size_t nonet_vstep_text(const nonet_vstep *step,
                                  nonet_text_style style, char *buf,
                                  size_t cap);

/** Writes a variant step as one JSON object on one line, as nonet_step_json
 * does ({"technique", "placements", "eliminations", "text"}, 1-based rows,
 * columns and digits; with NONET_JSON_DETAILS also "key", "level",
 * "nudge", "pattern", "words", "cells" and "units"). snprintf's
 * convention; 65536 bytes are always enough with NONET_JSON_DETAILS. */
NONET_API size_t nonet_vstep_json(const nonet_vstep *step, unsigned flags,
                                  char *buf, size_t cap);

/** Writes the candidate grid of a state (N rows, columns as wide as their
 * widest cell, rules between boxes; digits above 9 as letters). snprintf's
 * convention. */
NONET_API size_t nonet_vlogic_format_grid(const nonet_vlogic_state *s,
                                          char *buf, size_t cap);

#ifdef __cplusplus
}
#endif

#endif /* NONET_H */
