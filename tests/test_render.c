/* test_render.c: the page layout of nonet render (every grid on its
 * page, inside the margins, apart from the others, each puzzle and each
 * solution exactly once), caption notes from record tails, page file
 * names and format names. The drawn books are checked by render/run.sh. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "nonet.h"
#include "render/layout.h"
#include "render/render.h"

static void note_is(const char *tail, const char *want) {
  char buf[NONET_RENDER_NOTE_MAX];
  nonet_render_note_from_tail(tail, buf, sizeof buf);
  if (strcmp(buf, want) != 0)
    fail_msg("tail '%s': note '%s', want '%s'", tail, buf, want);
}

static void test_notes(void **state) {
  (void)state;
  note_is("", "");
  note_is("   ", "");
  note_is("\t9.0\t1.2\t1.2", "ER 9.0"); /* SE list */
  note_is("\t9.0\t1.2\t1.2\tdiabolical",
          "diabolical \xc2\xb7 ER 9.0"); /* nonet rate */
  note_is("\t6.6", "rating 6.6");        /* one column */
  note_is("  7.2 ", "rating 7.2");
  note_is("\teasy", "easy");
  note_is("\teasy\t3.4", "easy \xc2\xb7 rating 3.4");
  note_is(" 8.5 rating kept apart", "8.5 rating kept apart"); /* a comment */
  note_is("\t\xff\xfehard", "??hard");                        /* bad UTF-8 */
  note_is("\tn\xc3\xa4hrisch", "n\xc3\xa4hrisch");            /* good UTF-8 */
  note_is("\tbell\a", "bell");                                /* controls */
  /* a solution after the puzzle (generate --solution, convert -s) is not
   * a rating: it never shows on the puzzle's page */
  static const char sol[] = "359246718461873529278915346536481972894327165"
                            "712659834143592687987164253625738491";
  char with[128];
  snprintf(with, sizeof with, "\t%s", sol);
  note_is(with, "");
  snprintf(with, sizeof with, " %s", sol);
  note_is(with, "");
  /* rate -T and --by technique: the level, not the technique after it */
  note_is("\t4.2\t1.2\t1.2\tHard\tXY-Wing", "Hard \xc2\xb7 ER 4.2");
  note_is("\tMedium\tLocked Candidates Type 1 (Pointing)", "Medium");
  /* rate -f csv: the commas separate the fields */
  note_is(",4.2,1.2,1.2,Hard", "Hard \xc2\xb7 ER 4.2");
  /* a long comment is cut short, on a character boundary */
  char tail[300], buf[NONET_RENDER_NOTE_MAX];
  memset(tail, 'x', sizeof tail - 1);
  tail[sizeof tail - 1] = 0;
  nonet_render_note_from_tail(tail, buf, sizeof buf);
  assert_true(strlen(buf) > 20 && strlen(buf) < 48);
  assert_non_null(strstr(buf, "\xe2\x80\xa6")); /* an ellipsis */
  nonet_render_note_from_tail("\t\xc3\xa9\xc3\xa9\xc3\xa9", buf, 4);
  assert_string_equal(buf, "\xc3\xa9");
}

/* 1 when s is valid UTF-8 without control characters. */
static int clean_utf8(const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  while (*p) {
    if (*p < 0x20 || *p == 0x7f) return 0;
    int n = *p < 0x80         ? 1
            : (*p >> 5) == 6  ? 2
            : (*p >> 4) == 14 ? 3
            : (*p >> 3) == 30 ? 4
                              : 0;
    if (!n) return 0;
    for (int k = 1; k < n; k++)
      if ((p[k] & 0xc0) != 0x80) return 0;
    p += n;
  }
  return 1;
}

/* Random tails (any bytes, many tabs and high bytes) always give a short
 * note of clean UTF-8, whatever the buffer size. */
