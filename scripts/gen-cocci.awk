#!/usr/bin/awk -f
# gen-cocci.awk - check rules/rewrites.tbl (against rules/primitives.tbl and
# rules/locktypes.tbl) and expand the @@LF_...@@ markers of one Coccinelle
# template with it.  Driven by scripts/gen-cocci; see rules/rewrites.tbl for
# the table and scripts/gen-cocci --help for the markers.
#
# usage: LC_ALL=C awk -f scripts/gen-cocci.awk rules/primitives.tbl \
#            rules/locktypes.tbl rules/rewrites.tbl [TEMPLATE.cocci.in]
# Errors go to stderr as FILE:LINE: message; the exit status is then 1.

function fail(msg) {
	printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
	errors++
}
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function has(list, word) { return index(" " list " ", " " word " ") > 0 }

# parse_call(TEXT): split "[static ]NAME(ARG, ...)" into P_static, P_name,
# P_args (canonical "A, B"); returns 0 if TEXT is not of that form.
function parse_call(text,    n, parts, i, a) {
	P_static = ""
	if (text ~ /^static /) { P_static = "static "; text = substr(text, 8) }
	if (text !~ /^[A-Za-z_][A-Za-z0-9_]*\([^()]*\)$/)
		return 0
	P_name = substr(text, 1, index(text, "(") - 1)
	a = substr(text, index(text, "(") + 1); a = substr(a, 1, length(a) - 1)
	n = split(a, parts, ",")
	P_args = ""
	for (i = 1; i <= n; i++) {
		parts[i] = trim(parts[i])
		if (parts[i] !~ /^[A-Z]$/)
			return 0
		P_args = P_args (i > 1 ? ", " : "") parts[i]
	}
	return 1
}

