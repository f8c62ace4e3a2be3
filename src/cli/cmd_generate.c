/* cmd_generate.c: nonet generate. The library splits generation into
 * numbered jobs whose puzzles depend only on (seed, job); this file reads
 * the options (by name, through the library), runs the jobs on the
 * command's pool and prints their puzzles in job order, so the output is
 * the same whatever --threads is. */
#include <errno.h>
#include <getopt.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define PATTERN_MAX_BYTES (1 << 20)

static const char usage[] =
    "usage: nonet generate [options]\n"
    "\n"
    "Generates puzzles with exactly one solution, one per line (or in the\n"
    "--format chosen). By default every given is needed (minimal).\n"
    "\n"
    "options:\n"
    "  -n, --count N        how many puzzles (default 1)\n"
    "  -s, --seed S         the same seed gives the same puzzles, whatever\n"
    "                       --threads is; without it a seed is drawn and\n"
    "                       printed on standard error\n"
    "      --symmetry SYM   none (default), rot180, rot90, mirror, flip,\n"
    "                       diagonal, antidiagonal, random: the givens are\n"
    "                       placed symmetrically; minimal then means no\n"
    "                       symmetric group of givens can be removed\n"
    "      --clues N        exactly N givens\n"
    "      --min-clues N    at least N givens\n"
    "      --max-clues N    at most N givens (low counts use a local search\n"
    "                       over a pool of candidates)\n"
    "      --per-grid N     with clue bounds, at most N puzzles with the same\n"
    "                       solution grid (the search finds neighbours that\n"
    "                       differ in a few givens; default: no limit)\n"
    "      --pattern FILE   givens exactly at the marked cells of a 9x9 mask\n"
    "                       (x or 1 a given, . or 0 empty)\n"
    "      --minimal        every given is needed (the default)\n"
    "      --no-minimal     with clue bounds or a pattern, allow givens that\n"
    "                       are not needed\n"
    "  -f, --format FMT     line (default), grid, json, csv\n"
    "      --solution       also print each puzzle's solution (line: after a\n"
    "                       tab; csv: PUZZLE,SOLUTION as 81 digits each)\n"
    "      --timeout SECS   stop after SECS seconds (default: none, or 120\n"
    "                       with clue bounds, a pattern or a rating band and\n"
    "                       for variant searches, 600 for 25x25 killers);\n"
    "                       0: no limit\n"
    "  -t, --threads N      worker threads (default: all processors)\n"
    "      --shard K/N      only the jobs j with j % N == K: one of N\n"
    "                       machines' share (with -n C: of jobs 0 .. C-1,\n"
    "                       one puzzle each; searches need --jobs)\n"
    "      --jobs J         run jobs 0 .. J-1 and print all their puzzles\n"
    "                       (instead of -n)\n"
    "      --tag            start each line with its job number and a tab\n"
    "                       (merge shards: sort -m -s -n -k1,1 | cut -f2-)\n"
    "      --rating MIN-MAX Sudoku Explainer rating (ER) from MIN to MAX, "
    "e.g.\n"
    "                       2.0-3.4, 7.0- (no upper bound) or -1.9; the "
    "search\n"
    "                       steers toward the band (see --filter)\n"
    "      --level NAME     easy (ER 1.0-1.9), medium (2.0-2.9), hard\n"
    "                       (3.0-4.9), expert (5.0-6.9), extreme (7.0 and up)\n"
    "      --filter         reach the band by rating plain puzzles and "
    "keeping\n"
    "                       those inside it, without steering (slower)\n"
    "\n"
    "variant puzzles (with --seed, --symmetry, --timeout, -n, --jobs, the\n"
    "formats, --solution, --clues, --min-clues and --max-clues (each job\n"
    "draws puzzles until the givens are within the bounds; not with\n"
    "--killer) and --level easy, medium, hard, expert or extreme: the\n"
    "variant techniques' levels, as `nonet rate` gives them; see man\n"
    "nonet):\n"
    "      --size N         N x N grids, 4 to 25 (default 9)\n"
    "      --box RxC        boxes of R rows and C columns (default: the usual\n"
    "                       ones: 2x2, 2x3, 2x4, 3x3, 3x4, 4x4, 5x5)\n"
    "      --jigsaw         random jigsaw regions for each puzzle\n"
    "      --constraints L  a comma-separated list of diagonals, windoku,\n"
    "                       disjoint, anti-knight, anti-king, nonconsecutive\n"
    "      --killer         killer cages and no givens\n"
    "      --killer-givens  killer cages and the few givens needed\n"
    "      --cage-size MIN-MAX  cells per cage (default 2-5, 2-4 on a 4x4);\n"
    "                       without givens, the larger the smallest cage the\n"
    "                       longer the search (5-6 on a 9x9: thousands of\n"
    "                       grids a puzzle; --timeout bounds it)\n"
    "      --prove-minimal  prove every given needed however long it takes\n"
    "                       (by default a proof from 12x12 up has a budget,\n"
    "                       and a given it gives up on stays: 16x16 with\n"
    "                       nonconsecutive, minutes instead of seconds)\n"
    "  -h, --help           show this help\n"
    "\n"
    "A progress line (count, rate, ETA) goes to standard error when it is a\n"
    "terminal and the run takes more than a second.\n"
    "\n"
    "exit status: 0 all puzzles generated, 1 fewer found before the timeout,\n"
    "2 usage error\n";

