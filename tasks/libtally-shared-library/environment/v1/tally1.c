#include <stdlib.h>
#include <string.h>
#include "tally1.h"
struct item { char key[64]; double sum; long n; };
struct tally { struct item items[256]; int used; };
tally_t *tally_new(void) { return calloc(1, sizeof(struct tally)); }
void tally_free(tally_t *t) { free(t); }
static struct item *find(const struct tally *t, const char *key)
{
    for (int i = 0; i < t->used; i++)
        if (strcmp(t->items[i].key, key) == 0)
            return (struct item *)&t->items[i];
    return NULL;
}
int tally_add(tally_t *t, const char *key, double value)
{
    struct item *it = find(t, key);
    if (!it) {
        if (t->used == 256 || strlen(key) >= 64)
            return -1;
        it = &t->items[t->used++];
        strcpy(it->key, key);
    }
    it->sum += value;
    it->n++;
    return 0;
}
double tally_mean(const tally_t *t, const char *key)
{
    const struct item *it = find(t, key);
    return it && it->n ? it->sum / it->n : 0.0;
}
const char *tally_version(void) { return TALLY_VERSION; }
