#!/usr/bin/env bash
# resource.sh - benchmarks of pegsol resource and pegsol pagoda (resource
# counts; pagoda functions by linear programming with GLPK, exact
# arithmetic), each asserting its answer before it is timed (hyperfine,
# median of RUNS runs).  Results: bench/RESULTS-resource.md.
#   bash bench/resource.sh
# Env: BUILD (default build), RUNS (default 5).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh

# seed 003: Propeller(3), the seed's -1/0/+1 count proves b2 -> c3
bench "pagoda propeller:3 b2 -> c3 (found)" "$RUNS" 'proves the problem unsolvable' \
	"$P" pagoda propeller:3 --vacate b2 --finish c3
bench "pagoda propeller:3 a1 -> a1 (none)" "$RUNS" 'no pagoda function' \
	"$P" pagoda propeller:3 --vacate a1 --finish a1
# seed 000 section 2.3: the SAX count of T5 is a valid resource count
bench "resource T5 --weights sax" "$RUNS" 'valid resource count' \
	"$P" resource T5 --weights sax --vacate a1
# growth with the board: 78, 100 and 465 holes (LP size ~ jumps x holes)
bench "pagoda T12 a1 -> a1 (none)" "$RUNS" 'no pagoda function' \
	"$P" pagoda T12 --vacate a1 --finish a1
bench "pagoda T12 3 pegs -> k11 (found)" "$HEAVY_RUNS" 'proves the problem unsolvable' \
	"$P" pagoda T12 --from pegs:a1,a2,b2 --to pegs:k11
bench "pagoda rect:10x10 a1 -> a1 (none)" "$RUNS" 'no pagoda function' \
	"$P" pagoda rect:10x10 --vacate a1 --finish a1
bench "pagoda triangle:30 a1 -> b2 (none)" "$RUNS" 'no pagoda function' \
	"$P" pagoda triangle:30 --vacate a1 --finish b2
bench_done
