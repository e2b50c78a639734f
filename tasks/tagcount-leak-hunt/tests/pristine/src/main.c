/* tagcountd - count tags from request files dropped into a spool directory.
 *
 *   tagcountd --spool DIR --out FILE [--config FILE] [--once] [--interval SECONDS]
 *
 * Every pass processes DIR/*.req in name order, appends one response line per request to FILE,
 * and moves each file to DIR/done/ (or DIR/bad/ when a line is rejected). Without --once it
 * runs a pass every --interval seconds (default 5) until SIGTERM or SIGINT.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "request.h"
#include "table.h"

static volatile sig_atomic_t stopping;

static void on_signal(int sig)
{
    (void)sig;
    stopping = 1;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    char *e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
        *--e = '\0';
    return s;
}

static int load_config(const char *path, struct settings *cfg)
{
    cfg->max_key_len = 64;
    cfg->fold_case = 0;
    cfg->buckets = 257;
    FILE *f = fopen(path, "r");
    if (!f)
        return errno == ENOENT ? 0 : -1;
    char *line = NULL;
    size_t cap = 0;
    int lineno = 0;
    while (getline(&line, &cap, f) != -1) {
        lineno++;
        char *s = trim(line);
        if (*s == '\0' || *s == '#')
            continue;
        char *eq = strchr(s, '=');
        if (!eq) {
            fprintf(stderr, "tagcountd: %s:%d: expected key = value\n", path, lineno);
            continue;
        }
        *eq = '\0';
        char *k = trim(s), *v = trim(eq + 1);
        if (strcmp(k, "max_key_len") == 0)
            cfg->max_key_len = atoi(v);
        else if (strcmp(k, "fold_case") == 0)
            cfg->fold_case = strcmp(v, "yes") == 0;
        else if (strcmp(k, "buckets") == 0)
            cfg->buckets = (size_t)atol(v);
        else
            fprintf(stderr, "tagcountd: %s:%d: unknown setting %s\n", path, lineno, k);
    }
    fclose(f);
    if (cfg->max_key_len < 1 || cfg->max_key_len > 255 || cfg->buckets < 1)
        return -1;
    return 0;
}

static int is_request(const struct dirent *d)
{
    size_t len = strlen(d->d_name);
    return d->d_name[0] != '.' && len > 4 && strcmp(d->d_name + len - 4, ".req") == 0;
}

static void move_to(const char *dir, const char *sub, const char *name)
{
    char from[4096], to[4096];
    snprintf(to, sizeof to, "%s/%s", dir, sub);
    mkdir(to, 0755);
    snprintf(from, sizeof from, "%s/%s", dir, name);
    snprintf(to, sizeof to, "%s/%s/%s", dir, sub, name);
    if (rename(from, to) != 0)
        fprintf(stderr, "tagcountd: cannot move %s to %s/: %s\n", name, sub, strerror(errno));
}

static int scan_spool(struct table *t, const struct settings *cfg, const char *dir, const char *outpath,
                      long pass)
{
    struct dirent **names;
    int n = scandir(dir, &names, is_request, alphasort);
    if (n < 0) {
        fprintf(stderr, "tagcountd: cannot read %s: %s\n", dir, strerror(errno));
        return -1;
    }
    FILE *out = fopen(outpath, "a");
    if (!out) {
        fprintf(stderr, "tagcountd: cannot open %s: %s\n", outpath, strerror(errno));
        free(names);
        return -1;
    }
    struct stats st = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        int rc = process_file(t, cfg, dir, name, out, &st);
        move_to(dir, rc == 0 ? "done" : "bad", name);
    }
    fprintf(out, "# pass %ld: %ld files, %ld requests, %ld rejected, %zu tags\n", pass, st.files,
            st.requests, st.rejected, t->count);
    fclose(out);
    free(names);
    return 0;
}

static void usage(void)
{
    fputs("usage: tagcountd --spool DIR --out FILE [--config FILE] [--once] [--interval SECONDS]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv)
{
    const char *spool = NULL, *outpath = NULL, *config = "/etc/tagcount.conf";
    int once = 0;
    unsigned interval = 5;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--spool") == 0 && i + 1 < argc)
            spool = argv[++i];
        else if (strcmp(argv[i], "--out") == 0 && i + 1 < argc)
            outpath = argv[++i];
        else if (strcmp(argv[i], "--config") == 0 && i + 1 < argc)
            config = argv[++i];
        else if (strcmp(argv[i], "--interval") == 0 && i + 1 < argc)
            interval = (unsigned)atoi(argv[++i]);
        else if (strcmp(argv[i], "--once") == 0)
            once = 1;
        else
            usage();
    }
    if (!spool || !outpath)
        usage();

    struct settings cfg;
    if (load_config(config, &cfg) != 0) {
        fprintf(stderr, "tagcountd: bad config %s\n", config);
        return 2;
    }
    struct table *t = table_new(cfg.buckets);
    if (!t) {
        fputs("tagcountd: out of memory\n", stderr);
        return 1;
    }
    signal(SIGTERM, on_signal);
    signal(SIGINT, on_signal);

    long pass = 0;
    int rc = 0;
    while (!stopping) {
        if (scan_spool(t, &cfg, spool, outpath, ++pass) != 0)
            rc = 1;
        if (once)
            break;
        sleep(interval);
    }
    return rc;
}
