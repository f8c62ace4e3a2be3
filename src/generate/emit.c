/* emit.c: what every generator strategy (pool.c, rating.c, pattern.c,
 * and the plain jobs of job.c) hands its results to: rating a candidate,
 * the accept and emit hooks, and the stop hook. It calls only below
 * itself (options.c, the rater); the strategies call it, and job.c,
 * which dispatches to the strategies, sits above them all. */
#include <string.h>

#include "gen.h"

int nonet__rate_puz(nonet__gen *g, const nonet__puz *p, nonet_rating *r) {
  g->n.ratings++;
  int st = nonet_rate(p->cell, r);
  if (st != NONET_OK) {
    /* cannot happen for a unique puzzle, short of memory: the job stops
     * and reports it; the rating is never used */
    if (st == NONET_ENOMEM) g->nomem = g->stopped = 1;
    memset(r, 0, sizeof *r);
    r->er = r->ep = r->ed = 200;
    return 0;
  }
  return 1;
}

int nonet__gen_should_stop(nonet__gen *g) {
  if (g->stopped || g->nomem) return 1;
  if (!g->opt->stop) return 0;
  g->stopped = g->opt->stop(g->opt->stop_ctx) != 0;
  return g->stopped;
}

int nonet__gen_emit(nonet__gen *g, const nonet__puz *p, uint64_t job,
                    nonet_gen_emit_fn emit, void *ctx) {
  nonet_gen_puzzle out;
  memcpy(out.puzzle, p->cell, 81);
  memcpy(out.solution, p->sol, 81);
  out.clues = p->clues;
  out.symmetry = g->symmetry;
  out.job = job;
  out.er = out.ep = out.ed = 0;
  if (g->opt->rating_min || g->opt->rating_max) {
    nonet_rating r;
    const nonet_rating *rp = g->rated;
    if (!rp) {
      if (!nonet__rate_puz(g, p, &r)) return g->nomem ? -1 : 0;
      rp = &r;
    }
    if (!nonet__rating_in_band(g->opt, rp->er)) return 0;
    out.er = rp->er;
    out.ep = rp->ep;
    out.ed = rp->ed;
  }
  if (g->opt->accept && !g->opt->accept(&out, g->opt->accept_ctx)) return 0;
  if (emit && emit(&out, ctx)) {
    g->stopped = 1;
    return -1;
  }
  return 1;
}
