#!/usr/bin/env bash
# table3.sh - seed 001 Table 3 (Wiegleb's central game, vacate e5): the
# pruned forward sets of `sets --prune` against Bell's, asserted level by
# level, and timed.  The arm tables (docs/performance.md "Arm tables")
# are found in about 2 s of CPU, then the levels down to 36 take seconds,
# down to 28 about 20 s more (tests/cli/prune.sh checks down to 34
# pegs).  Results: bench/RESULTS-sets.md ("Table 3").
#   bash bench/table3.sh [BUILD]      TO=N sets the lowest level (36; 28)
#   FULL=1 [WORK=DIR] [MB=M] bash bench/table3.sh [BUILD]
#       the whole table: F down to 22 pegs through the work directory DIR
#       (resumable; default a fresh one under /tmp: about 0.4 GB of level
#       files and up to 14 GB of temporary partitions under DIR.tmp), then
#       W and L from it, under --memory-mb M (default 8000); every W_n
#       must be Table 3's and every pruned F_n between W_n and Bell's.
#       Each step's --progress lines are kept in DIR.forward.log and
#       DIR.winning.log.
#       Results: bench/RESULTS-sets.md ("Table 3 in full").
set -u
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
. bench/lib.sh
[ -x "$P" ] || make BUILD="$BUILD" -j2 >/dev/null
TO=${TO:-36}

# pegs, Bell's pruned F_n, W_n (seed 001 Table 3)
T3DATA=tests/data/table3.txt

if [ "${FULL:-0}" = 1 ]; then
	WORK=${WORK:-$(mktemp -d /tmp/pegsol-table3.XXXXXX)}
	MB=${MB:-8000}
	mkdir -p "$WORK.tmp"
	echo "== seed 001 Table 3 in full: F to 22 pegs, then W (work $WORK, --memory-mb $MB)"
	for step in forward winning; do
		a=(--forward-only --to 22)
		[ "$step" = winning ] && a=()
		/usr/bin/time -f '%e %U %S %M' -o "$out.mem" \
			"$P" sets wiegleb --vacate e5 --prune "${a[@]}" --work "$WORK" \
			--memory-mb "$MB" --tmpdir "$WORK.tmp" --progress --json \
			>"$out.$step" 2>"$WORK.$step.log" || {
			tail -3 "$WORK.$step.log"
			fail=$((fail + 1))
			bench_done
			exit
		}
		read -r wall user sys peak < <(tail -1 "$out.mem")
		printf '  %-8s wall %8ss  user %8ss  sys %6ss  peak %9d KB\n' \
			"$step" "$wall" "$user" "$sys" "$peak"
	done
	echo "  level files: $(du -sb "$WORK" | cut -f1) bytes"
	python3 - "$out.forward" "$out.winning" "$T3DATA" <<'PY' || fail=$((fail + 1))
import json, sys
f = {l["pegs"]: l["F"] for l in json.load(open(sys.argv[1]))["levels"]}
w = {l["pegs"]: l["W"] for l in json.load(open(sys.argv[2]))["levels"]}
bad = 0
for line in open(sys.argv[3]):
    if line.startswith("#"):
        continue
    n, bf, bw = map(int, line.split())
    ok = bw <= f.get(n, -1) <= bf and w.get(n) == bw
    bad += not ok
    print("  %2d pegs: F %13s (Bell %13s)  W %10s (Table 3 %10s) %s" % (
        n, format(f.get(n, -1), ","), format(bf, ","),
        format(w.get(n) or -1, ","), format(bw, ","), "ok" if ok else "FAIL"))
# Table 3's total counts the rows 23..43 (row 22 is row 23's complement,
# eq. 8, not stored again)
tot = sum(w.get(n) or 0 for n in range(23, 44))
bad += tot != 89558705
print("  W_23..W_43: %s (Table 3's total: 89,558,705)" % format(tot, ","))
sys.exit(1 if bad else 0)
PY
	rm -f "$out.forward" "$out.winning"
	rmdir "$WORK.tmp" 2>/dev/null
	bench_done
	exit
fi

echo "== seed 001 Table 3: pruned F_n down to $TO pegs (pegsol, Bell)"
bench "sets wiegleb e5 --prune --to $TO" "$HEAVY_RUNS" '^total' \
	"$P" sets wiegleb --vacate e5 --prune --forward-only --to "$TO"
# pegs and the pruned F_n as pegsol gives it today; Bell's F_n and W_n
# from the data file: pegsol's must lie between them (issue 14 item 4)
while read -r pegs ours; do
	[ "$pegs" -ge "$TO" ] || continue
	got=$(awk -v n="$pegs" '$1 == n {print $2}' "$out")
	read -r bell w < <(awk -v n="$pegs" '$1 == n {print $2, $3}' "$T3DATA")
	if [ "$got" = "$ours" ] && [ "$got" -le "$bell" ] && [ "$got" -ge "$w" ]; then
		echo "  $pegs pegs: $got (Table 3: F $bell, W $w) ok"
	else
		echo "  $pegs pegs: $got, want $ours, between Table 3's W $w and F $bell: FAIL"
		fail=$((fail + 1))
	fi
done <<'OURS'
43 1
42 3
41 10
40 54
39 244
38 987
37 3561
36 11665
35 35024
34 97916
33 256785
32 632748
31 1465094
30 3187297
29 6505820
28 12417709
OURS
bench_done
