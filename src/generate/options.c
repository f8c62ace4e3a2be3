/* options.c: the generator's options: the opaque object, its setters, the
 * options read from text by name (what the command, the JavaScript and
 * the Python packages share, with the same messages), the description
 * of a request for messages, and the check that a request can be met.
 * Calls nothing above itself in generate/. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "core/timeouts.h"
#include "gen.h"

nonet_gen_options *nonet_gen_options_new(void) {
  nonet_gen_options *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  o->symmetry = NONET_SYMMETRY_NONE;
  o->minimal = 1;
  return o;
}

nonet_gen_options *nonet_gen_options_copy(const nonet_gen_options *o) {
  if (!o) return NULL;
  nonet_gen_options *c = malloc(sizeof *c);
  if (!c) return NULL;
  *c = *o;
  if (o->pattern) c->pattern = c->pattern_cells;
  return c;
}

void nonet_gen_options_free(nonet_gen_options *o) { free(o); }

int nonet__clues_ok(const nonet_gen_options *o, int clues) {
  return (!o->min_clues || clues >= o->min_clues) &&
         (!o->max_clues || clues <= o->max_clues);
}

int nonet__rating_in_band(const nonet_gen_options *o, int er) {
  return (!o->rating_min || er >= o->rating_min) &&
         (!o->rating_max || er <= o->rating_max);
}

/* ---- setters ------------------------------------------------------------- */

int nonet_gen_set_seed(nonet_gen_options *o, uint64_t seed) {
  if (!o) return NONET_EINVAL;
  o->seed = seed;
  o->have_seed = 1;
  return NONET_OK;
}

int nonet_gen_set_symmetry(nonet_gen_options *o, nonet_symmetry symmetry) {
  if (!o || (int)symmetry < 0 || symmetry > NONET_SYMMETRY_RANDOM)
    return NONET_EINVAL;
  o->symmetry = symmetry;
  return NONET_OK;
}

int nonet_gen_set_clues(nonet_gen_options *o, int min, int max) {
  if (!o || min < 0 || min > 81 || max < 0 || max > 81) return NONET_EINVAL;
  o->min_clues = min;
  o->max_clues = max;
  return NONET_OK;
}

int nonet_gen_set_minimal(nonet_gen_options *o, int minimal) {
  if (!o || (minimal != 0 && minimal != 1)) return NONET_EINVAL;
  o->minimal = minimal;
  return NONET_OK;
}

int nonet_gen_set_pattern(nonet_gen_options *o, const uint8_t mask[81]) {
  if (!o) return NONET_EINVAL;
  if (!mask) {
    o->pattern = NULL;
    return NONET_OK;
  }
  for (int i = 0; i < 81; i++) o->pattern_cells[i] = mask[i] != 0;
  o->pattern = o->pattern_cells;
  return NONET_OK;
}

int nonet_gen_set_per_grid(nonet_gen_options *o, int n) {
  if (!o || n < 0) return NONET_EINVAL;
  o->per_grid = n;
  return NONET_OK;
}

int nonet_gen_set_timeout(nonet_gen_options *o, double seconds) {
  if (!o || !(seconds >= 0) || seconds > 1e9) return NONET_EINVAL;
  o->timeout = seconds;
  o->have_timeout = 1;
  return NONET_OK;
}

int nonet_gen_set_rating(nonet_gen_options *o, int min, int max,
                         nonet_gen_rating_mode mode) {
  if (!o || min < 0 || max < 0 || min > 200 || max > 200 ||
      (mode != NONET_GEN_RATING_STEER && mode != NONET_GEN_RATING_FILTER))
    return NONET_EINVAL;
  o->rating_min = min;
  o->rating_max = max;
  o->rating_mode = mode;
  return NONET_OK;
}

int nonet_gen_set_accept(nonet_gen_options *o, nonet_gen_accept_fn fn,
                         void *ctx) {
  if (!o) return NONET_EINVAL;
  o->accept = fn;
  o->accept_ctx = ctx;
  return NONET_OK;
}

int nonet_gen_set_stop(nonet_gen_options *o, nonet_gen_stop_fn fn, void *ctx) {
  if (!o) return NONET_EINVAL;
  o->stop = fn;
  o->stop_ctx = ctx;
  return NONET_OK;
}

uint64_t nonet_gen_get_seed(const nonet_gen_options *o) {
  return o ? o->seed : 0;
}

