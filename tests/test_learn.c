/* test_learn.c: the clause-learning search of src/variant/learn.c, run
 * directly: from a puzzle's own candidates (nonet__v_learn) and after the
 * root propagation of solve.c (nonet__v_search asked for it), on grids of
 * 4x4 to 25x25, jigsaw, diagonals, windoku, disjoint groups, anti-knight,
 * anti-king and nonconsecutive, with none, one, several and many
 * solutions (generated unique puzzles, some givens removed, a given
 * changed or in conflict). Every count up to limits 1, 2, 5 (and 40 on
 * small grids) is compared with the independent referee's
 * (tests/support/vref.c: its own rules, Dancing Links), every solution
 * the search reports is checked against the rules by the referee, and the
 * solutions of one count must differ. 25x25 grids come from the search
 * itself (an empty grid solved, the solution checked by the referee),
 * then a random part of it given. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "support/puzzles.h"
#include "support/ref.h"
#include "support/vgen_of.h"
#include "support/vref.h"
#include "support/vref_of.h"
#include "variant/variant.h"

#define MAXSOL 40

/* The solutions one search reported. */
typedef struct sols {
  const vref_puzzle *p;
  int nc, n;
  uint8_t grid[MAXSOL][NONET_VARIANT_MAX_CELLS];
} sols;

static void each(void *ctx, const uint8_t *grid) {
  sols *s = ctx;
  if (!vref_is_solution(s->p, grid)) fail_msg("a solution breaks the rules");
  assert_true(s->n < MAXSOL);
  for (int k = 0; k < s->n; k++)
    if (memcmp(s->grid[k], grid, (size_t)s->nc) == 0)
      fail_msg("solution %d reported twice", k);
  memcpy(s->grid[s->n++], grid, (size_t)s->nc);
}

/* The learning search's count (root: after solve.c's root propagation);
 * every solution goes to `got`. */
static long learn(const nonet_variant *v, const uint8_t *cells, long limit,
                  int root, sols *got, uint8_t *first) {
  uint32_t cand[NONET_VARIANT_MAX_CELLS];
  nonet__v_start(v->rules, cells, cand);
  vsearch s;
  memset(&s, 0, sizeof s);
  s.r = v->rules;
  s.limit = limit;
  s.solution = first;
  s.each = each;
  s.each_ctx = got;
  got->n = 0;
  if (!root) return nonet__v_learn(&s, cand);
  s.method = VS_LEARN;
  long n = nonet__v_search(&s, cand);
  if (n == 1 && got->n == 0) each(got, first); /* solved at the root */
  return n;
}

static long total_checks;

/* Counts of the puzzle (v, cells) by the search, both ways, against the
 * referee's, up to each limit. Returns the referee's count to `top`. */
static long check(const nonet_variant *v, const uint8_t *cells, long top) {
  static vref_puzzle p;
  static sols got;
  static const long limits[] = {1, 2, 5, MAXSOL};
  uint8_t first[NONET_VARIANT_MAX_CELLS];
  vref_of(v, cells, &p);
  got.p = &p;
  got.nc = p.n * p.n;
  /* The referee counts once, to the largest limit: its count to a
   * smaller limit is the lesser of the two. */
  long most = vref_count(&p, top < MAXSOL ? top : MAXSOL, NULL), want = 0;
  assert_true(most >= 0);
  for (size_t k = 0; k < sizeof limits / sizeof *limits; k++) {
    long limit = limits[k] < top ? limits[k] : top;
    want = most < limit ? most : limit;
    for (int root = 0; root < 2; root++) {
      long n = learn(v, cells, limit, root, &got, first);
      if (n != want)
        fail_msg("%dx%d, limit %ld (%s): %ld solutions, the referee %ld", p.n,
                 p.n, limit, root ? "after the root" : "direct", n, want);
      assert_int_equal(got.n, n);
      if (n > 0) assert_memory_equal(first, got.grid[0], (size_t)got.nc);
      total_checks++;
    }
    if (limit == top) break;
  }
  return want;
}

