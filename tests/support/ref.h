/* ref.h: independent references for tests: a rule checker and a
 * Dancing Links solution counter that share no code with libnonet. */
#ifndef NONET_TEST_REF_H
#define NONET_TEST_REF_H

#include <stddef.h>
#include <stdint.h>

/* 1 when sol is a full grid obeying the rules and agreeing with the
 * givens of puzzle (which may be NULL). */
int ref_is_solution(const uint8_t *puzzle, const uint8_t *sol);

/* Number of solutions up to limit, by exact cover (DLX). The first
 * solution goes to first when not NULL. */
long ref_count(const uint8_t puzzle[81], long limit, uint8_t *first);

/* Loads the line-format puzzles of a file (comments skipped). Returns
 * the count (puzzles malloc'd in *out) or -1 when the file is absent. */
long ref_load(const char *path, uint8_t (**out)[81]);

/* Path of a shared data file, or NULL when the data directory is not
 * present (then data tests skip). Static buffer: not thread-safe. */
const char *ref_data_path(const char *name);

/* Parses 81 characters of a line-format puzzle. */
void ref_from_string(const char *s, uint8_t cells[81]);

#endif
