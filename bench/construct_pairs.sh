#!/usr/bin/env bash
# construct_pairs.sh - pegsol construct --finish (seed 000 section 3.3):
#   1. time of pair constructions on T100 and T1000 (hyperfine medians,
#      generated, verified by replay and printed to /dev/null);
#   2. the full sweep: every feasible pair (not only up to symmetry) of
#      T6..T30 and every 7th of T31..T60 constructed and verified by the
#      library's replay (tests/test_construct.c covers T4..T18 up to
#      symmetry and a sample of T19..T40).
#   bash bench/construct_pairs.sh [BUILD]
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-${BUILD:-build}}
P=$BUILD/pegsol
[ -x "$P" ] || { echo "build $P first: make BUILD=$BUILD" >&2; exit 2; }
printf '| n | pair | Figure 9 steps | median s (hyperfine) | plan s | generate+verify s | peak kB |\n'
printf '| --- | --- | --- | --- | --- | --- | --- |\n'
for job in "100 b2 (97,99)" "100 (97,99) b2" "100 a2 (35,69)" \
	"1000 b2 (997,999)" "1000 (997,999) b2" "1000 a2 (352,700)" \
	"2000 b2 (1999,1999)"; do
	set -- $job
	runs=10
	[ "$1" -ge 1000 ] && runs=5
	cmd="$P construct T$1 --vacate $2 --finish $3 --stream"
	med=$(hyperfine -N -w 1 -r $runs --export-json /tmp/cpairs.$$.json "$cmd" \
		>/dev/null 2>&1 &&
		python3 -c "import json;print('%.4f'%json.load(open('/tmp/cpairs.$$.json'))['results'][0]['median'])")
	st=$($cmd --stats | tail -n 1)
	nf=$("$P" construct T$1 --vacate $2 --finish $3 --json --explain |
		python3 -c "import json,sys;print(json.load(sys.stdin)['plan']['fig9_steps'])")
	plan=$(echo "$st" | sed 's/.*plan \([0-9.]*\) s.*/\1/')
	gen=$(echo "$st" | sed 's/.*verify \([0-9.]*\) s.*/\1/')
	peak=$(echo "$st" | sed 's/.*peak \([0-9]*\) kB.*/\1/')
	printf '| %s | %s -> %s | %s | %s | %s | %s | %s |\n' "$1" "$2" "$3" "$nf" \
		"$med" "$plan" "$gen" "$peak"
done
rm -f /tmp/cpairs.$$.json
# the sweep (a small C driver against the library)
src=$(mktemp /tmp/cpairs_sweep.XXXXXX.c)
cat >"$src" <<'C'
#include "pegsol/construct.h"
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv)
{
	int n0 = atoi(argv[1]), n1 = atoi(argv[2]), step = atoi(argv[3]);
	long ok = 0, bad = 0, k = 0;

	for (int n = n0; n <= n1; n++)
		for (int sy = 0; sy < n; sy++)
			for (int sx = 0; sx <= sy; sx++)
				for (int fy = 0; fy < n; fy++)
					for (int fx = 0; fx <= fy; fx++) {
						struct peg_construct *c;
						struct peg_err err;
						int rc;

						if (!peg_construct_pair_feasible(n, sx, sy, fx, fy) ||
						    k++ % step)
							continue;
						rc = peg_construct_plan_pair(n, sx, sy, fx, fy, &c, &err);
						if (!rc) {
							rc = peg_construct_run(c, NULL, NULL, &err);
							peg_construct_free(c);
						}
						if (rc && bad++ < 10)
							printf("T%d (%d,%d)->(%d,%d): %s\n", n, sx, sy,
							       fx, fy, err.msg);
						ok += !rc;
					}
	printf("T%d..T%d, every %d%s feasible pair: %ld solved and verified, %ld failed\n",
	       n0, n1, step, step == 1 ? "" : "th", ok, bad);
	return bad != 0;
}
C
cc -O2 -std=c11 -Iinclude -o "${src%.c}" "$src" "$BUILD/libpegsol.a" -lm
echo
/usr/bin/time -f 'sweep T6..T30: %e s' "${src%.c}" 6 30 1
/usr/bin/time -f 'sweep T31..T60: %e s' "${src%.c}" 31 60 7
rm -f "$src" "${src%.c}"