/* Puzzles made from a unique puzzle (or a solution grid) of v: itself,
 * random parts of its givens, a given changed, two givens in conflict. */
static void variations(const nonet_variant *v, const uint8_t *puzzle,
                       const int *keep_pct, int nkeep, long top, int change,
                       nonet_rng *rng) {
  int n = nonet_variant_size(v), nc = n * n;
  uint8_t part[NONET_VARIANT_MAX_CELLS];
  check(v, puzzle, top);
  for (int t = 0; t < nkeep; t++) {
    for (int c = 0; c < nc; c++)
      part[c] =
          nonet_rng_below(rng, 100) < (unsigned)keep_pct[t] ? puzzle[c] : 0;
    check(v, part, top);
    if (!change) continue;
    /* a given changed: usually no solution left */
    int c = (int)nonet_rng_below(rng, (uint32_t)nc), tries = 0;
    while (!part[c] && ++tries < nc) c = (c + 1) % nc;
    if (!part[c]) continue;
    part[c] = (uint8_t)(part[c] % n + 1);
    check(v, part, top);
  }
  /* two equal givens in a row: no solution */
  memcpy(part, puzzle, (size_t)nc);
  part[0] = part[1] = 1;
  assert_int_equal(check(v, part, top), 0);
}

typedef struct gen_kind {
  const char *opts[8];
  int light; /* fewer givens removed, counts to 5, and on 9x9 no given
                changed: the referee is slow there */
} gen_kind;

/* Generated kinds without cages (test_killers has those). */
static const gen_kind kinds[] = {
    {{"size", "4"}, 0},
    {{"size", "6"}, 0},
    {{"size", "8"}, 0},
    {{"size", "12"}, 1},
    {{"size", "16"}, 1},
    {{"size", "6", "box", "3x2"}, 0},
    {{"jigsaw", NULL}, 0},
    {{"size", "6", "jigsaw", NULL}, 0},
    {{"constraints", "diagonals"}, 0},
    {{"constraints", "windoku"}, 0},
    {{"constraints", "disjoint"}, 0},
    {{"constraints", "anti-knight"}, 0},
    {{"constraints", "anti-king"}, 0},
    {{"size", "6", "constraints", "diagonals"}, 0},
    {{"size", "8", "constraints", "anti-king"}, 0},
    {{"jigsaw", NULL, "constraints", "diagonals"}, 1},
    /* (nonconsecutive alone: minimal puzzles of 7 givens, whose
     * uniqueness the referee takes 10 s to prove) */
    {{"constraints", "nonconsecutive,anti-knight"}, 1},
};

typedef struct made {
  nonet_variant *v;
  uint8_t puzzle[NONET_VARIANT_MAX_CELLS];
} made;

static int keep(const nonet_variant_puzzle *p, void *ctx) {
  made *g = ctx;
  g->v = nonet_variant_copy(p->variant);
  memcpy(g->puzzle, p->puzzle, (size_t)(p->size * p->size));
  return 0;
}

/* Puzzle `job` of the generator with the options of `kind` and a seed. */
static void generate_kind(const gen_kind *kind, size_t seed, uint64_t job,
                          made *g) {
  nonet_variant_gen *o = vgen_of(seed, kind->opts);
  memset(g, 0, sizeof *g);
  assert_int_equal(nonet_variant_generate_job(o, job, keep, g, NULL), 1);
  nonet_variant_gen_free(o);
}

static void test_generated(void **state) {
  (void)state;
  nonet_rng rng;
  nonet_rng_seed(&rng, 5);
  static const int small[] = {90, 70, 50}, large[] = {90, 75};
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++) {
    for (uint64_t job = 0; job < 2; job++) {
      made g;
      generate_kind(&kinds[k], 3000 + k, job, &g);
      int n = nonet_variant_size(g.v);
      if (!kinds[k].light)
        variations(g.v, g.puzzle, small, 3, MAXSOL, 1, &rng);
      else /* (a changed given: the referee's proof of none is slow) */
        variations(g.v, g.puzzle, large, 2, 5, n >= 12, &rng);
      nonet_variant_free(g.v);
    }
  }
  print_message("%ld counts compared\n", total_checks);
}

