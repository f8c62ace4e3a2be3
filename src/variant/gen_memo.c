/* gen_memo.c: where the generator's proofs ended, kept with the options.
 *
 * Rules the check left undecided get, in every job, a clause-learning
 * search for a grid from the first row (generate.c, proof_step()), run in
 * budgets. That search takes no random numbers: every job runs the same
 * one, so the first job to finish a stage of it writes down how it ended
 * (a grid or none, and after how many conflicts) and every later job of
 * the run, or of another run on the same options, answers its own
 * budgets from that: the budget in which the search ends, and the
 * conflicts it would have spent, are known without running it (the
 * search in steps ends where it ends in one run: test_learn). So a job's
 * puzzle is the same whether it found the end itself or read it here,
 * and the output does not depend on the order of jobs or threads. Written
 * once per slot (a flag taken by compare-and-swap, then the entry, then a
 * release store); read with an acquire load: no lock. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "variant.h"

/* One stage of one search: the rules with `cons`, how it ended. */
typedef struct memo_slot {
  atomic_int state; /* 0 empty, 1 being written, 2 written */
  unsigned cons;
  long count;                   /* 0: no grid; 1: `grid` */
  unsigned long long conflicts; /* where the search ended */
  uint8_t grid[VMAXC];
} memo_slot;

struct vmemo {
  atomic_int refs;
  int n, br, bc; /* the grid the entries are about */
  memo_slot slot[VMEMO_SLOTS];
};

vmemo *nonet__v_memo_new(int n, int br, int bc) {
  vmemo *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  atomic_init(&m->refs, 1);
  m->n = n;
  m->br = br;
  m->bc = bc;
  for (int k = 0; k < VMEMO_SLOTS; k++) atomic_init(&m->slot[k].state, 0);
  return m;
}

vmemo *nonet__v_memo_retain(vmemo *m) {
  if (m) atomic_fetch_add(&m->refs, 1);
  return m;
}

void nonet__v_memo_release(vmemo *m) {
  if (m && atomic_fetch_sub(&m->refs, 1) == 1) free(m);
}

int nonet__v_memo_fits(const vmemo *m, int n, int br, int bc) {
  return m && m->n == n && m->br == br && m->bc == bc;
}

/* Slot `slot` of m when m is about n x n grids with br x bc boxes; else
 * NULL. */
static memo_slot *slot_of(vmemo *m, int n, int br, int bc, int slot) {
  if (!nonet__v_memo_fits(m, n, br, bc) || slot < 0 || slot >= VMEMO_SLOTS)
    return NULL;
  return &m->slot[slot];
}

int nonet__v_memo_get(vmemo *m, int n, int br, int bc, int slot, unsigned cons,
                      long *count, unsigned long long *conflicts,
                      uint8_t *grid) {
  memo_slot *s = slot_of(m, n, br, bc, slot);
  if (!s || atomic_load_explicit(&s->state, memory_order_acquire) != 2 ||
      s->cons != cons)
    return 0;
  *count = s->count;
  *conflicts = s->conflicts;
  if (grid && s->count > 0) memcpy(grid, s->grid, (size_t)(n * n));
  return 1;
}

void nonet__v_memo_put(vmemo *m, int n, int br, int bc, int slot, unsigned cons,
                       long count, unsigned long long conflicts,
                       const uint8_t *grid) {
  memo_slot *s = slot_of(m, n, br, bc, slot);
  int empty = 0;
  if (!s || !atomic_compare_exchange_strong(&s->state, &empty, 1))
    return; /* written (the same, by another job) or being written */
  s->cons = cons;
  s->count = count;
  s->conflicts = conflicts;
  if (count > 0 && grid) memcpy(s->grid, grid, (size_t)(n * n));
  atomic_store_explicit(&s->state, 2, memory_order_release);
}

/* A search in steps stops at a step's budget B once a conflict's clause is
 * learned (learn.c): one that ends with no grid ends at its last conflict,
 * so within B when it ends at B or before; one that ends with a grid
 * finds it after its last conflict, so within B only when that conflict
 * came before B (at B itself the step stops first, and the next step
 * finds the grid with no conflict more). */
int nonet__v_memo_step(long count, unsigned long long end,
                       unsigned long long spent, unsigned long long more,
                       unsigned long long *used) {
  unsigned long long budget = spent + more;
  int done = count > 0 ? end < budget : end <= budget;
  *used = !done ? more : end > spent ? end - spent : 0;
  return done;
}
