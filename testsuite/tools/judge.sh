# shellcheck shell=bash
# testsuite/tools/judge.sh - part of testsuite/tools/run (sourced: its
# helpers and $work): verdicts judged the way upstream judges them
# (issue 29).
### serialized readers: data/serial, an exclusive lock held at every read
### site in another unit, from the calls records (older plugins: lock_sock
### and release_sock are calls) or from the section around the call
lf report data/serial --format json --assume-complete
json "serialized: lock_sock() taken two calls up, released after the call -> spinlock, never rcu" \
	'locks["struct sk::calls"]["verdict"] == "spinlock" and locks["struct sk::calls"]["reasons"][0] == "lock_sock() is held at every read site (net/sk/find.c:10 (send_msg() takes lock_sock() before, calling do_send(), calling find_call())): the readers never overlap, so the shared read side buys nothing: a spinlock_t is a cleanup here (no reader count, no reader/writer unfairness on PREEMPT_RT), not a speedup"'
json "serialized: the caller's section of struct sk::sk around the call -> spinlock" \
	'locks["struct sk::newer"]["verdict"] == "spinlock" and locks["struct sk::newer"]["reasons"][0].startswith("struct sk::sk is held at every read site (net/sk/find.c:50 (new_msg() holds struct sk::sk (lock_sock at net/sk/send.c:70), calling find_new()))")'
# not serialised: no spinlock; and not rcu either (a hot process-context
# reader whose writers are not known cold: data/hotproc)
json "serialized: a release_sock() before the call -> not serialised (keep)" \
	'locks["struct sk::other"]["verdict"] == "keep"'
json "serialized: a reader that is an entry point of its own -> callers unknown, not serialised (keep)" \
	'locks["struct sk::exp"]["verdict"] == "keep"'
lf explain 'struct sk::other' data/serial --assume-complete
grep -qF '[FAIL] serialized readers: no exclusive lock shown held at the read site net/sk/find.c:30 (find_other)' "$work/out" &&
	pass "serialized: explain names the read site no lock is shown held at" ||
	fail "serialized: explain names the read site" "$(grep serial "$work/out")"
lf explain 'struct sk::fill' data/serial --assume-complete
grep -qF '[FAIL] serialized readers: the read section at net/sk/find.c:90 is still held where fill_blk() returns: what was held where it started may be gone' "$work/out" &&
	pass "serialized: a read section that outlives the caller's section -> not serialised" ||
	fail "serialized: a read section that outlives the caller's section" "$(grep serial "$work/out")"

### the rcu rule as upstream applies it: data/lookup, walks user space
### triggers, writers registration and teardown by their names
lf report data/lookup --format json --assume-complete
json "lookup: walks a system call triggers, 5 writers exported as registration and teardown -> rcu, not a cold spinlock" \
	'locks["fs/fsys.c:fs_lock"]["verdict"] == "rcu" and locks["fs/fsys.c:fs_lock"]["reasons"][0].startswith("convert the readers to RCU and the writers to spinlock_t: a read-mostly lookup user space queries at will, walked at fs/fsys.c:10 fs_index() read_lock (a walk user space triggers: cold: SYSCALL_DEFINE __do_sys_sysfs, 1 call down)") and "fs/fsys.c:60 unregister_fs() [cold: EXPORT_SYMBOL teardown unregister_fs]" not in locks["fs/fsys.c:fs_lock"]["reasons"][0] and "and 2 more)" in locks["fs/fsys.c:fs_lock"]["reasons"][0]'
json "lookup: an exported writer, registration by its name -> cold, in the site context" \
	'[s["context"]["entry"] for s in locks["fs/fsys.c:fs_lock"]["sites"] if s["function"] == "unregister_fs"] == ["EXPORT_SYMBOL teardown", "EXPORT_SYMBOL teardown"]'
json "lookup: walked only by a seq_file dump -> rare readers, spinlock" \
	'locks["fs/fsys.c:dump_lock"]["verdict"] == "spinlock"'
lf explain fs/fsys.c:poke_lock data/lookup --assume-complete
grep -qF '[FAIL] rcu: walks user space triggers (fs/fsys.c:210 fs_index() read_lock (a walk user space triggers: cold: SYSCALL_DEFINE __do_sys_sysfs, 1 call down)), but not every write site is known to be registration, teardown or configuration (rules/entrypoints.tbl config and role rows)' "$work/out" &&
	pass "lookup: a writer exported under a name that says nothing -> no rcu, saying why" ||
	fail "lookup: exported writer of unknown temperature" "$(grep 'rcu:' "$work/out")"

