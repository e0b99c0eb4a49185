# lockfit - top-level Makefile.
#
#   make               build plugin/lockfit.so, tools/lockfit, cc/lockfit-cc
#   make example       run lockfit on the bundled example (examples/)
#   make check         what CI runs: every suite of testsuite/suites' check set (rule
#                      tables, fixtures, a real-kernel smoke test on Linux 6.1, 6.12
#                      and 7.2, ...), kept going past a failure, one summary at the end
#   make check-fast    the hermetic suites (no root, no kernel tree, no network);
#                      testsuite/run --list, NAME, NAME/TEST, --check CHECK for fewer
#   make lint          the house rules (scripts/lint): no include cycle in plugin/,
#                      tools/, rules/; no source file over 800 lines; no path
#                      outside the repository; docs/DESIGN.md's module map current;
#                      tools/LAYERS kept, no symbol cycle across folders
#   make module-map    rewrite docs/DESIGN.md section 10's module map from the tree
#   make same-outputs  RECORDS="DIR..." [BASE=REV]: every report, JSON, SARIF,
#                      gate and explain output the same as BASE's (HEAD)?
#   make check-kernel  the long real-kernel tests (KVER=6.1, 6.12 or 7.2, several minutes)
#   make fuzz          ASan+UBSan build/fuzz/lockfit against N=10000 mutated record
#                      sets (SEED=, J= jobs, default the idle cores; testsuite/fuzz/)
#   make bench         plugin overhead on real kernel files (KVER), as ratios
#   make bench-report  report time and memory on 1x, 10x, 80x replicated real records,
#                      and the whole-tree coverage on a whole build against --assume-complete
#   make bench-scale   report time and memory on 3k, 10k and 30k units made from a
#                      whole build's records (make kernel-full, KVER)
#   make bench-patch   lockfit patch on the rxrpc and kernel-report records (KVER),
#                      the base release's tools and this tree's, as ratios
#   make bench-upstream the whole build's verdicts (make kernel-full, KVER) beside
#                      what upstream did to the same locks by the later tree:
#                      recall, precision (cleanups apart), disagreements
#                      (testsuite/kernel/upstream.tbl)
#   make kernel-report lockfit build over a Linux subset (KVER), then its patches
#   make kernel-full   lockfit build over a whole defconfig build (KVER), then
#                      the census of its verdicts
#   make vm            the VM kernel (lockdep, lock_stat) booted under QEMU with
#                      the workload: build/vm/ gets lock_stat.txt, dmesg.txt
#   make check-vm      VM kernel, boot, lockfit patch --boot on a clean and a
#                      broken patch (KVER 6.1 or 7.2; tens of minutes the
#                      first time; docs/VM.md)
#   make bench-vm      lfvm-bench on the unpatched and the patched VM kernel,
#                      RUNS= interleaved boots each (default 3), as ratios
#   make vm-census     make vm, then which whole-defconfig census locks its
#                      lock_stat covers, with their read/write acquisitions
#   make install       PREFIX (/usr/local), DESTDIR: bin/lockfit, the plugin in
#                      GCC's plugin directory, share/lockfit, manual pages
#   make deb           the Debian package (dpkg-buildpackage), into build/deb/
#   make check-deb     build it, install it, compile a kernel file with
#                      -fplugin=lockfit, lintian; remove it again (root)
#
# KVER (6.1, 6.12 or 7.2, default 6.1): the kernel of check-kernel, bench,
# bench-report and kernel-report, passed down as LOCKFIT_KVER; each
# version has its own trees and caches (scripts/kernel-tree.sh; 7.2,
# mainline, is Debian unstable's package, fetched into the cache).
#
# Everything GCC-specific is in plugin/compat.h; lock facts are in rules/.
# Generated files (plugin/rules.gen.c, tools/records/rules.gen.c) are made in the
# source tree by build/gen-rules; nothing else is.