/* ---- jobs on the pool ---------------------------------------------------- */

/* The puzzles of one job (a slot of the pool). */
typedef struct job_out {
  nonet_gen_puzzle *p;
  size_t n, cap;
  long want; /* a job never needs to give more than the whole count */
  int cut;   /* stopped before the job was complete */
  int oom;
  char *text; /* a variant job: its puzzle, written out (n is 1) */
  size_t tlen;
  int unproven; /* ... and its givens not proven needed */
} job_out;

typedef struct out_opts {
  int format, solution;
} out_opts;

/* What every job shares. */
typedef struct gen_run {
  nonet_gen_options *opt;  /* with the stop hook set; read only */
  nonet_variant_gen *vopt; /* variant puzzles: these options instead */
  const out_opts *oo;      /* variant puzzles are written by the jobs */
  long want;
  uint64_t items;  /* jobs to run in this shard (0: until `want`) */
  double deadline; /* 0: none */
  atomic_int stop; /* enough printed, or timed out, or no grid */
  atomic_int timed_out;
  atomic_int nogrid; /* a job proved that no grid keeps the rules */
  atomic_ullong moves;
  long unproven; /* variant puzzles printed with givens not proven needed */
  int level;     /* variant puzzles of this nonet_level, -1: any */
} gen_run;

static int stop_hook(void *arg) {
  gen_run *g = arg;
  if (atomic_load(&g->stop)) return 1;
  if (g->deadline > 0 && cli_now() >= g->deadline) {
    atomic_store(&g->timed_out, 1);
    return 1;
  }
  return 0;
}

static int collect(const nonet_gen_puzzle *p, void *arg) {
  job_out *o = arg;
  if (o->n == o->cap) {
    size_t cap = o->cap ? 2 * o->cap : 4;
    nonet_gen_puzzle *q = realloc(o->p, cap * sizeof *q);
    if (!q) {
      o->oom = 1;
      return 1;
    }
    o->p = q;
    o->cap = cap;
  }
  o->p[o->n++] = *p;
  return o->want > 0 && o->n >= (size_t)o->want;
}

/* A variant puzzle, written out by the job's thread. */
typedef struct vjob {
  job_out *o;
  const out_opts *oo;
} vjob;

static int collect_variant(const nonet_variant_puzzle *p, void *arg) {
  vjob *j = arg;
  job_out *o = j->o;
  const uint8_t *sol = j->oo->solution ? p->solution : NULL;
  size_t need = nonet_variant_format(p->variant, p->puzzle, sol, j->oo->format,
                                     0, NULL, 0);
  char *t = realloc(o->text, need + 3);
  if (!t) {
    o->oom = 1;
    return 1;
  }
  o->text = t;
  nonet_variant_format(p->variant, p->puzzle, sol, j->oo->format, 0, t,
                       need + 1);
  const char *end = j->oo->format == NONET_FORMAT_GRID ? "\n\n" : "\n";
  size_t k = strlen(end);
  memcpy(t + need, end, k + 1);
  o->tlen = need + k;
  o->unproven = p->unproven;
  o->n = 1;
  return 0;
}

