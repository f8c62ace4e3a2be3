/* se_subsets.c: naked sets (pair 3.0, triplet 3.6, quad 5.0), hidden sets
 * (pair 3.4, triplet 4.0, quad 5.4) and direct hidden sets (pair 2.0,
 * triplet 2.5: the set leaves a hidden single elsewhere in its unit,
 * which is placed).
 *
 * SE's order: boxes, then columns, then rows, units 0..8 of each; within
 * a unit the combinations of `degree` cell indexes (naked) or digits
 * (hidden) in increasing order of their bit masks. Every member must have
 * at least two candidates (positions) and together exactly `degree`. */
#include "se.h"

#include "core/combos.h"

static const int kinds[3] = {SE_BOX, SE_COL, SE_ROW};

/* One unit's search: its eligible members (cells for naked sets, digits
 * for hidden sets, in increasing order) and what a found set needs. */
typedef struct set_search {
  const se_grid *g;
  se_acc *acc;
  int degree, direct, u;
  int idx[9]; /* the members: unit positions (naked) or digits (hidden) */
} set_search;

static unsigned members_of(const set_search *q, unsigned chosen) {
  unsigned m = 0;
  for (; chosen; chosen &= chosen - 1) m |= 1u << q->idx[nn_ctz(chosen)];
  return m;
}

/* a naked set: `uni` its digits */
static int naked_found(void *ctx, unsigned chosen, unsigned uni) {
  set_search *q = ctx;
  const se_grid *g = q->g;
  const uint8_t *cells = SE_UNIT[q->u];
  unsigned members = members_of(q, chosen);
  se_hint h;
  se_hint_clear(&h);
  h.tech = q->degree == 2   ? SE_T_NAKED_PAIR
           : q->degree == 3 ? SE_T_NAKED_TRIPLE
                            : SE_T_NAKED_QUAD;
  h.diff = nonet__se_diff(h.tech);
  h.size = (uint8_t)q->degree;
  int any = 0;
  for (int i = 0; i < 9; i++) {
    if (members >> i & 1) {
      bb_set(&h.set_cells, cells[i]);
      continue;
    }
    h.elim[cells[i]] = (uint16_t)(g->cand[cells[i]] & uni);
    any |= h.elim[cells[i]];
  }
  h.set_digits = (uint16_t)uni;
  h.set_unit = (uint8_t)q->u;
  return any && q->acc->add(q->acc, &h);
}

int nonet__se_naked_set(const se_grid *g, int degree, se_acc *acc) {
  return nonet__se_naked_set_in(g, degree, (1u << 27) - 1, acc);
}

int nonet__se_naked_set_in(const se_grid *g, int degree, uint32_t units,
                           se_acc *acc) {
  set_search q = {g, acc, degree, 0, 0, {0}};
  for (int k = 0; k < 3; k++)
    for (int u = kinds[k]; u < kinds[k] + 9; u++) {
      if (!(units >> u & 1) || se_unit_empty(g, u) < degree * 2) continue;
      const uint8_t *cells = SE_UNIT[u];
      /* members need two to `degree` candidates; sets of them in SE's
       * order are SE's combinations that can succeed, in SE's order */
      uint16_t masks[9];
      int ne = 0;
      for (int i = 0; i < 9; i++) {
        int n = pc9(g->cand[cells[i]]);
        if (n >= 2 && n <= degree) {
          q.idx[ne] = i;
          masks[ne++] = g->cand[cells[i]];
        }
      }
      q.u = u;
      if (nn_combos(masks, ne, degree, NN_COLEX, naked_found, &q)) return 1;
    }
  return 0;
}

