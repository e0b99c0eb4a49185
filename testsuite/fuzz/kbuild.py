"""kbuild.py - kbuild output directories for the fuzzer (used by mutate.py):
a case's record files put into objects (a minimal ELF with the records
section), listed by thin archives (vmlinux.a, lib/lib.a, nested built-in.a)
in GNU ar's format as kbuild 6.1 makes them, and by modules.order and
.mod files; then the lists mutated, by structure (names, offsets, headers,
nesting, repetition, loops, paths leaving the directory) and by bytes.

make_dir(rng, files) returns {relative path: bytes}, every path below the
directory; the lists may name anything.  Everything comes from rng.
"""
import platform
import struct

SECTION = b".discard.lockfit.records"
# The machine whose objects the tool reads (tools/records/elf.c).
MACHINE = {"x86_64": 62, "aarch64": 183, "riscv64": 243}.get(platform.machine(), 62)
DIRS = ["kernel", "kernel/time", "mm", "fs/ext4", "net/ipv4", "lib",
	"drivers/" + "d" * 60 + "/" + "e" * 60, "arch/x86/kernel"]
NAMES = ["a", "ab", "sched", "signal", "abcdefghijk", "x" * 40, "fork"]


def elf_object(sec):
	"""An ELF64 little-endian relocatable with one section, the records."""
	shstr = b"\0" + SECTION + b"\0.shstrtab\0"
	off_str = 64 + len(sec)
	shoff = (off_str + len(shstr) + 7) & ~7
	ident = b"\x7fELF" + bytes([2, 1, 1, 0]) + bytes(8)
	eh = struct.pack("<16sHHIQQQIHHHHHH", ident, 1, MACHINE, 1, 0, 0, shoff,
			 0, 64, 0, 0, 64, 3, 2)
	sh = bytes(64)
	sh += struct.pack("<IIQQQQIIQQ", 1, 1, 0x80000000, 0, 64, len(sec), 0, 0,
			  1, 0)
	sh += struct.pack("<IIQQQQIIQQ", 2 + len(SECTION), 3, 0, 0, off_str,
			  len(shstr), 0, 0, 1, 0)
	body = eh + sec + shstr
	return body + bytes(shoff - len(body)) + sh


def hdr(name, size):
	return b"%-16s%-12s%-6s%-6s%-8s%-10d`\n" % (name[:16], b"0", b"0", b"0",
						    b"644", size)


def thin(rng, names, symtab=None):
	"""A thin archive of NAMES as GNU ar writes it: names of 15 characters
	or more, or with a '/', in the // table; a 15-character one keeps its
	'/' at the end of the name field ("/NNN          /")."""
	out = b"!<thin>\n"
	if symtab:
		body = struct.pack(">I", 1) + struct.pack(">I", 8) + b"sym\0"
		if symtab == b"/SYM64/":
			body = struct.pack(">Q", 1) + struct.pack(">Q", 8) + b"sym\0"
		out += hdr(symtab, len(body)) + body + b"\n" * (len(body) % 2)
	table, fields = b"", []
	for n in names:
		if len(n) < 15 and b"/" not in n and rng.random() < 0.8:
			fields.append(n + b"/")
			continue
		field = b"/%d" % len(table)
		if len(n) == 15:
			field = field.ljust(15) + b"/"
		fields.append(field)
		table += n + b"/\n"
	if table:
		out += hdr(b"//", len(table)) + table + b"\n" * (len(table) % 2)
	for f in fields:
		out += hdr(f, rng.choice([0, 1104, 123456]))
	return out


def mutate_archive(rng, data):
	"""One structural or byte mutation of a thin archive."""
	how = rng.randrange(14)
	headers = [i for i in range(8, len(data) - 59)
		   if data[i + 58:i + 60] == b"`\n" and (i - 8) % 2 == 0]
	h = rng.choice(headers) if headers else 8
	field = rng.choice([b"/99999999", b"/0:68", b"/18446744073709551616",
			    b"/-1", b"/ 5", b"/5//", b"/", b"//", b"/SYM64/",
			    b"\0abc", b"a\nb/", b"../../x.o/", b"/etc/passwd",
			    b"/1x", b"/0" + b" " * 13 + b"/", b"#1/20", b""])
	if how == 0:
		return data[:h] + field.ljust(16)[:16] + data[h + 16:]
	if how == 1:	# size field
		size = rng.choice([b"9999999999", b"-1", b"", b"1e3", b"18446744073709551615",
				   b"0x10", b"4294967296"])
		return data[:h + 48] + size.ljust(10)[:10] + data[h + 58:]
	if how == 2:	# the end marker
		return data[:h + 58] + rng.choice([b"x\n", b"`\0", b"  "]) + data[h + 60:]
	if how == 3 and len(data) > 8:
		return data[:rng.randrange(8, len(data))]
	if how == 4:	# a header repeated many times
		return data + data[h:h + 60] * rng.choice([2, 100, 5000])
	if how == 5 and len(data) > 9:
		i = rng.randrange(len(data))
		return data[:i] + bytes([rng.randrange(256)]) + data[i + 1:]
	if how == 6:	# a second name table, or one cut short
		t = b"x.o\n"
		return data + hdr(b"//", rng.choice([len(t), 1000, 3])) + t
	if how == 7:
		return rng.choice([b"!<arch>\n", b"!<thin>", b"", b"!<thin>\n"]) + data[8:]
	if how == 8:	# names without their end
		return data.replace(b"/\n", rng.choice([b"", b"/", b"\n\n", b"\0\n"]))
	return data


