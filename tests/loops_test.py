"""No two files of src/ depend on each other in a loop (issue 17), through
calls or includes.  Calls: the link-level call graph of the built objects
(binutils' nm: each object's undefined symbols resolved to the object that
defines them); includes: the #include "..." lines.  A loop is named with
the symbols or headers that make it.

usage: loops_test.py BUILD_DIR SOURCE_DIR"""
import collections
import glob
import os
import re
import subprocess
import sys

build, src = sys.argv[1], sys.argv[2]
sys.setrecursionlimit(10000)


def loops(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


failed = 0
# calls, between the objects of the program (the library's own copies are
# the same sources)
objs = [o for o in glob.glob(os.path.join(build, "CMakeFiles", "*.dir", "src", "**", "*.o"),
                             recursive=True)
        if "/tensu_shared.dir/" not in o]
defs, undef, names = {}, collections.defaultdict(set), set()
for o in objs:
    name = o.split(os.sep + "src" + os.sep, 1)[1][:-2]
    names.add(name)
    for line in subprocess.run(["nm", o], capture_output=True, text=True).stdout.splitlines():
        p = line.split()
        if len(p) == 3 and p[1] in "TDRBC":
            defs[p[2]] = name
        elif len(p) == 2 and p[0] == "U":
            undef[name].add(p[1])
calls = collections.defaultdict(set)
for f, syms in undef.items():
    for s in syms:
        if s in defs and defs[s] != f:
            calls[f].add(defs[s])
for comp in loops(calls):
    failed += 1
    print("FAIL: files calling each other in a loop:", " ".join(comp))
    for a in comp:
        for b in comp:
            if b in calls[a]:
                print("   ", a, "->", b + ":", " ".join(sorted(s for s in undef[a] if defs.get(s) == b)))

# includes
inc = collections.defaultdict(set)
files = glob.glob(os.path.join(src, "src", "**", "*.[ch]"), recursive=True)
for f in files:
    rel = os.path.relpath(f, os.path.join(src, "src"))
    for m in re.finditer(r'^#include "([^"]+)"', open(f, encoding="utf-8").read(), re.M):
        target = os.path.normpath(os.path.join(os.path.dirname(rel), m.group(1)))
        inc[rel].add(target)
for comp in loops(inc):
    failed += 1
    print("FAIL: files including each other in a loop:", " ".join(comp))

print(f"loops: {len(names)} objects, {sum(len(v) for v in calls.values())} call edges, "
      f"{sum(len(v) for v in inc.values())} include edges, {failed} loops")
sys.exit(1 if failed or len(names) < 40 else 0)
