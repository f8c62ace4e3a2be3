/* stepcheck.c: whether a variant step's fields are in range, before a
 * public function reads it. The finders' steps always are; a step the
 * caller built or changed (nonet_vstep is a plain struct) may count more
 * than its arrays hold or name a cell, digit or unit beyond its grid:
 * nonet_vlogic_apply, nonet_vstep_text and nonet_vstep_json refuse it
 * rather than read past its end. */
#include "vlogic/vlogic.h"

static int cand_ok(const nonet_vcand *c, int n) {
  return c->cell < n * n && c->digit >= 1 && c->digit <= n;
}

int nonet__vl_step_ok(const nonet_vstep *s) {
  if (!s || !nonet__vl_tech(s->technique)) return 0;
  int n = s->size;
  if (n < 4 || n > NONET_VARIANT_MAX_SIZE || s->digits >> n) return 0;
  if (s->nunits > NONET_VSTEP_MAX_UNITS || s->nbase > s->nunits ||
      s->ncells > NONET_VSTEP_MAX_CELLS || s->cells2 > s->ncells ||
      s->nplace > NONET_VSTEP_MAX_PLACE || s->nelim > NONET_VSTEP_MAX_ELIM)
    return 0;
  for (int k = 0; k < s->nunits; k++) {
    const nonet_vunit *u = &s->units[k];
    if (u->kind > NONET_VUNIT_CANDIDATE || u->index >= n * n ||
        u->cell >= n * n)
      return 0;
    if (u->kind == NONET_VUNIT_CANDIDATE && (u->index < 1 || u->index > n))
      return 0;
  }
  /* chains and nets: their text reads their candidates, first and last */
  int t = s->technique;
  int chain = t == NONET_VTECH_X_CHAIN || t == NONET_VTECH_XY_CHAIN ||
              t == NONET_VTECH_AIC;
  if ((chain && s->nunits < 2) || (t == NONET_VTECH_FORCING_NET && !s->nbase))
    return 0;
  for (int k = 0; chain && k < s->nbase; k++)
    if (s->units[k].kind != NONET_VUNIT_CANDIDATE) return 0;
  /* a net's units: candidates, placed (sum 0) or ruled out by a house or
   * a cage (its text names it), the first placed */
  for (int k = 0; t == NONET_VTECH_FORCING_NET && k < s->nbase; k++) {
    const nonet_vunit *u = &s->units[k];
    if (u->kind != NONET_VUNIT_CANDIDATE || (k == 0 && u->sum)) return 0;
    if (u->sum && (NONET_VNET_KIND(u->sum) > NONET_VUNIT_CAGE ||
                   NONET_VNET_INDEX(u->sum) >= n * n))
      return 0;
  }
  /* relation pointing without a unit is the cell form: its text reads
   * the cell */
  if (t == NONET_VTECH_RELATION_POINTING && !s->nunits && !s->ncells) return 0;
  for (int k = 0; k < s->ncells; k++)
    if (s->cells[k] >= n * n) return 0;
  for (int k = 0; k < s->nplace; k++)
    if (!cand_ok(&s->place[k], n)) return 0;
  for (int k = 0; k < s->nelim; k++)
    if (!cand_ok(&s->elim[k], n)) return 0;
  return 1;
}
