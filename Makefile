# SPDX-License-Identifier: MIT
# syncgate: a plain GNU Makefile.  `make`, `make check`, `make demo`,
# `make asan`, `make valgrind`, `make bench`, `make install`, `make clean`.
# Quiet unless V=1.  WERROR=1 turns warnings into errors (CI sets it).

PREFIX  ?= /usr/local
BINDIR  ?= $(PREFIX)/bin
MANDIR  ?= $(PREFIX)/share/man
CC      ?= cc
BUILD   ?= build
V       ?= 0
WERROR  ?= 0
SAN     ?= 0

WARN = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
       -Wmissing-prototypes -Wcast-qual -Wwrite-strings -Wformat=2 -Wundef
ifeq ($(WERROR),1)
WARN += -Werror
endif
OPT      ?= -O2 -g
SANFLAGS  = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
ifeq ($(SAN),1)
OPT      := -O1 -g $(SANFLAGS)
LDSAN     = $(SANFLAGS)
endif

CPPFLAGS += -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE -I.
CJSON_CFLAGS   = $(shell pkg-config --cflags libcjson 2>/dev/null)
CJSON_LIBS     = $(shell pkg-config --libs libcjson 2>/dev/null || echo -lcjson)
UTF8PROC_CFLAGS = $(shell pkg-config --cflags libutf8proc 2>/dev/null)
UTF8PROC_LIBS   = $(shell pkg-config --libs libutf8proc 2>/dev/null || echo -lutf8proc)
CMOCKA_CFLAGS  = $(shell pkg-config --cflags cmocka 2>/dev/null)
CMOCKA_LIBS    = $(shell pkg-config --libs cmocka 2>/dev/null || echo -lcmocka)
BENCH_CFLAGS   = $(shell pkg-config --cflags sqlite3 lmdb 2>/dev/null)
BENCH_LIBS     = $(shell pkg-config --libs sqlite3 lmdb 2>/dev/null || echo -lsqlite3 -llmdb)
ALL_CFLAGS = $(CPPFLAGS) $(WARN) $(OPT) $(CJSON_CFLAGS) $(UTF8PROC_CFLAGS) $(CFLAGS)
LIBM = -lm -lpthread
# The headers each object or test includes, as the compiler found them,
# in a .d beside it: build/lib/stats.o.d.
DEPFLAGS = -MMD -MP -MF $@.d -MT $@

# The suites build and run this many at a time; a -j given to make wins
# for the build.  One more than the cores: several suites spend most of
# their time waiting on the disk or in sleeps (cli_bench_files,
# cli_outputs, test_run, and more of them under valgrind), and the one
# more keeps the cores busy meanwhile.  The suites timed against the disk
# run alone whatever JOBS is.
JOBS ?= $(shell expr $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2) + 1)
JFLAG = $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS))

ifeq ($(V),1)
Q =
else
Q = @
endif

