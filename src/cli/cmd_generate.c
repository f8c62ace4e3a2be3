/* cmd_generate.c: nonet generate. The library splits generation into
 * numbered jobs whose puzzles depend only on (seed, job); this file runs
 * blocks of jobs on worker threads and prints their puzzles in job
 * order, so the output is the same whatever --threads is. */
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"

#define DEFAULT_SEARCH_TIMEOUT 120.0
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
    "                       with clue bounds, a pattern or a rating band);\n"
    "                       0: no limit\n"
    "  -t, --threads N      worker threads (default: all processors)\n"
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
    "  -h, --help           show this help\n"
    "\n"
    "A progress line (count, rate, ETA) goes to standard error when it is a\n"
    "terminal and the run takes more than a second.\n"
    "\n"
    "exit status: 0 all puzzles generated, 1 fewer found before the timeout,\n"
    "2 usage error\n";

/* ---- the puzzles of one block of jobs ------------------------------------ */

typedef struct block {
  int state; /* 0 free, 1 running, 2 done */
  uint64_t first_job;
  nonet_gen_puzzle *p;
  size_t n, cap;
  int cut; /* stopped before its jobs were complete */
} block;

typedef struct shared {
  const nonet_gen_options *opt;
  int searching; /* clue bounds or a pattern */
  long want;
  int jobs_per_block;
  int window; /* blocks in flight at most */
  block *blocks;
  pthread_mutex_t mu;
  pthread_cond_t changed;
  uint64_t next_block;  /* next block to hand out */
  uint64_t print_block; /* next block to print */
  atomic_int stop;      /* enough printed, or timed out */
  double deadline;      /* 0: none */
  atomic_int timed_out;
  atomic_ullong moves, jobs_done;
} shared;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

typedef struct worker_ctx {
  shared *sh;
  block *b;
} worker_ctx;

static int stop_hook(void *arg) {
  worker_ctx *w = arg;
  shared *sh = w->sh;
  if (atomic_load(&sh->stop)) return 1;
  if (sh->deadline > 0 && now() >= sh->deadline) {
    atomic_store(&sh->timed_out, 1);
    return 1;
  }
  return 0;
}

static int collect(const nonet_gen_puzzle *p, void *arg) {
  worker_ctx *w = arg;
  block *b = w->b;
  if (b->n == b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 4;
    nonet_gen_puzzle *q = realloc(b->p, cap * sizeof *q);
    if (!q) {
      fputs("nonet: out of memory\n", stderr);
      exit(CLI_FAILED);
    }
    b->p = q;
    b->cap = cap;
  }
  b->p[b->n++] = *p;
  /* a single job never needs to give more than the whole count */
  return b->n >= (size_t)w->sh->want;
}

static void *worker(void *arg) {
  shared *sh = arg;
  worker_ctx w = {sh, NULL};
  nonet_gen_options *opt = nonet_gen_options_copy(sh->opt);
  if (!opt) {
    fputs("nonet: out of memory\n", stderr);
    exit(CLI_FAILED);
  }
  nonet_gen_set_stop(opt, stop_hook, &w);
  pthread_mutex_lock(&sh->mu);
  for (;;) {
    while (!atomic_load(&sh->stop) &&
           sh->next_block >= sh->print_block + (uint64_t)sh->window)
      pthread_cond_wait(&sh->changed, &sh->mu);
    if (atomic_load(&sh->stop)) break;
    uint64_t k = sh->next_block++;
    block *b = &sh->blocks[k % (uint64_t)sh->window];
    b->state = 1;
    b->first_job = k * (uint64_t)sh->jobs_per_block;
    b->n = 0;
    b->cut = 0;
    pthread_mutex_unlock(&sh->mu);
    w.b = b;
    for (int j = 0; j < sh->jobs_per_block; j++) {
      if (stop_hook(&w)) {
        b->cut = 1;
        break;
      }
      nonet_gen_stats st;
      memset(&st, 0, sizeof st);
      if (nonet_generate_job(opt, b->first_job + (uint64_t)j, collect, &w,
                             &st) < 0) {
        fputs("nonet: out of memory\n", stderr);
        exit(CLI_FAILED);
      }
      atomic_fetch_add(&sh->moves, st.pool_moves);
      atomic_fetch_add(&sh->jobs_done, 1);
      if (st.stopped) {
        /* stopped by the hook (not by a full block): the block is cut */
        if (b->n < (size_t)sh->want) b->cut = 1;
        break;
      }
    }
    pthread_mutex_lock(&sh->mu);
    b->state = 2;
    pthread_cond_broadcast(&sh->changed);
  }
  pthread_mutex_unlock(&sh->mu);
  nonet_gen_options_free(opt);
  return NULL;
}

/* ---- output -------------------------------------------------------------- */

typedef struct out_opts {
  int format, solution;
} out_opts;

