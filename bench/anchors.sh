#!/usr/bin/env bash
# anchors.sh - pegsol against feschber/peg-solitaire (Rust, the fastest
# published English 33 solver we know) on its own two workloads, in one
# run (issue 15 item 6; docs/performance.md keeps the table):
#
#   winning set  pegsol deadend english --vacate d4 --sets on
#                against feschber calculate-all (1,679,072 winning positions)
#   count        pegsol count english --vacate d4 --finish d4
#                against feschber unique-paths
#
# Each pair runs RUNS times alternating (pegsol, feschber, pegsol, ...)
# after one warm-up of each; the line gives each side's minimum wall time,
# its largest peak RSS, and the ratio pegsol/feschber of the minima (below
# 1: pegsol faster).  The answers are checked on the first run of each.
#
# The anchor is built offline by the recipe in ../shared/anchors
# (build_feschber.sh: Debian's Rust crates, only manifests change, no .rs
# file); it needs the anchors' git mirrors (see its README) and reuses a
# finished build.  ANCHORS=DIR names the recipe folder, FESCHBER=BIN skips
# the build.  Times are printed, never asserted; quote the load with them.
#   BUILD=build RUNS=5 bash bench/anchors.sh
set -u
cd "$(dirname "$0")/.."
BUILD=${BUILD:-build}
P=${PEGSOL:-$PWD/$BUILD/pegsol}
RUNS=${RUNS:-5}
ANCHORS=${ANCHORS:-$PWD/../shared/anchors}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ ! -x "$P" ]; then
	echo "anchors.sh: no pegsol at $P (make BUILD=$BUILD first)" >&2
	exit 2
fi
F=${FESCHBER:-}
if [ -z "$F" ]; then
	if [ ! -f "$ANCHORS/build_feschber.sh" ]; then
		echo "anchors.sh: no recipe $ANCHORS/build_feschber.sh (set ANCHORS or FESCHBER)" >&2
		exit 2
	fi
	F=$(bash "$ANCHORS/build_feschber.sh" 2>"$tmp/build.log" | tail -1)
	if [ ! -x "$F" ]; then
		echo "anchors.sh: the feschber build failed:" >&2
		tail -5 "$tmp/build.log" >&2
		exit 3
	fi
fi

# one NAME CMD...: run CMD, its wall seconds and peak KB in $tmp/NAME.t,
# what it printed (both streams: feschber logs its counts) in $tmp/NAME.out
one() {
	local name=$1
	shift
	/usr/bin/time -f '%e %M' -o "$tmp/$name.t" "$@" >"$tmp/$name.out" 2>&1
}

# pair LABEL PATTERN_A PATTERN_B "CMD_A" "CMD_B": the alternating runs
pair() {
	local label=$1 pa=$2 pb=$3 ca=$4 cb=$5 ok=ok
	local amin= bmin= amem=0 bmem=0 t m
	one a $ca
	grep -Eq -- "$pa" "$tmp/a.out" || ok="FAIL(pegsol answer)"
	one b $cb
	grep -Eq -- "$pb" "$tmp/b.out" || ok="FAIL(feschber answer)"
	for _ in $(seq "$RUNS"); do
		for side in a b; do
			if [ $side = a ]; then one a $ca; else one b $cb; fi
			read -r t m <"$tmp/$side.t"
			if [ $side = a ]; then
				[ -z "$amin" ] || awk "BEGIN{exit !($t < $amin)}" && amin=$t
				[ "$m" -gt "$amem" ] && amem=$m
			else
				[ -z "$bmin" ] || awk "BEGIN{exit !($t < $bmin)}" && bmin=$t
				[ "$m" -gt "$bmem" ] && bmem=$m
			fi
		done
	done
	printf '%-12s %-4s pegsol %6.2f s %4d MB   feschber %6.2f s %4d MB   ratio %5.2f\n' \
		"$label" "$ok" "$amin" $((amem / 1024)) "$bmin" $((bmem / 1024)) \
		"$(awk "BEGIN{printf \"%.2f\", $amin / $bmin}")"
	[ "$ok" = ok ]
}

fail=0
echo "anchors: $(nproc) cores, $(uptime | sed 's/.*load average: /load /'), min of $RUNS alternating runs"
pair "winning set" "^fastest dead end: 4 jumps" "^solutions: 1679072$" \
	"$P deadend english --vacate d4 --sets on" "$F calculate-all" || fail=$((fail + 1))
pair "count" "^40861647040079968 solutions" "distinct move sequences: +40861647040079968" \
	"$P count english --vacate d4 --finish d4" "$F unique-paths" || fail=$((fail + 1))
exit $((fail > 0))
