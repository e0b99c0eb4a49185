# shellcheck shell=bash
# testsuite/patch/rcu.sh - part 1 of testsuite/patch/run, sourced by it
# (its helpers: records, lfpatch, pass, fail): an rcu verdict's patch.

# an rcu verdict (drivers/rcul/rcul.c: a list read in bh with long walks,
# three _bh writers): cocci/rwlock_to_rcu's patch, built before and after
# (sparse C=2 before), checkpatch clean, byte for byte as expected/rcul/:
# rcu readers and _rcu walks (the helper writers share with the lockdep
# condition, which include/linux/rculist.h compiles), _rcu list updates,
# kfree_rcu() with the rcu_head added, synchronize_rcu() after removing a
# parameter; cocci/rcu_check.cocci finds nothing new (its line in the log
# and in the message's verification)
records rcul
lfpatch rcul --tree "$tree" --assume-complete --out "$tmp/out-rcul" "$tmp/rec/rcul"
want=$here/expected/rcul/0001-rcul-convert-rcul_lock-from-rwlock_t-to-RCU-readers-and-a-spinlock_t.patch
got=$tmp/out-rcul/$(basename "$want")
rlog=$(ls "$tmp"/out-rcul/log/0001-*.log 2> /dev/null)
[ "${LOCKFIT_UPDATE:-}" = 1 ] && [ -f "$got" ] && cp "$got" "$want"
if [ $rc -eq 0 ] && grep -q 'rwlock->rcu  *1  *1  *0' "$tmp/rcul.out" &&
   grep -q 'C=2 drivers/rcul/rcul.o$' "$rlog" && grep -q '^sparse/compiler diagnostics: .* 0 new$' "$rlog" &&
   grep -q '^rcu_check: 0 new findings$' "$rlog" &&
   cmp -s "$want" "$got"; then
	pass "rcu verdict: rwlock_to_rcu patch verified, byte for byte as expected/rcul/"
else
	fail "rcu verdict" "exit $rc: $(cat "$tmp/rcul.out") $(diff -u "$want" "$got" | head -n 30)"
fi

# broken variants of the rcu rewrite (LOCKFIT_COCCI: a copy of cocci/ with
# rwlock_to_rcu.cocci made to leave the kfree(), or the reader's walk
# without _rcu): the patch applies, and neither the compiler nor sparse
# would see either (a list_head's next is no __rcu pointer), but
# cocci/rcu_check.cocci on the patched file refuses it before any build,
# the finding in the reason and the log; no patch offered
rcu_broken() {
	local name=$1 expr=$2 want=$3 blog
	rm -rf "$tmp/cocci-$name" && cp -r "$top/cocci" "$tmp/cocci-$name"
	sed -i -e "$expr" "$tmp/cocci-$name/rwlock_to_rcu.cocci"
	if cmp -s "$tmp/cocci-$name/rwlock_to_rcu.cocci" "$top/cocci/rwlock_to_rcu.cocci"; then
		fail "rcu broken variant $name" "the mutation changed nothing (stale test)"
		return
	fi
	LOCKFIT_COCCI=$tmp/cocci-$name lfpatch "rcul-$name" --tree "$tree" --assume-complete \
		--out "$tmp/out-rcul-$name" "$tmp/rec/rcul"
	blog=$(ls "$tmp/out-rcul-$name"/log/0001-*.log 2> /dev/null)
	if [ $rc -eq 1 ] && grep -q 'rwlock->rcu  *1  *0  *1' "$tmp/rcul-$name.out" &&
	   grep -qF "rcu_check: 1 new finding: drivers/rcul/rcul.c: $want" "$tmp/rcul-$name.out" &&
	   grep -qF "rcul.c:" "$blog" && grep -qF "$want" "$blog" &&
	   grep -q '^FAILED rcu_check: 1 new finding' "$blog" &&
	   ! ls "$tmp/out-rcul-$name"/0001-*.patch > /dev/null 2>&1; then
		pass "rcu broken variant refused by the rcu check: $name"
	else
		fail "rcu broken variant $name" "exit $rc: $(head -c 1500 "$tmp/rcul-$name.out") log: $(head -c 800 "$blog")"
	fi
}
rcu_broken kfree '/^- kfree(X);$/d; s/^+ kfree_rcu(X, R);$/  kfree(X);/' \
	"rcu check: kfree(r) in rcul_remove() after list_del_rcu() with no grace period: readers may still be on it (kfree_rcu(), or synchronize_rcu() first)"
