"""mutate.py - structure-aware mutations of lockfit record sets (used by run).

make_case(rng, seeds) returns a case: {"files": {name: bytes}, "baseline":
bytes, "lock": str for explain, "lock_stat" and "profile": bytes or None
(mutate_text.py), "must_fail": why the record set is bad
for certain (an unreadable line, no tu record last, wrong counts, no .lfr
file, a duplicate key), or None, and for some cases "kbuild": a kbuild
output directory holding the same records in objects, its lists mutated
(kbuild.py)}.  Everything comes from rng, so a case is a function of the
seed and the case number.
"""
import json

import kbuild
import mutate_text

KINDS = ["section", "release_only", "lock_arg", "lock_wrapper", "arch_spin",
	 "needs_atomic", "calls", "unknown", "tu"]
INTS = [0, -1, 1, -1000, 2**31 - 1, 2**31, -2**31, 2**32, 2**63 - 1,
	-2**63, 2**63, 2**64, 10**30]
FLOATS = [0.5, -0.0, 1e308, -1e308, 1e-300]
STRS = ["", "\n", "\r\n", "\x1b[31mred\x1b[0m", "\x1b]0;title\x07", "\t",
	"\x7f", "\x00", "\x01\x02", "../", "../../outside/victim.c",
	"/etc/passwd", "fs/../../x.c", "./fs//x.c", "::error file=x.c::forged",
	"\ndiff --git a/Makefile b/Makefile\n--- a/Makefile\n+++ b/Makefile\n"
	"@@ -1 +1,2 @@\n+$(shell touch /tmp/lockfit-fuzz-pwned)\n",
	"%s%s%n%p", "param:f:1", "param:f:0", "param:f:-1",
	"param:f:99999999999999999999", "param::", "local::", "?", "struct ::",
	" bit ", "struct a::b bit ", "\u202e", "\ufeff", "\u00e9", "\ud800",
	"$(id)", "`id`", "'\"", "\\", "x" * 300]


# Nesting deeper than jansson's limit (2048), written only at the end:
# Python's own json cannot.
DEEP = "\x00DEEP\x00"
DEEP_JSON = json.dumps(DEEP)


def dumps(obj):
	return json.dumps(obj, separators=(",", ":")).replace(
		DEEP_JSON, "[" * 3000 + "0" + "]" * 3000)


def leaves(obj, path=()):
	"""Every (path, value) below obj, containers included."""
	if isinstance(obj, dict):
		for k, v in obj.items():
			yield path + (k,), v
			yield from leaves(v, path + (k,))
	elif isinstance(obj, list):
		for i, v in enumerate(obj):
			yield path + (i,), v
			yield from leaves(v, path + (i,))


def set_at(obj, path, value):
	for p in path[:-1]:
		obj = obj[p]
	obj[path[-1]] = value


def del_at(obj, path):
	for p in path[:-1]:
		obj = obj[p]
	del obj[path[-1]]


def rand_str(rng, old):
	pick = rng.choice(STRS)
	how = rng.randrange(6)
	if how == 0 and isinstance(old, str) and old:
		i = rng.randrange(len(old) + 1)
		return old[:i] + pick + old[i:]
	if how == 1 and isinstance(old, str):
		return old + pick
	if how == 2:
		return rng.choice("Ab/.:") * rng.choice([1000, 70000, 1 << 20])
	return pick


def rand_num(rng, old):
	how = rng.randrange(5)
	if how == 0 and isinstance(old, int):
		return old + rng.choice([-1, 1])
	if how == 1 and isinstance(old, (int, float)):
		return -old
	if how == 2:
		return rng.choice(FLOATS)
	return rng.choice(INTS)


def rand_value(rng):
	how = rng.randrange(9)
	if how == 0:
		return rng.choice([DEEP, [[[[[[[[[[0]]]]]]]]]]])
	return [None, True, False, [], {}, "1", 1, 1.5, {"a": [1]}][how]


