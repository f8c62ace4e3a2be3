/* tech.c: one descriptor per variant technique (name, key, level, finder,
 * size), in the default order (easiest first); the options (which
 * techniques, in what order). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vlogic/vlogic.h"

#define E NONET_LEVEL_EASY
#define M NONET_LEVEL_MEDIUM
#define H NONET_LEVEL_HARD
#define X NONET_LEVEL_EXPERT

static const vl_tech techs[] = {
    [NONET_VTECH_FULL_HOUSE] = {"Full House", "full-house", E,
                                nonet__vl_full_house},
    [NONET_VTECH_NAKED_SINGLE] = {"Naked Single", "naked-single", E,
                                  nonet__vl_naked_single},
    [NONET_VTECH_HIDDEN_SINGLE] = {"Hidden Single", "hidden-single", E,
                                   nonet__vl_hidden_single},
    [NONET_VTECH_CAGE_COMBINATION] = {"Cage Combination", "cage-combination", E,
                                      nonet__vl_cage_combination},
    [NONET_VTECH_LOCKED_CANDIDATES] = {"Locked Candidates", "locked-candidates",
                                       M, nonet__vl_locked},
    [NONET_VTECH_INNIES] = {"Innies", "innies", M, nonet__vl_rule45},
    [NONET_VTECH_OUTIES] = {"Outies", "outies", M, nonet__vl_rule45},
    [NONET_VTECH_NAKED_PAIR] = {"Naked Pair", "naked-pair", M,
                                nonet__vl_naked_subset},
    [NONET_VTECH_HIDDEN_PAIR] = {"Hidden Pair", "hidden-pair", M,
                                 nonet__vl_hidden_subset},
    [NONET_VTECH_NAKED_TRIPLE] = {"Naked Triple", "naked-triple", M,
                                  nonet__vl_naked_subset},
    [NONET_VTECH_HIDDEN_TRIPLE] = {"Hidden Triple", "hidden-triple", M,
                                   nonet__vl_hidden_subset},
    [NONET_VTECH_CAGE_SPLITTING] = {"Cage Splitting", "cage-splitting", H,
                                    nonet__vl_rule45},
    [NONET_VTECH_NAKED_QUAD] = {"Naked Quad", "naked-quad", H,
                                nonet__vl_naked_subset},
    [NONET_VTECH_HIDDEN_QUAD] = {"Hidden Quad", "hidden-quad", H,
                                 nonet__vl_hidden_subset},
    [NONET_VTECH_X_WING] = {"X-Wing", "x-wing", H, nonet__vl_fish},
    [NONET_VTECH_SWORDFISH] = {"Swordfish", "swordfish", H, nonet__vl_fish},
    [NONET_VTECH_JELLYFISH] = {"Jellyfish", "jellyfish", H, nonet__vl_fish},
    [NONET_VTECH_TRIAL] = {"Trial and Error", "trial", NONET_LEVEL_TRIAL,
                           nonet__vl_trial},
    [NONET_VTECH_X_CHAIN] = {"X-Chain", "x-chain", X, nonet__vl_chain},
    [NONET_VTECH_XY_CHAIN] = {"XY-Chain", "xy-chain", X, nonet__vl_chain},
    [NONET_VTECH_AIC] = {"AIC", "aic", X, nonet__vl_chain},
    [NONET_VTECH_FORCING_NET] = {"Forcing Net", "forcing-net",
                                 NONET_LEVEL_EXTREME, nonet__vl_forcing},
    [NONET_VTECH_RELATION_POINTING] = {"Relation Pointing", "relation-pointing",
                                       H, nonet__vl_pointing},
};

#define COUNT ((int)(sizeof techs / sizeof *techs))

/* The default order, easiest first: the ids as they were added but for
 * relation pointing, after the triples, and trial and error, last. */
static const nonet_vtech default_order[] = {NONET_VTECH_FULL_HOUSE,
                                            NONET_VTECH_NAKED_SINGLE,
                                            NONET_VTECH_HIDDEN_SINGLE,
                                            NONET_VTECH_CAGE_COMBINATION,
                                            NONET_VTECH_LOCKED_CANDIDATES,
                                            NONET_VTECH_INNIES,
                                            NONET_VTECH_OUTIES,
                                            NONET_VTECH_NAKED_PAIR,
                                            NONET_VTECH_HIDDEN_PAIR,
                                            NONET_VTECH_NAKED_TRIPLE,
                                            NONET_VTECH_HIDDEN_TRIPLE,
                                            NONET_VTECH_RELATION_POINTING,
                                            NONET_VTECH_CAGE_SPLITTING,
                                            NONET_VTECH_NAKED_QUAD,
                                            NONET_VTECH_HIDDEN_QUAD,
                                            NONET_VTECH_X_WING,
                                            NONET_VTECH_SWORDFISH,
                                            NONET_VTECH_JELLYFISH,
                                            NONET_VTECH_X_CHAIN,
                                            NONET_VTECH_XY_CHAIN,
                                            NONET_VTECH_AIC,
                                            NONET_VTECH_FORCING_NET,
                                            NONET_VTECH_TRIAL};