CC        ?= gcc
CXX       := g++
PLUGINDIR := $(shell $(CC) -print-file-name=plugin)
PYTHON    ?= /usr/bin/python3
KVER      ?= 6.1
# the real-kernel suites of check-kernel, bench, kernel-report run on $(KVER)
KENV      := LOCKFIT_KVER=$(KVER)
# The checkout's own tools trust the checkout's files, whoever owns them
# (a CI runner's checkout tested as root): building it trusts it already
# (tools/lib/files.c refuses a data directory another user can write).
export LOCKFIT_SAFE_DIRECTORY := $(CURDIR)$(if $(LOCKFIT_SAFE_DIRECTORY),:$(LOCKFIT_SAFE_DIRECTORY))

# A small unit's fixed cost is mostly loading the plugin (gcc dlopens it
# with RTLD_NOW): hidden symbols need no lookup, and --as-needed drops
# libstdc++ (the plugin uses none of it; lockfit.c) and libm.
# No build path in the binaries, debug info included: the checkout is ".".
PREFIX_MAP := -ffile-prefix-map=$(CURDIR)=.
PLUGIN_CXXFLAGS := -std=gnu++17 -fPIC -fno-rtti -fno-exceptions -O2 -g \
	-fvisibility=hidden $(PREFIX_MAP) \
	-Wall -Wno-format-diag -Wno-narrowing -I$(PLUGINDIR)/include -Iplugin -I.
PLUGIN_LDLIBS   := -Wl,--as-needed -ljansson