class Case:
	def __init__(self, rng, seeds):
		self.rng = rng
		self.seeds = seeds  # {name: [record dict]}
		self.dups = {}      # (file, index) -> duplicate key to write
		self.must_fail = None
		self.locks = sorted({r["lock"] for recs in seeds.values()
				     for r in recs if isinstance(r.get("lock"), str)})
		self.funcs = sorted({r["function"] for recs in seeds.values()
				     for r in recs if isinstance(r.get("function"), str)})

	# --- record-level mutations: files is {name: [record]} ---
	def pick(self, files):
		name = self.rng.choice(sorted(files))
		return name, files[name]

	def pick_record(self, files):
		_, recs = self.pick(files)
		return self.rng.choice(recs) if recs else None

	def m_number(self, files):
		r = self.pick_record(files)
		if r is None:
			return
		nums = [p for p, v in leaves(r)
			if isinstance(v, (int, float)) and not isinstance(v, bool)]
		if nums:
			p = self.rng.choice(nums)
			set_at(r, p, rand_num(self.rng, None))

	def m_string(self, files):
		r = self.pick_record(files)
		if r is None:
			return
		strs = [(p, v) for p, v in leaves(r) if isinstance(v, str)]
		if strs:
			p, v = self.rng.choice(strs)
			set_at(r, p, rand_str(self.rng, v))

	def m_type(self, files):
		r = self.pick_record(files)
		if r is None:
			return
		paths = [p for p, _ in leaves(r)]
		if paths:
			set_at(r, self.rng.choice(paths), rand_value(self.rng))

	def m_drop_field(self, files):
		r = self.pick_record(files)
		if r is None:
			return
		paths = [p for p, _ in leaves(r)]
		if paths:
			del_at(r, self.rng.choice(paths))

	def m_add_field(self, files):
		_, recs = self.pick(files)
		if recs:
			r = self.rng.choice(recs)
			r[self.rng.choice(["zz", "extra", "v2", "\x1b"])] = rand_value(self.rng)

	def m_dup_key(self, files):
		name, recs = self.pick(files)
		if recs:
			i = self.rng.randrange(len(recs))
			if recs[i]:
				self.dups[(name, i)] = self.rng.choice(sorted(recs[i]))

	def m_copy_field(self, files):
		_, recs = self.pick(files)
		if len(recs) > 1:
			a, b = self.rng.choice(recs), self.rng.choice(recs)
			common = sorted(set(a) & set(b))
			if common:
				k = self.rng.choice(common)
				a[k] = json.loads(json.dumps(b[k]))

	def m_record_ops(self, files):
		_, recs = self.pick(files)
		if not recs:
			return
		how = self.rng.randrange(5)
		i, j = self.rng.randrange(len(recs)), self.rng.randrange(len(recs))
		if how == 0:
			del recs[i]
		elif how == 1:
			for _ in range(self.rng.choice([1, 1, 2, 50])):
				recs.insert(j, json.loads(json.dumps(recs[i])))
		elif how == 2:
			recs[i], recs[j] = recs[j], recs[i]
		elif how == 3:
			recs.insert(j, recs.pop(i))
		else:
			recs[i]["record"] = self.rng.choice(KINDS)

	def m_mix(self, files):
		"""A record of another seed file (kept or not) into this one."""
		_, recs = self.pick(files)
		other = self.seeds[self.rng.choice(sorted(self.seeds))]
		r = json.loads(json.dumps(self.rng.choice(other)))
		recs.insert(self.rng.randrange(len(recs) + 1), r)

	def m_lists(self, files):
		_, recs = self.pick(files)
		if not recs:
			return
		r = self.rng.choice(recs)
		lists = [(p, v) for p, v in leaves(r) if isinstance(v, list) and v]
		if not lists:
			return
		p, v = self.rng.choice(lists)
		how = self.rng.randrange(3)
		if how == 0:
			set_at(r, p, [])
		elif how == 1:
			set_at(r, p, v * self.rng.choice([2, 100]))
		else:
			del v[self.rng.randrange(len(v))]

	def m_lock(self, files):
		"""Another identity, or a param bound (perhaps to itself) by lock_arg."""
		_, recs = self.pick(files)
		holders = [r for r in recs if "lock" in r]
		if not holders or not self.funcs:
			return
		r = self.rng.choice(holders)
		how = self.rng.randrange(3)
		if how == 0:
			r["lock"] = self.rng.choice(self.locks)
			return
		f, n = self.rng.choice(self.funcs), self.rng.choice([1, 1, 2, 0, 7])
		r["lock"], r["lock_kind"], r["param"] = "param:%s:%d" % (f, n), "param", n
		# A chain back to a real lock, or a parameter passed to itself,
		# at up to 40 sites (D1: binding was exponential in them).
		target = self.rng.choice(self.locks) if how == 1 else r["lock"]
		for k in range(self.rng.choice([1, 2, 5, 16, 40])):
			recs.insert(0, {"v": 1, "record": "lock_arg", "tu": r.get("tu"),
					"file": r.get("file"), "line": 1000 + k,
					"column": 1, "function": f, "callee": f,
					"arg": n, "lock": target,
					"lock_kind": "param" if how == 2 else "global"})

	MUTATIONS = ["m_number", "m_string", "m_type", "m_drop_field",
		     "m_add_field", "m_dup_key", "m_copy_field", "m_record_ops",
		     "m_mix", "m_lists", "m_lock", "m_number", "m_string",
		     "m_lock", "m_record_ops"]

	def fix_tu(self, recs):
		"""The tu record last, with counts that match: deep code is reached."""
		tus = [r for r in recs if r.get("record") == "tu"]
		tu = tus[-1] if tus else {"v": 1, "record": "tu", "tu": "x.c",
					  "lockfit": "0.1.0", "gcc": "12.2.0",
					  "functions": 1, "locking_functions": 1,
					  "complete": True}
		recs[:] = [r for r in recs if r.get("record") != "tu"] + [tu]
		tu["sections"] = sum(r.get("record") == "section" for r in recs)
		tu["unknown"] = sum(r.get("record") == "unknown" for r in recs)

	def dump(self, name, i, r):
		text = dumps(r)
		key = self.dups.get((name, i))
		if key is not None and text.endswith("}") and len(text) > 2:
			text = text[:-1] + "," + json.dumps(key) + ":" + \
				dumps(rand_value(self.rng)) + "}"
		return text.encode("utf-8", "surrogatepass")

	# --- byte-level mutations of one serialized file ---
	def bytes_mutate(self, data):
		rng = self.rng
		how = rng.randrange(8)
		if how == 0 and data:
			return data[:rng.randrange(len(data))]
		if how == 1:
			return data.replace(b"\n", b"\r\n")
		if how == 2:
			return data.rstrip(b"\n")
		if how == 3 and data:
			i = rng.randrange(len(data))
			return data[:i] + rng.choice([b"\n", b"\n\n", b"\x00", b"\xff",
						      b"\xc3", b"\x1b", b"\"", b"}"]) + data[i:]
		if how == 4:
			return b"\xef\xbb\xbf" + data
		if how == 5:
			return data + rng.choice([b"garbage\n", b"{}\n", b"[]\n",
						  b"null\n", b"\n"])
		if how == 6:
			return b""
		return data


