# decl-type.awk - the lock type of a struct member as declared in one
# struct definition (bench-upstream: what the later tree made of a lock).
#
#   awk -v start=LINE -v member=NAME -f decl-type.awk FILE
#
# Reads FILE from LINE (the "struct X {" line) to the brace that closes it,
# members of unnamed structs and unions inside it included (lockfit names
# them by the enclosing named struct), and prints the class of the first
# declaration of NAME: rwlock, spinlock, raw_spinlock, seqlock, rwsem,
# percpu_rwsem, mutex, a pointer to one of those as "*CLASS", or
# "other:TYPE"; nothing when the struct does not declare NAME.  Comments
# are dropped first; declarations are split at ';' at any depth.

function classof(t,    p) {
	p = ""
	sub(/[ \t]+$/, "", t)
	if (t ~ /\*[ \t]*$/) { p = "*"; sub(/[ \t]*\*[ \t]*$/, "", t) }
	sub(/^[ \t]*(const|volatile|static)[ \t]+/, "", t)
	if (t ~ /(^|[ \t])rwlock_t$/) return p "rwlock"
	if (t ~ /(^|[ \t])raw_spinlock_t$/) return p "raw_spinlock"
	if (t ~ /(^|[ \t])spinlock_t$/) return p "spinlock"
	if (t ~ /(^|[ \t])seqlock_t$/) return p "seqlock"
	if (t ~ /struct[ \t]+percpu_rw_semaphore$/) return p "percpu_rwsem"
	if (t ~ /struct[ \t]+rw_semaphore$/) return p "rwsem"
	if (t ~ /struct[ \t]+mutex$/) return p "mutex"
	gsub(/[ \t]+/, " ", t)
	return "other:" p t
}

# One declaration (text between ';'s): does it declare member?  Prints the
# class and exits if so.
function decl(s,    n, i, parts, name, type, base) {
	gsub(/\[[^]]*\]/, "", s)                     # array bounds
	gsub(/__[a-z_]+\([^()]*(\([^()]*\))*[^()]*\)/, "", s)  # __aligned(..), __guarded_by(..)
	gsub(/(____cacheline_aligned(_in_smp)?|__rcu|__randomize_layout)/, "", s)
	sub(/^.*[{}]/, "", s)                        # after a nested "struct {" or "}"
	n = split(s, parts, ",")
	type = parts[1]
	# the type is what precedes the first declarator's name
	if (!match(type, /[A-Za-z_][A-Za-z0-9_]*[ \t]*(:[ \t]*[0-9]+)?[ \t]*$/))
		return
	name = substr(type, RSTART, RLENGTH); sub(/[ \t:].*$/, "", name)
	type = substr(type, 1, RSTART - 1)
	# the first declarator's '*' is its own: "struct mutex *mp, m2"
	base = type; sub(/[ \t*]+$/, "", base)
	for (i = 1; i <= n; i++) {
		if (i > 1) {
			name = parts[i]; gsub(/[ \t*]/, "", name); sub(/:.*/, "", name)
			type = base (parts[i] ~ /^[ \t]*\*/ ? " *" : "")
		}
		if (name == member) {
			sub(/^[ \t]+/, "", type)
			print classof(type)
			exit
		}
	}
}

NR < start { next }
{
	line = $0
	if (incomment) {
		if (!sub(/^.*\*\//, "", line)) next
		incomment = 0
	}
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", line)
	if (sub(/\/\*.*$/, "", line)) incomment = 1
	sub(/\/\/.*$/, "", line)
	if (line ~ /^[ \t]*#/) next
	for (i = 1; i <= length(line); i++) {
		c = substr(line, i, 1)
		if (c == "{") { depth++; buf = buf c; continue }
		if (c == "}") {
			if (--depth == 0) exit
			buf = buf c; continue
		}
		if (c == ";") { if (depth > 0) decl(buf); buf = ""; continue }
		buf = buf c
	}
	buf = buf " "
}
