# citefeed's Makefile (GNU make), the same in the source tree and in the release tarball:
#   make                          builds the release binary (in the source tree; the tarball holds it)
#   make install                  installs into $(DESTDIR)$(PREFIX), /usr/local unless PREFIX is set
#   make uninstall                removes what install installed
#   make install PREFIX=~/.local  for one user, without root
# Installed: bin/citefeed, its manual page, the bash, zsh and fish completions, the systemd user
# units (naming $(bindir)/citefeed) and, in $(docdir), the README, the guide (doc/), changelog, licence and contrib/
# as examples. PREFIX and DESTDIR, and each directory (bindir, man1dir, docdir,
# bashcompletiondir, zshcompletiondir, fishcompletiondir, systemduserunitdir), may be set on the
# command line, as the GNU coding standards have it.
# make uninstall leaves the timer as it is: 'systemctl --user disable --now citefeed.timer' first
# if you enabled it.
# In the source tree, install copies what `make` laid out in .build/dist and runs nothing (so
# that `sudo make install` compiles, strips and runs nothing as root): run `make` first.

PREFIX ?= /usr/local
prefix = $(PREFIX)
exec_prefix = $(prefix)
bindir = $(exec_prefix)/bin
datarootdir = $(prefix)/share
mandir = $(datarootdir)/man
man1dir = $(mandir)/man1
docdir = $(datarootdir)/doc/citefeed
bashcompletiondir = $(datarootdir)/bash-completion/completions
zshcompletiondir = $(datarootdir)/zsh/site-functions
fishcompletiondir = $(datarootdir)/fish/vendor_completions.d
# systemd reads user units from /usr/lib/systemd/user, /usr/local/lib/systemd/user and
# ~/.local/share/systemd/user.
ifeq ($(abspath $(prefix)),$(abspath $(HOME)/.local))
systemduserunitdir = $(datarootdir)/systemd/user
else
systemduserunitdir = $(exec_prefix)/lib/systemd/user
endif

INSTALL = install
INSTALL_PROGRAM = $(INSTALL) -m 755
INSTALL_DATA = $(INSTALL) -m 644

ifneq ($(wildcard scripts/package),)
# The source tree: `make` builds and lays out what is installed in $(DIST) (scripts/package
# stage: the stripped binary, its manual page and completions, which the binary prints);
# `make install` only copies what is there. So `sudo make install` runs nothing that was built
# (no strip, no binary of yours as root): run `make` first, as yourself.
DIST = .build/dist
all:
	scripts/package build
	scripts/package stage $(DIST)
stage:
	scripts/package stage $(DIST)
staged:
	@[ -f $(DIST)/.citefeed-stage ] && [ -x $(DIST)/citefeed ] || { \
		echo "make: nothing to install in $(DIST): run 'make' first, as yourself (install only copies what it laid out)" >&2; \
		exit 1; }
else
# The release tarball: what is installed is beside this Makefile.
DIST = .
all:
	@echo "Nothing to build: the binary is here. Run 'make install' (PREFIX=/usr/local unless set)."
stage:
staged:
endif

units = citefeed.service citefeed.timer citefeed-devices.service citefeed-devices.path

install: staged
	@# The units and the cron line name $(bindir)/citefeed unquoted: a path they could misread
	@# (a space, a quote, a %, a |) is refused before anything is installed.
	@case '$(subst ','"'"',$(bindir))' in *[!A-Za-z0-9/._+@,:~-]*) \
		echo "make: bindir ($(bindir)) may hold only letters, digits and / . _ + @ , : ~ -, as the systemd units and cron line name it" >&2; \
		exit 1;; esac
	$(INSTALL) -d "$(DESTDIR)$(bindir)" "$(DESTDIR)$(man1dir)" "$(DESTDIR)$(bashcompletiondir)" \
		"$(DESTDIR)$(zshcompletiondir)" "$(DESTDIR)$(fishcompletiondir)" "$(DESTDIR)$(systemduserunitdir)" \
		"$(DESTDIR)$(docdir)/examples" "$(DESTDIR)$(docdir)/doc/images" "$(DESTDIR)$(docdir)/doc/schema"
	$(INSTALL_PROGRAM) $(DIST)/citefeed "$(DESTDIR)$(bindir)/citefeed"
	$(INSTALL_DATA) $(DIST)/citefeed.1 "$(DESTDIR)$(man1dir)/citefeed.1"
	$(INSTALL_DATA) $(DIST)/completions/citefeed.bash "$(DESTDIR)$(bashcompletiondir)/citefeed"
	$(INSTALL_DATA) $(DIST)/completions/_citefeed "$(DESTDIR)$(zshcompletiondir)/_citefeed"
	$(INSTALL_DATA) $(DIST)/completions/citefeed.fish "$(DESTDIR)$(fishcompletiondir)/citefeed.fish"
	$(INSTALL_DATA) $(DIST)/README.md $(DIST)/CHANGELOG.md $(DIST)/LICENSE "$(DESTDIR)$(docdir)"
	$(INSTALL_DATA) $(DIST)/doc/*.md "$(DESTDIR)$(docdir)/doc"
	$(INSTALL_DATA) $(DIST)/doc/images/* "$(DESTDIR)$(docdir)/doc/images"
	$(INSTALL_DATA) $(DIST)/doc/schema/* "$(DESTDIR)$(docdir)/doc/schema"
	@# contrib, its templates (NAME.in) filled in with $(bindir): the units where systemd
	@# looks, and all of it as examples.
	find $(DIST)/contrib -type f | sort | while IFS= read -r file; do \
		name=$${file#$(DIST)/contrib/}; name=$${name%.in}; \
		$(INSTALL) -d "$(DESTDIR)$(docdir)/examples/$$(dirname "$$name")" || exit 1; \
		sed 's|@bindir@|$(bindir)|g' "$$file" > "$(DESTDIR)$(docdir)/examples/$$name" || exit 1; \
		chmod 644 "$(DESTDIR)$(docdir)/examples/$$name"; \
	done
	for unit in $(units); do \
		$(INSTALL_DATA) "$(DESTDIR)$(docdir)/examples/systemd/$$unit" "$(DESTDIR)$(systemduserunitdir)/$$unit" || exit 1; \
	done

uninstall:
	rm -f "$(DESTDIR)$(bindir)/citefeed" "$(DESTDIR)$(man1dir)/citefeed.1" \
		"$(DESTDIR)$(bashcompletiondir)/citefeed" "$(DESTDIR)$(zshcompletiondir)/_citefeed" \
		"$(DESTDIR)$(fishcompletiondir)/citefeed.fish"
	for unit in $(units); do rm -f "$(DESTDIR)$(systemduserunitdir)/$$unit"; done
	rm -rf "$(DESTDIR)$(docdir)"
	@# Under a DESTDIR (a staging tree), the folders install made go too, when they are empty;
	@# on the system itself, shared folders such as share/man/man1 stay.
	@if [ -n "$(DESTDIR)" ]; then \
		for dir in "$(bindir)" "$(man1dir)" "$(bashcompletiondir)" "$(zshcompletiondir)" "$(fishcompletiondir)" \
			"$(systemduserunitdir)" "$(docdir)"; do \
			d="$(DESTDIR)$$dir"; [ -d "$$d" ] || d=$${d%/*}; \
			while [ "$$d" != "$(DESTDIR)" ] && [ "$$d" != "$${d%/*}" ] && rmdir "$$d" 2>/dev/null; do d=$${d%/*}; done; \
		done; \
	fi

.PHONY: all stage staged install uninstall
