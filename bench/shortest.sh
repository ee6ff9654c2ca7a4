#!/usr/bin/env bash
# shortest.sh - benchmarks of the move-level engines (pegsol games,
# shortest, catalog, sweep), each asserting the seed's number before it is
# timed (hyperfine, median of RUNS runs).  Node counts are deterministic.
#   bash bench/shortest.sh           light set (seconds) + T7 catalog
#   bash bench/shortest.sh --heavy   also T8 a2-complement and S(8)
# Env: BUILD (default build), RUNS (default 5), HEAVY_RUNS (default 1).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh

# seed 002: game counts
bench "games T5 (360,076)" "$RUNS" '^total: 360076 games' "$P" games T5 --count-only
bench "games T5 --unique (171,303)" "$RUNS" '^total: 171303 distinct' "$P" games T5 --count-only --unique
# seed 000 Table 4: S(n)
bench "S(5) = 9" "$RUNS" ': 9 moves' "$P" shortest T5 --anywhere
bench "S(6) = 9" "$RUNS" ': 9 moves' "$P" shortest T6 --anywhere
bench "S(7) = 12" "$RUNS" ': 12 moves' "$P" shortest T7 --anywhere
# seed 000 Table 4 / seed 003: S(8) = 13, and no 12-move solution on T8
bench "S(8) = 13" "$HEAVY_RUNS" ': 13 moves' "$P" shortest T8 --anywhere
bench "T8 no 12-move solution" "$RUNS" '^no solution within' \
	"$P" shortest T8 --anywhere --max-moves 12
# seed 003: the Flower(25) central game in 11 moves
bench "flower:25 central game (11)" "$RUNS" ': 11 moves' \
	"$P" shortest flower:25 --vacate d4 --finish d4
# seed 003 Solution Catalogs
bench "catalog star:2 (6, all 7)" "$RUNS" '6 problems, 7 to 7' "$P" catalog star:2
bench "catalog T5 (12, 9-11)" "$RUNS" '12 problems, 9 to 11' "$P" catalog T5
bench "catalog trunc-triangle:5 (10, 6-8)" "$RUNS" '10 problems, 6 to 8' "$P" catalog trunc-triangle:5
bench "catalog T6 (29, 9-11)" "$RUNS" '29 problems, 9 to 11' "$P" catalog T6
# seed 003 longest sweeps
bench "sweep T5 (5, c5-complement)" "$RUNS" 'longest sweep 5 ' "$P" sweep T5
bench "sweep T6 (9-loop)" "$HEAVY_RUNS" 'longest sweep 9 ' "$P" sweep T6
bench "catalog T7 (27, 12-13)" "$HEAVY_RUNS" '27 problems, 12 to 13' "$P" catalog T7
# seed 003 longest sweeps by construction: T8 18-loop, T10 29 but not 30
bench "sweep T8 --construct (18-loop)" "$RUNS" 'longest sweep 18 ' \
	"$P" sweep T8 --construct
bench "sweep T10 --construct (29, not 30)" "$HEAVY_RUNS" 'longest sweep 29 ' \
	"$P" sweep T10 --construct
# seed 003 Triangle(8): exactly 22 problems in 13 moves (a7 -> a1 d4 c5
# b6 e6 a7 g7 f8, a4 -> the same, c8 -> a4 c5 b6 e6 a7 g7), here in orbit
# representatives (a7 = a2, c8 = a3); 58 more need 14 or 15
T8_13='a2:a2 a2:a8 a2:b4 a2:c6 a2:d8 a2:e7 a2:f6 a2:g8 a3:b2 a3:b8 a3:c4 a3:c7 a3:d6 a3:e5 a4:a1 a4:a7 a4:b6 a4:c5 a4:d4 a4:e6 a4:f8 a4:g7'
bench "catalog T8 --max-moves 13 (22)" "$HEAVY_RUNS" \
	'22 problems, 13 to 13 moves, 0 unsolvable pairs, 58 pairs' \
	"$P" catalog T8 --max-moves 13
got=$("$P" catalog T8 --max-moves 13 | awk '/^vacate/ {print $2 ":" $4}' | sort | tr '\n' ' ')
if [ "$got" = "$T8_13 " ]; then echo "T8 13-move list = seed 003 ok"; else
	echo "T8 13-move list FAIL: $got"
	fail=$((fail + 1))
fi
if [ "${1:-}" = --heavy ]; then
	# seed 000 App. B.2 / seed 003: the a2 (= a7) complement in 13 moves
	bench "T8 vacate a2 anywhere (13)" "$HEAVY_RUNS" ': 13 moves' \
		"$P" shortest T8 --vacate a2 --anywhere
	# seed 003: Rhombus(6) 120 problems, 13 to 14 moves
	bench "catalog rhombus:6 (120, 13-14)" "$HEAVY_RUNS" \
		'120 problems, 13 to 14 moves' "$P" catalog rhombus:6
fi
bench_done