static void run_job(void *ctx, uint64_t job, void *slot) {
  gen_run *g = ctx;
  job_out *o = slot;
  o->n = 0;
  o->cut = o->oom = 0;
  o->want = g->want;
  if (stop_hook(g)) {
    o->cut = 1;
    return;
  }
  nonet_gen_stats st;
  memset(&st, 0, sizeof st);
  /* pool item i is job i, or with --shard K/N job K + i N */
  if (cli_sharding.n) job = cli_sharding.k + job * cli_sharding.n;
  if (g->vopt) {
    vjob j = {o, g->oo};
    long r = g->level >= 0
                 ? nonet_vlogic_generate_job(g->vopt, (nonet_level)g->level,
                                             job, collect_variant, &j, &st)
                 : nonet_variant_generate_job(g->vopt, job, collect_variant, &j,
                                              &st);
    if (r == NONET_ENOMEM) o->oom = 1;
    if (r == NONET_ENOGRID) { /* every job would say so: stop them */
      atomic_store(&g->nogrid, 1);
      atomic_store(&g->stop, 1);
    }
    if (r < 1 || o->oom) o->cut = 1;
    return;
  }
  long r = nonet_generate_job(g->opt, job, collect, o, &st);
  if (r == NONET_ENOMEM) o->oom = 1;
  atomic_fetch_add(&g->moves, st.pool_moves);
  /* stopped by the hook (not by enough puzzles): the job is cut */
  if ((st.stopped && o->n < (size_t)g->want) || o->oom) o->cut = 1;
}

/* ---- output -------------------------------------------------------------- */

/* Prints a puzzle as the options say; with --tag, each line starts with
 * its job number and a tab. */
static void format_puzzle(const out_opts *o, const nonet_gen_puzzle *p,
                          cli_buf *out);

static void print_puzzle(const out_opts *o, const nonet_gen_puzzle *p,
                         unsigned long long job, cli_buf *scratch) {
  scratch->len = 0;
  format_puzzle(o, p, scratch);
  if (cli_sharding.tag)
    cli_write_tagged(job, scratch->data, scratch->len);
  else
    cli_write(scratch->data, scratch->len);
}

static void format_puzzle(const out_opts *o, const nonet_gen_puzzle *p,
                          cli_buf *out) {
  cli_format_classic(out, o->format, 0, p->puzzle,
                     o->solution ? p->solution : NULL);
}

static void progress(long done, long want, double elapsed, int searching,
                     unsigned long long moves) {
  char eta[32] = "";
  double rate = elapsed > 0 ? done / elapsed : 0;
  if (done > 0 && rate > 0)
    snprintf(eta, sizeof eta, ", ETA %.0f s", (want - done) / rate);
  if (searching)
    fprintf(stderr,
            "\r\033[Knonet generate: %ld/%ld puzzles, %.1f/s, %.0f s, %llu "
            "search moves%s",
            done, want, rate, elapsed, moves, eta);
  else
    fprintf(stderr, "\r\033[Knonet generate: %ld/%ld puzzles, %.0f/s%s", done,
            want, rate, eta);
}

/* Runs jobs 0, 1, 2, ... on `threads` threads and prints their puzzles in
 * job order until `want` are printed or time is up; returns how many
 * were printed (-1 when out of memory). `claim`: jobs a thread takes at
 * a time (plain jobs are short); jobs run up to (4 threads + 4) `ahead`
 * past the first not yet printed. */
static long run(gen_run *g, int threads, int claim, int ahead, int searching,
                const out_opts *oo, int show) {
  uint64_t window = (uint64_t)(4 * threads + 4) * (uint64_t)ahead;
  cli_pool *pool =
      cli_pool_new(threads, sizeof(job_out), (int)window, claim, 0, run_job, g);
  if (!pool) return -1;
  long printed = 0;
  int oom = 0, shown = 0;
  double t0 = cli_now(), last = t0;
  uint64_t taken = 0;
  cli_buf scratch = {NULL, 0, 0};
  uint64_t end = g->items ? g->items : UINT64_MAX;
  cli_pool_publish(pool, window < end ? window : end);
  while ((g->items ? taken < g->items : printed < g->want)) {
    /* the caller only coordinates: it prints, shows progress and watches
     * the clock, waking at least every 0.2 s */
    if (!cli_pool_wait(pool, taken, 0, 0.2)) {
      double t = cli_now();
      if (g->deadline > 0 && t >= g->deadline) {
        atomic_store(&g->timed_out, 1);
        break;
      }
      if (show && t - t0 >= 1.0 && t - last >= 0.5) {
        last = t;
        shown = 1;
        cli_flush();
        progress(printed, g->want, t - t0, searching, atomic_load(&g->moves));
      }
      continue;
    }
    job_out *o = cli_pool_slot(pool, taken);
    unsigned long long job =
        cli_sharding.n ? cli_sharding.k + taken * cli_sharding.n : taken;
    if (g->vopt && o->n && (g->items || printed < g->want)) {
      if (cli_sharding.tag)
        cli_write_tagged(job, o->text, o->tlen);
      else
        cli_write(o->text, o->tlen);
      printed++;
      g->unproven += o->unproven > 0;
    }
    for (size_t k = 0; !g->vopt && k < o->n && (g->items || printed < g->want);
         k++, printed++)
      print_puzzle(oo, &o->p[k], job, &scratch);
    int cut = o->cut;
    oom |= o->oom;
    cli_pool_release(pool, taken);
    taken++;
    if (cut) break;                 /* the rest of this job was never made */
    if (cli_output_failed()) break; /* nowhere to write: stop */
    cli_pool_publish(pool, taken + window < end ? taken + window : end);
  }
  atomic_store(&g->stop, 1);
  cli_pool_stop(pool);
  for (uint64_t i = 0; i < window; i++) {
    free(((job_out *)cli_pool_slot(pool, i))->p);
    free(((job_out *)cli_pool_slot(pool, i))->text);
  }
  cli_pool_free(pool);
  cli_buf_free(&scratch);
  cli_flush();
  if (shown) fputs("\r\033[K", stderr);
  return oom ? -1 : printed;
}

