/* test_memo.c: the generator's memo of proofs (src/variant/gen_memo.c),
 * the one structure of the library that threads write together (the jobs
 * of a run on rules the check left undecided, sharing one memo through
 * copies of the options). No lock: a slot is taken by compare-and-swap,
 * written, then published by a release store that readers acquire. Here
 * four threads at once, over many fresh memos, each read every slot, write
 * it when it is empty and read it again: every read that answers must
 * give the entry some writer wrote whole (the writers of a slot write the
 * same, as the generator's jobs do), the first writer's must stay, and
 * holding and letting go of the memo from every thread frees it once.
 * `make tsan` runs it under ThreadSanitizer. Internal API. */
#define _POSIX_C_SOURCE 200809L /* pthread barriers */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "variant/variant.h"

#define THREADS 4
#define MEMOS 200
#define N 12

static vmemo *memo[MEMOS];
static pthread_barrier_t start;

/* What slot k of memo i holds once written: a value of (i, k) alone. */
static unsigned cons_of(int i, int k) { return (unsigned)(i * 31 + k * 7 + 1); }
static long count_of(int i, int k) { return (i + k) & 1; }
static unsigned long long conflicts_of(int i, int k) {
  return (unsigned long long)i * 1000 + (unsigned long long)k;
}
static uint8_t cell_of(int i, int k, int c) {
  return (uint8_t)(1 + (i * 5 + k * 3 + c) % N);
}

typedef struct worker {
  pthread_t thread;
  int id;
  long bad, answered, wrote;
} worker;

static int entry_ok(int i, int k, long count, unsigned long long conflicts,
                    const uint8_t *grid) {
  if (count != count_of(i, k) || conflicts != conflicts_of(i, k)) return 0;
  for (int c = 0; count > 0 && c < N * N; c++)
    if (grid[c] != cell_of(i, k, c)) return 0;
  return 1;
}

static void *run(void *arg) {
  worker *w = arg;
  uint8_t grid[N * N], mine[N * N];
  pthread_barrier_wait(&start);
  for (int i = 0; i < MEMOS; i++) {
    vmemo *m = nonet__v_memo_retain(memo[i]); /* as a copy of options does */
    for (int j = 0; j < VMEMO_SLOTS; j++) {
      int k = (j + w->id) % VMEMO_SLOTS; /* threads start on other slots */
      long count = -1;
      unsigned long long conflicts = 0;
      memset(grid, 0, sizeof grid);
      if (nonet__v_memo_get(m, N, 3, 4, k, cons_of(i, k), &count, &conflicts,
                            grid)) {
        w->answered++;
        w->bad += !entry_ok(i, k, count, conflicts, grid);
        continue;
      }
      for (int c = 0; c < N * N; c++) mine[c] = cell_of(i, k, c);
      nonet__v_memo_put(m, N, 3, 4, k, cons_of(i, k), count_of(i, k),
                        conflicts_of(i, k), mine);
      w->wrote++;
      /* written now, by this thread or one before it */
      memset(grid, 0, sizeof grid);
      if (!nonet__v_memo_get(m, N, 3, 4, k, cons_of(i, k), &count, &conflicts,
                             grid)) {
        /* another writer holds the slot and has not published it yet:
         * allowed; it answers once published */
        continue;
      }
      w->answered++;
      w->bad += !entry_ok(i, k, count, conflicts, grid);
      /* other rules (another cons) never answer from this slot */
      w->bad += nonet__v_memo_get(m, N, 3, 4, k, cons_of(i, k) + 1, &count,
                                  &conflicts, grid);
    }
    nonet__v_memo_release(m);
  }
  return NULL;
}

static void test_memo_threads(void **state) {
  (void)state;
  for (int i = 0; i < MEMOS; i++) {
    memo[i] = nonet__v_memo_new(N, 3, 4);
    assert_non_null(memo[i]);
  }
  worker w[THREADS];
  memset(w, 0, sizeof w);
  assert_int_equal(pthread_barrier_init(&start, NULL, THREADS), 0);
  for (int t = 0; t < THREADS; t++) {
    w[t].id = t;
    assert_int_equal(pthread_create(&w[t].thread, NULL, run, &w[t]), 0);
  }
  long answered = 0, wrote = 0;
  for (int t = 0; t < THREADS; t++) {
    pthread_join(w[t].thread, NULL);
    assert_int_equal(w[t].bad, 0);
    answered += w[t].answered;
    wrote += w[t].wrote;
  }
  pthread_barrier_destroy(&start);
  /* every slot of every memo answers now, with what was written */
  for (int i = 0; i < MEMOS; i++) {
    for (int k = 0; k < VMEMO_SLOTS; k++) {
      long count;
      unsigned long long conflicts;
      uint8_t grid[N * N];
      assert_true(nonet__v_memo_get(memo[i], N, 3, 4, k, cons_of(i, k), &count,
                                    &conflicts, grid));
      assert_true(entry_ok(i, k, count, conflicts, grid));
      /* a memo about other grids answers nothing */
      assert_false(nonet__v_memo_get(memo[i], N, 2, 6, k, cons_of(i, k), &count,
                                     &conflicts, grid));
    }
    nonet__v_memo_release(memo[i]); /* the last hold: freed (ASan: once) */
  }
  /* each thread asked each slot once and answered or wrote */
  assert_true(answered + wrote >= (long)THREADS * MEMOS * VMEMO_SLOTS);
  assert_true(wrote >= (long)MEMOS * VMEMO_SLOTS);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_memo_threads),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
