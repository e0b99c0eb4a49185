# shellcheck shell=bash
# testsuite/patch/rcu.sh - part 1 of testsuite/patch/run, sourced by it
# (its helpers: records, lfpatch, pass, fail): an rcu verdict's patch.

# an rcu verdict (drivers/rcul/rcul.c: a list read in bh with long walks,
# three _bh writers): cocci/rwlock_to_rcu's patch, built before and after
# (sparse C=2 before), checkpatch clean, byte for byte as expected/rcul/:
# rcu readers and _rcu walks (the helper writers share with the lockdep
# condition, which include/linux/rculist.h compiles), _rcu list updates,
# kfree_rcu() with the rcu_head added, synchronize_rcu() after removing a
# parameter
records rcul
lfpatch rcul --tree "$tree" --assume-complete --out "$tmp/out-rcul" "$tmp/rec/rcul"
want=$here/expected/rcul/0001-rcul-convert-rcul_lock-from-rwlock_t-to-RCU-readers-and-a-spinlock_t.patch
got=$tmp/out-rcul/$(basename "$want")
rlog=$(ls "$tmp"/out-rcul/log/0001-*.log 2> /dev/null)
if [ $rc -eq 0 ] && grep -q 'rwlock->rcu  *1  *1  *0' "$tmp/rcul.out" &&
   grep -q 'C=2 drivers/rcul/rcul.o$' "$rlog" && grep -q '^sparse/compiler diagnostics: .* 0 new$' "$rlog" &&
   cmp -s "$want" "$got"; then
	pass "rcu verdict: rwlock_to_rcu patch verified, byte for byte as expected/rcul/"
else
	fail "rcu verdict" "exit $rc: $(cat "$tmp/rcul.out") $(diff -u "$want" "$got" | head -n 30)"
fi
