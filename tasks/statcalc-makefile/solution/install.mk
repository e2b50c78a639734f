
# make install: everything under $(DESTDIR)$(PREFIX), the library's links as links.
PREFIX ?= /usr/local
DESTDIR ?=

.PHONY: install
install: all
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/lib" "$(DESTDIR)$(PREFIX)/include/statcalc"
	install -m 0755 $(B)/statcalc "$(DESTDIR)$(PREFIX)/bin/statcalc"
	install -m 0755 $(B)/$(REALNAME) "$(DESTDIR)$(PREFIX)/lib/$(REALNAME)"
	ln -sfn $(REALNAME) "$(DESTDIR)$(PREFIX)/lib/$(SONAME)"
	ln -sfn $(SONAME) "$(DESTDIR)$(PREFIX)/lib/libstatcalc.so"
	install -m 0644 $(HEADERS) "$(DESTDIR)$(PREFIX)/include/statcalc/"
