# testsuite/tools/build.sh - the "lockfit build" tests of testsuite/tools/run
# (sourced by it, in its directory, with its lib.sh): KCFLAGS, -C and O=,
# M=, the refusal of clang, progress and failures, real gcc with the
# plugin.
# shellcheck shell=bash

touch "$work/lockfit.so"
FAKE_RECORDS=data/basic lf build --out "$work/b1/out" --plugin "$work/lockfit.so" -- ./fake-make V=1 KCFLAGS=-O1
lockfit_report=$("$lockfit" report "$work/b1/out")
if [ "$rc" = 0 ] && [ "$lockfit_report" = "$(cat "$work/out")" ] &&
   grep -qxF "fake-make: V=1 KCFLAGS=-O1 -fplugin=$work/lockfit.so -fplugin-arg-lockfit-out=$work/b1/out -fplugin-arg-lockfit-srcroot=$(pwd -P)" "$work/err" &&
   grep -qxF "lockfit: ./fake-make finished: 9 record files in $work/b1/out" "$work/err"; then
	pass "build: KCFLAGS argument extended, out created, report printed"
else
	fail "build: KCFLAGS argument extended, out created, report printed" "status $rc: $(tr '\n' '|' <"$work/err")"
fi
KCFLAGS="-g -Os" FAKE_RECORDS=data/basic lf build --out "$work/b2" --plugin "$work/lockfit.so" -- ./fake-make
if [ "$rc" = 0 ] && grep -qxF "fake-make: KCFLAGS=-g -Os -fplugin=$work/lockfit.so -fplugin-arg-lockfit-out=$work/b2 -fplugin-arg-lockfit-srcroot=$(pwd -P)" "$work/err"; then
	pass "build: KCFLAGS from the environment kept"
else
	fail "build: KCFLAGS from the environment kept" "status $rc: $(tr '\n' '|' <"$work/err")"
fi
# clang cannot load a GCC plugin: refused before make runs, in one line;
# a cc that is clang (a link in PATH) too.  Needs clang (install-deps.sh).
lf build --plugin "$work/lockfit.so" -- ./fake-make CC=clang V=1
if [ "$rc" = 2 ] && [ ! -s "$work/out" ] &&
   [ "$(cat "$work/err")" = "lockfit: CC=clang: the lockfit plugin is a GCC plugin, which clang cannot load: build with GCC (CC=gcc, or no CC=)" ]; then
	pass "build: CC=clang refused before the build, in one line"
else
	fail "build: CC=clang refused before the build, in one line" "status $rc: $(tr '\n' '|' <"$work/out" "$work/err")"
fi
lf build --plugin "$work/lockfit.so" -- ./fake-make LLVM=1
status "build: LLVM=1 refused before the build" 2 \
	"lockfit: LLVM=1 builds with clang: the lockfit plugin is a GCC plugin, which clang cannot load: build with GCC (no LLVM=)"
if command -v clang >/dev/null; then
	mkdir -p "$work/ccbin"
	ln -sf "$(command -v clang)" "$work/ccbin/cc"
	PATH="$work/ccbin:$PATH" lf build --plugin "$work/lockfit.so" -- ./fake-make CC=cc
	status "build: CC=cc that is clang refused before the build" 2 \
		"lockfit: CC=cc: the lockfit plugin is a GCC plugin, which clang cannot load"
	grep -q fake-make "$work/out" "$work/err" && fail "build: CC=cc that is clang" "make ran"
elif [ "${CI:-}" = true ]; then
	fail "build: CC=cc that is clang" "clang is not installed (scripts/install-deps.sh)"
else
	echo "SKIP: build: CC=cc that is clang: clang is not installed"
fi
# make -C DIR (and O=): file names relative to that source tree
mkdir -p "$work/src-tree"
FAKE_RECORDS=data/basic lf build --out "$work/b4" --plugin "$work/lockfit.so" -- ./fake-make -C "$work/src-tree" O=/tmp/obj
if [ "$rc" = 0 ] && grep -qxF "fake-make: -C $work/src-tree O=/tmp/obj KCFLAGS=-fplugin=$work/lockfit.so -fplugin-arg-lockfit-out=$work/b4 -fplugin-arg-lockfit-srcroot=$(cd "$work/src-tree" && pwd -P)" "$work/err"; then
	pass "build: make -C DIR gives the plugin DIR as its source root"
else
	fail "build: make -C DIR gives the plugin DIR as its source root" "status $rc: $(tr '\n' '|' <"$work/err")"
fi
# no --out: records in the objects, the report reads kbuild's output
# directory (O= from the -C directory); make fails here, so no report
FAKE_STATUS=3 lf build --plugin "$work/lockfit.so" -- ./fake-make -C "$work/src-tree" O=obj V=1
if [ "$rc" = 3 ] && grep -qxF "fake-make: -C $work/src-tree O=obj V=1 KCFLAGS=-fplugin=$work/lockfit.so -fplugin-arg-lockfit-srcroot=$(cd "$work/src-tree" && pwd -P)" "$work/err" &&
   grep -qxF "lockfit: ./fake-make failed: records in the objects of $work/src-tree/obj" "$work/err"; then
	pass "build: no --out -> no out= (records in the objects of O=, from -C)"
else
	fail "build: no --out -> no out= (records in the objects of O=, from -C)" "status $rc: $(tr '\n' '|' <"$work/err")"
fi
# M=: a kbuild module, against a kernel build configured and prepared
# for modules (checked before make runs)
mkdir -p "$work/extmod" "$work/kbo/include/generated" "$work/kbo/include/config" \
	"$work/kbo/scripts/mod"
