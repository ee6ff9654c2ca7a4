#!/usr/bin/env bash
# table3.sh - seed 001 Table 3 (Wiegleb's central game, vacate e5): the
# pruned forward sets of `sets --prune` against Bell's, asserted level by
# level, and timed.  The arm tables (docs/performance.md "Arm tables")
# are found in about 76 s of CPU (40 LPs), then the levels down to 36
# take seconds, down to 28 about 105 s more (tests/cli/prune.sh checks
# down to 39 pegs).  Results: bench/RESULTS-sets.md ("Table 3").
#   bash bench/table3.sh [BUILD]      TO=N sets the lowest level (36; 28)
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
39 283 297
38 1198 1427
37 4471 6459
36 15040 27317
35 46283 106347
34 132000 379537
33 351381 1238520
32 875310 3702227
31 2040395 10160129
30 4450885 25647378
29 9078624 59620492
28 17268806 127737457
T3
bench_done
