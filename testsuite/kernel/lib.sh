# shellcheck shell=bash disable=SC2016,SC2086,SC2013,SC2012 # jq/awk programs in single quotes; word lists split on purpose
# lib.sh - helpers shared by testsuite/kernel/{smoke,full,bench}; source it
# after 'set -eu'.  Sets: kver, kexp and the rest of kver.sh (the kernel
# version: --kver VER taken out of the script's arguments, or LOCKFIT_KVER),
# top (repo), plugin, tree (that version's kernel tree, made ready by
# scripts/kernel-tree.sh), tmp (scratch dir, removed on exit; kept if
# LOCKFIT_KEEP=1).  Output: one "PASS: ..."/"FAIL: ..." line per assertion,
# "# ..." for information, and finish() prints "N passed, N failed".

# shellcheck source=testsuite/kernel/kver.sh
. "$(dirname "${BASH_SOURCE[0]}")/kver.sh"
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
plugin=${LOCKFIT_PLUGIN:-$top/plugin/lockfit.so}

# shellcheck source=testsuite/lib/harness.sh
. "$top/testsuite/lib/harness.sh"
# check DESC CMD...: one assertion, passing iff CMD succeeds; sets ok=1/0
# (returns 0 either way, so set -e does not stop the test on a FAIL)
check() { local d=$1; shift; if "$@"; then ok=1; pass "$d"; else ok=0; fail "$d"; fi; }
jqe() { jq -e "$@" >/dev/null; }
not() { ! "$@"; }
info() { echo "# $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/lockfit-kernel.XXXXXX")
if [ "${LOCKFIT_KEEP:-0}" = 1 ]; then info "scratch dir kept: $tmp"
else trap 'rm -rf "$tmp"' EXIT; fi

# The tree (idempotent; long only the first time).  Without it nothing can run.
if ! tree=$("$top/scripts/kernel-tree.sh" --print-dir); then
	fail "kernel tree ready (scripts/kernel-tree.sh)"; finish
fi
check "plugin built: $plugin" test -f "$plugin"; [ "$ok" = 1 ] || finish
# Use a snapshot, so a rebuild of the plugin during the run cannot break it
# (the name stays lockfit.so: gcc derives -fplugin-arg-NAME- from it).
cp "$plugin" "$tmp/$(basename "$plugin")"; plugin=$tmp/$(basename "$plugin")

# shellcheck source=testsuite/lfr-name.sh
. "$top/testsuite/lfr-name.sh"

# compile NAME JOBS OUT OBJ...: compile OBJs in the tree with the plugin writing
# into OUT; make's output goes to $tmp/NAME.out and .err.  Asserts make exit 0
# (CONFIG_WERROR=y makes any plugin warning fatal) and no ICE on stderr.
compile() {
	local name=$1 jobs=$2 out=$3 rc=0; shift 3
	"$top/scripts/kernel-compile.sh" --plugin "$plugin" --out "$out" --jobs "$jobs" -- "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" || rc=$?
	check "$name: make exits 0 (got $rc)" test "$rc" = 0
	[ "$ok" = 1 ] || tail -n 15 "$tmp/$name.err" | sed 's/^/#   /'
	check "$name: no 'internal compiler error' on stderr" \
		not grep -q 'internal compiler error' "$tmp/$name.err"
}

# compiled_lines SRC...: for each SRC (e.g. kernel/exit.c) write $tmp/SRC.lines,
# the numbers of SRC's lines that survive preprocessing with this config
# (non-blank in kbuild's SRC.i), so comments and #if'd-out code drop out.
compiled_lines() {
	local src objs='' rc=0
	for src; do objs="$objs ${src%.c}.i"; done
	"$top/scripts/kernel-compile.sh" --no-plugin --jobs 2 -- $objs >"$tmp/cpp.out" 2>&1 || rc=$?
	check "preprocess$objs (exit $rc)" test "$rc" = 0; [ "$ok" = 1 ] || return 0
	for src; do
		# line markers: # N "file" ...; every other .i line is line N, N+1, ...
		awk -v want="$src" '/^# [0-9]+ "/ { n = $2; f = $3; gsub(/"/, "", f); next }
			{ if (f == want && $0 ~ /[^ \t]/) print n; n++ }' \
			"$tree/${src%.c}.i" | sort -un >"$tmp/${src//\//__}.lines"
		rm -f "$tree/${src%.c}.i"
	done
}