static void print_puzzle(const out_opts *o, const nonet_gen_puzzle *p) {
  char a[512], b[512];
  nonet_format_grid(p->puzzle, o->format, 0, a, sizeof a);
  if (!o->solution) {
    cli_printf(o->format == NONET_FORMAT_GRID ? "%s\n\n" : "%s\n", a);
    return;
  }
  nonet_format_grid(p->solution, o->format, 0, b, sizeof b);
  switch (o->format) {
  case NONET_FORMAT_GRID:
    cli_printf("%s\n\n%s\n\n", a, b);
    break;
  case NONET_FORMAT_JSON:
    cli_printf("{\"puzzle\":%s,\"solution\":%s}\n", a, b);
    break;
  case NONET_FORMAT_CSV:
    /* the two-column shape of the "quizzes,solutions" data sets: 81
     * digits each, 0 for empty; it reads back as the puzzle */
    nonet_format_grid(p->puzzle, NONET_FORMAT_LINE, NONET_FMT_ZERO, a,
                      sizeof a);
    nonet_format_grid(p->solution, NONET_FORMAT_LINE, 0, b, sizeof b);
    cli_printf("%s,%s\n", a, b);
    break;
  default:
    cli_printf("%s\t%s\n", a, b);
    break;
  }
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

/* Runs the generation; returns the number of puzzles printed. */
static long run(shared *sh, int threads, const out_opts *oo, int show) {
  pthread_t *t = calloc((size_t)threads, sizeof *t);
  int started = 0;
  for (int k = 0; k < threads; k++)
    if (pthread_create(&t[started], NULL, worker, sh) == 0) started++;
  if (!started) {
    fputs("nonet generate: cannot start a thread\n", stderr);
    free(t);
    return 0;
  }
  long printed = 0;
  double t0 = now(), last = t0;
  int shown = 0;
  int searching = sh->searching;
  pthread_mutex_lock(&sh->mu);
  while (printed < sh->want) {
    block *b = &sh->blocks[sh->print_block % (uint64_t)sh->window];
    if (b->state == 2 && sh->print_block < sh->next_block) {
      pthread_mutex_unlock(&sh->mu);
      for (size_t k = 0; k < b->n && printed < sh->want; k++, printed++)
        print_puzzle(oo, &b->p[k]);
      int cut = b->cut;
      pthread_mutex_lock(&sh->mu);
      b->state = 0;
      sh->print_block++;
      pthread_cond_broadcast(&sh->changed);
      if (cut) break; /* the rest of this block was never made */
      if (cli_output_failed()) break; /* nowhere to write: stop */
      continue;
    }
    /* wait for the next block, waking up for the clock */
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    ts.tv_nsec += 200 * 1000 * 1000;
    if (ts.tv_nsec >= 1000000000L) {
      ts.tv_sec++;
      ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&sh->changed, &sh->mu, &ts);
    double tn = now();
    if (sh->deadline > 0 && tn >= sh->deadline) {
      atomic_store(&sh->timed_out, 1);
      if (b->state != 2) break;
    }
    if (show && tn - t0 >= 1.0 && tn - last >= 0.5) {
      last = tn;
      shown = 1;
      cli_flush();
      progress(printed, sh->want, tn - t0, searching, atomic_load(&sh->moves));
    }
  }
  atomic_store(&sh->stop, 1);
  pthread_cond_broadcast(&sh->changed);
  pthread_mutex_unlock(&sh->mu);
  for (int k = 0; k < started; k++) pthread_join(t[k], NULL);
  free(t);
  fflush(stdout);
  if (shown) fputs("\r\033[K", stderr);
  return printed;
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
  OPT_FILTER
};

static int generate(const nonet_gen_options *opt, long count, int threads,
                    int searching, const out_opts *oo, const char *pattern_path,
                    const char *prog);

int cmd_generate(int argc, char **argv) {
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
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  const char *prog = "nonet generate";
  nonet_gen_options *opt = nonet_gen_options_new();
  if (!opt) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  out_opts oo = {NONET_FORMAT_LINE, 0};
  long count = 1;
  int threads = 0, c, searching = 0, status = CLI_USAGE;
  char err[200];
  uint8_t pattern[81];
  const char *pattern_path = NULL;
  optind = 1;
  while ((c = getopt_long(argc, argv, "n:s:f:t:h", longs, NULL)) != -1) {
    const char *name = NULL; /* an option of the library, by name */
    switch (c) {
    case 'n':
      if ((count = cli_parse_long(prog, "--count", optarg, 1, 1000000000L)) < 0)
        goto out;
      break;
    case 's':
      name = "seed";
      break;
    case OPT_SYMMETRY:
    case OPT_CLUES:
    case OPT_MIN_CLUES:
    case OPT_MAX_CLUES:
    case OPT_PER_GRID:
    case OPT_MINIMAL:
    case OPT_NO_MINIMAL:
    case OPT_TIMEOUT:
    case OPT_LEVEL:
    case OPT_RATING:
    case OPT_FILTER:
      for (int k = 0; longs[k].name && !name; k++)
        if (longs[k].val == c) name = longs[k].name;
      searching |= c == OPT_CLUES || c == OPT_MIN_CLUES || c == OPT_MAX_CLUES;
      break;
    case OPT_PATTERN:
      pattern_path = optarg;
      break;
    case 'f':
      oo.format = nonet_format_from_name(optarg);
      if (oo.format <= 0) {
        fprintf(stderr, "%s: unknown format '%s' (line, grid, json, csv)\n",
                prog, optarg);
        goto out;
      }
      break;
    case OPT_SOLUTION:
      oo.solution = 1;
      break;
    case 't':
      if ((threads = (int)cli_parse_long(prog, "--threads", optarg, 0, 256)) <
          0)
        goto out;
      break;
    case 'h':
      cli_puts(usage);
      status = CLI_OK;
      goto out;
    default:
      status = bad_usage(prog);
      goto out;
    }
    if (name && nonet_gen_options_parse(opt, name, optarg, err, sizeof err) !=
                    NONET_OK) {
      fprintf(stderr, "%s: %s\n", prog, err);
      goto out;
    }
  }
  if (optind < argc) {
    fprintf(stderr, "%s: unexpected argument '%s'\n", prog, argv[optind]);
    status = bad_usage(prog);
    goto out;
  }
  if (pattern_path) {
    if (read_pattern(prog, pattern_path, pattern) < 0) goto out;
    nonet_gen_set_pattern(opt, pattern);
    searching = 1;
  }
  if (nonet_gen_check(opt, err, sizeof err) != NONET_OK) {
    fprintf(stderr, "%s: %s\n", prog, err);
    goto out;
  }
  if (!nonet_gen_has_timeout(opt) && nonet_gen_is_search(opt))
    nonet_gen_set_timeout(opt, DEFAULT_SEARCH_TIMEOUT);
  if (!nonet_gen_has_seed(opt)) {
    uint64_t seed = fresh_seed();
    nonet_gen_set_seed(opt, seed);
    fprintf(stderr, "%s: seed %llu (repeat with --seed %llu)\n", prog,
            (unsigned long long)seed, (unsigned long long)seed);
  }
  status = generate(opt, count, threads, searching, &oo, pattern_path, prog);
out:
  nonet_gen_options_free(opt);
  return status;
}

/* Runs the generation the options ask for and reports a shortfall. */
static int generate(const nonet_gen_options *opt, long count, int threads,
                    int searching, const out_opts *oo, const char *pattern_path,
                    const char *prog) {
  double timeout = nonet_gen_get_timeout(opt);
  if (threads <= 0) threads = cli_cpu_count();

  shared sh;
  memset(&sh, 0, sizeof sh);
  sh.opt = opt;
  sh.want = count;
  /* plain jobs are short: hand them out in blocks */
  sh.searching = searching;
  sh.jobs_per_block = searching ? 1 : nonet_gen_is_search(opt) ? 4 : 32;
  sh.window = 4 * threads + 4;
  sh.blocks = calloc((size_t)sh.window, sizeof *sh.blocks);
  if (!sh.blocks) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  pthread_mutex_init(&sh.mu, NULL);
  pthread_cond_init(&sh.changed, NULL);
  atomic_init(&sh.stop, 0);
  atomic_init(&sh.timed_out, 0);
  atomic_init(&sh.moves, 0);
  atomic_init(&sh.jobs_done, 0);
  double t0 = now();
  if (timeout > 0) sh.deadline = t0 + timeout;

  long made = run(&sh, threads, oo, isatty(STDERR_FILENO));

  for (int k = 0; k < sh.window; k++) free(sh.blocks[k].p);
  free(sh.blocks);
  pthread_mutex_destroy(&sh.mu);
  pthread_cond_destroy(&sh.changed);
  if (made >= count) return CLI_OK;
  if (cli_output_failed()) return CLI_FAILED; /* reported at exit */
  char desc[200], named[400];
  const char *what = desc;
  nonet_gen_describe(opt, count > 1, desc, sizeof desc);
  const char *at = pattern_path ? strstr(desc, "the pattern") : NULL;
  if (at) { /* name the pattern's file */
    snprintf(named, sizeof named, "%.*s'%s'%s", (int)(at - desc), desc,
             pattern_path, at + strlen("the pattern"));
    what = named;
  }
  if (made == 0)
    fprintf(stderr, "%s: no %s found within %g s (--timeout %g)\n", prog, what,
            timeout, timeout);
  else
    fprintf(stderr, "%s: only %ld of %ld %s found within %g s (--timeout %g)\n",
            prog, made, count, what, timeout, timeout);
  return CLI_FAILED;
}
