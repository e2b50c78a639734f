/* tally 1.4: per-key running means. */
#ifndef TALLY_H
#define TALLY_H
#define TALLY_VERSION "1.4.2"
typedef struct tally tally_t;
tally_t *tally_new(void);
void tally_free(tally_t *t);
int tally_add(tally_t *t, const char *key, double value);
double tally_mean(const tally_t *t, const char *key);
const char *tally_version(void);
#endif
