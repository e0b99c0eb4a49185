# testsuite/tools/bitlocks.sh - the bit lock tests of testsuite/tools/run:
# sleeping bit locks, wrappers, open-coded, trylock, nested, layouts,
# static hotness and profiles.  Sourced by run (its lib.sh, its counters),
# never run alone.

### sleeping bit locks: a waiter that sleeps is no bit spinlock

lf report data/bitsleep
same "bitsleep: report text" report-bitsleep.txt "$work/out"
lf report data/bitsleep --format json
json "bitsleep: wait_on_bit in the retry loop -> sleeping, not hot, no spinlock_t" \
	'not bl["struct gt_reset::flags bit RESET_ENGINE + id"]["hot"] and bl["struct gt_reset::flags bit RESET_ENGINE + id"]["fix"] == "none" and bl["struct gt_reset::flags bit RESET_ENGINE + id"]["sleeps"].startswith("its retry loop at drivers/gpu/reset.c:1407 waits in wait_on_bit()") and "spinlock_t in" not in bl["struct gt_reset::flags bit RESET_ENGINE + id"]["proposal"]'
json "bitsleep: the same loop spinning on cpu_relax() stays a hot bit spinlock" \
	'bl["struct gt_reset::flags bit RESET_STAT"]["hot"] and bl["struct gt_reset::flags bit RESET_STAT"]["sleeps"] is None and [f["lock"] for f in j["findings"]] == ["struct gt_reset::flags bit RESET_STAT"]'
# issue 30: taken by wait_on_bit_lock() (7.2's zram_slot_lock(), a
# wrapper: its section inside it counts), released by
# clear_and_wake_up_bit() (i915's engine bits): what the wait does, or
# what the release wakes, makes it sleeping; clear_bit_unlock() alone not
lf report data/bitwait --format json
json "bitwait: wait_on_bit_lock() in its wrapper -> sleeping bit lock, never a spinlock_t" \
	'bl["struct zram_table_entry::flags bit ZRAM_ENTRY_LOCK"]["sleeps"].startswith("it is taken at drivers/block/zram.c:60 by wait_on_bit_lock(), which sleeps (include/linux/wait_bit.h") and not bl["struct zram_table_entry::flags bit ZRAM_ENTRY_LOCK"]["hot"] and bl["struct zram_table_entry::flags bit ZRAM_ENTRY_LOCK"]["fix"] == "none"'
json "bitwait: released by clear_and_wake_up_bit() alone -> sleeping (it wakes wait_on_bit_lock())" \
	'bl["struct intel_reset::flags bit bit"]["sleeps"] == "it is released at drivers/gpu/execlists.c:2410 by clear_and_wake_up_bit(), which wakes the sleepers of wait_on_bit_lock() (include/linux/wait_bit.h: sleeps until it sets the bit itself)" and bl["struct intel_reset::flags bit OTHER"]["sleeps"] is None'
# 7.2's __wait_on_bit_lock() (kernel/sched/wait_bit.c:103), the sleeping
# bit lock's own body: its retry loop queues itself on a wait queue
WB='*struct wait_bit_key::flags bit wbq_entry->key.bit_nr'
json "bitwait: a retry loop that calls prepare_to_wait_exclusive() -> sleeping, no spinlock_t" \
	'bl["'"$WB"'"]["sleeps"].startswith("its retry loop at kernel/sched/wait_bit.c:103 waits in prepare_to_wait_exclusive() (kernel/sched/wait.c") and not bl["'"$WB"'"]["hot"] and bl["'"$WB"'"]["fix"] == "none"'
# no tree: a lock without a patch needs none
lf patch data/bitsleep --out "$work/bspatch" --lock "struct gt_reset::flags bit RESET_ENGINE + id"
if grep -q '^struct gt_reset::flags bit RESET_ENGINE + id (bit spinlock): not hot (a sleeping bit lock, not a bit spinlock: its retry loop' "$work/out"; then
	pass "bitsleep: lockfit patch proposes nothing for a sleeping bit lock"
else
	fail "bitsleep: lockfit patch proposes nothing for a sleeping bit lock" "status $rc: $(head -3 "$work/out" | tr '\n' '|')"
fi

### bit spinlocks: wrappers, open-coded, trylock, nested; layouts; static
### hotness and profiles (data/bitlock)