/* ---- options ------------------------------------------------------------- */

static int bad_usage(const char *prog) {
  fprintf(stderr, "%.*s\nTry '%s --help'.\n", (int)strcspn(usage, "\n"), usage,
          prog);
  return CLI_USAGE;
}

static int read_pattern(const char *prog, const char *path, uint8_t mask[81]) {
  FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "%s: cannot read pattern '%s': %s\n", prog, path,
            strerror(errno));
    return -1;
  }
  char *buf = malloc(PATTERN_MAX_BYTES);
  if (!buf) {
    fputs("nonet: out of memory\n", stderr);
    exit(CLI_FAILED);
  }
  size_t n = fread(buf, 1, PATTERN_MAX_BYTES, f);
  int err = ferror(f), big = n == PATTERN_MAX_BYTES;
  if (f != stdin) fclose(f);
  if (err || big) {
    fprintf(stderr, "%s: cannot read pattern '%s': %s\n", prog, path,
            err ? "read error" : "file too large for a pattern");
    free(buf);
    return -1;
  }
  char msg[NONET_MESSAGE_MAX];
  int r = nonet_pattern_parse(buf, n, mask, msg, sizeof msg);
  free(buf);
  if (r != NONET_OK) {
    fprintf(stderr, "%s: %s: %s\n", prog, path, msg);
    return -1;
  }
  return 0;
}

static uint64_t fresh_seed(void) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  nonet_rng r;
  nonet_rng_seed(&r, (uint64_t)ts.tv_sec * 1000000007ull ^
                         (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32));
  /* keep seeds short enough to type back */
  return nonet_rng_next(&r) % 1000000000000ull;
}

enum {
  OPT_SYMMETRY = 256,
  OPT_CLUES,
  OPT_MIN_CLUES,
  OPT_MAX_CLUES,
  OPT_PATTERN,
  OPT_MINIMAL,
  OPT_NO_MINIMAL,
  OPT_SOLUTION,
  OPT_TIMEOUT,
  OPT_LEVEL,
  OPT_RATING,
  OPT_PER_GRID,
  OPT_FILTER,
  OPT_JOBS,
  /* variant puzzles */
  OPT_SIZE,
  OPT_BOX,
  OPT_JIGSAW,
  OPT_CONSTRAINTS,
  OPT_KILLER,
  OPT_KILLER_GIVENS,
  OPT_PROVE_MINIMAL,
  OPT_CAGE_SIZE
};

/* What the command line asks for, beside the library's options. */
typedef struct gen_args {
  const char *prog;
  long count; /* -n */
  int have_count;
  unsigned long long jobs; /* --jobs J: run jobs 0 .. J-1; 0: not given */
  int threads;
  int searching; /* clue bounds or a pattern: long jobs, one at a time */
  out_opts oo;
  const char *pattern_path;
  nonet_variant_gen *vopt;  /* variant options (always read) */
  int variant;              /* a variant option was given */
  const char *classic_only; /* a classic-only option given, by name */
  int level;                /* --level (a nonet_level), -1: not given */
  /* --clues, --min-clues, --max-clues in the order given (room for argc):
   * they go to the variant options at once, and to the classic ones
   * (whose bounds and checks are 9x9's) once the puzzles are known to be
   * classic */
  struct clue_opt {
    const char *name, *value;
  } * clue_opt;
  int nclue_opts;
  double started; /* cli_now() before the checks: --timeout counts from it */
} gen_args;

