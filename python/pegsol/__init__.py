"""pegsol - peg solitaire from Python: the libpegsol engines through cffi.

    >>> import pegsol
    >>> print(pegsol.solve("T5", vacate="a1", finish="a1"))
    >>> pegsol.count("english", vacate="d4")          # an exact int
    >>> b = pegsol.Board("T5"); b.holes[:3]           # ('a1', 'a2', 'b2')

The functions mirror the pegsol subcommands and their options: a board
spec (or a Board), the start as vacate= (holes to empty from the full
board) and/or position= (a position), the goal as finish= (the exact final
pegs; a single hole for shortest) or anywhere=True.  Positions are
frozensets of hole names; a position argument may also be any text
`pegsol --position` takes ("empty:a1,b2", a code, a picture).  Every
solution handed out has been replayed by the library.  Failures raise
pegsol.Error with the library's one-line message: InputError (also a
ValueError) for bad input, ResourceError (also a MemoryError) when memory,
nodes or states run out.  docs/python.md has the whole API.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, Optional, Tuple

from ._pegsol import ffi, lib

__all__ = ["Board", "Family", "Solution", "Level", "Sets", "Shortest",
           "Check", "Classes", "Show", "Error", "InputError",
           "ResourceError", "boards", "solve", "count", "sets", "shortest",
           "check", "construct", "classes", "show", "__version__"]

__version__ = ffi.string(lib.PEG_VERSION).decode()

# ---- errors -------------------------------------------------------------


class Error(Exception):
    """A failing library call; str(e) and e.message are the library's line."""

    kind = "input"

    def __init__(self, message):
        super().__init__(message)
        self.message = message


class InputError(Error, ValueError):
    """Bad input: a board spec, a hole, a position, a solution, an option."""

    kind = "input"


class ResourceError(Error, MemoryError):
    """Out of resources: memory, nodes, states, disk."""

    kind = "resource"


# the words by which the pegsol command tells a resource error (cli.c)
_RESOURCE_WORDS = ("out of memory", "memory exhausted",
                   "Cannot allocate memory", "out of disk space",
                   "No space left on device", "Disk quota exceeded",
                   "File too large")


def _error(msg, resource=False):
    if isinstance(msg, bytes):
        msg = msg.decode("utf-8", "replace")
    if resource or any(w in msg for w in _RESOURCE_WORDS):
        return ResourceError(msg)
    return InputError(msg)


def _err_msg(err):
    return ffi.string(err.msg).decode("utf-8", "replace")


def _take(ptr):
    """A malloc'd C string as str, freed."""
    if ptr == ffi.NULL:
        raise ResourceError("out of memory")
    try:
        return ffi.string(ptr).decode("utf-8", "replace")
    finally:
        lib.free(ptr)


def _text(value, what):
    if not isinstance(value, str):
        raise InputError("%s must be a string, not %s"
                         % (what, type(value).__name__))
    if "\0" in value:
        raise InputError("%s contains a NUL byte" % what)
    return value.encode()


# ---- boards -------------------------------------------------------------

_LATTICES = {lib.PEG_LATTICE_TRI: "triangular",
             lib.PEG_LATTICE_SQUARE: "square",
             lib.PEG_LATTICE_GRAPH: "graph"}