/* Plain 9x9 rules (which nonet_variant_solve hands to the classic
 * solver): known hard puzzles, and parts of them. */
static void test_classic(void **state) {
  (void)state;
  nonet_variant *v = NULL;
  char err[160];
  assert_int_equal(nonet_variant_new(&v, 9, 3, 3, err, sizeof err), NONET_OK);
  nonet_rng rng;
  nonet_rng_seed(&rng, 6);
  static const int pct[] = {85, 70};
  for (size_t k = 0; k < sizeof known_puzzles / sizeof *known_puzzles; k++) {
    uint8_t cells[81];
    ref_from_string(known_puzzles[k], cells);
    variations(v, cells, pct, 2, MAXSOL, 1, &rng);
  }
  nonet_variant_free(v);
}

/* A 25x25 solution grid of v: the empty grid solved by the search, which
 * the referee checks. */
static void grid25(const nonet_variant *v, uint8_t *grid) {
  static vref_puzzle p;
  static sols got;
  uint8_t empty[NONET_VARIANT_MAX_CELLS] = {0};
  vref_of(v, empty, &p);
  got.p = &p;
  got.nc = 625;
  assert_int_equal(learn(v, empty, 1, 0, &got, grid), 1);
  assert_true(vref_is_solution(&p, grid));
}

static void test_25(void **state) {
  (void)state;
  nonet_rng rng;
  nonet_rng_seed(&rng, 25);
  static const int pct[] = {85, 75, 68};
  char err[160];
  for (int kind = 0; kind < 4; kind++) {
    nonet_variant *v = NULL;
    if (kind == 2) { /* jigsaw regions: boxes with cells exchanged */
      uint8_t region[625];
      for (int c = 0; c < 625; c++)
        region[c] = (uint8_t)(c / 125 * 5 + c % 25 / 5);
      for (int done = 0; done < 40;) {
        int a = (int)nonet_rng_below(&rng, 625),
            b = (int)nonet_rng_below(&rng, 625);
        if (region[a] == region[b]) continue;
        uint8_t t = region[a];
        region[a] = region[b];
        region[b] = t;
        if (nonet_variant_new_jigsaw(&v, 25, region, err, sizeof err) ==
            NONET_OK) {
          nonet_variant_free(v);
          done++;
        } else {
          region[b] = region[a];
          region[a] = t;
        }
      }
      assert_int_equal(
          nonet_variant_new_jigsaw(&v, 25, region, err, sizeof err), NONET_OK);
    } else {
      assert_int_equal(nonet_variant_new(&v, 25, 5, 5, err, sizeof err),
                       NONET_OK);
    }
    unsigned cons = kind == 1   ? NONET_CONSTRAINT_DIAGONALS
                    : kind == 3 ? NONET_CONSTRAINT_ANTI_KING
                                : 0;
    assert_int_equal(nonet_variant_set_constraints(v, cons, err, sizeof err),
                     NONET_OK);
    uint8_t grid[625];
    grid25(v, grid);
    variations(v, grid, pct, 3, 5, 1, &rng);
    /* and through the library: 25x25 rules go to the learning search */
    uint8_t part[625], sol[625];
    for (int c = 0; c < 625; c++)
      part[c] = nonet_rng_below(&rng, 100) < 70 ? grid[c] : 0;
    static vref_puzzle p;
    vref_of(v, part, &p);
    long want = vref_count(&p, 2, NULL);
    assert_int_equal(nonet_variant_solve(v, part, sol, 2, NULL), want);
    if (want) assert_true(vref_is_solution(&p, sol));
    nonet_variant_free(v);
  }
}

/* The killer (v, cells) with some of its cages dropped (those whose
 * index k has bit k % 64 of `drop` set), through the text format; the
 * caller frees the result. */
