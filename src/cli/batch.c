/* batch.c: reading puzzles from files or stdin, processing them on
 * several threads in chunks, and writing results in input order. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

#define CHUNK 4096
/* Items a thread takes at a time: few trips to the shared counter, and
 * neighbouring items (sharing cache lines) stay with one thread. */
#define BLOCK 64

void cli_item_error_text(cli_item *it, const char *text) {
  char num[24];
  int k = (int)sizeof num;
  unsigned long line = it->rec.line;
  num[--k] = 0;
  do num[--k] = (char)('0' + line % 10);
  while ((line /= 10) > 0);
  cli_buf_puts(&it->err, it->source);
  cli_buf_puts(&it->err, ":");
  cli_buf_puts(&it->err, num + k);
  cli_buf_puts(&it->err, ": ");
  cli_buf_puts(&it->err, text);
  cli_buf_puts(&it->err, "\n");
}

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

/* The pool: nthreads helper threads and the calling thread work on one
 * chunk of items at a time, in two buffers used in turn. The caller
 * starts a chunk, then reads the next one (parsing is sequential) and
 * writes the previous one while the helpers solve; then it helps to
 * finish the chunk and waits until every item is done.
 *
 * Items are claimed BLOCK at a time from one atomic word that holds the
 * buffer, the chunk's size and the next index, so a helper that wakes
 * late (or is preempted between claims) never mixes one chunk's index
 * with another's size. The caller waits for the items to be done, not
 * for the helpers to come by: on a busy machine a helper that did not
 * get a core in time does not hold the batch up. */
_Static_assert(CHUNK < 65536,
               "a chunk's size fits in 16 bits of the claim word");
#define CLAIM(buf, count) ((uint64_t)(buf) << 63 | (uint64_t)(count) << 32)

typedef struct pool {
  pthread_t *threads;
  int nthreads;
  pthread_mutex_t mu;
  pthread_cond_t wake, idle;
  unsigned long generation;
  int quit, waiting;
  cli_item *buf[2]; /* the chunks, used in turn */
  cli_process_fn fn;
  void *ctx;
  int quiet;
  const char *invalid; /* the output line of a malformed record */
  /* buffer (bit 63), size (bits 32-47), next index (bits 0-31) */
  _Alignas(64) _Atomic uint64_t claim;
  _Alignas(64) atomic_int done; /* items of the chunk processed */
  char pad[64 - sizeof(atomic_int)];
} pool;

