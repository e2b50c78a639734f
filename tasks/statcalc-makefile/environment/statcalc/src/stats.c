#include <math.h>

#include "stats.h"

int stats_error = 0;

double stats_mean(const sample_t *s)
{
    double sum = 0.0;
    size_t i;

    if (s->count == 0) {
        stats_error = 1;
        return 0.0;
    }
    stats_error = 0;
    for (i = 0; i < s->count; i++)
        sum += s->values[i];
    return sum / (double)s->count;
}

double stats_min(const sample_t *s)
{
    double m;
    size_t i;

    if (s->count == 0) {
        stats_error = 1;
        return 0.0;
    }
    stats_error = 0;
    m = s->values[0];
    for (i = 1; i < s->count; i++)
        if (s->values[i] < m)
            m = s->values[i];
    return m;
}

double stats_max(const sample_t *s)
{
    double m;
    size_t i;

    if (s->count == 0) {
        stats_error = 1;
        return 0.0;
    }
    stats_error = 0;
    m = s->values[0];
    for (i = 1; i < s->count; i++)
        if (s->values[i] > m)
            m = s->values[i];
    return m;
}

double stats_stddev(const sample_t *s)
{
    double mean, acc = 0.0;
    size_t i;

    if (s->count < 2) {
        stats_error = 1;
        return 0.0;
    }
    mean = stats_mean(s);
    for (i = 0; i < s->count; i++)
        acc += (s->values[i] - mean) * (s->values[i] - mean);
    stats_error = 0;
    return sqrt(acc / (double)(s->count - 1));
}