static nonet_variant *drop_cages(const nonet_variant *v, const uint8_t *cells,
                                 uint64_t drop, uint8_t *cells_out) {
  static char text[NONET_VARIANT_TEXT_MAX], kept[NONET_VARIANT_TEXT_MAX];
  nonet_variant_format(v, cells, NULL, NONET_FORMAT_LINE, 0, text, sizeof text);
  char *at = strstr(text, "cages=");
  assert_non_null(at);
  size_t len = (size_t)(at - text) + 6;
  memcpy(kept, text, len);
  int k = 0, first = 1;
  for (char *c = at + 6; *c && *c != ' '; k++) {
    char *end = c + strcspn(c, "; ");
    if (!(drop >> (k % 64) & 1)) {
      if (!first) kept[len++] = ';';
      memcpy(kept + len, c, (size_t)(end - c));
      len += (size_t)(end - c);
      first = 0;
    }
    c = *end == ';' ? end + 1 : end;
  }
  strcpy(kept + len, strchr(at, ' ') ? strchr(at, ' ') : "");
  if (first) /* no cage left: the rules alone */
    memmove(kept + len - 6 - 1, kept + len, strlen(kept + len) + 1);
  nonet_variant_record rec;
  char err[200];
  if (nonet_variant_parse(kept, strlen(kept), &rec, err, sizeof err) !=
      NONET_OK)
    fail_msg("%s: %s", kept, err);
  memcpy(cells_out, rec.cells,
         (size_t)(nonet_variant_size(rec.variant) *
                  nonet_variant_size(rec.variant)));
  return rec.variant;
}

/* Killers: the learning search propagates every sum (cages, the 45
 * rule's rests, innies and outies) and gives cages aid variables of a
 * SAT encoding. Generated killers, with cages dropped (more solutions),
 * a given in conflict (none), a cage's sum changed (usually none); and
 * through the library, which hands a killer over after a budget of the
 * depth-first search. */
static const gen_kind killer_kinds[] = {
    {{"killer", NULL, "size", "4"}, 0},
    {{"killer", NULL, "size", "6"}, 0},
    {{"killer", NULL}, 0},
    /* (cages of 4-8 cells: the referee takes minutes on them; the
     * benchmarks' 410 such killers agree with the depth-first search) */
    {{"killer", NULL, "constraints", "diagonals"}, 0},
    {{"killer", NULL, "jigsaw", NULL}, 0},
    {{"killer", NULL, "size", "8"}, 0},
};