echo 'obj-m := x.o' > "$work/extmod/Kbuild"
lf build --plugin "$work/lockfit.so" -- ./fake-make M="$work/extmod" O="$work/kbo"
status "build: M= against an unconfigured kernel build: exit 2" 2 \
	"lockfit: $work/kbo is not a configured kernel build (no .config, include/generated/autoconf.h or include/config/auto.conf): configure it and run make modules_prepare there before building M=$work/extmod"
touch "$work/kbo/.config" "$work/kbo/include/generated/autoconf.h" "$work/kbo/include/config/auto.conf"
lf build --plugin "$work/lockfit.so" -- ./fake-make M="$work/extmod" O="$work/kbo"
status "build: M= against a kernel build not prepared for modules: exit 2" 2 \
	"lockfit: $work/kbo is not prepared for external modules (no scripts/module.lds or scripts/mod/modpost): run make O=... modules_prepare there first"
touch "$work/kbo/scripts/module.lds" "$work/kbo/scripts/mod/modpost"
lf build --plugin "$work/lockfit.so" -- ./fake-make M="$work/src-tree" O="$work/kbo"
status "build: M= of a directory that is no kbuild module: exit 2" 2 \
	"lockfit: M=$work/src-tree is not a kbuild module directory: no Kbuild or Makefile there names obj-m"
grep -q "^fake-make:" "$work/err" && fail "build: refused M=: make not run" "$(head -c 200 "$work/err")"
FAKE_STATUS=3 KBUILD_OUTPUT="$work/kbo" lf build --plugin "$work/lockfit.so" -- ./fake-make M="$work/extmod"
status "build: M= is the output directory before \$KBUILD_OUTPUT" 3 \
	"lockfit: ./fake-make failed: records in the objects of $work/extmod"
FAKE_STATUS=3 KBUILD_OUTPUT=/tmp/kbo lf build --plugin "$work/lockfit.so" -- ./fake-make
status "build: \$KBUILD_OUTPUT is the output directory" 3 \
	"lockfit: ./fake-make failed: records in the objects of /tmp/kbo"
FAKE_STATUS=3 FAKE_STDERR="x.c:1:2: error: expected ';'" lf build --out "$work/b3" --plugin "$work/lockfit.so" -- ./fake-make
status "build: make fails on its own -> make's status, plugin not blamed" 3 \
	"failed with status 3; the plugin reported no error"
FAKE_STATUS=2 FAKE_STDERR="fs/x.c:9:1: error: lockfit: cannot write records" lf build --out "$work/b4" --plugin "$work/lockfit.so" -- ./fake-make
status "build: plugin error -> make's status, plugin blamed" 2 \
	"the plugin caused it: fs/x.c:9:1: error: lockfit: cannot write records"
FAKE_STATUS=4 FAKE_STDERR="fs/y.c:3:1: internal compiler error: Segmentation fault" lf build --out "$work/b5" --plugin "$work/lockfit.so" -- ./fake-make
status "build: internal compiler error -> plugin blamed" 4 "the plugin caused it"
lf build --out "$work/b6" --plugin "$work/nope.so" -- ./fake-make
status "build: missing plugin -> exit 2" 2 "plugin $work/nope.so"
FAKE_RECORDS=data/basic lf build --out "$work/b7" --plugin "$work/lockfit.so" --profile profiles/bad-readprofile.txt -- ./fake-make
if [ "$rc" = 2 ] && [ ! -d "$work/b7" ] && grep -qF "bad-readprofile.txt:3" "$work/err"; then
	pass "build: bad profile refused before make runs"
else
	fail "build: bad profile refused before make runs" "status $rc"
fi
lf build --plugin "$work/lockfit.so"
status "build: no command -> exit 2" 2 "no make command given"
if command -v script >/dev/null; then
	FAKE_SLEEP=2 FAKE_RECORDS=data/basic script -qec \
		"'$lockfit' build --out '$work/b8' --plugin '$work/lockfit.so' -- ./fake-make" \
		/dev/null >"$work/tty" 2>&1
	if grep -qF "lockfit: 0 record files in $work/b8" "$work/tty" &&
	   grep -q $'\033\\[K' "$work/tty"; then
		pass "build: progress on a terminal"
	else
		fail "build: progress on a terminal" "$(head -c 300 "$work/tty" | tr '\n\r' '||')"
	fi
else
	fail "build: progress on a terminal" "script (util-linux) not installed"
fi
if [ -f "$root/plugin/lockfit.so" ]; then
	lf build --out "$work/real/out" --tree src -- make -C src OBJDIR="$work/real"
	if [ "$rc" = 0 ] && grep -qxF "short.c:short_lock (rwlock_t, static): spinlock" "$work/out" &&
	   grep -qxF "lockfit: make finished: 1 record files in $work/real/out" "$work/err"; then
		pass "build: real gcc with the plugin"
	else
		fail "build: real gcc with the plugin" "status $rc: $(tail -3 "$work/err" | tr '\n' '|')"
	fi
	# the default: records in short.o, the report from the O= directory
	lf build --tree src -- make -C src O="$work/real-obj"
	if [ "$rc" = 0 ] && grep -qxF "short.c:short_lock (rwlock_t, static): spinlock" "$work/out" &&
	   grep -qxF "lockfit: make finished: records in the objects of $work/real-obj" "$work/err" &&
	   readelf -SW "$work/real-obj/short.o" | grep -qF .discard.lockfit.records &&
	   [ ! -e lockfit-out ] && [ ! -e src/lockfit-out ]; then
		pass "build: real gcc with the plugin, records in the object"
	else
		fail "build: real gcc with the plugin, records in the object" "status $rc: $(tail -3 "$work/err" | tr '\n' '|')"
	fi
else
	fail "build: real gcc with the plugin" "plugin/lockfit.so not built (run make)"
fi
