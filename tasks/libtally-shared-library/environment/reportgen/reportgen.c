/* reportgen: per-endpoint latency summary from "endpoint,latency_ms" CSV lines (header and bad lines skipped). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tally.h>

int main(int argc, char **argv)
{
    FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    tally_t *t = tally_new(64);
    char line[512];
    size_t bad = 0;
    while (fgets(line, sizeof line, f)) {
        char *comma = strrchr(line, ',');
        char *end;
        if (!comma || comma == line)
            continue;
        *comma = '\0';
        double v = strtod(comma + 1, &end);
        if (end == comma + 1 || (*end != '\n' && *end != '\0' && *end != '\r')) {
            bad++;
            continue;
        }
        tally_add(t, line, v);
    }
    const char *keys[256];
    size_t n = tally_keys(t, keys, 256);
    printf("endpoint,count,mean_ms,stddev_ms\n");
    for (size_t i = 0; i < n && i < 256; i++)
        printf("%s,%zu,%.2f,%.2f\n", keys[i], tally_count(t, keys[i]), tally_mean(t, keys[i]), tally_stddev(t, keys[i]));
    fprintf(stderr, "reportgen (libtally %s): %zu keys, %zu bad lines\n", tally_version(), n, bad);
    tally_free(t);
    return 0;
}
