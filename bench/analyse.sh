#!/usr/bin/env bash
# analyse.sh - benchmarks of pegsol deadend / strand / odds, each asserting
# the seed's number before it is timed (hyperfine, median of RUNS runs).
#   bash bench/analyse.sh            light + English odds and d4 dead end
#   bash bench/analyse.sh --table6   also all of seed 001 Table 6 (minutes)
# Env: BUILD (default build), RUNS (default 5), HEAVY_RUNS (default 1).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh

# seed 000 Table 2 (Triangle(5)) and seed 003 (worst games)
bench "odds T5 a1 player B (1 in 47)" "$RUNS" '1 in 47 ' "$P" odds T5 --vacate a1 --player B --exact
bench "strand T7 (18 pegs, 9 jumps)" "$RUNS" 'most pegs stranded: 18' "$P" strand T7
bench "strand rhombus:6 (22 pegs, 13)" "$RUNS" 'c1: 22 pegs stranded after 13 jumps' "$P" strand rhombus:6
bench "deadend T6 a1 (5 jumps)" "$RUNS" 'dead end: 5 jumps' "$P" deadend T6 --vacate a1
# seed 000: English central game, Player A "1 in 37 million"; the
# positions expanded are seed 001 Table 2's F total minus the 2 one-peg ones
bench "odds english d4 player A" "$HEAVY_RUNS" '1 in 370[0-9]{5} ' "$P" odds english --vacate d4
grep -q 'nodes: 23475686 ' "$out" || { echo "FAIL odds english nodes"; fail=$((fail + 1)); }
# seed 001 Table 6: central game dead end, 4 jumps d2-d4, d5-d3, b4-d4, d3-d5
bench "deadend english d4 (Table 6)" "$HEAVY_RUNS" 'dead end: 4 jumps: d2-d4, d5-d3, b4-d4, d3-d5' "$P" deadend english --vacate d4

if [ "${1:-}" = "--table6" ]; then
	# seed 001 Table 6: the other six complement problems
	bench "deadend english d1 (3)" "$HEAVY_RUNS" 'dead end: 3 jumps: d3-d1, b3-d3, e3-c3' "$P" deadend english --vacate d1
	bench "deadend english c3 (6)" "$HEAVY_RUNS" 'dead end: 6 jumps' "$P" deadend english --vacate c3
	bench "deadend english c2 (4)" "$HEAVY_RUNS" 'dead end: 4 jumps: c4-c2, a4-c4, d4-b4, f4-d4' "$P" deadend english --vacate c2
	bench "deadend english d3 (3)" "$HEAVY_RUNS" 'dead end: 3 jumps' "$P" deadend english --vacate d3
	bench "deadend english d2 (3)" "$HEAVY_RUNS" 'dead end: 3 jumps: d4-d2, b4-d4, e4-c4' "$P" deadend english --vacate d2
	bench "deadend english c1 (5)" "$HEAVY_RUNS" 'dead end: 5 jumps: c3-c1, e2-c2, d4-d2, c2-e2, b4-d4' "$P" deadend english --vacate c1
fi
bench_done