class Board:
    """A board: holes (row-major, named in Bell's notation), jump lines and
    its symmetry group.  Board("T5"), Board("english"), Board("rect:4x5"),
    Board("file:PATH"), Board("graph:PATH") (pegsol boards lists them).
    max_holes: refuse larger boards before building (0 = the library's
    default limit)."""

    def __init__(self, spec, max_holes=0):
        if isinstance(spec, Board):
            spec = spec.spec
        err = ffi.new("struct peg_err *")
        b = lib.peg_board_parse_max(_text(spec, "board spec"), max_holes,
                                    err)
        if b == ffi.NULL:
            raise _error(_err_msg(err))
        self._b = ffi.gc(b, lib.peg_board_free)
        self._holes = None
        self._index = None

    # -- what it is
    @property
    def spec(self) -> str:
        """The canonical spec, e.g. "triangle:5"."""
        return ffi.string(self._b.spec).decode()

    @property
    def title(self) -> str:
        return ffi.string(self._b.title).decode()

    @property
    def lattice(self) -> str:
        """"triangular", "square" or "graph"."""
        return _LATTICES.get(self._b.lattice, "unknown")

    @property
    def n_holes(self) -> int:
        return self._b.n_holes

    def __len__(self):
        return self._b.n_holes

    def __repr__(self):
        return "Board(%r)" % self.spec

    def __eq__(self, other):
        return isinstance(other, Board) and other.spec == self.spec

    def __hash__(self):
        return hash(self.spec)

    # -- holes
    @property
    def holes(self) -> Tuple[str, ...]:
        """Hole names in index order (row-major: a1 is hole 0 on T5)."""
        if self._holes is None:
            buf = ffi.new("char[]", 64)
            self._holes = tuple(
                ffi.string(lib.peg_board_hole_name(self._b, h, buf, 64))
                .decode() for h in range(self._b.n_holes))
            self._index = {n: i for i, n in enumerate(self._holes)}
        return self._holes

    names = holes

    @property
    def coordinates(self) -> Dict[str, Tuple[int, int]]:
        """Hole name -> (x, y) as users type them ("(x,y)"): skew
        coordinates on the triangular lattice, Cartesian on the square one,
        (index, 0) on graphs."""
        b = self._b
        return {n: (b.hx[i] + b.name_x0, b.hy[i] + b.name_y0)
                for i, n in enumerate(self.holes)}

    def index(self, hole) -> int:
        """The index of a hole given by name, "(x,y)", "(x,y,z)" or "#k"."""
        if isinstance(hole, int) and not isinstance(hole, bool):
            if 0 <= hole < self._b.n_holes:
                return hole
            raise InputError("no hole %d (the board has %d)"
                             % (hole, self._b.n_holes))
        self.holes
        i = self._index.get(hole) if isinstance(hole, str) else None
        if i is not None:
            return i
        err = ffi.new("struct peg_err *")
        i = lib.peg_board_parse_hole(self._b, _text(hole, "hole"), err)
        if i < 0:
            raise _error(_err_msg(err))
        return i

    def hole(self, hole) -> str:
        """The name of a hole given in any form index() takes."""
        return self.holes[self.index(hole)]

    @property
    def jumps(self) -> Tuple[Tuple[str, str, str], ...]:
        """Every jump (from, over, to), both directions, by from."""
        return self._jumps(self._b.jumps, self._b.n_jumps)

    @property
    def symmetries(self) -> Tuple[Dict[str, str], ...]:
        """The symmetry group, identity first: each maps hole -> image."""
        h, n, sym = self.holes, self._b.n_holes, self._b.sym
        return tuple({h[i]: h[sym[s * n + i]] for i in range(n)}
                     for s in range(self._b.n_syms))

    # -- positions
    def _holes_arg(self, value, what):
        """Holes as n_holes flags: "a1,b2" (any hole forms the library
        reads) or an iterable of holes."""
        out = ffi.new("unsigned char[]", self._b.n_holes)
        if isinstance(value, str):
            err = ffi.new("struct peg_err *")
            if lib.peg_board_parse_holes(self._b, _text(value, what), out,
                                         err) < 0:
                raise _error(_err_msg(err))
        else:
            try:
                items = list(value)
            except TypeError:
                raise InputError("%s must be holes (a string or a set of "
                                 "hole names), not %s"
                                 % (what, type(value).__name__)) from None
            for x in items:
                out[self.index(x)] = 1
        return out

    def _pegs(self, value, what="position"):
        """A position as n_holes bytes: position text (pos.h: "full",
        "empty:a1", a code, a picture, a list) or an iterable of holes."""
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if isinstance(value, str):
            out = ffi.new("unsigned char[]", self._b.n_holes)
            err = ffi.new("struct peg_err *")
            if lib.peg_pos_parse(self._b, _text(value, what), out, err):
                raise _error(_err_msg(err))
            return out
        return self._holes_arg(value, what)

    def _set(self, pegs) -> FrozenSet[str]:
        h = self.holes
        return frozenset(h[i] for i in range(self._b.n_holes) if pegs[i])

    def position(self, value) -> FrozenSet[str]:
        """Parse a position (text or holes) into a frozenset of names."""
        return self._set(self._pegs(value))

    def start(self, vacate=None, position=None) -> FrozenSet[str]:
        """The start the engines use: position (default the full board)
        minus the vacate holes."""
        return self._set(_start(self, vacate, position))

    def picture(self, position=None, names=False) -> str:
        """A picture (pegs x, holes o); names=True shows hole names."""
        pegs = ffi.NULL if position is None else self._pegs(position)
        return _take(lib.peg_pos_picture(self._b, pegs, 1 if names else 0))

    def code(self, position) -> int:
        """Bell's code: the sum of 2^i over the pegs."""
        pegs = self._pegs(position)
        return int(_take(lib.peg_pos_code_string(pegs, self._b.n_holes)))

    def mincode(self, position) -> int:
        """The canonical code: the least code over the symmetry group."""
        return int(_take(lib.peg_pos_mincode_string(self._b,
                                                    self._pegs(position))))

    def _jumps(self, js, n):
        h = self.holes
        # "from" is a Python keyword: getattr
        return tuple((h[getattr(js[k], "from")], h[js[k].over], h[js[k].to])
                     for k in range(n))

    def _format(self, js, n):
        return _take(lib.peg_jumps_format(self._b, js, n))


