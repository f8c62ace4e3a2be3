/* checkpath: an independent checker of `nonet explain --format jsonl`.
 *
 *   checkpath [--solved] PUZZLES OUTPUT
 *
 * PUZZLES holds one 81-cell puzzle per line ('#' lines skipped); OUTPUT
 * the JSON lines nonet printed for them, in the same order. Each line
 * must be exactly an object {"puzzle": "...", "steps": [{"technique":
 * "...", "placements": [[r,c,d],...], "eliminations": [[r,c,d],...],
 * "text": "..."}, ...], "solved": true|false} (1-based rows, columns,
 * digits), naming its puzzle. Replayed on the puzzle with candidates
 * computed here, every placement must be a candidate and the digit of
 * the puzzle's unique solution (by the DLX counter of support/ref.c),
 * every elimination a candidate that is not; "solved" must say whether
 * the grid got full. With --solved every puzzle must be solved. Exit 0
 * when every line checks. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "support/ref.h"

typedef struct cur {
  const char *p;
  int bad;
} cur;

static void ws(cur *c) {
  while (*c->p == ' ' || *c->p == '\t') c->p++;
}

static int lit(cur *c, const char *s) {
  ws(c);
  size_t n = strlen(s);
  if (strncmp(c->p, s, n) != 0) return c->bad = 1, 0;
  c->p += n;
  return 1;
}

/* a JSON string into buf (escapes \" \\ \uXXXX below 0x80 only) */
static int str(cur *c, char *buf, size_t cap) {
  ws(c);
  if (*c->p != '"') return c->bad = 1, 0;
  c->p++;
  size_t n = 0;
  while (*c->p && *c->p != '"') {
    char ch = *c->p++;
    if (ch == '\\') {
      ch = *c->p++;
      if (ch == 'u') {
        unsigned v = 0;
        for (int k = 0; k < 4; k++) {
          char h = *c->p++;
          v = v * 16 + (unsigned)(h >= 'a'   ? h - 'a' + 10
                                  : h >= 'A' ? h - 'A' + 10
                                             : h - '0');
        }
        ch = (char)v;
      } else if (ch != '"' && ch != '\\') {
        return c->bad = 1, 0;
      }
    }
    if (n + 1 < cap) buf[n++] = ch;
  }
  if (*c->p != '"') return c->bad = 1, 0;
  c->p++;
  buf[n] = 0;
  return 1;
}

static int num(cur *c, int *v) {
  ws(c);
  if (*c->p < '0' || *c->p > '9') return c->bad = 1, 0;
  *v = 0;
  while (*c->p >= '0' && *c->p <= '9') *v = *v * 10 + (*c->p++ - '0');
  return 1;
}

/* [[r,c,d],...] */
static int triples(cur *c, int (*out)[3], int cap, int *n) {
  *n = 0;
  if (!lit(c, "[")) return 0;
  ws(c);
  if (*c->p == ']') return c->p++, 1;
  for (;;) {
    int t[3];
    if (!lit(c, "[") || !num(c, &t[0]) || !lit(c, ",") || !num(c, &t[1]) ||
        !lit(c, ",") || !num(c, &t[2]) || !lit(c, "]"))
      return 0;
    for (int k = 0; k < 3; k++)
      if (t[k] < 1 || t[k] > 9) return c->bad = 1, 0;
    if (*n < cap) memcpy(out[(*n)++], t, sizeof t);
    ws(c);
    if (*c->p == ',') {
      c->p++;
      continue;
    }
    return lit(c, "]");
  }
}

/* candidates from the placed cells */
static void candidates(const uint8_t g[81], unsigned cand[81]) {
  for (int i = 0; i < 81; i++) {
    cand[i] = 0;
    if (g[i]) continue;
    unsigned used = 0;
    for (int j = 0; j < 81; j++)
      if (g[j] && (j / 9 == i / 9 || j % 9 == i % 9 ||
                   (j / 27 == i / 27 && (j % 9) / 3 == (i % 9) / 3)))
        used |= 1u << g[j];
    for (int d = 1; d <= 9; d++)
      if (!(used & (1u << d))) cand[i] |= 1u << d;
  }
}

static void place(uint8_t g[81], unsigned cand[81], int i, int d) {
  g[i] = (uint8_t)d;
  cand[i] = 0;
  for (int j = 0; j < 81; j++)
    if (j / 9 == i / 9 || j % 9 == i % 9 ||
        (j / 27 == i / 27 && (j % 9) / 3 == (i % 9) / 3))
      cand[j] &= ~(1u << d);
}