static const struct option longs[] = {
    {"count", required_argument, NULL, 'n'},
    {"seed", required_argument, NULL, 's'},
    {"symmetry", required_argument, NULL, OPT_SYMMETRY},
    {"clues", required_argument, NULL, OPT_CLUES},
    {"min-clues", required_argument, NULL, OPT_MIN_CLUES},
    {"max-clues", required_argument, NULL, OPT_MAX_CLUES},
    {"per-grid", required_argument, NULL, OPT_PER_GRID},
    {"pattern", required_argument, NULL, OPT_PATTERN},
    {"minimal", no_argument, NULL, OPT_MINIMAL},
    {"no-minimal", no_argument, NULL, OPT_NO_MINIMAL},
    {"format", required_argument, NULL, 'f'},
    {"solution", no_argument, NULL, OPT_SOLUTION},
    {"timeout", required_argument, NULL, OPT_TIMEOUT},
    {"threads", required_argument, NULL, 't'},
    {"level", required_argument, NULL, OPT_LEVEL},
    {"rating", required_argument, NULL, OPT_RATING},
    {"filter", no_argument, NULL, OPT_FILTER},
    {"jobs", required_argument, NULL, OPT_JOBS},
    {"size", required_argument, NULL, OPT_SIZE},
    {"box", required_argument, NULL, OPT_BOX},
    {"jigsaw", no_argument, NULL, OPT_JIGSAW},
    {"constraints", required_argument, NULL, OPT_CONSTRAINTS},
    {"killer", no_argument, NULL, OPT_KILLER},
    {"killer-givens", no_argument, NULL, OPT_KILLER_GIVENS},
    {"prove-minimal", no_argument, NULL, OPT_PROVE_MINIMAL},
    {"cage-size", required_argument, NULL, OPT_CAGE_SIZE},
    {"help", no_argument, NULL, 'h'},
    {NULL, 0, NULL, 0}};

/* Option c (its long option's value) with optarg to the variant options
 * by its name (into *name): -1, or CLI_USAGE with the message said. */
static int variant_option(gen_args *a, int c, const char **name) {
  char err[200];
  for (int k = 0; longs[k].name; k++)
    if (longs[k].val == c) *name = longs[k].name;
  if (nonet_variant_gen_parse(a->vopt, *name, optarg, err, sizeof err) ==
      NONET_OK)
    return -1;
  fprintf(stderr, "%s: %s\n", a->prog, err);
  return CLI_USAGE;
}

/* Reads the command line: the library's options go to `opt` by name.
 * Returns -1 to go on, or an exit status. */
