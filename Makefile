# SPDX-License-Identifier: GPL-2.0-or-later
# aamed - AppArmor's mediation engine, in userspace.
#
#   make            build the library (static, shared), the CLI, aamed.pc
#   make demo       install missing packages, build, run the bundled example
#   make check      install missing packages, build, run every test
#   make install PREFIX=/usr/local
#   make fuzz       run the loader fuzzer (FUZZ_TIME seconds)
#   make soak       dbus-daemon with the drop-in under load (SOAK_MESSAGES)
#   make fuzz-long  every fuzz target FUZZ_SECONDS each, a report (tests/fuzz/long.sh)

PREFIX ?= /usr/local
# Where the libraries and aamed.pc go: a Debian package sets
# /usr/lib/<triplet> (multiarch). PRELOADDIR holds the LD_PRELOAD drop-in,
# which nothing links against: a package puts it in a private directory.
LIBDIR ?= $(PREFIX)/lib
PRELOADDIR ?= $(LIBDIR)
BUILD ?= build
CC ?= cc
VERSION := 0.1.0
SOVERSION := 0

WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS ?= -O2 -g
# Only the library sees src/: everything else builds on include/aamed.h.
ALL_CFLAGS := -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Iinclude -fPIC
LDLIBS := -lpthread

# The library: src/, one file per job (see docs/kernel-map.md).
LIB_SRC := $(sort $(wildcard src/*.c))
# The aamed command: tools/common (the query language, option scanning
# and policy loading, shared by every subcommand), tools/cli (query,
# attach, compile, help) and tools/authors (explain, replay, diff,
# coverage, test). replay parses records with libapparmor, test reads
# its manifests with libyaml.
TOOL_SRC := $(sort $(wildcard tools/common/*.c tools/cli/*.c tools/authors/*.c tools/analysis/*.c))
TOOL_INC := -Itools/common -Itools/authors -Itools/analysis
TOOL_LIBS := -lapparmor -ljansson -lyaml

LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
TOOL_OBJ := $(TOOL_SRC:%.c=$(BUILD)/%.o)

.PHONY: all clean check demo install fuzz deps unit asan-check golden \
	robust fuzz-short oracle bench bench-test bench-check install-tools install-bench coverage alloc

all: $(BUILD)/libaamed.a $(BUILD)/libaamed.so $(BUILD)/aamed $(BUILD)/aamed.pc \
	$(BUILD)/aamed-bench $(BUILD)/bench-guest $(BUILD)/libaamed-apparmor.so

# Header dependencies are generated (-MMD) and read back below.
$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -MMD -MP -c -o $@ $<

# -Wswitch-enum: a switch on an enum names every value (no default: to
# hide one), so a new query class (qclass.h) or kind is named where it
# is forgotten.
$(TOOL_OBJ): ALL_CFLAGS += $(TOOL_INC) -Wswitch-enum

$(BUILD)/libaamed.a: $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# Only aamed.h's declarations are visible outside the library (the header
# says so with a visibility pragma); the version script is the second lock.
$(LIB_OBJ): ALL_CFLAGS += -Isrc -fvisibility=hidden
$(BUILD)/libaamed.so: $(LIB_OBJ) src/libaamed.map
	$(CC) -shared -Wl,-soname,libaamed.so.$(SOVERSION) \
		-Wl,--version-script=src/libaamed.map -o $@ $(LIB_OBJ) $(LDLIBS)

$(BUILD)/aamed: $(TOOL_OBJ) $(BUILD)/libaamed.a
	$(CC) -o $@ $(TOOL_OBJ) $(BUILD)/libaamed.a $(LDLIBS) $(TOOL_LIBS)

# where `aamed compile --features NAME` finds the installed feature sets
$(BUILD)/tools/cli/compile.o: ALL_CFLAGS += -DAAMED_DATADIR='"$(PREFIX)/share/aamed"'
# where `aamed test --vm` finds the kernel oracle's scripts and features
$(BUILD)/tools/authors/test_vm.o: ALL_CFLAGS += -DAAMED_DATADIR='"$(PREFIX)/share/aamed"'
$(BUILD)/tools/cli/help.o: ALL_CFLAGS += -DAAMED_MANDIR='"$(PREFIX)/share/man"'

# aamed.pc's libdir, relative to ${prefix} when it is under it
PC_LIBDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
$(BUILD)/aamed.pc: aamed.pc.in
	@mkdir -p $(BUILD)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
		-e 's|@LIBDIR@|$(PC_LIBDIR)|' $< > $@

install: install-tools
install-tools: all
	install -d $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/man/man3 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/aamed/json-schema
	install -m 644 $(filter-out man/aamed-bench.1,$(wildcard man/*.1)) \
		$(DESTDIR)$(PREFIX)/share/man/man1/
	install -D -m 644 -t $(DESTDIR)$(PREFIX)/share/man/man3 man/*.3
	install -m 644 completion/aamed.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/aamed
	install -m 644 docs/json-schema/*.json $(DESTDIR)$(PREFIX)/share/aamed/json-schema/
# the JSON schema checker of tests/tools
$(BUILD)/tests/schemacheck: tests/tools/schemacheck.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ tests/tools/schemacheck.c -ljansson -lm

# ---------------------------------------------------------------- drop-in
# libaamed-apparmor.so: libapparmor's query and context functions answered
# by aamed, for LD_PRELOAD (man/libaamed-apparmor.7). It carries
# libaamed.a inside and exports only the aa_* names, under libapparmor's
# version nodes.
SHIM_DIR := tools/libaamed-apparmor
SHIM_SRC := $(sort $(wildcard $(SHIM_DIR)/*.c))
SHIM_OBJ := $(SHIM_SRC:%.c=$(BUILD)/%.o)
$(SHIM_OBJ): ALL_CFLAGS += \
	-DAAMED_SECURITYFS_DIR='"$(PREFIX)/share/aamed/securityfs"'
$(BUILD)/libaamed-apparmor.so: $(SHIM_OBJ) $(BUILD)/libaamed.a \
		$(SHIM_DIR)/libaamed-apparmor.map
	$(CC) -shared -Wl,-z,defs -Wl,-soname,libaamed-apparmor.so \
		-Wl,--version-script=$(SHIM_DIR)/libaamed-apparmor.map \
		-o $@ $(SHIM_OBJ) $(BUILD)/libaamed.a $(LDLIBS)
-include $(SHIM_OBJ:.o=.d)

# ---------------------------------------------------------------- bench
# aamed-bench, its own program: bench/*.c but the guest program, against
# the public header only (no -Isrc, no tools/ headers). It alone links
# liburing and libm, so the aamed command needs neither.
BENCH_SRC := $(filter-out bench/guest.c,$(sort $(wildcard bench/*.c)))
BENCH_OBJ := $(BENCH_SRC:%.c=$(BUILD)/%.o)
BENCH_LIBS := -luring -lm
BENCH_REV := $(shell git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)
BENCH_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CFLAGS) -Iinclude -Ibench \
	-DWL_AAMED -DAAMED_SRCDIR='"$(CURDIR)"' \
	-DAAMED_GIT_REV='"$(BENCH_REV)"' -DAAMED_BUILD_FLAGS='"$(CC) $(CFLAGS)"'
$(BENCH_OBJ): ALL_CFLAGS = $(BENCH_CFLAGS)

$(BUILD)/aamed-bench: $(BENCH_OBJ) $(BUILD)/libaamed.a
	$(CC) -o $@ $(BENCH_OBJ) $(BUILD)/libaamed.a $(LDLIBS) $(BENCH_LIBS)

# the static workload program the QEMU guest runs: the workloads without aamed
BENCH_WL_SRC := $(sort $(wildcard bench/bench_wl*.c))
$(BUILD)/bench-guest: bench/guest.c $(BENCH_WL_SRC) bench/bench_int.h \
		bench/bench_wl_int.h
	@mkdir -p $(BUILD)
	@echo "  CC      $@ (static)"
	@$(CC) -std=c11 -D_GNU_SOURCE $(WARN) -O2 -static -Ibench -o $@ \
		bench/guest.c $(BENCH_WL_SRC) -luring

-include $(BENCH_OBJ:.o=.d)

-include $(LIB_OBJ:.o=.d) $(TOOL_OBJ:.o=.d)

deps:
	@sh scripts/deps.sh

# The ABI baseline tests/abi compares the library with (abigail-tools).
.PHONY: abi-baseline
abi-baseline: $(BUILD)/libaamed.so
	@mkdir -p abi
	abidw --no-corpus-path --headers-dir include --out-file abi/libaamed.abi $<

# ---------------------------------------------------------------- python
# The Python bindings (docs/python.md): package aamed, python/aamed/*.py,
# and its extension aamed._aamed, cffi in API mode. build_ffi.py writes
# the module's C source; it is compiled here with the façade
# python/aamed_py*.c and linked with the tool objects (the query language
# of tools/common, replay of tools/authors) and libaamed.a, whose symbols
# stay inside the module (--exclude-libs). `make python` leaves an
# importable package in $(BUILD)/python: PYTHONPATH=$(BUILD)/python.
PYTHON ?= /usr/bin/python3
PY_EXT = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_config_var("EXT_SUFFIX"))')
PY_INC = $(shell $(PYTHON) -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
PY_PKG := $(BUILD)/python/aamed
PY_SRC := $(sort $(wildcard python/aamed/*.py))
PY_OUT := $(PY_SRC:python/aamed/%=$(PY_PKG)/%)
PY_TOOLS := $(BUILD)/python/libaamed-tools.a
PY_DEST = $(DESTDIR)$(PREFIX)/lib/python3/dist-packages/aamed
.PHONY: python install-python

python: $(PY_OUT) $(PY_PKG)/.ext

# every tool object but main()'s: the archive lends only what is called
$(PY_TOOLS): $(filter-out $(BUILD)/tools/cli/aamed.o,$(TOOL_OBJ))
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# the façade: python/aamed_py*.c
PY_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(sort $(wildcard python/*.c)))
$(PY_OBJ): ALL_CFLAGS += $(TOOL_INC) -Ipython -Wswitch-enum
-include $(PY_OBJ:.o=.d)

$(BUILD)/python/_aamed.c: python/build_ffi.py python/aamed_py.h
	@mkdir -p $(dir $@)
	$(PYTHON) python/build_ffi.py python/aamed_py.h $@

# cffi's generated C is not held to -Werror; the name of the module
# file carries the interpreter's suffix (.cpython-311-x86_64-linux-gnu.so)
$(PY_PKG)/.ext: $(BUILD)/python/_aamed.c $(PY_OBJ) $(PY_TOOLS) \
		$(BUILD)/libaamed.a
	@mkdir -p $(PY_PKG)
	$(CC) -shared -fPIC $(CFLAGS) $(LDFLAGS) -I$(PY_INC) -Ipython -Iinclude \
		-Wl,--exclude-libs,ALL -o $(PY_PKG)/_aamed$(PY_EXT) \
		$(BUILD)/python/_aamed.c $(PY_OBJ) \
		$(PY_TOOLS) $(BUILD)/libaamed.a $(LDLIBS) $(TOOL_LIBS)
	@echo "_aamed$(PY_EXT)" > $@

$(PY_PKG)/%.py: python/aamed/%.py
	@mkdir -p $(dir $@)
	cp $< $@

# Debian's layout: $(PREFIX)/lib/python3/dist-packages (python3-aamed)
install-python: python
	install -d $(PY_DEST)
	install -m 644 $(PY_OUT) $(PY_DEST)/
	install -m 644 $(PY_PKG)/_aamed$(PY_EXT) $(PY_DEST)/

# ---------------------------------------------------------------- tests
TEST_BIN := $(BUILD)/tests/unit
ASAN_BUILD := build-asan

# The unit tests: one file per module tested, a harness (harness.c) and
# the hand-built blobs they share; --json-lines parses with libjansson.
UNIT_SRC := $(sort $(wildcard tests/unit/*.c))
UNIT_OBJ := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/unit-obj/%.o)

# (not under $(BUILD)/tests/unit/: that is the binary)
$(BUILD)/tests/unit-obj/%.o: tests/unit/%.c
	@mkdir -p $(dir $@)
	@echo "  CC      $<"
	@$(CC) $(ALL_CFLAGS) -Isrc -Itests/unit -MMD -MP -c -o $@ $<

$(TEST_BIN): $(UNIT_OBJ) $(BUILD)/libaamed.a
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -o $@ $(UNIT_OBJ) $(BUILD)/libaamed.a $(LDLIBS) -ljansson
-include $(UNIT_OBJ:.o=.d)

unit: all $(TEST_BIN)
	@sh tests/unit/run.sh $(TEST_BIN) $(BUILD)/aamed

golden: all
	@sh tests/golden/run.sh $(BUILD)/aamed

robust: all
	@sh tests/robust/run.sh $(BUILD)/aamed

# Every allocation of loads, replacements, labels and decisions made to
# fail in turn, under ASan and LeakSanitizer.
alloc: all
	@sh tests/alloc/run.sh $(BUILD)

# The same tests, built with AddressSanitizer and UBSan.
asan-check:
	$(MAKE) --no-print-directory BUILD=$(ASAN_BUILD) \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		LDLIBS="-lpthread -fsanitize=address,undefined" all $(ASAN_BUILD)/tests/unit
	@sh tests/unit/run.sh $(ASAN_BUILD)/tests/unit $(ASAN_BUILD)/aamed
	@sh tests/robust/run.sh $(ASAN_BUILD)/aamed

# Line and branch coverage of src/ (gcovr) by the quick suites, from a
# build of its own; fails below 90% of src/'s lines.
COV_BUILD := build-cov
coverage:
	$(MAKE) --no-print-directory BUILD=$(COV_BUILD) \
		CFLAGS="-O0 -g --coverage" LDLIBS="-lpthread --coverage" \
		all $(COV_BUILD)/tests/unit
	@sh tests/coverage/run.sh $(COV_BUILD)

FUZZ_TIME ?= 60
# The fuzz targets (tests/fuzz/fuzz_*.c): the loader's, and the
# label-query bytes, replay's record path, the query words and aamed
# test's manifests. The library and the tools they need are built once
# with the sanitizers into $(BUILD)/fuzz-obj and linked into each.
# tests/fuzz/run.sh runs the loader's, tests/fuzz/regress.sh the others'
# regression inputs (make check), tests/fuzz/long.sh all for long (make
# fuzz-long, with a report).
FUZZ_CC := clang
FUZZ_CFLAGS := -std=c11 -D_GNU_SOURCE -g -O1 -Iinclude -Isrc -Itools/common \
	-Itools/authors -fsanitize=fuzzer-no-link,address,undefined
FUZZ_TARGETS := query-label replay words manifest
FUZZ_BINS := $(FUZZ_TARGETS:%=$(BUILD)/fuzz-%)
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/fuzz-obj/%.o)
# the query words, replay's record path and the manifest reader, and what
# they call (the policy cache of test_manifest calls compile.c)
FUZZ_TOOL_SRC := $(sort $(wildcard tools/common/*.c tools/authors/replay*.c \
	tools/authors/tl*.c)) tools/authors/test_manifest.c tools/cli/compile.c
FUZZ_OBJ := $(FUZZ_LIB_OBJ) $(FUZZ_TOOL_SRC:%.c=$(BUILD)/fuzz-obj/%.o)
$(BUILD)/fuzz-obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "  FUZZCC  $<"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -MMD -MP -c -o $@ $<
-include $(FUZZ_OBJ:.o=.d)

$(BUILD)/fuzz-load: tests/fuzz/fuzz_load.c $(FUZZ_LIB_OBJ)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_LIB_OBJ) \
		-lpthread

fuzz: $(BUILD)/fuzz-load
	@sh tests/fuzz/run.sh $(BUILD)/fuzz-load $(FUZZ_TIME)

fuzz-short: $(BUILD)/fuzz-load
	@sh tests/fuzz/run.sh $(BUILD)/fuzz-load 20

$(BUILD)/fuzz-%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz_policy.h $(FUZZ_OBJ)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) \
		-lpthread $(TOOL_LIBS)
$(BUILD)/fuzz-query-label: tests/fuzz/fuzz_query_label.c tests/fuzz/fuzz_policy.h $(FUZZ_OBJ)
	@echo "  FUZZLD  $@"
	@$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer -o $@ $< $(FUZZ_OBJ) \
		-lpthread $(TOOL_LIBS)
.PHONY: fuzz-targets fuzz-long fuzz-regress
fuzz-targets: $(BUILD)/fuzz-load $(FUZZ_BINS) $(BUILD)/aamed

# Every target for FUZZ_SECONDS each (FUZZ_PARALLEL at a time, at most
# 2), under nice; the report (executions, coverage, crashes, corpus
# sizes) goes to FUZZ_REPORT. The corpora grow in FUZZ_CORPUS_DIR, with
# a ledger of every run's CPU time. FUZZ_CPU=N stops a target after N
# CPU seconds instead (FUZZ_SECONDS then only caps the wall clock).
# FUZZ_ONLY="replay words" runs those targets only.
FUZZ_SECONDS ?= 600
FUZZ_CPU ?= 0
FUZZ_PARALLEL ?= 1
FUZZ_REPORT ?= $(BUILD)/fuzz-report.md
FUZZ_CORPUS_DIR ?= $(BUILD)/fuzz-corpus
fuzz-long: fuzz-targets
	@FUZZ_ONLY="$(FUZZ_ONLY)" sh tests/fuzz/long.sh $(BUILD) $(FUZZ_SECONDS) $(FUZZ_PARALLEL) \
		$(FUZZ_REPORT) $(FUZZ_CORPUS_DIR) $(FUZZ_CPU)

# The drop-in under load (tests/soak/run.sh): SOAK_MESSAGES messages from
# SOAK_CLIENTS clients of different labels on dbus-daemon with
# libaamed-apparmor.so, the policy replaced every SOAK_RELOAD seconds.
SOAK_MESSAGES ?= 1000000
SOAK_CLIENTS ?= 8
SOAK_RELOAD ?= 3
.PHONY: soak
soak: all
	@SOAK_MESSAGES=$(SOAK_MESSAGES) SOAK_CLIENTS=$(SOAK_CLIENTS) \
		SOAK_RELOAD=$(SOAK_RELOAD) sh tests/soak/run.sh $(BUILD)

# make check's share: every target's regression inputs and seeds replayed
fuzz-regress: fuzz-targets
	@sh tests/fuzz/regress.sh $(BUILD)

check: deps
	@$(MAKE) --no-print-directory all
	@sh tests/run-all.sh

demo: deps all
	@sh examples/demo.sh $(BUILD)/aamed

bench: all
	$(BUILD)/aamed compile -o $(BUILD)/bench.bin examples/bench.profile
	$(BUILD)/aamed-bench decide --policy $(BUILD)/bench.bin

# aamed test's speed on the compiled apparmor.d corpus (docs/bench.md):
# CORPUS a blobs tarball or directory, TESTS how many tests
bench-test: $(BUILD)/aamed
	@sh bench/test-corpus.sh $(CORPUS) $(TESTS)

# check and who-can on the apparmor.d corpus (docs/bench.md): CORPUS its
# blobs, SOURCES its sources (tarball or apparmor.d directory)
bench-check: $(BUILD)/aamed
	@sh bench/check-corpus.sh $(CORPUS) $(SOURCES)

oracle: all
	@sh tests/kernel/oracle.sh $(KERNEL)

# ---------------------------------------------------------------- install
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(LIBDIR) \
		$(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(PRELOADDIR) \
		$(DESTDIR)$(PREFIX)/share/aamed/features
	install -m 755 $(BUILD)/aamed $(DESTDIR)$(PREFIX)/bin/aamed
	install -m 644 $(BUILD)/libaamed.a $(DESTDIR)$(LIBDIR)/
	install -m 755 $(BUILD)/libaamed.so $(DESTDIR)$(LIBDIR)/libaamed.so.$(VERSION)
	ln -sf libaamed.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libaamed.so.$(SOVERSION)
	ln -sf libaamed.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libaamed.so
	install -m 644 include/aamed.h $(DESTDIR)$(PREFIX)/include/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' aamed.pc.in \
		-e 's|@LIBDIR@|$(PC_LIBDIR)|' > $(DESTDIR)$(LIBDIR)/pkgconfig/aamed.pc
	install -m 644 tests/features/* $(DESTDIR)$(PREFIX)/share/aamed/features/
	# aamed test --vm runs the kernel oracle's run.sh (lib.sh sources
	# ../parsers.sh)
	install -D -m 755 -t $(DESTDIR)$(PREFIX)/share/aamed/kernel tests/kernel/run.sh
	install -m 644 tests/kernel/lib.sh tests/kernel/probe.c tests/kernel/opener.sd \
		$(DESTDIR)$(PREFIX)/share/aamed/kernel/
	install -m 644 tests/parsers.sh $(DESTDIR)$(PREFIX)/share/aamed/
	install -m 755 $(BUILD)/libaamed-apparmor.so $(DESTDIR)$(PRELOADDIR)/
	install -D -m 644 $(SHIM_DIR)/securityfs/features/dbus/mask \
		$(DESTDIR)$(PREFIX)/share/aamed/securityfs/features/dbus/mask
	install -D -m 644 -t $(DESTDIR)$(PREFIX)/share/man/man7 man/*.7

# The benchmarks are for aamed's developers, not its users: apart.
install-bench: $(BUILD)/aamed-bench
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(BUILD)/aamed-bench $(DESTDIR)$(PREFIX)/bin/aamed-bench
	install -m 644 man/aamed-bench.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -m 644 completion/aamed-bench.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/aamed-bench

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(COV_BUILD)
