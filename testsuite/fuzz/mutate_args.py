"""mutate_args.py - lockfit-cc's argument lists (cc/lockfit-cc.c) as
a fuzz input: kernel compile commands as kbuild and distcc write them,
with the options that move GCC's plugin directory (--prefix=DIR,
--prefix DIR, -B, -iplugindir=), hidden arguments (@FILE), other
plugins, plugin arguments it must drop (out=, help, no key), -E/-M/-P,
.i inputs, compiler names it must refuse, long and odd bytes, arguments
dropped, repeated and swapped; as the server side (lockfit-cc gcc ARGS)
or the client (lockfit-cc distcc gcc ARGS), with or without
$LOCKFIT_PLUGIN.  A fake gcc and distcc (first in PATH) write what they
are run with; check() says what lockfit-cc must never run."""
import os

PLUGINDIR = "/usr/lib/gcc/fake/plugin"	# what the fake gcc answers
OPT = "-fplugin-arg-lockfit-"
KEYS = ["srcroot", "objtree", "cwd", "config", "modroot", "calls", "warn", "verbose"]
BASE = ["-Wp,-MMD,fs/.x.o.d", "-nostdinc", "-I./include", "-D__KERNEL__",
	"-O2", "-fno-strict-aliasing", OPT + "srcroot=/usr/src/linux",
	"-c", "-o", "fs/x.o", "fs/x.c"]
ODD = ["--prefix=/tmp/evil", "--prefix", "/tmp/evil", "-B/tmp/evil/", "-B",
       "-iplugindir=/tmp/evil", "@/tmp/args", "@", "-fplugin=/tmp/evil.so",
       "-fplugin=lockfit", "-fplugin=", OPT + "out=/etc", OPT + "help",
       OPT, OPT + "=x", OPT + "srcroot", OPT + "modroot=/", "-E", "-M", "-MM",
       "-P", "-dM", "-fdirectives-only", "-S", "-c", "-o", "-o/dev/null",
       "-x", "c", "/tmp/distccd_1.i", "x.i", "", "-", "--", "-fplugin-arg-",
       "-fplugin-arg-other-x=1", "--version", "-v", "\x1b[31m", "a b",
       "é", "=" * 5000, OPT + "srcroot=" + "/x" * 20000]
COMPILERS = ["gcc", "gcc", "gcc", "cc", "gcc-12", "x86_64-linux-gnu-gcc-12",
	     "/usr/bin/gcc", "sh", "/bin/sh", "distcc", "gcc;sh", "evil-gcc-x",
	     "-c", "", "../gcc", "gcc-", "c89-gcc"]
PLUGINS = [None, None, "/usr/lib/lf/lockfit.so", "lockfit", "", "rel/lf.so",
	   "/usr/lib/lf/lf2.so"]


def make_case(rng):
	"""{"mode", "argv", "plugin"}: one run of lockfit-cc."""
	args = list(BASE)
	for _ in range(rng.choice([0, 1, 1, 2, 3, 5, 8])):
		k = rng.random()
		if k < 0.5:
			args.insert(rng.randrange(len(args) + 1), rng.choice(ODD))
		elif k < 0.65 and args:
			del args[rng.randrange(len(args))]
		elif k < 0.8 and args:
			args.insert(rng.randrange(len(args) + 1), rng.choice(args))
		elif len(args) > 1:
			i, j = rng.randrange(len(args)), rng.randrange(len(args))
			args[i], args[j] = args[j], args[i]
	mode = "client" if rng.random() < 0.3 else "server"
	cc = rng.choice(COMPILERS)
	argv = (["distcc"] if mode == "client" else []) + [cc] + args
	return {"mode": mode, "argv": argv, "plugin": rng.choice(PLUGINS)}


def write_fakes(d):
	"""D/fake/gcc and D/fake/distcc: each writes its arguments, NUL
	ended, to ran in its working directory (gcc answers
	-print-file-name=plugin)."""
	fake = os.path.join(d, "fake")
	os.makedirs(fake)
	for name in ("gcc", "distcc"):
		with open(os.path.join(fake, name), "w") as f:
			f.write("#!/bin/sh\n")
			if name == "gcc":
				f.write('[ "$1" != -print-file-name=plugin ] || '
					'{ echo %s; exit 0; }\n' % PLUGINDIR)
			f.write('printf "%s\\0" "$@" >ran\n')
		os.chmod(os.path.join(fake, name), 0o755)
	for name in ("cc", "gcc-12", "x86_64-linux-gnu-gcc-12", "c89-gcc"):
		os.symlink("gcc", os.path.join(fake, name))


def env(case):
	"""What the run's environment changes (None: unset); relative to the
	case directory, lockfit-cc's working directory."""
	return {"PATH": "fake:/usr/bin:/bin", "LOCKFIT_PLUGIN": case["plugin"]}


def check(case, d):
	"""What lockfit-cc ran that it must not have, or None."""
	path = os.path.join(d, "ran")
	if not os.path.exists(path):
		return None
	with open(path, "rb") as f:
		ran = [a.decode("utf-8", "surrogateescape") for a in f.read().split(b"\0")[:-1]]
	given = case["argv"][1:] if case["mode"] == "server" else case["argv"]
	added = [a for a in ran if a.startswith("-fplugin=") and a not in given]
	if case["mode"] == "client":
		return "the client added %s" % added[0] if added else None
	p = case["plugin"]
	want = "-fplugin=" + (p if p and p.startswith("/") else PLUGINDIR + "/lockfit.so")
	for a in added:
		if a != want:
			return "added %s, not %s" % (a[:200], want)
	if added and any(a.startswith("@") for a in given):
		return "the plugin added to a command with @FILE"
	if added:
		name = os.path.basename(want[9:])
		pre = "-fplugin-arg-%s-" % (name[:-3] if name.endswith(".so") else name)
		for a in ran:
			if a.startswith(pre) and a[len(pre):].split("=")[0] not in KEYS:
				return "passed on %s" % a[:200]
	return None
