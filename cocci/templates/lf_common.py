import re
import sys

def lf_define(name):
    """The value of -D NAME=VALUE ("" for a bare -D NAME) on spatch's
    command line, or None.  -D struct=TAG has to be read this way: struct
    is a SmPL keyword, so it cannot name a virtual identifier."""
    try:
        with open("/proc/self/cmdline", "rb") as f:
            argv = f.read().decode().split("\0")
    except OSError:
        return None
    value = None
    for i, a in enumerate(argv):
        d = argv[i + 1] if a == "-D" and i + 1 < len(argv) else a[2:] if a.startswith("-D") else None
        if d is not None and (d == name or d.startswith(name + "=")):
            value = d[len(name) + 1:]
    return value

def lf_usage(ok, usage):
    if not ok:
        sys.stderr.write("usage: spatch --sp-file %s %s FILE...\n" % (cocci.cocci_file, usage))
        sys.exit(2)

LF_MODE = [m for m in ("patch", "report", "org", "context") if lf_define(m) is not None]
LF_LOCK = lf_define("lock")
LF_STRUCT = lf_define("struct")
LF_NAME = "struct %s::%s" % (LF_STRUCT, LF_LOCK) if LF_STRUCT else LF_LOCK
# -D via=OUTER.MEMBER: the struct is also embedded as MEMBER of struct OUTER
LF_VIA = tuple(lf_define("via").split(".", 1)) if lf_define("via") else None
lf_usage(not LF_VIA or (len(LF_VIA) == 2 and all(re.match(r"^[A-Za-z_]\w*$", w) for w in LF_VIA)),
         "-D via=OUTER.MEMBER (one embedding: the struct OUTER's member MEMBER)")
LF_NONE = "lockfit_unused__"   # binds the names of the mode not in use

def lf_say(p, msg):
    """One finding at position p: a report line, an org TODO, or in patch
    mode a note on stderr (the patch itself is on stdout)."""
    msg = "%s: %s" % (LF_NAME, msg)
    if "report" in LF_MODE:
        coccilib.report.print_report(p, msg)
    elif "org" in LF_MODE:
        coccilib.org.print_todo(p, msg.replace("[", "@(").replace("]", ")"))
    elif "patch" in LF_MODE:
        sys.stderr.write("%s:%s: lockfit: %s\n" % (p.file, p.line, msg))

def lf_index(*texts):
    """A loop index for an array: i, unless the code it goes with (the
    array, its length) already uses that name."""
    return [w for w in ("i", "idx", "lf_i")
            if not any(re.search(r"\b%s\b" % w, t) for t in texts)][0]

def lf_show(to, lock="()"):
    """A table TO for a message: placeholders become readable."""
    to = re.sub(r"\(L\)", lock, to)
    for ph, word in (("L", "..."), ("F", "flags"), ("S", "subclass"), ("K", "new_lock")):
        to = re.sub(r"\b%s\b" % ph, word, to)
    return to
