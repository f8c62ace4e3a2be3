/* gen_options.c: what the variant generator is asked for, set by name
 * (the names of `nonet generate`'s options), checked and described. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/timeouts.h"
#include "variant.h"

/* nonet_variant_gen_check: random tries at a grid, tries at a grid from a
 * group's table (cayley.c), then conflicts of the proof that there is
 * none, then up to 9x9 branches of the depth-first search's proof.
 * Measured over every combination of the six constraints
 * (docs/benchmarks.md, 2026-12-02): on 4x4 to 9x9 all settled (the
 * slowest 9x9 diagonals, anti-king, nonconsecutive: no grid, 8 s);
 * on 12x12 18 of 63 and on 16x16 6 of 63 stay undecided (31 and 44
 * without the group tables), all with windoku (up to 4 s and 3 s) */
#define CHECK_TRIES 7
#define CHECK_CONFLICTS 50000
/* up to 9x9, last, a longer proof from the empty grid: 9x9 diagonals,
 * anti-king and nonconsecutive has no grid, which learn.c proves in about
 * 75,000 conflicts (2 s) */
#define CHECK_CONFLICTS_9 200000
#define CHECK_DFS_UPTO 9
#define CHECK_BRANCHES 1000000
/* above: 3 tries and a tenth of the conflicts (each costs more) */
#define CHECK_SMALL 12
/* tries at a grid from a group's table (cayley.c) */
#define CHECK_CAYLEY 64

void nonet__v_gen_proof_start(const vrules *r, int nonconsecutive,
                              uint32_t *cand) {
  uint8_t start[VMAXC] = {0};
  int n = r->n;
  if (!nonconsecutive)
    for (int c = 0; c < n; c++) start[c] = (uint8_t)(c + 1);
  nonet__v_start(r, start, cand);
  if (nonconsecutive) cand[0] &= (1u << ((n + 1) / 2)) - 1;
}

/* One search of the check for a first grid: the count (0 or 1, or an
 * error); *aborted when its budget ran out. With `cons`, the proofs that
 * there is none search fewer grids, from nonet__v_gen_proof_start()'s
 * candidates (a 9x9 windoku with anti-knight and anti-king, which has no
 * grid: left undecided by 50,000 conflicts from the empty grid, refused
 * at once from the first row). The random tries pass 0 and start from
 * the empty grid: they look for a grid, and from the row they found the
 * same ones (every combination on 9x9 and 12x12). */
static long check_search(const nonet_variant_gen *o, const vrules *r,
                         unsigned cons, nonet_rng *rng,
                         unsigned long long budget, int method,
                         unsigned long long conflicts, int *aborted) {
  uint32_t cand[VMAXC];
  vsearch s;
  memset(&s, 0, sizeof s);
  s.r = r;
  s.limit = 1;
  s.rng = rng;
  s.budget = budget;
  s.method = method;
  s.conflict_budget = conflicts;
  /* the caller's stop (a front end's --timeout): then undecided */
  s.cancel = o->stop;
  s.cancel_ctx = o->stop_ctx;
  if (cons)
    nonet__v_gen_proof_start(r, cons & NONET_CONSTRAINT_NONCONSECUTIVE, cand);
  else {
    static const uint8_t empty[VMAXC];
    nonet__v_start(r, empty, cand);
  }
  long found = nonet__v_search(&s, cand);
  *aborted = s.aborted || s.cancelled;
  if (s.cancelled || found == NONET_ESTOPPED) return 0;
  return found;
}

/* 1 when the caller's stop function (nonet_variant_gen_set_stop) says
 * to stop. */
static int asked_to_stop(const nonet_variant_gen *o) {
  return o->stop && o->stop(o->stop_ctx);
}

nonet_variant_gen *nonet_variant_gen_new(void) {
  nonet_variant_gen *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  o->n = 9;
  o->cage_min = 2;
  o->cage_max = 5;
  o->clues_max = -1; /* no bounds */
  o->symmetry = NONET_SYMMETRY_NONE;
  return o;
}

nonet_variant_gen *nonet_variant_gen_copy(const nonet_variant_gen *o) {
  if (!o) return NULL;
  nonet_variant_gen *c = malloc(sizeof *c);
  if (!c) return NULL;
  *c = *o;
  nonet__v_memo_retain(c->memo); /* shared: facts about the rules */
  return c;
}