static int read_args(int argc, char **argv, nonet_gen_options *opt,
                     gen_args *a) {
  char err[200];
  int c;
  optind = 1;
  while ((c = getopt_long(argc, argv, "n:s:f:t:h", longs, NULL)) != -1) {
    const char *name = NULL; /* an option of the library, by name */
    long v;
    if (c >= OPT_SIZE && c <= OPT_CAGE_SIZE) { /* variant options */
      if (variant_option(a, c, &name) >= 0) return CLI_USAGE;
      a->variant = 1;
      continue;
    }
    if (c == OPT_LEVEL) { /* variant puzzles too: easy, medium, hard */
      a->level = -1;
      for (int k = NONET_LEVEL_EASY; k <= NONET_LEVEL_EXTREME; k++)
        if (strcasecmp(optarg, nonet_level_name((nonet_level)k)) == 0)
          a->level = k;
    } else if (c == OPT_CLUES || c == OPT_MIN_CLUES || c == OPT_MAX_CLUES) {
      /* variant puzzles too; to the classic options in settle() */
      if (variant_option(a, c, &name) >= 0) return CLI_USAGE;
      a->clue_opt[a->nclue_opts].name = name;
      a->clue_opt[a->nclue_opts++].value = optarg;
      a->searching = 1;
      continue;
    } else if (c == 's' || c == OPT_SYMMETRY || c == OPT_TIMEOUT) {
      /* these apply to variant puzzles too */
      const char *vname = c == 's'            ? "seed"
                          : c == OPT_SYMMETRY ? "symmetry"
                                              : "timeout";
      nonet_variant_gen_parse(a->vopt, vname, optarg, NULL, 0);
    } else if (c != 'n' && c != OPT_JOBS && c != 'f' && c != OPT_SOLUTION &&
               c != 't' && c != 'h' && c != '?' && c != OPT_MINIMAL) {
      for (int k = 0; longs[k].name; k++)
        if (longs[k].val == c) a->classic_only = longs[k].name;
    }
    switch (c) {
    case 'n':
      if ((a->count =
               cli_parse_long(a->prog, "--count", optarg, 1, 1000000000L)) < 0)
        return CLI_USAGE;
      a->have_count = 1;
      break;
    case OPT_JOBS:
      if ((v = cli_parse_long(a->prog, "--jobs", optarg, 1, 2000000000L)) < 0)
        return CLI_USAGE;
      a->jobs = (unsigned long long)v;
      break;
    case 's':
      name = "seed";
      break;
    case OPT_SYMMETRY:
    case OPT_PER_GRID:
    case OPT_MINIMAL:
    case OPT_NO_MINIMAL:
    case OPT_TIMEOUT:
    case OPT_LEVEL:
    case OPT_RATING:
    case OPT_FILTER:
      for (int k = 0; longs[k].name && !name; k++)
        if (longs[k].val == c) name = longs[k].name;
      break;
    case OPT_PATTERN:
      a->pattern_path = optarg;
      break;
    case 'f':
      a->oo.format = nonet_format_from_name(optarg);
      if (a->oo.format <= 0) {
        fprintf(stderr, "%s: unknown format '%s' (line, grid, json, csv)\n",
                a->prog, optarg);
        return CLI_USAGE;
      }
      break;
    case OPT_SOLUTION:
      a->oo.solution = 1;
      break;
    case 't':
      if ((a->threads =
               (int)cli_parse_long(a->prog, "--threads", optarg, 0, 256)) < 0)
        return CLI_USAGE;
      break;
    case 'h':
      cli_puts(usage);
      return CLI_OK;
    default:
      return bad_usage(a->prog);
    }
    if (name && nonet_gen_options_parse(opt, name, optarg, err, sizeof err) !=
                    NONET_OK) {
      fprintf(stderr, "%s: %s\n", a->prog, err);
      return CLI_USAGE;
    }
  }
  if (optind < argc) {
    fprintf(stderr, "%s: unexpected argument '%s'\n", a->prog, argv[optind]);
    return bad_usage(a->prog);
  }
  return -1;
}

/* Completes and checks the options: the pattern's file, the checks of the
 * library, shards, the default timeout and seed. Returns -1 to go on, or
 * an exit status. */
/* 1 when the command line asks for variant puzzles (not plain 9x9). */
static int variant_mode(const gen_args *a) {
  return a->variant && !nonet_variant_gen_is_classic(a->vopt);
}

/* The check's stop hook: the --timeout given has passed. */
static int check_stop(void *ctx) {
  const gen_args *a = ctx;
  return cli_now() >= a->started + nonet_variant_gen_get_timeout(a->vopt);
}