static void test_killers(void **state) {
  (void)state;
  nonet_rng rng;
  nonet_rng_seed(&rng, 16);
  long before = total_checks;
  for (size_t k = 0; k < sizeof killer_kinds / sizeof *killer_kinds; k++) {
    uint64_t jobs = k < 2 ? 3 : 1; /* (the referee is slower on 8x8 up) */
    for (uint64_t job = 0; job < jobs; job++) {
      made g;
      char err[200];
      generate_kind(&killer_kinds[k], 4000 + k, job, &g);
      int n = nonet_variant_size(g.v), nc = n * n;
      assert_true(nonet_variant_cage_count(g.v) > 0);
      assert_int_equal(check(g.v, g.puzzle, 5), 1);
      uint8_t cells[NONET_VARIANT_MAX_CELLS];
      for (int t = 0; t < (killer_kinds[k].light ? 1 : 4); t++) {
        /* a few cages dropped */
        uint64_t drop = 0;
        for (int b = 0; b < 1 + t; b++)
          drop |= 1ull << nonet_rng_below(&rng, 64);
        nonet_variant *w = drop_cages(g.v, g.puzzle, drop, cells);
        check(w, cells, 5);
        nonet_variant_free(w);
      }
      /* two equal digits in a row: none */
      memcpy(cells, g.puzzle, (size_t)nc);
      cells[0] = cells[1] = 1;
      assert_int_equal(check(g.v, cells, 5), 0);
      if (killer_kinds[k].light) { /* (the referee is slow on those) */
        nonet_variant_free(g.v);
        continue;
      }
      /* a cage's sum one more: usually none */
      static char text[NONET_VARIANT_TEXT_MAX];
      nonet_variant_format(g.v, g.puzzle, NULL, NONET_FORMAT_LINE, 0, text,
                           sizeof text);
      char *sum = strstr(text, "cages=") + 6;
      int total = atoi(sum);
      static char rest[NONET_VARIANT_TEXT_MAX];
      strcpy(rest, strchr(sum, ':'));
      snprintf(sum, sizeof text - (size_t)(sum - text), "%d%s", total + 1,
               rest);
      nonet_variant_record rec;
      if (nonet_variant_parse(text, strlen(text), &rec, err, sizeof err) ==
          NONET_OK) {
        check(rec.variant, rec.cells, 5);
        nonet_variant_free(rec.variant);
      }
      /* through the library (the depth-first search first) */
      static vref_puzzle p;
      uint8_t sol[NONET_VARIANT_MAX_CELLS];
      vref_of(g.v, g.puzzle, &p);
      assert_int_equal(nonet_variant_solve(g.v, g.puzzle, sol, 2, NULL), 1);
      assert_true(vref_is_solution(&p, sol));
      nonet_variant_free(g.v);
    }
    print_message("killers %zu: %ld counts so far\n", k, total_checks - before);
  }
  print_message("%ld killer counts compared\n", total_checks - before);
}

/* The rules of `fmt` (a JSON record whose "cells" is %s) with nc empty
 * cells, parsed into *rec. */
static void empty_grid(const char *fmt, int nc, nonet_variant_record *rec) {
  char zeros[700] = "0", text[900], err[200];
  for (int c = 1; c < nc; c++) strcat(zeros, ",0");
  snprintf(text, sizeof text, fmt, zeros);
  if (nonet_variant_parse(text, strlen(text), rec, err, sizeof err) != NONET_OK)
    fail_msg("%s", err);
}

/* With s->rng (the generator's grids from learn.c), ties are broken at
 * random: from the empty grid each seed's grid keeps the rules (the
 * referee), several seeds give several grids (without rng one), and
 * counts are the referee's. */
static void test_random_ties(void **state) {
  (void)state;
  static const char *const rules[] = {
      "{\"size\": 9, \"box\": [3, 3], \"constraints\": [\"diagonals\", "
      "\"anti-knight\"], \"cells\": [%s]}",
      "{\"size\": 12, \"box\": [3, 4], \"constraints\": "
      "[\"nonconsecutive\"], \"cells\": [%s]}"};
  static vref_puzzle p;
  for (size_t k = 0; k < sizeof rules / sizeof *rules; k++) {
    int n = k ? 12 : 9, nc = n * n, distinct = 0;
    nonet_variant_record rec;
    empty_grid(rules[k], nc, &rec);
    vref_of(rec.variant, rec.cells, &p);
    static uint8_t grids[8][NONET_VARIANT_MAX_CELLS];
    for (int seed = 0; seed < 8; seed++) {
      nonet_rng rng;
      nonet_rng_seed(&rng, (uint64_t)seed + 1);
      uint32_t cand[NONET_VARIANT_MAX_CELLS];
      nonet__v_start(rec.variant->rules, rec.cells, cand);
      vsearch s;
      memset(&s, 0, sizeof s);
      s.r = rec.variant->rules;
      s.limit = 1;
      s.solution = grids[seed];
      s.rng = &rng;
      assert_int_equal(nonet__v_learn(&s, cand), 1);
      if (!vref_is_solution(&p, grids[seed]))
        fail_msg("%dx%d seed %d: the grid breaks the rules", n, n, seed + 1);
      int seen = 0;
      for (int j = 0; j < seed; j++)
        seen |= memcmp(grids[j], grids[seed], (size_t)nc) == 0;
      distinct += !seen;
    }
    if (distinct < 4)
      fail_msg("%dx%d: %d grids of 8 seeds differ", n, n, distinct);
    /* a part of the last grid: counts with random ties as without */
    uint8_t part[NONET_VARIANT_MAX_CELLS];
    for (int c = 0; c < nc; c++) part[c] = c % 3 == 0 ? grids[7][c] : 0;
    static vref_puzzle q;
    vref_of(rec.variant, part, &q);
    long want = vref_count(&q, 5, NULL);
    nonet_rng rng;
    nonet_rng_seed(&rng, 9);
    uint32_t cand[NONET_VARIANT_MAX_CELLS];
    nonet__v_start(rec.variant->rules, part, cand);
    vsearch s;
    memset(&s, 0, sizeof s);
    s.r = rec.variant->rules;
    s.limit = 5;
    s.rng = &rng;
    assert_int_equal(nonet__v_learn(&s, cand), want);
    nonet_variant_free(rec.variant);
  }
}

