/* puzzles.h: puzzles stated in the project's own files, so the tests
 * stand on their own without ../shared/data. Well-known published
 * puzzles; their solution counts are always established in the tests by
 * the independent counter, never hard-coded. */
#ifndef NONET_TEST_PUZZLES_H
#define NONET_TEST_PUZZLES_H

static const char *const known_puzzles[] = {
    /* Arto Inkala's "world's hardest sudoku" (2012) */
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1.."
    "9....4..",
    /* the Upcase puzzle of ../shared/seeds/004_... */
    "30601500000400030000006819408000600000024960164000020500800301003789146202"
    "0600800",
    /* the Ruby solver's spec board (../shared/seeds/001_...) */
    "17409060000003815753070100400734980084050036030500647028690000100062703805"
    "3080096",
    /* Easter Monster */
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8..."
    "2.....1",
    /* the first puzzle of the forum's HardestDatabase110626 */
    "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4."
    "5.....3",
    /* the first puzzles of Royle's 17-clue list */
    ".................1.....2.3......3.2...1.4......5....6..3......4.7..8..."
    "962...7...",
    ".................1.....2.3......3.2...4....5...6.1.....3......6.7..8..."
    "952.7.....",
    /* top1465 #1 */
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9."
    ".......",
    /* an easy newspaper-style puzzle (singles only) */
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5.."
    "..8..79",
};
#define N_KNOWN_PUZZLES (sizeof known_puzzles / sizeof *known_puzzles)

#endif
