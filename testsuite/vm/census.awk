# census.awk - which census locks a /proc/lock_stat file covers, with
# their read and write acquisitions (docs/VM.md "The census").
#
#   awk -F'\t' -f census.awk census.tbl lock_stat.txt
#
# census.tbl: LOCK, CLASS, WHAT TAKES IT (tab-separated; # comments).
# lock_stat.txt: version 0.4 as kernel/locking/lockdep_proc.c writes it:
# per class with acquisitions "NAME:", or "NAME-W:" and "NAME-R:" for an
# rw lock, then 12 numbers (acquisitions the 8th, contentions the 2nd);
# contention point lines, dash and dot lines are skipped, anything else
# is refused (FILE:LINE, exit 2).  As lockfit's --lock-stat mapping does,
# a class's "#N" (another class of that name) and "/N" (a subclass) count
# for the name; a plain "NAME:" line of an rw lock is writes only.

function fail(msg) {
	printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	bad = 1
	exit 2
}

function num(s) { return s ~ /^[0-9]+(\.[0-9]+)?$/ }

# at most 40 characters of untrusted text, each unprintable one a "?",
# so that a forged file cannot drive the terminal
function shown(s) {
	s = substr(s, 1, 40)
	gsub(/[^[:print:]]/, "?", s)
	return s
}

# table: one row a census lock, in its order
FILENAME == ARGV[1] {
	if ($0 ~ /^#/ || $0 == "")
		next
	if (NF != 3 || $1 == "" || $2 == "" || $3 == "")
		fail("expected LOCK<TAB>CLASS<TAB>WHAT, got '" shown($0) "'")
	if ($2 in lock_of)
		fail("class " $2 " given twice")
	n++
	lock[n] = $1; cls[n] = $2; what[n] = $3
	lock_of[$2] = n
	next
}

FNR == 1 {
	FS = " "
	$0 = $0
	if ($0 != "lock_stat version 0.4")
		fail("not /proc/lock_stat 0.4: expected the version line, got '" shown($0) "'")
	next
}

/^ *-+$/ || /^ *\.+$/ || $0 == "" || $1 == "class" || $0 == "*WARNING* lock debugging disabled!! - possibly due to a lockdep warning" { next }

# a class line: NAME: and 12 numbers (NAME may hold spaces)
NF >= 13 && $(NF - 12) ~ /:$/ {
	for (i = NF - 11; i <= NF; i++)
		if (!num($i))
			fail("not a number in column " (i - NF + 12) ": '" shown($i) "'")
	name = $1
	for (i = 2; i <= NF - 12; i++)
		name = name " " $i
	name = substr(name, 1, length(name) - 1)
	side = "W"
	if (name ~ /-R$/) side = "R"
	if (name ~ /-[RW]$/) name = substr(name, 1, length(name) - 2)
	# an rw class prints its -W line, then its -R line: one class
	if (!(side == "R" && name == prev))
		classes++
	prev = side == "W" ? name : ""
	sub(/\/[0-9]$/, "", name)
	sub(/#[0-9]$/, "", name)
	if (name in lock_of) {
		k = lock_of[name]
		acq[k, side] += $(NF - 4)
		con[k] += $(NF - 10)
		seen[k] = 1
	}
	next
}

# a contention point: NAME COUNT [<ADDRESS>] SYMBOL [MODULE]
NF >= 4 && num($(NF - 2)) && $(NF - 1) ~ /^\[<[0-9a-f]+>\]$/ { next }
NF >= 5 && num($(NF - 3)) && $(NF - 2) ~ /^\[<[0-9a-f]+>\]$/ && $NF ~ /^\[[A-Za-z0-9_]+\]$/ { next }

{ fail("not /proc/lock_stat 0.4: expected a class or contention line, got '" shown($0) "'") }

END {
	if (bad)
		exit 2
	printf "lock_stat: %s (%d classes)\n", FILENAME, classes
	for (k = 1; k <= n; k++) {
		if (seen[k]) {
			printf "covered  %s: %.0f read, %.0f write acquisitions, %.0f contentions (class %s)\n",
			       lock[k], acq[k, "R"], acq[k, "W"], con[k], cls[k]
			covered++
		}
	}
	for (k = 1; k <= n; k++)
		if (!seen[k])
			printf "missing  %s: no class %s (%s)\n", lock[k], cls[k], what[k]
	printf "census: %d of %d locks covered\n", covered, n
}