_Static_assert(sizeof default_order / sizeof *default_order ==
                   sizeof techs / sizeof *techs,
               "every technique has a place in the default order");

static nonet_vtech default_at(int j) { return default_order[j]; }

const vl_tech *nonet__vl_tech(int t) {
  return t >= 0 && t < COUNT ? &techs[t] : NULL;
}

int nonet_vtech_count(void) { return COUNT; }

const char *nonet_vtech_name(nonet_vtech t) {
  return nonet__vl_tech((int)t) ? techs[t].name : "?";
}

const char *nonet_vtech_key(nonet_vtech t) {
  return nonet__vl_tech((int)t) ? techs[t].key : "?";
}

int nonet_vtech_level(nonet_vtech t) {
  return nonet__vl_tech((int)t) ? techs[t].level : NONET_EINVAL;
}

/* Names match whatever their case, with ' ', '_' and '-' alike. */
static int same_name(const char *a, const char *b, size_t alen) {
  size_t i = 0;
  for (; i < alen && *b; i++, b++) {
    char x = a[i] == ' ' || a[i] == '_' ? '-' : a[i], y = *b == ' ' ? '-' : *b;
    if (tolower((unsigned char)x) != tolower((unsigned char)y)) return 0;
  }
  return i == alen && !*b;
}

static int lookup(const char *name, size_t len) {
  for (int t = 0; t < COUNT; t++)
    if (same_name(name, techs[t].key, len) ||
        same_name(name, techs[t].name, len))
      return t;
  return NONET_EINVAL;
}

int nonet_vtech_from_name(const char *name) {
  return name ? lookup(name, strlen(name)) : NONET_EINVAL;
}

/* ---- options ------------------------------------------------------------ */

nonet_vlogic_options *nonet_vlogic_options_new(void) {
  nonet_vlogic_options *o = calloc(1, sizeof *o);
  if (!o) return NULL;
  for (int j = 0; j < COUNT; j++) o->order[o->n++] = default_at(j);
  return o;
}

void nonet_vlogic_options_free(nonet_vlogic_options *o) { free(o); }

int nonet_vlogic_options_set_order(nonet_vlogic_options *o,
                                   const nonet_vtech *order, size_t n) {
  if (!o || (n && !order) || n > (size_t)COUNT) return NONET_EINVAL;
  int seen[NONET_VTECH_SLOTS] = {0};
  for (size_t j = 0; j < n; j++)
    if (!nonet__vl_tech((int)order[j]) || seen[order[j]]++) return NONET_EINVAL;
  for (size_t j = 0; j < n; j++) o->order[j] = order[j];
  o->n = (int)n;
  return NONET_OK;
}

size_t nonet_vlogic_options_order(const nonet_vlogic_options *o,
                                  nonet_vtech *out, size_t cap) {
  nonet_vtech def[NONET_VTECH_SLOTS];
  if (!o) {
    for (int j = 0; j < COUNT; j++) def[j] = default_at(j);
  }
  const nonet_vtech *order = o ? o->order : def;
  size_t n = o ? (size_t)o->n : (size_t)COUNT;
  for (size_t j = 0; j < n && j < cap; j++) out[j] = order[j];
  return n;
}

int nonet_vlogic_options_parse(nonet_vlogic_options *o, const char *name,
                               const char *value, char *err, size_t errcap) {
  int only = name && !strcmp(name, "techniques");
  if (!o || !name || (!only && strcmp(name, "exclude")) || !value) {
    if (err && errcap)
      snprintf(err, errcap, "unknown option '%s'", name ? name : "");
    return NONET_EINVAL;
  }
  nonet_vtech list[NONET_VTECH_SLOTS];
  size_t n = 0;
  int listed[NONET_VTECH_SLOTS] = {0};
  for (const char *p = value; *p;) {
    while (*p == ',' || *p == ' ') p++;
    size_t len = strcspn(p, ",");
    while (len && p[len - 1] == ' ') len--;
    if (!len) break;
    int t = lookup(p, len);
    if (t < 0) {
      if (err && errcap)
        snprintf(err, errcap, "unknown technique '%.*s'", (int)len, p);
      return NONET_EINVAL;
    }
    if (!listed[t]++) list[n++] = (nonet_vtech)t;
    p += strcspn(p, ",");
  }
  if (!only) { /* all but the listed ones, in the default order */
    size_t m = 0;
    for (int j = 0; j < COUNT; j++)
      if (!listed[default_at(j)]) list[m++] = default_at(j);
    n = m;
  }
  return nonet_vlogic_options_set_order(o, list, n);
}
