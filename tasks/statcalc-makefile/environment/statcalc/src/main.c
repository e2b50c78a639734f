/* statcalc: descriptive statistics of the numbers on standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"
#include "stats.h"
#include "version.h"

#ifndef STATCALC_DEFAULT_PRECISION
#define STATCALC_DEFAULT_PRECISION 2
#endif

static void usage(FILE *out)
{
    fprintf(out, "usage: statcalc [--precision N] [--version] < numbers\n");
}

int main(int argc, char **argv)
{
    int precision = STATCALC_DEFAULT_PRECISION;
    sample_t s = {0};
    char err[256];
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--version") == 0) {
            printf("statcalc %s\n", STATCALC_VERSION);
            return 0;
        } else if (strcmp(argv[i], "--precision") == 0 && i + 1 < argc) {
            char *end;
            long p = strtol(argv[++i], &end, 10);
            if (*end != '\0' || p < 0 || p > 12) {
                fprintf(stderr, "statcalc: bad precision: %s\n", argv[i]);
                return 2;
            }
            precision = (int)p;
        } else if (strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }

    if (parse_sample(stdin, &s, err, sizeof err) != 0) {
        fprintf(stderr, "statcalc: %s\n", err);
        sample_free(&s);
        return 1;
    }
    printf("count=%zu\n", s.count);
    if (s.count > 0) {
        printf("mean=%.*f\n", precision, stats_mean(&s));
        printf("min=%.*f\n", precision, stats_min(&s));
        printf("max=%.*f\n", precision, stats_max(&s));
    }
    if (s.count > 1)
        printf("stddev=%.*f\n", precision, stats_stddev(&s));
    sample_free(&s);
    return 0;
}
