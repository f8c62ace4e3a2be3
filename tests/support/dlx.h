/* dlx.h: Knuth's Dancing Links (Algorithm X), the cover and uncover of a
 * column, shared by the two referees (ref.c for 9x9, vref.c for every
 * variant). The links are each referee's own arrays: L, R, U, D (a node's
 * neighbours), C (a node's column) and size (a column's live rows). */
#ifndef NONET_TEST_DLX_H
#define NONET_TEST_DLX_H

typedef struct dlx_links {
  int *L, *R, *U, *D, *C, *size;
} dlx_links;

/* Takes column c out of the header list and every row through it out of
 * the other columns. */
static inline void dlx_cover(const dlx_links *x, int c) {
  x->R[x->L[c]] = x->R[c];
  x->L[x->R[c]] = x->L[c];
  for (int i = x->D[c]; i != c; i = x->D[i])
    for (int j = x->R[i]; j != i; j = x->R[j]) {
      x->D[x->U[j]] = x->D[j];
      x->U[x->D[j]] = x->U[j];
      x->size[x->C[j]]--;
    }
}

/* Undoes dlx_cover(x, c), in the reverse order. */
static inline void dlx_uncover(const dlx_links *x, int c) {
  for (int i = x->U[c]; i != c; i = x->U[i])
    for (int j = x->L[i]; j != i; j = x->L[j]) {
      x->size[x->C[j]]++;
      x->D[x->U[j]] = j;
      x->U[x->D[j]] = j;
    }
  x->R[x->L[c]] = c;
  x->L[x->R[c]] = c;
}

#endif
