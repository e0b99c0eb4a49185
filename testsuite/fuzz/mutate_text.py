"""mutate_text.py - mutations of the two text inputs besides records (used
by mutate.make_case): a /proc/lock_stat file (seed: the project's own VM
run, testsuite/lockstat/data/lock_stat.txt) and a profile (made from the
seeds' function names in one of the three formats lockfit reads).

Line-aware: numbers out of range (2^53, 2^64, 400 digits, negative,
exponents, "inf", a third decimal), class lines copied, dropped, swapped
or repeated thousands of times under new names, names carrying control
characters, "##[error]" or ':' and columns shifted, header lines broken;
then the byte-level mutations of record files (cuts, CRLF, NUL, bad
UTF-8, BOM).  Everything comes from rng.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
LOCK_STAT = os.path.join(HERE, "..", "lockstat", "data", "lock_stat.txt")

NUMS = [b"0", b"1", b"-1", b"9007199254740991", b"9007199254740992",
	b"9223372036854775807", b"9223372036854775808",
	b"18446744073709551615", b"18446744073709551616", b"9" * 400,
	b"1e999", b"inf", b"nan", b"0x10", b"-0.01", b"1.234", b"99999999999999.99",
	b"9000000000000.00", b"9000000000001.00", b".5", b"5.", b"+3"]
NAMES = [b"x##[error]forged", b"::error file=x::forged", b"\x1b[31mred",
	 b"&p->lock\n", b"a:b", b"", b" ", b"x" * 60, b"&(&p->lock)->rlock",
	 b"&slots->lock#2", b"&slots->lock/1", b"(x).y", b"&a->b[c]",
	 b"&x->a.b.c", b"\xff\xfe", b"tasklist_lock", b"&p" + b"->q" * 20]

_seed_lock_stat = None


def seed_lock_stat():
	global _seed_lock_stat
	if _seed_lock_stat is None:
		with open(LOCK_STAT, "rb") as f:
			_seed_lock_stat = f.read()
	return _seed_lock_stat


def _class_lines(lines):
	return [i for i, l in enumerate(lines) if len(l) > 41 and l[40:41] == b":"]


def _set_field(rng, line, value):
	"""Field K (of the 12 numbers after column 41) of a class line."""
	head, words = line[:41], line[41:].split()
	if not words:
		return line + b" " + value
	words[rng.randrange(len(words))] = value
	return head + b"".join(b" %14s" % w for w in words)


def _rename(line, name):
	name = name[:40]
	return b"%40s" % name + line[40:]


def lock_stat_mutate(rng, data):
	lines = data.split(b"\n")
	cls = _class_lines(lines)
	for _ in range(rng.choice([1, 1, 2, 3, 5])):
		how = rng.randrange(11)
		i = rng.choice(cls) if cls else rng.randrange(len(lines))
		if how == 0:
			lines[i] = _set_field(rng, lines[i], rng.choice(NUMS))
		elif how == 1:
			lines.insert(rng.randrange(len(lines)), lines[i])
		elif how == 2 and len(lines) > 1:
			del lines[rng.randrange(len(lines))]
		elif how == 3:
			j = rng.randrange(len(lines))
			lines[i], lines[j] = lines[j], lines[i]
		elif how == 4:
			lines[i] = _rename(lines[i], rng.choice(NAMES))
		elif how == 5:
			# the same class under many names: the mapping's scale
			n = rng.choice([100, 1000, 5000])
			k = rng.choice([b"&p%d->lock", b"&slots%d->lock", b"lock%d",
					b"&p->lock#%d"])
			lines[i:i] = [_rename(_set_field(rng, lines[i], b"%d" % (j + 1)),
					      k % j) for j in range(n)]
		elif how == 6:
			p = rng.randrange(len(lines[i]) + 1)
			lines[i] = lines[i][:p] + rng.choice([b" ", b"", b":", b"\t",
							      b"x" * 2000]) + lines[i][p:]
		elif how == 7:
			lines[rng.randrange(min(6, len(lines)))] = rng.choice(
				[b"lock_stat version 0.3", b"", b"-" * 220, b"x",
				 b"*WARNING* lock debugging disabled!! - possibly due to "
				 b"a lockdep warning"])
		elif how == 8:
			# sums past 2^53 over the classes of one lock
			for j in rng.sample(cls, min(len(cls), 3)) if cls else []:
				lines[j] = _set_field(rng, lines[j], b"9007199254740991")
		elif how == 9:
			lines[i] = lines[i].replace(b"-W:", b"-R:") if rng.random() < 0.5 \
				else lines[i].replace(b"-R:", b"-W:")
		else:
			# a contention point line in the wrong place
			lines.insert(rng.randrange(len(lines)), b"%40s %14d %29s %s" % (
				b"&p->lock", rng.choice([0, 7, 2**64]), b"[<0000000000000000>]",
				rng.choice([b"f+0x1/0x2", b"f+0x1/0x2 [mod]", b"", b"x y z w"])))
	return b"\n".join(lines)


def make_profile(rng, functions):
	"""A profile of some of FUNCTIONS in one of the three formats."""
	fns = rng.sample(functions, min(len(functions), rng.choice([1, 5, 30]))) \
		if functions else [b"f"]
	fmt = rng.randrange(3)
	rows = []
	for f in fns:
		if fmt == 0:
			rows.append(b"c01%05x %s %d %.4f" % (rng.randrange(1 << 20), f,
							     rng.randrange(1, 10000), rng.random()))
		elif fmt == 1:
			rows.append(b"%6.2f%%  cmd  [kernel.kallsyms]  [k] %s" % (
				rng.random() * 20, f))
		else:
			rows.append(b"%s;%s %d" % (rng.choice(fns), f, rng.randrange(1, 1000)))
	if fmt == 0 and rng.random() < 0.5:
		rows.append(b"     0 total 123 0.1")
	return rows


def profile_mutate(rng, rows):
	for _ in range(rng.choice([0, 1, 1, 2, 3])):
		how = rng.randrange(7)
		i = rng.randrange(len(rows)) if rows else 0
		if how == 0 and rows:
			words = rows[i].split(b" ")
			nums = [k for k, w in enumerate(words) if w[:1].isdigit()]
			if nums:
				words[rng.choice(nums)] = rng.choice(NUMS) + \
					(b"%" if words[nums[0]].endswith(b"%") else b"")
			rows[i] = b" ".join(words)
		elif how == 1 and rows:
			# at most about 4 MB of copies
			n = rng.choice([2, 1000, 20000])
			rows[i:i] = [rows[i]] * min(n, (4 << 20) // (len(rows[i]) + 1))
		elif how == 2 and rows:
			rows[i] = rows[i].replace(b"cmd", rng.choice(NAMES).replace(b" ", b"_"))
		elif how == 3:
			rows.insert(i, rng.choice([b"# comment", b"", b"x" * 100000,
						   b"a;" * 5000 + b"b 1", b"101.00%  c  o  [k] f"]))
		elif how == 4 and rows:
			del rows[i]
		elif how == 5 and rows:
			rows[i] = rows[i].replace(b" ", b"\t")
		else:
			rows.append(b"%s;%s %s" % (b"f", rng.choice(NAMES).replace(b" ", b"_"),
						   rng.choice(NUMS)))
	return b"\n".join(rows) + b"\n"