/* The search in steps (nonet__v_learn_new/_run, the generator's proof
 * that no grid keeps some rules): runs of `step` conflicts each, until
 * done, end where one run ends: the same count, conflicts, decisions and
 * first solution (a run goes on from where the last one stopped), and the
 * counts are the referee's. Cases: no grid from a first row (9x9
 * windoku, anti-knight and anti-king, row 1..9), a first grid (empty
 * 12x12 nonconsecutive), five solutions of a part of that grid. */
static void test_in_steps(void **state) {
  (void)state;
  static const char *const rules[] = {
      "{\"size\": 9, \"box\": [3, 3], \"constraints\": [\"windoku\", "
      "\"anti-knight\", \"anti-king\"], \"cells\": [%s]}",
      "{\"size\": 12, \"box\": [3, 4], \"constraints\": "
      "[\"nonconsecutive\"], \"cells\": [%s]}"};
  static vref_puzzle p;
  uint8_t grid12[NONET_VARIANT_MAX_CELLS] = {0};
  for (int k = 0; k < 3; k++) {
    int n = k ? 12 : 9, nc = n * n;
    nonet_variant_record rec;
    empty_grid(rules[k ? 1 : 0], nc, &rec);
    uint8_t cells[NONET_VARIANT_MAX_CELLS] = {0};
    if (k == 0)
      for (int c = 0; c < n; c++) cells[c] = (uint8_t)(c + 1);
    if (k == 2) /* every fourth cell of the grid found in case 1 */
      for (int c = 0; c < nc; c++) cells[c] = c % 4 ? 0 : grid12[c];
    long limit = k == 2 ? 5 : 1;
    vref_of(rec.variant, cells, &p);
    long want = vref_count(&p, limit, NULL);
    uint32_t cand[NONET_VARIANT_MAX_CELLS];
    nonet__v_start(rec.variant->rules, cells, cand);
    uint8_t one[NONET_VARIANT_MAX_CELLS] = {0},
            steps[NONET_VARIANT_MAX_CELLS] = {0};
    vsearch a, b;
    memset(&a, 0, sizeof a);
    a.r = rec.variant->rules;
    a.limit = limit;
    a.solution = one;
    b = a;
    b.solution = steps;
    assert_int_equal(nonet__v_learn(&a, cand), want);
    vlearn *L = nonet__v_learn_new(&b, cand);
    assert_non_null(L);
    unsigned long long step = k == 0 ? 20 : k == 1 ? 100 : 2;
    long got = 0;
    int runs = 0;
    while (!nonet__v_learn_done(L)) {
      /* what the generator's memo (gen_memo.c) answers for this step,
       * knowing where the search ends: the same as running it */
      unsigned long long spent = b.conflicts, used = 0;
      int ends = nonet__v_memo_step(want > 0, a.conflicts, spent, step, &used);
      b.aborted = 0;
      b.conflict_budget = b.conflicts + step;
      got = nonet__v_learn_run(L);
      runs++;
      assert_true(got >= 0);
      assert_true(nonet__v_learn_done(L) || b.aborted);
      assert_int_equal(nonet__v_learn_done(L), ends);
      assert_true(b.conflicts - spent == used);
      assert_true(runs < 1000000);
    }
    nonet__v_learn_free(L);
    if (runs < 3) fail_msg("case %d: %d runs only", k, runs);
    assert_int_equal(got, want);
    assert_true(a.conflicts == b.conflicts);
    assert_true(a.nodes == b.nodes);
    assert_memory_equal(one, steps, (size_t)nc);
    if (want > 0 && !vref_is_solution(&p, steps))
      fail_msg("case %d: the solution breaks the rules", k);
    if (k == 1) memcpy(grid12, steps, (size_t)nc);
    /* the search itself with a budget of exactly its conflicts: one that
     * ends with no grid ends within it; one that finds a grid stops at the
     * budget first and finds it in the next step with no conflict more
     * (what nonet__v_memo_step says) */
    if (a.conflicts > 0) {
      vsearch c = a;
      c.conflicts = c.nodes = 0;
      c.aborted = 0;
      c.solution = steps;
      c.conflict_budget = a.conflicts;
      vlearn *E = nonet__v_learn_new(&c, cand);
      assert_non_null(E);
      nonet__v_learn_run(E);
      assert_int_equal(nonet__v_learn_done(E), want == 0);
      assert_true(c.conflicts == a.conflicts);
      if (want > 0) {
        c.aborted = 0;
        c.conflict_budget = a.conflicts + 1;
        assert_int_equal(nonet__v_learn_run(E), want);
        assert_true(nonet__v_learn_done(E));
        assert_true(c.conflicts == a.conflicts);
      }
      nonet__v_learn_free(E);
    }
    /* a step that the last conflict only just fits (or not) */
    for (unsigned long long spent = 0; spent <= a.conflicts; spent++) {
      unsigned long long used, more = a.conflicts - spent;
      int ends = nonet__v_memo_step(want > 0, a.conflicts, spent, more, &used);
      assert_int_equal(ends, want == 0); /* a grid: found after it */
      assert_true(used == more);
      if (spent > 100) spent += a.conflicts / 50;
    }
    print_message("case %d: count %ld in %d runs, %llu conflicts\n", k, got,
                  runs, b.conflicts);
    nonet_variant_free(rec.variant);
  }
}

