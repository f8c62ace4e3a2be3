/* render.h: printable puzzle pages (nonet render). Folder src/render:
 * owns the layout (layout.c), captions (text.c), the HTML back-end
 * (html.c) and the cairo module for PDF, SVG and PNG (cairo.c, opened by
 * module.c); calls the public API of libnonet. A library of its own
 * (nonet_render), linked only into the command: libnonet itself keeps no
 * dependency beyond libc. The PDF, SVG and PNG back-ends need cairo and
 * are built only when it was found (NONET_HAVE_CAIRO); HTML needs
 * nothing.
 *
 * Ownership: every pointer passed in stays the caller's; nothing is kept
 * after a call returns. No global mutable state. */
#ifndef NONET_RENDER_H
#define NONET_RENDER_H

#include <stddef.h>
#include <stdint.h>

#include "nonet.h"

/** Output formats. */
typedef enum nonet_render_format {
  NONET_RENDER_NONE = 0,
  NONET_RENDER_PDF = 1,
  NONET_RENDER_SVG = 2,
  NONET_RENDER_PNG = 3,
  NONET_RENDER_HTML = 4
} nonet_render_format;

/** Paper sizes. */
typedef enum nonet_render_paper {
  NONET_PAPER_A4 = 0,    /**< 210 x 297 mm */
  NONET_PAPER_LETTER = 1 /**< 8.5 x 11 in */
} nonet_render_paper;

/** Longest caption note kept (bytes, with the NUL). */
#define NONET_RENDER_NOTE_MAX 96

/** One puzzle of a book, filled in by the caller. */
typedef struct nonet_render_puzzle {
  uint8_t cells[NONET_VARIANT_MAX_CELLS];    /**< the givens, 0 = empty;
                                                  N*N row-major */
  uint8_t solution[NONET_VARIANT_MAX_CELLS]; /**< its solution, used with
                                                  `solutions` */
  unsigned long number;             /**< shown in the caption as "#number" */
  char note[NONET_RENDER_NOTE_MAX]; /**< level/rating ("" when unknown),
                                         valid UTF-8 */
  const nonet_variant *variant;     /**< the rules of a variant puzzle (its
                                         size, regions, extra regions, cages;
                                         named in the caption), NULL for
                                         the plain 9x9; stays the caller's */
} nonet_render_puzzle;

/** What to make. */
typedef struct nonet_render_opts {
  int format;        /**< a nonet_render_format */
  int paper;         /**< a nonet_render_paper */
  int per_page;      /**< 1, 2, 4 or 6 puzzles per page; 0: by the largest
                          grid, 4 up to 12x12, 2 with a 16x16, 1 with a
                          25x25 (nonet__auto_per_page) */
  int solutions;     /**< 1: small solution grids on pages at the end */
  int candidates;    /**< 1: pencil marks (candidates) in empty cells */
  const char *title; /**< page heading, or NULL/"" for none (UTF-8) */
  double dpi;        /**< PNG resolution (pixels per inch) */
  int numbers;       /**< 1: digits above 9 as numbers (10 .. 25), not the
                          letters A .. P */
} nonet_render_opts;

/** 1 when this build has the cairo back-ends (PDF, SVG, PNG). */
int nonet_render_have_cairo(void);

/** The i-th directory (from 0) where the cairo module and nonet-render
 * are looked for, into dir (cap bytes): NONET_MODULE_DIR when set, the
 * running program's directory (the build tree), NONET_MODULE_RELDIR from
 * it (an installed tree: bin/../lib/nonet). 0 when there is no i-th. In
 * builds with cairo only (module.c). */
int nonet_render_helper_dir(int i, char *dir, size_t cap);

/** The format named by "pdf", "svg", "png", "html" (or "htm"), else
 * NONET_RENDER_NONE. */
int nonet_render_format_from_name(const char *name);

/** The format implied by a file name's extension, else
 * NONET_RENDER_NONE. */
int nonet_render_format_from_path(const char *path);

/** Name of a format ("pdf", ...). */
const char *nonet_render_format_name(int format);

/**
 * The file that page `page` (0-based) of a book of `npages` pages goes to
 * for formats with one file per page (SVG, PNG): `out` itself when the
 * book has one page, else `out` with "-N" put before its extension
 * ("book.png" -> "book-1.png", ...), N padded with zeros to the width of
 * `npages` as pdftoppm does ("book-01.png" when there are 10 to 99).
 * Writes at most `cap` bytes with the NUL; returns the length needed.
 */
size_t nonet_render_page_path(const char *out, int page, int npages, char *buf,
                              size_t cap);

/** The number of pages a book of the `n` puzzles takes (`puzzles` may be
 * NULL: as many 9x9 grids). */
int nonet_render_page_count(const nonet_render_opts *o,
                            const nonet_render_puzzle *puzzles, size_t n);

/**
 * Makes the caption note from the text after the 81st cell of a
 * line-format record (nonet_record.tail), as written by `nonet rate`
 * (tab-separated: ER, EP, ED, level name) or by rated lists
 * ("\t7.2"): "level · ER 7.2" when the tail holds three numbers
 * (ER, EP, ED), "level · rating 7.2" for one number, the level alone
 * when it is a word; other text (a comment) is kept as it is,
 * shortened. Control characters become spaces and invalid UTF-8 '?'.
 * Writes at most `cap` bytes with the NUL (cut on a character
 * boundary).
 */
void nonet_render_note_from_tail(const char *tail, char *buf, size_t cap);

/** Copies `in` to `buf` as valid UTF-8 without control characters
 * (each bad byte becomes '?', each control character a space), cut on a
 * character boundary to fit `cap` bytes with the NUL. */
void nonet_render_clean_text(const char *in, char *buf, size_t cap);

/**
 * Renders `n` (>= 1) puzzles into `out` ("-" for standard output, PDF
 * and HTML only, or SVG/PNG books of one page). SVG and PNG books write
 * one file per page (see nonet_render_page_path). Returns 0, or -1 with
 * a message in `err` (`errcap` bytes).
 */
int nonet_render_book(const nonet_render_puzzle *puzzles, size_t n,
                      const nonet_render_opts *o, const char *out, char *err,
                      size_t errcap);

/**
 * Frees the font and surface caches cairo keeps after drawing (so that a
 * leak checker sees a clean exit). Call it only when no thread uses
 * cairo any more, e.g. just before the program ends.
 */
void nonet_render_release(void);

#endif
