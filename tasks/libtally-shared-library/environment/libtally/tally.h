/* tally: per-key counters with running mean and standard deviation (Welford). */
#ifndef TALLY_H
#define TALLY_H

#include <stddef.h>

#define TALLY_VERSION "2.1.0"
#define TALLY_VERSION_MAJOR 2

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tally tally_t;

/* A table with room for about `buckets` keys; it grows as needed. NULL when out of memory. */
tally_t *tally_new(size_t buckets);
void tally_free(tally_t *t);

/* Adds one observation of `value` under `key` (copied). 0 on success, -1 when out of memory. */
int tally_add(tally_t *t, const char *key, double value);

size_t tally_count(const tally_t *t, const char *key);
double tally_sum(const tally_t *t, const char *key);
double tally_mean(const tally_t *t, const char *key);
/* Sample standard deviation; 0 for fewer than two observations. */
double tally_stddev(const tally_t *t, const char *key);

/* Writes up to `max` keys, sorted, into `out`; returns how many keys there are. */
size_t tally_keys(const tally_t *t, const char **out, size_t max);

const char *tally_version(void);

#ifdef __cplusplus
}
#endif

#endif
