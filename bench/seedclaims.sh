#!/usr/bin/env bash
# seedclaims.sh - the seed claims too long for the test suite (issue 19
# item 7), asserted and timed: seed 001 Table 6 (the sum of |W_n| and the
# fastest dead end of all seven English complement problems), seed 000's
# "1 in 37 million" odds of player A on the English central game, seed
# 003's 9-loop on Triangle(6), 29-sweep on Triangle(10), the minimal 13
# moves of the Triangle(8) a7-complement and the Flower(25) catalog.  Table 7 (the
# seven English counts) is in bench/count.sh.  A wrong answer fails the
# run.  Results: bench/RESULTS.md ("seed claims").
#   bash bench/seedclaims.sh [BUILD]
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
. bench/lib.sh
[ -x "$P" ] || make BUILD="$BUILD" -j2 >/dev/null

echo "== seed 001 Table 6: sum |W_n| (n <= 16) and fastest dead end"
while read -r hole wsum jumps; do
	bench "sets english $hole" "$HEAVY_RUNS" "^W_n with n <= 16: $wsum;" \
		"$P" sets english --vacate "$hole"
	bench "deadend english $hole" "$HEAVY_RUNS" \
		"^fastest dead end: $jumps jumps" \
		"$P" deadend english --vacate "$hole" --sets on
done <<'TABLE'
d4 839536 4
d1 99982 3
c3 20836420 6
c2 12372794 4
d3 6420923 3
d2 760164 3
c1 13918925 5
TABLE

echo "== seed 000 section 2.4: player A, English central game"
bench "odds english d4" "$HEAVY_RUNS" '= 1 in 3706773[0-9] ' \
	"$P" odds english --vacate d4

echo "== seed 003: sweeps, Triangle(8)'s 13 moves and the Flower(25) catalog"
bench "sweep T6" "$HEAVY_RUNS" 'longest sweep 9 jumps' "$P" sweep T6
bench "shortest T8 a7 complement" "$HEAVY_RUNS" \
	'^finish a7: 13 moves .*minimum proved' \
	"$P" shortest T8 --vacate a7 --finish a7
bench "sweep T10 --construct" "$HEAVY_RUNS" 'longest sweep 29 jumps' \
	"$P" sweep T10 --construct
bench "catalog flower:25" "$HEAVY_RUNS" \
	'^Flower\(25\): 36 problems, 10 to 11 moves, 0 unsolvable' \
	"$P" catalog flower:25
bench_done
