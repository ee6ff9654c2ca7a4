#!/usr/bin/env bash
# records.sh - pegsol records and pegsol shortest --heuristic from the
# command line (seed 000 Table 4 and eq. (2), cited at each check).
. "$(dirname "$0")/lib.sh"

# every record replays (exit 0); T4..T16 are listed
expect_exit 0 $PEGSOL records
expect_out '^Triangle\(4\) +10 +5 +5 +5 +yes' $PEGSOL records
expect_out '^Triangle\(16\) +136 ' $PEGSOL records
# seed 000 Table 4: S(10) = 18 proved, eq. (2) gives 17
expect_out '"board":"triangle:10"[^}]*"moves":18[^}]*"lower_bound":17[^}]*"proved":true' $PEGSOL records --json
# the records beat Bell's 28 (T11) and 29 (T12) moves (seed 000 4.2)
$PEGSOL records --json >/tmp/pegsol_rec.$$
# rec BOARD FIELD: a field of the record on a board
rec() {
	python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["records"]:
    if r["board"] == sys.argv[2]:
        print(r[sys.argv[3]])' /tmp/pegsol_rec.$$ "$1" "$2"
}
t11=$(rec triangle:11 moves)
t12=$(rec triangle:12 moves)
if [ "${t11:-99}" -le 24 ] && [ "${t12:-99}" -le 25 ]; then _ok; else _no "T11 '$t11' <= 24, T12 '$t12' <= 25"; fi
# each record's solution replays with pegsol check too
for n in 11 12 13 14 15 16; do
	sol=$(rec triangle:$n solution)
	vac=$(rec triangle:$n vacate)
	fin=$(rec triangle:$n finish)
	mv=$(rec triangle:$n moves)
	expect_out "legal, [0-9]+ jumps, $mv moves" $PEGSOL check T$n --vacate "$vac" --finish "$fin" "$sol"
done
rm -f /tmp/pegsol_rec.$$
expect_error 'unknown option' $PEGSOL records --bogus

# the heuristic: seed 000 Table 4, S(6) = 9 and S(7) = 12, found over every
# start; the solution printed replays
expect_out ': 9 moves .*not proved minimal' $PEGSOL shortest T6 --anywhere --heuristic --nodes 300000
$PEGSOL shortest T7 --anywhere --heuristic --nodes 600000 --json >/tmp/pegsol_h.$$
expect_out '"moves":12' cat /tmp/pegsol_h.$$
expect_out '"proved":false' cat /tmp/pegsol_h.$$
expect_out '"lower_bound":[0-9]+' cat /tmp/pegsol_h.$$
expect_out '"seed":"1"' cat /tmp/pegsol_h.$$
sol=$(sed 's/.*"solution":"\([^"]*\)".*/\1/' /tmp/pegsol_h.$$)
vac=$(sed 's/.*"vacate":"\([^"]*\)".*/\1/' /tmp/pegsol_h.$$)
expect_out 'legal, 26 jumps, 12 moves' $PEGSOL check T7 --vacate "$vac" "$sol"
rm -f /tmp/pegsol_h.$$
# a given finish: seed 000 App. B.2, the T5 c5 complement in 9 moves
expect_out '^vacate c5, finish c5: 9 moves' $PEGSOL shortest T5 --vacate c5 --finish c5 --heuristic --nodes 200000
# seed 000 App. B.2: T7 vacate c3, finish e5 in S(7) = 12 moves
expect_out '^vacate c3, finish e5: 12 moves' $PEGSOL shortest T7 --vacate c3 --finish e5 --heuristic --nodes 600000
# a start with nothing to do ends at once
expect_exit 1 timeout 10 $PEGSOL shortest T8 --position pegs:a1,b2,c3,d4 --anywhere --heuristic --nodes 100000000
# past 64 holes (T11, 66 holes): at most Bell's 28 moves, quickly
$PEGSOL shortest T11 --vacate a2 --anywhere --heuristic --nodes 1000000 --json >/tmp/pegsol_h.$$
m=$(sed 's/.*"moves":\([0-9]*\).*/\1/' /tmp/pegsol_h.$$)
if [ -n "$m" ] && [ "$m" -le 28 ]; then _ok; else _no "T11 in at most 28 moves, got '$m'"; fi
rm -f /tmp/pegsol_h.$$
# --progress reports on stderr, the answer stays on stdout
$PEGSOL shortest T6 --anywhere --heuristic --nodes 100000 --progress >/dev/null 2>/tmp/pegsol_p.$$
expect_out 'beam 1, vacate' cat /tmp/pegsol_p.$$
rm -f /tmp/pegsol_p.$$
# bad input: one line each, exit 2
expect_error 'seconds' $PEGSOL shortest T6 --anywhere --heuristic --seconds abc
expect_error 'seconds' $PEGSOL shortest T6 --anywhere --heuristic --seconds -1
expect_error 'nodes' $PEGSOL shortest T6 --anywhere --heuristic --nodes 12x
expect_error 'nodes' $PEGSOL shortest T6 --anywhere --heuristic --nodes 0
expect_error 'seed' $PEGSOL shortest T6 --anywhere --heuristic --seed -3
expect_error 'threads' $PEGSOL shortest T6 --anywhere --heuristic --threads 17
expect_error 'width' $PEGSOL shortest T6 --anywhere --heuristic --width 0
expect_error 'finish' $PEGSOL shortest T6 --vacate a2 --heuristic
expect_error 'not both' $PEGSOL shortest T6 --finish a1 --anywhere --heuristic
expect_error 'class' $PEGSOL shortest T5 --vacate a1 --finish b2 --heuristic --nodes 1000
expect_error 'holes' $PEGSOL shortest T20 --anywhere --heuristic --nodes 1000
# no solution within a tiny budget: exit 1
expect_exit 1 $PEGSOL shortest T8 --vacate a2 --anywhere --heuristic --nodes 5
done_checks