double nonet_gen_get_timeout(const nonet_gen_options *o) {
  return o ? o->timeout : 0;
}

int nonet_gen_has_seed(const nonet_gen_options *o) { return o && o->have_seed; }

int nonet_gen_has_timeout(const nonet_gen_options *o) {
  return o && o->have_timeout;
}

int nonet_gen_is_search(const nonet_gen_options *o) {
  return o && (o->pattern || o->min_clues || o->max_clues || o->rating_min ||
               o->rating_max || o->band_text[0]);
}

double nonet_gen_search_timeout(const nonet_gen_options *o) {
  return nonet_gen_is_search(o) ? NONET__SEARCH_TIMEOUT : 0;
}

/* ---- options from text --------------------------------------------------- */

static int fail(char *err, size_t cap, const char *fmt, ...) {
  if (err && cap) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
  }
  return NONET_EINVAL;
}

/* A whole number from lo to hi, or -1 (with the message). */
static long whole(const char *name, const char *v, long lo, long hi, char *err,
                  size_t cap) {
  char *end;
  errno = 0;
  long x = v ? strtol(v, &end, 10) : 0;
  if (!v || errno || end == v || *end || x < lo || x > hi) {
    if (err && cap)
      snprintf(err, cap, "--%s needs a whole number from %ld to %ld, not '%s'",
               name, lo, hi, v ? v : "");
    return -1;
  }
  return x;
}

/* One ER bound: digits with at most one decimal ("7", "7.0", "10.5"),
 * in tenths; -1 when malformed. */
static int parse_er(const char *s, size_t n) {
  int v = 0, digits = 0;
  size_t k = 0;
  for (; k < n && s[k] >= '0' && s[k] <= '9'; k++) {
    v = v * 10 + (s[k] - '0');
    if (++digits > 2) return -1;
  }
  if (!digits) return -1;
  v *= 10;
  if (k < n && s[k] == '.') {
    k++;
    if (k + 1 != n || s[k] < '0' || s[k] > '9') return -1;
    v += s[k] - '0';
    k++;
  }
  return k == n ? v : -1;
}

/* "rating": MIN-MAX, MIN-, -MAX or a single value (exactly that ER). */
static int parse_rating(nonet_gen_options *o, const char *v, char *err,
                        size_t cap) {
  const char *dash = strchr(v, '-');
  size_t n = strlen(v);
  int lo, hi;
  if (!dash) {
    lo = hi = parse_er(v, n);
    if (lo < 0) goto bad;
  } else {
    size_t a = (size_t)(dash - v), b = n - a - 1;
    lo = a ? parse_er(v, a) : 0;
    hi = b ? parse_er(dash + 1, b) : 0;
    if (lo < 0 || hi < 0 || (!a && !b)) goto bad;
  }
  if (lo && hi && lo > hi)
    return fail(err, cap,
                "--rating %s: the lower bound is above the upper bound", v);
  if ((lo && lo < 10) || (hi && hi < 10))
    return fail(err, cap,
                "--rating %s: ratings start at 1.0 (Sudoku Explainer's "
                "scale)",
                v);
  if (lo == 10) lo = 0; /* every puzzle is rated 1.0 or more */
  o->rating_min = lo;
  o->rating_max = hi;
  return NONET_OK;
bad:
  return fail(err, cap,
              "--rating needs MIN-MAX, MIN- or -MAX with ratings such as "
              "2.0 or 7.5 (one decimal), not '%s'",
              v);
}

static const struct {
  const char *name;
  int lo, hi;
} levels[] = {{"easy", 0, 19},
              {"medium", 20, 29},
              {"hard", 30, 49},
              {"expert", 50, 69},
              {"extreme", 70, 0}};

