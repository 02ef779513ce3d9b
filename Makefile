# higlint: build, run and test. `make run` and `make test` are the whole set-up
# on a fresh Debian 12 machine with Swift.

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
BIN := .build/release/higlint
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build needs, and those only the tests need.
BUILD_PACKAGES := libyaml-dev libinotifytools0-dev pkg-config
TEST_PACKAGES := python3 python3-jsonschema inotify-tools

.PHONY: all deps test-deps build run test docs check-docs bench install clean

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

build: deps
	$(SWIFT) build -c release --product higlint

# Reviews the shipped example app.
run: build
	$(BIN) check --config config.yaml --fail-on never

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

# Regenerates docs/rules.md from the rules' own descriptions.
docs:
	$(SWIFT) build --product higlint
	.build/debug/higlint rules --format markdown > docs/rules.md

clean:
	rm -rf .build