def _board(board, max_holes=0):
    if isinstance(board, Board):
        if max_holes and len(board) > max_holes:
            raise InputError("board '%s' has %d holes; this handles at most "
                             "%d holes" % (board.spec, len(board), max_holes))
        return board
    return Board(board, max_holes)


@dataclass(frozen=True)
class Family:
    """A board family (pegsol boards)."""
    name: str
    params: str
    summary: str
    example: str


def boards() -> Dict[str, Family]:
    """The board families by name ("triangle", "english", ...)."""
    out = {}
    f = lib.peg_board_families()
    i = 0
    while f[i].name != ffi.NULL:
        e = f[i]
        fam = Family(*(ffi.string(x).decode() for x in
                       (e.name, e.params, e.summary, e.example)))
        out[fam.name] = fam
        i += 1
    return out


# ---- problems -----------------------------------------------------------

def _start(b, vacate, position):
    if position is None:
        start = ffi.new("unsigned char[]", len(b))
        ffi.memmove(start, b"\1" * len(b), len(b))
    else:
        start = b._pegs(position)
    if vacate is not None:
        v = b._holes_arg(vacate, "vacate")
        for i in range(len(b)):
            if v[i]:
                start[i] = 0
    return start


class _Problem:
    """A start and a goal as the exhaustive engines take them, from the
    pegsol solve/sets/count options (src/cli/problem.c): default goal the
    complement of a vacate= start, one peg anywhere from a position=."""

    def __init__(self, b, vacate, position, finish, anywhere):
        if finish is not None and anywhere:
            raise InputError("give finish= or anywhere=True, not both")
        if vacate is None and position is None:
            raise InputError("give the start: vacate=H or position=P")
        n = len(b)
        self.start = _start(b, vacate, position)
        self.goal = ffi.new("unsigned char[]", n)
        self.p = ffi.new("struct peg_problem *")
        self.p.start = self.start
        self.p.goal = lib.PEG_GOAL_ANYWHERE
        self.p.finish = ffi.NULL
        self.anywhere = True
        if finish is not None or (not anywhere and position is None):
            if finish is not None:
                self.goal = b._holes_arg(finish, "finish")
            else:
                for i in range(n):
                    self.goal[i] = 0 if self.start[i] else 1
            self.p.goal = lib.PEG_GOAL_POSITION
            self.p.finish = self.goal
            self.anywhere = False


# ---- solve --------------------------------------------------------------

_REASONS = {lib.PEG_REASON_NONE: None, lib.PEG_REASON_PEGS: "pegs",
            lib.PEG_REASON_CLASS: "class", lib.PEG_REASON_SEARCH: "search"}


@dataclass(frozen=True)
class Solution:
    """The answer to a problem.  str() is the solution in Bell's notation
    ("a3-a1, c3-a3, ..."), or "unsolvable: WHY"; bool() is solvable."""
    board: str                       # canonical spec
    solvable: bool
    solution: Optional[str]          # Bell's notation (replayed)
    jumps: Tuple[Tuple[str, str, str], ...]  # (from, over, to)
    moves: int                       # moves (one peg's consecutive jumps)
    start: FrozenSet[str]
    goal: Optional[FrozenSet[str]]   # exact final pegs; None = anywhere
    reason: Optional[str] = None     # unsolvable: pegs, class or search
    why: Optional[str] = None        # unsolvable: the reason in words
    nodes: int = 0                   # positions expanded
    dead: int = 0                    # dead positions stored
    symmetries: int = 0              # symmetries used

    def __str__(self):
        return self.solution if self.solvable else "unsolvable: %s" % self.why

    def __bool__(self):
        return self.solvable


