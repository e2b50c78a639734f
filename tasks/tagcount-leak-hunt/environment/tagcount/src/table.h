/* table.h - a small chained hash table of tag counters. */
#ifndef TAGCOUNT_TABLE_H
#define TAGCOUNT_TABLE_H

#include <stddef.h>

struct node {
    char *key;
    long value;
    struct node *next;
};

struct table {
    struct node **buckets;
    size_t nbuckets;
    size_t count;
};

struct table *table_new(size_t nbuckets);
struct node *table_find(struct table *t, const char *key);
struct node *table_insert(struct table *t, const char *key);
int table_del(struct table *t, const char *key);

#endif