static void test_notes_random(void **state) {
  (void)state;
  uint64_t x = 88172645463325252ull;
  for (int t = 0; t < 20000; t++) {
    char tail[NONET_TAIL_MAX];
    size_t len = 0;
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    size_t want = x % sizeof tail;
    while (len < want) {
      x ^= x << 13, x ^= x >> 7, x ^= x << 17;
      unsigned b = (unsigned)(x >> 24) & 0xff;
      tail[len++] = (char)(b % 5 == 0   ? '\t'
                           : b % 7 == 0 ? '.'
                           : b == 0     ? 'a'
                                        : b);
    }
    tail[len] = 0;
    size_t cap = 1 + (size_t)(x % NONET_RENDER_NOTE_MAX);
    char buf[NONET_RENDER_NOTE_MAX];
    memset(buf, 0x55, sizeof buf);
    nonet_render_note_from_tail(tail, buf, cap);
    assert_true(strlen(buf) < cap);
    assert_true(clean_utf8(buf));
  }
}

static void test_clean_text(void **state) {
  (void)state;
  char buf[16];
  nonet_render_clean_text("a\tb\nc", buf, sizeof buf);
  assert_string_equal(buf, "a b c");
  nonet_render_clean_text("\xc0\x80x", buf, sizeof buf); /* overlong */
  assert_string_equal(buf, "??x");
  nonet_render_clean_text("\xed\xa0\x80", buf, sizeof buf); /* surrogate */
  assert_string_equal(buf, "???");
  nonet_render_clean_text("\xe2\x82\xac\xe2\x82\xac", buf, 6); /* two euros */
  assert_string_equal(buf, "\xe2\x82\xac");
  nonet_render_clean_text(NULL, buf, sizeof buf);
  assert_string_equal(buf, "");
}

static void path_is(const char *out, int page, int npages, const char *want) {
  char buf[64];
  size_t n = nonet_render_page_path(out, page, npages, buf, sizeof buf);
  assert_string_equal(buf, want);
  assert_int_equal(n, strlen(want));
}

static void test_page_paths(void **state) {
  (void)state;
  path_is("book.png", 0, 1, "book.png");
  path_is("book.png", 0, 3, "book-1.png");
  path_is("book.png", 2, 3, "book-3.png");
  path_is("book.png", 0, 12, "book-01.png");
  path_is("book.png", 11, 12, "book-12.png");
  path_is("out/book.v2.svg", 99, 100, "out/book.v2-100.svg");
  path_is("a.d/book", 0, 2, "a.d/book-1");
  path_is(".svg", 0, 2, ".svg-1");
  char small[6];
  assert_int_equal(
      nonet_render_page_path("book.png", 0, 2, small, sizeof small),
      strlen("book-1.png"));
}

static void test_formats(void **state) {
  (void)state;
  assert_int_equal(nonet_render_format_from_path("a.pdf"), NONET_RENDER_PDF);
  assert_int_equal(nonet_render_format_from_path("x/A.PDF"), NONET_RENDER_PDF);
  assert_int_equal(nonet_render_format_from_path("a.svg"), NONET_RENDER_SVG);
  assert_int_equal(nonet_render_format_from_path("a.png"), NONET_RENDER_PNG);
  assert_int_equal(nonet_render_format_from_path("a.htm"), NONET_RENDER_HTML);
  assert_int_equal(nonet_render_format_from_path("a.html"), NONET_RENDER_HTML);
  assert_int_equal(nonet_render_format_from_path("a"), NONET_RENDER_NONE);
  assert_int_equal(nonet_render_format_from_path("x.pdf/a"), NONET_RENDER_NONE);
  assert_int_equal(nonet_render_format_from_path("a.txt"), NONET_RENDER_NONE);
  assert_int_equal(nonet_render_format_from_name("png"), NONET_RENDER_PNG);
  assert_string_equal(nonet_render_format_name(NONET_RENDER_HTML), "html");
}

/* The rectangle a slot takes: its caption band and its grid, lines
 * included. */
static void slot_box(const nonet__slot *s, double *x0, double *y0, double *x1,
                     double *y1) {
  *x0 = s->x - s->thick / 2;
  *x1 = s->x + s->size + s->thick / 2;
  *y0 = s->label_y - s->label_pt; /* the caption's ascent */
  *y1 = s->y + s->size + s->thick / 2;
}

