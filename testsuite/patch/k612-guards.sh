# testsuite/patch/k612-guards.sh - part 3 of testsuite/patch/run --kernel,
# sourced by it (its helpers, $tmp, $top): Linux 6.12 rwlocks written as
# cleanup.h guards, from hand-written records (specs/k612-guards.spec).
# shellcheck shell=bash

# --- 3. Linux 6.12: rwlocks written as cleanup.h guards -------------------

# Records hand-written (specs/k612-guards.spec), with the plugin's api of
# a guard: built alone, the real records judge both locks keep.  The two
# objects compiled first if the tree has not built them.
if ! ksrc612=$(LOCKFIT_KVER=6.12 "$top/scripts/kernel-tree.sh" --print-dir 2> "$tmp/kernel-tree-612.err"); then
	fail "kernel 6.12" "no configured Linux 6.12 tree: $(tail -n 1 "$tmp/kernel-tree-612.err")"
	finish
fi
if [ ! -f "$ksrc612/fs/.namespace.o.cmd" ] || [ ! -f "$ksrc612/sound/core/.control.o.cmd" ]; then
	LOCKFIT_KVER=6.12 "$top/scripts/kernel-compile.sh" --no-plugin --jobs 2 \
		fs/namespace.o sound/core/control.o > "$tmp/build-612.log" 2>&1 ||
		fail "kernel 6.12: compile fs/namespace.o sound/core/control.o" "$(tail -n 5 "$tmp/build-612.log")"
fi
records k612-guards
t0=$(date +%s)
lfpatch k612 --tree "$ksrc612" --out "$tmp/out-k612" "$tmp/rec/k612-guards"
p=$tmp/out-k612/0001-ALSA-convert-snd_card-controls_rwlock-from-rwlock_t-to-spinlock_t.patch
# struct snd_card::controls_rwlock: 9 guards in sound/core/control.c, its
# field in include/sound/core.h, rwlock_init() in sound/core/init.c
if [ -f "$p" ] && (cd "$ksrc612" && git apply --check "$p" 2> "$tmp/k612.check") &&
   grep -q 'diagnostics: [0-9]* before, [0-9]* after, 0 new' "$tmp"/out-k612/log/0001-*.log; then
	changed "$p" > "$tmp/k612-snd.lines"
	if [ "$(grep -c '^-' "$tmp/k612-snd.lines")" = 11 ] && [ "$(grep -c '^+' "$tmp/k612-snd.lines")" = 11 ] &&
	   [ "$(grep -c '^+	guard(spinlock_irqsave)(&card->controls_rwlock);$' "$tmp/k612-snd.lines")" = 4 ] &&
	   [ "$(grep -c '^+	scoped_guard(spinlock_irqsave, &card->controls_rwlock)' "$tmp/k612-snd.lines")" = 3 ] &&
	   [ "$(grep -c '^+	scoped_guard(spinlock_irq, &card->controls_rwlock) {$' "$tmp/k612-snd.lines")" = 2 ] &&
	   grep -q '^+	spinlock_t controls_rwlock;' "$tmp/k612-snd.lines" &&
	   grep -q '^+	spin_lock_init(&card->controls_rwlock);$' "$tmp/k612-snd.lines" &&
	   ! grep '^+' "$tmp/k612-snd.lines" | grep -q 'rwlock_init\|read_lock\|write_lock'; then
		pass "kernel 6.12 controls_rwlock: 9 guards, the field and its init converted; verified (applies, control.o rebuilds, no new diagnostic, checkpatch clean) ($(($(date +%s) - t0))s)"
	else
		fail "kernel 6.12 controls_rwlock" "$(cat "$tmp/k612-snd.lines")"
	fi
else
	fail "kernel 6.12 controls_rwlock" "not verified: $(cat "$tmp/k612.out") $(cat "$tmp/k612.check" 2>/dev/null)"
