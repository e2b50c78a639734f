/* request.c - parsing and applying the request lines of a spool file.
 *
 * A request file holds one request per line:
 *
 *   INCR <tag> [<amount>]   add amount (default 1, may be negative) to the tag's counter
 *   GET <tag>               report the counter
 *   DEL <tag>               drop the counter
 *
 * Blank lines and lines starting with '#' are ignored. The first bad line rejects the rest of
 * the file: the lines before it stay applied, and the file goes to bad/ instead of done/.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "request.h"

static int valid_key_char(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == ':' || c == '-';
}

struct request *parse_line(const char *line, const struct settings *cfg, const char **err)
{
    char op[16], key[256], amount[64], extra[2];
    int n = sscanf(line, "%15s %255s %63s %1s", op, key, amount, extra);
    if (n < 2) {
        *err = "missing tag";
        return NULL;
    }
    if (n == 4) {
        *err = "trailing garbage";
        return NULL;
    }
    struct request *req = malloc(sizeof *req);
    if (!req) {
        *err = "out of memory";
        return NULL;
    }
    if (strcmp(op, "INCR") == 0) {
        req->op = OP_INCR;
    } else if (strcmp(op, "GET") == 0) {
        req->op = OP_GET;
    } else if (strcmp(op, "DEL") == 0) {
        req->op = OP_DEL;
    } else {
        *err = "unknown operation";
        free(req);
        return NULL;
    }
    size_t len = strlen(key);
    if ((int)len > cfg->max_key_len) {
        *err = "tag too long";
        free(req);
        return NULL;
    }
    for (size_t i = 0; i < len; i++) {
        if (!valid_key_char((unsigned char)key[i])) {
            *err = "bad character in tag";
            free(req);
            return NULL;
        }
        if (cfg->fold_case)
            key[i] = (char)tolower((unsigned char)key[i]);
    }
    req->amount = 1;
    if (n == 3) {
        if (req->op != OP_INCR) {
            *err = "trailing garbage";
            free(req);
            return NULL;
        }
        char *end;
        errno = 0;
        req->amount = strtol(amount, &end, 10);
        if (errno || *end) {
            *err = "bad amount";
            free(req);
            return NULL;
        }
    }
    req->key = strdup(key);
    if (!req->key) {
        *err = "out of memory";
        free(req);
        return NULL;
    }
    return req;
}

void request_free(struct request *req)
{
    free(req);
}

static void apply(struct table *t, const struct request *req, const char *name, int lineno, FILE *out)
{
    switch (req->op) {
    case OP_INCR: {
        struct node *n = table_insert(t, req->key);
        if (!n) {
            fprintf(out, "%s:%d ERROR out of memory\n", name, lineno);
            return;
        }
        n->value += req->amount;
        fprintf(out, "%s:%d OK %s=%ld\n", name, lineno, n->key, n->value);
        return;
    }
    case OP_GET: {
        struct node *n = table_find(t, req->key);
        if (n)
            fprintf(out, "%s:%d VALUE %s=%ld\n", name, lineno, n->key, n->value);
        else
            fprintf(out, "%s:%d MISSING %s\n", name, lineno, req->key);
        return;
    }
    case OP_DEL: {
        struct node *n = table_find(t, req->key);
        if (!n) {
            fprintf(out, "%s:%d MISSING %s\n", name, lineno, req->key);
            return;
        }
        const char *gone = n->key;
        long was = n->value;
        table_del(t, req->key);
        fprintf(out, "%s:%d DELETED %s (was %ld)\n", name, lineno, gone, was);
        return;
    }
    }
}

static int blank_or_comment(const char *line)
{
    while (*line == ' ' || *line == '\t')
        line++;
    return *line == '\0' || *line == '\n' || *line == '#';
}

int process_file(struct table *t, const struct settings *cfg, const char *dir, const char *name,
                 FILE *out, struct stats *st)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(out, "%s ERROR cannot open: %s\n", name, strerror(errno));
        return -1;
    }
    st->files++;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    while (getline(&line, &cap, f) != -1) {
        lineno++;
        if (blank_or_comment(line))
            continue;
        const char *err = NULL;
        struct request *req = parse_line(line, cfg, &err);
        if (!req) {
            fprintf(out, "%s:%d REJECTED %s\n", name, lineno, err);
            st->rejected++;
            return -1;
        }
        st->requests++;
        apply(t, req, name, lineno, out);
        request_free(req);
    }
    free(line);
    fclose(f);
    return 0;
}
