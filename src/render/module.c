/* module.c: the PDF, SVG and PNG back-end is a loadable module
 * (nonet-cairo.so, made from cairo.c), opened on first use, so that only
 * `nonet render` maps cairo, fontconfig and their libraries: every other
 * command starts without them. The module is looked for in the directory
 * named by NONET_MODULE_DIR, then next to the running program (the build
 * tree), then in NONET_MODULE_RELDIR relative to the program (an
 * installed tree: bin/../lib/nonet). */
#define _POSIX_C_SOURCE 200809L /* readlink */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "backend.h"

#ifndef NONET_MODULE_RELDIR
#define NONET_MODULE_RELDIR "../lib/nonet"
#endif

int nonet_render_helper_dir(int i, char *dir, size_t cap) {
  const char *env = getenv("NONET_MODULE_DIR");
  if (env && *env) {
    if (i == 0) {
      snprintf(dir, cap, "%s", env); /* (too long: no file found there) */
      return 1;
    }
    i--;
  }
  if (i > 1) return 0;
  ssize_t n = readlink("/proc/self/exe", dir, cap - 1);
  if (n <= 0) return 0;
  dir[n] = 0;
  char *slash = strrchr(dir, '/');
  if (slash) *slash = 0;
  if (i == 0) return 1;
  size_t len = strlen(dir);
  return snprintf(dir + len, cap - len, "/%s", NONET_MODULE_RELDIR) <
         (int)(cap - len);
}

#ifdef NONET_RENDER_NO_DLOPEN
/* A statically linked command loads no module (a static program cannot
 * load one that needs the C library's shared objects): its `render` is
 * handed to nonet-render first (src/cli/helper.c); this is reached only
 * when that was not found. */
int nonet__cairo_load(char *err, size_t errcap) {
  snprintf(err, errcap,
           "PDF, SVG and PNG are drawn by nonet-render (installed beside "
           "this nonet, or in %s from it), not found; HTML works: -o "
           "book.html",
           NONET_MODULE_RELDIR);
  return -1;
}

int nonet__render_cairo_module(const nonet__layout *L,
                               const nonet_render_puzzle *p, const char *out,
                               char *err, size_t errcap) {
  (void)L;
  (void)p;
  (void)out;
  return nonet__cairo_load(err, errcap);
}

void nonet__cairo_release(void) {}
#else
#include <dlfcn.h>
#define MODULE_NAME "nonet-cairo.so"
#define PATH_LEN 4096

typedef int (*render_fn)(const nonet__layout *, const nonet_render_puzzle *,
                         const char *, char *, size_t);
typedef void (*release_fn)(void);

/* The module, once opened (the command renders on one thread). */
static struct {
  void *handle;
  render_fn render;
  release_fn release;
} mod;

static int try_open(const char *dir, char *tried, size_t cap) {
  char path[PATH_LEN];
  if (snprintf(path, sizeof path, "%s/%s", dir, MODULE_NAME) >=
      (int)sizeof path)
    return 0;
  size_t len = strlen(tried);
  snprintf(tried + len, cap - len, "%s%s", len ? ", " : "", dir);
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!h) return 0;
  render_fn r = (render_fn)(uintptr_t)dlsym(h, "nonet__render_cairo");
  release_fn z = (release_fn)(uintptr_t)dlsym(h, "nonet__render_cairo_release");
  if (!r || !z) {
    dlclose(h);
    return 0;
  }
  mod.handle = h;
  mod.render = r;
  mod.release = z;
  return 1;
}

int nonet__cairo_load(char *err, size_t errcap) {
  if (mod.handle) return 0;
  char tried[3 * PATH_LEN] = "", dir[PATH_LEN];
  for (int i = 0; nonet_render_helper_dir(i, dir, sizeof dir); i++)
    if (try_open(dir, tried, sizeof tried)) return 0;
  snprintf(err, errcap,
           "PDF, SVG and PNG need nonet's cairo module (%s), not found in %s; "
           "HTML works: -o book.html",
           MODULE_NAME, tried[0] ? tried : "any directory");
  return -1;
}

int nonet__render_cairo_module(const nonet__layout *L,
                               const nonet_render_puzzle *p, const char *out,
                               char *err, size_t errcap) {
  if (nonet__cairo_load(err, errcap) < 0) return -1;
  return mod.render(L, p, out, err, errcap);
}

void nonet__cairo_release(void) {
  if (!mod.handle) return;
  mod.release();
  dlclose(mod.handle);
  memset(&mod, 0, sizeof mod);
}
#endif
