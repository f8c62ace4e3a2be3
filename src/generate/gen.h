/* gen.h: what the generator's files share. Internal; not installed.
 *
 * Folder src/generate: owns nonet_generate and its options. May call
 * src/core, src/solver and the SE rater (nonet_rate).
 *
 * Layers, each calling only those below it:
 *   job.c        job dispatch, nonet_generate
 *   pool.c, rating.c, pattern.c   the search strategies (one job each)
 *   emit.c       rating a candidate, the accept/emit/stop hooks
 *   options.c    the options: setters, from text, checks, bounds
 *   puzzle.c     puzzles on a solution grid, removing givens, new grids
 *   symmetry.c, unavoidable.c     orbits; small unavoidable sets
 * and below the generator: the solver (solver/), the SE rater
 * (nonet_rate), core/. */
#ifndef NONET_GEN_H
#define NONET_GEN_H

#include <stdint.h>

#include "core/board.h"
#include "nonet.h"

/* The generator's options (opaque in nonet.h; options.c). */
struct nonet_gen_options {
  uint64_t seed;
  nonet_symmetry symmetry;
  int min_clues, max_clues; /* 0: no bound */
  int minimal;
  const uint8_t *pattern; /* NULL, or pattern_cells */
  uint8_t pattern_cells[81];
  int per_grid;
  double timeout;
  nonet_gen_accept_fn accept;
  void *accept_ctx;
  nonet_gen_stop_fn stop;
  void *stop_ctx;
  int rating_min, rating_max; /* ER in tenths, 0: no bound */
  nonet_gen_rating_mode rating_mode;
  /* what was asked by name (nonet_gen_options_parse), for the checks of
   * combinations and for messages */
  unsigned have_seed : 1, have_timeout : 1, asked_clues : 1, asked_min : 1,
      asked_max : 1, asked_max_only : 1, asked_zero : 1, asked_rating : 1,
      asked_level : 1, asked_per_grid : 1, asked_no_minimal : 1;
  char band_text[32]; /* the rating or level as asked */
};

/* The orbits of the cells under a symmetry: the sets of cells that a
 * symmetric puzzle gives or leaves empty together (1, 2 or 4 cells). */
typedef struct nonet__orbits {
  int n;                /* number of orbits */
  uint8_t size[81];     /* cells in orbit k */
  uint8_t cells[81][4]; /* the cells of orbit k, smallest first */
  uint8_t of[81];       /* the orbit of each cell */
} nonet__orbits;

/* Fills `o` for a symmetry (NONE gives 81 single cells; not RANDOM). */
void nonet__orbits_make(nonet__orbits *o, int symmetry);

/* A puzzle being built from a known solution: the givens and the digits
 * given in each unit. The givens are always a subset of `sol`. */
typedef struct nonet__puz {
  uint8_t sol[81];
  uint8_t cell[81]; /* givens, 0 empty */
  uint16_t row[9], col[9], box[9];
  nn_bb given; /* the given cells */
  int clues;
} nonet__puz;

/* Small unavoidable sets of a grid (unavoidable.c), as cell bit sets,
 * and for each cell the sets it is in. */
#define NONET__USETS_MAX 192
#define NONET__USETS_PER_CELL 32
typedef struct nonet__usets {
  int n;
  nn_bb set[NONET__USETS_MAX];
  uint8_t count[81];
  uint8_t list[81][NONET__USETS_PER_CELL];
} nonet__usets;

void nonet__usets_find(nonet__usets *u, const uint8_t grid[81]);

/* Counters a job keeps (added to nonet_gen_stats). */
typedef struct nonet__counters {
  unsigned long long solver_calls, cheap_removals, uset_hits, grids;
  unsigned long long minimized;
  unsigned long long pool_moves;
  unsigned long long ratings, rating_moves;
} nonet__counters;

/* The work area of one job. */
typedef struct nonet__gen {
  const nonet_gen_options *opt;
  nonet_rng rng;
  int symmetry; /* the one used for this job (RANDOM resolved) */
  nonet__orbits orb;
  nonet__counters n;
  int stopped;   /* the stop hook said so */
  int nomem;     /* an allocation failed (here or in the rater): the job stops
                    and reports NONET_ENOMEM */
  unsigned poll; /* steps since the stop hook was last asked */
  const nonet_rating *rated; /* the rating of the puzzle being emitted,
                                when the job knows it */
} nonet__gen;

