/* Descriptive statistics over a sample. */
#ifndef STATCALC_STATS_H
#define STATCALC_STATS_H

#include "common.h"

/* Set to a non-zero value by the last call that could not compute a result
 * (empty sample, or fewer than two values for the standard deviation). */
extern int stats_error;

double stats_mean(const sample_t *s);
double stats_min(const sample_t *s);
double stats_max(const sample_t *s);
/* Sample standard deviation (n - 1 in the denominator). */
double stats_stddev(const sample_t *s);

#endif
