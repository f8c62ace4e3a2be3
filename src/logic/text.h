/* text.h: a bounded text writer and the notation helpers the step texts
 * share. Internal. */
#ifndef NONET_LOGIC_TEXT_H
#define NONET_LOGIC_TEXT_H

#include <stdarg.h>
#include <stddef.h>

#include "nonet.h"

typedef struct nn_text {
  char *buf;
  size_t cap, len; /* len: what the full text needs so far */
} nn_text;

void nonet__tx_printf(nn_text *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void nonet__tx_puts(nn_text *t, const char *s);
/* r5c2 */
void nonet__tx_cell(nn_text *t, int cell);
/* r5c2,r6c2 (cells of the step with a role; role < 0: all) */
void nonet__tx_cells_role(nn_text *t, const nonet_step *s, int role);
/* a list of cells */
void nonet__tx_cells(nn_text *t, const uint8_t *cells, int n);
/* 3,8 with a separator */
void nonet__tx_digits(nn_text *t, unsigned mask, const char *sep);
/* r5 / c2 / b1, or in words row 5 / column 2 / box 1 */
void nonet__tx_unit(nn_text *t, int unit, int words);
/* a chain node: (5)r1c2 or (5)r1c78 */
void nonet__tx_node(nn_text *t, const nonet_node *n);

/* How a family of techniques is written (text.c): the pattern of the
 * notation (after "Name: "), the same in words with the conclusion, and
 * whether the notation is the placement alone (singles). */
typedef struct nn_text_family {
  void (*pattern)(nn_text *t, const nonet_step *s);
  void (*words)(nn_text *t, const nonet_step *s);
  int placement;
} nn_text_family;

extern const nn_text_family nonet__text_full_house, nonet__text_naked_single,
    nonet__text_hidden_single, nonet__text_locked, nonet__text_naked_subset,
    nonet__text_hidden_subset, nonet__text_fish, nonet__text_remote_pair,
    nonet__text_bug, nonet__text_string, nonet__text_single_digit_chain,
    nonet__text_empty_rectangle, nonet__text_w_wing, nonet__text_xy_wing,
    nonet__text_rectangle, nonet__text_colors, nonet__text_chain,
    nonet__text_sue_de_coq, nonet__text_als_xz, nonet__text_als_xy_wing,
    nonet__text_ape, nonet__text_forcing, nonet__text_trial;

/* The conclusion of a step in notation: r1c1=4, r5c7,r5c8<>3 (text.c). */
void nonet__tx_conclusion(nn_text *t, const nonet_step *s);

#endif
