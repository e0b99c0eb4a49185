"""mutate_store.py - the stored use index (tools/index/store.c,
docs/INDEX.md "The stored index") as a fuzz input.  The template is the
store the tool itself makes of the coverage fixture tree
(testsuite/coverage/tree, its records), its files' times fixed so that
every copy of the tree has its state; a case's store is the template
moved to the case's own copy (the tree's path appended to the strings),
then mutated: words of the header and the body set to edge values (0,
NONE, past the counts), locks swapped out of order, the strings' end,
another tree; the hash redone or not; cut (below the header, or
anywhere), zeroed, grown, sparse past the size limit, or a FIFO.
A case is a list of operations, made from the case's random state and
applied when the case is written (the tree's path is known then)."""
import os
import shutil
import struct
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
FIXTURE = os.path.join(TOP, "testsuite", "coverage")
HEAD, LOCK, USE, NAME = 64, 32, 24, 4
NONE = 0xffffffff
MTIME = 1700000000
WORDS = [0, 1, 2, 0xff, 0x100, 0x1ff, 0x200, 0x7fffffff, 0x80000000,
	 0xfffffffe, NONE, "nstrs", "nstrs-1", "nuses", "nlocks", "nnames"]
HEAD_FIELDS = [8, 12, 16, 20, 24, 28, 32, 40, 44, 48, 52, 56]


def fnv(data):
	h = 0xcbf29ce484222325
	for c in data:
		h = ((h ^ c) * 0x100000001b3) & 0xffffffffffffffff
	return h


def copy_tree(dst):
	"""The fixture tree at DST, every time fixed: the state of any copy."""
	shutil.copytree(os.path.join(FIXTURE, "tree"), dst)
	for top, dirs, files in os.walk(dst):
		for n in files + dirs:
			os.utime(os.path.join(top, n), ns=(MTIME * 10**9,) * 2)