rcu_broken walk '/^rl@q(/,/^)$/{s/^+ list_for_each_entry_rcu$/+ list_for_each_entry/}' \
	"rcu check: list_for_each_entry() in an RCU read section of rcul_lookup(): readers walk with list_for_each_entry_rcu()"

# a published pointer (drivers/rcup/rcup.c, struct channel::upl's shape):
# the member __rcu, each reader loading it once with rcu_dereference_bh()
# into a local, the helper a section calls rcu_dereference_bh(), writers
# rcu_assign_pointer()/RCU_INIT_POINTER()/rcu_dereference_protected(),
# synchronize_rcu() before the old unit is put; sparse C=2 (with
# include/linux/rcupdate.h's __rcu address space) finds nothing new;
# byte for byte as expected/rcup/
records rcup
lfpatch rcup --tree "$tree" --assume-complete --out "$tmp/out-rcup" "$tmp/rec/rcup"
want=$here/expected/rcup/0001-rcup-convert-chan-upl-from-rwlock_t-to-RCU-readers-and-a-spinlock_t.patch
got=$tmp/out-rcup/$(basename "$want")
plog=$(ls "$tmp"/out-rcup/log/0001-*.log 2> /dev/null)
[ "${LOCKFIT_UPDATE:-}" = 1 ] && [ -f "$got" ] && mkdir -p "${want%/*}" && cp "$got" "$want"
if [ $rc -eq 0 ] && grep -q 'rwlock->rcu  *1  *1  *0' "$tmp/rcup.out" &&
   grep -q 'C=2 drivers/rcup/rcup.o$' "$plog" && grep -q '^sparse/compiler diagnostics: .* 0 new$' "$plog" &&
   cmp -s "$want" "$got"; then
	pass "rcu verdict, a published pointer: rwlock_to_rcu patch verified (sparse C=2: 0 new), byte for byte as expected/rcup/"
else
	fail "rcu published pointer" "exit $rc: $(cat "$tmp/rcup.out") $(diff -u "$want" "$got" | head -n 30)"
fi

# broken: the helper __chan_push() left reading ch->up plainly (the rule
# that rewrites a section's helpers taken out of a copy of cocci/):
# sparse sees an __rcu pointer assigned to a plain one, refused
rm -rf "$tmp/cocci-bare" && cp -r "$top/cocci" "$tmp/cocci-bare"
python3 - "$tmp/cocci-bare/rwlock_to_rcu.cocci" << 'EOF2'
import sys
p = sys.argv[1]
t = open(p).read()
old = "h(...) { <...\n- PS->PF\n+ RD(PS->PF)\n...> }"
open(p, "w").write(t.replace(old, "h(...) { <...\n  PS->PF\n...> }"))
EOF2
if cmp -s "$tmp/cocci-bare/rwlock_to_rcu.cocci" "$top/cocci/rwlock_to_rcu.cocci"; then
	fail "rcu published pointer, broken" "the mutation changed nothing (stale test)"
else
	LOCKFIT_COCCI=$tmp/cocci-bare lfpatch rcup-bare --tree "$tree" --assume-complete \
		--out "$tmp/out-rcup-bare" "$tmp/rec/rcup"
	blog=$(ls "$tmp"/out-rcup-bare/log/0001-*.log 2> /dev/null)
	if [ $rc -eq 1 ] && grep -q 'rwlock->rcu  *1  *0  *1' "$tmp/rcup-bare.out" &&
	   grep -qF 'reason: sparse: 1 new warning: warning: incorrect type in assignment (different address spaces)' "$tmp/rcup-bare.out" &&
	   grep -q '^drivers/rcup/rcup.c:28:[0-9]*: warning: incorrect type in assignment (different address spaces)$' "$blog" &&
	   ! ls "$tmp"/out-rcup-bare/0001-*.patch > /dev/null 2>&1; then
		pass "rcu published pointer, broken (a helper without rcu_dereference_bh()): refused by sparse's address-space warning"
	else
		fail "rcu published pointer, broken" "exit $rc: $(head -c 1500 "$tmp/rcup-bare.out") log: $(head -c 800 "$blog")"
	fi
fi