HL='struct hlist_bl_head::first bit 0'
lf report data/bitlock
same "bitlock: report text (static hotness)" report-bitlock.txt "$work/out"
lf report data/bitlock --format json
json "bitlock: static ranking, hottest first" \
	'[l["lock"] for l in j["bit_spinlocks"]] == ["struct zr_entry::flags bit ZR_LOCK", "mm/pg.c:busy_word bit 3", "struct hlist_bl_head::first bit 0", "local:pg_local:w", "struct rhash_lock_head * bit 0", "struct pgdesc::flags bit PG_locked", "struct qq::word bit 1"]'
json "bitlock: a local identity is ranked but never hot" \
	'not bl["local:pg_local:w"]["hot"] and bl["local:pg_local:w"]["hotness"] == 20 and bl["local:pg_local:w"]["hot_why"].endswith("but a local identity cannot be compared across files: no finding")'
json "bitlock: sections inside lock wrappers left out" \
	'[l["in_wrappers"] for l in j["bit_spinlocks"]] == [2, 0, 1, 0, 0, 0, 0] and not any(s["function"].endswith(("zr_slot_lock", "zr_slot_trylock", "hl_lock")) for l in j["bit_spinlocks"] for s in l["sites"])'
json "bitlock: through wrappers, open-coded and trylock sites" \
	'[(s["function"], s["api"], s["try"]) for s in bl["struct zr_entry::flags bit ZR_LOCK"]["sites"]] == [("drivers/blk/zr.c:zr_write", "bit_spin_lock", False), ("drivers/blk/zr.c:zr_read", "zr_slot_lock", False), ("drivers/blk/zr.c:zr_free_notify", "zr_slot_trylock", True)]'
json "bitlock: nested acquisition: both sections are sites" \
	'[s["line"] for s in bl["'"$HL"'"]["sites"] if s["function"] == "hash_move"] == [90, 92]'
json "bitlock: static score from loops and hot entry points" \
	'[(s["hotness"], s["entry"], s["entry_calls"]) for s in bl["struct zr_entry::flags bit ZR_LOCK"]["sites"]] == [(30, "submit_bio", 2), (20, "submit_bio", 2), (0, None, None)] and bl["mm/pg.c:busy_word bit 3"]["sites"][0]["why"] == "static 30: loop depth 3; not within 3 calls of a hot entry point"'
json "bitlock: layout with a hole -> embedded, size stays" \
	'bl["struct pgdesc::flags bit PG_locked"]["fix"] == "hole" and bl["struct pgdesc::flags bit PG_locked"]["proposal"] == "embed a spinlock_t in struct pgdesc: fits at offset 56, size stays 64"'
json "bitlock: layout that grows, not in bitlocks.tbl -> embedded, size grows" \
	'bl["struct zr_entry::flags bit ZR_LOCK"]["fix"] == "grow" and bl["struct zr_entry::flags bit ZR_LOCK"]["proposal"] == "embed a spinlock_t in struct zr_entry: size 16 -> 24 (+8 bytes per object)"'
json "bitlock: must not grow (bitlocks.tbl) -> hashed array" \
	'bl["'"$HL"'"]["fix"] == "hash" and bl["'"$HL"'"]["proposal"] == "use a hashed array of spinlock_t keyed by the object'\''s address, e.g. 256 x 4 bytes" and bl["'"$HL"'"]["nogrow"].startswith("a hash-table bucket head") and bl["struct rhash_lock_head * bit 0"]["nogrow"] is not None'
json "bitlock: no layout, or no spinlock_t size -> hashed array, 4 on x86_64" \
	'all(bl[k]["fix"] == "hash" and bl[k]["proposal"].endswith("e.g. 256 x 4 bytes (4 on x86_64 without lockdep)") for k in ("mm/pg.c:busy_word bit 3", "struct qq::word bit 1")) and bl["mm/pg.c:busy_word bit 3"]["layout"] is None'
json "bitlock: hold cost" \
	'(bl["'"$HL"'"]["max_cost"], bl["'"$HL"'"]["median_cost"], bl["'"$HL"'"]["loops"], bl["'"$HL"'"]["calls"], bl["'"$HL"'"]["unknown_length"]) == (60, 25, 1, 2, 1)'