/* Every combination of options and a few book sizes: page counts, each
 * puzzle (and solution) exactly once and in order, everything inside the
 * margins, nothing overlapping, sizes a person can write in. */
static void test_layout(void **state) {
  (void)state;
  static const int pers[] = {1, 2, 4, 6};
  static const size_t ns[] = {1, 2, 5, 7, 24, 25, 100};
  for (int paper = 0; paper < 2; paper++)
    for (int pi = 0; pi < 4; pi++)
      for (int title = 0; title < 2; title++)
        for (int sol = 0; sol < 2; sol++)
          for (size_t ni = 0; ni < sizeof ns / sizeof *ns; ni++) {
            nonet_render_opts o = {
                NONET_RENDER_PDF,     paper, pers[pi], sol, 1,
                title ? "Title" : "", 150,   0};
            size_t n = ns[ni];
            nonet__layout L;
            assert_int_equal(nonet__layout_init(&L, &o, NULL, n), 0);
            int per = pers[pi];
            int sper = paper == NONET_PAPER_A4 ? 20 : 16; /* as designed */
            int want = (int)((n + per - 1) / per) +
                       (sol ? (int)((n + sper - 1) / sper) : 0);
            assert_int_equal(nonet__layout_pages(&L), want);
            assert_int_equal(nonet_render_page_count(&o, NULL, n), want);
            size_t next_puzzle = 0, next_solution = 0;
            for (int pg = 0; pg < want; pg++) {
              nonet__page p;
              nonet__layout_page(&L, pg, &p);
              assert_true(p.nslots >= 1);
              double m = 36.0; /* no printer needs more than half an inch */
              if (p.has_header) {
                assert_true(p.header_y - p.header_pt >= m);
                assert_string_equal(nonet__layout_header(&L, &p),
                                    p.solutions ? "Solutions" : "Title");
              } else {
                assert_false(title && !p.solutions);
              }
              for (int k = 0; k < p.nslots; k++) {
                const nonet__slot *s = &p.slots[k];
                size_t *next = p.solutions ? &next_solution : &next_puzzle;
                assert_int_equal(s->puzzle, *next);
                (*next)++;
                assert_int_equal(s->solution, p.solutions);
                double x0, y0, x1, y1;
                slot_box(s, &x0, &y0, &x1, &y1);
                assert_true(x0 >= m && y0 >= m);
                assert_true(x1 <= p.width - m && y1 <= p.height - m);
                if (p.has_header) assert_true(y0 > p.header_y + 4);
                assert_true(s->label_y < s->y - s->thick); /* above the grid */
                assert_true(fabs(s->cell * 9 - s->size) < 1e-9);
                /* a pencil fits: 7 mm cells for puzzles, 4 mm for
                 * solutions; digits and marks fit in their cells */
                assert_true(s->cell >= (p.solutions ? 11.0 : 20.0));
                assert_true(s->digit_pt < s->cell * 0.7);
                assert_true(s->thin >= 0.5 && s->thick > 2 * s->thin);
                if (!p.solutions) {
                  assert_true(s->cand_pt > 0 && s->cand_pt * 3 < s->cell);
                } else {
                  assert_true(s->cand_pt == 0);
                }
                for (int j = 0; j < k; j++) {
                  double a0, b0, a1, b1;
                  slot_box(&p.slots[j], &a0, &b0, &a1, &b1);
                  int apart = x0 >= a1 + 6 || a0 >= x1 + 6 || y0 >= b1 + 6 ||
                              b0 >= y1 + 6;
                  if (!apart)
                    fail_msg("page %d: slots %d and %d overlap", pg, j, k);
                }
              }
            }
            assert_int_equal(next_puzzle, n);
            assert_int_equal(next_solution, sol ? n : 0);
          }
}

/* With per_page 0 the book's largest grid sets the scale: every size
 * from 4x4 to 25x25, on both papers, with and without a title, alone
 * and after smaller grids, gets puzzle cells of at least 18 points (a
 * 25x25 four a page had 9.6) and solution cells of at least 9.5 (a
 * 25x25 four a row had 4.6); the page count follows the per_page
 * chosen; a per_page the caller gives is kept. */
