/* se_nested.h: SE's chain engine with full potential graphs, for the
 * nested levels (dynamic forcing chains using forcing chains inside:
 * 9.5, 10.0, 10.5, 11.0 and up).
 *
 * At a nesting level every chain run, when it stalls, applies simpler
 * techniques (including chains of the level below) to its reduced grid
 * and continues with their eliminations. To rate such a step as SE does,
 * the inner chains are kept as graphs of potentials with their causes,
 * which give the premises ("rule parents") an inner step relies on and
 * the complexity it adds to the outer chain. This engine mirrors SE's
 * Chaining class closely and is used only where the fast engines
 * (se_chain_unary.c, se_chain_run.c) do not reach. */
#ifndef NONET_SE_NESTED_H
#define NONET_SE_NESTED_H

#include "se_chain.h"

typedef struct se_nx se_nx;

se_nx *nonet__se_nx_new(void);
/** Whether an allocation failed in a nested search of the rating. */
int nonet__se_nx_nomem(const se_nx *x);
void nonet__se_nx_free(se_nx *x);

/** SE's Chaining(true, true, false, level) for level >= 2: the easiest
 * hint (difficulty 9.5 + 0.5 * (level - 2) plus the length bonus), or 0. */
int nonet__se_nx_nested(se_nx *x, const se_grid *g, int level, se_hint *out);

/** Any of SE's chaining producers through this engine (multiple and
 * dynamic both 0: forcing chains and cycles), for cross-checks with the
 * fast engines: the easiest hint, or 0. */
int nonet__se_nx_chains(se_nx *x, const se_grid *g, int multiple, int dynamic,
                        int nishio, int level, se_hint *out);

#endif
