#!/usr/bin/awk -f
# gen-cocci.awk - expand the @@LF_...@@ markers of one Coccinelle template
# with the rows of rules/rewrites.tbl.  Driven by scripts/gen-cocci; see
# rules/rewrites.tbl for the table and scripts/gen-cocci --help for the
# markers.  The tables are read and checked by rules/reader.c, not here:
# ROWS is what `build/gen-rules cocci rules` writes of them, tab separated.
#
# usage: LC_ALL=C awk -f scripts/gen-cocci.awk ROWS TEMPLATE.cocci.in
# Errors go to stderr as FILE:LINE: message; the exit status is then 1.

BEGIN { FS = "\t" }

function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function has(list, word) { return index(" " list " ", " " word " ") > 0 }

# --- the rows build/gen-rules wrote ----------------------------------------
FILENAME !~ /\.cocci\.in$/ && $1 == "file" { rewrites_file = $2; next }
# an api of rules/primitives.tbl and the action of one of its rows
FILENAME !~ /\.cocci\.in$/ && $1 == "api" { api_action[$2] = api_action[$2] " " $3 " "; next }
# an api after which preemption or irqs are off
FILENAME !~ /\.cocci\.in$/ && $1 == "off" { disable_apis = disable_apis " " $2; next }
# a call that may sleep (rules/sleeping.tbl, sleeping locks' acquires)
FILENAME !~ /\.cocci\.in$/ && $1 == "sleep" { sleeping_apis = sleeping_apis " " $2; next }
# a row of rules/rcu.tbl: kind, name, RCU form
FILENAME !~ /\.cocci\.in$/ && $1 == "rcu" {
	g = "LF_RCU_" toupper($2)
	rcu_names[g] = rcu_names[g] " " $3
	rcu_forms[g] = rcu_forms[g] " " $4
	sep = (g in rcu_pymap) ? ", " : ""
	rcu_pymap[g] = rcu_pymap[g] sep "\"" $3 "\": \"" $4 "\""
	next
}
FILENAME !~ /\.cocci\.in$/ && $1 == "row" {
	kind = $2; cat = $3; when = $4
	nrows++
	rkind[nrows] = kind; rcat[nrows] = cat; rwhen[nrows] = when
	rfrom[nrows] = $5; rto[nrows] = $6; rname[nrows] = $7; rargs[nrows] = $8
	rstatic[nrows] = $9; rtname[nrows] = $10; rtargs[nrows] = $11
	if (cat == "type" && $6 != "-") type_to[kind, cat] = $6
	grp = group_of(kind, cat, when)
	rgroup[nrows] = grp; Kind[grp] = kind; Cat[grp] = cat
	groups[grp] = groups[grp] " " nrows
	next
}
FILENAME !~ /\.cocci\.in$/ {
	printf "%s:%d: not a row of build/gen-rules cocci\n", FILENAME, FNR > "/dev/stderr"
	exit 1
}

# "@@LF_RCU_WALK_REWRITE@@ [TEXT]": a disjunction turning each walk of
# group G into its RCU form, the arguments X, E2, M kept (TEXT, e.g. a
# lockdep condition, added after them)
function rcu_rewrite(g, text,    n, names, forms, i) {
	n = split(trim(rcu_names[g]), names, " "); split(trim(rcu_forms[g]), forms, " ")
	print "("
	for (i = 1; i <= n; i++) {
		if (i > 1) print "|"
		print "- " names[i]; print "+ " forms[i]
		if (text == "") print "  (X, E2, M) S"
		else { print "  (X, E2, M"; print "+ " text; print "  ) S" }
	}
	print ")"
}

# "a b c" -> "a(), b() or c()"
function or_calls(list,    n, w, i, out) {
	n = split(trim(list), w, " ")
	for (i = 1; i <= n; i++)
		out = out (i == 1 ? "" : i == n ? " or " : ", ") w[i] "()"
	return out
}

function group_of(kind, cat, when,    g) {
	g = "LF_" kind "_" cat (when == "-" ? "" : "_" when)
	gsub(/[^A-Za-z0-9_]/, "_", g)
	return toupper(g)
}

