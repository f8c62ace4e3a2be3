/* main.c: the nonet command: dispatch to subcommands, git style. */
#include <stdio.h>
#include <string.h>

#include "cli.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
  const char *summary;
  int shards; /* takes --shard K/N and --tag */
} command;

static const command commands[] = {
    {"solve", cmd_solve, "solve puzzles, one result line per puzzle", 1},
    {"count", cmd_count, "count the solutions of puzzles, up to a limit", 1},
    {"check", cmd_check, "say whether puzzles are valid, unique, minimal", 1},
    {"candidates", cmd_candidates,
     "true candidates: the digits some solution puts in each cell", 1},
    {"convert", cmd_convert,
     "write puzzles in another format (f-puzzles links to JSON, ...)", 1},
    {"generate", cmd_generate, "generate unique, minimal puzzles", 1},
    {"render", cmd_render, "printable pages of puzzles: PDF, SVG, PNG, HTML",
     0},
    {"hint", cmd_hint,
     "the next logical step of a puzzle, from a nudge to the full step", 1},
    {"explain", cmd_explain, "the whole logical solving path, step by step", 1},
    {"rate", cmd_rate,
     "rate puzzles: Sudoku Explainer's ER/EP/ED, or by technique", 1},
};

static void usage(FILE *f) {
  fprintf(f, "usage: nonet [--version] [--help] COMMAND [ARGS...]\n\n"
             "commands:\n");
  for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
    fprintf(f, "  %-10s %s\n", commands[k].name, commands[k].summary);
  fprintf(f,
          "\n'nonet COMMAND --help' describes a command and its options.\n"
          "Puzzles are read from files, or standard input when none is\n"
          "given: 81 cells per line ('.', '0', '_' or '*' for empty), 9-line\n"
          "grids, or JSON; '#' lines are comments. Every command that reads\n"
          "puzzles also reads variant ones: 'size=N ...' lines or JSON\n"
          "objects with \"size\" (sizes 4 to 25, jigsaw, extra regions,\n"
          "relations, killer cages; see man nonet).\n");
}

int main(int argc, char **argv) {
  if (argc < 2) {
    usage(stderr);
    return CLI_USAGE;
  }
  const char *name = argv[1];
  if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 ||
      strcmp(name, "help") == 0) {
    if (argc > 2 && strcmp(name, "help") == 0) {
      for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
        if (strcmp(argv[2], commands[k].name) == 0) {
          char *args[] = {argv[2], "--help", NULL};
          return cli_finish(commands[k].run(2, args));
        }
    }
    usage(stdout);
    return cli_finish(CLI_OK);
  }
  if (strcmp(name, "--version") == 0 || strcmp(name, "-V") == 0) {
    cli_printf("nonet %s (solver: %s)\n", nonet_version(),
               nonet_solver_backend());
    return cli_finish(CLI_OK);
  }
  if (strcmp(name, "render") == 0) cli_hand_over(argv);
  for (size_t k = 0; k < sizeof commands / sizeof *commands; k++)
    if (strcmp(name, commands[k].name) == 0) {
      /* getopt names the program after argv[0]: "nonet solve" */
      char prog[64];
      snprintf(prog, sizeof prog, "nonet %s", name);
      argv[1] = prog;
      if (commands[k].shards) {
        int n = cli_take_shard_options(prog, argc - 1, argv + 1);
        if (n < 0) return CLI_USAGE;
        argc = n + 1;
      }
      return cli_finish(commands[k].run(argc - 1, argv + 1));
    }
  fprintf(stderr, "nonet: '%s' is not a command; see 'nonet --help'\n", name);
  return CLI_USAGE;
}
