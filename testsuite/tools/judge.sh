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
json "serialized: a release_sock() before the call -> not serialised (rcu)" \
	'locks["struct sk::other"]["verdict"] == "rcu"'
json "serialized: a reader that is an entry point of its own -> callers unknown, not serialised" \
	'locks["struct sk::exp"]["verdict"] == "rcu"'
lf explain 'struct sk::other' data/serial --assume-complete
grep -qF '[FAIL] serialized readers: no exclusive lock shown held at the read site net/sk/find.c:30 (find_other)' "$work/out" &&
	pass "serialized: explain names the read site no lock is shown held at" ||
	fail "serialized: explain names the read site" "$(grep serial "$work/out")"
lf explain 'struct sk::fill' data/serial --assume-complete
grep -qF '[FAIL] serialized readers: the read section at net/sk/find.c:90 is still held where fill_blk() returns: what was held where it started may be gone' "$work/out" &&
	pass "serialized: a read section that outlives the caller's section -> not serialised" ||
	fail "serialized: a read section that outlives the caller's section" "$(grep serial "$work/out")"
