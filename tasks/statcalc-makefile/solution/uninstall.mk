
# Added on request: remove what `make install` put under $(DESTDIR)$(PREFIX), nothing else.
.PHONY: uninstall
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/statcalc"
	rm -f "$(DESTDIR)$(PREFIX)/lib/$(REALNAME)" "$(DESTDIR)$(PREFIX)/lib/$(SONAME)" "$(DESTDIR)$(PREFIX)/lib/libstatcalc.so"
	rm -f "$(DESTDIR)$(PREFIX)/include/statcalc/stats.h" "$(DESTDIR)$(PREFIX)/include/statcalc/parse.h" "$(DESTDIR)$(PREFIX)/include/statcalc/common.h"
	rmdir "$(DESTDIR)$(PREFIX)/include/statcalc" 2>/dev/null || true