void nonet_variant_gen_free(nonet_variant_gen *o) {
  if (!o) return;
  nonet__v_memo_release(o->memo);
  free(o);
}

int nonet_variant_gen_set_stop(nonet_variant_gen *o, nonet_gen_stop_fn fn,
                               void *ctx) {
  if (!o) return NONET_EINVAL;
  o->stop = fn;
  o->stop_ctx = ctx;
  return NONET_OK;
}

#if defined(__GNUC__) || defined(__clang__)
__attribute__((format(printf, 3, 4)))
#endif
static int
bad(char *err, size_t errcap, const char *fmt, ...) {
  if (err && errcap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errcap, fmt, ap);
    va_end(ap);
  }
  return NONET_EINVAL;
}

/* A whole number from lo to hi, all of the text. */
static int whole(const char *s, long lo, long hi, long *out) {
  char *end;
  errno = 0;
  long v = s ? strtol(s, &end, 10) : 0;
  if (!s || errno || end == s || *end || v < lo || v > hi) return -1;
  *out = v;
  return 0;
}

/* "RxC" */
static int pair(const char *s, char sep, long *a, long *b) {
  char *end;
  if (!s) return -1;
  errno = 0;
  *a = strtol(s, &end, 10);
  if (errno || end == s || (*end != sep && !(sep == 'x' && *end == 'X')))
    return -1;
  const char *t = end + 1;
  *b = strtol(t, &end, 10);
  if (errno || end == t || *end) return -1;
  return 0;
}

int nonet_variant_gen_parse(nonet_variant_gen *o, const char *name,
                            const char *value, char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if (!o || !name) return NONET_EINVAL;
  long v, w;
  if (strcmp(name, "size") == 0) {
    if (whole(value, 4, NONET_VARIANT_MAX_SIZE, &v) < 0)
      return bad(err, errcap, "--size needs a size from 4 to %d, not '%s'",
                 NONET_VARIANT_MAX_SIZE, value ? value : "");
    o->n = (int)v;
  } else if (strcmp(name, "box") == 0) {
    if (pair(value, 'x', &v, &w) < 0 || v < 2 || w < 2 ||
        v > NONET_VARIANT_MAX_SIZE || w > NONET_VARIANT_MAX_SIZE)
      return bad(err, errcap, "--box needs ROWSxCOLUMNS such as 2x3, not '%s'",
                 value ? value : "");
    o->br = (int)v;
    o->bc = (int)w;
  } else if (strcmp(name, "jigsaw") == 0) {
    o->jigsaw = 1;
  } else if (strcmp(name, "constraints") == 0) {
    char msg[200];
    if (!value || nonet_constraints_parse(value, &o->cons, msg, sizeof msg))
      return bad(err, errcap, "--constraints: %s",
                 value ? msg : "a list of names is needed");
  } else if (strcmp(name, "killer") == 0 ||
             strcmp(name, "killer-givens") == 0) {
    int k = strcmp(name, "killer") == 0 ? VK_CAGES : VK_GIVENS;
    if (o->killer && o->killer != k) /* which was meant is a guess */
      return bad(err, errcap,
                 "--killer (no givens) and --killer-givens "
                 "cannot be combined");
    o->killer = k;
  } else if (strcmp(name, "clues") == 0 || strcmp(name, "min-clues") == 0 ||
             strcmp(name, "max-clues") == 0) {
    if (whole(value, 0, VMAXC, &v) < 0)
      return bad(err, errcap, "--%s needs a number of givens, not '%s'", name,
                 value ? value : "");
    if (name[0] != 'm' || name[1] == 'i') o->clues_min = (int)v;
    if (name[0] != 'm' || name[1] == 'a') o->clues_max = (int)v;
  } else if (strcmp(name, "prove-minimal") == 0) {
    o->prove_minimal = 1;
  } else if (strcmp(name, "cage-size") == 0) {
    if (whole(value, 1, NONET_VARIANT_MAX_SIZE, &v) == 0) {
      w = v;
    } else if (pair(value, '-', &v, &w) < 0 || v < 1 || w < v ||
               w > NONET_VARIANT_MAX_SIZE) {
      return bad(err, errcap,
                 "--cage-size needs MIN-MAX (cells, e.g. 2-4) or N, not '%s'",
                 value ? value : "");
    }
    if (v < 2)
      return bad(err, errcap,
                 "--cage-size: a cage of one cell is a given: cages have 2 "
                 "cells or more, not '%s'",
                 value);
    o->cage_min = (int)v;
    o->cage_max = (int)w;
    o->has_cage_size = 1;
  } else if (strcmp(name, "seed") == 0) {
    char *end;
    errno = 0;
    unsigned long long s = value ? strtoull(value, &end, 10) : 0;
    if (!value || errno || end == value || *end || value[0] == '-')
      return bad(err, errcap, "--seed needs a whole number, not '%s'",
                 value ? value : "");
    nonet_variant_gen_set_seed(o, s);
  } else if (strcmp(name, "symmetry") == 0) {
    int s = value ? nonet__v_symmetry_from_name(value) : NONET_EINVAL;
    if (s < 0)
      return bad(err, errcap,
                 "unknown symmetry '%s' (none, rot180, rot90, mirror, flip, "
                 "diagonal, antidiagonal, random)",
                 value ? value : "");
    o->symmetry = (nonet_symmetry)s;
  } else if (strcmp(name, "timeout") == 0) {
    char *end;
    errno = 0;
    double t = value ? strtod(value, &end) : -1;
    if (!value || errno || end == value || *end || !(t >= 0) || t > 1e9)
      return bad(err, errcap, "--timeout needs seconds (0 or more), not '%s'",
                 value ? value : "");
    nonet_variant_gen_set_timeout(o, t);
  } else {
    return bad(err, errcap, "unknown option '%s' for variant puzzles", name);
  }
  return NONET_OK;
}

