# shellcheck shell=bash
# kver.sh - the kernel version a real-kernel suite runs on; source it
# (after set -u) before anything reads the tree.  Takes "--kver VER" out
# of the positional parameters (the others stay, in order), else
# $LOCKFIT_KVER, else 6.1; exports LOCKFIT_KVER, so scripts/kernel-tree.sh
# and kernel-compile.sh use that version's tree.  Sets kver and kexp (the
# version's expectations, testsuite/kernel/expect/VER).
#
#   expect SUITE KEY     the values of the rows "SUITE KEY VALUE" (one a line)
#   expect1 SUITE KEY    the one such value; none or several: exit 2
#   kver_skip SUITE      if the version has a row "SUITE skip REASON": print
#                        "SKIP: ..." with it and exit 0 (a skip, not a pass)

kver=${LOCKFIT_KVER:-6.1}
_kv_args=()
while [ $# -gt 0 ]; do
	case $1 in
	--kver)
		[ $# -ge 2 ] || { echo "$0: --kver needs a version (6.1, 6.12 or 7.2)" >&2; exit 2; }
		kver=$2; shift ;;
	--kver=*) kver=${1#--kver=} ;;
	*) _kv_args+=("$1") ;;
	esac
	shift
done
set -- "${_kv_args[@]+"${_kv_args[@]}"}"
unset _kv_args
case $kver in 6.1 | 6.12 | 7.2) ;; *)
	echo "$0: unsupported kernel version '$kver' (6.1, 6.12 or 7.2)" >&2; exit 2 ;;
esac
export LOCKFIT_KVER=$kver
kexp=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/expect/$kver
[ -r "$kexp" ] || { echo "$0: no expectations for Linux $kver: $kexp" >&2; exit 2; }

expect() {
	awk -v s="$1" -v k="$2" '$1 == s && $2 == k { sub(/^[^ \t]+[ \t]+[^ \t]+[ \t]*/, ""); print }' "$kexp"
}
expect1() {
	local n
	n=$(awk -v s="$1" -v k="$2" '$1 == s && $2 == k' "$kexp" | wc -l)
	if [ "$n" != 1 ]; then
		echo "$0: $kexp: want one row '$1 $2 VALUE', found $n" >&2
		exit 2
	fi
	expect "$1" "$2"
}
kver_skip() {
	local why
	why=$(expect "$1" skip)
	[ -n "$why" ] || return 0
	echo "SKIP: $1 on Linux $kver: $why"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
}