# --- the template ----------------------------------------------------------
FILENAME ~ /\.cocci\.in$/ {
	if (errors) exit 1
	line = $0
	if (line ~ /^@@LF_INCLUDE [A-Za-z0-9_.-]+@@$/) {    # a shared piece of template
		inc = FILENAME; sub(/[^\/]*$/, "", inc)
		inc = inc substr(line, 14, length(line) - 15)
		while ((rc = (getline incline < inc)) > 0) print incline
		if (rc < 0) { printf "%s:%d: cannot read %s\n", FILENAME, FNR, inc > "/dev/stderr"; errors++ }
		close(inc)
		next
	}
	if (line ~ /^@@LF_DEFINE LF_[A-Z0-9_]+ [^@]+@@$/) {   # a template's own list
		def_text = substr(line, 13, length(line) - 14)     # "LF_NAME TEXT"
		def_name = def_text; sub(/ .*/, "", def_name)
		sub(/^[^ ]+ /, "", def_text)
		defined[def_name] = trim(def_text)
		next
	}
	if (match(line, /^@@LF_RCU_[A-Z]+_REWRITE@@/)) {    # each row's name -> its form
		g = substr(line, 3, RLENGTH - 12)
		if (!(g in rcu_names)) { printf "%s:%d: no rules/rcu.tbl rows for @@%s_REWRITE@@\n", FILENAME, FNR, g > "/dev/stderr"; errors++; next }
		rcu_rewrite(g, trim(substr(line, RLENGTH + 1)))
		next
	}
	if (match(line, /^@@LF_[A-Z0-9_]+@@/)) {
		g = substr(line, 3, RLENGTH - 4)
		if (g in groups) { block(g, trim(substr(line, RLENGTH + 1))); next }
	}
	out = ""
	while (match(line, /@@LF_[A-Z0-9_]+@@/)) {
		s = RSTART; l = RLENGTH     # inline() calls match() too
		out = out substr(line, 1, s - 1) inline(substr(line, s + 2, l - 4))
		line = substr(line, s + l)
	}
	print out line
	next
}

END { exit errors ? 1 : 0 }

# subst(TEXT, SIDE): replace the one-capital placeholders that have a
# value for SIDE ("minus" or "plus") in the current marker's options.
function subst(text, side,    out, c, ch, prev, next_ch) {
	out = ""
	for (c = 1; c <= length(text); c++) {
		ch = substr(text, c, 1)
		prev = c > 1 ? substr(text, c - 1, 1) : ""
		next_ch = substr(text, c + 1, 1)
		if (ch ~ /^[A-Z]$/ && prev !~ /^[A-Za-z0-9_]$/ && next_ch !~ /^[A-Za-z0-9_]$/) {
			if (side == "minus" && (ch in Sminus)) { out = out Sminus[ch]; continue }
			if (ch in Sboth) { out = out Sboth[ch]; continue }
		}
		out = out ch
	}
	return out
}

# The rows of group G the current marker keeps (no refusals, no except=).
function rows_of(g, except,    n, ids, i, r, ex) {
	delete Rows; NR_rows = 0
	if (except != "") {
		ex = group_of(Kind[g], Cat[g], except)
		if (!(ex in groups)) { printf "%s:%d: except=%s: no group %s\n", FILENAME, FNR, except, ex > "/dev/stderr"; errors++ }
	}
	n = split(groups[g], ids, " ")
	for (i = 1; i <= n; i++) {
		r = ids[i]
		if (rto[r] == "-") continue
		if (except != "" && has(names_of(ex, 0), rname[r])) continue
		Rows[++NR_rows] = r
	}
}

# names_of(G, WHAT): the FROM names of group G, unique; WHAT 0 all, 1 only
# refused rows, 2 only rewritten rows.  Space separated.
# (A name with a space, "struct rw_semaphore", is kept whole as "struct\001rw_semaphore".)
function names_of(g, what,    n, ids, i, r, out, nm) {
	out = " "
	n = split(groups[g], ids, " ")
	for (i = 1; i <= n; i++) {
		r = ids[i]
		if (what == 1 && rto[r] != "-") continue
		if (what == 2 && rto[r] == "-") continue
		nm = rname[r]; gsub(/ /, "\001", nm)
		if (!has(out, nm)) out = out nm " "
	}
	return trim(out)
}

function commas(list) { list = trim(list); gsub(/ +/, ", ", list); gsub(/\001/, " ", list); return list }

