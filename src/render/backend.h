/* backend.h: the back-ends behind nonet_render_book. */
#ifndef NONET_RENDER_BACKEND_H
#define NONET_RENDER_BACKEND_H

#include <stdio.h>

#include "layout.h"

/** HTML: one self-contained file, every page in it. */
int nonet__render_html(const nonet__layout *L, const nonet_render_puzzle *p,
                       const char *out, char *err, size_t errcap);

#ifdef NONET_HAVE_CAIRO
/** PDF (one file), SVG and PNG (one file a page), through cairo. */
int nonet__render_cairo(const nonet__layout *L, const nonet_render_puzzle *p,
                        const char *out, char *err, size_t errcap);

/** Frees cairo's caches (see nonet_render_release). */
void nonet__render_cairo_release(void);
#endif

/** The digit to show at a cell of a slot (0: none). */
static inline int nonet__slot_digit(const nonet__slot *s,
                                    const nonet_render_puzzle *p, int cell) {
  return s->solution ? p->solution[cell] : p->cells[cell];
}

#endif
