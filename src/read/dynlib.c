/* Libraries opened at their first use: see dynlib.h for why. */
#include "dynlib.h"

#include <dlfcn.h>
#include <stdio.h>

/* Where to tell the user to get a library from. */
static void advise(const dynlib_lib *lib, const char *use, const char *what, char *why,
                   size_t whysize)
{
    if (lib->package[0] != '\0')
        snprintf(why, whysize, "%s needs %s, which %s: install the Debian package %s", use,
                 lib->soname, what, lib->package);
    else
        snprintf(why, whysize, "%s needs %s, which %s: install the package that provides it",
                 use, lib->soname, what);
}

bool dynlib_load(const dynlib_lib *libs, size_t nlibs, const char *const *names, void **addr,
                 size_t n, const char *use, void **handle, char *why, size_t whysize)
{
    void *h = NULL;
    char what[512];
    for (size_t i = 0; i < nlibs; i++) {
        /* RTLD_NOW: a library that lacks a symbol of its own dependencies
         * fails here, with its own message, not in the middle of a reading */
        h = dlopen(libs[i].soname, RTLD_NOW | RTLD_LOCAL);
        if (h == NULL) {
            const char *e = dlerror();
            snprintf(what, sizeof what, "cannot be loaded (%s)", e ? e : "not found");
            advise(&libs[i], use, what, why, whysize);
            return false;
        }
    }
    for (size_t i = 0; i < n; i++) {
        dlerror();
        addr[i] = h ? dlsym(h, names[i]) : NULL;
        if (addr[i] == NULL) {
            snprintf(what, sizeof what, "has no function %s (another version?)", names[i]);
            advise(&libs[nlibs - 1], use, what, why, whysize);
            return false;
        }
    }
    if (handle != NULL)
        *handle = h;
    return true;
}

void *dynlib_optional(void *handle, const char *name)
{
    return handle ? dlsym(handle, name) : NULL;
}
