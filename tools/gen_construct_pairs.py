#!/usr/bin/env python3
"""gen_construct_pairs.py - regenerate src/lib/engines/construct_pairs.c, the data
of the pair constructions (seed 000 section 3.3, docs/construct.md).

Offline only: the shipped constructive solver never searches, it reads the
tables this script writes.

  1. Base pairs: one solution for every feasible (vacate, finish) pair up
     to symmetry on T4 .. T8, found by the exhaustive solver
     (`pegsol solve T<m> --vacate S --finish F --json`).  Seed 000 Table 3:
     T4 3 feasible / 1 solvable, T5 17 / 12, T6 29, T7 27, T8 80 (all
     solvable).  Unsolvable pairs are stored with no solution.
  3. Bell's wider trapezoid (region widths 4, 5, 6 under a3 b3 c3), one
     sequence per unlike catalyst state, first found by a DFS: data only,
     the construction uses the 3-wide trapezoid for every band.
  2. Figure 9 purges: for each of the 12 vacancies v of the trapezoid
     a4..c4, a5..d5, a6..e6 (band frame of purges.h), a jump sequence that
     empties the three rows and leaves the row a3 b3 c3 full but for one
     hole u of v's class.  Found by a depth-first search over the 15 holes
     (jumps tried in a fixed order); the first sequence kept is one with
     the four catalyst moments the side purges need (docs/construct.md).

usage: python3 tools/gen_construct_pairs.py [BUILD] > src/lib/engines/construct_pairs.c
       python3 tools/gen_construct_pairs.py BUILD --doc   (the Figure 9 table
       of docs/construct.md)
"""
import json
import subprocess
import sys

BUILD = sys.argv[1] if len(sys.argv) > 1 else "build"
PEGSOL = BUILD + "/pegsol"


def name(x, y):
    return "%s%d" % (chr(ord("a") + x), y + 1)


def sym(g, K, x, y):
    """seed 000 Appendix A: g = 0..5 is r^(g%3) after f^(g//3)."""
    a, b = x, y
    if g >= 3:
        a = b - a
    for _ in range(g % 3):
        a, b = b - a, K - 1 - a
    return a, b


def idx(x, y):
    return y * (y + 1) // 2 + x


def feasible(n, s, f):
    ss, fs = s[0] + s[1], f[0] + f[1]
    if n % 3 == 1:
        return ss % 3 != 0 and (ss + fs) % 3 == 0
    return ss % 3 == fs % 3


def base_pairs():
    out = []
    for m in range(4, 9):
        holes = [(x, y) for y in range(m) for x in range(y + 1)]
        reps = []
        for s in holes:
            for f in holes:
                if not feasible(m, s, f):
                    continue
                key = min((idx(*sym(g, m, *s)), idx(*sym(g, m, *f)))
                          for g in range(6))
                if key == (idx(*s), idx(*f)):
                    reps.append((s, f))
        for s, f in reps:
            r = subprocess.run([PEGSOL, "solve", "T%d" % m, "--vacate",
                                name(*s), "--finish", name(*f), "--json"],
                               capture_output=True, text=True)
            o = json.loads(r.stdout)
            sol = o.get("solution") if o.get("solvable") else None
            out.append((m, name(*s), name(*f), sol))
        sys.stderr.write("T%d: %d pairs, %d solvable\n" %
                         (m, len(reps), sum(1 for e in out
                                            if e[0] == m and e[3])))
    return out


DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)]


def fig9():
    H = [(x, 2) for x in range(3)]
    for y in (3, 4, 5):
        H += [(x, y) for x in range(y)]
    S = set(H)
    jumps = []
    for (x, y) in H:
        for dx, dy in DIRS:
            o, t = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
            if o in S and t in S:
                jumps.append(((x, y), o, t))

    def moments(seq, v):
        st = {h: 1 for h in H}
        st[v] = 0
        got = set()

        def chk():
            if st[(1, 3)] != st[(2, 3)]:
                got.add("R6")  # right 6-purge, top catalyst b4 c4
            if not st[(2, 3)] and st[(4, 5)]:
                got.add("R3")  # right 3-purge: c4 empty, e6 full
            if st[(0, 3)] != st[(1, 3)]:
                got.add("L6")  # mirrored: a4 b4
            if not st[(0, 3)] and st[(0, 5)]:
                got.add("L3")  # mirrored: a4 empty, a6 full
        chk()
        for f, o, t in seq:
            st[f] = st[o] = 0
            st[t] = 1
            chk()
        return got

    out = []
    for v in [h for h in H if h[1] >= 3]:
        found = []
        path = []

        def dfs(p):
            if len(p) == 2 and all(h[1] == 2 for h in p):
                if len(moments(path, v)) == 4:
                    found.append(list(path))
                    return True
                return False
            for f, o, t in jumps:
                if f in p and o in p and t not in p:
                    path.append((f, o, t))
                    if dfs((p - {f, o}) | {t}):
                        return True
                    path.pop()
            return False
        dfs(frozenset(h for h in H if h != v))
        seq = found[0]
        st = set(h for h in H if h != v)
        for f, o, t in seq:
            st -= {f, o}
            st |= {t}
        u = [h for h in H if h[1] == 2 and h not in st][0]
        out.append((v, u, seq))
    return out