void nonet__v_gen_boxes(const nonet_variant_gen *o, int *br, int *bc) {
  *br = o->jigsaw ? 0 : o->br, *bc = o->jigsaw ? 0 : o->bc;
  if (!o->jigsaw && !*br) nonet__v_default_box(o->n, br, bc);
}

int nonet__v_gen_cage_max(const nonet_variant_gen *o) {
  return o->cage_max > o->n ? o->n : o->cage_max;
}

/* 1 when some count of givens made of whole orbits of the options'
 * symmetry (none, or random: any count) is within the clue bounds. */
static int clues_reachable(const nonet_variant_gen *o) {
  if (o->symmetry == NONET_SYMMETRY_NONE ||
      o->symmetry == NONET_SYMMETRY_RANDOM)
    return 1;
  int nc = o->n * o->n, hi = o->clues_max < 0 ? nc : o->clues_max;
  uint8_t seen[VMAXC], can[VMAXC + 1];
  memset(seen, 0, sizeof seen);
  memset(can, 0, sizeof can);
  can[0] = 1;
  for (int c = 0; c < nc; c++) { /* counts of the orbits taken so far */
    if (seen[c]) continue;
    int orb[4], m = nonet__v_orbit(o->n, o->symmetry, c, orb);
    if (m < 1) return 1; /* (no orbits for this size: not refused here) */
    for (int j = 0; j < m; j++) seen[orb[j]] = 1;
    for (int k = nc - m; k >= 0; k--)
      if (can[k]) can[k + m] = 1;
  }
  for (int k = o->clues_min; k <= hi && k <= nc; k++)
    if (can[k]) return 1;
  return 0;
}

