/* backend.h: the back-ends behind nonet_render_book. */
#ifndef NONET_RENDER_BACKEND_H
#define NONET_RENDER_BACKEND_H

#include <stdio.h>

#include "layout.h"

/** HTML: one self-contained file, every page in it. */
int nonet__render_html(const nonet__layout *L, const nonet_render_puzzle *p,
                       const char *out, char *err, size_t errcap);

/** PDF (one file), SVG and PNG (one file a page), through cairo: the
 * entry points of the module nonet-cairo.so (cairo.c). */
int nonet__render_cairo(const nonet__layout *L, const nonet_render_puzzle *p,
                        const char *out, char *err, size_t errcap);
/** Frees cairo's caches (see nonet_render_release); in the module. */
void nonet__render_cairo_release(void);

/** The same through the module, opened on first use (module.c): -1 with
 * a message when it cannot be found. */
int nonet__cairo_load(char *err, size_t errcap);
int nonet__render_cairo_module(const nonet__layout *L,
                               const nonet_render_puzzle *p, const char *out,
                               char *err, size_t errcap);
/** Frees cairo's caches and closes the module, when it was opened. */
void nonet__cairo_release(void);

/** The digit to show at a cell of a slot (0: none). */
static inline int nonet__slot_digit(const nonet__slot *s,
                                    const nonet_render_puzzle *p, int cell) {
  return s->solution ? p->solution[cell] : p->cells[cell];
}

#endif
