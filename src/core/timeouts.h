/* timeouts.h: the default timeout of generator searches that may take
 * long and find nothing (clue bounds, patterns, rating bands; variant
 * searches), which front ends set when the caller gave none: one value
 * for both generators (nonet_gen_search_timeout,
 * nonet_variant_gen_search_timeout). */
#ifndef NONET_CORE_TIMEOUTS_H
#define NONET_CORE_TIMEOUTS_H

#define NONET__SEARCH_TIMEOUT 120.0 /* seconds */

#endif
