#!/bin/bash
# solutions.sh - pegsol solutions (docs/solutions.md) and catalog --sweeps:
# the seeds' claims about solutions as objects.
#   seed 000 section 2.3 / seed 003 "The Triangle(5) Board": the
#     a1-complement has 6,816 solutions and "essentially two";
#   seed 003 "The Triangle(4) Board": 14 solutions of vacate a2, finish b2;
#   seed 003 "Stellar Boards": every 7-move Star(2) solution is six moves
#     from the corners plus one free move;
#   seed 003 "Solution Catalogs": longest sweep in a minimal solution,
#     Star(2) 5, Triangle(5) 5, Triangle(6) 9.
# The moves / boards / unordered counts of T5 (6592, 2924, 8) and the four
# classes were checked against an independent brute force (every jump
# sequence listed in Python, keys compared) when the command was written.
cd "$(dirname "$0")/../.." || exit 2
. tests/cli/lib.sh
P=$PEGSOL

jnum() { # jnum KEY CMD...: the JSON number or string KEY of the output
	local k=$1
	shift
	"$@" 2>/dev/null | python3 -c "import json,sys; print(json.load(sys.stdin)['$k'])"
}
expect_eq() { # expect_eq WANT GOT WHAT
	if [ "$1" = "$2" ]; then _ok; else _no "$3: got '$2', want '$1'"; fi
}

# --- T5 a1-complement: 6816 sequences (seed 000 2.3, seed 003) ----------
expect_out '^6816 jump sequences$' $P solutions T5 --vacate a1 --limit 0
expect_exit 0 $P solutions T5 --vacate a1 --limit 0
for d in "jumps 6816" "moves 6592" "boards 2924" "unordered 8"; do
	set -- $d
	expect_eq "$2" "$(jnum count $P solutions T5 --vacate a1 --distinct $1 \
		--limit 0 --json)" "T5 a1 --distinct $1"
done
# the two symmetries of the problem (identity, reflection fixing a1)
expect_eq 2 "$(jnum symmetries $P solutions T5 --vacate a1 --limit 0 --json)" \
	"T5 a1 problem symmetries"

# --- classes: 4 up to symmetry and reordering, 2 line classes ----------
T5C=$($P solutions T5 --vacate a1 --classify --limit 0 --json)
if python3 -c '
import json, sys
o = json.loads(sys.argv[1])
c = o["classes"]
assert o["n_classes"] == 4 and len(c) == 4, o["n_classes"]
# "essentially two" (seed 000, seed 003): two classes once the direction
# of each jump is forgotten (seed 003 reflects each jump block on its own)
assert o["line_classes"] == 2, o["line_classes"]
assert sum(x["sequences"] for x in c) == 6816
assert sum(x["unordered"] for x in c) == 8
assert sorted(x["sequences"] for x in c) == [720, 720, 1440, 3936]
def jumps(s):
    out = []
    for mv in s.split(", "):
        h = mv.split("-")
        out += [h[i] + "-" + h[i + 1] for i in range(len(h) - 1)]
    return out
# seed 003: Type 1 uses the line a3-c3 twice and one of b5-b3, d5-b3;
# Type 2 uses none of them, but one of b2-b4, a2-c4 and one of a3-c5, c3-c5
for x in c:
    j = jumps(x["solution"])
    t1 = sum(v in ("c3-a3", "a3-c3") for v in j)
    b3 = sum(v in ("b5-b3", "d5-b3") for v in j)
    t2a = sum(v in ("b2-b4", "a2-c4") for v in j)
    t2b = sum(v in ("a3-c5", "c3-c5") for v in j)
    if x["line_class"] == 1:
        assert t1 == 2 and b3 == 1 and t2a == 0 and t2b == 0, x
    else:
        assert t1 == 0 and b3 == 0 and t2a == 1 and t2b == 1, x
    assert x["jumps"] == 13