def solve(board, vacate=None, position=None, finish=None, anywhere=False,
          max_nodes=0, table_mb=0) -> Solution:
    """pegsol solve: depth-first search with a table of dead positions
    (boards of up to 128 holes).  max_nodes: stop with ResourceError after
    that many nodes (0 = none); table_mb: the dead table's budget (0 = 512).
    """
    b = _board(board, 128)
    pr = _Problem(b, vacate, position, finish, anywhere)
    opts = ffi.new("struct peg_solve_opts *")
    opts.table_mb = table_mb
    opts.max_nodes = max_nodes
    res = ffi.new("struct peg_solve_result *")
    err = ffi.new("struct peg_err *")
    try:
        r = lib.peg_solve(b._b, pr.p, opts, res, err)
        if r == lib.PEG_SOLVE_ERROR or r == lib.PEG_SOLVE_LIMIT:
            raise _error(_err_msg(err), r == lib.PEG_SOLVE_LIMIT)
        found = r == lib.PEG_SOLVE_FOUND
        return Solution(
            board=b.spec, solvable=found,
            solution=b._format(res.jumps, res.n_jumps) if found else None,
            jumps=b._jumps(res.jumps, res.n_jumps) if found else (),
            moves=lib.peg_jumps_count_moves(res.jumps, res.n_jumps)
            if found else 0,
            start=b._set(pr.start),
            goal=None if pr.anywhere else b._set(pr.goal),
            reason=None if found else _REASONS.get(res.reason),
            why=None if found else ffi.string(res.why).decode(),
            nodes=res.nodes, dead=res.dead, symmetries=res.n_group)
    finally:
        lib.peg_solve_result_release(res)


# ---- level sets and counts ----------------------------------------------

_GROUPS = {"stab": lib.PEG_GROUP_STAB, "full": lib.PEG_GROUP_FULL,
           "none": lib.PEG_GROUP_NONE}


def _sets_opts(threads, memory_mb, tmpdir, group="stab", raw=False):
    if group not in _GROUPS:
        raise InputError("bad group '%s' (stab, full or none)" % group)
    if not 0 <= threads <= 8:
        raise InputError("bad threads '%d' (a whole number from 0 to 8)"
                         % threads)
    o = ffi.new("struct peg_sets_opts *")
    o.group = _GROUPS[group]
    o.threads = threads
    o.raw = 1 if raw else 0
    keep = []
    if memory_mb is not None:
        if not 0 < memory_mb <= 1e9:
            raise InputError("bad memory_mb '%s' (a positive number of MB "
                             "up to 1000000000)" % memory_mb)
        o.memory = int(memory_mb * (1 << 20))
    if tmpdir is not None:
        keep.append(ffi.new("char[]", _text(tmpdir, "tmpdir")))
        o.tmpdir = keep[-1]
    return o, keep


def count(board, vacate=None, position=None, finish=None, anywhere=False,
          threads=0, memory_mb=None, tmpdir=None) -> int:
    """pegsol count: the exact number of solutions (jump sequences), an
    int of any size (boards of up to 128 holes).  threads: workers (0 = 2);
    memory_mb, tmpdir: partition levels on disk past that budget."""
    b = _board(board, lib.PEG_SETS_MAX_HOLES)
    pr = _Problem(b, vacate, position, finish, anywhere)
    o, keep = _sets_opts(threads, memory_mb, tmpdir)
    res = ffi.new("struct peg_count_result *")
    err = ffi.new("struct peg_err *")
    try:
        if lib.peg_count_solutions_opts(b._b, pr.p, o, res, ffi.NULL, err):
            raise _error(_err_msg(err))
        return int(ffi.string(res.text).decode())
    finally:
        lib.peg_count_result_release(res)


