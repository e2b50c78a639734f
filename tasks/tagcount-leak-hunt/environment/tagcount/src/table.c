/* table.c - a small chained hash table of tag counters. */
#include <stdlib.h>
#include <string.h>

#include "table.h"

static size_t hash(const char *s)
{
    size_t h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

struct table *table_new(size_t nbuckets)
{
    struct table *t = malloc(sizeof *t);
    if (!t)
        return NULL;
    t->buckets = calloc(nbuckets, sizeof *t->buckets);
    if (!t->buckets) {
        free(t);
        return NULL;
    }
    t->nbuckets = nbuckets;
    t->count = 0;
    return t;
}

struct node *table_find(struct table *t, const char *key)
{
    struct node *n = t->buckets[hash(key) % t->nbuckets];
    for (; n; n = n->next)
        if (strcmp(n->key, key) == 0)
            return n;
    return NULL;
}

struct node *table_insert(struct table *t, const char *key)
{
    struct node *n = table_find(t, key);
    if (n)
        return n;
    n = malloc(sizeof *n);
    if (!n)
        return NULL;
    n->key = strdup(key);
    if (!n->key) {
        free(n);
        return NULL;
    }
    n->value = 0;
    size_t b = hash(key) % t->nbuckets;
    n->next = t->buckets[b];
    t->buckets[b] = n;
    t->count++;
    return n;
}

int table_del(struct table *t, const char *key)
{
    struct node **pp = &t->buckets[hash(key) % t->nbuckets];
    for (; *pp; pp = &(*pp)->next) {
        if (strcmp((*pp)->key, key) == 0) {
            struct node *n = *pp;
            *pp = n->next;
            free(n);
            t->count--;
            return 1;
        }
    }
    return 0;
}
