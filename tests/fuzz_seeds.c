/* A plain driver for the libFuzzer targets of fuzz/: each target is built
 * with it by the project's own build, so that a target that no longer
 * compiles fails the build at once (not only scripts/fuzz, which needs
 * clang), and ctest runs every seed of fuzz/seeds/NAME/ through it (the
 * crashes found are kept there as seeds: each one a regression test, under
 * AddressSanitizer in the sanitizer build).
 *   fuzz_NAME DIR|FILE...   exit 0 when every input went through; a crash
 *   or an abort() in the target is the failure. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf = NULL;
    size_t n = 0, cap = 0;
    if (f == NULL) {
        fprintf(stderr, "fuzz_seeds: cannot open %s\n", path);
        return 0;
    }
    for (;;) {
        size_t got;
        if (n == cap) {
            uint8_t *nb = realloc(buf, cap ? cap * 2 : 4096);
            if (nb == NULL) {
                fprintf(stderr, "fuzz_seeds: out of memory reading %s\n", path);
                free(buf);
                fclose(f);
                return 0;
            }
            buf = nb;
            cap = cap ? cap * 2 : 4096;
        }
        got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, n);
    free(buf);
    return 1;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The files of a folder, in name order (the same run every time). */
static int run_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t n = 0;
    int done = 0;
    if (d == NULL) {
        fprintf(stderr, "fuzz_seeds: cannot open the folder %s\n", dir);
        return 0;
    }
    while ((e = readdir(d)) != NULL) {
        char **nn;
        if (e->d_name[0] == '.')
            continue;
        nn = realloc(names, (n + 1) * sizeof *names);
        if (nn == NULL)
            break;
        names = nn;
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (names[n] == NULL)
            break;
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        done += run_file(names[i]);
        free(names[i]);
    }
    free(names);
    return done;
}

int main(int argc, char **argv)
{
    int done = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode))
            done += run_dir(argv[i]);
        else
            done += run_file(argv[i]);
    }
    printf("%s: %d inputs, no crash\n", argc > 0 ? argv[0] : "fuzz_seeds", done);
    return done > 0 ? 0 : 1;
}