fi
# fs/namespace.c:mnt_ns_tree_lock: its 4 guards and its definition
# converted, fs/namespace.o rebuilds with no new diagnostic, checkpatch
# clean: lookup_mnt_ns() is indented with seven spaces in 6.12
# (fs/namespace.c:210-219), and the rewritten line 213 gets a tab, said
# in the message (issue 36)
p=$tmp/out-k612/0002-fs-convert-mnt_ns_tree_lock-from-rwlock_t-to-spinlock_t.patch
if [ -f "$p" ] && (cd "$ksrc612" && git apply --check "$p" 2> "$tmp/k612.check") &&
   grep -q 'diagnostics: [0-9]* before, [0-9]* after, 0 new' "$tmp"/out-k612/log/0002-*.log &&
   grep -q '^checkpatch: 0 error/warning' "$tmp"/out-k612/log/0002-*.log; then
	changed "$p" > "$tmp/k612-mnt.lines"
	if [ "$(grep -c '^-' "$tmp/k612-mnt.lines")" = 5 ] &&
	   grep -qx '+static DEFINE_SPINLOCK(mnt_ns_tree_lock);' "$tmp/k612-mnt.lines" &&
	   [ "$(grep -c '^+	guard(spinlock)(&mnt_ns_tree_lock);$' "$tmp/k612-mnt.lines")" = 3 ] &&
	   [ "$(grep -c '^+		guard(spinlock)(&mnt_ns_tree_lock);$' "$tmp/k612-mnt.lines")" = 1 ] &&
	   grep -qx -- '-       guard(read_lock)(&mnt_ns_tree_lock);' "$tmp/k612-mnt.lines" &&
	   [ "$(sed -n '/^Indented with tabs/,/^$/p' "$p" | tr '\n' ' ')" = "Indented with tabs, as checkpatch wants: the rewritten lines the tree indents with spaces (the lines around them are left as they are): fs/namespace.c:213.  " ] &&
	   grep -qx -- '- read fs/namespace.c:213 lookup_mnt_ns(): guard(read_lock) ->' "$p" &&
	   grep -qx 'Subject: \[PATCH\] fs: convert mnt_ns_tree_lock from rwlock_t to spinlock_t' "$p"; then
		pass "kernel 6.12 mnt_ns_tree_lock: 4 guards and the definition converted, verified (fs/namespace.o rebuilds, no new diagnostic, checkpatch clean), line 213's seven spaces made a tab, said in the message"
	else
		fail "kernel 6.12 mnt_ns_tree_lock" "$(cat "$tmp/k612-mnt.lines") $(sed -n '/^Sites/,/^---/p' "$p")"
	fi
else
	fail "kernel 6.12 mnt_ns_tree_lock" "$(cat "$tmp/k612.out") $(cat "$tmp/k612.check" 2>/dev/null)"
fi
# the report's site lines name the guards the patch writes
LOCKFIT_CACHE=$tmp/cache "$lockfit" report "$tmp/rec/k612-guards" --tree "$ksrc612" > "$tmp/k612.report" 2>&1
got=$(sed -n '/^fs\/namespace.c:mnt_ns_tree_lock (/,/^  loops/p' "$tmp/k612.report" | grep -o 'namespace.c:[0-9]*:[0-9]* .*=> .*')
want='namespace.c:147:2 mnt_ns_tree_add guard(write_lock) plain cost 4 no-loop => guard(write_lock) -> guard(spinlock)
namespace.c:168:2 mnt_ns_tree_remove guard(write_lock) plain cost 4 no-loop => guard(write_lock) -> guard(spinlock)
namespace.c:213:2 lookup_mnt_ns guard(read_lock) plain cost 4 no-loop => guard(read_lock) -> guard(spinlock)
namespace.c:2099:2 __lookup_next_mnt_ns guard(read_lock) plain cost 4 no-loop => guard(read_lock) -> guard(spinlock)'
if [ "$got" = "$want" ]; then
	pass "kernel 6.12 mnt_ns_tree_lock: the report's sites show guard(spinlock), the patch's rewrite"
else
	fail "kernel 6.12 report sites" "$(diff <(echo "$want") <(echo "$got"))"
fi