def wide_trapezoid():
    """Bell's wider trapezoid (seed 000 section 3.2: used by his program
    for T5-T7): region a4..d4, a5..e5, a6..f6, catalyst a3 b3 c3, one
    sequence per unlike catalyst state, first found by a DFS."""
    H = [(x, 2) for x in range(3)]
    for y in (3, 4, 5):
        H += [(x, y) for x in range(y + 1)]
    S = set(H)
    region = [h for h in H if h[1] >= 3]
    cat = [h for h in H if h[1] == 2]
    jumps = []
    for (x, y) in H:
        for dx, dy in DIRS:
            o, t = (x + dx, y + dy), (x + 2 * dx, y + 2 * dy)
            if o in S and t in S:
                jumps.append(((x, y), o, t))
    out = []
    for st in ["001", "010", "011", "100", "101", "110"]:
        c = frozenset(h for h, b in zip(cat, st) if b == "1")
        dead, path = set(), []

        def dfs(p):
            if p == c:
                return True
            if p in dead:
                return False
            for f, o, t in jumps:
                if f in p and o in p and t not in p:
                    path.append((f, o, t))
                    if dfs((p - {f, o}) | {t}):
                        return True
                    path.pop()
            dead.add(p)
            return False
        assert dfs(frozenset(region) | c)
        out.append((st, list(path)))
    return region, cat, out


def jump_lines(seq):
    js = ["{%d, %d, %d, %d}" % (f[0], f[1], t[0], t[1]) for f, o, t in seq]
    return ",\n".join("\t" + ", ".join(js[k:k + 4])
                      for k in range(0, len(js), 4))


def wrap(sol, width=64):
    """Split a solution into string literals of at most width chars."""
    parts, cur = [], ""
    for mv in sol.split(", "):
        nxt = cur + (", " if cur else "") + mv
        if cur and len(nxt) + 2 > width:
            parts.append(cur + ", ")
            cur = mv
        else:
            cur = nxt
    parts.append(cur)
    return parts


def bell_moves(seq):
    """Figure 9 jumps in Bell's notation of the band frame (a3 = (0,2))."""
    out, last = [], None
    for f, o, t in seq:
        if f == last:
            out[-1] += "-" + name(*t)
        else:
            out.append(name(*f) + "-" + name(*t))
        last = t
    return ", ".join(out)


def main():
    if len(sys.argv) > 2 and sys.argv[2] == "--doc":
        for v, u, seq in fig9():
            print("| %s | %s | %s |" % (name(*v), name(*u), bell_moves(seq)))
        return
    pairs = base_pairs()
    f9 = fig9()
    w = sys.stdout.write
    w("/* construct_pairs.c - data of the pair constructions (seed 000\n"
      " * section 3.3): base solutions on T4..T8 and the Figure 9 purges.\n"
      " *\n"
      " * GENERATED by tools/gen_construct_pairs.py: do not edit.  The\n"
      " * base solutions were found by the exhaustive solver (pegsol solve),\n"
      " * the Figure 9 purges by a small depth-first search; the shipped\n"
      " * construction only reads them.  Every entry is replayed by\n"
      " * tests/test_construct.c.\n"
      " */\n"
      "#include \"construct_pairs.h\"\n\n"
      "const struct peg_pair_sol peg_cp_pairs[] = {\n")
    for m, s, f, sol in pairs:
        if sol:
            w("\t{%d, \"%s\", \"%s\",\n" % (m, s, f))
            w("\n".join("\t \"%s\"" % part for part in wrap(sol)) + "},\n")
        else:
            w("\t{%d, \"%s\", \"%s\", NULL}, /* unsolvable */\n" % (m, s, f))
    w("};\n\nconst int peg_cp_n_pairs =\n"
      "\t(int)(sizeof(peg_cp_pairs) / sizeof(peg_cp_pairs[0]));\n\n")
    for i, (v, u, seq) in enumerate(f9):
        w("static const struct peg_purge_jump f9j%d[] = {\n" % i)
        w(jump_lines(seq) + "};\n")
    w("\nconst struct peg_fig9 peg_cp_fig9[] = {\n")
    for i, (v, u, seq) in enumerate(f9):
        w("\t{\"fig9-%s\", {%d, %d}, {%d, %d}, %d, f9j%d},\n" %
          (name(*v), v[0], v[1], u[0], u[1], len(seq), i))
    w("};\n\nconst int peg_cp_n_fig9 =\n"
      "\t(int)(sizeof(peg_cp_fig9) / sizeof(peg_cp_fig9[0]));\n")
    region, cat, wide = wide_trapezoid()
    w("\n/* Bell's wider trapezoid: region a4..d4, a5..e5, a6..f6, catalyst "
      "a3 b3 c3 */\nstatic const struct peg_purge_hole wide_region[] = {\n")
    hs = ["{%d, %d}" % h for h in region]
    w(",\n".join("\t" + ", ".join(hs[k:k + 6])
                 for k in range(0, len(hs), 6)))
    w("};\nstatic const struct peg_purge_hole wide_cat[] = {%s};\n" %
      ", ".join("{%d, %d}" % h for h in cat))
    for st, seq in wide:
        w("static const struct peg_purge_jump wide%s[] = {\n" % st)
        w(jump_lines(seq) + "};\n")
    w("\nconst struct peg_purge peg_cp_wide[] = {\n")
    for st, seq in wide:
        w("\t{\"trapezoid-wide-%s\", PEG_PURGE_TRAPEZOID_WIDE, %d, "
          "wide_region, 3,\n\t wide_cat, \"%s\", %d, wide%s, "
          "\"found by search\"},\n" % (st, len(region), st, len(seq), st))
    w("};\n\nconst int peg_cp_n_wide =\n"
      "\t(int)(sizeof(peg_cp_wide) / sizeof(peg_cp_wide[0]));\n")


main()
