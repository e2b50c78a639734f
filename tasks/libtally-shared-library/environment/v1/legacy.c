/* tally-legacy: the nightly billing job's averager, linked against libtally 1 (reads "key value" lines). */
#include <stdio.h>
#include <string.h>
#include "tally1.h"
int main(void)
{
    tally_t *t = tally_new();
    char key[64], seen[256][64];
    double v;
    int n = 0;
    while (scanf("%63s %lf", key, &v) == 2) {
        int known = 0;
        for (int i = 0; i < n; i++)
            known |= strcmp(seen[i], key) == 0;
        if (!known && n < 256)
            strcpy(seen[n++], key);
        tally_add(t, key, v);
    }
    for (int i = 0; i < n; i++)
        printf("%s %.3f\n", seen[i], tally_mean(t, seen[i]));
    fprintf(stderr, "libtally %s\n", tally_version());
    tally_free(t);
    return 0;
}
