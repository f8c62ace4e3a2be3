/* shard.c: splitting work over machines. `--shard K/N` keeps the records
 * (or generator jobs) whose number i has i % N == K; `--tag` starts each
 * output line with that number and a tab. The N shards' outputs, each in
 * order, merge back into the one-machine output with
 *   sort -m -s -n -k1,1 shard-*.txt | cut -f2-
 * (stable: the lines of one record keep their order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

cli_shard cli_sharding; /* the command's, set once before it runs */

static int parse(const char *prog, const char *v) {
  char *end;
  unsigned long k = strtoul(v, &end, 10), n;
  if (end == v || *end != '/' || v[0] == '-') goto bad;
  const char *w = end + 1;
  n = strtoul(w, &end, 10);
  if (end == w || *end || w[0] == '-' || n == 0 || k >= n || n > 1000000)
    goto bad;
  cli_sharding.k = k;
  cli_sharding.n = n;
  return 0;
bad:
  fprintf(stderr,
          "%s: --shard needs K/N with 0 <= K < N (N up to 1000000), such "
          "as 0/4, not '%s'\n",
          prog, v);
  return -1;
}

int cli_take_shard_options(const char *prog, int argc, char **argv) {
  int out = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--") == 0) { /* the rest as it is */
      while (i < argc) argv[out++] = argv[i++];
      break;
    }
    if (strcmp(a, "--tag") == 0) {
      cli_sharding.tag = 1;
    } else if (strncmp(a, "--shard=", 8) == 0) {
      if (parse(prog, a + 8) < 0) return -1;
    } else if (strcmp(a, "--shard") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "%s: --shard needs K/N, such as 0/4\n", prog);
        return -1;
      }
      if (parse(prog, argv[++i]) < 0) return -1;
    } else {
      argv[out++] = argv[i];
    }
  }
  argv[out] = NULL;
  return out;
}

void cli_write_tagged(unsigned long long n, const char *s, size_t len) {
  char tag[32];
  int tl = snprintf(tag, sizeof tag, "%llu\t", n);
  while (len) {
    const char *nl = memchr(s, '\n', len);
    size_t line = nl ? (size_t)(nl - s) + 1 : len;
    cli_write(tag, (size_t)tl);
    cli_write(s, line);
    s += line;
    len -= line;
  }
}
