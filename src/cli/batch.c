/* batch.c: the batch commands' loop: records read from files, arguments or
 * stdin into the pool (pool.c), processed on every thread, their results
 * written in input order.
 *
 * A file or a pipe is read in blocks of 64 KiB, cut into units of whole
 * lines (4 KiB, some 50 records): the thread that takes a unit reads its
 * records itself, and its results (all of them in one buffer) are written
 * in order. The calling thread only reads, counts lines (for FILE:LINE),
 * cuts, writes, and helps. That lasts as long as the lines are one-line
 * records, blank or comments (line_kind): at the first other one
 * (a grid, JSON, a variant) the input goes on through a reader from that
 * line, its records handed out BLOCK at a time. Arguments, terminals and
 * shards (--shard, --tag: records numbered across inputs) always go
 * through a reader. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "cli.h"

/* Records a unit of a reader's holds: few trips to the shared counter
 * for quick records, neighbours (sharing cache lines) on one thread. */
#define BLOCK 64
/* Bytes of input a fast unit covers (whole lines: a little more). */
#define UNIT 4096
/* Bytes read at once; a block holds a read and a line left over. */
#define READ_MAX 65536
#define NBLOCKS 64
/* Fast units in the pool: 64 a thread (some 3,200 quick records, 3 ms
 * of work: the helpers keep busy while the caller writes, or waits for a
 * thread the system stopped), at most 1,024. One thread has no helper to
 * keep busy: two (one read while the other is worked on and written),
 * which stay in the cache. A reader's units hold BLOCK records: eight a
 * thread at most (the records' buffers are memory the kernel must hand
 * over: 1,024 records in all for two threads). */
#define WINDOW_FAST 64
#define WINDOW_SLOW 8
#define WINDOW_MAX 1024
/* Messages and results buffered before they are written (one write, not
 * one a record: a count's fwrite cost more than its copy here). */
#define MSGS_MAX 65536
#define OUT_MAX 65536
/* Fast units' results written at once at most, with several threads:
 * the caller writes them from the units' buffers, where the other
 * threads wrote them (a copy is a trip of every byte from another core's
 * cache). One thread copies (it writes 64 KiB at a time with two units
 * in its window). */
#define IOV_UNITS 64

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

/* A unit of work, one slot of the pool. Fast: a run of whole lines of the
 * input (UNIT bytes or so), which the thread that takes it reads itself,
 * record after record through `it`, whose out, err and failed gather the
 * results of them all. Slow: up to BLOCK records the reader read. */
typedef struct unit {
  cli_item it;
  int fast;
  const char *text;   /* fast: the lines, each with its newline (the last */
  size_t len;         /* one of an input perhaps without) */
  unsigned long line; /* lines of the input before text */
  size_t stop;        /* where a line only a reader can read starts; len */
  unsigned long stop_line; /* when there is none; lines before it */
  int block;               /* the input block text is in */
  cli_item *recs;          /* slow: its records (room for BLOCK, made once) */
  int nrecs;
  int ninit; /* recs cleared for use so far (touched as they are needed) */
} unit;