/* The memo of the generator's proofs (gen_memo.c): an entry is read back
 * only for its grid, slot and rules, and once held by two owners it lives
 * until both let go (ASan sees a use after free or a leak). */
static void test_memo(void **state) {
  (void)state;
  vmemo *m = nonet__v_memo_new(12, 3, 4);
  assert_non_null(m);
  uint8_t grid[NONET_VARIANT_MAX_CELLS], back[NONET_VARIANT_MAX_CELLS];
  for (int c = 0; c < 144; c++) grid[c] = (uint8_t)(1 + (c * 5 + c / 12) % 12);
  long count = -1;
  unsigned long long end = 0;
  assert_false(nonet__v_memo_get(m, 12, 3, 4, 1, 7u, &count, &end, back));
  nonet__v_memo_put(m, 12, 3, 4, 1, 7u, 1, 145421, grid);
  nonet__v_memo_put(m, 12, 3, 4, 1, 7u, 0, 3, NULL); /* the first stays */
  nonet__v_memo_put(m, 12, 4, 3, 0, 7u, 0, 9, NULL); /* another grid: no */
  memset(back, 0, sizeof back);
  assert_true(nonet__v_memo_get(m, 12, 3, 4, 1, 7u, &count, &end, back));
  assert_int_equal(count, 1);
  assert_true(end == 145421);
  assert_memory_equal(back, grid, 144);
  assert_false(nonet__v_memo_get(m, 12, 3, 4, 1, 5u, &count, &end, back));
  assert_false(nonet__v_memo_get(m, 12, 3, 4, 0, 7u, &count, &end, back));
  assert_false(nonet__v_memo_get(m, 12, 4, 3, 1, 7u, &count, &end, back));
  assert_false(nonet__v_memo_get(m, 16, 4, 4, 1, 7u, &count, &end, back));
  assert_false(
      nonet__v_memo_get(m, 12, 3, 4, VMEMO_SLOTS, 7u, &count, &end, back));
  assert_false(nonet__v_memo_get(NULL, 12, 3, 4, 1, 7u, &count, &end, back));
  vmemo *two = nonet__v_memo_retain(m);
  assert_ptr_equal(two, m);
  nonet__v_memo_release(m);
  assert_true(nonet__v_memo_get(two, 12, 3, 4, 1, 7u, &count, &end, NULL));
  nonet__v_memo_release(two);
  nonet__v_memo_release(NULL);
}