int nonet_gen_options_parse(nonet_gen_options *o, const char *name,
                            const char *value, char *err, size_t cap) {
  long v;
  if (!o || !name) return fail(err, cap, "no option");
  if (strcmp(name, "minimal") == 0 || strcmp(name, "no-minimal") == 0) {
    o->minimal = name[0] == 'm';
    o->asked_no_minimal = !o->minimal; /* the last one given counts */
    return NONET_OK;
  }
  if (strcmp(name, "filter") == 0) {
    o->rating_mode = NONET_GEN_RATING_FILTER;
    return NONET_OK;
  }
  if (!value) return fail(err, cap, "--%s needs a value", name);
  if (strcmp(name, "seed") == 0) {
    char *end;
    errno = 0;
    unsigned long long s =
        *value == '-' || *value == '+' ? 0 : strtoull(value, &end, 10);
    if (*value == '-' || *value == '+' || errno || end == value || *end) {
      if (err && cap)
        snprintf(err, cap,
                 "--seed needs a whole number from 0 to %llu, not '%s'",
                 (unsigned long long)UINT64_MAX, value);
      return NONET_EINVAL;
    }
    return nonet_gen_set_seed(o, (uint64_t)s);
  }
  if (strcmp(name, "symmetry") == 0) {
    int s = nonet_symmetry_from_name(value);
    if (s < 0)
      return fail(err, cap,
                  "unknown symmetry '%s' (none, rot180, rot90, mirror, flip, "
                  "diagonal, antidiagonal, random)",
                  value);
    o->symmetry = (nonet_symmetry)s;
    return NONET_OK;
  }
  if (strcmp(name, "clues") == 0 || strcmp(name, "min-clues") == 0 ||
      strcmp(name, "max-clues") == 0) {
    if ((v = whole(name, value, 0, 81, err, cap)) < 0) return NONET_EINVAL;
    if (name[0] == 'c') {
      o->min_clues = o->max_clues = (int)v;
      o->asked_clues = 1;
      o->asked_max = 1;
    } else if (name[1] == 'i') {
      o->min_clues = (int)v;
      o->asked_min = 1;
    } else {
      o->max_clues = (int)v;
      o->asked_max = 1;
      o->asked_max_only = 1;
    }
    if (o->asked_max && !o->max_clues) o->asked_zero = 1;
    return NONET_OK;
  }
  if (strcmp(name, "per-grid") == 0) {
    if ((v = whole(name, value, 0, 1000000000L, err, cap)) < 0)
      return NONET_EINVAL;
    o->per_grid = (int)v;
    o->asked_per_grid = 1;
    return NONET_OK;
  }
  if (strcmp(name, "timeout") == 0) {
    char *end;
    errno = 0;
    double d = strtod(value, &end);
    if (errno || end == value || *end || !(d >= 0) || d > 1e9)
      return fail(err, cap,
                  "--timeout needs a number of seconds (0 or more), not "
                  "'%s'",
                  value);
    return nonet_gen_set_timeout(o, d);
  }
  if (strcmp(name, "rating") == 0) {
    if (o->asked_rating) /* the first would be dropped without a word */
      return fail(err, cap, "--rating given twice ('%s', then '%s'): give one",
                  o->band_text, value);
    if (parse_rating(o, value, err, cap) != NONET_OK) return NONET_EINVAL;
    o->asked_rating = 1;
    snprintf(o->band_text, sizeof o->band_text, "%s", value);
    return NONET_OK;
  }
  if (strcmp(name, "level") == 0) {
    for (size_t k = 0; k < sizeof levels / sizeof levels[0]; k++)
      if (strcasecmp(value, levels[k].name) == 0) {
        if (o->asked_level) /* the first would be dropped without a word */
          return fail(err, cap,
                      "--level given twice ('%s', then '%s'): give one",
                      o->band_text, value);
        o->rating_min = levels[k].lo;
        o->rating_max = levels[k].hi;
        o->asked_level = 1;
        snprintf(o->band_text, sizeof o->band_text, "%s", value);
        return NONET_OK;
      }
    return fail(err, cap,
                "unknown level '%s' (easy, medium, hard, expert, extreme)",
                value);
  }
  if (strcmp(name, "pattern") == 0) {
    uint8_t mask[81];
    char msg[NONET_MESSAGE_MAX];
    if (nonet_pattern_parse(value, strlen(value), mask, msg, sizeof msg) !=
        NONET_OK)
      return fail(err, cap, "%s", msg);
    return nonet_gen_set_pattern(o, mask);
  }
  return fail(err, cap, "unknown option '%s'", name);
}

/* ---- a request in words ----------------------------------------------------
 */

