#!/usr/bin/env bash
# solve.sh - benchmarks of the exhaustive engine (solve, sets, count):
# fixed workloads, median wall time of several runs (hyperfine), and the
# results asserted against seed 001 so a wrong answer fails the run.
#   bash bench/solve.sh [BUILD]      (default build)
# Results are recorded in bench/RESULTS-solve.md.
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
P=$BUILD/pegsol
RUNS=${RUNS:-5}
[ -x "$P" ] || make BUILD="$BUILD" -j2 >/dev/null

fail=0
assert() { # assert PATTERN CMD...
	local pat=$1
	shift
	if "$@" | grep -Eq -- "$pat"; then echo "ok    $*  =~ /$pat/"; else
		echo "FAIL  $*  !~ /$pat/"
		fail=1
	fi
}

echo "== answers (seed 001)"
# Table 1: T6 corner complement, F and W totals (per-level sums)
assert '^total +146435 +146435 +52804 +68954$' $P sets T6 --vacate a1
# Table 2: English central game, F total 23,475,688, W 839,536 stored
assert '^total +23475688 ' $P sets english --vacate d4
assert '^W_n with n <= 16: 839536' $P sets english --vacate d4
# section 7.2 / Table 7: the central game count
assert '^40861647040079968 solutions' $P count english --vacate d4
# solver: central game and the T5 b3 complement (node counts are
# deterministic: 957 and 848)
assert 'nodes 957,' $P solve english --vacate d4
assert 'nodes 848,' $P solve T5 --vacate b3
if [ "${TABLE7:-0}" = 1 ]; then
	# Table 7: the other six complement counts (slow)
	assert '^841594661434808 solutions' $P count english --vacate d1
	assert '^30997283487697056 solutions' $P count english --vacate d2
	assert '^2343652440537181612 solutions' $P count english --vacate c1
	assert '^8940989276947390168 solutions' $P count english --vacate d3
	assert '^17385498352036301092 solutions' $P count english --vacate c2
	assert '^138409681956904365268 solutions' $P count english --vacate c3
fi

echo "== times (median of $RUNS runs)"
json=$(mktemp)
hyperfine -N -r "$RUNS" --style none --export-json "$json" \
	"$P sets T6 --vacate a1" \
	"$P sets english --vacate d4" \
	"$P count english --vacate d4" \
	"$P count english --vacate d4 --threads 1" \
	"$P solve english --vacate d4" >/dev/null
python3 - "$json" <<'PY'
import json, sys
for r in json.load(open(sys.argv[1]))["results"]:
    print("%-45s median %8.3f s  user %7.3f s  (min %.3f, max %.3f)" % (
        r["command"], r["median"], r["user"], r["min"], r["max"]))
PY
rm -f "$json"
echo "== peak memory"
for c in "sets english --vacate d4" "count english --vacate d4"; do
	/usr/bin/time -f "$c: %M KB" $P $c >/dev/null
done
exit $fail
