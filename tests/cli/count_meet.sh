# count_meet.sh - the two meets in the middle of the count walk agree
# (issue 15 item 4).  On a board with an odd number of holes N = 2h + 1 a
# complement count meets on the jumps from h + 1 pegs to h (count_impl.h
# edge_job_: the level of h pegs is never built); the testing switch
# PEGSOL_COUNT_GMP takes the level meet on GMP integers instead, so every
# start's count must come out the same both ways, and so must the edges
# walked.  Even boards (rect:3x6, 18 holes) keep the level meet either way.
# Sums: T6 397,962,490,212 (issue 15, BerndAmend -full -count), and the
# English centre count of seed 001 Table 7 (tests/cli/count_memory.sh).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
T=/tmp/pegsol_countmeet.$$
# every start, each way (JSON: one exact integer a hole)
for board in triangle:5 triangle:6 rect:3x5 rect:3x6; do
	$P count $board --all-starts --json >$T.edge 2>&1
	PEGSOL_COUNT_GMP=1 $P count $board --all-starts --json >$T.level 2>&1
	if python3 - $T.edge $T.level <<'EOF'; then _ok; else _no "$board: the edge and level meets differ"; fi
import json, sys
a, b = (json.load(open(f)) for f in sys.argv[1:3])
ca = [e["count"] for e in a["starts"]]
assert ca == [e["count"] for e in b["starts"]], (ca, b["starts"])
assert a["sum"] == b["sum"] == sum(ca) and a["sum"] > 0, a["sum"]
EOF
done
expect_out '^sum 397962490212 ' $P count triangle:6 --all-starts
expect_out '^sum 40936504 ' $P count rect:3x6 --all-starts
# one start: the same count and the same edges (the edge meet counts the
# jumps into W_h it finds, the level walk the ones it pushes)
for w in 0 1; do
	PEGSOL_WIDE=$w $P count triangle:6 --vacate a1 >$T.edge 2>&1
	PEGSOL_WIDE=$w PEGSOL_COUNT_GMP=1 $P count triangle:6 --vacate a1 >$T.level 2>&1
	if grep -q '^1918789380 solutions' $T.edge &&
		[ "$(sed 's/, [0-9.]* s$//' $T.edge)" = "$(sed 's/, [0-9.]* s$//' $T.level)" ]; then
		_ok
	else
		_no "triangle:6 a1 (PEGSOL_WIDE=$w): $(cat $T.edge $T.level)"
	fi
done
rm -f $T.edge $T.level
done_checks