def bad_reason(files):
	"""Why this record set must be refused by a non-lenient reader, or None.
	Only what the record format says for certain (docs/RECORDS.md,
	docs/REPORT.md): every line a JSON object, no empty line, the tu
	record last and only there, counts that match, no duplicate key."""
	def no_dups(pairs):
		keys = [k for k, _ in pairs]
		if len(keys) != len(set(keys)):
			raise ValueError("duplicate key")
		return dict(pairs)

	def no_const(c):
		raise ValueError("constant " + c)

	lfr = sorted(n for n in files if n.endswith(".lfr"))
	if not lfr:
		return "no .lfr file"
	for name in lfr:
		data = files[name]
		lines = data.split(b"\n")
		if lines and lines[-1] == b"":
			lines.pop()
		if not lines:
			return name + ": empty file"
		recs = []
		for n, line in enumerate(lines, 1):
			try:
				r = json.loads(line.decode("utf-8"), object_pairs_hook=no_dups,
					       parse_constant=no_const)
			except (ValueError, UnicodeDecodeError, RecursionError) as e:
				return "%s:%d: %s" % (name, n, str(e)[:80])
			if not isinstance(r, dict):
				return "%s:%d: not an object" % (name, n)
			recs.append(r)
		kinds = [r.get("record") for r in recs]
		if kinds[-1] != "tu" or kinds.count("tu") != 1:
			return name + ": tu record not last, or not alone"
		tu = recs[-1]
		if tu.get("sections") != kinds.count("section") or \
		   tu.get("unknown") != kinds.count("unknown"):
			if type(tu.get("sections")) is int and type(tu.get("unknown")) is int:
				return name + ": tu counts do not match"
	return None


