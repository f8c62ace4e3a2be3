/* read.c: variant records: the reader hands over their text (core's
 * nonet__reader_next_raw), which is parsed by its format (JSON object,
 * text line or grid, f-puzzles link) into a draft, then checked and
 * built into rules and cells. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/reader.h"
#include "variant.h"

static int say(char *err, size_t errcap, const char *text) {
  if (err && errcap) snprintf(err, errcap, "%s", text);
  return NONET_EPARSE;
}

int nonet__v_draft_build(const vdraft *d, nonet_variant_record *out, char *err,
                         size_t errcap) {
  int n = d->n, r;
  char msg[NONET_MESSAGE_MAX];
  nonet_variant *v;
  out->variant = NULL;
  if (d->have_regions && (d->br || d->bc))
    return say(err, errcap,
               "a jigsaw has regions, not boxes: give one of them");
  if (d->have_regions) {
    if (nonet__v_check_regions(n, d->regions, msg, sizeof msg) != NONET_OK)
      return say(err, errcap, msg);
    v = nonet__v_draft(n, 0, 0, d->regions);
  } else {
    int br = d->br, bc = d->bc;
    if (nonet__v_check_size(n, br, bc, msg, sizeof msg) != NONET_OK)
      return say(err, errcap, msg);
    if (!br) nonet__v_default_box(n, &br, &bc);
    v = nonet__v_draft(n, br, bc, NULL);
  }
  if (!v) return NONET_ENOMEM;
  /* checked and filled as a draft, then compiled once */
  r = nonet__v_check_constraints(v, d->cons, msg, sizeof msg);
  if (r == NONET_OK) v->cons = d->cons;
  for (int k = 0; k < d->ncages && r == NONET_OK; k++) {
    const vdraft_cage *c = &d->cages[k];
    uint16_t cells[VMAXN];
    if (c->k > n) {
      snprintf(msg, sizeof msg,
               "cage of sum %d has %s%d cells: 1 to %d allowed", c->sum,
               c->k > VMAXN ? "more than " : "", c->k > VMAXN ? VMAXN : c->k,
               n);
      r = NONET_EINVAL;
      break;
    }
    for (int i = 0; i < c->k && r == NONET_OK; i++) {
      if (c->cells[i] < 0 || c->cells[i] >= n * n) {
        snprintf(msg, sizeof msg,
                 "cage of sum %d: cell %d is outside the grid (0 to %d)",
                 c->sum, c->cells[i], n * n - 1);
        r = NONET_EINVAL;
      }
      cells[i] = (uint16_t)c->cells[i];
    }
    if (r == NONET_OK)
      r = nonet__v_check_cage(v, c->sum, cells, c->k, msg, sizeof msg);
    if (r == NONET_OK) r = nonet__v_push_cage(v, c->sum, cells, c->k);
  }
  if (r == NONET_OK) r = nonet__v_recompile(v);
  if (r != NONET_OK) {
    nonet_variant_free(v);
    return r == NONET_ENOMEM ? r : say(err, errcap, msg);
  }
  out->variant = v;
  memcpy(out->cells, d->cells, (size_t)(n * n));
  out->has_solution = d->have_solution;
  if (d->have_solution) memcpy(out->solution, d->solution, (size_t)(n * n));
  return NONET_OK;
}

/* 1 when a JSON object is f-puzzles' (a "grid" of cell objects), not
 * nonet's (which has no "grid" member). */
static int is_fpuzzles_json(const char *s, size_t len) {
  for (size_t i = 0; i + 6 <= len; i++)
    if (!memcmp(s + i, "\"grid\"", 6)) return 1;
  return 0;
}

/* Parses a variant record's text by its format. */
static int parse_text(const char *text, size_t len, nonet_variant_record *out,
                      char *err, size_t errcap) {
  vdraft *d = malloc(sizeof *d);
  if (!d) return NONET_ENOMEM;
  memset(d, 0, offsetof(vdraft, cages));
  int r;
  if (len && text[0] == '{' && is_fpuzzles_json(text, len))
    r = nonet__v_fpuzzles_json_parse(text, len, d, err, errcap);
  else if (len && text[0] == '{')
    r = nonet__v_json_parse(text, len, d, err, errcap);
  else if (len >= 5 && memcmp(text, "size=", 5) == 0)
    r = nonet__v_text_parse(text, len, d, err, errcap);
  else
    r = nonet__v_fpuzzles_parse(text, len, d, err, errcap);
  if (r == NONET_OK) r = nonet__v_draft_build(d, out, err, errcap);
  free(d);
  return r;
}

int nonet_reader_next_variant_text(nonet_reader *r, nonet_record *rec,
                                   nonet_variant_record *vrec, char *line,
                                   size_t cap, size_t *line_len) {
  const char *text;
  size_t len;
  if (!vrec || (line && !line_len)) return NONET_EINVAL;
  if (!r || !rec) return NONET_EINVAL;
  vrec->variant = NULL;
  vrec->has_solution = 0;
  int got =
      nonet__reader_next_raw_text(r, rec, &text, &len, line, cap, line_len);
  if (got != 1 || !text) return got;
  int p = parse_text(text, len, vrec, rec->message, sizeof rec->message);
  if (p == NONET_ENOMEM) return NONET_ENOMEM;
  if (p != NONET_OK) rec->status = NONET_EPARSE;
  return 1;
}

int nonet_reader_next_variant(nonet_reader *r, nonet_record *rec,
                              nonet_variant_record *vrec) {
  return nonet_reader_next_variant_text(r, rec, vrec, NULL, 0, NULL);
}

int nonet_variant_parse(const char *text, size_t len, nonet_variant_record *out,
                        char *err, size_t errcap) {
  if (err && errcap) err[0] = 0;
  if ((!text && len) || !out) return NONET_EINVAL;
  out->variant = NULL;
  nonet_reader *rd = nonet_reader_new_memory(text ? text : "", len);
  if (!rd) return NONET_ENOMEM;
  nonet_record rec;
  int got = nonet_reader_next_variant(rd, &rec, out);
  nonet_reader_free(rd);
  if (got < 0) return got == NONET_ENOMEM ? got : NONET_EPARSE;
  if (got == 0) return say(err, errcap, "no puzzle found");
  if (rec.status != NONET_OK) return say(err, errcap, rec.message);
  if (!out->variant) { /* a classic record */
    out->variant = nonet__v_make(9, 3, 3, NULL);
    if (!out->variant) return NONET_ENOMEM;
    memcpy(out->cells, rec.cells, 81);
  }
  return NONET_OK;
}
