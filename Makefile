# MarbleKit: `make run` runs the app, `make test` runs the tests, `make bench` the benchmarks.
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
PYTHON       ?= python3
MARBLE_BIN   ?= .build/debug/marble
APT_PACKAGES := pkg-config libpng-dev libsdl2-dev
BENCH_APT    := $(APT_PACKAGES) libcairo2-dev
TEST_APT     := $(APT_PACKAGES) python3
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps bench-deps test-deps build run test bench clean

define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

bench-deps:
	$(call apt_install,$(BENCH_APT))

test-deps:
	$(call apt_install,$(TEST_APT))

build: deps
	$(SWIFT) build

# Until the window exists, `make run` replays a shipped log headless and writes its picture.
run: build
	@mkdir -p out
	$(SWIFT) run marble replay Replays/figure-eight.csv --png out/figure-eight.png

# After the unit tests, the crash test kills paced replays into a store and checks what survives
# (quick mode, about 25 s; `$(PYTHON) Tests/Tools/crash_test.py` alone runs the full 20 rounds).
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test
	$(PYTHON) Tests/Tools/crash_test.py --quick --marble $(MARBLE_BIN)

bench: bench-deps
	cd Benchmarks && $(SWIFT) run -c release marble-bench

clean:
	rm -rf .build Benchmarks/.build out
