# shellcheck shell=bash
# refusals.sh - sourced by testsuite/patch/run (section 1): lockfit patch
# refuses a build directory that is not configured and a tree whose lines
# moved, exit 2, and writes nothing into the tree

# a build directory that is not configured; a tree whose lines moved
mkdir -p "$tmp/obj-empty"
lfpatch oempty --tree "$tmp/src-wide" --build "$tmp/obj-empty" --out "$tmp/out-oempty" --assume-complete "$tmp/rec/wide"
if [ $rc -eq 2 ] && grep -q "^lockfit: $tmp/obj-empty is not a configured kbuild output directory (no .config or include/generated/autoconf.h): run make O=DIR prepare in it first, or give the build directory with --build DIR$" "$tmp/oempty.err"; then
	pass "a build directory that is not configured: exit 2, said"
else
	fail "not configured" "exit $rc: $(cat "$tmp/oempty.err")"
fi
fresh_tree "$tmp/tree-moved"
sed -i '3i /* a line more */' "$tmp/tree-moved/fs/wide.c"
moved=$(sums "$tmp/tree-moved")
lfpatch moved --tree "$tmp/tree-moved" --out "$tmp/out-moved" --assume-complete "$tmp/rec/wide"
if [ $rc -eq 2 ] && grep -q "^lockfit: .*wide.c.lfr:1: the tree .*/tree-moved does not match these records: fs/wide.c:11 (a site of wide_lock) names neither read_lock() nor the lock (lines moved?); give the tree the records were built from$" "$tmp/moved.err" &&
   [ "$(sums "$tmp/tree-moved")" = "$moved" ]; then
	pass "a tree that does not match the records: exit 2, the site named"
else
	fail "tree mismatch" "exit $rc: $(cat "$tmp/moved.err")"
fi
