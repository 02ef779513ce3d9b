# higlint: build, run and test. `make run` and `make test` are the whole set-up
# on a fresh Debian 12 machine with Swift.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BIN := .build/release/higlint
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build needs, and those only the tests need.
BUILD_PACKAGES := libyaml-dev libinotifytools0-dev libxml2-dev libmimalloc-dev pkg-config
# FoundationNetworking (`figma pull`) linked statically (--static-swift-stdlib) needs libcurl to link against.
BUILD_PACKAGES += libcurl4-openssl-dev
TEST_PACKAGES := python3 python3-jsonschema python3-pip inotify-tools chromium
# node --check parses the HTML report's script.
TEST_PACKAGES += nodejs
# The watch tests: systemd-analyze checks the unit, git drives a checkout, util-linux runs as another user
# (and its `script` gives the terminal tests a terminal).
TEST_PACKAGES += systemd git util-linux
# The shipped completions are loaded by the shells they are for; man and groff read the man page.
TEST_PACKAGES += bash zsh fish man-db groff-base
# The language server's end-to-end test drives Neovim's built-in client, headless.
TEST_PACKAGES += neovim
# `make deb-test`: readelf lists the libraries the package depends on.
TEST_PACKAGES += binutils
# From PyPI: the SARIF schema check, the JUnit reader, YAML, and pre-commit, which runs the shipped hook.
PYTHON_TEST_PACKAGES := jsonschema junitparser pyyaml pre-commit

.PHONY: all deps test-deps build run test docs snapshots check-docs bench install install-service deb deb-test clean fuzz fuzz-build sanitize sanitize-address sanitize-thread

all: build

# Installs what is missing, and nothing when all is there (no network then).
define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps:
	$(call apt_install,$(BUILD_PACKAGES))

test-deps: deps
	$(call apt_install,$(TEST_PACKAGES))
	@python3 -c 'import jsonschema, junitparser, yaml, pre_commit' 2>/dev/null || python3 -m pip install --quiet $(PYTHON_TEST_PACKAGES) 2>/dev/null || python3 -m pip install --quiet --break-system-packages $(PYTHON_TEST_PACKAGES)

# The Swift runtime is linked in, so the binary (installed, or in the Debian package) needs
# only Debian's libraries, not the toolchain's. With the SwiftUI importer (Package.swift) it
# is not: the toolchain's swift-syntax libraries load the toolchain's shared runtime, and a
# second, static one in the same process would not be the same runtime. The binary then
# finds both through its rpath, and the Debian package ships them (packaging/build-deb.sh).
# `higlint figma pull` runs a program of its own, which links Foundation's networking (and so
# libcurl) that `higlint` does not (BENCHMARKS.md, "figma pull"); it is built and installed beside.
SWIFT_SYNTAX_HOST := $(shell scripts/swift-syntax-host.sh)
RELEASE_FLAGS = -c release $(if $(SWIFT_SYNTAX_HOST),,--static-swift-stdlib)
build: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product higlint
	$(SWIFT) build $(RELEASE_FLAGS) --product higlint-figma-pull

# Reviews the shipped example app, then watches it and keeps a live report current (Ctrl-C stops).
# `make run-check` is the one-shot review.
RUN_REPORT ?= .build/higlint-report.json
RUN_CONFIG = $(if $(wildcard config.yaml),--config config.yaml,)
run: build
	$(BIN) check examples $(RUN_CONFIG) --fail-on never
	@echo "higlint watch: the live report is $(abspath $(RUN_REPORT)); edit a spec under examples/ and it updates (Ctrl-C stops)"
	$(BIN) watch examples $(RUN_CONFIG) --report $(RUN_REPORT)

.PHONY: run-check
# Reviews the shipped example app once.
run-check: build
	$(BIN) check --config config.yaml --fail-on never

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-swift-testing

