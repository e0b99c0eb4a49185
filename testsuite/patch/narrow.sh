# shellcheck shell=bash
# testsuite/patch/narrow.sh - part 1 of testsuite/patch/run, sourced by it
# (its helpers: records, fresh_tree, lfpatch, pass, fail): a header
# lock's users rebuilt, not every includer of the header.

# narrow_lock: include/narrow.h holds only its declaration; the objects
# using the lock are rebuilt (fs/narrow.o, the definition and the
# records' unit; drivers/narrow_user.o, a user the use index finds), not
# kernel/narrow_inc.o, which includes the header and never names the
# lock; the message says which and why that is enough
records narrow
fresh_tree "$tmp/tree-narrow"
make -s -C "$tmp/tree-narrow" fs/narrow.o drivers/narrow_user.o kernel/narrow_inc.o > "$tmp/narrow.make" 2>&1 ||
	fail "narrow: build the configuration" "$(head -c 400 "$tmp/narrow.make")"
lfpatch narrow --tree "$tmp/tree-narrow" --out "$tmp/out-narrow" --assume-complete "$tmp/rec/narrow"
p=$tmp/out-narrow/0001-fs-convert-narrow_lock-from-rwlock_t-to-spinlock_t.patch
narrow_make() { echo "^\\\$ make -C .*/tree -j[0-9]* -Otarget -k KBUILD_NOCMDDEP=1 C=$1 drivers/narrow_user.o fs/narrow.o\$"; }
if [ $rc -eq 0 ] && [ -f "$p" ] &&
   grep -q '^objects: drivers/narrow_user.o fs/narrow.o$' "$tmp"/out-narrow/log/0001-*.log &&
   [ "$(grep -c "$(narrow_make 2)" "$tmp"/out-narrow/log/0001-*.log)" = 1 ] &&
   [ "$(grep -c "$(narrow_make 1)" "$tmp"/out-narrow/log/0001-*.log)" = 1 ]; then
	pass "narrow: a header lock's users rebuilt before and after, not the header's other includer"
else
	fail "narrow: objects" "exit $rc: $(cat "$tmp/narrow.out" "$tmp/narrow.err") $(grep -v '^  ' "$tmp"/out-narrow/log/0001-*.log | head -c 1500)"
fi
got=$(sed -n '/^Build-verified/,/^Verified by/p' "$p" 2> /dev/null | tr '\n' ' ')
want='Build-verified (compiled before and after, with the build'"'"'s configuration, in 2 objects using the lock): drivers/narrow_user.c, fs/narrow.c, include/narrow.h.  Rebuilt for include/narrow.h: the 2 objects using the lock (the units of the records, the files the use index found), not every object including it (3): the patch changes only the lock'"'"'s declaration there, and the index examined every file naming the lock, so an includer not rebuilt does not name it (it compiles only the lock'"'"'s new size).  Verified by lockfit patch: '
if [ "$got" = "$want" ]; then
	pass "narrow: the message names the objects rebuilt for the header and why they are enough"
else
	fail "narrow: the message" "$(diff <(echo "$want") <(echo "$got"))"
fi