/* puzzle.c -------------------------------------------------------------- */

/* Sets p to the full grid `sol` with no givens / all givens. */
void nonet__puz_init(nonet__puz *p, const uint8_t sol[81], int full);
void nonet__puz_add(nonet__puz *p, int i);
void nonet__puz_remove(nonet__puz *p, int i);
/* Adds / removes every cell of orbit k as givens of p. */
void nonet__orbit_add(const nonet__gen *g, nonet__puz *p, int k);
void nonet__orbit_remove(const nonet__gen *g, nonet__puz *p, int k);
/* Writes the orbits holding givens of p to out, in random order (g's
 * RNG); returns how many. */
int nonet__given_orbits(nonet__gen *g, const nonet__puz *p, uint8_t out[81]);

/* Sets out to the givens of `keep` on the solution grid `grid` (which
 * agrees with them), then adds random orbits of grid until the puzzle is
 * unique. Returns 1, or 0 if it never got unique (cannot happen: all
 * givens is unique). */
int nonet__puz_regrid(nonet__gen *g, const nonet__puz *keep,
                      const uint8_t grid[81], nonet__puz *out);

/* A random solution grid. */
void nonet__random_grid(nonet__gen *g, uint8_t grid[81]);

/* A random solution of per-cell digit masks; 0 when there is none. */
int nonet__random_solution(nonet__gen *g, const uint16_t allowed[81],
                           uint8_t out[81]);

/* Whether orbit k (all of whose cells are givens of p) is needed: 1 when
 * removing it gives a puzzle with several solutions, 0 when the puzzle
 * stays unique. p is unchanged on return. `u` (may be NULL) holds
 * unavoidable sets of p->sol. When the solver shows the orbit needed and
 * `alt` is not NULL, the other solution it found goes there and 2 is
 * returned instead of 1. */
int nonet__orbit_needed(nonet__gen *g, nonet__puz *p, int k,
                        const nonet__usets *u, uint8_t *alt);

/* Removes orbits of givens of p while the puzzle stays unique, each
 * tested once: the result is minimal (no orbit can be removed). `policy`
 * chooses the order (see puzzle.c). Each other solution the solver
 * finds on the way (with p as it was then) is handed to on_alt when not
 * NULL. */
typedef void (*nonet__alt_fn)(void *ctx, const nonet__puz *p,
                              const uint8_t alt[81]);
enum { NONET__MIN_RANDOM = 0, NONET__MIN_DENSE = 1, NONET__MIN_SPARSE = 2 };
void nonet__minimize(nonet__gen *g, nonet__puz *p, int policy,
                     nonet__alt_fn on_alt, void *alt_ctx);

/* options.c ------------------------------------------------------------- */

/* The number of givens a puzzle's clue bounds accept (1) or not (0). */
int nonet__clues_ok(const nonet_gen_options *o, int clues);

/* Whether an ER (tenths) is inside the options' rating band. */
int nonet__rating_in_band(const nonet_gen_options *o, int er);

/* emit.c ---------------------------------------------------------------- */

/* Rates p (counted in g); 0 (and a rating of 20.0) when the rater
 * failed. */
int nonet__rate_puz(nonet__gen *g, const nonet__puz *p, nonet_rating *r);

/* Polls the stop hook; returns 1 once it said stop. */
int nonet__gen_should_stop(nonet__gen *g);

/* Hands a finished puzzle to the caller after the accept hook; returns
 * -1 when the emit callback asked to stop, 1 when emitted, 0 when the
 * accept hook rejected it. */
int nonet__gen_emit(nonet__gen *g, const nonet__puz *p, uint64_t job,
                    nonet_gen_emit_fn emit, void *ctx);

/* pool.c ------------------------------------------------------------ */

/* One job of the search for puzzles within clue bounds: returns the
 * number of puzzles emitted, or -1 when emit asked to stop. */
long nonet__pool_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                     void *ctx);

/* rating.c ------------------------------------------------------------ */

/* One job of the search for a puzzle whose ER is inside the rating band:
 * 1 when it emitted one, 0 when not, -1 when emit asked to stop. */
long nonet__rating_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                       void *ctx);

/* pattern.c ------------------------------------------------------------- */

/* One job of the search for a puzzle whose givens are exactly the
 * pattern's cells. */
long nonet__pattern_job(nonet__gen *g, uint64_t job, nonet_gen_emit_fn emit,
                        void *ctx);

#endif
