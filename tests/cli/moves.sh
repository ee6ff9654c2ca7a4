#!/usr/bin/env bash
# moves.sh - pegsol games, shortest and catalog from the command line
# (numbers from seeds 000, 002 and 003, cited at each check).
. "$(dirname "$0")/lib.sh"

# seed 002: 45 games on the size-4 board from tile 2 (a2)
expect_out '^vacate a2: 45 games, 5 to 8 moves' $PEGSOL games T4 --vacate a2 --count-only
# seed 002: 360,076 games on T5 over four start classes, 171,303 unique
expect_out '^total: 360076 games' $PEGSOL games T5 --count-only
expect_out '^total: 171303 distinct games' $PEGSOL games T5 --count-only --unique
expect_out '"total":171303' $PEGSOL games T5 --count-only --unique --json
# every listed game is a line; 45 of them (seed 002)
$PEGSOL games T4 --vacate a2 >/tmp/pegsol_games.$$
if [ "$(grep -c '^a4-a2' /tmp/pegsol_games.$$)" -eq 45 ]; then _ok; else _no "45 game lines"; fi
rm -f /tmp/pegsol_games.$$
# no game from a corner of T4 (seed 002): exit 1
expect_exit 1 $PEGSOL games T4 --vacate a1 --count-only
expect_error 'unknown option' $PEGSOL games T4 --bogus
expect_error 'not|hole|bad|unknown' $PEGSOL games T4 --vacate zz9

# seed 000 Table 4: S(4) = 5, S(5) = 9, S(6) = 9
expect_out ': 5 moves' $PEGSOL shortest T4 --anywhere
expect_out ': 9 moves' $PEGSOL shortest T5 --anywhere
expect_out '"moves":9' $PEGSOL shortest T6 --anywhere --json
# seed 000 App. B.2: T5 vacate c5 in 9 moves; the solution replays
$PEGSOL shortest T5 --vacate c5 --finish c5 --json >/tmp/pegsol_sh.$$
sol=$(sed 's/.*"solution":"\([^"]*\)".*/\1/' /tmp/pegsol_sh.$$)
expect_out '"moves":9' cat /tmp/pegsol_sh.$$
expect_out 'legal, 13 jumps, 9 moves' $PEGSOL check T5 --vacate c5 --finish c5 "$sol"
rm -f /tmp/pegsol_sh.$$
# seed 003: b3 -> a1 on T5 is impossible: exit 1
expect_exit 1 $PEGSOL shortest T5 --vacate b3 --finish a1
expect_error 'finish' $PEGSOL shortest T5 --vacate a1
expect_error 'not both' $PEGSOL shortest T5 --vacate a1 --finish a1 --anywhere

# seed 003 Solution Catalogs: Star(2) 6 problems all 7 moves, Triangle(5)
# 12 problems 9 to 11, Truncated Triangle(5) 10 problems 6 to 8
expect_out '^Star\(2\): 6 problems, 7 moves' $PEGSOL catalog star:2
expect_out '^Triangle\(5\): 12 problems, 9 to 11 moves' $PEGSOL catalog T5
# issue 19 item 6: no solvable problem is said in words, not "-1 to 0"
expect_out '^Triangle\(3\): 0 problems, no solvable problem, 2 unsolvable' \
	$PEGSOL catalog triangle:3
expect_out '"min_moves":null' $PEGSOL catalog triangle:3 --json
expect_out '"problems":10' $PEGSOL catalog trunc-triangle:5 --json
md=$(mktemp)
expect_exit 0 $PEGSOL catalog star:2 --markdown "$md"
expect_out '^\| b1 \| b1 \| 7 \|' cat "$md"
rm -f "$md"
expect_error "holes|at most 128" $PEGSOL catalog T16
# --max-moves: the T6 problems solvable in 9 moves (seed 003: 9 to 11);
# the other pairs are counted as open
expect_out 'problems, 9 moves, 0 unsolvable pairs, [0-9]+ pairs need more than 9' $PEGSOL catalog T6 --max-moves 9
# a tiny breadth-first table: the bounds are finished depth first, with
# the same minimum (seed 000 Table 4: S(7) = 12 from a2; seed 003: T6
# catalog 29 problems, 9 to 11 moves); --progress reports each start
expect_out '12 moves .*minimum proved' $PEGSOL shortest T7 --vacate a2 --anywhere --max-states 500
expect_out '\([1-9][0-9]* depth first\)' $PEGSOL shortest T7 --vacate a2 --anywhere --max-states 500
expect_out '"depth_first_bounds":[1-9]' $PEGSOL shortest T6 --anywhere --max-states 100 --json
expect_out '^Triangle\(6\): 29 problems, 9 to 11 moves' $PEGSOL catalog T6 --max-states 300
$PEGSOL catalog T6 --progress >/dev/null 2>/tmp/pegsol_prog.$$
expect_out '^start b4: 5 problems, 9 to 10 moves' cat /tmp/pegsol_prog.$$
rm -f /tmp/pegsol_prog.$$
$PEGSOL shortest T7 --anywhere --max-states 3000 --progress >/dev/null 2>/tmp/pegsol_prog.$$
expect_out '^bound 12, vacate a2, depth first: solved' cat /tmp/pegsol_prog.$$
expect_out '^bound 11, vacate a3, depth first: no solution' cat /tmp/pegsol_prog.$$
rm -f /tmp/pegsol_prog.$$
# seed 003 Triangle(8): no 12-move solution from any start
expect_exit 1 $PEGSOL shortest T8 --anywhere --max-moves 12

# seed 003 longest sweeps: Triangle(5) 5, only in the c5-complement (a3 is
# in c5's class); Triangle(4) 3
expect_out 'longest sweep 5 jumps' $PEGSOL sweep T5
expect_out '^it occurs in 1 problem: a3->a3' $PEGSOL sweep T5
expect_out '"longest_sweep":3' $PEGSOL sweep T4 --json
# seed 003: the 18-loop on Triangle(8) is reached (by construction)
expect_out 'longest sweep 18 jumps' $PEGSOL sweep T8 --construct
done_checks