### rcu in two steps: data/twostep, a hot bh lookup that creates what it
### missed, a dump and a for_each helper left, writers not known cold
lf report data/twostep --format json --assume-complete
json "two steps: hot bh readers to RCU first, then a spinlock_t for the readers left, naming the unknown one" \
	'locks["struct tbl::lock"]["verdict"] == "rcu" and locks["struct tbl::lock"]["reasons"][0] == "two steps: first move the hot readers to RCU, the writers staying under the lock (net/core/tbl.c:10 tbl_lookup() (hot: packet_type.func tbl_rcv, 1 call down)): long read sections that run hot, where an rwlock\x27s shared read side bounces between CPUs" and locks["struct tbl::lock"]["reasons"][1] == "then the lock a spinlock_t: the 2 readers left (net/core/tbl.c:30 tbl_seq_show() (cold: seq_operations.show tbl_seq_show), net/core/tbl.c:40 tbl_for_each() (unknown)) are not hot, so a shared read side buys nothing; 1 of them of unknown temperature: a lock_stat of the remaining read acquisitions would show whether they are rare" and locks["struct tbl::lock"]["reasons"][2].startswith("not one step: long read sections in bh, irq or hot context")'
json "two steps: a hot writer outside the lookup -> keep" \
	'locks["struct tbl::es"]["verdict"] == "keep"'
json "two steps: the finding says both steps" \
	'[f["message"] for f in j["findings"] if f["lock"] == "struct tbl::lock"][0] == "rwlock_t \x27struct tbl::lock\x27 has long hot readers in bh or irq context and readers that are not hot: move the hot readers to RCU, then make it a spinlock_t; here read_lock_bh (bh, hot: packet_type.func tbl_rcv, 1 call down)"'
lf patch data/twostep --assume-complete --lock 'struct tbl::lock' --out "$work/tw-patch"
grep -qF 'struct tbl::lock (rwlock_t): verdict rcu: no rewrite' "$work/out" &&
	pass "two steps: no automatic patch (which readers move first is a reviewer's)" ||
	fail "two steps: no automatic patch" "status $rc: $(head -3 "$work/out") $(head -3 "$work/err")"

### rcu where upstream applies it: data/hotproc, hot process-context
### readers (a page fault) and a hot reader that returns holding the lock
lf report data/hotproc --format json --assume-complete
json "hotproc: a lookup the page fault walks, written from a system call -> keep, not rcu (few writers are not enough there)" \
	'locks["struct pol::lock"]["verdict"] == "keep" and any(r.startswith("not rcu: long read sections in hot process context (mm/pol.c:10 pol_lookup() read_lock (hot: vm_operations_struct.fault pol_fault, 1 call down)), none in bh or irq context, and not every write site is known to be registration, teardown or configuration") for r in locks["struct pol::lock"]["reasons"])'
json "hotproc: the same walk, written at registration and teardown -> rcu" \
	'locks["struct pol::reg"]["verdict"] == "rcu"'
json "hotproc: a hot reader returning with the lock held (zs_map_object) -> keep, neither rcu nor spinlock" \
	'locks["struct zs::lock"]["verdict"] == "keep" and any(r.endswith("but mm/pol.c:210 zs_map() still held where the function returns: the readers hold the lock across their callers\x27 work, which the writers exclude") for r in locks["struct zs::lock"]["reasons"])'

### not rcu: data/notrcu, walks whose evidence is not upstream's
lf report data/notrcu --format json --assume-complete
json "notrcu: hot readers that drop the lock inside their walk and take it again (search_binary_handler) -> keep, not rcu" \
	'locks["fs/bf.c:bf_lock"]["verdict"] == "keep" and "not rcu: long read sections in bh, irq or hot context (fs/bf.c:10 search_bf() read_lock (hot: bprm_execve, 1 call down), fs/bf.c:18 search_bf() read_lock (hot: bprm_execve, 1 call down)), but the readers drop the lock inside their walk (fs/bf.c:10 search_bf() takes it again at line 18): each hold covers one step, the work between holds runs unlocked, and an RCU walk could not resume there without a reference" in locks["fs/bf.c:bf_lock"]["reasons"]'
json "notrcu: the same hot walk held to its end, writers registration and teardown -> rcu" \
	'locks["fs/bf.c:walk_lock"]["verdict"] == "rcu"'
json "notrcu: irq readers, 2 write sites a hot file write reaches -> keep: few sites do not show the writers rare" \
	'locks["struct fa::lock"]["verdict"] == "keep" and "not rcu: long read sections in bh, irq or hot context (fs/fa.c:10 kill_fa() read_lock_irqsave (irq)), but 2 write sites, 2 of them reached from a hot entry (fs/fa.c:30 fa_remove() [hot: file_operations.write_iter fa_write_iter, 1 call down], fs/fa.c:40 fa_insert() [hot: file_operations.write_iter fa_write_iter, 1 call down]): few write sites do not show the writers rare" in locks["struct fa::lock"]["reasons"]'
json "notrcu: the same readers, one writer from an ioctl (cold) -> rcu" \
	'locks["struct fb::lock"]["verdict"] == "rcu"'
### cleanups (issue 29 rule 6): data/notrcu's dump_lock, 3 cold read sites
### (a seq_file show), ranks after every other lock and finding
json "cleanup: cold readers -> spinlock flagged cleanup, ranked after the conversions though it has the most read sites" \
	'locks["fs/bf.c:dump_lock"]["verdict"] == "spinlock" and locks["fs/bf.c:dump_lock"]["cleanup"] is True and locks["fs/bf.c:walk_lock"]["cleanup"] is False and [l["lock"] for l in j["locks"]][-1] == "fs/bf.c:dump_lock"'
