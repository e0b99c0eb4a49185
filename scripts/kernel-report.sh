#!/bin/bash
# kernel-report.sh - lockfit's main job on a real kernel: build a fixed
# subset of Linux 6.1, 6.12 or 7.2 (the cached tree of kernel-tree.sh) under
# `lockfit build`, print the report and what it decided, then make and
# verify the rewrite patches (`lockfit patch`; the tree is not written).
#
# usage: scripts/kernel-report.sh [--kver VER] [--out DIR] [--jobs N] [DIR/...]
#   VER:            6.1, 6.12 or 7.2 (default: $LOCKFIT_KVER, else 6.1)
#   default subset: kernel/ mm/ fs/ net/core/ net/tls/ drivers/block/zram/
#                   (about 650 objects)
#   default out:    build/kernel-records-VER, its patches in DIR.patches
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
kver=${LOCKFIT_KVER:-6.1} out='' jobs=$(nproc) dirs=()

while [ $# -gt 0 ]; do
	case $1 in
	--kver) kver=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	-h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "kernel-report.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
	*) dirs+=("$1"); shift ;;
	esac
done
[ ${#dirs[@]} -gt 0 ] || dirs=(kernel/ mm/ fs/ net/core/ net/tls/ drivers/block/zram/)
out=${out:-$top/build/kernel-records-$kver}
tree=$("$top/scripts/kernel-tree.sh" --kver "$kver" --print-dir)

# Every object of the subset is compiled again, so every one writes its
# records (kbuild would skip objects whose command line did not change).
for d in "${dirs[@]}"; do
	find "$tree/$d" -name '*.o' -delete
done
rm -rf "$out"
mkdir -p "$out"

start=$(date +%s)
"$top/tools/lockfit" build --out "$out" -- \
	make -C "$tree" -j"$jobs" "${dirs[@]}" > "$out.report.txt"
end=$(date +%s)
cat "$out.report.txt"
echo
echo "kernel-report: Linux $kver: $(ls "$out" | wc -l) units in $((end - start)) s; records in $out"
/usr/bin/time -f "kernel-report: report over all records: %e s, %M KiB peak" \
	"$top/tools/lockfit" report "$out" --format json > "$out.report.json"
jq -r '.locks | group_by(.verdict) | map("\(.[0].verdict) \(length)") | join(", ")
	| "kernel-report: verdicts: " + .' "$out.report.json"

# The patches: one per lock whose verdict asks for a rewrite, verified
# (applies, rebuilds, no new sparse warning, checkpatch clean).  Exit 1
# means some lock's patch failed: that is a result, printed, not an error.
rm -rf "$out.patches"
start=$(date +%s)
status=0
"$top/tools/lockfit" patch "$out" --tree "$tree" --out "$out.patches" || status=$?
end=$(date +%s)
[ $status -le 1 ] || exit $status
echo "kernel-report: lockfit patch in $((end - start)) s; patches in $out.patches"
