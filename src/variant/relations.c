/* relations.c: the cells related to a cell: a chess knight's move away
 * (anti-knight), a king's move away (anti-king), orthogonal neighbours
 * (nonconsecutive). */
#include "variant.h"

static const int knight[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                 {1, -2},  {1, 2},  {2, -1},  {2, 1}};
static const int king[8][2] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1},
                               {0, 1},   {1, -1}, {1, 0},  {1, 1}};
static const int orth[4][2] = {{-1, 0}, {0, -1}, {0, 1}, {1, 0}};

int nonet__v_related(int n, int cell, unsigned relation, uint16_t out[8]) {
  const int(*moves)[2];
  int nmoves;
  if (relation == NONET_CONSTRAINT_ANTI_KNIGHT)
    moves = knight, nmoves = 8;
  else if (relation == NONET_CONSTRAINT_ANTI_KING)
    moves = king, nmoves = 8;
  else if (relation == NONET_CONSTRAINT_NONCONSECUTIVE)
    moves = orth, nmoves = 4;
  else
    return 0;
  int r = cell / n, c = cell % n, k = 0;
  /* the moves are listed row by row, column by column: increasing cells */
  for (int j = 0; j < nmoves; j++) {
    int rr = r + moves[j][0], cc = c + moves[j][1];
    if (rr >= 0 && rr < n && cc >= 0 && cc < n)
      out[k++] = (uint16_t)(rr * n + cc);
  }
  return k;
}
