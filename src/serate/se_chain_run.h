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
  uint64_t in[SE_KEY_WORDS]; /**< potentials derived (the start included) */
  uint16_t cnt[SE_KEYS];     /**< their ancestor counts (SE's complexity) */
  uint16_t order[SE_KEYS];   /**< the potentials in the order derived */
  int n;                     /**< how many */
  int contra;                /**< 1 when a contradiction ended the run */
  int contra_cx;             /**< its complexity: anc(on) + anc(off) */
  struct se_run *next_free;
} se_run;

/** Scratch of the run engine. */
typedef struct se_engine se_engine;

se_engine *nonet__se_engine_new(void);
void nonet__se_engine_free(se_engine *e);

/** Sets the grid and mode for the following runs: Y links (all but
 * Nishio), dynamic (removing processed "off" potentials), nesting level
 * (0: none, 1: + locking, hidden and naked pairs, X-wings). */
void nonet__se_engine_setup(se_engine *e, const se_grid *g, int ylinks,
                            int dynamic, int level);

/** Runs from `start` (a key) and fills `out`. */
void nonet__se_engine_run(se_engine *e, int start, se_run *out);

#endif