def make_case(rng, seeds, baseline):
	c = Case(rng, seeds)
	names = sorted(seeds)
	k = rng.choice([1, 1, 2, 2, 3, len(names)])
	picked = rng.sample(names, k)
	files = {n: json.loads(json.dumps(seeds[n])) for n in picked}
	if rng.random() < 0.1 and len(picked) > 1:
		# Two units' records interleaved in one file.
		a, b = files.pop(picked[0]), files.pop(picked[1])
		merged = a[:-1] + b[:-1]
		rng.shuffle(merged)
		files[picked[0]] = merged + [a[-1]]
	for _ in range(rng.choice([1, 1, 2, 3, 5, 10])):
		getattr(c, rng.choice(Case.MUTATIONS))(files)
	out = {}
	for name in sorted(files):
		recs = files[name]
		if rng.random() < 0.6:
			c.fix_tu(recs)
		data = b"".join(c.dump(name, i, r) + b"\n" for i, r in enumerate(recs))
		if rng.random() < 0.2:
			data = c.bytes_mutate(data)
		out[name] = data
	if rng.random() < 0.05:
		out[rng.choice(["x.lfr.tmp", "notes.txt"])] = b"garbage\n"
	base = baseline
	if rng.random() < 0.2:
		b = json.loads(baseline)
		for _ in range(rng.choice([1, 2])):
			getattr(c, rng.choice(["m_number", "m_string", "m_type",
					       "m_drop_field", "m_lists"]))({"b": [b]})
		base = dumps(b).encode("utf-8", "surrogatepass")
	# explain decides locks of these classes: mostly ask for one of them.
	decided = {"rwlock", "rwsem", "bitlock", "arch_spinlock", "arch_rwlock"}
	locks = sorted({r["lock"] for recs in files.values() for r in recs
			if isinstance(r, dict) and isinstance(r.get("lock"), str)
			and (str(r.get("class")) in decided or rng.random() < 0.1)})
	lock = rng.choice(locks) if locks and rng.random() < 0.85 else \
		rand_str(rng, rng.choice(c.locks))
	# the text inputs beside the records, each in half of the cases
	lock_stat = profile = None
	if rng.random() < 0.5:
		lock_stat = mutate_text.seed_lock_stat()
		if rng.random() < 0.85:
			lock_stat = mutate_text.lock_stat_mutate(rng, lock_stat)
		if rng.random() < 0.2:
			lock_stat = c.bytes_mutate(lock_stat)
	if rng.random() < 0.5:
		fns = sorted({r["function"].split(":")[-1].encode("utf-8", "surrogatepass")
			      for recs in files.values() for r in recs if isinstance(r, dict)
			      and isinstance(r.get("function"), str) and r["function"]
			      and " " not in r["function"] and "\n" not in r["function"]})
		profile = mutate_text.profile_mutate(rng, mutate_text.make_profile(rng, fns))
		if rng.random() < 0.2:
			profile = c.bytes_mutate(profile)
	case = {"files": out, "baseline": base, "lock": lock,
		"lock_stat": lock_stat, "profile": profile,
		"must_fail": bad_reason(out)}
	if rng.random() < 0.3:
		case["kbuild"] = kbuild.make_dir(rng, out)
	return case