int nonet__v_gen_check_quick(const nonet_variant_gen *o, char *err,
                             size_t errcap) {
  char msg[160];
  if (!o) return NONET_EINVAL;
  if (o->jigsaw && o->br)
    return bad(err, errcap, "--box and --jigsaw cannot be combined");
  if (!o->jigsaw &&
      nonet__v_check_size(o->n, o->br, o->bc, msg, sizeof msg) != NONET_OK)
    return bad(err, errcap, "%s", msg);
  int br, bc;
  nonet__v_gen_boxes(o, &br, &bc);
  if ((o->cons & NONET_CONSTRAINT_DISJOINT) && o->jigsaw)
    return bad(err, errcap, "disjoint groups need boxes: not with --jigsaw");
  if ((o->cons & NONET_CONSTRAINT_WINDOKU) &&
      !nonet__v_window_count(o->n, br, bc))
    return bad(err, errcap, "windoku boxes do not fit a %dx%d grid%s", o->n,
               o->n, o->jigsaw ? "" : " with these boxes");
  if (o->has_cage_size && !o->killer)
    return bad(err, errcap,
               "--cage-size needs --killer or --killer-givens (cages)");
  if (o->killer && o->has_cage_size &&
      (o->cage_min > o->n || o->cage_max > o->n))
    return bad(err, errcap, "--cage-size %d-%d: a cage has at most %d cells",
               o->cage_min, o->cage_max, o->n);
  if (o->killer) {
    /* k cages of min..max cells cover k*min to k*max cells: some k fits
     * when the fewest cages that can hold nc cells are not more than the
     * most that nc cells can fill */
    int nc = o->n * o->n, min = o->cage_min, max = nonet__v_gen_cage_max(o);
    char range[32];
    if (min == max)
      snprintf(range, sizeof range, "%d", min);
    else
      snprintf(range, sizeof range, "%d to %d", min, max);
    if ((nc + max - 1) / max > nc / min)
      return bad(err, errcap,
                 "--cage-size: the %d cells of a %dx%d grid cannot be cut "
                 "into cages of %s cells",
                 nc, o->n, o->n, range);
    if (o->killer == VK_CAGES && min == o->n)
      return bad(err, errcap,
                 "--cage-size: cages of %d cells all sum to %d, so without "
                 "givens any two digits could be swapped (use "
                 "--killer-givens or smaller cages)",
                 o->n, o->n * (o->n + 1) / 2);
  }
  if (nonet__v_gen_has_clue_bounds(o)) {
    int nc = o->n * o->n;
    if (o->killer == VK_CAGES)
      return bad(err, errcap,
                 "--killer puzzles have no givens: clue bounds need "
                 "--killer-givens");
    if (o->clues_max >= 0 && o->clues_min > o->clues_max)
      return bad(err, errcap, "--min-clues %d is more than --max-clues %d",
                 o->clues_min, o->clues_max);
    if (o->clues_min > nc)
      return bad(err, errcap, "a %dx%d puzzle has at most %d givens, not %d",
                 o->n, o->n, nc, o->clues_min);
    if (o->clues_max == 0)
      return bad(err, errcap,
                 "no puzzle without givens has one solution (the digits of "
                 "any solution can be swapped or mirrored): --max-clues "
                 "needs 1 or more");
    if (!clues_reachable(o))
      return bad(err, errcap,
                 "a %dx%d puzzle with %s symmetry has %s givens: none "
                 "within the bounds",
                 o->n, o->n, nonet__v_symmetry_name(o->symmetry),
                 o->symmetry == NONET_SYMMETRY_ROT90
                     ? (o->n % 2 ? "4k or 4k+1" : "4k")
                     : "an even number of");
  }
  if (o->killer == VK_CAGES && o->symmetry != NONET_SYMMETRY_NONE)
    return bad(err, errcap,
               "--symmetry places givens: a killer puzzle with --killer has "
               "none (use --killer-givens)");
  return NONET_OK;
}