json "cleanup: its findings come last, saying it is a cleanup" \
	'[f["lock"] for f in j["findings"]] == ["fs/bf.c:walk_lock", "struct fb::lock", "fs/bf.c:dump_lock", "fs/bf.c:dump_lock", "fs/bf.c:dump_lock"] and j["findings"][2]["message"] == "rwlock_t \x27fs/bf.c:dump_lock\x27 is read only from cold entries: a spinlock_t is a cleanup, not a speedup; here read_lock -> spin_lock"'
lf report data/notrcu --assume-complete
grep -qxF 'locks: 5 (spinlock 1 (1 cleanup), percpu_rwsem 0, rcu 2, unsafe 0, keep 2, unknown 0)' "$work/out" &&
	grep -qxF 'fs/bf.c:dump_lock (rwlock_t, static): spinlock (a cleanup, not a speedup)' "$work/out" &&
	[ "$(grep -E '^[^ ].* \((rwlock_t|rw_semaphore), [a-z]+\): ' "$work/out" | tail -n 1 | cut -d' ' -f1)" = fs/bf.c:dump_lock ] &&
	pass "cleanup: the text header counts it, its block is last and says so" ||
	fail "cleanup: text" "$(grep -E '^locks:|dump_lock \(' "$work/out")"
lf report data/notrcu --assume-complete --format sarif
python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["runs"][0]["results"]
ok = [x.get("properties") for x in r] == [None, None, {"cleanup": True}, {"cleanup": True}, {"cleanup": True}]
sys.exit(0 if ok else 1)' "$work/out" &&
	pass "cleanup: SARIF results last, with the cleanup property" ||
	fail "cleanup: SARIF" "$(head -c 300 "$work/out")"

### percpu_rw_semaphore by what the readers do (issue 29 rule 2), not by a
### ratio of site counts: data/percpu, one read site and one writer each
lf report data/percpu --format json --assume-complete
json "percpu: a long reader a /proc file's read repeats, its writer reached from open -> percpu_rwsem with 1 read site" \
	'locks["fs/kc.c:kc_lock"]["verdict"] == "percpu_rwsem" and "readers user space repeats at will, long, sleeping or hot by the profile: fs/kc.c:10 kc_read() (hot: proc_ops.proc_read_iter kc_read; a loop, cost 300)" in locks["fs/kc.c:kc_lock"]["reasons"] and [s["needs"] for s in locks["fs/kc.c:kc_lock"]["sites"]] == ["percpu_down_read", "percpu_down_write"]'
json "percpu: a short reader a file read repeats, which sleeps -> percpu_rwsem" \
	'locks["fs/kc.c:nap_lock"]["verdict"] == "percpu_rwsem" and "readers user space repeats at will, long, sleeping or hot by the profile: fs/kc.c:140 nap_read() (hot: file_operations.read_iter nap_read; sleeps: __cond_resched() at line 142)" in locks["fs/kc.c:nap_lock"]["reasons"]'
json "percpu: long readers no entry reaches, a hot sendmsg reader not shown long -> keep, naming both" \
	'locks["fs/kc.c:off_lock"]["verdict"] == "keep" and locks["fs/kc.c:off_lock"]["reasons"][0] == "not a percpu_rw_semaphore: no long or sleeping read section is shown to run where user space repeats it (a hot entry of a user row of rules/entrypoints.tbl, or hot by --profile); long or sleeping readers only elsewhere: fs/kc.c:60 tls_set_offload() (unknown; cost 260+ >= percpu_min_read_cost 200); readers user space repeats, but none shown long or sleeping: fs/kc.c:70 off_resync() (hot: proto.sendmsg off_sendmsg, 1 call down): a per-CPU read side would not pay for a writer that waits for a grace period"'
json "percpu: a long walk no entry reaches, writers an exported registration -> keep (evidence incomplete)" \
	'locks["fs/kc.c:reg_lock"]["verdict"] == "keep" and "long or sleeping readers only elsewhere: fs/kc.c:100 reg_bind() (unknown; a loop, cost 54+)" in locks["fs/kc.c:reg_lock"]["reasons"][0]'
json "percpu: kc_lock's reader, but a file write takes it for write -> keep" \
	'locks["fs/kc.c:hw_lock"]["verdict"] == "keep" and locks["fs/kc.c:hw_lock"]["reasons"][0].startswith("not a percpu_rw_semaphore: 1 write site, 1 of them reached from a hot entry")'
printf 'bash;do_syscall_64;off_sendmsg;off_resync 50\nbash;do_syscall_64;schedule 50\n' > "$work/percpu.folded"
lf report data/percpu --format json --assume-complete --profile "$work/percpu.folded"
json "percpu: the profile shows the sendmsg reader hot -> percpu_rwsem" \
	'locks["fs/kc.c:off_lock"]["verdict"] == "percpu_rwsem" and any(r.startswith("readers user space repeats at will, long, sleeping or hot by the profile: fs/kc.c:70 off_resync() (hot: profile 50.00%)") for r in locks["fs/kc.c:off_lock"]["reasons"])'
