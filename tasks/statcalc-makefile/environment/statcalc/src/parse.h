/* Reading a sample from a text stream. */
#ifndef STATCALC_PARSE_H
#define STATCALC_PARSE_H

#include <stdio.h>

#include "common.h"

/* Reads whitespace-separated numbers from `in` into `out` (which must be
 * zero-initialised). Lines starting with '#' are comments. Returns 0 on
 * success; on a malformed token returns -1 and describes it in `err`. */
int parse_sample(FILE *in, sample_t *out, char *err, size_t errlen);

void sample_free(sample_t *s);

#endif