LIB_SRC   = $(sort $(wildcard lib/*.c model/*.c verdict/*.c probe/*.c gate/*.c report/*.c import/*.c calibrate/*.c runner/*.c))
LIB_OBJ   = $(LIB_SRC:%.c=$(BUILD)/%.o)
TEST_SRC  = $(sort $(wildcard tests/test_*.c))
TEST_BIN  = $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
BENCH_SRC = $(sort $(wildcard drivers/*.c))
BENCH_OBJ = $(BENCH_SRC:%.c=$(BUILD)/%.o)

PROGS = $(BUILD)/syncgate
ifneq ($(BENCH_SRC),)
PROGS += $(BUILD)/syncgate-bench
endif

.PHONY: words regen all build test-build test-build-plain test-build-asan deps deps-auto \
        check check-full check-plain check-asan asan valgrind demo bench bench-probe fuzz \
        install uninstall clean spdx layers

# Building installs nothing: a missing library stops it with one line
# that names it (scripts/need.sh).
all: build
	$(Q)ln -sf $(BUILD)/syncgate syncgate

build: $(PROGS)

# Installs libcjson, cmocka and the test and driver dependencies with the
# system's package manager.  check, demo, valgrind and bench run it first,
# and it does nothing when pkg-config finds what they need.
deps:
	$(Q)sh scripts/deps.sh

deps-auto:
	$(Q)sh scripts/deps.sh --if-missing

$(BUILD)/.need-cjson $(BUILD)/.need-utf8proc $(BUILD)/.need-cmocka $(BUILD)/.need-sqlite3 $(BUILD)/.need-lmdb:
	@mkdir -p $(@D)
	$(Q)CC="$(CC)" sh scripts/need.sh $(@F:.need-%=%)
	@touch $@

$(LIB_OBJ) $(BUILD)/main.o $(BENCH_OBJ) $(TEST_BIN): | $(BUILD)/.need-cjson $(BUILD)/.need-utf8proc
$(BENCH_OBJ): | $(BUILD)/.need-sqlite3 $(BUILD)/.need-lmdb
$(TEST_BIN): | $(BUILD)/.need-cmocka

$(BUILD)/syncgate: $(BUILD)/main.o $(BUILD)/libsyncgate.a
	@$(if $(filter 0,$(V)),echo "  LD      $@")
	$(Q)$(CC) $(OPT) $(LDSAN) -o $@ $^ $(CJSON_LIBS) $(UTF8PROC_LIBS) $(LIBM) $(LDFLAGS)

$(BUILD)/syncgate-bench: $(BENCH_OBJ) $(BUILD)/libsyncgate.a
	@$(if $(filter 0,$(V)),echo "  LD      $@")
	$(Q)$(CC) $(OPT) $(LDSAN) -o $@ $^ $(BENCH_LIBS) $(CJSON_LIBS) $(UTF8PROC_LIBS) $(LIBM) $(LDFLAGS)

$(BUILD)/libsyncgate.a: $(LIB_OBJ)
	@$(if $(filter 0,$(V)),echo "  AR      $@")
	$(Q)rm -f $@ && ar rcs $@ $^

$(BUILD)/drivers/%.o: drivers/%.c
	@mkdir -p $(@D)
	@$(if $(filter 0,$(V)),echo "  CC      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(BENCH_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	@$(if $(filter 0,$(V)),echo "  CC      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(BUILD)/tests/%: tests/%.c $(BUILD)/libsyncgate.a
	@mkdir -p $(@D)
	@$(if $(filter 0,$(V)),echo "  CC      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(DEPFLAGS) \
		-o $@ $< $(BUILD)/libsyncgate.a \
		$(LDSAN) $(CMOCKA_LIBS) $(CJSON_LIBS) $(UTF8PROC_LIBS) $(LIBM) $(LDFLAGS)

# The runner's test links the runner, drivers/run.c, with an engine of
# its own.
$(BUILD)/tests/test_run: tests/test_run.c $(BUILD)/drivers/run.o $(BUILD)/libsyncgate.a
	@mkdir -p $(@D)
	@$(if $(filter 0,$(V)),echo "  CC      $@")
	$(Q)$(CC) $(ALL_CFLAGS) $(CMOCKA_CFLAGS) $(DEPFLAGS) \
		-o $@ $< $(BUILD)/drivers/run.o $(BUILD)/libsyncgate.a \
		$(LDSAN) $(CMOCKA_LIBS) $(CJSON_LIBS) $(UTF8PROC_LIBS) $(LIBM) -lpthread $(LDFLAGS)

DEPENDERS = $(LIB_OBJ) $(BUILD)/main.o $(BENCH_OBJ) $(TEST_BIN)
-include $(DEPENDERS:=.d)
# One without its .d, built before there were any, is built again once.
$(foreach t,$(DEPENDERS),$(if $(wildcard $(t).d),,$(eval $(t): FORCE)))
.PHONY: FORCE
FORCE:

# The programs and the test binaries of one build directory.
test-build: $(PROGS) $(TEST_BIN)

test-build-plain:
	$(Q)$(MAKE) --no-print-directory BUILD=build SAN=0 test-build

test-build-asan:
	$(Q)$(MAKE) --no-print-directory BUILD=build-asan SAN=1 test-build

# Every test plain, and every cmocka suite under AddressSanitizer + UBSan
# too: both builds at once, then the suites side by side, but for those
# timed against the disk (scripts/run-tests.sh's alone list), which run
# last, one by one.  The scripts (tests/cli_*.sh) and the timed suites run
# in the plain build only: a sanitized program takes six times as long to
# start, and the scripts start thousands.  check-full runs all of it under
# both builds, as CI does.
check check-full: deps-auto
	$(Q)$(MAKE) --no-print-directory spdx words
	$(Q)$(MAKE) --no-print-directory $(JFLAG) test-build-plain test-build-asan
	$(Q)$(MAKE) --no-print-directory BUILD=build layers
	$(Q)JOBS=$(JOBS) TIMED="build$(if $(filter check-full,$@), build-asan)" \
		SCRIPTS="build$(if $(filter check-full,$@), build-asan)" \
		sh scripts/run-tests.sh build build-asan

check-plain: test-build-plain
	$(Q)JOBS=$(JOBS) sh scripts/run-tests.sh build

check-asan asan: test-build-asan
	$(Q)JOBS=$(JOBS) sh scripts/run-tests.sh build-asan

valgrind: deps-auto
	$(Q)$(MAKE) --no-print-directory $(JFLAG) BUILD=build-vg OPT="-O1 -g" test-build
	$(Q)VALGRIND=1 JOBS=$(JOBS) sh scripts/run-tests.sh build-vg

spdx:
	$(Q)sh scripts/check-spdx.sh

# Every golden file written again from this build, to be read in the
# diff: the gate's texts (fixtures/gate), the reports (fixtures/report)
# and the probe's texts (fixtures/probe), each suite with SYNCGATE_REGEN=1.
regen: test-build-plain
	$(Q)SYNCGATE_REGEN=1 sh tests/cli_gate.sh build
	$(Q)SYNCGATE_REGEN=1 sh tests/cli_report.sh build
	$(Q)SYNCGATE_REGEN=1 build/tests/test_probe_text >/dev/null
	$(Q)git status --short fixtures

# The sentences built where a verdict is decided, not worded: string
# literals of five or more words outside error and usage messages in gate/,
# verdict/, model/ and runner/ (their words belong in report/).
words:
	$(Q)python3 scripts/count-words.py --max 40 gate verdict model runner

# STYLE.md's layers, from the include lines and the built objects' symbols.
layers: $(PROGS)
	$(Q)sh scripts/check-layers.sh $(BUILD)

demo: deps-auto
	$(Q)$(MAKE) --no-print-directory build
	$(Q)sh scripts/demo.sh $(BUILD)

bench: deps-auto
	$(Q)$(MAKE) --no-print-directory build $(BUILD)/bench/floor $(BUILD)/bench/steady
	$(Q)sh bench/run.sh $(BUILD)

# What the gate is timed against in make bench, and whether the machine's
# memory is steady from one process to the next (bench/decide.sh); not
# part of syncgate.
$(BUILD)/bench/%: bench/%.c
	@mkdir -p $(@D)
	@$(if $(filter 0,$(V)),echo "  CC      $@")
	$(Q)$(CC) $(CPPFLAGS) $(WARN) $(OPT) $(CFLAGS) -o $@ $< $(LDFLAGS)

bench-probe: deps-auto
	$(Q)$(MAKE) --no-print-directory build
	$(Q)sh bench/probe-compare.sh $(BUILD)

fuzz:
	$(Q)sh scripts/fuzz.sh $(FUZZ_SECONDS)

# DESTDIR, PREFIX, BINDIR and MANDIR say where; uninstall removes these
# files and nothing else, leaving the folders, which others may share.
INSTALLED = $(BINDIR)/syncgate $(if $(BENCH_SRC),$(BINDIR)/syncgate-bench) \
            $(MANDIR)/man1/syncgate.1

install: build
	install -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(MANDIR)/man1"
	install -m 755 $(BUILD)/syncgate "$(DESTDIR)$(BINDIR)/syncgate"
	$(if $(BENCH_SRC),install -m 755 $(BUILD)/syncgate-bench "$(DESTDIR)$(BINDIR)/syncgate-bench")
	install -m 644 syncgate.1 "$(DESTDIR)$(MANDIR)/man1/syncgate.1"

uninstall:
	rm -f $(foreach f,$(INSTALLED),"$(DESTDIR)$(f)")

clean:
	rm -rf build build-asan build-vg build-fuzz syncgate
