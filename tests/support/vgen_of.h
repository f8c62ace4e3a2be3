/* vgen_of.h: the generator's options for a test, through the public
 * API: a seed, then up to 4 name, value pairs (value NULL for a flag;
 * the list ends at 8 or at a NULL name), checked together. For cmocka
 * tests: include after <cmocka.h> and "nonet.h". */
#ifndef NONET_TEST_VGEN_OF_H
#define NONET_TEST_VGEN_OF_H

#include <stdint.h>
#include <stdio.h>

/* New options (the caller frees them); fails the test when one is
 * refused. */
static inline nonet_variant_gen *vgen_of(uint64_t seed,
                                         const char *const opts[8]) {
  nonet_variant_gen *o = nonet_variant_gen_new();
  char err[200], text[32];
  snprintf(text, sizeof text, "%llu", (unsigned long long)seed);
  assert_int_equal(nonet_variant_gen_parse(o, "seed", text, err, sizeof err),
                   NONET_OK);
  for (int i = 0; i < 8 && opts[i]; i += 2)
    if (nonet_variant_gen_parse(o, opts[i], opts[i + 1], err, sizeof err) !=
        NONET_OK)
      fail_msg("%s: %s", opts[i], err);
  if (nonet_variant_gen_check(o, err, sizeof err) != NONET_OK)
    fail_msg("check: %s", err);
  return o;
}

#endif
