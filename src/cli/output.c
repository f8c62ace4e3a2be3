/* output.c: standard output that loses nothing silently. Every command
 * writes through stdio; these note the first failed write or flush (with
 * its errno), let batch loops stop early, and at exit turn a failure into
 * "nonet: write error: No space left on device" and exit status 1. A
 * closed pipe ends quietly: SIGPIPE ends the process as usual, and where
 * SIGPIPE is ignored, EPIPE is not reported. Only the main thread writes
 * to standard output. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>

#include "cli.h"

static int write_errno; /* the first write error, 0 while none */
static int reported;    /* a command named it already */

void cli_output_reported(void) { reported = 1; }

/* After a call that wrote to stdout: keeps the errno of a failure, which
 * the next library call may overwrite (and stdio does not keep it). The
 * call's own result tells (a short fwrite, a negative printf, EOF from
 * fflush): ferror() here would take the stream's lock a record, which
 * costs 4% of a two-thread `solve` of easy puzzles. */
static int noted(int failed) {
  if (failed && !write_errno) write_errno = errno ? errno : EIO;
  return write_errno ? -1 : 0;
}

int cli_write(const char *s, size_t n) {
  errno = 0;
  return noted(fwrite(s, 1, n, stdout) != n);
}

int cli_write_block(const char *s, size_t n) {
  if (cli_flush() < 0) return -1;
  while (n) {
    ssize_t k = write(fileno(stdout), s, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return noted(1);
    s += k;
    n -= (size_t)k;
  }
  return 0;
}

int cli_write_blocks(struct iovec *v, int n) {
  if (cli_flush() < 0) return -1;
  while (n > 0) {
    if (v->iov_len == 0) { /* written (or empty) */
      v++;
      n--;
      continue;
    }
    ssize_t k = writev(fileno(stdout), v, n > 1024 ? 1024 : n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return noted(1);
    for (size_t left = (size_t)k; left;) { /* what was written goes */
      size_t t = left < v->iov_len ? left : v->iov_len;
      v->iov_base = (char *)v->iov_base + t;
      v->iov_len -= t;
      left -= t;
      if (!v->iov_len) {
        v++;
        n--;
      }
    }
  }
  return 0;
}

int cli_puts(const char *s) { return cli_write(s, strlen(s)); }

int cli_printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  errno = 0;
  int n = vprintf(fmt, ap);
  va_end(ap);
  return noted(n < 0);
}

int cli_flush(void) {
  errno = 0;
  return noted(fflush(stdout) != 0);
}

int cli_output_failed(void) { return write_errno != 0 || ferror(stdout); }

int cli_finish(int status) {
  if (reported) clearerr(stdout);
  int bad = cli_flush() < 0 || reported;
  errno = 0;
  if (fclose(stdout) != 0 && !write_errno) {
    write_errno = errno ? errno : EIO;
    bad = 1;
  }
  if (!bad && !write_errno) return status;
  if (write_errno != EPIPE && !reported)
    fprintf(stderr, "nonet: write error: %s\n", strerror(write_errno));
  return CLI_FAILED;
}