typedef struct batch {
  const cli_batch *b;
  int quiet;
  const char *invalid; /* the output line of a malformed record */
  cli_pool *pool;
  uint64_t window;      /* units in the pool */
  uint64_t slow_window; /* a reader's units in it at most */
  uint64_t read, taken; /* units published; units taken to be written */
  uint64_t freed;       /* units written, their slots free again */
  int hold;             /* fast units' results written from their buffers */
  uint64_t records;     /* records read, in every shard */
  uint64_t touched;     /* slots ever used (their buffers to free) */
  cli_buf outb;         /* standard output of the units taken */
  /* with `hold`, the fast units taken and not yet freed: their results,
   * in order (written from their own buffers, not copied) */
  struct iovec iov[IOV_UNITS];
  int niov;
  size_t iov_bytes;
  cli_buf msgs; /* standard error of the units written */
  int failed;
  nonet_variant_record *vrec; /* the reader's record of variants */
  /* fast input: blocks read, their units not all written */
  char *blocks[NBLOCKS];
  int refs[NBLOCKS];
  int nblocks;
  /* a fast unit written with a line only a reader can read: the input
   * goes on with the reader from there */
  int halt;
  const char *halt_text;
  size_t halt_len;
  unsigned long halt_line;
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

static void process_record(batch *r, cli_item *it) {
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

/* Lines longer than this are left to a reader. */
#define LINE_KIND_MAX 4096

static int is_space(unsigned char c) {
  return c == ' ' || c == '\t' || c == '\v' || c == '\f' || c == '\r';
}

/* What a reader makes of the line s (without its newline, nor a CR
 * before it) met between records, as far as this can tell without one
 * (nonet.h: the reader's formats): 1 a one-line classic record, the
 * record nonet_record_parse_line gives (after blanks, ten cells not all
 * '*': no blank line, comment, JSON, grid row, rule or variant starts
 * so); 0 a line it skips (blank, or a comment); -1 one to leave to a
 * reader (anything else, a line 1 with letters in it, which may be a CSV
 * header, or with a byte-order mark, a very long line). `first`: s is
 * line 1 of its input. */
static int line_kind(const char *s, size_t len, int first) {
  size_t i = 0;
  while (i < len && is_space((unsigned char)s[i])) i++;
  if (i == len || s[i] == '#') return 0;
  if (len > LINE_KIND_MAX || len - i < 10) return -1;
  unsigned cells = 0, stars = 0;
#if defined(__SSE2__)
  if (len - i >= 16) { /* asked once a record: 16 bytes at a time */
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i d = _mm_sub_epi8(c, _mm_set1_epi8('0'));
    __m128i star = _mm_cmpeq_epi8(c, _mm_set1_epi8('*'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(9)), d);
    __m128i empty = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('.')),
                                 _mm_cmpeq_epi8(c, _mm_set1_epi8('_')));
    cells = (unsigned)_mm_movemask_epi8(
                _mm_or_si128(_mm_or_si128(digit, empty), star)) &
            0x3ffu;
    stars = (unsigned)_mm_movemask_epi8(star) & 0x3ffu;
  } else
#endif
  {
    for (int k = 0; k < 10; k++) {
      unsigned char c = (unsigned char)s[i + (size_t)k];
      int cell = (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '*';
      cells |= (unsigned)cell << k;
      stars |= (unsigned)(c == '*') << k;
    }
  }
  if (cells != 0x3ffu || stars == 0x3ffu) return -1;
  if (first) /* a CSV header has letters */
    for (size_t k = 0; k < len; k++)
      if ((unsigned char)((s[k] | 0x20) - 'a') < 26) return -1;
  return 1;
}

/* A fast unit: its lines read here, up to one that only a reader can
 * read. */
static void process_lines(batch *r, unit *u) {
  cli_item *it = &u->it;
  const char *s = u->text, *end = s + u->len;
  unsigned long line = u->line;
  while (s < end) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
    size_t m = n && s[n - 1] == '\r' ? n - 1 : n;
    int kind = line_kind(s, m, line == 0);
    if (kind < 0) {
      u->stop = (size_t)(s - u->text);
      u->stop_line = line;
      return;
    }
    line++;
    if (kind) {
      it->rec.line = line;
      nonet_record_parse_line(s, m, &it->rec);
      process_record(r, it);
    }
    s = nl ? nl + 1 : end;
  }
}

static void process(void *ctx, uint64_t item, void *slot) {
  batch *r = ctx;
  unit *u = slot;
  (void)item;
  if (u->fast)
    process_lines(r, u);
  else
    for (int k = 0; k < u->nrecs; k++) process_record(r, &u->recs[k]);
}

/* Hands the results taken to standard output: outb, or the fast units'
 * (never both); the units are then free. */
static void flush_out(batch *r) {
  if (r->outb.len) cli_write_block(r->outb.data, r->outb.len);
  r->outb.len = 0;
  if (r->niov) cli_write_blocks(r->iov, r->niov);
  r->niov = 0;
  r->iov_bytes = 0;
  for (; r->freed < r->taken; r->freed++) {
    unit *u = cli_pool_slot(r->pool, r->freed);
    u->it.out.len = 0;
    cli_pool_release(r->pool, r->freed);
  }
}

/* Writes what stdout and stderr hold of the units written so far, stdout
 * first, in one write each. */