# Fuzzes the loader, the decoder, the Interface Builder importer, the project reader, the Figma importer (and the
# test `figma pull` makes of an answer), every plugin and every writer for FUZZ_SECONDS
# (libFuzzer with AddressSanitizer, its leak check included; see docs/reliability.md).
# The corpus grows in .build/fuzz-corpus, seeded from the rules' examples and examples/,
# with the format's words in .build/fuzz-corpus.dict;
# a crash is written to .build/fuzz-crash-*, and belongs in Tests/FuzzRegressions once fixed.
FUZZ_SECONDS ?= 60
FUZZ_BUILD := .build/fuzz
FUZZ_BIN := $(FUZZ_BUILD)/release/higlint-fuzz
FUZZ_CORPUS := .build/fuzz-corpus
FUZZ_FLAGS ?= -timeout=10 -rss_limit_mb=2048 -max_len=65536
# Interface Builder documents to start the XML path from: the real apps' files of Tests/Fixtures.
FUZZ_IB_SEEDS ?= Tests/Fixtures/storyboards Tests/Fixtures/apps/simplenote
# A small project file that takes each way through the project reader (the real app's is past -max_len),
# and small Figma file responses (Tests/FuzzSeeds/figma; the fixtures are past it too).
FUZZ_PROJECT_SEEDS ?= Tests/FuzzSeeds
# Linked by lld: gold fails with an internal error on the instrumented objects.
fuzz-build: deps
	$(SWIFT) build -c release --build-path $(FUZZ_BUILD) --product higlint-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld
