/* se_chain_run.h: one propagation run of SE's Chaining.doChaining, the
 * building block of Nishio, multiple, dynamic and nested forcing chains.
 *
 * A run starts from one assumed potential and derives consequences
 * breadth first ("on" potentials before "off" ones), exactly in SE's
 * order, so that every derived potential gets the same parents as in SE.
 * In dynamic mode each processed "off" potential is removed from a work
 * copy of the grid, which lets later links see the reduced grid; the
 * removed candidates become extra ("hidden") parents of what they enable.
 * Nested levels add, whenever the run stalls, the eliminations of simpler
 * techniques applied to the work grid. A run stops at the first step that
 * makes some potential both on and off (a contradiction). */
#ifndef NONET_SE_CHAIN_RUN_H
#define NONET_SE_CHAIN_RUN_H

#include "se_chain.h"

/** What a run leaves for the hint search. */
typedef struct se_run {
  uint64_t in[SE_KEY_WORDS];    /**< potentials derived (the start included) */
  uint16_t cnt[SE_KEYS];        /**< their ancestor counts (SE's complexity) */
  uint16_t order[SE_KEYS];      /**< the potentials in the order derived */
  int n;                        /**< how many */
  int contra;                   /**< 1 when a contradiction ended the run */
  int contra_cx;                /**< its complexity: anc(on) + anc(off) */
  nn_bb rcells;                 /**< cells whose candidates the run read
                                     (all of a processed potential's cell with
                                     Y links; none without) */
  nn_bb rd[9];                  /**< cells of the processed potentials of each
                                     digit: the run read the positions of d in
                                     their units */
  int noff;                     /**< "off" potentials processed */
  uint16_t offkey[SE_KEYS];     /**< which, in order */
  uint16_t offmask[SE_KEYS][4]; /**< what each read: its cell's candidates
                                     (0 without Y links) and its digit's
                                     positions in its box, row, column, on
                                     the work grid of that moment */
} se_run;

/** A run kept for later: the same facts, compact. The run only depends on
 * the candidates it read (rcells, rd): while none of those changes, it
 * stays valid on a changed grid. */
typedef struct se_rrec {
  uint64_t in[SE_KEY_WORDS];
  uint16_t pre[SE_KEY_WORDS]; /**< potentials in the words before each word */
  int n, contra, contra_cx;
  nn_bb rcells;
  nn_bb rd[9];
  uint16_t *order; /**< the potentials in the order derived */
  uint16_t *cnt;   /**< their ancestor counts, in key order */
  int noff;        /**< the "off" potentials processed, as in se_run */
  uint16_t *offkey;
  uint16_t (*offmask)[4];
} se_rrec;

/** Makes a compact copy of a run (NULL when out of memory). */
se_rrec *nonet__se_rrec_make(const se_run *r);
void nonet__se_rrec_free(se_rrec *r);

/** Whether a run derived potential k, and its ancestor count if so. */
NONET_INLINE int se_rrec_has(const se_rrec *r, int k) {
  return se_kset_has(r->in, k);
}
NONET_INLINE int se_rrec_cnt(const se_rrec *r, int k) {
  int w = k >> 6;
  return r->cnt[r->pre[w] + pc64(r->in[w] & ((1ULL << (k & 63)) - 1))];
}

/** Whether the run is still what a run from the same start would give
 * on the grid the caller's grid became by losing candidates: `rm` holds,
 * per cell, the candidates lost, `rpos` per unit and digit the positions
 * lost, `lost` the keys of the n candidates lost ("on" keys). When it is,
 * its record is brought up to date with the new grid. */
int nonet__se_rrec_still(se_rrec *r, const uint16_t rm[81],
                         const uint16_t rpos[27][9], const int *lost, int n);

/** Scratch of the run engine. */
typedef struct se_engine se_engine;

se_engine *nonet__se_engine_new(void);
void nonet__se_engine_free(se_engine *e);
/** Whether an allocation of the engine failed (the rating then reports
 * NONET_ENOMEM); and marking that one did (the producers that use it). */
int nonet__se_engine_nomem(const se_engine *e);
void nonet__se_engine_set_nomem(se_engine *e);

/** Nishio, multiple and dynamic chains with an engine and the runs kept
 * (se_chain_multi.c; `cache` and `reach` may be NULL). */
int nonet__se_multiple_chains_with(se_engine *e, se_mcache *cache,
                                   const se_reach *reach, const se_grid *g,
                                   int multiple, int dynamic, int nishio,
                                   int level, se_hint *out);

/** Sets the grid and mode for the following runs: Y links (all but
 * Nishio), dynamic (removing processed "off" potentials), nesting level
 * (0: none, 1: + locking, hidden and naked pairs, X-wings). */
void nonet__se_engine_setup(se_engine *e, const se_grid *g, int ylinks,
                            int dynamic, int level);

/** Runs from `start` (a key) and fills `out`. */
void nonet__se_engine_run(se_engine *e, int start, se_run *out);

#endif
