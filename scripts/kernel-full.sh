#!/bin/bash
# kernel-full.sh - lockfit's main job on a whole kernel: an x86_64
# defconfig build (plus the version's fragment and scripts/full-build.fragment:
# PPP/PPPoE, AF_RXRPC as a module) of Linux VER under `lockfit build`, in an
# O= directory of its own, then the census: rw locks by verdict, arch_spin
# sites by status, hot bit locks, objects read per kbuild list.
#
# usage: scripts/kernel-full.sh [--kver VER] [--jobs N] [--out DIR]
#   VER:  6.1, 6.12 or 7.2 (default $LOCKFIT_KVER, else 6.1)
#   DIR:  where the report, its JSON and the census go
#         (default build/kernel-full-VER)
# The O= directory is $LOCKFIT_CACHE/full-VER; a second run is incremental
# (kbuild rebuilds what changed, the report reads every object again).
# About 95 minutes at -j2 from nothing on these 2-core machines (1:34 for 6.1).
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
kver=${LOCKFIT_KVER:-6.1} jobs=$(nproc) out=

while [ $# -gt 0 ]; do
	case $1 in
	--kver) kver=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	-h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "kernel-full.sh: unknown argument $1 (try --help)" >&2; exit 2 ;;
	esac
done
case $jobs in '' | *[!0-9]* | 0) echo "kernel-full.sh: --jobs needs a positive integer" >&2; exit 2 ;; esac
out=${out:-$top/build/kernel-full-$kver}
cache=${LOCKFIT_CACHE:-$HOME/.cache/lockfit}

# The fragment: the version's own plus the whole-build additions.
mkdir -p "$out"
cat "$top/scripts/kernel-config-$kver.fragment" "$top/scripts/full-build.fragment" \
	> "$out/fragment"
read -r src obj < <(LOCKFIT_KVER=$kver "$top/scripts/kernel-tree.sh" --objtree \
	--objdir "$cache/full-$kver" --fragment "$out/fragment" | tail -n 1)

start=$(date +%s)
status=0
/usr/bin/time -f "%e %M" -o "$out/time" \
	"$top/tools/lockfit" build -- make -C "$src" O="$obj" -j"$jobs" \
	> "$out/report.txt" 2> "$out/build.log" || status=$?
end=$(date +%s)
tail -n 5 "$out/build.log"
[ $status -le 1 ] || { echo "kernel-full: lockfit build exited $status (log: $out/build.log)" >&2; exit $status; }

ice=$(grep -c 'internal compiler error' "$out/build.log" || true)
"$top/tools/lockfit" report "$obj" --format json > "$out/report.json"
{
	echo "kernel-full: Linux $kver x86_64 defconfig + fragment, -j$jobs: $((end - start)) s"
	echo "kernel-full: internal compiler errors: $ice"
	grep -E '^lockfit: .*: read [0-9]+ objects? from' "$out/build.log" || true
	jq -r '"kernel-full: units read: \(.summary.files)",
		"kernel-full: rw locks: \(.locks | length): " +
		(.locks | group_by(.verdict) | map("\(.[0].verdict) \(length)") | join(", ")),
		"kernel-full: arch_spin sites: \(.arch_spin | length): " +
		(.arch_spin | group_by(.status) | map("\(.[0].status) \(length)") | join(", ")),
		"kernel-full: bit locks: \(.bit_spinlocks | length), hot \([.bit_spinlocks[] | select(.hot)] | length)"' \
		"$out/report.json"
} | tee "$out/census.txt"
