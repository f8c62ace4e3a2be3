/* level.c: the names of the difficulty levels both rating scales use. */
#include <strings.h>

#include "nonet.h"

static const char *const names[] = {"Easy",   "Medium",  "Hard",
                                    "Expert", "Extreme", "Trial-and-error"};

const char *nonet_level_name(nonet_level level) {
  return (int)level >= 0 && level <= NONET_LEVEL_TRIAL ? names[level] : "?";
}

int nonet_level_from_name(const char *name) {
  if (!name) return NONET_EINVAL;
  for (int k = 0; k <= NONET_LEVEL_TRIAL; k++)
    if (strcasecmp(name, names[k]) == 0) return k;
  if (strcasecmp(name, "trial") == 0) return NONET_LEVEL_TRIAL;
  return NONET_EINVAL;
}
