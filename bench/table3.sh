#!/usr/bin/env bash
# table3.sh - seed 001 Table 3 (Wiegleb's central game, vacate e5): the
# pruned forward sets of `sets --prune` against Bell's, asserted level by
# level, and timed.  The integer stage runs down to 35 pegs: the levels
# down to 36 take about 10,000 integer programs (2 min of CPU; witnesses
# settle the rest, docs/performance.md "Integer jump counts"), down to 35
# about 40,000 more: too long for the test suite (tests/cli/prune.sh checks
# down to 39 pegs).  Results: bench/RESULTS-sets.md ("Table 3").
#   bash bench/table3.sh [BUILD]      TO=N sets the lowest level (36; 35)
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
. bench/lib.sh
[ -x "$P" ] || make BUILD="$BUILD" -j2 >/dev/null
TO=${TO:-36}

echo "== seed 001 Table 3: pruned F_n down to $TO pegs (pegsol, Bell)"
bench "sets wiegleb e5 --prune --to $TO" "$HEAVY_RUNS" '^total' \
	"$P" sets wiegleb --vacate e5 --prune --forward-only --to "$TO"
# pegs, pruned F_n as pegsol gives it today, Bell's F_n: pegsol's must not
# be larger (issue 14 item 4), and must be the same as recorded
while read -r pegs ours bell; do
	[ "$pegs" -ge "$TO" ] || continue
	got=$(awk -v n="$pegs" '$1 == n {print $2}' "$out")
	if [ "$got" = "$ours" ] && [ "$got" -le "$bell" ]; then
		echo "  $pegs pegs: $got (Table 3: $bell) ok"
	else
		echo "  $pegs pegs: $got, want $ours and at most Table 3's $bell: FAIL"
		fail=$((fail + 1))
	fi
done <<'T3'
43 1 1
42 3 3
41 11 11
40 60 60
39 296 297
38 1411 1427
37 6272 6459
36 25695 27317
35 95625 106347
T3
bench_done
