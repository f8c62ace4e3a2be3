/* generate.c: variant puzzles of one level. The variant generator's
 * puzzles are rated by their solving path (nonet_vlogic_solve, the
 * default techniques); a puzzle harder than asked gets givens from its
 * solution, an orbit of the symmetry at a time in a random order, until
 * it comes down to the level (not a killer of cages only: it stays
 * without givens); a puzzle that passes over the level is dropped and
 * the job draws the next one. A puzzle is rated with the techniques of
 * the level and below alone: the default order puts them first, so the
 * default path takes a harder one only where none of them applies, and
 * the puzzle is of the level or below exactly when they solve it (with
 * the path and level of the default techniques); the harder ones
 * (chains, forcing nets, trial and error) need not be run to say it is
 * harder. */
#include <stdlib.h>
#include <string.h>

#include "variant/variant.h"
#include "vlogic/vlogic.h"

#define LEVEL_TRIES NONET_VLOGIC_LEVEL_TRIES

typedef struct level_job {
  nonet_level level;
  uint64_t job, attempt;
  nonet_variant_emit_fn emit;
  void *ctx;
  nonet_vlogic_state *s;           /* scratch */
  nonet_vlogic_options *o;         /* the techniques of the level and below */
  const nonet_variant_gen *bounds; /* the user's options: clue bounds */
  int emitted, stop, status;
} level_job;

/* The level of a puzzle: its path's, NONET_LEVEL_TRIAL when the
 * techniques of o do not solve it; negative on an error. */
static int level_of(nonet_vlogic_state *s, const nonet_vlogic_options *o,
                    const nonet_variant *v, const uint8_t *cells) {
  int r = nonet_vlogic_init(s, v, cells);
  if (r != NONET_OK) return r == NONET_ENOMEM ? r : NONET_EINVAL;
  nonet_vlogic_result res;
  r = nonet_vlogic_solve(s, o, NULL, NULL, &res);
  if (r < 0) return r;
  return res.solved ? (int)res.level : (int)NONET_LEVEL_TRIAL;
}

static int on_puzzle(const nonet_variant_puzzle *p, void *arg) {
  level_job *j = arg;
  int n = p->size, nn = n * n;
  uint8_t cells[NONET_VARIANT_MAX_CELLS];
  int order[NONET_VARIANT_MAX_CELLS], nopen = 0;
  memcpy(cells, p->puzzle, (size_t)nn);
  int lv = level_of(j->s, j->o, p->variant, cells);
  /* a killer of cages only stays so: drawn again, never given digits */
  if (lv > (int)j->level && lv >= 0 && p->clues) {
    /* down to the level: the empty cells in a random order drawn from
     * (job, attempt), each with its orbit */
    nonet_rng rng;
    nonet_rng_seed(&rng, j->job * 0x9e3779b97f4a7c15ull + j->attempt + 1);
    for (int c = 0; c < nn; c++)
      if (!cells[c]) order[nopen++] = c;
    for (int i = nopen - 1; i > 0; i--) {
      int k = (int)nonet_rng_below(&rng, (uint32_t)i + 1), t = order[i];
      order[i] = order[k], order[k] = t;
    }
    for (int i = 0; i < nopen && lv > (int)j->level; i++) {
      if (cells[order[i]]) continue; /* in an orbit filled before */
      int orbit[4],
          m = nonet_variant_symmetry_orbit(n, p->symmetry, order[i], orbit);
      if (m < 1) orbit[0] = order[i], m = 1;
      for (int k = 0; k < m; k++) cells[orbit[k]] = p->solution[orbit[k]];
      lv = level_of(j->s, j->o, p->variant, cells);
    }
  }
  if (lv < 0) {
    j->status = lv;
    return 1;
  }
  if (lv != (int)j->level) return 0; /* passed over it: the next one */
  nonet_variant_puzzle q = *p;
  int clues = 0;
  for (int c = 0; c < nn; c++) clues += cells[c] != 0;
  /* the clue bounds hold for the puzzle with the givens the level added */
  if (!nonet__v_gen_clues_fit(j->bounds, clues)) return 0;
  q.puzzle = cells;
  q.clues = clues;
  q.job = j->job;
  j->emitted = 1;
  j->stop = j->emit(&q, j->ctx);
  return j->stop;
}

