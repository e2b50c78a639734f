#include <stdlib.h>
#include <string.h>

#include "internal.h"

unsigned long _tly_hash(const char *s)
{
    unsigned long h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

struct entry *_tly_find(const struct tally *t, const char *key)
{
    struct entry *e = t->slots[_tly_hash(key) % t->nslots];
    while (e && strcmp(e->key, key) != 0)
        e = e->next;
    return e;
}

int _tly_grow(struct tally *t)
{
    size_t n = t->nslots * 2;
    struct entry **s = calloc(n, sizeof *s);
    if (!s)
        return -1;
    for (size_t i = 0; i < t->nslots; i++) {
        struct entry *e = t->slots[i];
        while (e) {
            struct entry *next = e->next;
            size_t j = _tly_hash(e->key) % n;
            e->next = s[j];
            s[j] = e;
            e = next;
        }
    }
    free(t->slots);
    t->slots = s;
    t->nslots = n;
    return 0;
}

int _tly_cmp(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}
