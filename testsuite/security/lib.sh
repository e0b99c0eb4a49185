# shellcheck shell=bash
# lib.sh - helpers for the security and robustness tests (issue 14); each
# test script in this directory sources it after 'set -u'.  Sets: top
# (repo), lockfit (tools/lockfit), tmp (scratch dir, removed on exit).
# Output: one "PASS: ..."/"FAIL: ..." line per assertion; finish() prints
# "N passed, N failed" and exits 1 on any failure.

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
lockfit=$top/tools/lockfit
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lockfit-security.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export LC_ALL=C
unset KCFLAGS LOCKFIT_PLUGIN

# shellcheck source=testsuite/lib/harness.sh
. "$top/testsuite/lib/harness.sh"

# lf ARGS...: run lockfit; stdout in $tmp/out, stderr in $tmp/err, status in $rc
lf() {
	"$lockfit" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
}

# status NAME WANT [TEXT-IN-STDERR]: the last lf's exit status, and a message
status() {
	if [ "$rc" != "$2" ]; then
		fail "$1: exit status $rc, want $2 ($(head -c 300 "$tmp/err" | tr '\n' '|'))"
	elif [ $# -ge 3 ] && ! grep -qF -- "$3" "$tmp/err"; then
		fail "$1: stderr lacks '$3': $(head -c 300 "$tmp/err" | tr '\n' '|')"
	else
		pass "$1"
	fi
}

[ -x "$lockfit" ] || { fail "tools/lockfit is not built (make)"; finish; }
