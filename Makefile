# MarbleKit: `make run` runs the app, `make test` runs the tests, `make bench` the benchmarks.
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
PYTHON       ?= python3
MARBLE_BIN   ?= .build/debug/marble
APT_PACKAGES := pkg-config libpng-dev libwebp-dev libsdl2-dev libsdl2-ttf-dev fonts-dejavu-core
BENCH_APT    := $(APT_PACKAGES) libcairo2-dev
# The window's end-to-end test drives a real X server (Xvfb) with xdotool and reads ImageMagick screenshots.
TEST_APT     := $(APT_PACKAGES) python3 xvfb xdotool imagemagick webp
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Release builds (bench, soak) are compiled for the building machine's own CPU, as a game is
# for its console: with AVX2 the rasterizer's four Double lanes are one register, not two.
# The pixels do not move (Swift never fuses a multiply and an add; `make bench` first checks
# every Replays canvas). `make bench MARBLE_CPU=` builds for baseline x86-64, `MARBLE_CPU=haswell` for AVX2
# machines (valgrind cannot run AVX-512 code, so profile with that one).
MARBLE_CPU   ?= native
RELEASE      := -c release $(if $(MARBLE_CPU),-Xswiftc -target-cpu -Xswiftc $(MARBLE_CPU))

.PHONY: deps bench-deps test-deps build run demo test bench tsan fuzz soak clean install-udev uninstall-udev

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

# The drawing toy's window (with no display it says so, and how to replay headless).
run: build
	$(SWIFT) run marble

# A shipped log replayed headless to a picture, for machines without a display.
demo: build
	@mkdir -p out
	$(SWIFT) run marble replay Replays/figure-eight.csv --png out/figure-eight.png

# After the unit tests, the crash test kills paced replays into a store and checks what survives
# (quick mode, about 25 s; `$(PYTHON) Tests/Tools/crash_test.py` alone runs the full 20 rounds),
# then the window's end-to-end test presses real keys in Xvfb (about 20 s; screenshots in out/e2e).
# The fuzz targets are compiled, not run, so that they keep compiling (make fuzz runs them).
# The libm check reads the debug objects of the folders that decide pixels and samples.
test: test-deps
	$(SWIFT) build --build-tests
	Tests/Tools/check_core_libm.sh .build/debug
	Fuzz/run.sh --build-only
	$(SWIFT) test
	$(PYTHON) Tests/Tools/crash_test.py --quick --marble $(MARBLE_BIN)
	$(PYTHON) Tests/Tools/e2e_window.py --marble $(MARBLE_BIN) --shots out/e2e

# The launch and batch measurements spawn the release `marble`, so it is built first (`swift run` builds only marble-bench).
bench: bench-deps
	cd Benchmarks && $(SWIFT) build $(RELEASE) --product marble && $(SWIFT) build $(RELEASE) --product marble-bench \
	  && MARBLE_CPU=$(MARBLE_CPU) $$($(SWIFT) build $(RELEASE) --show-bin-path)/marble-bench

# ThreadSanitizer over the core's and the app's tests (the background snapshot writer and
# fdatasync, the undo pictures' painter, the audio ring): the first report stops it, non-zero.
tsan: deps
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter 'MarbleKitTests|MarbleAppTests'

# libFuzzer over every reader of outside bytes (Fuzz/Targets), FUZZ_SECONDS (default 60) each:
# each prints libFuzzer's summary; a crash, leak, hang or sanitizer report fails it (Fuzz/run.sh).
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

# 24 simulated hours of random play on the headless app, checked frame by frame (about 1–2
# minutes; SOAK_SEED, SOAK_HOURS): Benchmarks/Sources/marble-soak, built in release.
soak: deps
	cd Benchmarks && $(SWIFT) build $(RELEASE) --product marble-soak && $$($(SWIFT) build $(RELEASE) --show-bin-path)/marble-soak

clean:
	rm -rf .build .build-tsan Benchmarks/.build out

# The udev rules that open the motion sensors of DualShock 4, DualSense, Switch Pro and Joy-Con
# pads to the person at the seat (see README, "If tilting a pad does nothing"). DESTDIR for
# packaging; udev is reloaded only on a live system where it runs.
UDEV_RULES := packaging/udev/70-marble-pads.rules
UDEV_DIR   := $(DESTDIR)/usr/lib/udev/rules.d

install-udev:
	$(SUDO) install -D -m 0644 $(UDEV_RULES) $(UDEV_DIR)/70-marble-pads.rules
	@if [ -z "$(DESTDIR)" ] && command -v udevadm >/dev/null 2>&1 && $(SUDO) udevadm control --reload 2>/dev/null; then \
	  $(SUDO) udevadm trigger --subsystem-match=hidraw --subsystem-match=input; \
	  echo "udev reloaded: unplug and replug the pad (or turn it off and on)"; \
	else \
	  echo "installed $(UDEV_DIR)/70-marble-pads.rules; udev is not running here: it applies at the next boot"; \
	fi

uninstall-udev:
	$(SUDO) rm -f $(UDEV_DIR)/70-marble-pads.rules
	@if [ -z "$(DESTDIR)" ] && command -v udevadm >/dev/null 2>&1; then $(SUDO) udevadm control --reload 2>/dev/null || true; fi
