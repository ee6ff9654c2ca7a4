"""test_pegsol.py - the Python binding (docs/python.md) against seed data.

Run by tests/cli/python.sh with PYTHONPATH=$BUILD/python; plain asserts, one
check per function, prints "RESULT passed failed" as the suite expects.
PEGSOL_TEST_SLOW=1 adds the English c3 count (seed 001 Table 7, past
2^64; minutes on a loaded machine) in place of the central one.
"""
import os
import sys
import time
import traceback

import pegsol

passed = 0
failed = 0


def check(fn):
    global passed, failed
    t = time.monotonic()
    try:
        fn()
        passed += 1
        print("ok   %s (%.2f s)" % (fn.__name__, time.monotonic() - t))
    except Exception:
        failed += 1
        print("FAIL %s" % fn.__name__)
        traceback.print_exc(file=sys.stdout)
    return fn


@check
def solve_t5_corner():
    # seed 001 section 3: the T5 corner complement problem is solvable in
    # 13 jumps; the solution replays (library replay, again through check)
    s = pegsol.solve("T5", vacate="a1", finish="a1")
    assert s.solvable and bool(s)
    assert len(s.jumps) == 13 and s.goal == frozenset({"a1"})
    assert str(s) == s.solution and s.moves <= 13
    c = pegsol.check("T5", s.solution, vacate="a1", finish="a1")
    assert c.legal and c.solved and c.final == {"a1"}, c
    assert c.jumps == s.jumps
    # the same problem as a Board, the start as a set of holes
    b = pegsol.Board("T5")
    s2 = pegsol.solve(b, position=set(b.holes) - {"a1"}, finish={"a1"})
    assert s2.solution == s.solution


@check
def solve_unsolvable():
    # T5 b3 complement: unsolvable by exhaustive search (seed 001 Table 5)
    s = pegsol.solve("T5", vacate="b3")
    assert not s.solvable and s.reason == "search" and s.why
    assert str(s).startswith("unsolvable: ")
    # too many pegs at the end: the peg count proof
    s = pegsol.solve("T5", vacate="a1", finish=pegsol.Board("T5").holes)
    assert not s.solvable and s.reason == "pegs", s


@check
def count_t5():
    # seed 001: 6816 solutions of the T5 corner complement problem
    n = pegsol.count("T5", vacate="a1", finish="a1")
    assert n == 6816 and type(n) is int


@check
def count_english():
    if os.environ.get("PEGSOL_TEST_SLOW") == "1":
        # seed 001 Table 7: past 2^64, exact
        n = pegsol.count("english", vacate="c3", finish="c3")
        assert n == 138409681956904365268, n
    else:
        # seed 001 Table 7: the central game, past 2^53 (a float is wrong)
        n = pegsol.count("english", vacate="d4")
        assert n == 40861647040079968, n
    assert type(n) is int


@check
def sets_t5():
    # seed 001 Table 1: the 15-hole corner complement problem, by pegs
    s = pegsol.sets("T5", vacate="a1", raw=True)
    F = [1, 1, 4, 19, 62, 149, 268, 344, 317, 215, 112, 39, 10, 3]
    F_raw = [1, 2, 8, 35, 122, 293, 530, 679, 623, 414, 212, 75, 18, 4]
    W = [1, 1, 2, 9, 18, 29, 35, 35, 29, 18, 9, 2, 1, 1]
    L = [0, 0, 2, 4, 20, 43, 86, 94, 89, 49, 29, 7, 1, 1]
    assert [lv.pegs for lv in s.levels] == list(range(14, 0, -1))
    assert [lv.F for lv in s.levels] == F
    assert [lv.F_raw for lv in s.levels] == F_raw
    assert [lv.W for lv in s.levels] == W
    assert [lv.L for lv in s.levels] == L
    assert s.total("F") == 1544 and s.total("F_raw") == 3016
    assert s.total("L") == 425 and s.level(7).W == 35
    assert s.solvable and s.complement and not s.anywhere


@check
def shortest_t6():
    # T6 from a1, one peg anywhere: 10 moves (Merson bound 8), proved
    r = pegsol.shortest("T6", vacate="a1", anywhere=True)
    assert r.solved and r.moves == 10 and r.proved, r
    assert r.lower_bound == 8
    c = pegsol.check("T6", r.solution, vacate="a1")
    assert c.solved and c.moves == 10
    # every start (S(6) = 9, seed 000; docs/shortest.md)
    r = pegsol.shortest("T6", anywhere=True)
    assert r.moves == 9 and r.vacate is not None, r


@check
def boards_and_board():
    fams = pegsol.boards()
    assert "triangle" in fams and fams["triangle"].example
    b = pegsol.Board("T5")
    assert b.spec == "triangle:5" and len(b) == 15 and b.lattice == "triangular"
    assert b.holes[:3] == ("a1", "a2", "b2") and b.holes[-1] == "e5"
    assert len(b.symmetries) == 6 and b.symmetries[0]["c5"] == "c5"
    assert ("a1", "a2", "a3") in b.jumps and ("a3", "a2", "a1") in b.jumps
    assert b.coordinates["b3"] == (1, 2)
    assert b.hole("(0,0)") == "a1" and b.hole("#15") == "e5"
    assert b.position("empty:a1") == frozenset(b.holes) - {"a1"}
    assert b.code("a1") == 1 and b.mincode("e5") == 1
    assert b.start(vacate="a1,b2") == frozenset(b.holes) - {"a1", "b2"}
    e = pegsol.Board("english")
    assert len(e) == 33 and e.mincode(e.start(vacate="d4")) > 0


@check
def show_classes_construct():
    v = pegsol.show("T5", vacate="a1")
    assert v.count == 14 and "a1" not in v.pegs
    assert v.code == 2 ** 15 - 2 and str(v) == v.picture
    assert v.picture.split() == ["."] + ["x"] * 14
    c = pegsol.classes("T5", vacate="a1")
    assert "a1" in c.finish_holes and c.position_class
    k = pegsol.construct(6, vacate="a1")
    assert k.solvable and len(k.jumps) == 19
    assert pegsol.check("T6", k.solution, vacate="a1").solved


@check
def errors():
    try:
        pegsol.Board("nosuchboard:7")
        raise AssertionError("no error")
    except pegsol.Error as e:
        assert isinstance(e, ValueError) and isinstance(e, pegsol.InputError)
        assert "nosuchboard" in e.message and "\n" not in e.message
        assert str(e) == e.message
    for bad in (lambda: pegsol.solve("T5", vacate="z9"),
                lambda: pegsol.solve("T5"),
                lambda: pegsol.solve("T5", vacate="a1", finish="a1",
                                     anywhere=True),
                lambda: pegsol.count("T5", position="garbage!"),
                lambda: pegsol.sets("T5", vacate="a1", group="odd"),
                lambda: pegsol.check("T5", "a1-q9", vacate="a1"),
                lambda: pegsol.solve("T20", vacate="a1")):
        try:
            bad()
            raise AssertionError("no error")
        except pegsol.InputError as e:
            assert e.message and "\n" not in e.message
    # out of resources: the node limit
    try:
        pegsol.solve("T5", vacate="b3", max_nodes=10)
        raise AssertionError("no error")
    except pegsol.ResourceError as e:
        assert isinstance(e, MemoryError) and isinstance(e, pegsol.Error)
    # an illegal jump is an answer, not an error
    c = pegsol.check("T5", "a1-a3", vacate="a1")
    assert not c.legal and c.error and not c.solved


print("RESULT %d %d" % (passed, failed))
sys.exit(1 if failed else 0)
