/* steptext.c: a step as text, from its technique's descriptor (tech.c):
 * its name (refined by its variant), the community notation, the words,
 * the nudge ("Look for a Naked Pair in column 5."), the pattern alone.
 * The writers of each family are in text.c. */
#include "core/bits.h"
#include "logic/grid.h"
#include "logic/text.h"

#define P nonet__tx_printf
#define S nonet__tx_puts

const char *nonet_step_name(const nonet_step *s) {
  if (!s || s->technique >= NN_TECH_COUNT) return "?";
  const nn_tech *t = &nonet__techs[s->technique];
  if (t->variants && s->variant < 3 && t->variants[s->variant])
    return t->variants[s->variant];
  if (t->variants) return t->variants[0];
  return t->name;
}

static void notation(nn_text *t, const nonet_step *s, int pattern_only) {
  const nn_text_family *f = nonet__techs[s->technique].text;
  S(t, nonet_step_name(s));
  S(t, ": ");
  if (f->placement && !pattern_only) {
    nonet__tx_conclusion(t, s); /* the pattern is the placement */
    return;
  }
  if (f->placement) { /* the cell (and its unit), not the digit it takes */
    nonet__tx_cell(t, s->cells[0]);
    if ((nonet__techs[s->technique].nudge & ~NN_NUDGE_AN) == NN_NUDGE_UNIT) {
      S(t, " in ");
      nonet__tx_unit(t, s->units[0], 0);
    }
    return;
  }
  f->pattern(t, s);
  if (s->truncated) S(t, " ...");
  if (!pattern_only) {
    S(t, " => ");
    nonet__tx_conclusion(t, s);
  }
}

static void nudge(nn_text *t, const nonet_step *s) {
  const nn_tech *x = &nonet__techs[s->technique];
  int d = s->digits ? nn_ctz(s->digits) + 1 : 0;
  P(t, "Look for %s %s", x->nudge & NN_NUDGE_AN ? "an" : "a",
    nonet_step_name(s));
  switch (x->nudge & ~NN_NUDGE_AN) {
  case NN_NUDGE_UNIT: /* the unit the pattern lies in */
    S(t, " in ");
    nonet__tx_unit(t, s->units[0], 1);
    break;
  case NN_NUDGE_BOX: /* the box of the cell */
    S(t, " in ");
    nonet__tx_unit(t, 18 + (s->cells[0] / 27) * 3 + (s->cells[0] % 9) / 3, 1);
    break;
  default: /* the digit, or where it places or removes one */
    if (s->digits && !(s->digits & (s->digits - 1)))
      P(t, " on digit %d", d);
    else if (s->nplace)
      P(t, " that places a digit in row %d", s->place[0].cell / 9 + 1);
    else if (s->nelim)
      P(t, " that removes %d from row %d", s->elim[0].digit,
        s->elim[0].cell / 9 + 1);
    break;
  }
  S(t, ".");
}

size_t nonet_step_text(const nonet_step *s, nonet_text_style style, char *buf,
                       size_t cap) {
  nn_text t = {buf, buf ? cap : 0, 0};
  if (t.cap) buf[0] = 0;
  if (!nonet__step_ok(s)) return 0;
  switch (style) {
  case NONET_TEXT_WORDS:
    nonet__techs[s->technique].text->words(&t, s);
    break;
  case NONET_TEXT_NUDGE:
    nudge(&t, s);
    break;
  case NONET_TEXT_PATTERN:
    notation(&t, s, 1);
    break;
  default:
    notation(&t, s, 0);
    break;
  }
  return t.len;
}
