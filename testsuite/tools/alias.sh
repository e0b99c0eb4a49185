# shellcheck shell=bash
# testsuite/tools/alias.sh - part of testsuite/tools/run (sourced: its
# helpers and $work, $root): locks reached through pointers.
### locks reached through pointers (issue 29): src/alias, the alias
### records join them to the lock they are assigned
if [ -f "$root/plugin/lockfit.so" ]; then
	lf build --out "$work/al/out" -- make -s -C src/alias OBJDIR="$work/al"
	status "alias: two units built with the plugin" 0
	lf report "$work/al/out" --format json --assume-complete
	json "alias: the write through ext4-like pa_node_lock.inode_lock is a site of the inode's lock, no lock of its own" \
		'[[s["file"], s["line"], s["mode"], s["via"]] for s in locks["struct inode_info::i_prealloc_lock"]["sites"]] == [["inode.c", 8, "read", None], ["pa.c", 11, "write", "*struct prealloc::pa_node_lock.inode_lock"]] and "*struct prealloc::pa_node_lock.inode_lock" not in locks'
	json "alias: a pointer no record assigns -> unknown, never only ever write-locked" \
		'locks["*struct orphan::olock"]["verdict"] == "unknown" and locks["*struct orphan::olock"]["reasons"] == ["\x27*struct orphan::olock\x27 is a lock reached through a pointer, and no record shows what it is assigned: it may be a lock these records take under another name (the units that assign it were not read?)"]'
	json "alias: a pointer assigned what no identity names -> unknown, saying where" \
		'locks["*struct picked::plock"]["verdict"] == "unknown" and locks["*struct picked::plock"]["reasons"] == ["\x27*struct picked::plock\x27 is a pointer assigned local:picked_set:_1 at pa.c:27 (picked_set), which names no lock comparable across files: the lock it points to is unknown"]'
	json "alias: an array of locks reached through a pointer is what the pointer is assigned -> the reason names the assignment" \
		'locks["*struct groups::locks[]"]["verdict"] == "unknown" and locks["*struct groups::locks[]"]["reasons"] == ["\x27*struct groups::locks[]\x27 is a pointer assigned local:groups_init:_1 at pa.c:39 (groups_init), which names no lock comparable across files: the lock it points to is unknown"]'
	lf report "$work/al/out" --format json --tree src/alias
	json "alias: a use through the pointer in a file not built -> the lock is unknown, naming it" \
		'locks["struct inode_info::i_prealloc_lock"]["verdict"] == "unknown" and locks["struct inode_info::i_prealloc_lock"]["reasons"][0] == "incomplete coverage: these records alone say spinlock, but 2 of its 7 uses in the tree (take, release, assert, address) are in 1 file whose records were not read" and locks["struct inode_info::i_prealloc_lock"]["reasons"][1].startswith("unseen: unbuilt.c")'
else
	fail "alias: two units built with the plugin" "plugin/lockfit.so not built (run make)"
fi