# --- rules/primitives.tbl: api -> class, action, lock argument -------------
FILENAME ~ /primitives\.tbl$/ {
	if ($0 ~ /^[ \t]*(#|$)/ || NF < 9) next
	api = $2
	if (api ~ /\(/) next                       # guard(...) rows
	api_class[api] = api_class[api] " " $3 " "
	api_class_arg[api] = api_class_arg[api] " " $3 "/" $6 " "
	api_action[api] = api_action[api] " " $4 " "
	if (($4 == "disable" || $4 == "acquire") && $8 ~ /(preempt|irq)/ && !has(disable_apis, api))
		disable_apis = disable_apis " " api
	ncover++; cover_api[ncover] = api; cover_class[ncover] = $3; cover_arg[ncover] = $6
	next
}

# --- rules/locktypes.tbl: the lock types -----------------------------------
FILENAME ~ /locktypes\.tbl$/ {
	if ($0 ~ /^[ \t]*(#|$)/) next
	locktype[NF == 5 ? $1 " " $2 : $1] = 1
	next
}

# --- rules/rewrites.tbl ----------------------------------------------------
FILENAME ~ /rewrites\.tbl$/ { rewrites_file = FILENAME }
FILENAME ~ /rewrites\.tbl$/ && /^%kind/ {
	if (NF != 5 || $4 != "->") { fail("expected: %kind NAME FROM-CLASSES -> TO-CLASSES"); next }
	if (nkinds > 0 && $2 <= kindname[nkinds]) fail("%kind '" $2 "' is out of order or duplicate")
	kindname[++nkinds] = $2
	kind_from[$2] = " " $3 " "; gsub(/,/, " ", kind_from[$2])
	kind_to[$2] = " " $5 " "; gsub(/,/, " ", kind_to[$2])
	next
}
FILENAME ~ /rewrites\.tbl$/ {
	if ($0 ~ /^[ \t]*(#|$)/) next
	if (NF < 6) { fail("expected: KIND CAT WHEN FROM -> TO"); next }
	kind = $1; cat = $2; when = $3
	if (!(kind in kind_from)) { fail("unknown kind '" kind "' (declare it with %kind)"); next }
	if (!has("call stmt free decl init type", cat)) { fail("unknown cat '" cat "' (call stmt free decl init type)"); next }
	if (when != "-" && when !~ /^[a-z]+=[a-z0-9]+$/) { fail("when must be - or NAME=VALUE, got '" when "'"); next }
	rest = $0
	sub(/^[ \t]*[^ \t]+[ \t]+[^ \t]+[ \t]+[^ \t]+[ \t]+/, "", rest)
	n = split(rest, ft, / -> /)
	if (n != 2) { fail("expected exactly one ' -> ' between FROM and TO"); next }
	from = trim(ft[1]); to = trim(ft[2])
	gsub(/[ \t]+/, " ", from); gsub(/[ \t]+/, " ", to)

	if (cat == "type") {
		if (from !~ /^((struct|unsigned) )?[A-Za-z_][A-Za-z0-9_]*$/ || to !~ /^((struct|unsigned) )?[A-Za-z_][A-Za-z0-9_]*$/) {
			fail("type rows name C types: '" from "' -> '" to "'"); next
		}
		if (kind != "bitlock" && !(from in locktype)) fail("type '" from "' is not in rules/locktypes.tbl")
		if (!(to in locktype)) fail("type '" to "' is not in rules/locktypes.tbl")
		fname = from; fargs = ""; fstatic = ""
	} else {
		if (!parse_call(from)) { fail("FROM must be [static ]NAME(X, ...) with one-capital placeholders: '" from "'"); next }
		if (P_static != "" && cat != "decl") fail("only decl rows may be static")
		fname = P_name; fargs = P_args; fstatic = P_static
		from = fstatic fname "(" fargs ")"
		if (to != "-" && (cat == "call" || cat == "decl" || cat == "init")) {
			if (!parse_call(to)) { fail("TO must be -, or [static ]NAME(X, ...): '" to "'"); next }
			to = P_static P_name "(" P_args ")"
		} else if (to != "-") {            # stmt, free: statements
			m = split(to, pieces, ";"); to = ""
			for (i = 1; i <= m; i++) {
				pieces[i] = trim(pieces[i])
				if (pieces[i] == "") { fail("empty statement in TO"); continue }
				to = to (to == "" ? "" : "; ") pieces[i]
			}
		}
		# every primitive that TO calls must be of the kind's TO-CLASSES
		rest = to
		while (match(rest, /[A-Za-z_][A-Za-z0-9_]*\(/)) {
			tname = substr(rest, RSTART, RLENGTH - 1); rest = substr(rest, RSTART + RLENGTH)
			if (!(tname in api_class)) continue
			ok = 0
			split(api_class[tname], cl, " ")
			for (i in cl) if (has(kind_to[kind], cl[i])) ok = 1
			if (!ok) fail("'" tname "' is class " trim(api_class[tname]) " in rules/primitives.tbl, not one of " trim(kind_to[kind]))
		}
		if (fname in api_class) {
			ok = 0
			split(api_class_arg[fname], cl, " ")
			for (i in cl) {
				split(cl[i], ca, "/")
				if (has(kind_from[kind], ca[1]) || has(kind_from[kind], cl[i])) ok = 1
			}
			if (!ok) fail("'" fname "' is class " trim(api_class[fname]) " in rules/primitives.tbl, not one of " trim(kind_from[kind]))
		}
	}
	key = kind " " cat " " when " " from
	if (nrows > 0 && key <= rkey[nrows])
		fail("row '" key "' is out of order or duplicate (after '" rkey[nrows] "')")
	if (cat == "type" && to != "-") {
		g = kind SUBSEP cat
		if ((g in type_to) && type_to[g] != to) fail("all type rows of kind " kind " must have the same TO")
		type_to[g] = to
	}
	nrows++
	rkey[nrows] = key; rkind[nrows] = kind; rcat[nrows] = cat; rwhen[nrows] = when
	rfrom[nrows] = from; rto[nrows] = to; rname[nrows] = fname; rargs[nrows] = fargs
	rstatic[nrows] = fstatic
	grp = group_of(kind, cat, when)
	rgroup[nrows] = grp; Kind[grp] = kind; Cat[grp] = cat
	groups[grp] = groups[grp] " " nrows
	if (when == "-") kind_names[kind] = kind_names[kind] " " fname " "
	next
}

function group_of(kind, cat, when,    g) {
	g = "LF_" kind "_" cat (when == "-" ? "" : "_" when)
	gsub(/[^A-Za-z0-9_]/, "_", g)
	return toupper(g)
}

# --- the template ----------------------------------------------------------
FILENAME ~ /\.cocci\.in$/ && !checked { checked = 1; check_table() }
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

END {
	if (!checked) check_table()
	exit errors ? 1 : 0
}

# Coverage: every primitive api of a kind's FROM-CLASSES has a `-` row.
function check_table(    i, k, c, cl, n, j, want) {
	for (i = 1; i <= ncover; i++)
		for (k = 1; k <= nkinds; k++) {
			n = split(kind_from[kindname[k]], cl, " ")
			want = 0
			for (j = 1; j <= n; j++)
				if (cl[j] == cover_class[i] || cl[j] == cover_class[i] "/" cover_arg[i]) want = 1
			if (want && !has(kind_names[kindname[k]], cover_api[i]) && !((kindname[k], cover_api[i]) in warned)) {
				warned[kindname[k], cover_api[i]] = 1
				printf "%s: kind %s has no row with when - for %s api '%s' (rules/primitives.tbl)\n", rewrites_file, kindname[k], cover_class[i], cover_api[i] > "/dev/stderr"
				errors++
			}
		}
	if (nrows == 0) { print rewrites_file ": no rows" > "/dev/stderr"; errors++ }
}

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
		parse_call(rto[r]); tn = P_name; ta = P_args; fa = rargs[r]
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
# off, preemption or irqs: ctx column), or a name the template defined
# with a line "@@LF_DEFINE LF_NAME TEXT@@".
function inline(m,    g, what, out, ids, n, i, r, l, nm, t) {
	if (m in defined)
		return defined[m]
	if (m == "LF_PRIM_PREEMPT_OFF_NAMES")    # calls after which preemption is off
		return commas(disable_apis)
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
			if (rto[r] != "-") { parse_call(rto[r]); if (!has(out, P_name)) out = out P_name " " }
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
