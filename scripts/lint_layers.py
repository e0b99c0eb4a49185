# lint_layers.py - scripts/lint's "layers" rule: the folders of tools/
# and what each may use, from tools/LAYERS.
#
#   layer    every dependency of a file on a file of another folder, by
#            #include "..." and by symbol (a function or object one
#            object file uses and another defines: nm of each file
#            compiled alone), goes down tools/LAYERS' list of layers, or
#            is one of its "allow" lines; each other one is a problem.
#   symcycle no cycle of symbol uses between files of different folders:
#            each is printed as its strongly connected component, with the
#            uses that cross a folder.
#
# A tree without tools/LAYERS (a fixture of testsuite/lint) has no layers.
import os
import posixpath
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor

LAYERS = "tools/LAYERS"
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')


def read_layers(lines, problem):
    """tools/LAYERS: its layers bottom first, its allowed exceptions
    {(from, to): kinds}, the extra sources, the files ranked as another
    folder."""
    order, allow, sources, place = [], {}, [], {}
    for n, raw in enumerate(lines, 1):
        w = raw.split("#", 1)[0].split()
        if not w:
            continue
        if w[0] == "layer" and len(w) == 2:
            order.append(w[1])
        elif w[0] == "allow" and len(w) >= 4 and w[3] in ("include", "call", "both"):
            kinds = {"include", "call"} if w[3] == "both" else {w[3]}
            allow.setdefault((w[1], w[2]), set()).update(kinds)
        elif w[0] == "source" and len(w) == 3:
            sources.append((w[1], w[2]))
        elif w[0] == "place" and len(w) == 3:
            place[w[1]] = w[2]
        else:
            problem(LAYERS, n, "not a layer, allow, source or place line: %s" % raw.strip())
    return order, allow, sources, place


def folder_of(rel, sources, place):
    if rel in place:
        return place[rel]
    for path, layer in sources:
        if rel == path:
            return layer
    parts = rel.split("/")
    if parts[0] == "tools":
        return parts[1] if len(parts) > 2 else "main"
    return parts[0]


def compile_all(root, srcs, cc):
    """nm of each source compiled alone: {src: (defined, undefined)}."""
    out = {}
    tmp = tempfile.mkdtemp(prefix="lockfit-lint.")

    def one(src):
        obj = os.path.join(tmp, src.replace("/", "+") + ".o")
        r = subprocess.run([cc, "-std=gnu11", "-O0", "-w", "-c", "-I.", "-Itools",
                            "-o", obj, src], cwd=root, capture_output=True, text=True)
        if r.returncode:
            return src, None, r.stderr.strip().split("\n")[0]
        nm = subprocess.run(["nm", obj], capture_output=True, text=True).stdout
        d, u = set(), set()
        for line in nm.splitlines():
            p = line.split()
            if len(p) == 3 and p[1] in "TDRBCGSV":
                d.add(p[2])
            elif len(p) == 2 and p[0] == "U":
                u.add(p[1])
        return src, (d, u), None

    try:
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as ex:
            for src, syms, err in ex.map(one, srcs):
                out[src] = syms if syms else err
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return out


def check_layers(root, files, text, problem, sccs):
    if LAYERS not in files:
        return
    order, allow, sources, place = read_layers(text(LAYERS), problem)
    rank = {f: i for i, f in enumerate(order)}
    present = set(files)
    srcs = sorted(f for f in files if f.startswith("tools/") and f.endswith(".c"))
    srcs += [p for p, _ in sources if p in present and p not in srcs]
    where = lambda rel: folder_of(rel, sources, place)

    def allowed(a, b, kind):
        if a == b:
            return True
        if a not in rank or b not in rank:
            return False
        return rank[b] < rank[a] or kind in allow.get((a, b), ())

    for rel in files:
        if not rel.startswith("tools/") or not rel.endswith((".c", ".h")):
            continue
        for n, line in enumerate(text(rel), 1):
            inc = INCLUDE.match(line)
            if not inc:
                continue
            for d in (posixpath.dirname(rel), "", "tools"):
                target = posixpath.normpath(posixpath.join(d, inc.group(1)))
                if target in present:
                    break
            else:
                continue
            a, b = where(rel), where(target)
            if not allowed(a, b, "include"):
                problem(rel, n, "%s may not include %s (%s -> %s, %s)" % (a, b, a, b, LAYERS))
    objs = compile_all(root, srcs, os.environ.get("CC") or "gcc")
    defs = {}
    for src in srcs:
        if isinstance(objs[src], str):
            problem(src, 1, "cannot compile it alone for its symbols: %s" % objs[src])
            continue
        for s in objs[src][0]:
            defs[s] = src
    edges = {s: {} for s in srcs}
    for src in srcs:
        if isinstance(objs[src], str):
            continue
        for s in sorted(objs[src][1]):
            t = defs.get(s)
            if t and t != src:
                edges[src].setdefault(t, []).append(s)
    for src in srcs:
        for t, syms in sorted(edges[src].items()):
            a, b = where(src), where(t)
            if not allowed(a, b, "call"):
                problem(src, 1, "%s may not use %s: %s of %s (%s)" %
                        (a, b, " ".join(syms), t, LAYERS))
    for comp in sccs(srcs, edges):
        if len(set(map(where, comp))) < 2:
            continue
        problem(comp[0], 1, "symbol cycle of %d files over %d folders: %s" %
                (len(comp), len(set(map(where, comp))), " ".join(comp)))
        members = set(comp)
        for f in comp:
            for t, syms in sorted(edges[f].items()):
                if t in members and where(f) != where(t):
                    problem(f, 1, "  %s -> %s: %s" % (f, t, " ".join(syms)))
