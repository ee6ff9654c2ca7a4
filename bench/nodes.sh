#!/usr/bin/env bash
# nodes.sh - the deterministic node counts of a fixed workload, one line per
# engine, and their total (STYLE practice 8: a search change shows up as a
# changed count, not just a changed time).  Times are printed, never
# compared.  With --check, compare with bench/nodes.expected and print
# "RESULT passed failed" (tests/cli/nodes.sh runs it that way).
#   bash bench/nodes.sh [--check] [--update]
set -u
cd "$(dirname "$0")/.."
P=${PEGSOL:-build/pegsol}
mode=${1:-}
work=(
	"solve T5 --vacate a1 --finish a1"
	"solve T5 --vacate b3 --finish b3"
	"solve T6 --vacate a1 --finish a1"
	"solve trunc-triangle:7 --vacate a2,b2"
	"solve english --vacate d4 --finish d4"
	"shortest T5 --vacate a1 --anywhere"
	"shortest T6 --vacate c5 --finish a1"
	"odds T5 --vacate a1 --player A"
	"odds T5 --vacate b3 --player C"
	"strand T6 --vacate a1"
	"deadend T6 --vacate a1 --finish a1 --sets off"
	"games T5 --vacate a1 --count-only"
)
out=$(mktemp)
total=0
for w in "${work[@]}"; do
	start=$(date +%s%N)
	json=$($P $w --json 2>/dev/null)
	ms=$((($(date +%s%N) - start) / 1000000))
	n=$(printf '%s' "$json" | python3 -c '
import json, sys
try:
    o = json.load(sys.stdin)
except Exception:
    print("ERR"); sys.exit()
for k in ("nodes", "total", "positions"):
    if k in o:
        print(int(o[k])); break
else:
    print("ERR")')
	printf '%-45s %12s %8s ms\n' "$w" "$n" "$ms"
	printf '%s\t%s\n' "$w" "$n" >>"$out"
	[ "$n" != ERR ] && total=$((total + n))
done
echo "total nodes: $total"
printf 'total\t%s\n' "$total" >>"$out"
case $mode in
--update) cp "$out" bench/nodes.expected ;;
--check)
	pass=0
	fail=0
	while IFS=$'\t' read -r w n; do
		want=$(awk -F'\t' -v w="$w" '$1 == w { print $2 }' bench/nodes.expected)
		if [ "$want" = "$n" ]; then pass=$((pass + 1)); else
			fail=$((fail + 1))
			echo "changed: $w: $n nodes, recorded $want" >&2
		fi
	done <"$out"
	echo "RESULT $pass $fail"
	;;
esac
rm -f "$out"