fuzz: fuzz-build
	@mkdir -p $(FUZZ_CORPUS)
	@ASAN_OPTIONS=detect_leaks=0 $(FUZZ_BIN) --write-seeds $(FUZZ_CORPUS) examples/*.yaml $(FUZZ_IB_SEEDS) $(FUZZ_PROJECT_SEEDS)
	ASAN_OPTIONS=detect_leaks=1 $(FUZZ_BIN) $(FUZZ_CORPUS) Tests/FuzzRegressions \
		-dict=$(FUZZ_CORPUS).dict -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=.build/fuzz-crash- \
		-print_final_stats=1 $(FUZZ_FLAGS)

# The test suite under AddressSanitizer, then ThreadSanitizer (the parallel review, the
# watcher's threads), each in a build directory of its own. SANITIZE_TESTS narrows both
# (a regex for swift test --filter); CI runs the thread pass over the core and watch tests.
SANITIZE_TESTS ?=
SANITIZE_FILTER = $(if $(SANITIZE_TESTS),--filter '$(SANITIZE_TESTS)',)
sanitize: sanitize-address sanitize-thread
sanitize-address: test-deps
	$(SWIFT) build --build-tests --build-path .build/asan --sanitize=address
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp \
		$(SWIFT) test --disable-swift-testing --skip-build --build-path .build/asan $(SANITIZE_FILTER)
sanitize-thread: test-deps
	$(SWIFT) build --build-tests --build-path .build/tsan --sanitize=thread
	TSAN_OPTIONS="halt_on_error=1 suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp" $(SWIFT) test --disable-swift-testing --skip-build --build-path .build/tsan $(SANITIZE_FILTER)

# Regenerates docs/rules.md, and the thresholds section of the shipped configs, from the
# rules' own descriptions, and the man page and shell completions from the command
# declarations. The thresholds section is the comment run just above `thresholds:` and the
# indented lines under it; a test finds it the same way. Tests fail when any of these is stale.
SHIPPED_CONFIGS := config.yaml systemd/config.yaml
# Writes the golden outputs SnapshotTests compares (Tests/Snapshots/commands.txt lists
# them): run it when an output is meant to change, and read the diff before committing.
snapshots:
	$(SWIFT) build --build-tests
	HIGLINT_UPDATE_SNAPSHOTS=1 $(SWIFT) test --skip-build --disable-swift-testing --filter SnapshotTests

docs:
	$(SWIFT) build --product higlint
	.build/debug/higlint rules --format markdown > docs/rules.md
	.build/debug/higlint rules --format thresholds > .build/thresholds.yaml
	@for config in $(SHIPPED_CONFIGS); do \
		awk -f scripts/splice-thresholds.awk .build/thresholds.yaml $$config > $$config.new && mv $$config.new $$config; \
	done
	.build/debug/higlint help --man > man/higlint.1
	.build/debug/higlint completions bash > completions/higlint.bash
	.build/debug/higlint completions zsh > completions/_higlint
	.build/debug/higlint completions fish > completions/higlint.fish

# Measures `check` against the libyaml floor on generated corpora, `check` on the
# Interface Builder fixtures against the libxml2 floor, and the watcher's latency, memory
# and idle CPU; prints a table and writes bench/results.json (see
# BENCHMARKS.md). Not part of `make test`: it takes minutes, and its numbers are the machine's.
bench: build
	python3 bench/run.py --higlint $(BIN)

# Installs the binary, its man page and its bash, zsh and fish completions.
# `sudo make install` puts higlint in /usr/local/bin; without root,
# `make install PREFIX=$HOME/.local` puts it in ~/.local/bin.
# Packagers: make install PREFIX=/usr DESTDIR=/tmp/stage
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
UNITDIR ?= $(PREFIX)/lib/systemd/system
# higlint looks for higlint-figma-pull in ../lib/higlint from its own directory.
PRIVATEDIR = $(PREFIX)/lib/higlint
PULL_BIN ?= $(dir $(BIN))higlint-figma-pull
SYSCONFDIR ?= /etc
# Installing copies what `make build` (or `make run`) built, building it only when it is
# missing: `sudo make install` then needs no Swift on root's PATH.
$(BIN) $(PULL_BIN):
	$(MAKE) build
install: $(BIN) $(PULL_BIN)
	install -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(PRIVATEDIR) $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR) $(DESTDIR)$(FISHCOMPDIR)
	install -m 755 $(BIN) $(DESTDIR)$(BINDIR)/higlint
	install -m 755 $(PULL_BIN) $(DESTDIR)$(PRIVATEDIR)/higlint-figma-pull
	install -m 644 man/higlint.1 $(DESTDIR)$(MANDIR)/man1/higlint.1
	install -m 644 completions/higlint.bash $(DESTDIR)$(BASHCOMPDIR)/higlint
	install -m 644 completions/_higlint $(DESTDIR)$(ZSHCOMPDIR)/_higlint
	install -m 644 completions/higlint.fish $(DESTDIR)$(FISHCOMPDIR)/higlint.fish
	@echo "installed $(DESTDIR)$(BINDIR)/higlint, man higlint, and completions for bash, zsh and fish"
	@[ -n "$(DESTDIR)" ] || scripts/completion-advice.sh "$(BASHCOMPDIR)" "$(ZSHCOMPDIR)" "$(FISHCOMPDIR)"
	@case ":$$PATH:" in *":$(BINDIR):"*) ;; *) [ -n "$(DESTDIR)" ] || \
		echo "$(BINDIR) is not on your PATH; add it with: export PATH=\"$(BINDIR):\$$PATH\"";; esac

# Adds the systemd unit and, unless one exists, the service's config to `make install`.
install-service: install
	install -d $(DESTDIR)$(UNITDIR) $(DESTDIR)$(SYSCONFDIR)/higlint
	sed -e 's#/usr/local/bin/higlint#$(BINDIR)/higlint#' -e 's#/etc/higlint/#$(SYSCONFDIR)/higlint/#' \
		systemd/higlint.service > $(DESTDIR)$(UNITDIR)/higlint.service
	chmod 644 $(DESTDIR)$(UNITDIR)/higlint.service
	@if [ -e $(DESTDIR)$(SYSCONFDIR)/higlint/config.yaml ]; then \
		echo "kept the existing $(DESTDIR)$(SYSCONFDIR)/higlint/config.yaml"; \
	else \
		install -m 644 systemd/config.yaml $(DESTDIR)$(SYSCONFDIR)/higlint/config.yaml; \
	fi
	@echo "installed the service; now: systemctl daemon-reload && systemctl enable --now higlint"

# A Debian package (dpkg-deb): the binary, man page, completions, the unit, and the
# service's config as a conffile; Depends names the packages of the libraries it loads.
DEB_DIR ?= .build/deb
deb: build
	packaging/build-deb.sh $(BIN) $(DEB_DIR)

# Builds the package, installs it, runs it, verifies its unit, removes and purges it (CI; as root).
deb-test: build
	$(SUDO) packaging/test-deb.sh "$$(packaging/build-deb.sh $(BIN) $(DEB_DIR))"

clean:
	rm -rf .build