/* checks one line; returns an error message or NULL */
static const char *check(const char *line, const uint8_t p[81],
                         int need_solved) {
  static char msg[256];
  uint8_t sol[81], g[81];
  unsigned cand[81];
  if (ref_count(p, 2, sol) != 1) return "puzzle has no unique solution";
  memcpy(g, p, 81);
  candidates(g, cand);
  cur c = {line, 0};
  char buf[16384];
  static int tr[729][3];
  if (!lit(&c, "{\"puzzle\":") || !str(&c, buf, sizeof buf)) return "no puzzle";
  for (int i = 0; i < 81; i++)
    if (buf[i] != (p[i] ? '0' + p[i] : '.')) return "wrong puzzle";
  if (!lit(&c, ",") || !lit(&c, "\"steps\":") || !lit(&c, "["))
    return "no steps";
  ws(&c);
  int steps = 0;
  while (*c.p == '{') {
    int np, ne;
    if (!lit(&c, "{\"technique\":") || !str(&c, buf, sizeof buf) || !buf[0])
      return "no technique";
    if (!lit(&c, ",") || !lit(&c, "\"placements\":") ||
        !triples(&c, tr, 729, &np))
      return "bad placements";
    for (int k = 0; k < np; k++) {
      int i = (tr[k][0] - 1) * 9 + tr[k][1] - 1, d = tr[k][2];
      if (!(cand[i] & (1u << d)) || sol[i] != d) {
        snprintf(msg, sizeof msg, "step %d: wrong placement r%dc%d=%d",
                 steps + 1, tr[k][0], tr[k][1], d);
        return msg;
      }
      place(g, cand, i, d);
    }
    if (!lit(&c, ",") || !lit(&c, "\"eliminations\":") ||
        !triples(&c, tr, 729, &ne))
      return "bad eliminations";
    for (int k = 0; k < ne; k++) {
      int i = (tr[k][0] - 1) * 9 + tr[k][1] - 1, d = tr[k][2];
      if (!(cand[i] & (1u << d)) || sol[i] == d) {
        snprintf(msg, sizeof msg, "step %d: wrong elimination r%dc%d<>%d",
                 steps + 1, tr[k][0], tr[k][1], d);
        return msg;
      }
      cand[i] &= ~(1u << d);
    }
    if (np + ne == 0) return "empty step";
    if (!lit(&c, ",") || !lit(&c, "\"text\":") || !str(&c, buf, sizeof buf) ||
        !buf[0] || !lit(&c, "}"))
      return "bad text";
    steps++;
    ws(&c);
    if (*c.p == ',') c.p++;
    ws(&c);
  }
  if (!lit(&c, "]") || !lit(&c, ",") || !lit(&c, "\"solved\":"))
    return "no solved";
  ws(&c);
  int solved = strncmp(c.p, "true", 4) == 0;
  if (!lit(&c, solved ? "true" : "false") || !lit(&c, "}")) return "bad solved";
  ws(&c);
  if (*c.p && *c.p != '\n') return "text after the object";
  int full = 1;
  for (int i = 0; i < 81; i++) full &= g[i] != 0;
  if (full != solved) return "\"solved\" does not match the grid";
  if (need_solved && !solved) return "not solved";
  if (c.bad) return "malformed";
  return NULL;
}

int main(int argc, char **argv) {
  int need = argc > 1 && strcmp(argv[1], "--solved") == 0;
  if (argc != 3 + need) {
    fprintf(stderr, "usage: checkpath [--solved] PUZZLES OUTPUT\n");
    return 2;
  }
  FILE *pf = fopen(argv[1 + need], "r"), *of = fopen(argv[2 + need], "r");
  if (!pf || !of) {
    fprintf(stderr, "checkpath: cannot open input\n");
    return 2;
  }
  size_t cap = 1 << 20;
  char pl[512], *ol = malloc(cap);
  long n = 0, bad = 0;
  while (fgets(pl, sizeof pl, pf)) {
    if (pl[0] == '#' || strlen(pl) < 81) continue;
    n++;
    if (!fgets(ol, (int)cap, of)) {
      fprintf(stderr, "checkpath: output ends at puzzle %ld\n", n);
      return 1;
    }
    uint8_t p[81];
    ref_from_string(pl, p);
    const char *err = check(ol, p, need);
    if (err && bad++ < 5)
      fprintf(stderr, "checkpath: puzzle %ld: %s\n", n, err);
  }
  if (fgets(ol, (int)cap, of)) {
    fprintf(stderr, "checkpath: more output lines than puzzles\n");
    bad++;
  }
  free(ol);
  printf("checkpath: %ld paths, %ld bad\n", n, bad);
  return bad ? 1 : 0;
}
