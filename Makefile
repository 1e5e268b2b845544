# MarbleKit: `make run` runs the app, `make test` runs the tests, `make bench` the benchmarks.
# Each target first installs the Debian packages it needs when they are missing.

SWIFT        ?= swift
PYTHON       ?= python3
MARBLE_BIN   ?= .build/debug/marble
APT_PACKAGES := pkg-config gettext libpng-dev libwebp-dev libturbojpeg0-dev libsdl2-dev libsdl2-ttf-dev libcurl4-openssl-dev fonts-dejavu-core libqrencode-dev libwebsockets-dev libespeak-ng-dev
BENCH_APT    := $(APT_PACKAGES) libcairo2-dev apache2 apache2-utils chromium
# The window's end-to-end test drives a real X server (Xvfb) with xdotool and reads ImageMagick screenshots;
# the power-cut explorer records marble's system calls with strace; the class folder's tests
# run a real Apache mod_dav (Tests/Tools/webdav_server.py, htpasswd from apache2-utils; over https with a test CA made by openssl) and a
# real lighttpd mod_webdav beside it (Tests/Tools/lighttpd_server.py); the phone
# page's tests play phones with Debian's Chromium over the DevTools protocol, and probe the
# server with websocket-client (from PyPI: Debian 12's python3-websocket is too old for it).
TEST_APT     := $(APT_PACKAGES) gettext locales python3 xvfb xdotool imagemagick webp strace apache2 apache2-utils openssl lighttpd lighttpd-mod-webdav zbar-tools chromium nodejs
TEST_PIP     := websocket-client==1.9.0
# Building and checking the Debian package: dpkg-deb is in every Debian; the validators are not.
PACKAGE_APT  := $(APT_PACKAGES) lintian desktop-file-utils appstream
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Release builds (bench, soak) are compiled for the building machine's own CPU, as a game is
# for its console: with AVX2 the rasterizer's four Double lanes are one register, not two.
# The pixels do not move (Swift never fuses a multiply and an add; `make bench` first checks
# every Replays canvas). `make bench MARBLE_CPU=` builds for baseline x86-64, `MARBLE_CPU=haswell` for AVX2
# machines (valgrind cannot run AVX-512 code, so profile with that one).
MARBLE_CPU   ?= native
# The package's release build has a folder of its own, so that `make test` can build it beside the tests.
RELEASE_SCRATCH := .build-release
RELEASE      := -c release $(if $(MARBLE_CPU),-Xswiftc -target-cpu -Xswiftc $(MARBLE_CPU))

.PHONY: test-window test-phones deps bench-deps test-deps package-deps locale test-locales build run demo test bench tsan fuzz soak powercut clean install-udev uninstall-udev \
        release-static man completions install uninstall deb deb-check package-test

define apt_install
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

# websocket-client, for the phone page's probes and headless Chromium's DevTools protocol.
define pip_install
	@$(PYTHON) -c 'import websocket' 2>/dev/null || $(PYTHON) -m pip install -q $(TEST_PIP) \
	  || $(PYTHON) -m pip install -q --break-system-packages $(TEST_PIP)
endef

deps:
	$(call apt_install,$(APT_PACKAGES))

bench-deps:
	$(call apt_install,$(BENCH_APT))
	$(call pip_install)

test-deps:
	$(call apt_install,$(TEST_APT))
	$(call pip_install)
	@$(MAKE) --no-print-directory test-locales