static void flush_msgs(batch *r) {
  flush_out(r);
  cli_flush();
  if (r->msgs.len) fwrite(r->msgs.data, 1, r->msgs.len, stderr);
  r->msgs.len = 0;
}

/* Takes what one record (or, without `hold`, a fast unit) produced to
 * the buffers of stdout and stderr. */
static void take_item(batch *r, cli_item *it) {
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
}

/* With `hold`, takes a fast unit: its results stay in its buffer until
 * flush_out. */
static void take_held(batch *r, cli_item *it) {
  if (it->out.len) {
    if (r->outb.len) flush_out(r); /* in order */
    r->iov[r->niov].iov_base = it->out.data;
    r->iov[r->niov].iov_len = it->out.len;
    r->niov++;
    r->iov_bytes += it->out.len;
  }
  if (it->err.len) cli_buf_put(&r->msgs, it->err.data, it->err.len);
  r->failed |= it->failed;
  it->err.len = 0;
  it->failed = 0;
}

/* Writes the units that are done, in order, at most `max` of them; with
 * `wait`, first waits for (and helps with) the next one. Stops after a
 * fast unit that met a line for a reader (r->halt). */
static void drain_some(batch *r, int wait, uint64_t max) {
  for (uint64_t n = 0; r->taken < r->read && n < max && !r->halt; n++) {
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
    unit *u = cli_pool_slot(r->pool, r->taken);
    int held = 0;
    if (u->fast) {
      r->refs[u->block]--;
      if (u->stop < u->len) {
        r->halt = 1;
        r->halt_text = u->text + u->stop;
        r->halt_len = u->len - u->stop;
        r->halt_line = u->stop_line;
      }
      if ((held = r->hold) != 0)
        take_held(r, &u->it);
      else
        take_item(r, &u->it);
    } else {
      if (r->freed < r->taken) flush_out(r); /* in order */
      for (int k = 0; k < u->nrecs; k++) take_item(r, &u->recs[k]);
    }
    r->taken++;
    if (!held) {
      cli_pool_release(r->pool, r->freed);
      r->freed++;
    } else if (r->niov == IOV_UNITS || r->iov_bytes >= OUT_MAX ||
               2 * (r->taken - r->freed) >= r->window) {
      flush_out(r); /* enough to write, or half the window */
    }
    if (r->msgs.len > MSGS_MAX) flush_msgs(r);
  }
}

static void drain(batch *r, int wait) { drain_some(r, wait, UINT64_MAX); }

/* Everything read so far, done and written, diagnostics too. */
static void drain_all(batch *r) {
  while (r->taken < r->read && !r->halt && !cli_output_failed()) drain(r, 1);
  flush_msgs(r);
}

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
  unit *open; /* the slow unit being filled, published before a wait */
  /* what the reader reads first when it takes over an input: as many
   * empty lines as were read before (its line numbers go on, and line 1
   * is behind it), then the bytes read but not read through */
  unsigned long blanks;
  const char *replay;
  size_t replay_len;
} input;

static void publish(batch *r) {
  cli_pool_publish(r->pool, r->read);
  if (r->read > r->touched) r->touched = r->read;
}

static long fd_read(int fd, char *buf, size_t cap) {
  for (;;) {
    ssize_t n = read(fd, buf, cap);
    if (n >= 0) return (long)n;
    if (errno != EINTR) return -1;
  }
}

/* Whether a read would wait now. */
static int would_wait(const input *in) {
  struct pollfd p = {in->fd, POLLIN, 0};
  return in->may_wait && poll(&p, 1, 0) == 0;
}

static long input_read(void *ctx, char *buf, size_t cap) {
  input *in = ctx;
  if (in->blanks) {
    size_t n = in->blanks < cap ? (size_t)in->blanks : cap;
    memset(buf, '\n', n);
    in->blanks -= n;
    return (long)n;
  }
  if (in->replay_len) {
    size_t n = in->replay_len < cap ? in->replay_len : cap;
    memcpy(buf, in->replay, n);
    in->replay += n;
    in->replay_len -= n;
    return (long)n;
  }
  if (would_wait(in)) {
    batch *r = in->r;
    if (in->open && in->open->nrecs) { /* its records so far, answered */
      in->open = NULL;
      r->read++;
    }
    publish(r);
    drain_all(r);
  }
  return fd_read(in->fd, buf, cap);
}

