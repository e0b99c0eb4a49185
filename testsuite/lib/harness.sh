# shellcheck shell=bash
# testsuite/lib/harness.sh - the assertions every shell suite shares:
# sourced, never run.  testsuite/run runs the suites and sums them up.
#
#   pass NAME              one "PASS: NAME" line, counted
#   fail NAME [WHY...]     one "FAIL: NAME: WHY" line, counted
#   skip NAME [WHY...]     one "SKIP: NAME: WHY" line, counted
#   finish                 "N passed, N failed[, N skipped]"; exit 1 on any failure
#   need TOOL...           a missing TOOL is a SKIP of the whole suite, and a
#                          FAIL under CI=true (CI must not pass untested); finishes
#   golden NAME EXPECTED ACTUAL
#                          ACTUAL byte for byte as the golden file EXPECTED;
#                          LOCKFIT_UPDATE=1 rewrites EXPECTED instead
#
# LOCKFIT_ONLY=TEXT (testsuite/run SUITE/TEXT): only the assertions whose
# line contains TEXT are printed and counted; the suite still runs whole.
#
# pass and fail return 0, so "cond && pass A || fail A WHY" runs one of them.

npass=0 nfail=0 nskip=0

_lf_wanted() { [ -z "${LOCKFIT_ONLY:-}" ] || [[ $1 == *"$LOCKFIT_ONLY"* ]]; }

# _lf_line NAME [WHY...]: "NAME" or "NAME: WHY"
_lf_line() {
	local name=$1
	shift
	if [ $# = 0 ]; then printf '%s' "$name"; else printf '%s: %s' "$name" "$*"; fi
}

pass() {
	_lf_wanted "$*" || return 0
	echo "PASS: $*"
	npass=$((npass + 1))
	return 0
}

# _lf_report KIND NAME [DETAIL...]: print one counted line; false if
# LOCKFIT_ONLY leaves it out.
_lf_report() {
	local kind=$1 line
	shift
	line=$(_lf_line "$@")
	_lf_wanted "$line" || return 1
	echo "$kind: $line"
}

fail() {
	_lf_report FAIL "$@" && nfail=$((nfail + 1))
	return 0
}

skip() {
	_lf_report SKIP "$@" && nskip=$((nskip + 1))
	return 0
}

finish() {
	if [ "$nskip" = 0 ]; then echo "$npass passed, $nfail failed"
	else echo "$npass passed, $nfail failed, $nskip skipped"; fi
	[ "$nfail" = 0 ] || exit 1
	exit 0
}

need() {
	local t
	for t; do
		command -v "$t" >/dev/null && continue
		if [ "${CI:-}" = true ]; then fail "$t is not installed (scripts/install-deps.sh)"
		else skip "$t is not installed (scripts/install-deps.sh)"; fi
		finish
	done
}

golden() {
	local name=$1 want=$2 got=$3
	if [ ! -f "$got" ]; then
		fail "$name" "not written: $got"
	elif [ "${LOCKFIT_UPDATE:-}" = 1 ]; then
		mkdir -p "$(dirname "$want")"
		cp "$got" "$want"
		pass "$name (${want#"${top:-$PWD}/"} updated)"
	elif cmp -s "$want" "$got"; then
		pass "$name"
	else
		fail "$name" "differs from ${want#"${top:-$PWD}/"} (LOCKFIT_UPDATE=1 rewrites it)"
		_lf_wanted "$name" && diff -u "$want" "$got" 2>&1 | head -n 40 | sed 's/^/#   /'
	fi
	return 0
}