def make_dir(rng, files):
	"""A kbuild output directory holding FILES' records (.lfr only)."""
	names = sorted(n for n in files if n.endswith(".lfr"))
	out = {".config": b"CONFIG_X=y\n"}
	objs = []
	for i, n in enumerate(names):
		d = rng.choice(DIRS)
		base = rng.choice(NAMES) + "%d" % i
		if rng.random() < 0.3:	# exactly 15 characters from the top
			base = ("k%d" % i).ljust(15 - len("kernel/") - 2, "q")
			d = "kernel"
		path = "%s/%s.o" % (d, base)
		out[path] = elf_object(files[n])
		objs.append(path)
	rng.shuffle(objs)
	k = rng.randrange(len(objs) + 1)
	builtin, libs, mods = objs[:k], [], []
	for p in objs[k:]:
		(libs if rng.random() < 0.4 else mods).append(p)
	# vmlinux.a: objects relative to the top, some through a nested
	# built-in.a; sometimes listed again, in loops or long chains
	top = [p.encode() for p in builtin]
	if top and rng.random() < 0.3:
		nested = top[:rng.randrange(len(top)) + 1]
		top = top[len(nested):] + [b"kernel/built-in.a"] * rng.choice([1, 1, 3])
		rel = [b"../" + p if not p.startswith(b"kernel/") else p[7:]
		       for p in nested]
		if rng.random() < 0.2:
			rel.append(rng.choice([b"built-in.a", b"../vmlinux.a"]))
		out["kernel/built-in.a"] = thin(rng, rel)
	if rng.random() < 0.1:
		depth = rng.choice([3, 9, 12])
		for j in range(depth):
			nxt = [b"c%d.a" % (j + 1)] * rng.choice([1, 10])
			out["fs/c%d.a" % j] = thin(rng, nxt if j + 1 < depth else
						    [b"../" + p for p in top[:1]])
		top.append(b"fs/c0.a")
	if rng.random() < 0.2:
		top.append(rng.choice([b"../outside.o", b"/etc/passwd", b"/dev/zero",
				       b"kernel/../../x.o", b"kernel/", b".",
				       b"kernel//./" + (top[0] if top else b"a.o")]))
	vm = thin(rng, top, rng.choice([None, b"/", b"/SYM64/"]))
	lib = thin(rng, [b"../" + p.encode() if not p.startswith("lib/") else
			 p[4:].encode() for p in libs], rng.choice([None, b"/"]))
	for _ in range(rng.choice([0, 0, 1, 2, 4])):
		if rng.random() < 0.7:
			vm = mutate_archive(rng, vm)
		else:
			lib = mutate_archive(rng, lib)
	out["vmlinux.a" if rng.random() < 0.9 else "built-in.a"] = vm
	if libs or rng.random() < 0.2:
		out["lib/lib.a"] = lib
	# modules: one per object, a .mod naming it
	order = b""
	for j, p in enumerate(mods):
		m = "m%d/mod%d" % (j % 3, j)
		order += m.encode() + rng.choice([b".ko", b".o", b""]) + b"\n"
		mod = p.encode() + b"\n"
		if rng.random() < 0.1:
			mod = rng.choice([b"../x.o\n", b"/dev/zero.o\n", b"\0\n",
					  b" \t\n" * 100, mod * 50, b""])
		out[m + ".mod"] = mod
	if order or rng.random() < 0.2:
		if rng.random() < 0.15:
			order = rng.choice([order + b"../../etc/x.ko\n", order * 20,
					    order.replace(b"\n", b"\r\n"), b"\n\n\n",
					    b"/abs.ko\n" + order])
		out["modules.order"] = order
	return out
