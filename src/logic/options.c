/* options.c: the logic finder's options: which techniques, in what order,
 * and the uniqueness policy; set by id or from text. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "logic/grid.h"

void nonet__logic_options_init(nonet_logic_options *o) {
  memset(o, 0, sizeof *o);
  memcpy(o->order, nonet__default_order, NN_TECH_COUNT);
  o->count = NN_TECH_COUNT;
  o->uniqueness = NONET_UNIQUENESS_AUTO;
}

nonet_logic_options *nonet_logic_options_new(void) {
  nonet_logic_options *o = malloc(sizeof *o);
  if (o) nonet__logic_options_init(o);
  return o;
}

void nonet_logic_options_free(nonet_logic_options *o) { free(o); }

int nonet_logic_options_set(nonet_logic_options *o, nonet_technique t, int on) {
  if (!o || (int)t < 0 || t >= NN_TECH_COUNT) return NONET_EINVAL;
  int at = -1;
  for (int j = 0; j < o->count; j++)
    if (o->order[j] == t) at = j;
  if (on && at < 0) o->order[o->count++] = (uint8_t)t;
  if (!on && at >= 0) {
    memmove(o->order + at, o->order + at + 1, (size_t)(o->count - at - 1));
    o->count--;
  }
  return NONET_OK;
}

int nonet_logic_options_set_order(nonet_logic_options *o,
                                  const nonet_technique *order, size_t n) {
  uint8_t seen[NN_TECH_COUNT] = {0};
  if (!o || (n && !order) || n > NN_TECH_COUNT) return NONET_EINVAL;
  for (size_t j = 0; j < n; j++) {
    if ((int)order[j] < 0 || order[j] >= NN_TECH_COUNT || seen[order[j]])
      return NONET_EINVAL;
    seen[order[j]] = 1;
  }
  for (size_t j = 0; j < n; j++) o->order[j] = (uint8_t)order[j];
  o->count = (int)n;
  return NONET_OK;
}

int nonet_logic_options_set_uniqueness(nonet_logic_options *o,
                                       nonet_uniqueness u) {
  if (!o || (u != NONET_UNIQUENESS_AUTO && u != NONET_UNIQUENESS_OFF))
    return NONET_EINVAL;
  o->uniqueness = u;
  return NONET_OK;
}

size_t nonet_logic_options_order(const nonet_logic_options *o,
                                 nonet_technique *out, size_t cap) {
  if (!o) return 0;
  for (int j = 0; j < o->count && (size_t)j < cap && out; j++)
    out[j] = (nonet_technique)o->order[j];
  return (size_t)o->count;
}

/* A comma-separated list of keys or names: switched on in this order
 * (only them), or off (exclude). */
static int parse_list(nonet_logic_options *o, const char *list, int exclude,
                      char *err, size_t cap) {
  nonet_logic_options t = *o;
  char name[64];
  if (!exclude) t.count = 0;
  const char *p = list;
  while (*p) {
    size_t n = strcspn(p, ",");
    if (n >= sizeof name) {
      if (err && cap) snprintf(err, cap, "unknown technique '%.*s'", (int)n, p);
      return NONET_EINVAL;
    }
    if (n) {
      memcpy(name, p, n);
      name[n] = 0;
      int id = nonet_technique_from_name(name);
      if (id < 0) {
        if (err && cap)
          snprintf(err, cap, "unknown technique '%s' (see --list-techniques)",
                   name);
        return NONET_EINVAL;
      }
      nonet_logic_options_set(&t, (nonet_technique)id, !exclude);
    }
    p += n;
    if (*p == ',') p++;
  }
  *o = t;
  return NONET_OK;
}

int nonet_logic_options_parse(nonet_logic_options *o, const char *name,
                              const char *value, char *err, size_t cap) {
  if (!o || !name) return NONET_EINVAL;
  if (strcmp(name, "no-uniqueness") == 0) {
    o->uniqueness = NONET_UNIQUENESS_OFF;
    return NONET_OK;
  }
  if (strcmp(name, "techniques") == 0 || strcmp(name, "exclude") == 0) {
    if (!value) {
      if (err && cap) snprintf(err, cap, "--%s needs a list", name);
      return NONET_EINVAL;
    }
    return parse_list(o, value, name[0] == 'e', err, cap);
  }
  if (err && cap) snprintf(err, cap, "unknown option '%s'", name);
  return NONET_EINVAL;
}