static int is_directory(FILE *f) {
  struct stat st;
  return fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode);
}

/* 1 when a command-line argument that names no file reads as a puzzle:
 * 81 characters or more (a classic grid), a variant's `size=` line or a
 * JSON object, whatever their length (a 4x4 is short), or 17 cells or
 * more and nothing else (a grid cut short: the reader says how many
 * cells it has, where "no such file" would mislead). */
static int looks_like_record(const char *arg) {
  while (*arg == ' ' || *arg == '\t') arg++;
  size_t len = strlen(arg);
  return len >= 81 || *arg == '{' || strncmp(arg, "size=", 5) == 0 ||
         (len >= 17 && strspn(arg, "0123456789._*") == len);
}

/* Record k of a reader's unit, cleared on its first use (a unit holds
 * room for BLOCK; one puzzle should not touch them all). */
static cli_item *rec_at(unit *u, int k) {
  while (u->ninit <= k) memset(&u->recs[u->ninit++], 0, sizeof *u->recs);
  return &u->recs[k];
}

/* The next unit of the window for records read one by one: its record
 * slots made on first use; NULL when out of memory (said on stderr). */
static unit *record_unit(batch *r) {
  unit *u = cli_pool_slot(r->pool, r->read);
  if (!u->recs && !(u->recs = malloc(BLOCK * sizeof *u->recs))) {
    fputs("nonet: out of memory\n", stderr);
    return NULL;
  }
  /* freed at the end even if the input ends before the unit is published
   * (a pipe that paused, then closed, after a published unit) */
  if (r->read >= r->touched) r->touched = r->read + 1;
  u->fast = 0;
  u->nrecs = 0;
  return u;
}

/* Reads every record of one input with the reader into slow units,
 * writing results as they are done. `interactive`: one record at a time,
 * each answered before the next is read. Returns -1 on a read error. */