size_t nonet_gen_describe(const nonet_gen_options *o, int plural, char *buf,
                          size_t cap) {
  char what[200];
  const char *s = plural ? "s" : "";
  const char *min = o->minimal ? "minimal " : "";
  if (o->pattern)
    snprintf(what, sizeof what, "puzzle%s with the givens of the pattern", s);
  else if (o->min_clues && o->min_clues == o->max_clues)
    snprintf(what, sizeof what, "%spuzzle%s with %d givens", min, s,
             o->min_clues);
  else if (o->min_clues && o->max_clues)
    snprintf(what, sizeof what, "%spuzzle%s with %d to %d givens", min, s,
             o->min_clues, o->max_clues);
  else if (o->max_clues)
    snprintf(what, sizeof what, "%spuzzle%s with at most %d givens", min, s,
             o->max_clues);
  else if (o->min_clues)
    snprintf(what, sizeof what, "%spuzzle%s with at least %d givens", min, s,
             o->min_clues);
  else
    snprintf(what, sizeof what, "puzzle%s", s);
  size_t l = strlen(what);
  if (o->band_text[0])
    snprintf(what + l, sizeof what - l, " %s %s",
             o->asked_level ? "of level" : "with ER in", o->band_text);
  else if (o->rating_min || o->rating_max)
    snprintf(what + l, sizeof what - l, " with ER in %d.%d-%d.%d",
             o->rating_min / 10, o->rating_min % 10, o->rating_max / 10,
             o->rating_max % 10);
  l = strlen(what);
  if (o->symmetry != NONET_SYMMETRY_NONE)
    snprintf(what + l, sizeof what - l, " and %s symmetry",
             nonet_symmetry_name(o->symmetry));
  return (size_t)snprintf(buf, cap, "%s", what);
}

/* ---- can it be met? --------------------------------------------------------
 */

static int refuse(char *err, size_t cap, const char *msg) {
  if (err && cap) snprintf(err, cap, "%s", msg);
  return NONET_EINVAL;
}

