# testsuite/tools/lib.sh - the setup and assertions of testsuite/tools/run:
# a scratch directory, relative paths, and pass/fail/lf/same/status/json/
# copy/sarif.  Sourced, never run.

set -u

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
lockfit=$root/tools/lockfit
schema=$here/sarif-schema-2.1.0.json
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Relative paths everywhere below, so that outputs do not depend on where
# the repository is; the rules directory too (explain prints it).
cd "$here" || exit 1
export LOCKFIT_RULES=../../rules
unset KCFLAGS LOCKFIT_PLUGIN
export LC_ALL=C

# shellcheck source=testsuite/lib/harness.sh
. "$root/testsuite/lib/harness.sh"

# lf ARGS...: run lockfit; stdout in $work/out, stderr in $work/err, status in $rc
lf() {
	"$lockfit" "$@" >"$work/out" 2>"$work/err"
	rc=$?
}

# same NAME EXPECTED ACTUAL: byte for byte as the golden file expected/EXPECTED
same() { golden "$1" "expected/$2" "$3"; }

# status NAME WANT [GREP-IN-STDERR]: the exit status, and a message
status() {
	if [ "$rc" != "$2" ]; then
		fail "$1" "exit status $rc, want $2 ($(head -c 300 "$work/err" | tr '\n' '|'))"
	elif [ $# -ge 3 ] && ! grep -qF -- "$3" "$work/err"; then
		fail "$1" "stderr lacks '$3': $(head -c 300 "$work/err" | tr '\n' '|')"
	else
		pass "$1"
	fi
}

# json NAME PYTHON-EXPR: an assertion on the JSON in $work/out (as j; locks,
# arch and bl index its locks, arch_spin sites and bit spinlocks)
json() {
	local why
	why=$(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
locks = {l["lock"]: l for l in j.get("locks", [])}
arch = {s["function"]: s for s in j.get("arch_spin", [])}
bl = {l["lock"]: l for l in j.get("bit_spinlocks", [])}
ok = eval(sys.argv[2])
if not ok:
    print("false: " + sys.argv[2])
' "$work/out" "$2" 2>&1)
	if [ -z "$why" ]; then pass "$1"; else fail "$1" "$why"; fi
}

# copy NAME: a scratch copy of data/basic
copy() {
	rm -rf "${work:?}/$1"
	cp -r data/basic "$work/$1"
}

# sarif NAME PYTHON: $work/out is valid against the SARIF 2.1.0 schema, and
# the assertions PYTHON (on doc and run) hold
# The python3 on PATH may not be Debian's (pyenv): take one that has it.
py=
for p in python3 /usr/bin/python3; do
	if "$p" -c 'import jsonschema' 2>/dev/null; then py=$p; break; fi
done
sarif() {
	local why
	if [ ! -f "$schema" ]; then
		fail "$1" "$schema not found (it is part of the repository)"
		return
	elif [ -z "$py" ]; then
		fail "$1" "python3 jsonschema missing (apt-get install python3-jsonschema)"
		return
	fi
	why=$("$py" -c '
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
doc = json.load(open(sys.argv[2]))
jsonschema.validators.validator_for(schema)(schema).validate(doc)
run = doc["runs"][0]
assert doc["version"] == "2.1.0" and len(doc["runs"]) == 1
assert run["tool"]["driver"]["name"] == "lockfit"
assert [r["id"] for r in run["tool"]["driver"]["rules"]] == ["rwlock-spinlock", "rwlock-rcu", "percpu-rwsem", "arch-spin-preempt", "bit-spinlock-hot"]
exec(sys.argv[3])
' "$schema" "$work/out" "$2" 2>&1 | tail -3)
	[ -z "$why" ] && pass "$1" || fail "$1" "$why"
}