/* a hidden set: `uni` its positions in the unit */
static int hidden_found(void *ctx, unsigned chosen, unsigned uni) {
  set_search *q = ctx;
  const se_grid *g = q->g;
  const uint16_t *pos = g->pos[q->u];
  const uint8_t *cells = SE_UNIT[q->u];
  unsigned digits = members_of(q, chosen);
  se_hint h;
  se_hint_clear(&h);
  h.size = (uint8_t)q->degree;
  if (q->direct) {
    /* first digit outside the set left with one position */
    int found = -1;
    for (int d = 0; d < 9 && found < 0; d++) {
      if (digits >> d & 1) continue;
      if (pc9(pos[d]) <= 1) continue;
      if (pc9(pos[d] & ~uni) == 1) found = d;
    }
    if (found < 0) return 0;
    h.tech =
        q->degree == 2 ? SE_T_DIRECT_HIDDEN_PAIR : SE_T_DIRECT_HIDDEN_TRIPLE;
    h.diff = nonet__se_diff(h.tech);
    h.cell = (int8_t)cells[nn_ctz(pos[found] & ~uni)];
    h.digit = (uint8_t)found;
    return q->acc->add(q->acc, &h);
  }
  h.tech = q->degree == 2   ? SE_T_HIDDEN_PAIR
           : q->degree == 3 ? SE_T_HIDDEN_TRIPLE
                            : SE_T_HIDDEN_QUAD;
  h.diff = nonet__se_diff(h.tech);
  int any = 0;
  for (unsigned m = uni; m; m &= m - 1) {
    int c = cells[nn_ctz(m)];
    h.elim[c] = (uint16_t)(g->cand[c] & ~digits);
    any |= h.elim[c];
  }
  h.set_digits = (uint16_t)digits;
  h.set_unit = (uint8_t)q->u;
  return any && q->acc->add(q->acc, &h);
}

int nonet__se_hidden_set(const se_grid *g, int degree, int direct,
                         se_acc *acc) {
  return nonet__se_hidden_set_in(g, degree, direct, (1u << 27) - 1, acc);
}

int nonet__se_hidden_set_in(const se_grid *g, int degree, int direct,
                            uint32_t units, se_acc *acc) {
  set_search q = {g, acc, degree, direct, 0, {0}};
  for (int k = 0; k < 3; k++)
    for (int u = kinds[k]; u < kinds[k] + 9; u++) {
      if (!(units >> u & 1)) continue;
      int empty = se_unit_empty(g, u);
      if (!(empty > degree * 2 || (direct && empty > degree))) continue;
      const uint16_t *pos = g->pos[u];
      uint16_t masks[9];
      int ne = 0;
      for (int d = 0; d < 9; d++) {
        int n = pc9(pos[d]);
        if (n >= 2 && n <= degree) {
          q.idx[ne] = d;
          masks[ne++] = pos[d];
        }
      }
      q.u = u;
      if (nn_combos(masks, ne, degree, NN_COLEX, hidden_found, &q)) return 1;
    }
  return 0;
}

void nonet__se_memo_changes(const se_memo *m, int slot, const se_grid *g,
                            uint32_t *units, unsigned *digits) {
  if (!m->valid[slot]) {
    *units = (1u << 27) - 1;
    *digits = 0x1ff;
    return;
  }
  uint32_t u = 0;
  unsigned d = 0;
  for (int c = 0; c < 81; c++) {
    unsigned x = m->cand[slot][c] ^ g->cand[c];
    if (!x && m->val[slot][c] == g->val[c]) continue;
    d |= x;
    if (m->val[slot][c]) d |= 1u << (m->val[slot][c] - 1);
    if (g->val[c]) d |= 1u << (g->val[c] - 1);
    for (int k = 0; k < 3; k++) u |= 1u << SE_CELL_UNIT[c][k];
  }
  *units = u;
  *digits = d;
}

void nonet__se_memo_done(se_memo *m, int slot, const se_grid *g, int found) {
  m->valid[slot] = (uint8_t)!found;
  if (found) return;
  memcpy(m->cand[slot], g->cand, sizeof m->cand[slot]);
  memcpy(m->val[slot], g->val, sizeof m->val[slot]);
}
