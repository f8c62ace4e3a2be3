/* fast_search.h: the search of the fast solver, written once and
 * included by fast_impl.h twice: as search (NN_SEARCH_STOP 0), and as the
 * search of the _until entry points (NN_SEARCH_STOP 1), which asks a
 * stop function every NN_STOP_EVERY guesses. Two functions, not one
 * whose stop function may be NULL: a call in the loop, however seldom
 * made, changes how gcc compiles the whole search (0.4-1.7% more or
 * fewer instructions, by build); so search's code stays what it was
 * before the other came (the same instructions in every build, with
 * gcc 12). Internal.
 *
 * The number of solutions found from *cur (0 .. limit), the first one
 * copied to `solution` when not NULL, the guesses made to `guesses`
 * when not NULL; -1 when search ran out of `budget` guesses, or when
 * stop(ctx) returned nonzero. */
NN_SEARCH_ATTR long NN_SEARCH(fstate *cur, long limit, uint8_t *solution,
                              unsigned long long *guesses, NN_SEARCH_PARAMS) {
  /* pending alternatives: one per first branch on the current path, and
   * each fixes a new digit in a band or stack (54) or a new cell (81) */
  fstate stack[136];
  unsigned same[136]; /* vectors stack[i] shares with the stable state */
  int sp = 0;
  long found = 0;
  unsigned long long g = 0;
#if NN_SEARCH_STOP
  unsigned long long budget = NN_STOP_EVERY;
#endif
  facts f[NN_NVEC];
  /* f needs no zeroing: a vector's facts are made before any are read */
  unsigned known = 0; /* vectors whose facts in f hold for *cur */
  for (;;) {
    int status = propagate(cur, f, known);
    known = 0;
    NN_STAT_PROP(status);
    if (status) {
      if (status == 1) {
        if (found == 0 && solution) extract(cur, solution);
        if (++found >= limit) break;
      } else {
        if (g == budget) {
#if NN_SEARCH_STOP
          if (stop(ctx)) {
            found = -1; /* stopped: no answer */
            break;
          }
          budget += NN_STOP_EVERY;
#else
          found = -1; /* out of guesses: no answer */
          break;
#endif
        }
        if (branch_config(cur, &stack[sp], f, &known))
          same[sp] = known;
        else
          same[sp] = branch_cell(cur, &stack[sp]);
        sp++;
        g++;
        continue;
      }
    }
    if (sp == 0) break;
    copy_state(cur, &stack[--sp]);
#if NN_LANES != 4 || !NN_BOTH_VECS /* (else step 1 runs on every vector) */
    /* a stable state's cells are those of its step 1: only step 2 for
     * the vectors the alternative shares with it */
    known = same[sp];
    for (unsigned m = known; m; m &= m - 1) {
      int k = nn_ctz(m);
      f[k].w = stack[sp].v[k];
      const kmask km = kmasks();
      f[k].alone = alone_in_row(stack[sp].v[k], &km);
    }
#else
    (void)same[sp];
#endif
  }
  if (guesses) *guesses = g;
  return found;
}

#undef NN_SEARCH
#undef NN_SEARCH_ATTR
#undef NN_SEARCH_PARAMS
#undef NN_SEARCH_STOP