static void test_auto_scale(void **state) {
  (void)state;
  static const int sizes[] = {4, 6, 8, 9, 12, 16, 25};
  static const int boxr[] = {2, 2, 2, 3, 3, 4, 5};
  nonet_render_puzzle *p = calloc(6, sizeof *p);
  assert_non_null(p);
  for (int si = 0; si < 7; si++) {
    nonet_variant *v = NULL, *small = NULL;
    assert_int_equal(nonet_variant_new(&v, sizes[si], boxr[si],
                                       sizes[si] / boxr[si], NULL, 0),
                     NONET_OK);
    assert_int_equal(nonet_variant_new(&small, 6, 2, 3, NULL, 0), NONET_OK);
    for (int k = 0; k < 6; k++) {
      p[k].number = (unsigned long)k + 1;
      p[k].variant = k == 5 ? v : small; /* the largest comes last */
    }
    int side = sizes[si] > 9 ? sizes[si] : 9;
    int per = nonet__auto_per_page(side);
    assert_int_equal(per, side >= 25 ? 1 : side >= 16 ? 2 : 4);
    for (int paper = 0; paper < 2; paper++)
      for (int title = 0; title < 2; title++) {
        nonet_render_opts o = {NONET_RENDER_PDF,     paper, 0, 1, 1,
                               title ? "Title" : "", 150,   0};
        nonet__layout L;
        assert_int_equal(nonet__layout_init(&L, &o, p, 6), 0);
        assert_int_equal(L.opts.per_page, per);
        int pages = nonet__layout_pages(&L);
        assert_int_equal(nonet_render_page_count(&o, p, 6), pages);
        assert_int_equal(L.puzzle_pages, (6 + per - 1) / per);
        for (int pg = 0; pg < pages; pg++) {
          nonet__page pa;
          nonet__layout_page(&L, pg, &pa);
          for (int k = 0; k < pa.nslots; k++) {
            const nonet__slot *sl = &pa.slots[k];
            if (sl->n != sizes[si]) continue;
            assert_true(fabs(sl->cell * sl->n - sl->size) < 1e-9);
            if (pa.solutions)
              assert_true(sl->cell >= 9.5);
            else
              assert_true(sl->cell >= 18.0);
            assert_true(sl->digit_pt < sl->cell * 0.7);
          }
        }
        /* the caller's choice stays */
        o.per_page = 6;
        assert_int_equal(nonet__layout_init(&L, &o, p, 6), 0);
        assert_int_equal(L.opts.per_page, 6);
      }
    nonet_variant_free(v);
    nonet_variant_free(small);
  }
  free(p);
}

static void test_bad_options(void **state) {
  (void)state;
  nonet__layout L;
  nonet_render_opts o = {
      NONET_RENDER_PDF, NONET_PAPER_A4, 3, 0, 0, NULL, 150, 0};
  assert_int_equal(nonet__layout_init(&L, &o, NULL, 5), -1);
  o.per_page = 4;
  o.paper = 7;
  assert_int_equal(nonet__layout_init(&L, &o, NULL, 5), -1);
  o.paper = NONET_PAPER_LETTER;
  char err[128];
  nonet_render_puzzle p;
  memset(&p, 0, sizeof p);
  assert_int_equal(nonet_render_book(&p, 0, &o, "x.pdf", err, sizeof err), -1);
  assert_non_null(strstr(err, "no puzzles"));
  o.format = NONET_RENDER_SVG;
  p.number = 1;
  nonet_render_puzzle many[5];
  for (int k = 0; k < 5; k++) many[k] = p;
  /* five puzzles four a page: two SVG files, which stdout cannot take */
  assert_int_equal(nonet_render_book(many, 5, &o, "-", err, sizeof err), -1);
  assert_non_null(strstr(err, "needs a file name"));
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_notes),      cmocka_unit_test(test_notes_random),
      cmocka_unit_test(test_clean_text), cmocka_unit_test(test_page_paths),
      cmocka_unit_test(test_formats),    cmocka_unit_test(test_layout),
      cmocka_unit_test(test_auto_scale), cmocka_unit_test(test_bad_options),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
