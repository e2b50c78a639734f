#include <stdlib.h>
#include <string.h>

#include "parse.h"

static int push(sample_t *s, double v)
{
    if (s->count == s->capacity) {
        size_t cap = s->capacity ? s->capacity * 2 : 16;
        double *nv = realloc(s->values, cap * sizeof *nv);
        if (nv == NULL)
            return -1;
        s->values = nv;
        s->capacity = cap;
    }
    s->values[s->count++] = v;
    return 0;
}

int parse_sample(FILE *in, sample_t *out, char *err, size_t errlen)
{
    char line[4096];
    unsigned long lineno = 0;

    while (fgets(line, sizeof line, in) != NULL) {
        char *p = line, *tok, *save = NULL;
        lineno++;
        while (*p == ' ' || *p == '\t')
            p++;
        if (*p == '#')
            continue;
        for (tok = strtok_r(p, " \t\r\n", &save); tok != NULL; tok = strtok_r(NULL, " \t\r\n", &save)) {
            char *end;
            double v = strtod(tok, &end);
            if (end == tok || *end != '\0') {
                snprintf(err, errlen, "line %lu: not a number: %s", lineno, tok);
                return -1;
            }
            if (push(out, v) != 0) {
                snprintf(err, errlen, "out of memory");
                return -1;
            }
        }
    }
    return 0;
}

void sample_free(sample_t *s)
{
    free(s->values);
    s->values = NULL;
    s->count = s->capacity = 0;
}