PLUGIN_SRCS := $(wildcard plugin/*.c) plugin/rules.gen.c
PLUGIN_OBJS := $(sort $(PLUGIN_SRCS:.c=.o))
RULES       := $(wildcard rules/*.tbl)

# The one reader of rules/*.tbl (rules/reader.c, reader_rewrites.c, reader_rcu.c): build/gen-rules
# runs it at build time, the tool links it for LOCKFIT_RULES.
GEN_RULES   := build/gen-rules
READER_SRCS := rules/reader.c rules/reader_rewrites.c rules/reader_rcu.c
READER_HDRS := rules/reader.h rules/reader_table.h
HOST_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra $(PREFIX_MAP)

# No path is compiled in: the tool finds its files from its own location
# (tools/lib/files.c).
TOOL_CFLAGS := -std=gnu11 -O2 -g -Wall -Wextra -Wno-unused-parameter -I. -Itools \
	$(PREFIX_MAP)
# tools/: main.c, then one folder per stage (README.md, "Layout"); every
# .c under tools/ at any depth, so a file added or moved needs no edit here.
TOOL_SRCS   := $(sort $(filter-out tools/records/rules.gen.c,$(shell find tools -name '*.c')) \
	       tools/records/rules.gen.c $(READER_SRCS))
# One object per file under build/obj/ (build/fuzz/obj/ for the fuzzing
# build), each with the -MMD list of the headers it includes: a one-line
# change recompiles that one file.  -MP: a removed header is no error.
DEPFLAGS    := -MMD -MP
TOOL_OBJS   := $(TOOL_SRCS:%.c=build/obj/%.o)

all: plugin/lockfit.so tools/lockfit cc/lockfit-cc

# The compiler wrapper of distributed compiles (docs/INSTALL.md "distcc"):
# on its own, it has no part of the tool in it.
cc/lockfit-cc: cc/lockfit-cc.c
	$(CC) $(HOST_CFLAGS) -o $@.tmp $<
	mv $@.tmp $@

build/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(TOOL_CFLAGS) $(DEPFLAGS) -c -o $@ $<

tools/lockfit: $(TOOL_OBJS)
	$(CC) $(TOOL_CFLAGS) -o $@.tmp $(TOOL_OBJS) -ljansson
	mv $@.tmp $@

# The Coccinelle scripts are generated from rules/rewrites.tbl and kept in
# git (so they run under the kernel's make coccicheck as they are);
# testsuite/cocci/run checks they are up to date.
cocci: $(wildcard cocci/templates/*) $(RULES) $(GEN_RULES)
	scripts/gen-cocci

$(GEN_RULES): rules/gen-rules.c $(READER_SRCS) $(READER_HDRS) schema/records.h schema/checks.def \
		tools/lib/readfile.c tools/lib/readfile.h
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -o $@ rules/gen-rules.c $(READER_SRCS) tools/lib/readfile.c

plugin/rules.gen.c: $(RULES) $(GEN_RULES)
	$(GEN_RULES) plugin rules > $@.tmp
	mv $@.tmp $@

tools/records/rules.gen.c: $(RULES) $(GEN_RULES)
	$(GEN_RULES) tool rules > $@.tmp
	mv $@.tmp $@

# Each plugin object depends on the headers it includes (plugin/*.d).
plugin/%.o: plugin/%.c
	$(CXX) $(PLUGIN_CXXFLAGS) $(DEPFLAGS) -x c++ -c -o $@ $<

plugin/lockfit.so: $(PLUGIN_OBJS)
	$(CXX) -shared -o $@.tmp $^ $(PLUGIN_LDLIBS)
	mv $@.tmp $@

# The fuzzing build: its own path, never tools/lockfit.  UBSan stops at the
# first report; testsuite/fuzz/run sets the sanitizers' exit statuses.
FUZZ_TOOL   := build/fuzz/lockfit
FUZZ_CFLAGS := $(TOOL_CFLAGS) -O1 -fno-omit-frame-pointer \
	-fsanitize=address,undefined,float-cast-overflow \
	-fno-sanitize-recover=undefined,float-cast-overflow
N    ?= 10000
SEED ?= 1
J    ?= 0

FUZZ_OBJS   := $(TOOL_SRCS:%.c=build/fuzz/obj/%.o)

build/fuzz/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CFLAGS) $(DEPFLAGS) -c -o $@ $<

$(FUZZ_TOOL): $(FUZZ_OBJS)
	$(CC) $(FUZZ_CFLAGS) -o $@ $(FUZZ_OBJS) -ljansson

FUZZ_WRAPPER := build/fuzz/lockfit-cc
$(FUZZ_WRAPPER): cc/lockfit-cc.c
	@mkdir -p $(@D)
	$(CC) $(FUZZ_CFLAGS) -o $@ $<

fuzz: $(FUZZ_TOOL) $(FUZZ_WRAPPER)
	$(PYTHON) testsuite/fuzz/run --tool $(FUZZ_TOOL) --wrapper $(FUZZ_WRAPPER) \
		--out build/fuzz --cases $(N) --seed $(SEED) --jobs $(J)

deps:
	@scripts/install-deps.sh

deps-vm:
	@scripts/install-deps.sh --vm

example: deps
	$(MAKE) all
	rm -rf build/example
	tools/lockfit build --out build/example --tree examples -- $(MAKE) -C examples
	$(MAKE) -s -C examples clean

# Every suite of testsuite/suites in the set, one after the other, past a
# failed one, then one summary (testsuite/run; exit 1 if any failed).
check: deps
	$(MAKE) all
	PYTHON=$(PYTHON) testsuite/run --set check

# The hermetic ones (no root, no kernel tree, no network), one per core.
check-fast: all
	PYTHON=$(PYTHON) testsuite/run --set fast -j $(shell nproc)

# The house rules, each problem as FILE:LINE: MESSAGE (docs/DESIGN.md
# section 10); testsuite/lint/run tests them on fixture trees.
lint:
	$(PYTHON) scripts/lint

# Are the outputs on real records the same as BASE's (default HEAD)?
# make same-outputs RECORDS="DIR..." [BASE=REV]
same-outputs: all
	scripts/same-outputs --base "$(or $(BASE),HEAD)" $(RECORDS)

# Section 10's module map, made from each module's head comment.
module-map:
	$(PYTHON) scripts/lint --write-module-map

check-kernel: deps
	$(MAKE) all
	$(KENV) PYTHON=$(PYTHON) testsuite/run --set kernel

bench: deps
	$(MAKE) all
	$(KENV) testsuite/kernel/bench

bench-report: deps
	$(MAKE) all
	$(KENV) testsuite/kernel/bench-report

bench-scale: all
	$(KENV) testsuite/kernel/bench-scale

bench-patch: deps
	$(MAKE) all
	$(KENV) testsuite/kernel/bench-patch

bench-upstream: deps
	$(KENV) testsuite/kernel/bench-upstream

kernel-report: deps
	$(MAKE) all
	$(KENV) scripts/kernel-report.sh

# A whole x86_64 defconfig build of Linux $(KVER) under lockfit build, then
# the census (about 90 minutes at -j2 on these machines; incremental afterwards).
kernel-full: deps
	$(MAKE) all
	scripts/kernel-full.sh --kver $(KVER)

# The VM targets boot kernels: never part of check or check-kernel.
# the VM kernel of $(KVER): 6.1 or 7.2 (docs/VM.md)
vm: deps-vm
	$(MAKE) all
	rm -rf build/vm
	LOCKFIT_VM_KVER=$(KVER) scripts/vm.sh run --out build/vm

# the VM suite on $(KVER); the out-of-tree module's is Linux 6.1's
check-vm: deps-vm
	$(MAKE) all
	$(KENV) testsuite/vm/run
	testsuite/vm/module-boot
	testsuite/vm/rcu-boot

# lockfit patch --boot of an out-of-tree module (docs/VM.md)
check-vm-module: deps-vm
	$(MAKE) all
	testsuite/vm/module-boot

bench-vm: deps-vm
	$(MAKE) all
	testsuite/vm/bench

# The workload, then which census locks its lock_stat covers (docs/VM.md).
vm-census: deps-vm
	rm -rf build/vm
	scripts/vm.sh run --out build/vm
	scripts/vm.sh census --out build/vm

# --- make install, manual pages, the Debian package (docs/INSTALL.md) ---
# Installed, lockfit finds its files from its own location
# (PREFIX/bin/../share/lockfit, tools/lib/files.c), in the checkout's
# layout; the plugin goes where GCC looks for the plugins of the compiler
# it was built for, so -fplugin=lockfit finds it by name.
PREFIX     ?= /usr/local
DESTDIR    ?=
SHAREDIR   := $(PREFIX)/share/lockfit
# The documents the manual pages cite (scripts/gen-man --docdir).
DOCDIR     := $(PREFIX)/share/doc/lockfit
DOC_FILES  := README.md $(wildcard docs/*.md)
# distccd runs only the compilers of its whitelist: lockfit-cc is one
# (a link to itself, so a client with the masquerade directory first in
# PATH still runs lockfit-cc; docs/INSTALL.md "distcc").
DISTCC_WHITELIST ?= /usr/lib/distcc
# What lockfit reads or runs at run time: the tables, the Coccinelle
# scripts, scripts/vm.sh (lockfit patch --boot) with what it needs.
SHARE_FILES := $(RULES) $(wildcard cocci/*.cocci) cocci/lockfit-macros.h \
	scripts/vm.sh scripts/kernel-tree.sh $(wildcard scripts/vm-config*.fragment) \
	$(wildcard scripts/kernel-config-*.fragment) \
	testsuite/vm/init testsuite/vm/lfvm-bench.c testsuite/vm/bench-ratio.awk \
	testsuite/vm/lfvm-census.c testsuite/vm/census.awk testsuite/vm/census.tbl \
	$(wildcard testsuite/vm/module/*)
# The bundled example, with the kernel stand-in headers it includes.
EXAMPLE_FILES := examples/Makefile $(wildcard examples/*.c)
MAN_STAMP  := build/man/.made

# The pages are made from the tool's --help texts (scripts/gen-man).
man: $(MAN_STAMP)
# the documents' place is in the pages: made again when PREFIX changes
MAN_DOCDIR := build/man-docdir
$(MAN_DOCDIR): FORCE
	@mkdir -p build; echo '$(DOCDIR)' | cmp -s - $@ || echo '$(DOCDIR)' > $@
FORCE:
$(MAN_STAMP): tools/lockfit cc/lockfit-cc scripts/gen-man schema/records.h $(MAN_DOCDIR)
	rm -rf build/man
	scripts/gen-man --tool tools/lockfit --cc cc/lockfit-cc \
		--docdir $(DOCDIR) --out build/man
	touch $@

# Every path quoted: a DESTDIR (or PREFIX) with a blank is one directory.
D := "$(DESTDIR)$(PREFIX)"
install: all man
	install -d $(D)/bin "$(DESTDIR)$(PLUGINDIR)" \
		$(D)/share/man/man1 \
		$(D)/share/bash-completion/completions
	install -m 755 tools/lockfit $(D)/bin/lockfit
	install -m 755 cc/lockfit-cc $(D)/bin/lockfit-cc
	install -d "$(DESTDIR)$(DISTCC_WHITELIST)"
	ln -sfr $(D)/bin/lockfit-cc "$(DESTDIR)$(DISTCC_WHITELIST)/lockfit-cc"
	install -m 644 plugin/lockfit.so "$(DESTDIR)$(PLUGINDIR)/lockfit.so"
	for f in $(SHARE_FILES); do \
		mode=644; [ -x $$f ] && mode=755; \
		install -D -m $$mode $$f "$(DESTDIR)$(SHAREDIR)/$$f" || exit; \
	done
	for f in $(EXAMPLE_FILES); do \
		install -D -m 644 $$f "$(DESTDIR)$(SHAREDIR)/$$f" || exit; \
	done
	cd testsuite && find include -type f | while read -r f; do \
		install -D -m 644 $$f "$(DESTDIR)$(SHAREDIR)/examples/$$f" || exit; \
	done
	install -m 644 build/man/*.1 $(D)/share/man/man1/
	install -d "$(DESTDIR)$(DOCDIR)"
	install -m 644 $(DOC_FILES) "$(DESTDIR)$(DOCDIR)/"
	install -m 644 scripts/lockfit-completion.bash \
		$(D)/share/bash-completion/completions/lockfit

uninstall:
	rm -f $(D)/bin/lockfit $(D)/bin/lockfit-cc \
		"$(DESTDIR)$(PLUGINDIR)/lockfit.so" "$(DESTDIR)$(DISTCC_WHITELIST)/lockfit-cc"
	rm -f $(D)/share/man/man1/lockfit.1 \
		$(D)/share/man/man1/lockfit-*.1 \
		$(D)/share/bash-completion/completions/lockfit
	rm -rf "$(DESTDIR)$(SHAREDIR)" "$(DESTDIR)$(DOCDIR)"

deps-deb:
	@scripts/install-deps.sh --deb

# The package is built from a clean export of HEAD (git archive), so
# that nothing of the working tree's builds goes in.
deb: deps-deb
	scripts/build-deb --out build/deb

check-deb: deps-deb
	testsuite/install/deb --out build/deb

clean:
	rm -f plugin/*.o plugin/*.d plugin/lockfit.so tools/lockfit plugin/rules.gen.c plugin/rules.gen.c.tmp
	rm -f cc/lockfit-cc cc/lockfit-cc.tmp
	rm -f tools/records/rules.gen.c tools/records/rules.gen.c.tmp
	rm -rf build/obj build/fuzz build/man build/man-docdir $(GEN_RULES)

.PHONY: all cocci deps example check check-fast lint module-map same-outputs check-kernel bench bench-report bench-scale bench-patch bench-upstream kernel-report kernel-full fuzz clean \
	deps-vm vm check-vm check-vm-module bench-vm vm-census man install uninstall deps-deb deb check-deb

# The header lists the compiler wrote (none before the first build).
-include $(TOOL_OBJS:.o=.d) $(FUZZ_OBJS:.o=.d) $(PLUGIN_OBJS:.o=.d)