# One branch of a disjunction for row R.
function branch(r,    cat, fa, ta, pieces, m, i, k, s, tn) {
	cat = rcat[r]
	if (cat == "call" || cat == "init") {
		tn = rtname[r]; ta = rtargs[r]; fa = rargs[r]
		if (ta == fa)
			return "- " rname[r] Pos "\n+ " tn "\n  (" subst(fa, "minus") ")"
		if (fa != "" && index(ta, fa ", ") == 1)
			return "- " rname[r] Pos "\n+ " tn "\n  (" subst(fa, "minus") "\n+ , " subst(substr(ta, length(fa) + 3), "plus") "\n  )"
		return "- " rname[r] Pos "(" subst(fa, "minus") ")\n+ " tn "(" subst(ta, "plus") ")"
	}
	if (cat == "decl")
		return "- " subst(rfrom[r], "minus") ";\n+ " subst(rto[r], "plus") ";"
	# stmt, free
	m = split(rto[r], pieces, "; ")
	k = 0
	for (i = 1; i <= m; i++) if (pieces[i] == rfrom[r]) k = i
	s = ""
	if (k == 0) s = "- " subst(rfrom[r], "minus") ";"
	for (i = 1; i <= m; i++) {
		if (s != "") s = s "\n"
		s = s (i == k ? "  " subst(rfrom[r], "minus") : "+ " subst(pieces[i], "plus")) ";"
	}
	return s
}

# A block marker: the disjunction of group G's rows.
# Options: X=TEXT (placeholder X becomes TEXT), -X=TEXT (only on the matched
# side), except=WHEN, pos=NAME (call rows: NAME is a position metavariable on
# the called name), bare (no parentheses: the template supplies them).
function block(g, opts,    n, o, i, kv, bare, except, r, parts, first) {
	delete Sminus; delete Sboth
	bare = 0; except = ""; Pos = ""
	n = split(opts, o, " ")
	for (i = 1; i <= n; i++) {
		if (o[i] == "bare") bare = 1
		else if (o[i] ~ /^pos=[a-z][a-z0-9_]*$/) Pos = "@" substr(o[i], 5)
		else if (o[i] ~ /^except=/) except = substr(o[i], 8)
		else if (o[i] ~ /^-[A-Z]=/) Sminus[substr(o[i], 2, 1)] = substr(o[i], 4)
		else if (o[i] ~ /^[A-Z]=/) Sboth[substr(o[i], 1, 1)] = substr(o[i], 3)
		else { printf "%s:%d: unknown marker option '%s'\n", FILENAME, FNR, o[i] > "/dev/stderr"; errors++ }
	}
	for (i in Sboth) if (!(i in Sminus)) Sminus[i] = Sboth[i]
	if (Cat[g] == "type") { printf "%s:%d: %s is a type group: use its _NAMES/_TO/_TYPEDEFS\n", FILENAME, FNR, g > "/dev/stderr"; errors++; return }
	rows_of(g, except)
	if (NR_rows == 0) { printf "%s:%d: %s: no rows to expand\n", FILENAME, FNR, g > "/dev/stderr"; errors++; return }
	# decl: static rows first, so that they win over the plain ones
	first = ""
	for (i = 1; i <= NR_rows; i++) if (rstatic[Rows[i]] != "") first = first " " Rows[i]
	for (i = 1; i <= NR_rows; i++) if (rstatic[Rows[i]] == "") first = first " " Rows[i]
	n = split(first, parts, " ")
	if (n > 1 && !bare) print "("
	for (i = 1; i <= n; i++) {
		if (i > 1) print "|"
		print branch(parts[i])
	}
	if (n > 1 && !bare) print ")"
}