static int settle(nonet_gen_options *opt, gen_args *a) {
  char err[200];
  uint8_t pattern[81];
  /* the check of variant rules below can take seconds (rules it leaves
   * undecided: about 4 s on 12x12): --timeout counts it too */
  a->started = cli_now();
  if (variant_mode(a)) {
    if (a->classic_only) {
      fprintf(stderr,
              "%s: --%s works on classic 9x9 puzzles only, not with --size, "
              "--box, --jigsaw, --constraints or --killer\n",
              a->prog, a->classic_only);
      return CLI_USAGE;
    }
    if (nonet_variant_gen_get_timeout(a->vopt) > 0) /* (0: none) */
      nonet_variant_gen_set_stop(a->vopt, check_stop, a);
    int checked = nonet_variant_gen_check(a->vopt, err, sizeof err);
    nonet_variant_gen_set_stop(a->vopt, NULL, NULL);
    if (checked != NONET_OK) {
      fprintf(stderr, "%s: %s\n", a->prog, err);
      return CLI_USAGE;
    }
    if (!nonet_variant_gen_has_timeout(a->vopt) &&
        nonet_variant_gen_is_search(a->vopt))
      nonet_variant_gen_set_timeout(a->vopt,
                                    nonet_variant_gen_search_timeout(a->vopt));
  }
  for (int k = 0; k < a->nclue_opts && !variant_mode(a); k++)
    if (nonet_gen_options_parse(opt, a->clue_opt[k].name, a->clue_opt[k].value,
                                err, sizeof err) != NONET_OK) {
      fprintf(stderr, "%s: %s\n", a->prog, err);
      return CLI_USAGE;
    }
  if (a->pattern_path) {
    if (read_pattern(a->prog, a->pattern_path, pattern) < 0) return CLI_USAGE;
    nonet_gen_set_pattern(opt, pattern);
    a->searching = 1;
  }
  if (nonet_gen_check(opt, err, sizeof err) != NONET_OK) {
    fprintf(stderr, "%s: %s\n", a->prog, err);
    return CLI_USAGE;
  }
  if (a->jobs && a->have_count) {
    fprintf(stderr, "%s: --jobs and --count cannot be combined\n", a->prog);
    return CLI_USAGE;
  }
  if (cli_sharding.n && !a->jobs) {
    /* one puzzle a job: -n N is jobs 0 .. N-1; else say how many jobs */
    if (a->searching || nonet_gen_is_search(opt)) {
      fprintf(stderr,
              "%s: --shard with clue bounds, a pattern or a rating band needs "
              "--jobs J (each job gives any number of puzzles: the shards run "
              "jobs 0 .. J-1 between them; merge their outputs and keep the "
              "first N)\n",
              a->prog);
      return CLI_USAGE;
    }
    a->jobs = (unsigned long long)a->count;
  }
  if (!nonet_gen_has_timeout(opt) && nonet_gen_is_search(opt))
    nonet_gen_set_timeout(opt, nonet_gen_search_timeout(opt));
  if (!nonet_gen_has_seed(opt)) {
    uint64_t seed = fresh_seed();
    char text[32];
    snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
    nonet_gen_set_seed(opt, seed);
    nonet_variant_gen_parse(a->vopt, "seed", text, NULL, 0);
    fprintf(stderr, "%s: seed %llu (repeat with --seed %llu)\n", a->prog,
            (unsigned long long)seed, (unsigned long long)seed);
  }
  return -1;
}

/* Says what was not generated before the timeout. */
static void shortfall(const nonet_gen_options *opt, const gen_args *a,
                      long made, int timed_out) {
  double timeout = variant_mode(a) ? nonet_variant_gen_get_timeout(a->vopt)
                                   : nonet_gen_get_timeout(opt);
  char desc[200], named[400];
  const char *what = desc;
  if (a->jobs) {
    fprintf(stderr,
            "%s: the jobs were not all done within %g s (--timeout %g): %ld "
            "puzzles printed\n",
            a->prog, timeout, timeout, made);
    return;
  }
  if (variant_mode(a))
    nonet_variant_gen_describe(a->vopt, a->count > 1, desc, sizeof desc);
  else
    nonet_gen_describe(opt, a->count > 1, desc, sizeof desc);
  if (variant_mode(a) && a->level >= 0) {
    const char *lv = nonet_level_name((nonet_level)a->level);
    if (timeout > 0 && timed_out)
      fprintf(stderr,
              "%s: %s %s of level %s found within %g s (--timeout %g)\n",
              a->prog, made ? "not enough" : "no", desc, lv, timeout, timeout);
    else
      fprintf(stderr,
              "%s: %s %s of level %s found: a job gives up after %d "
              "puzzles that do not come to the level%s\n",
              a->prog, made ? "not enough" : "no", desc, lv,
              NONET_VLOGIC_LEVEL_TRIES,
              a->nclue_opts ? " with givens within the bounds"
                            : " (rare for these rules)");
    return;
  }
  const char *at = a->pattern_path ? strstr(desc, "the pattern") : NULL;
  if (at) { /* name the pattern's file */
    snprintf(named, sizeof named, "%.*s'%s'%s", (int)(at - desc), desc,
             a->pattern_path, at + strlen("the pattern"));
    what = named;
  }
  if (variant_mode(a) && !timed_out && a->nclue_opts) {
    fprintf(stderr,
            "%s: %s %s found: a job gives up after %d puzzles whose givens "
            "are not within the bounds\n",
            a->prog, made ? "not enough" : "no", desc,
            NONET_VARIANT_CLUE_DRAWS);
    return;
  }
  if (made == 0)
    fprintf(stderr, "%s: no %s found within %g s (--timeout %g)%s\n", a->prog,
            what, timeout, timeout,
            variant_mode(a) && nonet_variant_gen_is_undecided(a->vopt)
                ? "; nonet could not tell whether any grid keeps these rules"
                : "");
  else
    fprintf(stderr, "%s: only %ld of %ld %s found within %g s (--timeout %g)\n",
            a->prog, made, a->count, what, timeout, timeout);
}