int nonet_variant_gen_check(const nonet_variant_gen *o, char *err,
                            size_t errcap) {
  if (err && errcap) err[0] = 0;
  /* what the last check could not settle (below), not an earlier one's */
  ((nonet_variant_gen *)o)->undecided = 0;
  int r = nonet__v_gen_check_quick(o, err, errcap);
  if (r != NONET_OK || o->jigsaw) return r;
  /* rules that no grid keeps (4x4 with anti-king, 9x9 windoku with
   * nonconsecutive) would never give a puzzle: a grid is looked for as the
   * generator does (CHECK_TRIES random tries, CHECK_CAYLEY from a group's
   * table), then a proof that there is none by clause learning
   * (CHECK_CONFLICTS conflicts), up to 9x9 also by the depth-first search
   * (CHECK_BRANCHES); none of these decided: undecided (a search, with a
   * default timeout) */
  int br, bc;
  nonet__v_gen_boxes(o, &br, &bc);
  /* a formula makes a grid of these (template.c) */
  if (nonet__v_template_fits(o->n, br, bc, o->cons)) return NONET_OK;
  nonet_variant *v = nonet__v_make(o->n, br, bc, NULL);
  if (!v || nonet__v_set_constraints(v, o->cons, NULL, 0) != NONET_OK) {
    nonet_variant_free(v);
    return NONET_ENOMEM;
  }
  const vrules *rules = v->rules;
  nonet_rng rng;
  nonet_rng_seed(&rng, 1);
  int small = o->n <= CHECK_SMALL, tries = small ? CHECK_TRIES : 3;
  int aborted = 1; /* random tries never prove there is no grid */
  long n = 0;
  for (int k = 0; k < tries && n == 0; k++)
    n = check_search(o, rules, 0, &rng, nonet__v_grid_try(o->n * o->n, k),
                     VS_AUTO, 0, &aborted);
  /* grids from a group's table (cayley.c): found within a few tries for
   * most rules the search and the proofs left undecided (12x12 and 16x16
   * nonconsecutive with other rules) */
  for (int k = 0; k < CHECK_CAYLEY && n == 0 && !asked_to_stop(o); k++) {
    uint8_t grid[VMAXC];
    int got =
        nonet__v_cayley_grid(rules, br, bc, o->cons, &rng,
                             VCAYLEY_STEPS * (unsigned)(o->n * o->n), grid);
    n = got < 0 ? NONET_ENOMEM : got;
  }
  unsigned long long conflicts = small ? CHECK_CONFLICTS : CHECK_CONFLICTS / 10;
  if (n == 0)
    n = check_search(o, rules, o->cons, NULL, 0, VS_LEARN, conflicts, &aborted);
  /* from the first row learn.c found no grid for some 12x12 rules it finds
   * one for from the empty grid (disjoint with nonconsecutive; diagonals,
   * anti-knight and anti-king): a second look, as long (it finds every
   * grid the check found before the row was fixed) */
  if (n == 0 && aborted)
    n = check_search(o, rules, 0, NULL, 0, VS_LEARN, conflicts, &aborted);
  if (n == 0 && aborted && o->n <= CHECK_DFS_UPTO)
    n = check_search(o, rules, o->cons, NULL, CHECK_BRANCHES, VS_AUTO, 0,
                     &aborted);
  /* last, from scratch: the second look given this budget instead took
   * windoku with nonconsecutive from 6.5 s to 14.7 s (the depth-first
   * proof above settles it) */
  if (n == 0 && aborted && o->n <= CHECK_DFS_UPTO)
    n = check_search(o, rules, 0, NULL, 0, VS_LEARN, CHECK_CONFLICTS_9,
                     &aborted);
  nonet_variant_free(v);
  /* the options are not changed but for this note (a cache), and the
   * memo of the generator's proofs that goes with it (gen_memo.c): kept
   * while it is about this grid (its entries name their rules) */
  nonet_variant_gen *w = (nonet_variant_gen *)o;
  w->undecided = n == 0 && aborted;
  if (w->undecided && !nonet__v_memo_fits(w->memo, o->n, br, bc)) {
    nonet__v_memo_release(w->memo);
    w->memo = nonet__v_memo_new(o->n, br, bc); /* NULL: no memo, no harm */
  }
  if (n == 0 && !aborted) {
    char list[160] = "";
    for (unsigned k = 0; k < 32; k++)
      if (o->cons >> k & 1)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s",
                 list[0] ? ", " : "",
                 nonet_constraint_name((nonet_constraint)(1u << k)));
    return bad(err, errcap, "no %dx%d grid keeps these rules (%s)", o->n, o->n,
               list);
  }
  return n < 0 ? (int)n : NONET_OK;
}

int nonet_variant_gen_is_classic(const nonet_variant_gen *o) {
  return o && o->n == 9 && (o->br == 0 || (o->br == 3 && o->bc == 3)) &&
         !o->jigsaw && !o->cons && !o->killer;
}

int nonet_variant_gen_is_undecided(const nonet_variant_gen *o) {
  return o && o->undecided;
}

int nonet__v_gen_has_clue_bounds(const nonet_variant_gen *o) {
  return o->clues_min > 0 || o->clues_max >= 0;
}

int nonet__v_gen_clues_fit(const nonet_variant_gen *o, int clues) {
  return clues >= o->clues_min && (o->clues_max < 0 || clues <= o->clues_max);
}

int nonet_variant_gen_is_search(const nonet_variant_gen *o) {
  /* 25x25 killers: seconds to minutes each (29-283 s at --seed 1 to 6),
   * and before 2026-12-03 none was made; 25x25 windoku and disjoint groups with
   * other rules: the generator's searches (which do not learn) found no grid
   * within 120 s, with restarts or without (alone, or together, a formula
   * makes their grids: template.c), and a group's table (cayley.c) makes
   * some (windoku with anti-knight: 35 s) but not others (with
   * diagonals); 25x25 nonconsecutive: made in about
   * 20 s (--seed 1; over 100 s before its proofs' budget shrank), kept as
   * a search; rules the check could not settle (o->undecided) */
  if (!o) return 0;
  if (o->jigsaw && o->cons) return 1;
  /* clue bounds: puzzles are drawn until one fits, maybe never */
  if (nonet__v_gen_has_clue_bounds(o)) return 1;
  if (o->undecided) return 1;
  if (o->n != 25) return 0;
  int br, bc;
  nonet__v_gen_boxes(o, &br, &bc);
  return o->killer || (o->cons & NONET_CONSTRAINT_NONCONSECUTIVE) ||
         ((o->cons & (NONET_CONSTRAINT_WINDOKU | NONET_CONSTRAINT_DISJOINT)) &&
          !nonet__v_template_fits(o->n, br, bc, o->cons));
}

