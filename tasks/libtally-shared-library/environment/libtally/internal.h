/* Internal helpers shared by tally.c and util.c: not part of the API. */
#ifndef TALLY_INTERNAL_H
#define TALLY_INTERNAL_H

#include <stddef.h>

struct entry {
    char *key;
    size_t n;
    double mean, m2, sum;
    struct entry *next;
};

struct tally {
    struct entry **slots;
    size_t nslots, nkeys;
};

unsigned long _tly_hash(const char *s);
struct entry *_tly_find(const struct tally *t, const char *key);
int _tly_grow(struct tally *t);
int _tly_cmp(const void *a, const void *b);

#endif