' "$T5C"; then _ok; else _no "T5 a1 classes"; fi
# each representative replays (pegsol check) to one peg at a1
for s in $(echo "$T5C" | python3 -c '
import json, sys
for x in json.load(sys.stdin)["classes"]: print(x["solution"].replace(" ", ""))'); do
	expect_out 'a1' $P check T5 --vacate a1 --finish a1 "$s"
done
expect_out '^4 classes up to the problem.s 2 symmetries and jump reordering; 2 line classes' \
	$P solutions T5 --vacate a1 --classify --limit 0

# --- listing: the first N, each distinct and replayable -----------------
L=$($P solutions T5 --vacate a1 --limit 5 --distinct unordered --json)
expect_eq 5 "$(echo "$L" | python3 -c 'import json,sys; print(json.load(sys.stdin)["listed"])')" \
	"listed 5"
for s in $(echo "$L" | python3 -c '
import json, sys
for x in json.load(sys.stdin)["solutions"]: print(x["solution"].replace(" ", ""))'); do
	expect_exit 0 $P check T5 --vacate a1 --finish a1 "$s"
done
if echo "$L" | python3 -c '
import json, sys
o = json.load(sys.stdin)
keys = set()
for x in o["solutions"]:
    j = []
    for mv in x["solution"].split(", "):
        h = mv.split("-")
        j += [h[i] + "-" + h[i + 1] for i in range(len(h) - 1)]
    keys.add(tuple(sorted(j)))
assert len(keys) == 5 and o["count"] == 8
'; then _ok; else _no "unordered listing distinct"; fi

# --- T4 vacate a2 finish b2: 14 solutions (seed 003, the T4 graph) ------
expect_out '^14 jump sequences' $P solutions T4 --vacate a2 --finish b2 --limit 0
# the T4 complement has none: exit 1
expect_exit 1 $P solutions T4 --vacate a1 --limit 0
expect_out '^0 jump sequences' $P solutions T4 --vacate a1 --limit 0

# --- Star(2): every 7-move solution is 6 corner moves + 1 free move -----
for pr in "b1 b1" "b1 a2" "b1 b4" "b1 d5" "b2 b2" "b2 d3"; do
	set -- $pr
	# 7 is the minimum: none in 6 moves
	expect_exit 1 $P solutions star:2 --vacate $1 --finish $2 --max-moves 6 --limit 0
	J=$($P solutions star:2 --vacate $1 --finish $2 --max-moves 7 \
		--limit 1000 --json)
	if python3 -c '
import json, sys
o = json.loads(sys.argv[1])
corners = {"b1", "a2", "d2", "b4", "e4", "d5"}
assert o["listed"] == o["sequences"] > 0, (o["listed"], o["sequences"])
for x in o["solutions"]:
    moves = x["solution"].split(", ")
    starts = [m.split("-")[0] for m in moves]
    assert x["moves"] == 7 == len(moves), x
    # six of the seven moves start at the six corners
    assert set(starts) >= corners, x
    assert sum(s in corners for s in starts) >= 6, x
' "$J"; then _ok; else _no "Star(2) $1->$2 7-move structure"; fi
done
expect_out '^56 jump sequences within the move bound' \
	$P solutions star:2 --vacate b1 --max-moves 7 --limit 0
expect_out '^28 distinct solutions' \
	$P solutions star:2 --vacate b1 --max-moves 7 --limit 0 --distinct moves

# --- catalog --sweeps: seed 003's "longest sweep, minimal solution" ----
expect_eq 5 "$(jnum longest_min_sweep $P catalog star:2 --sweeps --json)" \
	"Star(2) longest sweep in a minimal solution"
expect_eq 5 "$(jnum longest_min_sweep $P catalog T5 --sweeps --json)" \
	"T5 longest sweep in a minimal solution"
T6S=$($P catalog T6 --sweeps)
expect_out '^longest sweep in a minimal solution: 9$' printf '%s\n' "$T6S"
# the 9-loop: vacate b4, finish f6 (seed 003 "Triangle(6)")
expect_out 'vacate b4 +finish f6 +9 moves +longest +[0-9]+ +sweep +9 ' \
	printf '%s\n' "$T6S"
MD=$(mktemp -d)
expect_exit 0 $P catalog star:2 --sweeps --markdown "$MD/s.md"
expect_out 'longest sweep \(minimal\)' cat "$MD/s.md"
expect_out '^Longest sweep in a minimal solution .*: 5\.$' cat "$MD/s.md"
rm -rf "$MD"

# --- bad input and budgets ---------------------------------------------
expect_exit 0 $P solutions --help
expect_error 'bad --distinct' $P solutions T5 --vacate a1 --distinct foo
expect_error 'limit' $P solutions T5 --vacate a1 --limit abc
expect_error 'limit' $P solutions T5 --vacate a1 --limit 2000000
expect_error 'max-moves' $P solutions T5 --vacate a1 --max-moves 999
expect_error 'does not take --max-moves' $P solutions T5 --vacate a1 \
	--distinct boards --max-moves 9
expect_error 'give the start' $P solutions T5
expect_error 'holes' $P solutions T11 --vacate a1
expect_error '' $P solutions T5 --vacate zz9
expect_error 'sweeps' $P catalog T11 --sweeps
expect_error 'sweep-states' $P catalog T5 --sweeps --sweep-states 0
expect_fail 3 'more than 10 memo states' $P catalog T5 --sweeps \
	--sweep-states 10
expect_fail 3 'more than 10 memo states' $P solutions T5 --vacate a1 \
	--distinct moves --max-states 10
expect_fail 3 'max-enum' $P solutions T5 --vacate a1 --classify --max-enum 100
expect_fail 3 'max-enum' $P solutions T6 --vacate a1 --distinct unordered \
	--max-enum 1000
done_checks
