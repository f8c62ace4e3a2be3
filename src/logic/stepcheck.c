/* stepcheck.c: whether a step's fields are in range, before a public
 * function reads it. The finders' steps always are; a step the caller
 * built or changed (nonet_step is a plain struct) may count more cells or
 * candidates than its arrays hold, or name a cell, digit or unit that
 * does not exist: nonet_logic_apply, nonet_step_text and nonet_step_json
 * refuse it rather than read past its end. */
#include "logic/grid.h"

static int cand_ok(const nonet_cand *c) {
  return c->cell < 81 && c->digit >= 1 && c->digit <= 9;
}

int nonet__step_ok(const nonet_step *s) {
  if (!s || s->technique >= NN_TECH_COUNT || s->x > 9 || s->z > 9 ||
      s->digits >> 9)
    return 0;
  if (s->ncells > NONET_STEP_MAX_CELLS || s->nunits > NONET_STEP_MAX_UNITS ||
      s->nbase > s->nunits || s->nnodes > NONET_STEP_MAX_NODES ||
      s->nplace > NONET_STEP_MAX_PLACE || s->nelim > NONET_STEP_MAX_ELIM)
    return 0;
  for (int k = 0; k < 4; k++)
    if (s->masks[k] >> 9) return 0;
  for (int k = 0; k < s->ncells; k++)
    if (s->cells[k] >= 81 || s->roles[k] > 3) return 0;
  for (int k = 0; k < s->nunits; k++)
    if (s->units[k] >= 27) return 0;
  for (int k = 0; k < s->nnodes; k++) {
    const nonet_node *n = &s->nodes[k];
    if (n->ncells < 1 || n->ncells > 3 || n->digit < 1 || n->digit > 9 ||
        n->link > NONET_LINK_WEAK)
      return 0;
    for (int j = 0; j < n->ncells; j++)
      if (n->cells[j] >= 81) return 0;
  }
  for (int k = 0; k < s->nplace; k++)
    if (!cand_ok(&s->place[k])) return 0;
  for (int k = 0; k < s->nelim; k++)
    if (!cand_ok(&s->elim[k])) return 0;
  return 1;
}
