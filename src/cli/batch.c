/* batch.c: reading puzzles from files or stdin, processing them on
 * several threads in chunks, and writing results in input order. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK 4096

void cli_item_error(cli_item *it, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  cli_buf_printf(&it->err, "%s:%lu: %s\n", it->source, it->rec.line, tmp);
}

long cli_parse_long(const char *prog, const char *opt, const char *value,
                    long min, long max) {
  char *end;
  errno = 0;
  long v = strtol(value, &end, 10);
  if (errno || end == value || *end || v < min || v > max) {
    fprintf(stderr, "%s: %s needs a whole number from %ld to %ld, not '%s'\n",
            prog, opt, min, max, value);
    return -1;
  }
  return v;
}

int cli_cpu_count(void) {
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n < 1 ? 1 : n > 256 ? 256 : (int)n;
}

typedef struct pool {
  pthread_t *threads;
  int nthreads;
  pthread_mutex_t mu;
  pthread_cond_t wake, idle;
  unsigned long generation;
  int busy, quit;
  cli_item *items;
  int count;
  atomic_int next;
  cli_process_fn fn;
  void *ctx;
  int quiet;
  const char *invalid; /* the output line of a malformed record */
} pool;

static void work(pool *p) {
  for (;;) {
    int i = atomic_fetch_add(&p->next, 1);
    if (i >= p->count) return;
    cli_item *it = &p->items[i];
    if (it->rec.status != NONET_OK) {
      cli_item_error(it, "%s", it->rec.message);
      it->failed = 1;
      if (p->quiet)
        p->fn(it, p->ctx); /* told, so that it can count it */
      else
        cli_buf_puts(&it->out, p->invalid ? p->invalid : "invalid\n");
    } else {
      p->fn(it, p->ctx);
    }
  }
}

static void *worker(void *arg) {
  pool *p = arg;
  unsigned long seen = 0;
  pthread_mutex_lock(&p->mu);
  for (;;) {
    while (p->generation == seen && !p->quit) pthread_cond_wait(&p->wake, &p->mu);
    if (p->quit) break;
    seen = p->generation;
    pthread_mutex_unlock(&p->mu);
    work(p);
    pthread_mutex_lock(&p->mu);
    if (--p->busy == 0) pthread_cond_signal(&p->idle);
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

/* Processes items[0..count) on all threads, the caller's included. */
static void run_chunk(pool *p, int count) {
  p->count = count;
  atomic_store(&p->next, 0);
  if (p->nthreads > 0 && count > 1) {
    pthread_mutex_lock(&p->mu);
    p->busy = p->nthreads;
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    work(p);
    pthread_mutex_lock(&p->mu);
    while (p->busy) pthread_cond_wait(&p->idle, &p->mu);
    pthread_mutex_unlock(&p->mu);
  } else {
    work(p);
  }
}

static int flush_chunk(pool *p, int count) {
  int failed = 0;
  run_chunk(p, count);
  for (int i = 0; i < count; i++) {
    cli_item *it = &p->items[i];
    if (it->out.len) fwrite(it->out.data, 1, it->out.len, stdout);
    if (it->err.len) {
      fflush(stdout);
      fwrite(it->err.data, 1, it->err.len, stderr);
    }
    failed |= it->failed;
    it->out.len = it->err.len = 0;
    it->failed = 0;
  }
  fflush(stdout);
  return failed;
}

static int run_batch(const cli_batch *b, int quiet, const char *invalid) {
  pool p;
  memset(&p, 0, sizeof p);
  p.quiet = quiet;
  p.invalid = invalid;
  p.fn = b->process;
  p.ctx = b->ctx;
  p.items = calloc(CHUNK, sizeof *p.items);
  if (!p.items) {
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  int nthreads = b->threads > 0 ? b->threads : cli_cpu_count();
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.wake, NULL);
  pthread_cond_init(&p.idle, NULL);
  p.threads = calloc((size_t)nthreads, sizeof *p.threads);
  for (int t = 0; t + 1 < nthreads; t++)
    if (pthread_create(&p.threads[p.nthreads], NULL, worker, &p) == 0) p.nthreads++;

  static char *stdin_only[] = {"-"};
  char **inputs = b->ninputs ? b->inputs : stdin_only;
  int ninputs = b->ninputs ? b->ninputs : 1;
  int failed = 0, n = 0;
  for (int k = 0; k < ninputs; k++) {
    const char *name = inputs[k];
    FILE *f = NULL;
    nonet_reader *r = NULL;
    const char *source = name;
    char argname[32];
    if (strcmp(name, "-") == 0) {
      f = stdin;
      source = "<stdin>";
    } else if (!(f = fopen(name, "rb"))) {
      int e = errno;
      if (e == ENOENT && strlen(name) >= 81) {
        /* not a file: a puzzle given on the command line */
        snprintf(argname, sizeof argname, "argument %d", k + 1);
        r = nonet_reader_new_memory(name, strlen(name));
        source = NULL;
      } else {
        fprintf(stderr, "nonet: cannot read '%s': %s\n", name, strerror(e));
        failed = 1;
        continue;
      }
    }
    if (!r) r = nonet_reader_new_file(f);
    if (!r) {
      fputs("nonet: out of memory\n", stderr);
      failed = 1;
      if (f && f != stdin) fclose(f);
      break;
    }
    int interactive = f && isatty(fileno(f));
    char *srcname = strdup(source ? source : argname);
    for (;;) {
      cli_item *it = &p.items[n];
      int got = nonet_reader_next(r, &it->rec);
      if (got < 0) {
        fprintf(stderr, "nonet: error reading '%s'\n", srcname);
        failed = 1;
        break;
      }
      if (got == 0) break;
      it->source = srcname;
      if (++n == CHUNK || interactive) {
        failed |= flush_chunk(&p, n);
        n = 0;
      }
    }
    if (n) failed |= flush_chunk(&p, n); /* before srcname goes */
    n = 0;
    free(srcname);
    nonet_reader_free(r);
    if (f && f != stdin) fclose(f);
  }

  pthread_mutex_lock(&p.mu);
  p.quit = 1;
  pthread_cond_broadcast(&p.wake);
  pthread_mutex_unlock(&p.mu);
  for (int t = 0; t < p.nthreads; t++) pthread_join(p.threads[t], NULL);
  for (int i = 0; i < CHUNK; i++) {
    cli_buf_free(&p.items[i].out);
    cli_buf_free(&p.items[i].err);
  }
  free(p.items);
  free(p.threads);
  pthread_mutex_destroy(&p.mu);
  pthread_cond_destroy(&p.wake);
  pthread_cond_destroy(&p.idle);
  return failed ? CLI_FAILED : CLI_OK;
}

int cli_run_batch(const cli_batch *b) { return run_batch(b, 0, NULL); }

int cli_run_batch_quiet(const cli_batch *b) { return run_batch(b, 1, NULL); }

int cli_run_batch_invalid(const cli_batch *b, const char *invalid) {
  return run_batch(b, 0, invalid);
}