# The window's words: each po/LL.po compiled (and checked: -c) to .build/locale/LL/LC_MESSAGES/marble.mo,
# where `make run` and the tests find them. po/marble.pot is made by Tests/Tools/make_pot.py from
# the tr(...) calls; `Tests/Tools/make_pot.py --merge` also brings each po/LL.po up to it (new messages untranslated).
LOCALES      := $(basename $(notdir $(wildcard po/*.po)))
LOCALE_DIR   := .build/locale
locale: deps
	@for l in $(LOCALES); do mkdir -p $(LOCALE_DIR)/$$l/LC_MESSAGES && \
	  msgfmt -c -o $(LOCALE_DIR)/$$l/LC_MESSAGES/marble.mo po/$$l.po || exit 1; done

# The tests read the catalogues under real locales (glibc ignores LANGUAGE in C): es_ES, de_DE
# and en_US made once with locale-gen, skipped when `locale -a` lists them already.
TEST_LOCALES := es_ES.UTF-8 de_DE.UTF-8 en_US.UTF-8
test-locales:
	@missing=""; for l in $(TEST_LOCALES); do \
	  short=$$(echo $$l | sed 's/UTF-8/utf8/'); \
	  locale -a | grep -qx "$$short" || missing="$$missing $$l"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Making locales:$$missing"; \
	  for l in $$missing; do $(SUDO) sed -i "s/^# *\($$l UTF-8\)/\1/" /etc/locale.gen; done; \
	  $(SUDO) locale-gen; \
	fi

package-deps:
	$(call apt_install,$(PACKAGE_APT))

build: deps locale
	$(SWIFT) build

# The drawing toy's window (with no display it says so, and how to replay headless).
run: build
	MARBLE_PAGES=$(CURDIR)/Pages MARBLE_LOCALEDIR=$(CURDIR)/$(LOCALE_DIR) $(SWIFT) run marble

# A shipped log replayed headless to a picture, for machines without a display.
demo: build
	@mkdir -p out
	$(SWIFT) run marble replay Replays/figure-eight.csv --png out/figure-eight.png

# After the unit tests, the crash test kills paced replays into a store and checks what survives
# (quick mode, about 25 s; `$(PYTHON) Tests/Tools/crash_test.py` alone runs the full 20 rounds),
# then two lanes (test-window, test-phones, below): the window's end-to-end test presses
# real keys in Xvfb (about 2.5 minutes, the grown-up gate held twice among its steps; screenshots in
# out/e2e) and the first minute's (the ghost, the greeting heard on SDL's disk audio); beside them the
# phone page: its arithmetic in Node, the page alone against a stand-in server, then the real server
# with headless Chromium as the phone: marble record's log, and the window (about 2 minutes).
# The package's release build (four minutes of both cores) runs from the start as SCHED_IDLE in a
# scratch folder of its own (SwiftPM locks its folder): it takes only the CPU the tests leave,
# most of it while the end-to-end tests wait on frames, key presses and browsers, so the two
# overlap instead of adding up; deb-check then finds it built. (SCHED_IDLE, not nice 19: a niced
# build still starved the class folder's courier, whose thread is SCHED_IDLE, and an e2e failed.)
# The fuzz targets are compiled, not run, so that they keep compiling (make fuzz runs them).
# The libm check reads the debug objects of the folders that decide pixels and samples.
# The power-cut explorer runs one scenario on a sample of its crash states (about 10 s; `make
# powercut` runs them all), and its frozen traces check that it still sees the bugs it found.
test: test-deps locale
	@mkdir -p $(RELEASE_SCRATCH) && rm -f $(RELEASE_SCRATCH)/build.status
	@(chrt --idle 0 $(SWIFT) build -c release --product marble --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH) \
	  > $(RELEASE_SCRATCH)/build.log 2>&1; echo $$? > $(RELEASE_SCRATCH)/build.status) > /dev/null 2>&1 &
	$(SWIFT) build --build-tests
	Tests/Tools/check_core_libm.sh .build/debug
	Fuzz/run.sh --build-only
	$(SWIFT) test
	$(PYTHON) Tests/Tools/crash_test.py --quick --marble $(MARBLE_BIN)
	$(PYTHON) Tests/Tools/powercut_traces.py
	$(PYTHON) Tests/Tools/powercut.py --quick --marble $(MARBLE_BIN)
	$(MAKE) --no-print-directory test-window test-phones
	@while [ ! -f $(RELEASE_SCRATCH)/build.status ]; do sleep 1; done; \
	if [ "$$(cat $(RELEASE_SCRATCH)/build.status)" != 0 ]; then tail -40 $(RELEASE_SCRATCH)/build.log; echo "the release build failed"; exit 1; fi
	$(MAKE) deb-check

# The end-to-end tests in two lanes. Each starts its own Xvfb on a free display, so they can run side
# by side (`make -j2 -O test-window test-phones`: 3.7 minutes for both, against about 5 one after the
# other), but `make test` runs them one after the other: side by side, the window's timed key presses
# ran short under Chromium's load and a stroke-width check failed once in CI.
test-window:
	$(PYTHON) Tests/Tools/e2e_window.py --marble $(MARBLE_BIN) --shots out/e2e
	$(PYTHON) Tests/Tools/first_minute_e2e.py --marble $(MARBLE_BIN) --shots out/first-minute

test-phones:
	node Tests/Tools/phone_page_js_test.js
	$(PYTHON) Tests/Tools/phone_page_e2e.py
	$(PYTHON) Tests/Tools/phone_record_e2e.py --marble $(MARBLE_BIN)
	$(PYTHON) Tests/Tools/phone_page_window_e2e.py --marble $(MARBLE_BIN) --shots out/e2e

# The launch and batch measurements spawn the release `marble`, so it is built first (`swift run` builds only marble-bench).
bench: bench-deps
	cd Benchmarks && $(SWIFT) build $(RELEASE) --product marble && $(SWIFT) build $(RELEASE) --product marble-bench \
	  && MARBLE_CPU=$(MARBLE_CPU) $$($(SWIFT) build $(RELEASE) --show-bin-path)/marble-bench

# Power cuts: every scenario (autosave, snapshots, repair, edits, delete, the index, settings,
# exports, open) under strace, and every state a cut could leave opened with marble (minutes).
powercut: test-deps
	$(SWIFT) build --product marble
	$(PYTHON) Tests/Tools/powercut.py --marble $(MARBLE_BIN)

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
	rm -rf .build .build-tsan $(RELEASE_SCRATCH) Benchmarks/.build out

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

# ---------------------------------------------------------------------------------------------
# Installing like an app (GNU conventions: PREFIX, DESTDIR). The binary is the release build
# with the Swift standard library and Foundation linked in (--static-swift-stdlib): it runs on a
# machine without the toolchain, needing only Debian's SDL2, SDL2_ttf, libpng and libwebp.

VERSION     := $(shell sed -n 's/.*static let number = "\(.*\)"/\1/p' Sources/marble/Version.swift)
PREFIX      ?= /usr/local
BINDIR       = $(PREFIX)/bin
SHAREDIR     = $(PREFIX)/share
APP_ID      := org.marblekit.Marble
GENERATED   := .build/package-files
STAGE       := .build/deb-root
DEB         := marble_$(VERSION)_amd64.deb
INSTALLED_FILES = \
  $(BINDIR)/marble \
  $(SHAREDIR)/applications/$(APP_ID).desktop \
  $(SHAREDIR)/metainfo/$(APP_ID).metainfo.xml \
  $(SHAREDIR)/icons/hicolor/scalable/apps/$(APP_ID).svg \
  $(foreach s,48 128 256,$(SHAREDIR)/icons/hicolor/$(s)x$(s)/apps/$(APP_ID).png) \
  $(SHAREDIR)/bash-completion/completions/marble \
  $(SHAREDIR)/zsh/vendor-completions/_marble \
  $(SHAREDIR)/fish/vendor_completions.d/marble.fish

release-static: deps
	$(SWIFT) build -c release --product marble --static-swift-stdlib --scratch-path $(RELEASE_SCRATCH)

# The manual pages from the argument parser's own descriptions (its generate-manual plugin),
# one page per subcommand, named as git's are (marble-replay.1); and the shell completions.
man: build
	$(SWIFT) package generate-manual --multi-page --configuration debug --date 2026-11-24 \
	  --authors "The MarbleKit team<hello@marblekit.org>"
	rm -rf $(GENERATED)/man && mkdir -p $(GENERATED)/man
	@for f in .build/plugins/GenerateManual/outputs/marble/*.1; do \
	  name=$$(basename $$f .1 | tr . -); \
	  sed 's/^\.Dt MARBLE\.\([A-Z]*\) 1/.Dt MARBLE-\1 1/' $$f | gzip -9n > $(GENERATED)/man/$$name.1.gz; \
	done
	@ls $(GENERATED)/man | wc -l | xargs echo "manual pages:"

completions: build
	mkdir -p $(GENERATED)
	$(MARBLE_BIN) --generate-completion-script bash > $(GENERATED)/marble.bash
	$(MARBLE_BIN) --generate-completion-script zsh > $(GENERATED)/_marble
	$(MARBLE_BIN) --generate-completion-script fish > $(GENERATED)/marble.fish
	sed 's/@VERSION@/$(VERSION)/' packaging/$(APP_ID).metainfo.xml > $(GENERATED)/$(APP_ID).metainfo.xml

install: release-static man completions locale
	install -D -m 0755 $(RELEASE_SCRATCH)/release/marble $(DESTDIR)$(BINDIR)/marble
	install -D -m 0644 packaging/$(APP_ID).desktop $(DESTDIR)$(SHAREDIR)/applications/$(APP_ID).desktop
	install -D -m 0644 $(GENERATED)/$(APP_ID).metainfo.xml $(DESTDIR)$(SHAREDIR)/metainfo/$(APP_ID).metainfo.xml
	install -D -m 0644 packaging/icons/$(APP_ID).svg $(DESTDIR)$(SHAREDIR)/icons/hicolor/scalable/apps/$(APP_ID).svg
	for s in 48 128 256; do \
	  install -D -m 0644 packaging/icons/$(APP_ID)-$$s.png $(DESTDIR)$(SHAREDIR)/icons/hicolor/$${s}x$${s}/apps/$(APP_ID).png; done
	install -D -m 0644 $(GENERATED)/marble.bash $(DESTDIR)$(SHAREDIR)/bash-completion/completions/marble
	install -D -m 0644 $(GENERATED)/_marble $(DESTDIR)$(SHAREDIR)/zsh/vendor-completions/_marble
	install -D -m 0644 $(GENERATED)/marble.fish $(DESTDIR)$(SHAREDIR)/fish/vendor_completions.d/marble.fish
	install -d $(DESTDIR)$(SHAREDIR)/man/man1 $(DESTDIR)$(SHAREDIR)/marble/Replays $(DESTDIR)$(SHAREDIR)/marble/Pages
	install -m 0644 $(GENERATED)/man/*.1.gz $(DESTDIR)$(SHAREDIR)/man/man1/
	install -m 0644 Replays/*.csv Replays/canvas-sha256.txt $(DESTDIR)$(SHAREDIR)/marble/Replays/
	install -m 0644 Pages/*.png $(DESTDIR)$(SHAREDIR)/marble/Pages/
	for l in $(LOCALES); do \
	  install -D -m 0644 $(LOCALE_DIR)/$$l/LC_MESSAGES/marble.mo $(DESTDIR)$(SHAREDIR)/locale/$$l/LC_MESSAGES/marble.mo; done
	@[ -n "$(DESTDIR)" ] || echo "installed under $(PREFIX); for pads' tilt, also: sudo make install-udev"

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED_FILES))
	rm -f $(DESTDIR)$(SHAREDIR)/man/man1/marble.1.gz $(DESTDIR)$(SHAREDIR)/man/man1/marble-*.1.gz
	rm -rf $(DESTDIR)$(SHAREDIR)/marble
	rm -f $(foreach l,$(LOCALES),$(DESTDIR)$(SHAREDIR)/locale/$(l)/LC_MESSAGES/marble.mo)

# The Debian package, built with dpkg-deb from a staged /usr tree: Depends are the Debian
# packages that own the libraries the binary links (dpkg -S), never the toolchain.
deb: install-stage
	packaging/build-deb.sh $(STAGE) $(VERSION) $(DEB)

install-stage:
	rm -rf $(STAGE)
	$(MAKE) install DESTDIR=$(abspath $(STAGE)) PREFIX=/usr
	install -D -m 0644 $(UDEV_RULES) $(STAGE)/usr/lib/udev/rules.d/70-marble-pads.rules

# What CI runs: the package and its validators (lintian: no errors).
deb-check: package-deps deb
	desktop-file-validate packaging/$(APP_ID).desktop
	appstreamcli validate --no-net $(GENERATED)/$(APP_ID).metainfo.xml
	lintian --fail-on error $(DEB)

# A fresh Debian 12 made with debootstrap (only Debian's packages are reached), the package
# installed with apt, then used there: minutes, so CI runs deb-check instead.
package-test: deb
	Tests/Tools/package_test.sh $(DEB)
