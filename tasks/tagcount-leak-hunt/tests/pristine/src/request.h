/* request.h - parsing and applying the request lines of a spool file. */
#ifndef TAGCOUNT_REQUEST_H
#define TAGCOUNT_REQUEST_H

#include <stdio.h>

#include "table.h"

enum op { OP_INCR, OP_GET, OP_DEL };

struct request {
    enum op op;
    char *key;
    long amount;
};

struct settings {
    int max_key_len;
    int fold_case;
    size_t buckets;
};

struct stats {
    long files;
    long requests;
    long rejected;
};

struct request *parse_line(const char *line, const struct settings *cfg, const char **err);
void request_free(struct request *req);
int process_file(struct table *t, const struct settings *cfg, const char *dir, const char *name,
                 FILE *out, struct stats *st);

#endif