static int read_records(batch *r, nonet_reader *rd, input *in,
                        const char *source, int interactive) {
  flush_out(r); /* the fast units of an input before */
  for (;;) {
    /* nowhere to write: stop (asked a unit at a time: ferror() takes the
     * stream's lock) */
    if (cli_output_failed()) return 0;
    if (r->read >= r->freed + r->slow_window ||
        (interactive && r->read > r->taken)) {
      publish(r);
      /* a unit written, then back to reading: the window refills and
       * the helpers get new work while the caller writes the rest */
      drain(r, 1);
      if (interactive) flush_msgs(r);
      continue;
    }
    unit *u = record_unit(r);
    if (!u) return -2;
    in->open = u;
    while (in->open == u && u->nrecs < BLOCK) {
      cli_item *it = rec_at(u, u->nrecs);
      int got = next_record(r, rd, it);
      if (in->open != u) {
        /* published while the reader waited for more: the record goes
         * to the next unit */
        unit *v = record_unit(r);
        if (!v) return -2;
        cli_item t = *rec_at(v, 0);
        v->recs[0] = *it;
        *it = t;
        it = &v->recs[0];
        u = v;
        in->open = u;
      }
      if (got <= 0) {
        in->open = NULL;
        if (u->nrecs) r->read++;
        publish(r);
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
      u->nrecs++;
      if (interactive) break;
    }
    in->open = NULL;
    r->read++;
    publish(r);
    drain(r, 0);
  }
}

/* The number of newlines in s[0, n). */
static unsigned long count_lines(const char *s, size_t n) {
  unsigned long c = 0;
  size_t i = 0;
#if defined(__SSE2__)
  const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
  while (i + 16 <= n) {
    /* up to 255 rounds in bytes, then added up */
    __m128i acc = zero;
    for (int k = 0; k < 255 && i + 16 <= n; k++, i += 16)
      acc = _mm_sub_epi8(
          acc,
          _mm_cmpeq_epi8(
              _mm_loadu_si128((const __m128i *)(const void *)(s + i)), nl));
    __m128i sum = _mm_sad_epu8(acc, zero);
    c += (unsigned long)_mm_cvtsi128_si32(sum) +
         (unsigned long)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
  }
#endif
  for (; i < n; i++) c += s[i] == '\n';
  return c;
}

/* The bytes of the fast units from the one that halted on, then `rest`,
 * in one buffer for the reader to read first; the units after the halted
 * one are dropped (they are read again). NULL when out of memory. */
static char *take_back(batch *r, const char *rest, size_t rest_len,
                       size_t *len) {
  flush_out(r); /* what the units before wrote */
  size_t n = r->halt_len + rest_len;
  for (uint64_t i = r->taken; i < r->read; i++)
    n += ((unit *)cli_pool_slot(r->pool, i))->len;
  char *buf = malloc(n ? n : 1);
  if (!buf) return NULL;
  memcpy(buf, r->halt_text, r->halt_len);
  size_t k = r->halt_len;
  for (; r->taken < r->read; r->taken++) {
    unit *u = cli_pool_slot(r->pool, r->taken);
    cli_pool_wait(r->pool, r->taken, 0, 0); /* not written: done first */
    memcpy(buf + k, u->text, u->len);
    k += u->len;
    u->it.out.len = u->it.err.len = 0;
    u->it.failed = 0;
    r->refs[u->block]--;
    cli_pool_release(r->pool, r->taken);
  }
  r->freed = r->taken;
  memcpy(buf + k, rest, rest_len);
  *len = n;
  r->halt = 0;
  return buf;
}

/* Reads one input (a file or a pipe) in fast units, their lines read by
 * the threads that take them, as long as the lines are one-line records,
 * blank or comments; from the first other line on, with a reader. Returns
 * as read_records. */
static int read_fast(batch *r, input *in, const char *source) {
  unsigned long lines = 0;           /* lines of the input before pos */
  int b = -1;                        /* the block being split */
  size_t pos = 0, cut = 0, blen = 0; /* split up to pos, whole lines up */
  int eof = 0, ioerr = 0;            /* to cut, read up to blen */
  char *buf = NULL;
  for (;;) {
    if (r->halt) break;
    if (cli_output_failed()) return 0;
    if (pos < cut) {
      if (r->read >= r->freed + r->window) {
        drain(r, 1);
        continue;
      }
      /* the next unit: lines from pos, about UNIT bytes */
      size_t e = pos + UNIT;
      if (e >= cut) {
        e = cut;
      } else {
        const char *nl = memchr(buf + e - 1, '\n', cut - (e - 1));
        e = (size_t)(nl - buf) + 1;
      }
      unit *u = cli_pool_slot(r->pool, r->read);
      u->fast = 1;
      u->nrecs = 0;
      u->text = buf + pos;
      u->len = e - pos;
      u->line = lines;
      u->stop = u->len;
      u->block = b;
      u->it.source = source;
      u->it.var = NULL;
      u->it.raw = 0;
      r->refs[b]++;
      lines += count_lines(buf + pos, e - pos);
      pos = e;
      r->read++;
      publish(r);
      drain(r, 0);
      continue;
    }
    if (eof) break;
    if (pos > 0 || b < 0) {
      /* the next block, the part of a line left over at its start */
      int nb = (b + 1) % r->nblocks;
      while (r->refs[nb] && !r->halt) drain(r, 1);
      if (r->halt) break;
      if (!r->blocks[nb] && !(r->blocks[nb] = malloc(2 * READ_MAX))) {
        fputs("nonet: out of memory\n", stderr);
        return -2;
      }
      if (blen > pos) memcpy(r->blocks[nb], buf + pos, blen - pos);
      blen -= pos;
      b = nb;
      buf = r->blocks[b];
      pos = cut = 0;
    }
    if (blen >= READ_MAX) break; /* a line longer than that: a reader's */
    if (would_wait(in)) drain_all(r);
    if (r->halt) break;
    long n = fd_read(in->fd, buf + blen, READ_MAX);
    if (n <= 0) {
      eof = 1;
      ioerr = n < 0;
      if (!ioerr) cut = blen; /* the last line, perhaps without newline */
      continue;
    }
    size_t e = blen + (size_t)n; /* the last newline read: a line back */
    while (e > blen && buf[e - 1] != '\n') e--;
    if (e > blen) cut = e;
    blen += (size_t)n;
  }
  /* what the units read is written, up to a line they left for a reader */
  while (!r->halt && r->taken < r->read) drain(r, 1);
  if (!r->halt && ioerr) return -1;
  if (!r->halt && eof && pos == blen) return 0;
  if (!r->halt) { /* a line longer than a block */
    r->halt_text = "";
    r->halt_len = 0;
    r->halt_line = lines;
  }
  unsigned long from = r->halt_line;
  size_t len;
  char *replay = take_back(r, buf ? buf + pos : "", buf ? blen - pos : 0, &len);
  if (!replay) {
    fputs("nonet: out of memory\n", stderr);
    return -2;
  }
  in->blanks = from;
  in->replay = replay;
  in->replay_len = len;
  nonet_reader *rd = nonet_reader_new(input_read, in);
  if (!rd) {
    free(replay);
    fputs("nonet: out of memory\n", stderr);
    return -2;
  }
  int rr = read_records(r, rd, in, source, 0);
  nonet_reader_free(rd);
  free(replay);
  return rr;
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
  r.window = nthreads == 1 ? 2 : (uint64_t)nthreads * WINDOW_FAST;
  if (r.window > WINDOW_MAX) r.window = WINDOW_MAX;
  r.slow_window = nthreads == 1 ? 2 : (uint64_t)nthreads * WINDOW_SLOW;
  if (r.slow_window > r.window) r.slow_window = r.window;
  r.hold = nthreads > 1;
  r.nblocks = (int)(r.window / 16 + 2); /* a block: some 16 units */
  if (r.nblocks > NBLOCKS) r.nblocks = NBLOCKS;
  r.pool = cli_pool_new(nthreads - 1, sizeof(unit), (int)r.window, 1, 1,
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
      if ((e == ENOENT || e == ENAMETOOLONG) && looks_like_record(name)) {
        /* not a file: a puzzle given on the command line */
        snprintf(source, sizeof source, "argument %d", k + 1);
        rd = nonet_reader_new_memory(name, strlen(name));
      } else {
        fprintf(stderr, "nonet: cannot read '%s': %s\n", name, strerror(e));
        r.failed = 1;
        continue;
      }
    }
    input in = {f ? fileno(f) : -1, 0, &r, NULL, 0, NULL, 0};
    int interactive = f && isatty(fileno(f));
    /* a file or a pipe, read by the threads themselves */
    int fast = f && !interactive && !cli_sharding.n && !cli_sharding.tag;
    if (f) {
      struct stat st;
      in.may_wait = fstat(in.fd, &st) != 0 || !S_ISREG(st.st_mode);
      if (!fast) rd = nonet_reader_new(input_read, &in);
    }
    names[k] = strdup(f && f != stdin ? name : source);
    if ((!fast && !rd) || !names[k]) {
      fputs("nonet: out of memory\n", stderr);
      r.failed = 1;
      if (rd) nonet_reader_free(rd);
      if (f && f != stdin) fclose(f);
      break;
    }
    int rr = fast ? read_fast(&r, &in, names[k])
                  : read_records(&r, rd, &in, names[k], interactive);
    if (rr == -2) { /* out of memory: the rest cannot be read */
      r.failed = 1;
      if (rd) nonet_reader_free(rd);
      if (f && f != stdin) fclose(f);
      break;
    }
    if (rr < 0) {
      drain_all(&r); /* the records before the error first */
      fprintf(stderr, "nonet: error reading '%s'\n", names[k]);
      r.failed = 1;
    }
    if (rd) nonet_reader_free(rd);
    if (f && f != stdin) fclose(f);
  }
  if (!names) {
    fputs("nonet: out of memory\n", stderr);
    r.failed = 1;
  }
  drain_all(&r);
  if (cli_output_failed()) r.failed = 1;
  cli_pool_stop(r.pool); /* the helpers finish what they claimed */
  for (uint64_t i = 0; i < r.touched && i < r.window; i++) {
    unit *u = cli_pool_slot(r.pool, i);
    cli_buf_free(&u->it.out);
    cli_buf_free(&u->it.err);
    for (int k = 0; u->recs && k < u->ninit; k++) {
      cli_buf_free(&u->recs[k].out);
      cli_buf_free(&u->recs[k].err);
      free_var(&u->recs[k]);
    }
    free(u->recs);
  }
  for (int k = 0; k < NBLOCKS; k++) free(r.blocks[k]);
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
