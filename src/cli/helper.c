/* helper.c: a nonet linked statically (CMake's NONET_STATIC_CLI: it
 * starts faster) cannot load the cairo module that `render` draws PDF,
 * SVG and PNG with, so it hands the whole command to nonet-render, the
 * same command linked dynamically, looked for where the module is
 * (nonet_render_helper_dir: NONET_MODULE_DIR, next to the program, then
 * bin/../lib/nonet).
 * When it is not found `render` goes on in this process: HTML works, and
 * the other formats say what is missing. A dynamic nonet renders itself
 * (cli_hand_over does nothing). */
#define _POSIX_C_SOURCE 200809L /* execv */
#include <stdio.h>
#include <unistd.h>

#include "cli.h"

#ifdef NONET_CLI_RENDER_HELPER
#include "render/render.h"

void cli_hand_over(char **argv) {
  char dir[4096], path[4096 + 16];
  for (int i = 0; nonet_render_helper_dir(i, dir, sizeof dir); i++) {
    snprintf(path, sizeof path, "%s/nonet-render", dir);
    if (access(path, X_OK) == 0) execv(path, argv);
  }
}
#else
void cli_hand_over(char **argv) { (void)argv; }
#endif