int nonet_gen_check(const nonet_gen_options *o, char *err, size_t cap) {
  char msg[160];
  if (!o) return refuse(err, cap, "no options");
  if (o->asked_clues && (o->asked_min || o->asked_max_only))
    return refuse(err, cap,
                  "--clues cannot be combined with --min-clues or "
                  "--max-clues");
  if (o->rating_mode == NONET_GEN_RATING_FILTER && !o->rating_min &&
      !o->rating_max && !o->band_text[0])
    return refuse(err, cap, "--filter needs --rating or --level");
  if (o->asked_rating && o->asked_level)
    return refuse(err, cap, "--rating and --level cannot be combined");
  /* options that change only a clue-bound search (and a pattern's) are
   * refused without one rather than ignored */
  if (o->asked_per_grid && (!(o->min_clues || o->max_clues) || o->pattern))
    return refuse(err, cap,
                  o->pattern ? "--per-grid does not work with --pattern: it "
                               "caps the puzzles a clue-bound search takes "
                               "from one solution grid, and a pattern gives "
                               "one puzzle a job"
                             : "--per-grid needs --clues, --min-clues or "
                               "--max-clues: it caps the puzzles their search "
                               "takes from one solution grid");
  if (o->asked_no_minimal && !o->minimal && !o->min_clues && !o->max_clues &&
      !o->pattern)
    return refuse(err, cap,
                  "--no-minimal needs --clues, --min-clues, --max-clues or "
                  "--pattern: other puzzles are always minimal");
  if (o->asked_zero && !o->max_clues) {
    /* 0 means "no bound" to the library; here it was asked for */
    snprintf(msg, sizeof msg,
             "no puzzle with %s0 givens has a unique solution (17 is the "
             "fewest possible)",
             o->asked_clues ? "" : "at most ");
    return refuse(err, cap, msg);
  }
  if ((int)o->symmetry < 0 || o->symmetry > NONET_SYMMETRY_RANDOM)
    return refuse(err, cap, "unknown symmetry");
  if (o->per_grid < 0) return refuse(err, cap, "per_grid must be 0 or more");
  if (!(o->timeout >= 0))
    return refuse(err, cap, "the timeout must be 0 or more");
  int lo = o->min_clues, hi = o->max_clues;
  if (lo < 0 || lo > 81 || hi < 0 || hi > 81)
    return refuse(err, cap, "clue bounds must be between 17 and 81");
  if (hi && hi < 17) {
    snprintf(msg, sizeof msg,
             "no puzzle with %s%d givens has a unique solution (17 is the "
             "fewest possible)",
             lo == hi ? "" : "at most ", hi);
    return refuse(err, cap, msg);
  }
  if (lo && hi && lo > hi) {
    snprintf(msg, sizeof msg,
             "contradictory clue bounds: at least %d and at most %d", lo, hi);
    return refuse(err, cap, msg);
  }
  if (o->minimal && lo > 40) {
    snprintf(msg, sizeof msg,
             "no minimal puzzle with %s%d givens is known (40 is the most); "
             "allow givens that are not needed to get more",
             lo == hi ? "" : "at least ", lo);
    return refuse(err, cap, msg);
  }
  if (o->symmetry == NONET_SYMMETRY_ROT90 && (lo || hi)) {
    /* a rot90 puzzle has 4k or 4k+1 givens */
    int a = lo ? lo : 17, b = hi ? hi : 81, ok = 0;
    for (int c = a; c <= b && !ok; c++) ok = c % 4 <= 1;
    if (!ok) {
      if (a == b)
        snprintf(msg, sizeof msg,
                 "a puzzle with rot90 symmetry has 4k or 4k+1 givens, not %d",
                 a);
      else
        snprintf(msg, sizeof msg,
                 "a puzzle with rot90 symmetry has 4k or 4k+1 givens: none "
                 "from %d to %d",
                 a, b);
      return refuse(err, cap, msg);
    }
  }
  if (o->rating_mode != NONET_GEN_RATING_STEER &&
      o->rating_mode != NONET_GEN_RATING_FILTER)
    return refuse(err, cap, "unknown rating mode");
  if (o->rating_min < 0 || o->rating_max < 0 || o->rating_min > 200 ||
      o->rating_max > 200)
    return refuse(err, cap,
                  "rating bounds are ER in tenths (70 for 7.0), 200 at most");
  if (o->rating_min && o->rating_max && o->rating_min > o->rating_max) {
    snprintf(msg, sizeof msg,
             "contradictory rating bounds: at least %d.%d and at most %d.%d",
             o->rating_min / 10, o->rating_min % 10, o->rating_max / 10,
             o->rating_max % 10);
    return refuse(err, cap, msg);
  }
  if (o->rating_min > 119) {
    snprintf(msg, sizeof msg,
             "no puzzle is known with an ER of %d.%d or more (the hardest "
             "known are rated 11.9)",
             o->rating_min / 10, o->rating_min % 10);
    return refuse(err, cap, msg);
  }
  if (o->rating_max && o->rating_max < 10) {
    snprintf(msg, sizeof msg,
             "no puzzle has an ER below 1.0 (asked: at most %d.%d)",
             o->rating_max / 10, o->rating_max % 10);
    return refuse(err, cap, msg);
  }
  if (o->pattern) {
    int n = 0, rows[9] = {0}, cols[9] = {0};
    for (int i = 0; i < 81; i++)
      if (o->pattern[i]) n++, rows[i / 9]++, cols[i % 9]++;
    if (n < 17) {
      snprintf(msg, sizeof msg,
               "the pattern has %d given%s; a unique puzzle needs at least 17",
               n, n == 1 ? "" : "s");
      return refuse(err, cap, msg);
    }
    for (int b = 0; b < 3; b++)
      for (int x = 0; x < 3; x++)
        for (int y = x + 1; y < 3; y++) {
          if (!rows[3 * b + x] && !rows[3 * b + y]) {
            snprintf(msg, sizeof msg,
                     "the pattern leaves rows %d and %d empty: swapping them "
                     "always gives a second solution",
                     3 * b + x + 1, 3 * b + y + 1);
            return refuse(err, cap, msg);
          }
          if (!cols[3 * b + x] && !cols[3 * b + y]) {
            snprintf(msg, sizeof msg,
                     "the pattern leaves columns %d and %d empty: swapping "
                     "them always gives a second solution",
                     3 * b + x + 1, 3 * b + y + 1);
            return refuse(err, cap, msg);
          }
        }
    if (o->minimal && n > 40) {
      snprintf(msg, sizeof msg,
               "the pattern has %d givens; no minimal puzzle with more than "
               "40 is known",
               n);
      return refuse(err, cap, msg);
    }
    if (!nonet__clues_ok(o, n)) {
      snprintf(msg, sizeof msg,
               "the pattern has %d givens, outside the clue bounds", n);
      return refuse(err, cap, msg);
    }
    if (o->symmetry == NONET_SYMMETRY_RANDOM)
      return refuse(err, cap, "a pattern fixes the givens: no random symmetry");
    if (o->symmetry != NONET_SYMMETRY_NONE &&
        !nonet_grid_has_symmetry(o->pattern, o->symmetry)) {
      snprintf(msg, sizeof msg, "the pattern does not have %s symmetry",
               nonet_symmetry_name(o->symmetry));
      return refuse(err, cap, msg);
    }
  }
  return NONET_OK;
}
