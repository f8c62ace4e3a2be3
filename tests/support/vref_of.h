/* vref_of.h: a variant of the library handed to the referee
 * (tests/support/vref.h) as the JSON the library writes, which the
 * referee reads with its own reader. For cmocka tests: include after
 * <cmocka.h>, "nonet.h" and "support/vref.h". */
#ifndef NONET_TEST_VREF_OF_H
#define NONET_TEST_VREF_OF_H

/* The rules of v with `cells` as givens into p; fails the test when the
 * referee cannot read them. */
static inline void vref_of(const nonet_variant *v, const uint8_t *cells,
                           vref_puzzle *p) {
  static char text[NONET_VARIANT_TEXT_MAX];
  char err[200];
  nonet_variant_format(v, cells, NULL, NONET_FORMAT_JSON, 0, text, sizeof text);
  if (vref_parse_json(text, p, err, (int)sizeof err) != 0)
    fail_msg("referee cannot read %s: %s", text, err);
}

#endif
