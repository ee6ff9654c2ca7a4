#!/usr/bin/env bash
# long.sh - the hour-scale move-level benchmarks of issue 5, each run once
# (they take minutes to an hour), each asserting the seed's number:
#   T8 catalog       seed 003: 80 problems, 13 to 15 moves
#   rhombus:6        seed 003: 120 problems, 13 to 14 moves
#   S(9) = 16        seed 000 Table 4 (bounds 13-15 fail for every start)
#   S(10) = 18       seed 000 Table 4 (optional: --s10, about 20 min)
# Prints wall and CPU time and peak memory of each (GNU time), and the
# per-start progress lines of the catalogs go to $OUT/*.progress.
# Env: BUILD (default build), OUT (default /tmp/pegsol-long).
#   bash bench/long.sh [--only NAME] [--s10]
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
P="$PWD/$BUILD/pegsol"
OUT=${OUT:-/tmp/pegsol-long}
mkdir -p "$OUT"
fail=0
only=""
s10=0
while [ $# -gt 0 ]; do
	case $1 in
	--only) only=$2; shift ;;
	--s10) s10=1 ;;
	*) echo "usage: bash bench/long.sh [--only NAME] [--s10]" >&2; exit 2 ;;
	esac
	shift
done

# run NAME PATTERN CMD...: run once under GNU time, assert PATTERN
run() {
	local name=$1 pat=$2
	shift 2
	[ -n "$only" ] && [ "$only" != "$name" ] && return
	/usr/bin/time -f '%e %U %S %M' -o "$OUT/$name.time" "$@" \
		>"$OUT/$name.out" 2>"$OUT/$name.progress"
	if grep -Eq -- "$pat" "$OUT/$name.out"; then res=ok; else
		res=FAIL
		fail=$((fail + 1))
		tail -3 "$OUT/$name.out" "$OUT/$name.progress"
	fi
	set -- $(tail -1 "$OUT/$name.time")
	printf '%-10s %-4s wall %8ss  user %8ss  sys %6ss  peak %8d KB  %s\n' \
		"$name" "$res" "$1" "$2" "$3" "$4" \
		"$(grep -Eo '[0-9]+ nodes.*' "$OUT/$name.out" | tail -1)"
}

run T8 '^Triangle\(8\): 80 problems, 13 to 15 moves, 0 unsolvable' \
	"$P" catalog T8 --progress --markdown "$OUT/T8.md"
run rhombus6 '^Rhombus\(6\): 120 problems, 13 to 14 moves' \
	"$P" catalog rhombus:6 --progress --markdown "$OUT/rhombus6.md"
run S9 ': 16 moves .*minimum proved' "$P" shortest T9 --anywhere
# S(10): no 17-move solution from any start (6 min), then 18 moves from
# a3, Bell's start (13 min); searching every start in turn is slower
if [ "$s10" = 1 ]; then
	run S10-17 '^no solution within the move limit' \
		"$P" shortest T10 --anywhere --max-moves 17 --progress
	run S10-a3 ': 18 moves .*minimum proved' \
		"$P" shortest T10 --vacate a3 --anywhere
fi
echo "$fail failed"
[ "$fail" -eq 0 ]