/* Runs the generation the options ask for. */
static int generate(const nonet_gen_options *opt, const gen_args *a) {
  double timeout = variant_mode(a) ? nonet_variant_gen_get_timeout(a->vopt)
                                   : nonet_gen_get_timeout(opt);
  int threads = a->threads > 0 ? a->threads : cli_cpu_count();
  gen_run g;
  memset(&g, 0, sizeof g);
  g.level = a->level;
  g.opt = nonet_gen_options_copy(opt);
  if (!g.opt) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  nonet_gen_set_stop(g.opt, stop_hook, &g);
  if (variant_mode(a)) {
    g.vopt = nonet_variant_gen_copy(a->vopt);
    if (!g.vopt) {
      nonet_gen_options_free(g.opt);
      fputs("nonet: out of memory\n", stderr);
      return CLI_FAILED;
    }
    nonet_variant_gen_set_stop(g.vopt, stop_hook, &g);
    g.oo = &a->oo;
  }
  g.want = a->jobs ? 0 : a->count;
  if (a->jobs) { /* the jobs below J of this shard's class */
    unsigned long long k = cli_sharding.n ? cli_sharding.k : 0,
                       n = cli_sharding.n ? cli_sharding.n : 1;
    g.items = a->jobs > k ? (a->jobs - k + n - 1) / n : 0;
  }
  atomic_init(&g.stop, 0);
  atomic_init(&g.timed_out, 0);
  atomic_init(&g.nogrid, 0);
  atomic_init(&g.moves, 0);
  if (timeout > 0) g.deadline = a->started + timeout;
  /* plain jobs are short: threads take them 32 at a time. Variant jobs
   * are not (a 16x16 puzzle takes about 40 ms, a 12x12 with windoku
   * seconds): taken 32 at a time, the first thread made every puzzle of
   * a run of -n 32 or fewer while the others made puzzles past the count
   * (-t 2 no faster than -t 1); one at a time */
  int claim = a->searching || variant_mode(a) ? 1
              : nonet_gen_is_search(opt)      ? 4
                                              : 32;
  /* as far ahead as before for variant jobs, whose times vary widely (a
   * window of 12 held 300 jigsaw puzzles on two threads back by 40%) */
  int ahead = variant_mode(a) ? 32 : claim;
  long made = g.items || !a->jobs ? run(&g, threads, claim, ahead, a->searching,
                                        &a->oo, isatty(STDERR_FILENO))
                                  : 0;
  int timed_out = atomic_load(&g.timed_out);
  nonet_gen_options_free(g.opt);
  nonet_variant_gen_free(g.vopt);
  if (g.unproven)
    fprintf(stderr,
            "%s: %ld puzzle%s unique but kept givens whose need the search "
            "did not prove within its budget: maybe not minimal "
            "(--prove-minimal proves them, slower)\n",
            a->prog, g.unproven, g.unproven > 1 ? "s are" : " is");
  if (made < 0) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  if (cli_output_failed()) return CLI_FAILED; /* reported at exit */
  if (atomic_load(&g.nogrid)) { /* as the check says it (settle()) */
    char desc[200];
    nonet_variant_gen_describe(a->vopt, 0, desc, sizeof desc);
    fprintf(stderr,
            "%s: no %s: no grid keeps these rules (proved while "
            "generating, after %.1f s)\n",
            a->prog, desc, cli_now() - a->started);
    return CLI_USAGE;
  }
  if (a->jobs ? !timed_out : made >= a->count) return CLI_OK;
  shortfall(opt, a, made, timed_out);
  return CLI_FAILED;
}

int cmd_generate(int argc, char **argv) {
  gen_args a;
  memset(&a, 0, sizeof a);
  a.prog = "nonet generate";
  a.count = 1;
  a.level = -1;
  a.oo.format = NONET_FORMAT_LINE;
  nonet_gen_options *opt = nonet_gen_options_new();
  a.vopt = nonet_variant_gen_new();
  /* (each option takes an argument of its own: argc is room enough) */
  a.clue_opt = malloc((size_t)(argc + 1) * sizeof *a.clue_opt);
  int status = CLI_FAILED;
  if (!opt || !a.vopt || !a.clue_opt) {
    fputs("nonet: out of memory\n", stderr);
  } else {
    status = read_args(argc, argv, opt, &a);
    if (status < 0) status = settle(opt, &a);
    if (status < 0) status = generate(opt, &a);
  }
  nonet_gen_options_free(opt);
  nonet_variant_gen_free(a.vopt);
  free(a.clue_opt);
  return status;
}
