#!/usr/bin/env bash
# construct_shapes.sh - benchmark of pegsol construct on rhombus:N and
# hexagon:N (docs/construct.md "Rhombus and hexagon boards"): time and
# peak memory against the side, vacancy b2, solution generated, verified
# by replay and printed (to /dev/null).  Medians of several hyperfine runs.
#   bash bench/construct_shapes.sh [BUILD]      (default build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
P=$BUILD/pegsol
[ -x "$P" ] || { echo "build $P first: make BUILD=$BUILD" >&2; exit 2; }
tmp=/tmp/construct_shapes_bench.$$.json
printf '| board | holes | purges | base holes | median s (hyperfine) | plan s | generate+verify s | peak kB |\n'
printf '| --- | --- | --- | --- | --- | --- | --- | --- |\n'
for b in rhombus:20 rhombus:100 rhombus:300 rhombus:1000 rhombus:2000 \
	hexagon:20 hexagon:100 hexagon:300 hexagon:1000; do
	runs=7
	case $b in *:1000 | *:2000) runs=3 ;; esac
	med=$(hyperfine -N -w 1 -r $runs --export-json $tmp \
		"$P construct $b --vacate b2 --stream" >/dev/null 2>&1 &&
		python3 -c "import json;print('%.4f'%json.load(open('$tmp'))['results'][0]['median'])")
	st=$("$P" construct $b --vacate b2 --stream --stats | tail -n 1)
	holes=$(echo "$st" | sed 's/.*, \([0-9]*\) holes.*/\1/')
	purges=$(echo "$st" | sed 's/.*, \([0-9]*\) purges.*/\1/')
	base=$(echo "$st" | sed 's/.*base \([0-9]*\) holes.*/\1/')
	plan=$(echo "$st" | sed 's/.*plan \([0-9.]*\) s.*/\1/')
	gen=$(echo "$st" | sed 's/.*verify \([0-9.]*\) s.*/\1/')
	peak=$(echo "$st" | sed 's/.*peak \([0-9]*\) kB.*/\1/')
	printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$b" "$holes" \
		"$purges" "$base" "$med" "$plan" "$gen" "$peak"
done
rm -f $tmp
