/* cli.h: what the nonet command's files share.
 *
 * Folder src/cli: the command, on top of everything: one file per
 * subcommand, the one thread pool (pool.c) and the batch loop (batch.c),
 * standard output that loses nothing (output.c), shards (shard.c). Uses
 * only the public API of libnonet (and render/render.h). */
#ifndef NONET_CLI_H
#define NONET_CLI_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "nonet.h"

/* Exit statuses. */
enum { CLI_OK = 0, CLI_FAILED = 1, CLI_USAGE = 2 };

/* A growable text buffer. */
typedef struct cli_buf {
  char *data;
  size_t len, cap;
} cli_buf;
void cli_buf_put(cli_buf *b, const char *s, size_t n);
/* Makes the buffer n bytes longer; returns where they go (to be filled). */
char *cli_buf_extend(cli_buf *b, size_t n);
void cli_buf_puts(cli_buf *b, const char *s);
void cli_buf_printf(cli_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void cli_buf_free(cli_buf *b);

/* One record of a batch, with what processing it produced. */
typedef struct cli_item {
  nonet_record rec;
  const char *source; /* file name, "<stdin>" or "argument N" */
  cli_buf out;        /* text for stdout */
  cli_buf err;        /* lines for stderr, each already "FILE:LINE: ..." */
  int failed;         /* counts as a failed record for the exit status */
  unsigned long long index; /* the record's number in the input, from 0 */
  void *user;               /* per-item state of a command, if it wants one */
  /* a one-line record as read, parsed into rec by the thread that
   * processes it (nonet_reader_next_text) when `raw` is set */
  int raw;
  size_t text_len;
  char text[128];
  /* a variant record (batches with `variants`), freed once the item is
   * written; NULL for a classic one */
  nonet_variant_record *var;
} cli_item;

/* Called for each record, possibly from several threads at once. The
 * item's rec is read; the function appends to out/err and sets failed.
 * Malformed records (rec.status != NONET_OK) are reported by the batch
 * runner before the function is called with them. */
typedef void (*cli_process_fn)(cli_item *it, void *ctx);

typedef struct cli_batch {
  char **inputs; /* file names, "-" for stdin; none: stdin */
  int ninputs;
  int threads; /* 0: all online processors */
  cli_process_fn process;
  void *ctx;
  int variants; /* read variant records too (it->var); else they are
                   reported as malformed */
} cli_batch;

/* The command's thread pool (pool.c): an ordered window of `window` slots
 * of `slot_size` bytes; items 0, 1, 2, ... are filled into their slot by
 * the caller (cli_pool_slot), published (cli_pool_publish: items below n
 * may be worked on), worked on by `threads` threads (`work` is called
 * with the item's number and slot, `claim_max` items claimed at a time),
 * waited for in order (cli_pool_wait: 1 when done; `help`: the caller
 * works on items meanwhile; `seconds` > 0: give up after that long) and
 * released (cli_pool_release) before item i + window is published.
 * `lazy`: the threads start only when two items wait to be claimed at
 * once (until then the caller, which must help, works alone: one puzzle
 * costs no thread). */
typedef struct cli_pool cli_pool;
typedef void (*cli_pool_work_fn)(void *ctx, uint64_t item, void *slot);
cli_pool *cli_pool_new(int threads, size_t slot_size, int window, int claim_max,
                       int lazy, cli_pool_work_fn work, void *ctx);
int cli_pool_threads(const cli_pool *p);
void *cli_pool_slot(cli_pool *p, uint64_t item);
void cli_pool_publish(cli_pool *p, uint64_t n);
int cli_pool_done(cli_pool *p, uint64_t item);
int cli_pool_wait(cli_pool *p, uint64_t item, int help, double seconds);
void cli_pool_release(cli_pool *p, uint64_t item);
/* Stops the threads (items they claimed are finished first; nothing more
 * is claimed); then frees the pool and its slots. */
void cli_pool_stop(cli_pool *p);
void cli_pool_free(cli_pool *p);

/* Shards (--shard K/N, --tag), taken out of the arguments by main.c for
 * the batch commands and generate: only records (jobs) whose number i
 * has i % n == k are processed; with `tag` each output line starts with
 * the record's (job's) number and a tab, so that shard outputs merge
 * back with `sort -m -s -n -k1,1 | cut -f2-`. n == 0: no sharding. */
typedef struct cli_shard {
  unsigned long k, n;
  int tag;
} cli_shard;
extern cli_shard cli_sharding;
/* Takes --shard/--tag out of argv (before any "--"); returns the new
 * argc, or -1 after a message for a bad value. */
int cli_take_shard_options(const char *prog, int argc, char **argv);
/* Writes text to standard output with every line prefixed by "N\t". */
void cli_write_tagged(unsigned long long n, const char *s, size_t len);

/* Runs a batch; output in input order. Returns an exit status. */
int cli_run_batch(const cli_batch *b);

/* The same, without the "invalid" line on stdout for a malformed record
 * (its FILE:LINE message still goes to stderr; the process function is
 * then called with it too, rec.status telling): for commands whose
 * stdout is not one line per puzzle. */
int cli_run_batch_quiet(const cli_batch *b);
/* The same as cli_run_batch, writing `invalid` (not "invalid\n") for a
 * malformed record. */
int cli_run_batch_invalid(const cli_batch *b, const char *invalid);

/* Adds "SOURCE:LINE: text" to the item's error lines (no formatting). */
void cli_item_error_text(cli_item *it, const char *text);

/* Adds "SOURCE:LINE: message" to the item's error lines. */
void cli_item_error(cli_item *it, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Standard output (output.c). cli_flush flushes it and notes the first
 * failure (-1); cli_output_failed says whether a write failed, so that
 * long loops stop early; cli_finish, at exit, reports a failed write,
 * flush or close ("nonet: write error: ...") and turns the exit status
 * into CLI_FAILED, except for a closed pipe, which ends quietly. */
int cli_flush(void);
int cli_output_failed(void);
/* Write to standard output, noting a failure (-1) with its errno. */
int cli_write(const char *s, size_t n);
/* The same for a large block: what stdout holds is flushed, then the
 * block goes to the file by write(2) itself, not copied into stdout's
 * buffer first. */
int cli_write_block(const char *s, size_t n);
/* The same for n pieces in order (writev: no copy into one buffer); the
 * pieces' array is changed. */
struct iovec;
int cli_write_blocks(struct iovec *v, int n);
int cli_puts(const char *s);
int cli_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_finish(int status);
/* A command reported a write error on standard output itself. */
void cli_output_reported(void);

/* Parses a positive integer option value; prints an error and returns -1
 * when it is not one. */
long cli_parse_long(const char *prog, const char *opt, const char *value,
                    long min, long max);

/* Parses a number of seconds above 0 (at most 1e6); prints an error and
 * returns -1 when it is not one. (deadline.c) */
double cli_parse_seconds(const char *prog, const char *opt, const char *value);

/* Seconds on the monotonic clock. (deadline.c) */
double cli_now(void);

/* A record's deadline, `seconds` from its start (0: none). (deadline.c) */
typedef struct cli_deadline {
  double seconds;
  double end; /* cli_now() then */
} cli_deadline;
void cli_deadline_start(cli_deadline *d, double seconds);
/* Whether the deadline has passed (a search too short to ask the clock
 * does not see it: callers that run many ask between them). */
int cli_deadline_passed(cli_deadline *d);
/* The record ran past its deadline: "no answer within S s (--timeout)"
 * on its error lines, and it failed. */
void cli_timed_out(cli_item *it, const cli_deadline *d);

/* nonet_solve, nonet_variant_solve and nonet_variant_true_candidates,
 * ended at the deadline with NONET_ESTOPPED (the searches ask the clock
 * every 1024 branches: a record runs at most a few milliseconds past its
 * deadline). Without a deadline, the plain calls. */
long cli_solve(const uint8_t cells[81], uint8_t *sol, long limit,
               cli_deadline *d);
long cli_variant_solve(const nonet_variant *v, const uint8_t *cells,
                       uint8_t *sol, long limit, cli_deadline *d);
int cli_variant_true_candidates(const nonet_variant *v, const uint8_t *cells,
                                uint32_t *cand, cli_deadline *d);
/* nonet_vlogic_init_until, nonet_vlogic_find_until and
 * nonet_vlogic_solve_until ended at the deadline. (deadline.c) */
long cli_vlogic_init(nonet_vlogic_state *s, const nonet_variant *v,
                     const uint8_t *cells, cli_deadline *d);
int cli_vlogic_find(const nonet_vlogic_state *s, const nonet_vlogic_options *o,
                    nonet_vstep *step, cli_deadline *d);
int cli_vlogic_solve(nonet_vlogic_state *s, const nonet_vlogic_options *o,
                     nonet_vpath_fn fn, void *ctx, nonet_vlogic_result *res,
                     cli_deadline *d);

/* --timeout SECS of the commands that only need a puzzle's one solution
 * (render, convert, hint, explain, rate): a long option only (some take
 * -T for something else), and the help lines of hint, explain and rate,
 * whose paths are timed too (trial and error searches). */
#define CLI_OPT_TIMEOUT 1200
#define CLI_TIMEOUT_OPTION                                                     \
  { "timeout", required_argument, NULL, CLI_OPT_TIMEOUT }
#define CLI_TIMEOUT_HELP                                                       \
  "      --timeout SECS give up on a variant puzzle not done in time, from\n"  \
  "                     its start: the search for its solution, then the\n"    \
  "                     path's steps and trial and error ('timeout'; the\n"    \
  "                     batch goes on). Classic 9x9 puzzles take\n"            \
  "                     milliseconds: not timed\n"

/* Number of online processors (at least 1). */
int cli_cpu_count(void);

/* Appends a classic puzzle as text in `format` (a nonet_format) and a
 * newline (a blank line after a grid), `flags` as nonet_format_grid's
 * (NONET_FMT_ZERO); with `solution` (may be NULL),
 * the solution too: a "puzzle"/"solution" JSON object, two CSV columns
 * (0 for empty), two grids, or puzzle TAB solution (puzzle_text.c). */
void cli_format_classic(cli_buf *out, int format, int flags,
                        const uint8_t puzzle[81], const uint8_t *solution);

/* Appends a variant puzzle (`cells`, and `solution` when not NULL) as
 * nonet_variant_format writes it in `format` with `flags`, and a newline
 * (a blank line after a grid); -1 when out of memory (puzzle_text.c). */
int cli_put_variant(cli_buf *out, const nonet_variant *v, const uint8_t *cells,
                    const uint8_t *solution, int format, int flags);

/* Writes a word result ("no solution", "invalid") as a record's output
 * in `format`: quoted in JSON, a blank line after it in a grid
 * (puzzle_text.c). */
void cli_put_word(cli_buf *out, int format, const char *word);

/* The givens' broken rules (classic or variant: it->var) named on the
 * item's error lines; 1 when there were any (unique.c). The first looks
 * at it->rec.cells under the classic rules only. */
int cli_report_cell_conflicts(cli_item *it);
int cli_report_conflicts(cli_item *it);
/* cli_report_conflicts, then the count to 2 with the first solution in
 * `sol` (81 or N*N cells; may be NULL): returns the count, or
 * NONET_ECONFLICT when the givens break a rule, or another error; a
 * count other than 1 is named on the error lines too ("no solution",
 * "multiple solutions"). A variant's search past `timeout` seconds (0: no
 * limit) returns NONET_ESTOPPED, the record named as timed out and
 * failed. Otherwise it->failed is the caller's to set. */
long cli_solve_unique(cli_item *it, uint8_t *sol, double timeout);

/* Subcommands. */
int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_generate(int argc, char **argv);
int cmd_render(int argc, char **argv);
int cmd_hint(int argc, char **argv);    /* logic engine: cmd_hint.c */
int cmd_explain(int argc, char **argv); /* cmd_explain.c */
int cmd_rate(int argc, char **argv);    /* cmd_rate.c */
int cmd_convert(int argc, char **argv); /* cmd_convert.c */

/* true candidates, classic and variant (cmd_candidates.c) */
int cmd_candidates(int argc, char **argv);

/* helper.c: `render` in a statically linked nonet runs nonet-render
 * with the same arguments (argv as main got it); returns when there is
 * none (or in a dynamically linked nonet). */
void cli_hand_over(char **argv);

#endif
