#!/usr/bin/env bash
# moves_wide.sh - shortest, games, catalog and sweep past 64 holes
# (issue 13, item 1: 128-bit codes up to 128 holes).  The answers were
# checked by the brute force of tests/test_shortest_wide.c (breadth first
# over every move, byte arrays, no bound, no symmetry).
. "$(dirname "$0")/lib.sh"

# T11 (66 holes), 10 pegs: 5 moves anywhere (brute force: 5)
expect_out '^finish a2: 5 moves .*minimum proved' \
	$PEGSOL shortest T11 --position pegs:b3,c3,c4,b5,c6,a8,b9,d9,b10,d10 --anywhere
# T11, 12 pegs to c6: 6 moves (brute force: 6); the solution replays
p11=pegs:e6,f6,c7,d7,f7,g7,g8,i9,g10,i10,g11,i11
$PEGSOL shortest T11 --position $p11 --finish c6 --json >/tmp/pegsol_sw.$$
expect_out '"moves":6' cat /tmp/pegsol_sw.$$
sol=$(sed 's/.*"solution":"\([^"]*\)".*/\1/' /tmp/pegsol_sw.$$)
expect_out 'legal, [0-9]+ jumps, 6 moves' $PEGSOL check T11 --position $p11 --finish c6 "$sol"
rm -f /tmp/pegsol_sw.$$
# the same finished depth first (a 40-state table; 16-byte entries)
expect_out '6 moves .*minimum proved' $PEGSOL shortest T11 --position $p11 --finish c6 --max-states 40
expect_out '\([1-9][0-9]* depth first\)' $PEGSOL shortest T11 --position $p11 --finish c6 --max-states 40
# hexagon:5 has 61 holes: its codes are 64-bit, too long for the 64-bit
# depth-first table, so a search that outgrows a tiny cap is run again on
# 128-bit codes and finished depth first (brute force: 5 moves)
p61=pegs:a2,c2,d2,b4,f4,b5,d5,e5,g5,c6,f6,d7
expect_out '^finish d4: 5 moves' $PEGSOL shortest hexagon:5 --position $p61 --finish d4 --max-states 40
expect_out '\([1-9][0-9]* depth first\)' $PEGSOL shortest hexagon:5 --position $p61 --finish d4 --max-states 40
# Triangle(6) with c5 empty, drawn in the corner of T11: 7 moves to a1
# there (brute force: 7; 9 on T6 itself, seed 003)
t6=empty:c5,$(for r in 7 8 9 10 11; do for c in a b c d e f g h i j k; do
	[ "$(printf '%d' "'$c")" -lt $((97 + r)) ] && printf '%s%s,' $c $r; done; done)
t6=${t6%,}
expect_out '^finish a1: 7 moves' $PEGSOL shortest T11 --position "$t6" --finish a1
# T12 (78 holes), 7 pegs: 298 games of 3 to 6 moves (brute force: 298)
expect_out '298 games, 3 to 6 moves' \
	$PEGSOL games T12 --position pegs:c3,a4,c4,c6,c7,d7,d8 --count-only
# a catalog past 64 holes: Rectangle(2x33) (jumps along its rows only)
# has no solvable single-vacancy problem, 182 pairs proved unsolvable
expect_exit 1 $PEGSOL catalog rect:2x33
expect_out '0 problems, .*182 unsolvable pairs' $PEGSOL catalog rect:2x33
expect_exit 1 $PEGSOL sweep rect:2x33
# the testing switch runs the 128-bit search on a small board: the same
# minimum and node count (seed 003: T6 c5 -> a1 in 9 moves)
expect_out '"moves":9,.*"nodes":5601,' $PEGSOL shortest T6 --vacate c5 --finish a1 --json
expect_out '"moves":9,.*"nodes":5601,' env PEGSOL_WIDE=1 $PEGSOL shortest T6 --vacate c5 --finish a1 --json
# past 128 holes: one line, exit 2
expect_error 'T16.* 136 holes.*at most 128' $PEGSOL shortest T16 --vacate a1 --anywhere
expect_error 'T16.* 136 holes.*at most 128' $PEGSOL games T16 --vacate a1
expect_error 'T16.* 136 holes.*at most 128' $PEGSOL catalog T16
expect_error 'T16.* 136 holes.*at most 128' $PEGSOL sweep T16 --construct
done_checks