/* The default timeouts of searches: 25x25 killers take longer (29, 283,
 * 71, 77, 47 and 125 s at --seed 1 to 6, one thread, on the Intel Xeon
 * of docs/benchmarks.md: 120 s would end two of the six runs). */
#define KILLER25_TIMEOUT 600.0

double nonet_variant_gen_search_timeout(const nonet_variant_gen *o) {
  if (!nonet_variant_gen_is_search(o)) return 0;
  return o->n == 25 && o->killer ? KILLER25_TIMEOUT : NONET__SEARCH_TIMEOUT;
}

uint64_t nonet_variant_gen_get_seed(const nonet_variant_gen *o) {
  return o ? o->seed : 0;
}
int nonet_variant_gen_set_seed(nonet_variant_gen *o, uint64_t seed) {
  if (!o) return NONET_EINVAL;
  o->seed = seed;
  o->has_seed = 1;
  return NONET_OK;
}
int nonet_variant_gen_has_seed(const nonet_variant_gen *o) {
  return o && o->has_seed;
}
int nonet_variant_gen_set_timeout(nonet_variant_gen *o, double seconds) {
  if (!o || !(seconds >= 0) || seconds > 1e9) return NONET_EINVAL;
  o->timeout = seconds;
  o->has_timeout = 1;
  return NONET_OK;
}

double nonet_variant_gen_get_timeout(const nonet_variant_gen *o) {
  return o ? o->timeout : 0;
}
int nonet_variant_gen_has_timeout(const nonet_variant_gen *o) {
  return o && o->has_timeout;
}

size_t nonet_variant_gen_describe(const nonet_variant_gen *o, int plural,
                                  char *buf, size_t cap) {
  char text[400], cons[160] = "";
  if (!o) return 0;
  for (unsigned k = 0; k < 32; k++)
    if (o->cons >> k & 1)
      snprintf(cons + strlen(cons), sizeof cons - strlen(cons), "%s%s",
               cons[0] ? ", " : " with ",
               nonet_constraint_name((nonet_constraint)(1u << k)));
  char cages[64] = "";
  if (o->killer)
    snprintf(cages, sizeof cages, " (cages of %d to %d cells%s)", o->cage_min,
             nonet__v_gen_cage_max(o),
             o->killer == VK_CAGES ? ", no givens" : "");
  char clues[64] = "";
  const char *sep = cons[0] || cages[0] ? "," : "";
  if (o->clues_max >= 0 && o->clues_min == o->clues_max)
    snprintf(clues, sizeof clues, "%s with %d givens", sep, o->clues_min);
  else if (o->clues_max >= 0 && o->clues_min > 0)
    snprintf(clues, sizeof clues, "%s with %d to %d givens", sep, o->clues_min,
             o->clues_max);
  else if (o->clues_max >= 0)
    snprintf(clues, sizeof clues, "%s with at most %d givens", sep,
             o->clues_max);
  else if (o->clues_min > 0)
    snprintf(clues, sizeof clues, "%s with at least %d givens", sep,
             o->clues_min);
  char sym[48] = "";
  if (o->symmetry != NONET_SYMMETRY_NONE)
    snprintf(sym, sizeof sym, " and %s symmetry",
             nonet__v_symmetry_name(o->symmetry));
  int len = snprintf(text, sizeof text, "unique %s%dx%d %s%s%s%s%s%s",
                     o->killer == VK_CAGES ? "" : "minimal ", o->n, o->n,
                     o->jigsaw ? "jigsaw " : "", o->killer ? "killer " : "",
                     plural ? "puzzles" : "puzzle", cons, cages, clues);
  if (len < 0) len = 0;
  snprintf(text + (size_t)len, sizeof text - (size_t)len, "%s", sym);
  if (buf && cap) snprintf(buf, cap, "%s", text);
  return strlen(text);
}