json "bitlock: findings of hot locks only, in rank order" \
	'[(f["file"], f["line"]) for f in j["findings"]] == [("drivers/blk/zr.c", 230), ("drivers/blk/zr.c", 200), ("drivers/blk/zr.c", 260), ("mm/pg.c", 80), ("fs/hash.c", 50), ("fs/hash.c", 70), ("fs/hash.c", 30), ("fs/hash.c", 90), ("fs/hash.c", 92)] and {f["check"] for f in j["findings"]} == {"bit-spinlock-hot"}'
lf report data/bitlock --format sarif
sarif "bitlock: sarif valid, results in rank order" '
assert [r["locations"][0]["physicalLocation"]["region"]["startLine"] for r in run["results"]] == [230, 200, 260, 80, 50, 70, 30, 90, 92]
assert run["results"][0]["ruleIndex"] == 4
'
lf explain "$HL" data/bitlock
same "bitlock: explain a bit lock" explain-bitlock.txt "$work/out"

lf report data/bitlock --profile profiles/bitlock-readprofile.txt
same "bitlock: readprofile ranks by samples" report-bitlock-readprofile.txt "$work/out"
lf report data/bitlock --profile profiles/bitlock-readprofile.txt --format json
json "bitlock: readprofile order and threshold (1.00% is hot)" \
	'[l["lock"] for l in j["bit_spinlocks"]][:4] == ["'"$HL"'", "struct pgdesc::flags bit PG_locked", "struct zr_entry::flags bit ZR_LOCK", "struct rhash_lock_head * bit 0"] and bl["struct rhash_lock_head * bit 0"]["hot"] and not bl["mm/pg.c:busy_word bit 3"]["hot"] and bl["'"$HL"'"]["sites"][0]["why"] == "samples 5000 (50.0%)"'
lf report data/bitlock --profile profiles/bitlock-perf.txt --format json
json "bitlock: perf order; 0.70% is not hot" \
	'[l["lock"] for l in j["bit_spinlocks"]][:3] == ["struct rhash_lock_head * bit 0", "struct zr_entry::flags bit ZR_LOCK", "'"$HL"'"] and not bl["'"$HL"'"]["hot"] and [(f["file"], f["line"]) for f in j["findings"]] == [("lib/rh.c", 610), ("drivers/blk/zr.c", 230), ("drivers/blk/zr.c", 200), ("drivers/blk/zr.c", 260)]'
lf report data/bitlock --profile profiles/bitlock-folded.txt --format json
json "bitlock: folded order" \
	'[l["lock"] for l in j["bit_spinlocks"]][:3] == ["mm/pg.c:busy_word bit 3", "struct zr_entry::flags bit ZR_LOCK", "'"$HL"'"] and [f["line"] for f in j["findings"]][:2] == [80, 200]'
lf report data/bitlock --check bit-spinlock-hot --format json
json "bitlock: --check bit-spinlock-hot" 'len(j["findings"]) == 9'

cp ../../rules/*.tbl "$work/rules/"
sed -i 's/^bitlock_hot_score .*/bitlock_hot_score 31/' "$work/rules/thresholds.tbl"
LOCKFIT_RULES=$work/rules lf report data/bitlock --format json
json "bitlock: bitlock_hot_score read at run time" \
	'j["findings"] == [] and j["bit_spinlocks"][0]["hot_why"] == "static score 30 < bitlock_hot_score 31"'
echo 'struct zr_entry | test: must not grow' >>"$work/rules/bitlocks.tbl"
LOCKFIT_RULES=$work/rules lf report data/bitlock --format json
json "bitlock: bitlocks.tbl read at run time" \
	'bl["struct zr_entry::flags bit ZR_LOCK"]["fix"] == "hash"'
echo 'struct page without a reason' >>"$work/rules/bitlocks.tbl"
LOCKFIT_RULES=$work/rules lf report data/bitlock
status "bitlock: bad bitlocks.tbl row -> exit 2 naming file:line" 2 "bitlocks.tbl:$(wc -l <"$work/rules/bitlocks.tbl"): expected 'struct NAME | reason'"
rm "$work/rules/hotpaths.tbl"
LOCKFIT_RULES=$work/rules lf report data/bitlock
status "bitlock: missing hotpaths.tbl -> exit 2" 2 "hotpaths.tbl"