long nonet_vlogic_generate_job(const nonet_variant_gen *o, nonet_level level,
                               uint64_t job, nonet_variant_emit_fn emit,
                               void *ctx, nonet_gen_stats *stats) {
  if (!o || !emit || level < NONET_LEVEL_EASY || level > NONET_LEVEL_EXTREME)
    return NONET_EINVAL;
  level_job j = {level, job, 0, emit, ctx, malloc(sizeof *j.s),
                 NULL,  o,   0, 0,    0};
  /* the generator's puzzles without the clue bounds, which on_puzzle
   * applies once the level's givens are added (a puzzle below the least
   * may come up to it, one within may pass over the most) */
  nonet_variant_gen free_clues = *o;
  free_clues.clues_min = 0;
  free_clues.clues_max = -1;
  nonet_vtech all[NONET_VTECH_SLOTS], upto[NONET_VTECH_SLOTS];
  size_t n = nonet_vlogic_options_order(NULL, all, NONET_VTECH_SLOTS), k = 0;
  for (size_t i = 0; i < n; i++)
    if (nonet_vtech_level(all[i]) <= (int)level) upto[k++] = all[i];
  j.o = nonet_vlogic_options_new();
  if (!j.s || !j.o ||
      nonet_vlogic_options_set_order(j.o, upto, k) != NONET_OK) {
    free(j.s);
    nonet_vlogic_options_free(j.o);
    return NONET_ENOMEM;
  }
  long r = 0;
  for (; j.attempt < LEVEL_TRIES && !j.emitted && !j.status; j.attempt++) {
    /* the puzzles of job `job` at each attempt: jobs far apart in the
     * generator's numbering, so that no two jobs share one */
    r = nonet_variant_generate_job(&free_clues, job * LEVEL_TRIES + j.attempt,
                                   on_puzzle, &j, stats);
    if (r <= 0 && !j.emitted) break; /* an error, or stopped */
  }
  free(j.s);
  nonet_vlogic_options_free(j.o);
  if (j.status) return j.status;
  if (r < 0) return r;
  return j.emitted;
}

typedef struct level_run {
  nonet_level level;
  nonet_variant_emit_fn emit;
  void *ctx;
} level_run;

static long level_job_fn(const nonet_variant_gen *run, uint64_t job, void *arg,
                         nonet_gen_stats *stats) {
  level_run *q = arg;
  return nonet_vlogic_generate_job(run, q->level, job, q->emit, q->ctx, stats);
}

long nonet_vlogic_generate(const nonet_variant_gen *o, nonet_level level,
                           long count, nonet_variant_emit_fn emit, void *ctx,
                           nonet_gen_stats *stats) {
  if (!o || !emit || level < NONET_LEVEL_EASY || level > NONET_LEVEL_EXTREME)
    return NONET_EINVAL;
  /* the check notes what it could not settle in the options it checks:
   * in a copy, so that threads may share `o` (test_threads: a data race
   * on o when the check ran on o itself) */
  nonet_variant_gen *own = nonet_variant_gen_copy(o);
  if (!own) return NONET_ENOMEM;
  int checked = nonet_variant_gen_check(own, NULL, 0);
  if (checked != NONET_OK) {
    nonet_variant_gen_free(own);
    return checked == NONET_ENOMEM ? NONET_ENOMEM : NONET_EINVAL;
  }
  level_run q = {level, emit, ctx};
  /* a job that makes none tried LEVEL_TRIES puzzles: out of reach */
  long made = nonet__v_generate_seq(own, count, level_job_fn, &q, 1, stats);
  nonet_variant_gen_free(own);
  return made;
}
