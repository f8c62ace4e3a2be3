/* fpuzzles.c: f-puzzles links. Not read yet: the link is recognised and
 * refused with a clear message. */
#include <stdio.h>

#include "variant.h"

int nonet__v_fpuzzles_parse(const char *s, size_t len, vdraft *d, char *err,
                            size_t errcap) {
  (void)s;
  (void)len;
  (void)d;
  if (err && errcap)
    snprintf(err, errcap, "f-puzzles links are not read by this version");
  return NONET_EPARSE;
}
