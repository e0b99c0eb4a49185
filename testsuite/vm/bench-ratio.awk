# bench-ratio.awk - the ratios of scripts/vm.sh bench.  Input lines:
#   KERNEL RUN LFVM-BENCH METRIC VALUE UNIT     (KERNEL: base or patched)
# For each metric: the mean of each kernel, the ratio patched/base of the
# means, and the spread of the ratios of the interleaved pairs (run i of
# both kernels): min, max and their standard deviation.
$3 == "LFVM-BENCH" && ($1 == "base" || $1 == "patched") && NF == 6 {
	v[$1, $4, $2] = $5
	unit[$4] = $6
	if (!($4 in seen)) { seen[$4] = 1; order[++nm] = $4 }
	if ($2 > nrun) nrun = $2
}
END {
	printf "%-8s %-6s %12s %12s %8s %18s %7s\n", "metric", "unit",
	       "base", "patched", "ratio", "pair min..max", "sd"
	for (k = 1; k <= nm; k++) {
		m = order[k]; n = 0; sb = sp = sr = srr = 0
		min = max = ""
		for (i = 1; i <= nrun; i++) {
			if (!((("base", m, i) in v) && (("patched", m, i) in v)) || v["base", m, i] == 0)
				continue
			r = v["patched", m, i] / v["base", m, i]
			n++; sb += v["base", m, i]; sp += v["patched", m, i]
			sr += r; srr += r * r
			if (min == "" || r < min) min = r
			if (max == "" || r > max) max = r
		}
		if (!n) { printf "%-8s %-6s no complete pair\n", m, unit[m]; continue }
		sd = n > 1 ? sqrt((srr - sr * sr / n) / (n - 1)) : 0
		printf "%-8s %-6s %12.1f %12.1f %8.3f %8.3f..%-8.3f %7.3f  (n=%d)\n", m, unit[m],
		       sb / n, sp / n, sp / sb, min, max, sd, n
	}
}
