#!/usr/bin/python3
"""mkrecs.py SPEC OUTDIR - hand-written lockfit records (docs/RECORDS.md)
for testsuite/patch/run, one .lfr file per unit, each ending in its tu
record with the right counts.

SPEC: one record per line, '#' comments:
  section TU FILE:LINE FUNCTION LOCK KIND MODE VARIANT API [key=value...]
  arch    TU FILE:LINE FUNCTION LOCK STATUS HOW API [key=value...]
LOCK: "~" stands for a blank ("struct~a::b").
key=value: decl=FILE:LINE, cost=N, loop=1, recursive=1, cost_known=0,
open_at_exit=1, loop_depth=N, class=C, release=LINE, context=PID (three
0/1 flags: preemption, irqs, bh disabled), enabled_line=N.
"""
import json
import sys

CLASS = {"read_": "rwlock", "write_": "rwlock", "bit_spin": "bitlock",
         "arch_spin": "arch_spinlock", "down_": "rwsem", "up_": "rwsem"}


def klass(api):
    api = guarded(api) or api
    for p, c in CLASS.items():
        if api.startswith(p):
            return c
    return "spinlock"


def guarded(api):
    """NAME of a cleanup.h guard site's api guard(NAME), else None."""
    if api.startswith("guard(") and api.endswith(")"):
        return api[6:-1]
    return None


def primitives(api):
    """The acquire and release primitives of API, as the plugin records
    them: a guard's class constructor and destructor."""
    g = guarded(api)
    if g:
        return "class_%s_constructor" % g, "class_%s_destructor" % g
    return "_raw_" + api, "_raw_" + api.replace("lock", "unlock", 1)


def main():
    spec, out = sys.argv[1], sys.argv[2]
    units = {}
    for raw in open(spec):
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        kind, tu, place, fn, lock = line[:5]
        lock = lock.replace("~", " ")
        file, ln = place.rsplit(":", 1)
        rest = line[5:]
        opts = dict(w.split("=", 1) for w in rest if "=" in w)
        pos = [w for w in rest if "=" not in w]
        r = {"v": 1, "record": "section" if kind == "section" else "arch_spin",
             "tu": tu, "file": file, "line": int(ln), "column": 2,
             "function": fn, "lock": lock}
        if kind == "section":
            lkind, mode, variant, api = pos
            take, release = primitives(api)
            r.update({"lock_kind": lkind, "class": opts.get("class", klass(api)),
                      "mode": mode, "variant": variant,
                      "primitive": take, "api": api, "try": False,
                      "cost": int(opts.get("cost", 4)),
                      "cost_known": opts.get("cost_known", "1") == "1",
                      "loop": opts.get("loop", "0") == "1",
                      "recursive": opts.get("recursive", "0") == "1",
                      "open_at_exit": opts.get("open_at_exit", "0") == "1",
                      "loop_depth": int(opts.get("loop_depth", 0)),
                      "releases": [{"line": int(opts.get("release", int(ln) + 2)),
                                    "primitive": release}],
                      "calls": [], "nested": []})
            if "context" in opts:
                c = opts["context"]
                r["context"] = {"preempt_disabled": c[0] == "1",
                                "irqs_disabled": c[1] == "1",
                                "bh_disabled": c[2] == "1"}
        else:
            status, how, api = pos
            r.update({"primitive": api, "api": api, "status": status, "how": how,
                      "class": "arch_spinlock"})
            if "enabled_line" in opts:
                r["enabled_line"] = int(opts["enabled_line"])
        if "decl" in opts:
            f, l = opts["decl"].rsplit(":", 1)
            r["decl"] = {"file": f, "line": int(l), "column": 1}
        units.setdefault(tu, []).append(r)
    for tu, recs in units.items():
        n = sum(1 for r in recs if r["record"] == "section")
        lines = [json.dumps(r, separators=(",", ":")) for r in recs]
        lines.append(json.dumps({"v": 1, "record": "tu", "tu": tu,
                                 "lockfit": "0.1.0", "gcc": "12.2.0",
                                 "functions": len(recs), "locking_functions": len(recs),
                                 "sections": n, "unknown": 0, "complete": True},
                                separators=(",", ":")))
        with open("%s/%s.lfr" % (out, tu.replace("/", "__")), "w") as f:
            f.write("\n".join(lines) + "\n")


main()