def make_template(tool, work, env):
	"""(store bytes, records {name: bytes}, report text without a cache
	with the tree written TREE) from the tool itself, in WORK."""
	shutil.rmtree(work, ignore_errors=True)
	s = os.path.join(work, "store")	# a case's layout: the same report
	os.makedirs(os.path.join(s, "records"))
	copy_tree(os.path.join(s, "tree"))
	subprocess.run(["python3", os.path.join(TOP, "testsuite", "patch", "mkrecs.py"),
			os.path.join(FIXTURE, "records.spec"),
			os.path.join(s, "records")], check=True)
	argv = [tool, "report", "store/records", "--tree", "store/tree"]
	e = dict(env, LOCKFIT_CACHE="store/cache")
	subprocess.run(argv, cwd=work, env=e, check=True,
		       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
	ref = subprocess.run(argv + ["--no-index-cache"], cwd=work, env=e,
			     check=True, stdout=subprocess.PIPE,
			     stderr=subprocess.DEVNULL).stdout
	d = os.path.join(s, "cache", "index")
	names = [n for n in os.listdir(d) if n.startswith("uses-")]
	if len(names) != 1:
		raise SystemExit("mutate_store: no store made in " + d)
	with open(os.path.join(d, names[0]), "rb") as f:
		store = f.read()
	recs = {}
	for n in sorted(os.listdir(os.path.join(s, "records"))):
		with open(os.path.join(s, "records", n), "rb") as f:
			recs[n] = f.read()
	tree = os.path.realpath(os.path.join(s, "tree")).encode()
	return store, recs, ref.replace(tree, b"TREE")


def store_name(tree):
	"""uses-HASH of a tree's real path (store.c: store_path)."""
	return "uses-%016x" % fnv(tree.encode() + b"\0")


def counts(b):
	return dict(zip(["nlocks", "nuses", "nnames", "nstrs"],
			struct.unpack_from("<IIII", b, 40)))


def moved(template, tree):
	"""The template as the store of TREE: its path appended to the
	strings, the header pointing at it, the hash redone."""
	b = bytearray(template)
	n = counts(b)["nstrs"]
	b += tree.encode() + b"\0"
	struct.pack_into("<I", b, 52, n + len(tree.encode()) + 1)
	struct.pack_into("<I", b, 56, n)
	struct.pack_into("<Q", b, 32, fnv(b[HEAD:]))
	return b


def make_ops(rng):
	"""The mutations of one case, as data (applied by apply)."""
	ops = []
	for _ in range(rng.choice([0, 1, 1, 2, 3, 6])):
		k = rng.random()
		if k < 0.6:
			ops.append(["word", rng.random(), rng.choice(WORDS)])
		elif k < 0.75:
			ops.append(["head", rng.choice(HEAD_FIELDS), rng.choice(WORDS)])
		elif k < 0.85:
			ops.append(["swap"])
		elif k < 0.92:
			ops.append(["strend"])
		else:
			ops.append(["othertree"])
	if rng.random() < 0.7:
		ops.append(["fixhash"])
	k = rng.random()
	if k < 0.08:
		ops.append(["cut", rng.randrange(HEAD)])
	elif k < 0.16:
		ops.append(["cut", rng.random()])
	elif k < 0.2:
		ops.append(["zero"])
	elif k < 0.24:
		ops.append(["grow", rng.choice([1, 4, 24, 4096])])
	elif k < 0.26:
		ops.append(["sparse", (256 << 20) + rng.choice([1, 4096, 1 << 20])])
	elif k < 0.28:
		ops.append(["fifo"])
	return ops


def apply(template, tree, ops):
	"""(bytes, special): the store of TREE mutated by OPS; special is
	None, ["sparse", SIZE] or ["fifo"] (write_case's to make)."""
	b = moved(template, tree)
	c = counts(b)
	special = None
	for op in ops:
		if op[0] in ("word", "head"):
			v = op[2]
			if isinstance(v, str):
				v = (c[v[:-2]] - 1 if v.endswith("-1") else c[v]) & NONE
			off = op[1] if op[0] == "head" else \
				HEAD + 4 * int(op[1] * ((len(b) - HEAD) // 4))
			if off + 4 <= len(b):
				struct.pack_into("<I", b, off, v)
		elif op[0] == "swap" and c["nlocks"] > 1:
			i = HEAD
			b[i:i + 2 * LOCK] = b[i + LOCK:i + 2 * LOCK] + b[i:i + LOCK]
		elif op[0] == "strend":
			b[-1] = 0x41
		elif op[0] == "othertree":
			struct.pack_into("<I", b, 56, 0)	# the template's tree
		elif op[0] == "fixhash" and len(b) >= HEAD:
			struct.pack_into("<Q", b, 32, fnv(b[HEAD:]))
		elif op[0] == "cut":
			n = op[1] if isinstance(op[1], int) else int(op[1] * len(b))
			b = b[:n]
		elif op[0] == "zero":
			b = bytearray(len(b))
		elif op[0] == "grow":
			b += b"\0" * op[1]
		else:
			special = op
	return bytes(b), special


def write(d, template, recs, ops):
	"""The case's store inputs under D/store: tree, records, cache."""
	s = os.path.join(d, "store")
	copy_tree(os.path.join(s, "tree"))
	os.makedirs(os.path.join(s, "records"))
	for n, data in recs.items():
		with open(os.path.join(s, "records", n), "wb") as f:
			f.write(data)
	cache = os.path.join(s, "cache", "index")
	os.makedirs(cache)
	tree = os.path.realpath(os.path.join(s, "tree"))
	data, special = apply(template, tree, ops)
	path = os.path.join(cache, store_name(tree))
	if special and special[0] == "fifo":
		os.mkfifo(path)
		return
	with open(path, "wb") as f:
		f.write(data)
		if special and special[0] == "sparse":
			f.truncate(special[1])


def wrong_output(ops, out, d):
	"""Why a report that exited 0 is wrong, or None: a store whose hash
	was not redone can change nothing (it is made again, or refused)."""
	if any(op[0] == "fixhash" for op in ops):
		return None
	tree = os.path.realpath(os.path.join(d, "store", "tree")).encode()
	return None if out.replace(tree, b"TREE") == REF[0] else \
		"the report differs from the one without a cache"


REF = [b""]	# the reference report, set by the harness (make_template)
