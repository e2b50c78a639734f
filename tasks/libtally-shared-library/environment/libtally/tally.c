#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "tally.h"

tally_t *tally_new(size_t buckets)
{
    struct tally *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->nslots = buckets < 8 ? 8 : buckets;
    t->slots = calloc(t->nslots, sizeof *t->slots);
    if (!t->slots) {
        free(t);
        return NULL;
    }
    return t;
}

void tally_free(tally_t *t)
{
    if (!t)
        return;
    for (size_t i = 0; i < t->nslots; i++) {
        struct entry *e = t->slots[i];
        while (e) {
            struct entry *next = e->next;
            free(e->key);
            free(e);
            e = next;
        }
    }
    free(t->slots);
    free(t);
}

int tally_add(tally_t *t, const char *key, double value)
{
    struct entry *e = _tly_find(t, key);
    if (!e) {
        if (t->nkeys + 1 > t->nslots * 2 && _tly_grow(t) != 0)
            return -1;
        e = calloc(1, sizeof *e);
        if (!e || !(e->key = strdup(key))) {
            free(e);
            return -1;
        }
        size_t j = _tly_hash(key) % t->nslots;
        e->next = t->slots[j];
        t->slots[j] = e;
        t->nkeys++;
    }
    e->n++;
    e->sum += value;
    double d = value - e->mean;
    e->mean += d / (double)e->n;
    e->m2 += d * (value - e->mean);
    return 0;
}

size_t tally_count(const tally_t *t, const char *key)
{
    const struct entry *e = _tly_find(t, key);
    return e ? e->n : 0;
}

double tally_sum(const tally_t *t, const char *key)
{
    const struct entry *e = _tly_find(t, key);
    return e ? e->sum : 0.0;
}

double tally_mean(const tally_t *t, const char *key)
{
    const struct entry *e = _tly_find(t, key);
    return e ? e->mean : 0.0;
}

double tally_stddev(const tally_t *t, const char *key)
{
    const struct entry *e = _tly_find(t, key);
    return e && e->n > 1 ? sqrt(e->m2 / (double)(e->n - 1)) : 0.0;
}

size_t tally_keys(const tally_t *t, const char **out, size_t max)
{
    size_t k = 0;
    for (size_t i = 0; i < t->nslots; i++)
        for (const struct entry *e = t->slots[i]; e; e = e->next) {
            if (k < max)
                out[k] = e->key;
            k++;
        }
    qsort(out, k < max ? k : max, sizeof *out, _tly_cmp);
    return t->nkeys;
}

const char *tally_version(void)
{
    return TALLY_VERSION;
}
