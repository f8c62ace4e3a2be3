/* se_chain.h: SE's chain engine (Chaining.java): forcing X/Y chains and
 * cycles, Nishio, multiple and dynamic forcing chains, nested levels.
 *
 * A "potential" is a (cell, digit, on/off) triple, encoded as a key:
 * cell * 9 + d for "on" (the digit is in the cell), 729 + cell * 9 + d
 * for "off". A chain run starts from assumed potentials and derives the
 * others, remembering for each derived potential its parents (the
 * potentials it follows from). SE rates a chain by its complexity: the
 * number of distinct potentials among the ancestors of its targets, and
 * adds 0.1 each time that length passes 4, 6, 8, 12, 16, 24, 32, ... */
#ifndef NONET_SE_CHAIN_H
#define NONET_SE_CHAIN_H

#include "se.h"

#define SE_KEYS 1458
#define SE_KEY_WORDS 23 /* 64-bit words of a set of keys */

NONET_INLINE int se_key_on(int c, int d) { return c * 9 + d; }
NONET_INLINE int se_key_off(int c, int d) { return 729 + c * 9 + d; }
NONET_INLINE int se_key_cell(int k) { return (k % 729) / 9; }
NONET_INLINE int se_key_digit(int k) { return k % 9; }
NONET_INLINE int se_key_is_on(int k) { return k < 729; }

NONET_INLINE int se_kset_has(const uint64_t *s, int k) {
  return (int)((s[k >> 6] >> (k & 63)) & 1);
}
NONET_INLINE void se_kset_add(uint64_t *s, int k) {
  s[k >> 6] |= 1ULL << (k & 63);
}

/** SE's length bonus (ChainingHint.getLengthDifficulty): 0.1 each time
 * complexity - 2 passes 4, 6, 8, 12, 16, 24, ... (se_techs.c) */
double nonet__se_length_bonus(int complexity);

/** What the static implication graph of a grid allows forcing chains and
 * cycles (se_chain_reach.c): per cell, the candidates whose "on" reaches
 * their "off", those whose "off" reaches their "on", and those whose "on"
 * lies on a cycle; and the strongly connected component of every
 * potential (valid while the scratch that made it is). */
typedef struct se_starts {
  uint16_t on_off[81], off_on[81], cycle[81];
  const uint16_t *comp;
  /* what each potential reaches: the set of its component, with the
   * potentials numbered by id[key] */
  const uint16_t *id;
  const uint64_t *sets;
  int nw;
} se_starts;

/** Whether potential a reaches potential b (keys) on the grid of `st`. */
NONET_INLINE int se_starts_reaches(const se_starts *st, int a, int b) {
  const uint64_t *set = st->sets + (size_t)st->comp[a] * (size_t)st->nw;
  int i = st->id[b];
  return (int)((set[i >> 6] >> (i & 63)) & 1);
}

/* The producers' scratch, each type defined in its own file and opaque
 * to the others. */
typedef struct se_unary_scratch se_unary_scratch; /* se_chain_unary.c */
typedef struct se_reach se_reach;                 /* se_chain_reach.c */
typedef struct se_mcache se_mcache;               /* se_chain_multi.c */

/** Forcing X/Y chains and cycles with a scratch (se_chain_unary.c), from
 * the candidates `st` allows. */
size_t nonet__se_unary_scratch_size(void);
int nonet__se_unary_chains_with(se_unary_scratch *s, const se_grid *g,
                                const se_starts *st, se_hint *out);

/** The static implication graph's reach sets (se_chain_reach.c): fills
 * `st` and returns whether any forcing chain or cycle is possible; what a
 * potential reaches, while `r` is not used again. */
size_t nonet__se_reach_size(void);
int nonet__se_forcing_possible(se_reach *r, const se_grid *g, se_starts *st);
const uint64_t *nonet__se_reach_of(const se_reach *r, int key);
int nonet__se_reach_words(const se_reach *r);

/** Runs kept across the steps of a rating (se_chain_multi.c). */
se_mcache *nonet__se_mcache_new(void);
void nonet__se_mcache_free(se_mcache *m);

typedef struct se_chain_ctx se_chain_ctx;

/** Scratch memory for the chain producers of one rating. */
se_chain_ctx *nonet__se_chain_new(void);
void nonet__se_chain_free(se_chain_ctx *cx);
/** Whether an allocation of the rating's producers failed: the rating is
 * then NONET_ENOMEM, whatever they returned. */
int nonet__se_chain_nomem(const se_chain_ctx *cx);

/** The unique loop cache (made on first use: NULL when out of memory,
 * then loops are found without one) and the producer memo of a rating
 * (see se_ul_cache, se_memo). */
se_ul_cache *nonet__se_chain_ul(se_chain_ctx *cx);
se_memo *nonet__se_chain_memo(se_chain_ctx *cx);
/** The aligned pair exclusion memory of a rating. */
se_ate_cache *nonet__se_chain_ape(se_chain_ctx *cx);

/** SE's chaining producers in order (forcing chains and cycles, aligned
 * triplet exclusion, Nishio, multiple, dynamic, dynamic (+), nested):
 * returns 1 with the first hint. */
int nonet__se_chains(se_chain_ctx *cx, const se_grid *g, se_hint *out);

/** Cycles and forcing X/Y chains (SE's Chaining(false, false, false, 0)):
 * the easiest hint, or 0. */
int nonet__se_unary_chains(se_chain_ctx *cx, const se_grid *g, se_hint *out);

/** Nishio, multiple and dynamic forcing chains at a nesting level
 * (SE's getMultipleChainsHintList): the easiest hint, or 0. */
int nonet__se_multiple_chains(se_chain_ctx *cx, const se_grid *g, int multiple,
                              int dynamic, int nishio, int level, se_hint *out);

/** SE's next step on a grid: every producer in SE's order, the first
 * hint found. Returns 0 when no technique applies. */
int nonet__se_next_hint(se_chain_ctx *cx, const se_grid *g, se_hint *out);

/** Rates a puzzle with a given context (used by nonet_rate). */
struct nonet_rating;
int nonet__se_rate_grid(se_chain_ctx *cx, const uint8_t puzzle[81],
                        struct nonet_rating *out);

#endif