/* 9x9 windoku, anti-knight and anti-king (no grid: case 0 of
 * test_in_steps, against the referee), as rules the check left undecided:
 * the check itself refuses them at once (its proof from the first row ends
 * in the root propagation), so the test sets the note and the memo the
 * check sets for undecided rules (gen_options.c). */
static nonet_variant_gen *undecided_no_grid(void) {
  nonet_variant_gen *o = nonet_variant_gen_new();
  assert_non_null(o);
  nonet_variant_gen_parse(o, "constraints", "windoku,anti-knight,anti-king",
                          NULL, 0);
  nonet_variant_gen_parse(o, "seed", "5", NULL, 0);
  o->undecided = 1;
  o->memo = nonet__v_memo_new(9, 3, 3);
  assert_non_null(o->memo);
  return o;
}

/* Where a job's proof that no grid keeps the rules ended is written down
 * with the options (gen_memo.c) and the jobs after it answer from that: a
 * job then takes the same path as one that proves it itself (the same
 * solver calls and grids tried; the memo's arithmetic against the search
 * is test_learn's), and copies of the options share it. */
static void test_proof_memo(void **state) {
  (void)state;
  nonet_variant_gen *a = undecided_no_grid(), *b = undecided_no_grid();
  long count = -1;
  unsigned long long end = 0;
  const int all = 1; /* the proof's slot: its rules, stage PROOF_ALL */
  nonet_gen_stats alone, after, first;
  memset(&alone, 0, sizeof alone);
  memset(&after, 0, sizeof after);
  memset(&first, 0, sizeof first);
  /* job 1 on its own (b's memo is empty) */
  assert_int_equal(nonet_variant_generate_job(b, 1, NULL, NULL, &alone),
                   NONET_ENOGRID);
  assert_false(
      nonet__v_memo_get(a->memo, 9, 3, 3, all, a->cons, &count, &end, NULL));
  assert_int_equal(nonet_variant_generate_job(a, 0, NULL, NULL, &first),
                   NONET_ENOGRID);
  assert_true(
      nonet__v_memo_get(a->memo, 9, 3, 3, all, a->cons, &count, &end, NULL));
  assert_int_equal(count, 0);
  assert_true(end > 0);
  /* job 1 after job 0, on a copy of a (the front ends copy the options
   * for a run): the memo answers, and the job goes the same way */
  nonet_variant_gen *c = nonet_variant_gen_copy(a);
  nonet_variant_gen_free(a);
  assert_int_equal(nonet_variant_generate_job(c, 1, NULL, NULL, &after),
                   NONET_ENOGRID);
  assert_true(after.solver_calls == alone.solver_calls);
  assert_true(after.grids == alone.grids);
  assert_true(alone.solver_calls > 0);
  nonet_variant_gen_free(c);
  nonet_variant_gen_free(b);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_in_steps),   cmocka_unit_test(test_memo),
      cmocka_unit_test(test_proof_memo), cmocka_unit_test(test_random_ties),
      cmocka_unit_test(test_killers),    cmocka_unit_test(test_classic),
      cmocka_unit_test(test_generated),  cmocka_unit_test(test_25),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
