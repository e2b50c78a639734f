/* Types shared by the statcalc library and its CLI. */
#ifndef STATCALC_COMMON_H
#define STATCALC_COMMON_H

#include <stddef.h>

/* A sample of numbers read from the input. */
typedef struct {
    double *values;
    size_t count;
    size_t capacity;
} sample_t;

#endif