# check_acquires OUT SRC TEXT LOCK MIN [JQ]: every compiled line of SRC that
# contains TEXT (grep -wF, so _raw_read_lock(...) does not match read_lock(...))
# must have a section record (file SRC, that line) of LOCK, mode read, an
# integer cost, at least one release, and the jq condition JQ if given.
# Needs compiled_lines SRC.  At least MIN lines must match: if the grep or the
# preprocessor filter broke, the test fails instead of checking nothing.
check_acquires() {
	local out=$1 src=$2 text=$3 lock=$4 min=$5 extra=${6:-true} l n=0
	for l in $(grep -nwF -- "$text" "$tree/$src" | cut -d: -f1); do
		if ! grep -qx "$l" "$tmp/${src//\//__}.lines"; then
			info "$src:$l: '$text' is not compiled in this config (comment or #if'd out); skipped"
			continue
		fi
		n=$((n + 1))
		check "$src:$l: read section of $lock (integer cost, >=1 release${6:+, $extra})" \
			jqe -s --arg f "$src" --argjson l "$l" --arg lock "$lock" \
			"any(.[]; .record == \"section\" and .file == \$f and .line == \$l and .lock == \$lock
			     and .mode == \"read\" and (.cost | type == \"number\" and . == floor)
			     and (.releases | length > 0) and ($extra))" "$out/$(lfr_name "$src")"
	done
	check "$src: >= $min compiled lines contain '$text' (found $n)" test "$n" -ge "$min"
}

# check_outdir OUT SRC...: OUT holds exactly the record files of SRCs, each
# line of each is a JSON object, each ends with a complete tu record for its
# SRC, and no *.tmp file is left behind.
check_outdir() {
	local out=$1 src f; shift
	check "$(basename "$out"): record files are exactly those of: $*" test \
		"$(cd "$out" && ls | sort)" = "$(for src; do lfr_name "$src"; done | sort)"
	for src; do
		f=$out/$(lfr_name "$src")
		check "$(lfr_name "$src"): every line is a JSON object" \
			jqe -nR '[inputs | fromjson | type == "object"] | all' "$f"
		check "$(lfr_name "$src"): last line is a complete tu record for $src" \
			sh -c 'tail -n 1 "$1" | jq -e --arg s "$2" ".record == \"tu\" and .tu == \$s and .complete == true" >/dev/null' \
			sh "$f" "$src"
	done
	check "$(basename "$out"): no *.tmp file left" test -z "$(find "$out" -name '*.tmp')"
}

# check_smoke_sections OUT: the acquire-site assertions of the smoke test
# (needs compiled_lines), one per row "smoke read SRC|TEXT|LOCK|MIN|EXTRA"
# of the version (testsuite/kernel/expect/VER; EXTRA a jq condition or
# empty): at least MIN compiled lines of SRC hold TEXT, each a read
# section of LOCK.
check_smoke_sections() {
	local out=$1 l src text lock min extra rows
	rows=$(expect smoke read)
	check "smoke: the version has 'smoke read' rows" test -n "$rows"
	while IFS='|' read -r src text lock min extra; do
		[ -n "$src" ] || continue
		check_acquires "$out" "$src" "$text" "$lock" "$min" "$extra"
	done <<<"$rows"
	# is_current_pgrp_orphaned walks the process group (do_each_pid_task in
	# the inlined will_become_orphaned_pgrp): its section must be loop=true
	l=$(awk '/^int is_current_pgrp_orphaned\(/ { f = 1 }
		f && /read_lock\(&tasklist_lock\)/ { print NR; exit }' "$tree/kernel/exit.c")
	check "kernel/exit.c:${l:-?}: is_current_pgrp_orphaned's tasklist_lock section has loop=true" \
		jqe -s --argjson l "${l:-null}" 'any(.[]; .record == "section" and .file == "kernel/exit.c"
			and .line == $l and .lock == "tasklist_lock" and .loop == true)' \
		"$out/kernel__exit.c.lfr"
}
