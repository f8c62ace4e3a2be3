/* variant_sat: the SAT encoding that bench/variants.sh hands to a SAT
 * solver (Debian's cadical) as the peer of nonet's variant solver.
 *
 *   variant_sat [--block SOLUTION] < PUZZLE > CNF     (DIMACS)
 *   variant_sat --decode PUZZLE < SAT-OUTPUT          (the grid, one line)
 *
 * The puzzle is read with libnonet's reader (any format); the rules come
 * from the read-only API (houses, relations, cages), so the encoding knows
 * nothing of nonet's solver. Variables x(c,d) = c*N + d (1-based): cell c
 * holds digit d. Clauses: every cell holds a digit and at most one; every
 * house holds every digit and each at most once; related cells never
 * hold the same digit (knight, king) or consecutive ones; cage cells
 * differ, and a cage's digits are one of the digit sets of its sum
 * (u(k,d): cage k uses d; y(k,s): cage k uses set s). --block adds a
 * clause that rules out one solution (a second run proves uniqueness). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nonet.h"

static int n, nc;
static long nvars, nclauses;
static FILE *out;

static long x(int cell, int d) { return (long)cell * n + d; }

static void clause(const long *lits, int k) {
  for (int i = 0; i < k; i++) fprintf(out, "%ld ", lits[i]);
  fputs("0\n", out);
  nclauses++;
}

static void clause2(long a, long b) {
  long l[2] = {a, b};
  clause(l, 2);
}

/* cells[0..k) hold different digits (pairwise). */
static void differ(const int *cells, int k) {
  for (int d = 1; d <= n; d++)
    for (int i = 0; i < k; i++)
      for (int j = i + 1; j < k; j++) clause2(-x(cells[i], d), -x(cells[j], d));
}

/* The digit sets of k different digits adding up to sum. */
static void sets(int from, int k, int sum, unsigned set, unsigned *outs,
                 int *count, int cap) {
  if (k == 0) {
    if (sum == 0 && *count < cap) outs[(*count)++] = set;
    return;
  }
  for (int d = from; d <= n && d <= sum; d++)
    sets(d + 1, k - 1, sum - d, set | 1u << (d - 1), outs, count, cap);
}

static char *read_all(FILE *f, size_t *len) {
  size_t cap = 1 << 16, k = 0;
  char *b = malloc(cap);
  size_t got;
  while (b && (got = fread(b + k, 1, cap - k, f)) > 0) {
    k += got;
    if (k == cap) b = realloc(b, cap *= 2);
  }
  *len = k;
  return b;
}

static nonet_variant_record rec;

static void load(const char *text, size_t len) {
  char err[200];
  if (nonet_variant_parse(text, len, &rec, err, sizeof err) != NONET_OK) {
    fprintf(stderr, "variant_sat: %s\n", err);
    exit(2);
  }
  n = nonet_variant_size(rec.variant);
  nc = n * n;
}

