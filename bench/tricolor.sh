#!/usr/bin/env bash
# tricolor.sh - three-colour peg solitaire benchmarks (issue 6, seed 004):
#   T5 survey (retrograde table, and one DFS per start) timed by hyperfine,
#   the T6 survey (3^21 states, 1.31 GB table) that settles T6, with wall
#   time and peak memory from /usr/bin/time.  Set T6_DFS=1 to also run the
#   independent T6 check (one DFS per start class, slow).
# usage: bash bench/tricolor.sh    (PEGSOL=path/to/pegsol, THREADS=2)
# Results: bench/RESULTS-tricolor.md.
set -eu
cd "$(dirname "$0")/.."
PEGSOL=${PEGSOL:-build/pegsol}
THREADS=${THREADS:-2}
OUT=${OUT:-/tmp/tricolor-bench}
mkdir -p "$OUT"
echo "== work: table jump checks and level counts (deterministic with 1 thread)"
"$PEGSOL" tricolor survey T5 --threads 1 --levels --list 0 | tail -n 17
echo "== T5 survey, retrograde table, $THREADS threads"
hyperfine --warmup 1 --runs 5 --export-markdown "$OUT/t5.md" \
	"$PEGSOL tricolor survey T5 --threads $THREADS --list 0"
echo "== T5 survey, one DFS per start class"
hyperfine --runs 3 --export-markdown "$OUT/t5dfs.md" \
	"$PEGSOL tricolor survey T5 --dfs --list 0"
echo "== T6 survey: the one command that settles T6"
/usr/bin/time -v "$PEGSOL" tricolor survey T6 --threads "$THREADS" --levels \
	--list 100 >"$OUT/t6.txt" 2>"$OUT/t6.time" || true
cat "$OUT/t6.txt"
grep -E 'Elapsed|Maximum resident|User time|System time|Percent' "$OUT/t6.time"
# the answer is asserted (docs/results-tricolor.md): a wrong one fails
t6_fail=0
grep -q '^solvable: 3673088 of 3673088 ' "$OUT/t6.txt" || t6_fail=1
grep -q '^freely solvable: yes' "$OUT/t6.txt" || t6_fail=1
if [ "$t6_fail" = 1 ]; then echo "FAIL: T6 survey is not 3673088 of 3673088, freely solvable"; else
	echo "ok: T6 survey 3673088 of 3673088 solvable, freely solvable"; fi
if [ "${T6_DFS:-0}" = 1 ]; then
	echo "== T6 independent check: one DFS per start class"
	/usr/bin/time -v "$PEGSOL" tricolor survey T6 --dfs --list 100 \
		>"$OUT/t6dfs.txt" 2>"$OUT/t6dfs.time" || true
	cat "$OUT/t6dfs.txt"
	grep -E 'Elapsed|Maximum resident|User time' "$OUT/t6dfs.time"
fi
[ "$t6_fail" = 0 ]