@dataclass(frozen=True)
class Level:
    """The level sets with `pegs` pegs (seed 001 Table 1): sizes in
    canonical codes under the sets' group; F_raw, W_raw with raw=True."""
    pegs: int
    F: int   # reachable from the start
    B: int   # the goal is reachable from them
    W: int   # both: the winning positions
    L: int   # one jump from W_(n+1), not winning
    F_raw: Optional[int] = None
    W_raw: Optional[int] = None


@dataclass(frozen=True)
class Sets:
    """pegsol sets: levels from the start's peg count down to the goal's."""
    board: str
    group: str
    symmetries: int
    complement: bool
    anywhere: bool
    solvable: bool
    levels: Tuple[Level, ...]
    children: int   # children generated (a deterministic work count)

    def level(self, pegs) -> Level:
        for lv in self.levels:
            if lv.pegs == pegs:
                return lv
        raise KeyError(pegs)

    def total(self, which) -> int:
        """The sum of one column over the levels ("F", "W", "F_raw", ...)."""
        return sum(getattr(lv, which) or 0 for lv in self.levels)


def sets(board, vacate=None, position=None, finish=None, anywhere=False,
         group="stab", raw=False, threads=0, memory_mb=None,
         tmpdir=None) -> Sets:
    """pegsol sets: the level sets F_n, B_n, W_n, L_n of a problem (boards
    of up to 128 holes).  group: "stab" (the symmetries fixing start and
    goal), "full" (Bell's mincodes) or "none"."""
    b = _board(board, lib.PEG_SETS_MAX_HOLES)
    pr = _Problem(b, vacate, position, finish, anywhere)
    o, keep = _sets_opts(threads, memory_mb, tmpdir, group, raw)
    out = ffi.new("struct peg_sets **")
    err = ffi.new("struct peg_err *")
    if lib.peg_sets_compute(b._b, pr.p, o, out, err):
        raise _error(_err_msg(err))
    s = out[0]
    try:
        levels = tuple(
            Level(pegs=m, F=s.F[m].n, B=lib.peg_sets_backward_size(s, m),
                  W=s.W[m].n, L=s.L[m].n,
                  F_raw=s.F[m].raw if raw else None,
                  W_raw=s.W[m].raw if raw else None)
            for m in range(s.start_pegs, s.finish_pegs - 1, -1))
        return Sets(board=b.spec, group=group, symmetries=s.n_group,
                    complement=bool(s.complement), anywhere=bool(s.anywhere),
                    solvable=s.W[s.finish_pegs].n > 0, levels=levels,
                    children=s.children)
    finally:
        lib.peg_sets_free(s)


# ---- fewest moves -------------------------------------------------------

@dataclass(frozen=True)
class Shortest:
    """pegsol shortest: a solution with the fewest moves and its proof."""
    board: str
    solved: bool
    moves: Optional[int]       # the minimum number of moves
    solution: Optional[str]    # Bell's notation (replayed)
    jumps: Tuple[Tuple[str, str, str], ...]
    vacate: Optional[str]      # all starts: the start that gave it
    finish: Optional[str]      # where the last peg ends
    lower_bound: int           # Merson bound at the start (least of all)
    proved: bool               # False when max_moves stopped the search
    starts: int                # starts searched
    nodes: int

    def __str__(self):
        if self.solved:
            return "%d moves: %s" % (self.moves, self.solution)
        return "no solution" + ("" if self.proved else " within max_moves")

    def __bool__(self):
        return self.solved


