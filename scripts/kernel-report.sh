#!/bin/bash
# kernel-report.sh - lockfit's main job on a real kernel: build a fixed
# subset of Linux 6.1 (the cached tree of kernel-tree.sh) under
# `lockfit build`, then print the report and what it decided.
#
# usage: scripts/kernel-report.sh [--out DIR] [--jobs N] [DIR/...]
#   default subset: kernel/ mm/ fs/ net/core/   (about 600 objects)
#   default out:    build/kernel-records
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/build/kernel-records" jobs=$(nproc) dirs=()

while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	-h|--help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	-*) echo "kernel-report.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
	*) dirs+=("$1"); shift ;;
	esac
done
[ ${#dirs[@]} -gt 0 ] || dirs=(kernel/ mm/ fs/ net/core/)
tree=$("$top/scripts/kernel-tree.sh" --print-dir)

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
echo "kernel-report: $(ls "$out" | wc -l) units in $((end - start)) s; records in $out"
/usr/bin/time -f "kernel-report: report over all records: %e s, %M KiB peak" \
	"$top/tools/lockfit" report "$out" --format json > "$out.report.json"
jq -r '.locks | group_by(.verdict) | map("\(.[0].verdict) \(length)") | join(", ")
	| "kernel-report: verdicts: " + .' "$out.report.json"