static void work(pool *p) {
  for (;;) {
    uint64_t c = atomic_fetch_add(&p->claim, BLOCK);
    int first = (int)(c & 0xffffffffu), count = (int)(c >> 32 & 0xffff);
    if (first >= count) return;
    cli_item *items = p->buf[c >> 63];
    int end = first + BLOCK < count ? first + BLOCK : count;
    for (int i = first; i < end; i++) {
      cli_item *it = &items[i];
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
    if (atomic_fetch_add(&p->done, end - first) + (end - first) == count) {
      pthread_mutex_lock(&p->mu); /* the last items: tell the caller */
      if (p->waiting) pthread_cond_signal(&p->idle);
      pthread_mutex_unlock(&p->mu);
    }
  }
}

static void *worker(void *arg) {
  pool *p = arg;
  unsigned long seen = 0;
  pthread_mutex_lock(&p->mu);
  for (;;) {
    while (p->generation == seen && !p->quit)
      pthread_cond_wait(&p->wake, &p->mu);
    if (p->quit) break;
    seen = p->generation;
    pthread_mutex_unlock(&p->mu);
    work(p);
    pthread_mutex_lock(&p->mu);
  }
  pthread_mutex_unlock(&p->mu);
  return NULL;
}

/* Hands the count items of buffer b to the helpers; returns at once. */
static void chunk_start(pool *p, int b, int count) {
  atomic_store(&p->done, 0);
  atomic_store(&p->claim, CLAIM(b, count));
  if (p->nthreads > 0 && count > 1) {
    pthread_mutex_lock(&p->mu);
    p->generation++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
  }
}

/* Works on the started chunk with the helpers until all of it is done. */
static void chunk_finish(pool *p, int count) {
  work(p);
  if (atomic_load(&p->done) == count) return;
  pthread_mutex_lock(&p->mu);
  p->waiting = 1;
  while (atomic_load(&p->done) < count) pthread_cond_wait(&p->idle, &p->mu);
  p->waiting = 0;
  pthread_mutex_unlock(&p->mu);
}

/* Writes a processed chunk in order and empties it: its standard output,
 * then its messages in one write (each stream stays in input order; one
 * write a chunk rather than one a record). Returns 1 when a record
 * failed. */
static int chunk_write(cli_item *items, int count, cli_buf *msgs) {
  int failed = 0;
  msgs->len = 0;
  for (int i = 0; i < count; i++) {
    cli_item *it = &items[i];
    if (it->out.len) cli_write(it->out.data, it->out.len);
    if (it->err.len) cli_buf_put(msgs, it->err.data, it->err.len);
    failed |= it->failed;
    it->out.len = it->err.len = 0;
    it->failed = 0;
  }
  cli_flush();
  if (msgs->len) fwrite(msgs->data, 1, msgs->len, stderr);
  return failed;
}

/* Reads up to max records into items; returns how many, or -1 on a read
 * error (after the records read before it). */
static int chunk_read(nonet_reader *r, cli_item *items, int max,
                      const char *source, int *read_error) {
  int n = 0;
  while (n < max) {
    int got = nonet_reader_next(r, &items[n].rec);
    if (got < 0) {
      *read_error = 1;
      break;
    }
    if (got == 0) break;
    items[n++].source = source;
  }
  return n;
}

static int is_directory(FILE *f) {
  struct stat st;
  return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
}

/* Makes room for n items in chunk b (new items zeroed); -1 when out of
 * memory. Only the chunk being read is grown: no helper looks at it. */
static int grow(cli_item **buf, int *cap, int b, int n) {
  if (n <= cap[b]) return 0;
  cli_item *m = realloc(buf[b], (size_t)n * sizeof *m);
  if (!m) return -1;
  memset(m + cap[b], 0, (size_t)(n - cap[b]) * sizeof *m);
  buf[b] = m;
  cap[b] = n;
  return 0;
}

static int run_batch(const cli_batch *b, int quiet, const char *invalid) {
  pool p;
  memset(&p, 0, sizeof p);
  p.quiet = quiet;
  p.invalid = invalid;
  p.fn = b->process;
  p.ctx = b->ctx;
  atomic_init(&p.claim, 0);
  atomic_init(&p.done, 0);
  cli_item **buf = p.buf;
  /* the two chunks grow with the input (16, 32, ... CHUNK items), so a
   * single puzzle touches little memory: start-up stays short */
  int cap[2] = {0, 0};
  cli_buf msgs = {NULL, 0, 0}; /* a chunk's messages */
  int nthreads = b->threads > 0 ? b->threads : cli_cpu_count();
  pthread_mutex_init(&p.mu, NULL);
  pthread_cond_init(&p.wake, NULL);
  pthread_cond_init(&p.idle, NULL);
  p.threads = calloc((size_t)nthreads, sizeof *p.threads);
  for (int t = 0; p.threads && t + 1 < nthreads; t++)
    if (pthread_create(&p.threads[p.nthreads], NULL, worker, &p) == 0)
      p.nthreads++;

  static char *stdin_only[] = {"-"};
  char **inputs = b->ninputs ? b->inputs : stdin_only;
  int ninputs = b->ninputs ? b->ninputs : 1;
  int failed = 0;
  for (int k = 0; k < ninputs && !cli_output_failed(); k++) {
    const char *name = inputs[k];
    FILE *f = NULL;
    nonet_reader *r = NULL;
    const char *source = name;
    char argname[32];
    if (strcmp(name, "-") == 0) {
      f = stdin;
      source = "<stdin>";
    } else if ((f = fopen(name, "rb")) && is_directory(f)) {
      fprintf(stderr, "nonet: '%s' is a directory\n", name);
      fclose(f);
      failed = 1;
      continue;
    } else if (!f) {
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
    /* interactive input: answer each record as it comes */
    int max = f && isatty(fileno(f)) ? 1 : CHUNK;
    char *srcname = strdup(source ? source : argname);
    int cur = 0, inflight = 0, read_error = 0;
    /* Chunk k is solved (buf[cur]) while chunk k-1 is written and chunk
     * k+1 read (buf[cur ^ 1]); chunks never span files. */
    int want = max < 16 ? max : 16;
    int n = grow(buf, cap, cur, want) < 0
                ? -1
                : chunk_read(r, buf[cur], want, srcname, &read_error);
    if (n < 0) {
      fputs("nonet: out of memory\n", stderr);
      failed = 1;
    }
    while (n > 0) {
      if (cli_output_failed()) { /* nowhere to write: stop */
        failed = 1;
        break;
      }
      chunk_start(&p, cur, n);
      if (inflight) failed |= chunk_write(buf[cur ^ 1], inflight, &msgs);
      if (n == want && want < max) want *= 2;
      int next = read_error ? 0
                 : grow(buf, cap, cur ^ 1, want) < 0
                     ? -1
                     : chunk_read(r, buf[cur ^ 1], want, srcname, &read_error);
      if (next < 0) {
        fputs("nonet: out of memory\n", stderr);
        failed = 1;
        next = 0;
      }
      chunk_finish(&p, n);
      inflight = n;
      n = next;
      cur ^= 1;
    }
    if (inflight) failed |= chunk_write(buf[cur ^ 1], inflight, &msgs);
    if (read_error) {
      fprintf(stderr, "nonet: error reading '%s'\n", srcname);
      failed = 1;
    }
    free(srcname);
    nonet_reader_free(r);
    if (f && f != stdin) fclose(f);
  }

  pthread_mutex_lock(&p.mu);
  p.quit = 1;
  pthread_cond_broadcast(&p.wake);
  pthread_mutex_unlock(&p.mu);
  for (int t = 0; t < p.nthreads; t++) pthread_join(p.threads[t], NULL);
  for (int k = 0; k < 2; k++) {
    for (int i = 0; i < cap[k]; i++) {
      cli_buf_free(&buf[k][i].out);
      cli_buf_free(&buf[k][i].err);
    }
    free(buf[k]);
  }
  cli_buf_free(&msgs);
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