def shortest(board, vacate=None, position=None, finish=None, anywhere=False,
             max_moves=0, max_states=0, threads=0) -> Shortest:
    """pegsol shortest: fewest moves (a move is one peg's consecutive
    jumps) to one peg at the hole finish= or anywhere=True, from vacate=
    and/or position=, or with neither from every single vacancy up to
    symmetry (the least over them; one search per start, each bounded by
    the best so far).  max_moves: give up past this bound (proved False);
    max_states: the state cap (0 = 100 million)."""
    b = _board(board, 128)
    if finish is not None and anywhere:
        raise InputError("give finish= or anywhere=True, not both")
    if finish is None and not anywhere:
        raise InputError("give the end: finish=F or anywhere=True")
    fin = -1 if finish is None else b.index(finish)
    if not 0 <= threads <= 16:
        raise InputError("bad threads '%d' (a whole number from 0 to 16)"
                         % threads)
    so = ffi.new("struct peg_shortest_opts *")
    so.threads = threads
    so.max_states = max_states
    so.max_moves = max_moves
    if vacate is not None or position is not None:
        starts = [(None, _start(b, vacate, position))]
    else:
        starts = []
        for h in range(len(b)):
            if lib.peg_board_hole_orbit_min(b._b, h) == h:
                starts.append((h, _start(b, [h], None)))
    best, best_h, nodes, lb = None, None, 0, None
    err = ffi.new("struct peg_err *")
    for h, pegs in starts:
        res = ffi.new("struct peg_shortest_result *")
        r = lib.peg_shortest_pos(b._b, pegs, fin, so, res, err)
        if r != lib.PEG_SHORTEST_OK:
            raise _error(_err_msg(err), r == lib.PEG_SHORTEST_RESOURCES)
        try:
            nodes += res.nodes
            if lb is None or res.lower_bound < lb:
                lb = res.lower_bound
            if res.solved and (best is None or res.moves < best[0]):
                best = (res.moves, b._format(res.jumps, res.n_jumps),
                        b._jumps(res.jumps, res.n_jumps), res.finish)
                best_h = h
                so.max_moves = max(res.moves - 1, 1)
        finally:
            lib.peg_shortest_result_release(res)
    if best is None:
        return Shortest(board=b.spec, solved=False, moves=None,
                        solution=None, jumps=(), vacate=None, finish=None,
                        lower_bound=lb, proved=not max_moves,
                        starts=len(starts), nodes=nodes)
    return Shortest(board=b.spec, solved=True, moves=best[0],
                    solution=best[1], jumps=best[2],
                    vacate=None if best_h is None else b.holes[best_h],
                    finish=b.holes[best[3]], lower_bound=lb, proved=True,
                    starts=len(starts), nodes=nodes)


# ---- check, construct, classes, show ------------------------------------

@dataclass(frozen=True)
class Check:
    """pegsol check: a solution replayed.  legal: every jump legal; solved:
    legal and one peg left (at finish= when given)."""
    board: str
    legal: bool
    solved: bool
    error: Optional[str]        # why the replay stopped (legal False)
    jumps: Tuple[Tuple[str, str, str], ...]  # the jumps played
    moves: int
    solution: str               # the jumps played in Bell's notation
    final: FrozenSet[str]       # the position reached
    pegs_left: int

    def __bool__(self):
        return self.solved


def check(board, solution, vacate=None, position=None, finish=None) -> Check:
    """pegsol check: replay a solution (Bell's notation "c3-a3-a1, ..." or
    integer pairs "4 1 6 4 ...") from the start.  Bad notation raises
    InputError; an illegal jump gives legal=False and error."""
    b = _board(board)
    if vacate is None and position is None:
        raise InputError("give the start: vacate=H or position=P")
    pegs = _start(b, vacate, position)
    fin = None if finish is None else b.index(finish)
    mv = ffi.new("struct peg_moves *")
    err = ffi.new("struct peg_err *")
    if lib.peg_moves_parse(b._b, _text(solution, "solution"), mv, err):
        raise _error(_err_msg(err))
    js = ffi.new("struct peg_jump **")
    nj = ffi.new("int *")
    try:
        ok = lib.peg_moves_replay(b._b, mv, pegs, js, nj, err) == 0
        why = None if ok else _err_msg(err)
        if js[0] == ffi.NULL and nj[0] > 0:
            raise ResourceError("out of memory")
        jumps = b._jumps(js[0], nj[0])
        text = b._format(js[0], nj[0]) if nj[0] else ""
        moves = lib.peg_jumps_count_moves(js[0], nj[0])
    finally:
        lib.peg_moves_free(mv)
        lib.free(js[0])
    left = lib.peg_pos_count(pegs, len(b))
    solved = ok and left == 1 and (fin is None or pegs[fin] == 1)
    return Check(board=b.spec, legal=ok, solved=solved, error=why,
                 jumps=jumps, moves=moves, solution=text, final=b._set(pegs),
                 pegs_left=left)


