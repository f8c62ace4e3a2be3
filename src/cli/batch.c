/* batch.c: the batch commands' loop: records read from files, arguments or
 * stdin into the pool (pool.c), processed on every thread, their results
 * written in input order. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

/* Items a thread takes at a time: few trips to the shared counter, and
 * neighbouring items (sharing cache lines) stay with one thread. */
#define BLOCK 64
/* Records in memory at most (read ahead of the slowest one unprinted):
 * eight blocks a thread, from 1,024 to 65,536, a power of two (a slot by
 * mask). Not more: every slot touched is memory the kernel must hand over
 * (solve, one thread, 40,000 records: 7.7 ms of system time with 8,192
 * slots, 2.1 ms with 1,024). One thread has no helper to keep busy: two
 * blocks (one read while the other is solved and written), whose slots
 * stay in the cache; 1,024 slots of 0.8 KB each (and their output
 * buffers) went round the L2 cache, 125 ns a record (count, serg x4). */
#define WINDOW_ONE (2 * BLOCK)
#define WINDOW_MIN 1024
#define WINDOW_MAX 65536
/* Messages and results buffered before they are written (one write, not
 * one a record: a count's fwrite cost more than its copy here). */
#define MSGS_MAX 65536
#define OUT_MAX 65536

void cli_item_error_text(cli_item *it, const char *text) {
  char num[24];
  int k = (int)sizeof num;
  unsigned long line = it->rec.line;
  do num[--k] = (char)('0' + line % 10);
  while ((line /= 10) > 0);
  /* one append: solve writes this once a puzzle ('multiple solutions') */
  size_t ls = strlen(it->source), ln = sizeof num - (size_t)k;
  size_t lt = strlen(text);
  char *p = cli_buf_extend(&it->err, ls + ln + lt + 4);
  memcpy(p, it->source, ls);
  p[ls] = ':';
  memcpy(p + ls + 1, num + k, ln);
  memcpy(p + ls + 1 + ln, ": ", 2);
  memcpy(p + ls + 3 + ln, text, lt);
  p[ls + 3 + ln + lt] = '\n';
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

typedef struct batch {
  const cli_batch *b;
  int quiet;
  const char *invalid; /* the output line of a malformed record */
  cli_pool *pool;
  uint64_t window;      /* slots in the pool */
  uint64_t read, taken; /* items read; items written */
  uint64_t records;     /* records read, in every shard */
  uint64_t touched;     /* slots ever used (their buffers to free) */
  cli_buf outb;         /* standard output of the items written */
  cli_buf msgs;         /* standard error of the items written */
  int failed;
  nonet_variant_record *vrec; /* the reader's record of variants */
} batch;

static void free_var(cli_item *it) {
  if (!it->var) return;
  nonet_variant_free(it->var->variant);
  free(it->var);
  it->var = NULL;
}

/* Reads a record; a variant's rules and cells move to it->var. */
static int next_record(batch *r, nonet_reader *rd, cli_item *it) {
  free_var(it);
  int got =
      r->b->variants
          ? nonet_reader_next_variant_text(rd, &it->rec, r->vrec, it->text,
                                           sizeof it->text, &it->text_len)
          : nonet_reader_next_text(rd, &it->rec, it->text, sizeof it->text,
                                   &it->text_len);
  it->raw = got == 2; /* parsed by the thread that processes it */
  if (got == 1 && r->b->variants && r->vrec->variant) {
    it->var = malloc(sizeof *it->var);
    if (!it->var) {
      nonet_variant_free(r->vrec->variant);
      return NONET_ENOMEM;
    }
    *it->var = *r->vrec;
    r->vrec->variant = NULL;
  }
  return got;
}

static void process(void *ctx, uint64_t item, void *slot) {
  batch *r = ctx;
  cli_item *it = slot;
  (void)item;
  if (it->raw) { /* parsed here, not on the reading thread */
    nonet_record_parse_line(it->text, it->text_len, &it->rec);
    it->raw = 0;
  }
  if (it->rec.status != NONET_OK) {
    cli_item_error(it, "%s", it->rec.message);
    it->failed = 1;
    if (r->quiet)
      r->b->process(it, r->b->ctx); /* told, so that it can count it */
    else
      cli_buf_puts(&it->out, r->invalid ? r->invalid : "invalid\n");
  } else {
    r->b->process(it, r->b->ctx);
  }
}

/* Hands the results held in outb to standard output. */
static void flush_out(batch *r) {
  if (r->outb.len) cli_write_block(r->outb.data, r->outb.len);
  r->outb.len = 0;
}

/* Writes what stdout and stderr hold of the items written so far, stdout
 * first, in one write each. */
static void flush_msgs(batch *r) {
  flush_out(r);
  cli_flush();
  if (r->msgs.len) fwrite(r->msgs.data, 1, r->msgs.len, stderr);
  r->msgs.len = 0;
}

/* Writes the items that are done, in order, at most `max` of them; with
 * `wait`, first waits for (and helps with) the next one. */
static void drain_some(batch *r, int wait, uint64_t max) {
  for (uint64_t n = 0; r->taken < r->read && n < max; n++) {
    if (!cli_pool_done(r->pool, r->taken)) {
      if (!wait) return;
      /* help; a wait longer than 50 ms shows what is ready first (not
       * before every wait: that was a write a block) */
      if (!cli_pool_wait(r->pool, r->taken, 1, 0.05)) {
        flush_msgs(r);
        cli_pool_wait(r->pool, r->taken, 0, 0);
      }
      wait = 0;
    }
    cli_item *it = cli_pool_slot(r->pool, r->taken);
    if (it->out.len) {
      if (cli_sharding.tag)
        cli_write_tagged(it->index, it->out.data, it->out.len);
      else {
        cli_buf_put(&r->outb, it->out.data, it->out.len);
        if (r->outb.len >= OUT_MAX) flush_out(r);
      }
    }
    if (it->err.len) cli_buf_put(&r->msgs, it->err.data, it->err.len);
    r->failed |= it->failed;
    free_var(it);
    it->out.len = it->err.len = 0;
    it->failed = 0;
    cli_pool_release(r->pool, r->taken);
    r->taken++;
    if (r->msgs.len > MSGS_MAX) flush_msgs(r);
  }
}

static void drain(batch *r, int wait) { drain_some(r, wait, UINT64_MAX); }

/* Input is read with read(2), not fread: fread on a pipe waits until all
 * it asked for (64 KiB) has come, so a program that writes a puzzle and
 * waits for its answer (a coprocess, a slow producer) would wait forever.
 * Before a read that would wait (poll: nothing to read now), the records
 * read so far are finished and written out, diagnostics too. A regular
 * file never waits: no poll. */
typedef struct input {
  int fd;
  int may_wait; /* a pipe, a terminal, a socket */
  batch *r;
} input;

static long input_read(void *ctx, char *buf, size_t cap) {
  input *in = ctx;
  if (in->may_wait) {
    struct pollfd p = {in->fd, POLLIN, 0};
    if (poll(&p, 1, 0) == 0) {
      batch *r = in->r;
      cli_pool_publish(r->pool, r->read);
      while (r->taken < r->read && !cli_output_failed()) drain(r, 1);
      flush_msgs(r);
    }
  }
  for (;;) {
    ssize_t n = read(in->fd, buf, cap);
    if (n >= 0) return (long)n;
    if (errno != EINTR) return -1;
  }
}

static int is_directory(FILE *f) {
  struct stat st;
  return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
}

/* Reads every record of one input into the pool, writing results as
 * they are done. `interactive`: one record at a time, each answered
 * before the next is read. Returns -1 on a read error. */
static int read_input(batch *r, nonet_reader *rd, const char *source,
                      int interactive) {
  for (;;) {
    /* nowhere to write: stop (asked a block at a time: ferror() takes
     * the stream's lock) */
    if (r->read % BLOCK == 0 && cli_output_failed()) return 0;
    if (r->read >= r->taken + r->window ||
        (interactive && r->read > r->taken)) {
      cli_pool_publish(r->pool, r->read);
      /* a block written, then back to reading: the window refills and
       * the helpers get new work while the caller writes the rest */
      drain_some(r, 1, BLOCK);
      if (interactive) flush_msgs(r);
      continue;
    }
    cli_item *it = cli_pool_slot(r->pool, r->read);
    int got = next_record(r, rd, it);
    if (got <= 0) {
      cli_pool_publish(r->pool, r->read);
      if (got == NONET_ENOMEM) {
        fputs("nonet: out of memory\n", stderr);
        return -2;
      }
      return got < 0 ? -1 : 0;
    }
    it->source = source;
    it->index = r->records++;
    if (cli_sharding.n && it->index % cli_sharding.n != cli_sharding.k) {
      free_var(it);
      continue; /* another shard's */
    }
    r->read++;
    if (r->read > r->touched) r->touched = r->read;
    if (r->read % BLOCK == 0) {
      cli_pool_publish(r->pool, r->read);
      drain(r, 0);
    }
  }
}

static int run_batch(const cli_batch *b, int quiet, const char *invalid) {
  batch r;
  memset(&r, 0, sizeof r);
  r.b = b;
  r.quiet = quiet;
  r.invalid = invalid;
  /* results to a file or a pipe: written 64 KiB at a time, not 4 KiB (a
   * terminal keeps its line buffering; glibc takes the size only with a
   * buffer, which must outlive stdout) */
  static char out_buffer[1 << 16];
  if (!isatty(fileno(stdout)))
    setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  int nthreads = b->threads > 0 ? b->threads : cli_cpu_count();
  /* the caller reads, writes and works too: nthreads - 1 helpers */
  r.window = nthreads == 1 ? WINDOW_ONE : WINDOW_MIN;
  while (nthreads > 1 && r.window < (uint64_t)nthreads * BLOCK * 8 &&
         r.window < WINDOW_MAX)
    r.window *= 2;
  r.pool = cli_pool_new(nthreads - 1, sizeof(cli_item), (int)r.window, BLOCK,
                        process, &r);
  if (b->variants) r.vrec = calloc(1, sizeof *r.vrec);
  if (!r.pool || (b->variants && !r.vrec)) {
    free(r.vrec);
    if (r.pool) cli_pool_free(r.pool);
    fputs("nonet: out of memory\n", stderr);
    return CLI_FAILED;
  }
  static char *stdin_only[] = {"-"};
  char **inputs = b->ninputs ? b->inputs : stdin_only;
  int ninputs = b->ninputs ? b->ninputs : 1;
  char **names = calloc((size_t)ninputs, sizeof *names); /* sources */
  for (int k = 0; k < ninputs && names && !cli_output_failed(); k++) {
    const char *name = inputs[k];
    FILE *f = NULL;
    nonet_reader *rd = NULL;
    char source[32];
    if (strcmp(name, "-") == 0) {
      f = stdin;
      snprintf(source, sizeof source, "<stdin>");
    } else if ((f = fopen(name, "rb")) && is_directory(f)) {
      fprintf(stderr, "nonet: '%s' is a directory\n", name);
      fclose(f);
      r.failed = 1;
      continue;
    } else if (!f) {
      int e = errno;
      if (e == ENOENT && strlen(name) >= 81) {
        /* not a file: a puzzle given on the command line */
        snprintf(source, sizeof source, "argument %d", k + 1);
        rd = nonet_reader_new_memory(name, strlen(name));
      } else {
        fprintf(stderr, "nonet: cannot read '%s': %s\n", name, strerror(e));
        r.failed = 1;
        continue;
      }
    }
    input in = {f ? fileno(f) : -1, 0, &r};
    if (!rd) {
      struct stat st;
      in.may_wait = fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode);
      rd = nonet_reader_new(input_read, &in);
    }
    names[k] = strdup(f && f != stdin ? name : source);
    if (!rd || !names[k]) {
      fputs("nonet: out of memory\n", stderr);
      r.failed = 1;
      if (rd) nonet_reader_free(rd);
      if (f && f != stdin) fclose(f);
      break;
    }
    int rr = read_input(&r, rd, names[k], f && isatty(fileno(f)));
    if (rr == -2) { /* out of memory: the rest cannot be read */
      r.failed = 1;
      nonet_reader_free(rd);
      if (f && f != stdin) fclose(f);
      break;
    }
    if (rr < 0) {
      drain(&r, 1); /* the records before the error first */
      while (r.taken < r.read) drain(&r, 1);
      flush_msgs(&r);
      fprintf(stderr, "nonet: error reading '%s'\n", names[k]);
      r.failed = 1;
    }
    nonet_reader_free(rd);
    if (f && f != stdin) fclose(f);
  }
  if (!names) {
    fputs("nonet: out of memory\n", stderr);
    r.failed = 1;
  }
  while (r.taken < r.read && !cli_output_failed()) drain(&r, 1);
  flush_msgs(&r);
  if (cli_output_failed()) r.failed = 1;
  cli_pool_stop(r.pool); /* the helpers finish what they claimed */
  for (uint64_t i = 0; i < r.touched && i < r.window; i++) {
    cli_item *it = cli_pool_slot(r.pool, i);
    cli_buf_free(&it->out);
    cli_buf_free(&it->err);
    free_var(it);
  }
  free(r.vrec);
  cli_pool_free(r.pool);
  for (int k = 0; names && k < ninputs; k++) free(names[k]);
  free(names);
  cli_buf_free(&r.outb);
  cli_buf_free(&r.msgs);
  return r.failed ? CLI_FAILED : CLI_OK;
}

int cli_run_batch(const cli_batch *b) { return run_batch(b, 0, NULL); }

int cli_run_batch_quiet(const cli_batch *b) { return run_batch(b, 1, NULL); }

int cli_run_batch_invalid(const cli_batch *b, const char *invalid) {
  return run_batch(b, 0, invalid);
}
