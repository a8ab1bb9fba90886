#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# check_layers.py - src/'s include graph: no cycle, and no include that
# reaches up a layer.
#
#   python3 tests/layers/check_layers.py [SRC_DIR]     (make check-layers)
#
# Every header says its layer in its first comment ("Layer: registry").
# The layers, lowest first, are LAYERS below. A module is a stem: x.h and
# x.c together. Checked:
#   - every header names a known layer;
#   - no header, and no x.c of a module with a header, includes a header
#     of a higher layer than its own;
#   - the graph of modules (x.c or x.h includes y.h: x -> y; a .c without
#     a header of its own is a module alone) has no cycle.
# Prints each violation and exits 1, or one line of counts and exits 0.
import os
import re
import sys

LAYERS = ["platform", "kernels", "registry", "parsing", "input", "engine", "output",
          "mode", "cli"]
INCLUDE = re.compile(r'^#include "([a-z0-9_]+)\.h"', re.M)
LAYER = re.compile(r"Layer: ([a-z]+)")


def first_comment(text):
    m = re.search(r"/\*.*?\*/", text[text.find("*/") + 2:] if "SPDX" in text[:80] else text,
                  re.S)
    return m.group(0) if m else ""


def main(src):
    files = sorted(f for f in os.listdir(src) if f.endswith((".c", ".h")))
    text = {f: open(os.path.join(src, f), encoding="utf-8").read() for f in files}
    headers = {f[:-2] for f in files if f.endswith(".h")}
    bad = []
    layer = {}
    for h in sorted(headers):
        m = LAYER.search(first_comment(text[h + ".h"]))
        if not m or m.group(1) not in LAYERS:
            bad.append(f"{h}.h: no 'Layer: <{'|'.join(LAYERS)}>' in its first comment")
            continue
        layer[h] = LAYERS.index(m.group(1))
    edges = {}
    for f in files:
        mod = f[:-2]
        for inc in INCLUDE.findall(text[f]):
            if inc == mod or inc not in headers:
                continue
            edges.setdefault(mod, set()).add(inc)
            if mod in layer and inc in layer and layer[inc] > layer[mod]:
                bad.append(f"{f} ({LAYERS[layer[mod]]}) includes {inc}.h "
                           f"({LAYERS[layer[inc]]}): an upward edge")
    for cycle in cycles(edges):
        bad.append("a cycle: " + " -> ".join(cycle + cycle[:1]))
    for b in bad:
        print(b)
    if not bad:
        n = sum(len(v) for v in edges.values())
        print(f"layers: {len(headers)} headers in {len(LAYERS)} layers, {n} module edges, "
              "no cycle, no upward edge")
    return 1 if bad else 0


def cycles(edges):
    """The strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

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

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "src"))