static void encode(const uint8_t *block) {
  const nonet_variant *v = rec.variant;
  int cells[NONET_VARIANT_MAX_CELLS];
  long lits[NONET_VARIANT_MAX_CELLS];
  nvars = (long)nc * n;
  for (int c = 0; c < nc; c++) {
    for (int d = 1; d <= n; d++) lits[d - 1] = x(c, d);
    clause(lits, n);
    for (int d = 1; d <= n; d++)
      for (int e = d + 1; e <= n; e++) clause2(-x(c, d), -x(c, e));
    if (rec.cells[c]) clause(&(long){x(c, rec.cells[c])}, 1);
  }
  for (int h = 0; h < nonet_variant_house_count(v); h++) {
    nonet_variant_house(v, h, NULL, cells);
    for (int d = 1; d <= n; d++) {
      for (int i = 0; i < n; i++) lits[i] = x(cells[i], d);
      clause(lits, n);
    }
    differ(cells, n);
  }
  static const nonet_constraint rel[3] = {NONET_CONSTRAINT_ANTI_KNIGHT,
                                          NONET_CONSTRAINT_ANTI_KING,
                                          NONET_CONSTRAINT_NONCONSECUTIVE};
  for (int q = 0; q < 3; q++)
    for (int a = 0; a < nc; a++) {
      int near[8], k = nonet_variant_related(v, a, rel[q], near, 8);
      for (int j = 0; j < k; j++) {
        int b = near[j];
        if (b < a) continue;
        for (int d = 1; d <= n; d++) {
          if (q < 2) clause2(-x(a, d), -x(b, d));
          if (q == 2 && d < n) {
            clause2(-x(a, d), -x(b, d + 1));
            clause2(-x(a, d + 1), -x(b, d));
          }
        }
      }
    }
  static unsigned set[1 << 16];
  for (int k = 0; k < nonet_variant_cage_count(v); k++) {
    int sum,
        size = nonet_variant_cage(v, k, &sum, cells, NONET_VARIANT_MAX_SIZE);
    differ(cells, size);
    long u = nvars; /* u(d) = u + d */
    nvars += n;
    for (int d = 1; d <= n; d++) {
      for (int i = 0; i < size; i++) {
        lits[i] = x(cells[i], d);
        clause2(-x(cells[i], d), u + d);
      }
      lits[size] = -(u + d);
      clause(lits, size + 1);
    }
    int count = 0;
    sets(1, size, sum, 0, set, &count, 1 << 16);
    long y = nvars, *any = malloc((size_t)(count ? count : 1) * sizeof *any);
    if (!any) exit(2);
    nvars += count;
    for (int s = 0; s < count; s++) {
      any[s] = y + s + 1;
      for (int d = 1; d <= n; d++)
        clause2(-(y + s + 1), (set[s] >> (d - 1) & 1) ? u + d : -(u + d));
    }
    clause(any, count);
    free(any);
  }
  if (block) {
    for (int c = 0; c < nc; c++) lits[c] = -x(c, block[c]);
    clause(lits, nc);
  }
}

int main(int argc, char **argv) {
  size_t len;
  if (argc == 3 && strcmp(argv[1], "--decode") == 0) {
    FILE *f = fopen(argv[2], "rb");
    if (!f) return 2;
    char *text = read_all(f, &len);
    fclose(f);
    load(text, len);
    uint8_t grid[NONET_VARIANT_MAX_CELLS] = {0};
    char line[1 << 16];
    int sat = 0;
    while (fgets(line, sizeof line, stdin)) {
      if (strncmp(line, "s SATISFIABLE", 13) == 0) sat = 1;
      if (line[0] != 'v') continue;
      for (char *p = line + 1; *p;) {
        long lit = strtol(p, &p, 10);
        if (lit > 0 && lit <= (long)nc * n)
          grid[(lit - 1) / n] = (uint8_t)((lit - 1) % n + 1);
        while (*p == ' ') p++;
        if (*p == '\n' || !*p) break;
      }
    }
    if (!sat) {
      puts("no solution");
      nonet_variant_free(rec.variant);
      free(text);
      return 1;
    }
    static char text_out[NONET_VARIANT_TEXT_MAX];
    nonet_variant_format(rec.variant, grid, NULL, NONET_FORMAT_LINE, 0,
                         text_out, sizeof text_out);
    puts(text_out);
    nonet_variant_free(rec.variant);
    free(text);
    return 0;
  }
  uint8_t block[NONET_VARIANT_MAX_CELLS];
  const uint8_t *blocked = NULL;
  char *text = read_all(stdin, &len);
  load(text, len);
  if (argc == 3 && strcmp(argv[1], "--block") == 0) {
    nonet_variant_record b;
    char err[200];
    if (nonet_variant_parse(argv[2], strlen(argv[2]), &b, err, sizeof err)) {
      fprintf(stderr, "variant_sat: --block: %s\n", err);
      nonet_variant_free(rec.variant);
      free(text);
      return 2;
    }
    memcpy(block, b.cells, (size_t)nc);
    nonet_variant_free(b.variant);
    blocked = block;
  }
  /* the clauses go to a temporary file: the header needs their count */
  out = tmpfile();
  if (!out) return 2;
  encode(blocked);
  printf("p cnf %ld %ld\n", nvars, nclauses);
  rewind(out);
  char buf[1 << 16];
  size_t got;
  while ((got = fread(buf, 1, sizeof buf, out)) > 0)
    fwrite(buf, 1, got, stdout);
  fclose(out);
  nonet_variant_free(rec.variant);
  free(text);
  return 0;
}
