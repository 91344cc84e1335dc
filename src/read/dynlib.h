/* Libraries opened at their first use (dynlib.c): tesseract with Leptonica
 * (pictures, doc_picture.c) and poppler-glib (PDF documents,
 * doc_pdf.c) are needed only by tensu verify on such a file, and linking
 * them cost every run of tensu ~15 ms of dynamic linking (issue 16).  Their
 * headers are still read at build time, for the types and to check the
 * tables below against the declared prototypes; their code is found with
 * dlopen and dlsym when a picture or PDF is read.
 *
 * A reader lists the functions it calls as X(return type, name,
 * (parameter types)) and makes of that list a struct of pointers
 * (DYNLIB_MEMBER), a build-time check of each pointer's type against the
 * header's prototype (DYNLIB_CHECK) and the names to look up
 * (DYNLIB_NAME). */
#ifndef TENSU_DYNLIB_H
#define TENSU_DYNLIB_H

#include <stdbool.h>
#include <stddef.h>

/* A shared library a reader needs: its soname (the file dlopen looks for)
 * and the Debian package that installs it ("" when unknown). */
typedef struct dynlib_lib {
    const char *soname;
    const char *package;
} dynlib_lib;

/* Open libs[0..nlibs) in order (kept open until the process ends) and look
 * up names[0..n) in the last of them and the libraries it loads, into
 * addr[i].  True when all are there.  False with why filled: which library
 * could not be opened (or lacks which function), for what (use, e.g.
 * "reading a PDF"), and the package to install. */
bool dynlib_load(const dynlib_lib *libs, size_t nlibs, const char *const *names, void **addr,
                 size_t n, const char *use, void **handle, char *why, size_t whysize);
/* A function that may be missing from an opened library: NULL then. */
void *dynlib_optional(void *handle, const char *name);

#define DYNLIB_MEMBER(ret, name, params) ret(*name) params;
/* _Generic's operand is not evaluated: the check makes no reference to the
 * library's symbol, so the program still links without it. */
#define DYNLIB_CHECK(ret, name, params)                                                        \
    _Static_assert(_Generic(&name, ret(*) params: 1, default: 0),                              \
                   #name ": the table's type is not the header's");
#define DYNLIB_NAME(ret, name, params) #name,

/* A table of N function pointers filled from N addresses (dynlib_load's
 * addr): POSIX has function and object pointers of one size and
 * representation, which dlsym itself relies on. */
_Static_assert(sizeof(void *) == sizeof(void (*)(void)), "dlsym needs function pointers of "
                                                         "the size of void *");

#endif