# An inline marker: GROUP_NAMES (FROM names), GROUP_REFUSED_NAMES,
# GROUP_REWRITTEN_NAMES, GROUP_ACQUIRES / GROUP_RELEASES (by their action
# in rules/primitives.tbl), GROUP_DECLARERS (decl names, both sides),
# GROUP_TO (the one TO of a type group), GROUP_TYPEDEFS (FROM types that
# are typedef names), GROUP_PYMAP (python dict FROM name -> TO, None when
# refused), LF_GENERATED (the do-not-edit note), LF_PRIM_PREEMPT_OFF_NAMES
# (the apis of rules/primitives.tbl that disable, or acquire and so turn
# off, preemption or irqs: ctx column), LF_SLEEPING_NAMES (calls that may
# sleep: rules/sleeping.tbl, acquires of sleeping lock classes),
# LF_RCU_<KIND>_NAMES, LF_RCU_<KIND>_FORMS, LF_RCU_<KIND>_CALLS and
# LF_RCU_<KIND>_PYMAP (rules/rcu.tbl's rows of KIND: their names, forms,
# "a(), b() or c()", or a python dict name -> FORM), or a name the template defined
# with a line "@@LF_DEFINE LF_NAME TEXT@@".
function inline(m,    g, what, out, ids, n, i, r, l, nm, t) {
	if (m in defined)
		return defined[m]
	if (m == "LF_PRIM_PREEMPT_OFF_NAMES")    # calls after which preemption is off
		return commas(disable_apis)
	if (m == "LF_SLEEPING_NAMES")    # calls that may sleep
		return commas(sleeping_apis)
	if (m ~ /^LF_RCU_[A-Z]+_NAMES$/ && substr(m, 1, length(m) - 6) in rcu_names)
		return commas(rcu_names[substr(m, 1, length(m) - 6)])
	if (m ~ /^LF_RCU_[A-Z]+_CALLS$/ && substr(m, 1, length(m) - 6) in rcu_names)    # "a() or b()"
		return or_calls(rcu_names[substr(m, 1, length(m) - 6)])
	if (m ~ /^LF_RCU_[A-Z]+_FORMS$/ && substr(m, 1, length(m) - 6) in rcu_forms)
		return commas(rcu_forms[substr(m, 1, length(m) - 6)])
	if (m ~ /^LF_RCU_[A-Z]+_PYMAP$/ && substr(m, 1, length(m) - 6) in rcu_pymap)
		return "{" rcu_pymap[substr(m, 1, length(m) - 6)] "}"
	if (m == "LF_GENERATED") {
		t = FILENAME; sub(/.*\//, "", t)
		return "Generated by scripts/gen-cocci from cocci/templates/" t " and rules/rewrites.tbl: edit those, not this file."
	}
	what = ""
	if (match(m, /_(REFUSED_NAMES|REWRITTEN_NAMES|NAMES|ACQUIRES|RELEASES|DECLARERS|TO|TYPEDEFS|PYMAP)$/)) {
		what = substr(m, RSTART + 1); g = substr(m, 1, RSTART - 1)
	}
	if (what == "" || !(g in groups)) {
		printf "%s:%d: unknown marker @@%s@@\n", FILENAME, FNR, m > "/dev/stderr"; errors++
		return ""
	}
	if (what == "NAMES") return commas(names_of(g, 0))
	if (what == "REFUSED_NAMES") out = names_of(g, 1)
	else if (what == "REWRITTEN_NAMES") out = names_of(g, 2)
	else if (what == "ACQUIRES" || what == "RELEASES") {
		n = split(names_of(g, 0), ids, " "); out = ""
		for (i = 1; i <= n; i++) {
			if (!(ids[i] in api_action)) { printf "%s:%d: %s: '%s' is not an api of rules/primitives.tbl\n", FILENAME, FNR, m, ids[i] > "/dev/stderr"; errors++; continue }
			if ((what == "RELEASES") == (api_action[ids[i]] ~ / release /)) out = out " " ids[i]
		}
	} else if (what == "DECLARERS") {
		n = split(groups[g], ids, " "); out = " "
		for (i = 1; i <= n; i++) {
			r = ids[i]
			nm = rname[r]; if (!has(out, nm)) out = out nm " "
			if (rto[r] != "-" && !has(out, rtname[r])) out = out rtname[r] " "
		}
	} else if (what == "TO") {
		if (!((Kind[g], Cat[g]) in type_to)) { printf "%s:%d: %s: not a type group\n", FILENAME, FNR, m > "/dev/stderr"; errors++; return "" }
		return type_to[Kind[g], Cat[g]]
	} else if (what == "TYPEDEFS") {
		n = split(groups[g], ids, " "); out = ""
		for (i = 1; i <= n; i++) if (rname[ids[i]] ~ /^[A-Za-z0-9_]+$/) out = out " " rname[ids[i]]
	} else if (what == "PYMAP") {
		n = split(groups[g], ids, " "); out = ""
		for (i = 1; i <= n; i++) {
			r = ids[i]
			t = rto[r] == "-" ? "None" : "\"" rto[r] "\""
			out = out (out == "" ? "" : ", ") "\"" rname[r] "\": " t
		}
		return "{" out "}"
	}
	out = trim(out)
	if (out == "") { printf "%s:%d: @@%s@@ is empty\n", FILENAME, FNR, m > "/dev/stderr"; errors++ }
	return commas(out)
}
