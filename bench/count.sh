#!/bin/bash
# count.sh - the count engine's benchmarks (issue 15 items 4 and 5, issue
# 14 item 2), every answer asserted:
#   - English centre count (seed 001 Table 7: 40,861,647,040,079,968)
#   - T6 every start, complement and one peg anywhere (issue 15: sums
#     397,962,490,212 and 2,194,477,729,800), T7 every start (complement)
#   - the memory budget: count english --memory-mb 32 and 16, peak RSS
#     printed (bound M + 64 MB)
#   - TABLE7=1: the seven English counts of seed 001 Table 7, one after
#     another (bench/solve.sh TABLE7=1 reads them from the seed)
#   - T7ANY=1: T7 every start, one peg anywhere (slow: minutes of CPU)
#   - WALK=1: the count walk alone, by ranks (count_rank.h) against the
#     hash tables (count_impl.h), 3 pairs on one computation of the sets
#     of English c3, the largest of Table 7 (tests/test_count_rank bench;
#     its count asserted, CPU medians and the ratio printed)
# Run under nice on a shared machine; results in bench/RESULTS-count.md.
# Env: BUILD, RUNS (lib.sh).
. "$(dirname "$0")/lib.sh"
bench "count english d4 (Table 7)" "$RUNS" '^40861647040079968 solutions' \
	$P count english --vacate d4 --finish d4
bench "count T6 --all-starts" "$RUNS" '^sum 397962490212 ' \
	$P count triangle:6 --all-starts
bench "count T6 --all-starts --anywhere" "$RUNS" '^sum 2194477729800 ' \
	$P count triangle:6 --all-starts --anywhere
bench "count T7 --all-starts" "$HEAVY_RUNS" '^sum 0 \(28 starts, 7 classes' \
	$P count triangle:7 --all-starts
bench "count english --memory-mb 32" "$HEAVY_RUNS" '^40861647040079968 solutions' \
	$P count english --vacate d4 --finish d4 --memory-mb 32
bench "count english --memory-mb 16" "$HEAVY_RUNS" '^40861647040079968 solutions' \
	$P count english --vacate d4 --finish d4 --memory-mb 16
if [ "${T7ANY:-0}" = 1 ]; then
	bench "count T7 --all-starts --anywhere" 1 '^sum 15829671888346455300 ' \
		$P count triangle:7 --all-starts --anywhere
fi
if [ "${WALK:-0}" = 1 ]; then
	make -s "$BUILD/tests/test_count_rank" BUILD="$BUILD" >/dev/null
	"$BUILD/tests/test_count_rank" bench english c3 3 2>/dev/null | tee "$out.walk"
	grep -q '^english c3: 138409681956904365268 solutions' "$out.walk" &&
		[ "$(grep -c ' walk: .* 138409681956904365268$' "$out.walk")" = 6 ] ||
		{ echo "FAIL  the count walks of c3"; fail=$((fail + 1)); }
	rm -f "$out.walk"
fi
if [ "${TABLE7:-0}" = 1 ]; then
	TABLE7=1 bash "$(dirname "$0")/solve.sh" | grep -E 'count english --vacate|Table 7 total' ||
		fail=$((fail + 1))
fi
bench_done
