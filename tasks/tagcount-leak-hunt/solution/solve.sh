#!/bin/bash
# Reference solution: one fix per leak valgrind finds in tagcountd (each found with
# valgrind --leak-check=full --show-leak-kinds=all --track-fds=yes on a copy of tests/spool),
# the DEL use-after-free the key fix would expose, a strict make leakcheck target, the report,
# a review branch and the patch.
set -euo pipefail
cd /app/tagcount
git switch -q -c fix/leaks main

# 1. The build's only warning: "/*" inside the header comment of main.c.
sed -i 's|^ \* Every pass processes DIR/\*\.req in name order| * Every pass processes the DIR/NAME.req files in name order|' src/main.c

# 2. parse_line's strdup'd key: request_free frees it with the request.
python3 -c "
import pathlib; p = pathlib.Path('src/request.c'); s = p.read_text()
old = 'void request_free(struct request *req)\n{\n    free(req);\n}'
assert old in s
p.write_text(s.replace(old, 'void request_free(struct request *req)\n{\n    if (!req)\n        return;\n    free(req->key);\n    free(req);\n}'))"

# 3. process_file's early return on a rejected line: the line buffer and the FILE (its fd) leaked.
python3 -c "
import pathlib; p = pathlib.Path('src/request.c'); s = p.read_text()
old = '            st->rejected++;\n            return -1;'
assert old in s
p.write_text(s.replace(old, '            st->rejected++;\n            free(line);\n            fclose(f);\n            return -1;'))"

# 4. table_del freed the node but not its key; the DEL handler then printed the key it had just
#    deleted (a use-after-free once the key is freed): print from the request's own key instead.
python3 -c "
import pathlib
p = pathlib.Path('src/table.c'); s = p.read_text()
old = '            *pp = n->next;\n            free(n);'
assert old in s
p.write_text(s.replace(old, '            *pp = n->next;\n            free(n->key);\n            free(n);'))
p = pathlib.Path('src/request.c'); s = p.read_text()
old = '''        const char *gone = n->key;
        long was = n->value;
        table_del(t, req->key);
        fprintf(out, \"%s:%d DELETED %s (was %ld)\\\\n\", name, lineno, gone, was);'''
assert old in s, 'DEL handler'
p.write_text(s.replace(old, '''        long was = n->value;
        fprintf(out, \"%s:%d DELETED %s (was %ld)\\\\n\", name, lineno, n->key, was);
        table_del(t, req->key);'''))"

# 5. scan_spool freed scandir's array but not its entries.
python3 -c "
import pathlib; p = pathlib.Path('src/main.c'); s = p.read_text()
old = '        move_to(dir, rc == 0 ? \"done\" : \"bad\", name);\n    }'
assert old in s
s = s.replace(old, '        move_to(dir, rc == 0 ? \"done\" : \"bad\", name);\n        free(names[i]);\n    }')
old = '        fprintf(stderr, \"tagcountd: cannot open %s: %s\\\\n\", outpath, strerror(errno));\n        free(names);'
assert old in s, 'out error path'
s = s.replace(old, '        fprintf(stderr, \"tagcountd: cannot open %s: %s\\\\n\", outpath, strerror(errno));\n        for (int i = 0; i < n; i++)\n            free(names[i]);\n        free(names);')
p.write_text(s)"

# 6. load_config never freed getline's buffer.
python3 -c "
import pathlib; p = pathlib.Path('src/main.c'); s = p.read_text()
old = '            fprintf(stderr, \"tagcountd: %s:%d: unknown setting %s\\\\n\", path, lineno, k);\n    }\n    fclose(f);'
assert old in s
p.write_text(s.replace(old, '            fprintf(stderr, \"tagcountd: %s:%d: unknown setting %s\\\\n\", path, lineno, k);\n    }\n    free(line);\n    fclose(f);'))"

# 7. The table itself was never freed: table_free(), called when the loop ends (--once or SIGTERM).
python3 -c "
import pathlib
p = pathlib.Path('src/table.h'); s = p.read_text()
s = s.replace('int table_del(struct table *t, const char *key);', 'int table_del(struct table *t, const char *key);\nvoid table_free(struct table *t);')
assert 'table_free' in s
p.write_text(s)
p = pathlib.Path('src/table.c')
p.write_text(p.read_text() + '''
void table_free(struct table *t)
{
    if (!t)
        return;
    for (size_t b = 0; b < t->nbuckets; b++) {
        struct node *n = t->buckets[b];
        while (n) {
            struct node *next = n->next;
            free(n->key);
            free(n);
            n = next;
        }
    }
    free(t->buckets);
    free(t);
}
''')
p = pathlib.Path('src/main.c'); s = p.read_text()
old = '        sleep(interval);\n    }\n    return rc;'
assert old in s
p.write_text(s.replace(old, '        sleep(interval);\n    }\n    table_free(t);\n    return rc;'))"

# 8. make leakcheck: valgrind on a throw-away copy of the sample spool; fails on any leak kind,
#    any memcheck error, or any descriptor besides 0-2 open at exit (valgrind 3.19's exit code
#    does not count descriptors, so the target reads the FILE DESCRIPTORS line itself).
python3 -c "
import pathlib; p = pathlib.Path('Makefile'); s = p.read_text()
rule = '''# Run the sample spool under valgrind: any leak (still reachable too), any memcheck error, or a
# descriptor other than 0-2 left open at exit fails.
VALGRIND = valgrind --leak-check=full --show-leak-kinds=all --errors-for-leak-kinds=all \\\\
\t--error-exitcode=99 --track-fds=yes

leakcheck: tagcountd
\ttmp=\$\$(mktemp -d) && cp -r tests/spool \$\$tmp/spool && \\\\
\t\$(VALGRIND) ./tagcountd --once --config tests/tagcount.conf --spool \$\$tmp/spool \\\\
\t\t--out \$\$tmp/responses.txt 2>\$\$tmp/valgrind.log; rc=\$\$?; \\\\
\tgrep -E 'ERROR SUMMARY|FILE DESCRIPTORS|in use at exit|All heap' \$\$tmp/valgrind.log; \\\\
\tif [ \$\$rc -eq 0 ] && ! grep -q 'FILE DESCRIPTORS: 3 open' \$\$tmp/valgrind.log; then \\\\
\t\techo 'leakcheck: descriptors left open at exit'; rc=1; fi; \\\\
\trm -rf \$\$tmp; exit \$\$rc

'''
s = s.replace('clean:\n', rule + 'clean:\n').replace('.PHONY: check clean', '.PHONY: check leakcheck clean')
assert 'leakcheck: tagcountd' in s
p.write_text(s)"

# 9. Build from clean with no warnings, the responses unchanged, and valgrind clean.
make clean >/dev/null && make 2>&1 | tee /tmp/build.log && ! grep -q 'warning:' /tmp/build.log && make check && make leakcheck

# 10. The report: each kind and tagcount function that allocated leaked memory or opened a leaked fd.
mkdir -p /app/out && printf '%s\n' 'fd process_file' 'memory load_config' 'memory parse_line' 'memory process_file' 'memory scan_spool' 'memory table_insert' 'memory table_new' > /app/out/leaks.txt

# 11. One commit on the review branch; main stays at v2.3.1.
make clean >/dev/null && git add src Makefile && git commit -q -m 'Fix leaks: free keys, lines, scandir entries and the table; close rejected files' && git status --short

# 12. The patch against the release.
git diff v2.3.1 fix/leaks > /app/out/leak-fixes.patch
