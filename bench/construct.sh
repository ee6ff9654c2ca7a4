#!/usr/bin/env bash
# construct.sh - benchmark of the constructive solver (pegsol construct):
# time and peak memory against the board side, solution generated, verified
# by replay and printed (to /dev/null).  Medians of several hyperfine runs.
#   bash bench/construct.sh [BUILD]      (default build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
P=$BUILD/pegsol
[ -x "$P" ] || { echo "build $P first: make BUILD=$BUILD" >&2; exit 2; }
printf '| n | holes | jumps | purges | median s (hyperfine) | plan s | generate+verify s | peak kB |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- |\n'
for n in 20 100 300 1000 2000; do
	runs=10
	[ "$n" -ge 1000 ] && runs=5
	med=$(hyperfine -N -w 1 -r $runs --export-json /tmp/construct_bench.$$.json \
		"$P construct T$n --vacate b2 --stream" >/dev/null 2>&1 &&
		python3 -c "import json;print('%.4f'%json.load(open('/tmp/construct_bench.$$.json'))['results'][0]['median'])")
	st=$("$P" construct T$n --vacate b2 --stream --stats | tail -n 1)
	holes=$(echo "$st" | sed 's/.*, \([0-9]*\) holes.*/\1/')
	jumps=$(echo "$st" | sed 's/.*, \([0-9]*\) jumps.*/\1/')
	purges=$(echo "$st" | sed 's/.*, \([0-9]*\) purges.*/\1/')
	plan=$(echo "$st" | sed 's/.*plan \([0-9.]*\) s.*/\1/')
	gen=$(echo "$st" | sed 's/.*verify \([0-9.]*\) s.*/\1/')
	peak=$(echo "$st" | sed 's/.*peak \([0-9]*\) kB.*/\1/')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$n" "$holes" "$jumps" \
		"$purges" "$med" "$plan" "$gen" "$peak"
done
rm -f /tmp/construct_bench.$$.json
