/* helper.c: a nonet linked statically (CMake's NONET_STATIC_CLI: it
 * starts faster) cannot load the cairo module that `render` draws PDF,
 * SVG and PNG with, so it hands the whole command to nonet-render, the
 * same command linked dynamically, looked for where the module is:
 * NONET_MODULE_DIR, next to the program (the build tree), then
 * NONET_MODULE_RELDIR from it (an installed tree: bin/../lib/nonet).
 * When it is not found `render` goes on in this process: HTML works, and
 * the other formats say what is missing. A dynamic nonet renders itself
 * (cli_hand_over does nothing). */
#define _POSIX_C_SOURCE 200809L /* readlink */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

#ifdef NONET_CLI_RENDER_HELPER
#ifndef NONET_MODULE_RELDIR
#define NONET_MODULE_RELDIR "../lib/nonet"
#endif
#define PATH_LEN 4096

/* Runs dir/nonet-render with argv (returns only if it cannot). */
static void try_exec(const char *dir, char **argv) {
  char path[PATH_LEN];
  if (snprintf(path, sizeof path, "%s/nonet-render", dir) >= (int)sizeof path)
    return;
  if (access(path, X_OK) == 0) execv(path, argv);
}

void cli_hand_over(char **argv) {
  char dir[PATH_LEN], rel[PATH_LEN + 64];
  const char *env = getenv("NONET_MODULE_DIR");
  if (env && *env) try_exec(env, argv);
  ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
  if (n <= 0) return;
  dir[n] = 0;
  char *slash = strrchr(dir, '/');
  if (!slash) return;
  *slash = 0;
  try_exec(dir, argv);
  snprintf(rel, sizeof rel, "%s/%s", dir, NONET_MODULE_RELDIR);
  try_exec(rel, argv);
}
#else
void cli_hand_over(char **argv) { (void)argv; }
#endif