def construct(board, vacate, finish=None) -> Solution:
    """pegsol construct: the search-free solution of a triangle T_n
    (board "T<n>" or the side n) from one vacancy, ending anywhere or at
    finish=.  Unsolvable problems give solvable=False and why."""
    if isinstance(board, int) and not isinstance(board, bool):
        board = "triangle:%d" % board
    b = _board(board)
    n = lib.peg_theory_triangle_side(b._b)
    if n <= 0:
        raise InputError("construct solves triangles T<n>, not '%s'"
                         % b.spec)
    v = b.index(vacate)
    c = ffi.new("struct peg_construct **")
    err = ffi.new("struct peg_err *")
    if finish is None:
        r = lib.peg_construct_plan(n, b._b.hx[v], b._b.hy[v], c, err)
        goal = None
    else:
        f = b.index(finish)
        r = lib.peg_construct_plan_pair(n, b._b.hx[v], b._b.hy[v],
                                        b._b.hx[f], b._b.hy[f], c, err)
        goal = frozenset([b.holes[f]])
    start = frozenset(b.holes) - {b.holes[v]}
    if r == lib.PEG_CONSTRUCT_NO:
        return Solution(board=b.spec, solvable=False, solution=None,
                        jumps=(), moves=0, start=start, goal=goal,
                        reason="class", why=_err_msg(err))
    if r != lib.PEG_CONSTRUCT_OK:
        raise _error(_err_msg(err), r == lib.PEG_CONSTRUCT_NOMEM)
    js = ffi.new("struct peg_jump **")
    nj = ffi.new("long *")
    try:
        r = lib.peg_construct_jumps(c[0], js, nj, err)
        if r != lib.PEG_CONSTRUCT_OK:
            raise _error(_err_msg(err), r == lib.PEG_CONSTRUCT_NOMEM)
        return Solution(board=b.spec, solvable=True,
                        solution=b._format(js[0], nj[0]),
                        jumps=b._jumps(js[0], nj[0]),
                        moves=lib.peg_jumps_count_moves(js[0], nj[0]),
                        start=start, goal=goal)
    finally:
        lib.free(js[0])
        lib.peg_construct_free(c[0])


@dataclass(frozen=True)
class Classes:
    """pegsol classes: the position class and where one peg can end."""
    board: str
    position_class: str         # e.g. "PEG_0", "(PEG_1,EMPTY)"
    board_class: str            # the full board's class
    finish_holes: FrozenSet[str]  # holes a single survivor can be on


def classes(board, position=None, vacate=None) -> Classes:
    """The position class (seed 000 section 2) of a start (default the
    full board) and the holes in its class."""
    b = _board(board)
    pegs = _start(b, vacate, position)
    err = ffi.new("struct peg_err *")
    full = ffi.new("unsigned *")
    cls = ffi.new("unsigned *")
    fin = ffi.new("unsigned char[]", len(b))
    if (lib.peg_theory_class(b._b, ffi.NULL, full, err) or
            lib.peg_theory_class(b._b, pegs, cls, err) or
            lib.peg_theory_finish_holes(b._b, pegs, fin, err) < 0):
        raise _error(_err_msg(err))
    buf = ffi.new("char[]", 64)
    name = ffi.string(lib.peg_theory_class_name(b._b, cls[0], buf, 64))
    fname = ffi.string(lib.peg_theory_class_name(b._b, full[0], buf, 64))
    return Classes(board=b.spec, position_class=name.decode(),
                   board_class=fname.decode(), finish_holes=b._set(fin))


@dataclass(frozen=True)
class Show:
    """pegsol show: a position.  str() is the picture."""
    board: str
    title: str
    picture: str
    pegs: FrozenSet[str]
    count: int                  # pegs
    code: Optional[int]         # None past 100,000 holes
    mincode: Optional[int]

    def __str__(self):
        return self.picture


def show(board, position=None, vacate=None, names=False) -> Show:
    """pegsol show: a position (default the full board minus vacate)."""
    b = _board(board)
    pegs = _start(b, vacate, position)
    pic = _take(lib.peg_pos_picture(b._b, pegs, 1 if names else 0))
    code = mincode = None
    if len(b) <= 100000:
        code = int(_take(lib.peg_pos_code_string(pegs, len(b))))
        mincode = int(_take(lib.peg_pos_mincode_string(b._b, pegs)))
    return Show(board=b.spec, title=b.title, picture=pic, pegs=b._set(pegs),
                count=lib.peg_pos_count(pegs, len(b)), code=code,
                mincode=mincode)
