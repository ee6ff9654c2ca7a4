#!/usr/bin/env bash
# french.sh - the French 37-hole board analysed like the English in seed 001
# (issue 14 item 6; results and costs in docs/results.md, "French 37-hole
# board", and bench/RESULTS-sets.md).  Each run once (bench/lib.sh: wall,
# user CPU, peak RSS), each asserting a number pegsol computed before (the
# seeds publish no French figures); the long runs keep their levels in
# $WORK/NAME (--work), so an interrupted run resumes when run again.
#   bash bench/french.sh              feasible pairs, the five families of
#                                     forward sets down to 23 pegs, the
#                                     pagoda dead-end bound of each pair
#                                     (about 10 min on a loaded machine)
#   bash bench/french.sh --only NAME  one run: pairs, e1F, b4F2, b4F1, e4F2,
#                                     e4F1 (down to 23), dead-e1c4 (etc.:
#                                     dead-VF), b4F2all (every
#                                     level of b4's F: an hour or more),
#                                     b4f4 (F, B, W of b4 -> f4) and
#                                     b4f4count (its solutions; neither
#                                     finished here: docs/results.md),
#                                     b4f4W (W of b4 -> f4 from b4F2all's
#                                     levels by the French eq. 8, its
#                                     fastest dead end: 13 min) and
#                                     b4f4Wcount (its solutions from them),
#                                     e4F2half, e4c4W (the same for
#                                     e4 -> c4: F to 18 pegs, W, count),
#                                     e1F1half, e1c7W (e1 to 18 pegs; W
#                                     of e1 -> c7 from it), b4c4W (W of
#                                     b4 -> c4 meeting e4's levels),
#                                     b4c4WC, e4f4WC, e1c4WC, e4c1WC,
#                                     e1f4WC, b4c1WC (W and the count of
#                                     each pair not its own reverse)
# Env: BUILD (default build), WORK (default /tmp/pegsol-french: level files,
# temporary partitions, outputs; the long runs need up to 25 GB there),
# MEM (--memory-mb, default 3000: peak RSS stays under about 2 x MEM).
set -u
cd "$(dirname "$0")/.."
. bench/lib.sh
WORK=${WORK:-/tmp/pegsol-french}
MEM=${MEM:-3000}
mkdir -p "$WORK/tmp"
only=""
while [ $# -gt 0 ]; do
	case $1 in
	--only) only=$2; shift ;;
	*) echo "usage: bash bench/french.sh [--only NAME]" >&2; exit 2 ;;
	esac
	shift
done

# run NAME DEFAULT PATTERN CMD...: once (bench/lib.sh's bench, no second
# timing run) when NAME is asked for, or DEFAULT is 1 and nothing is; the
# output and progress lines are kept in $WORK/NAME.out
run() {
	local name=$1 dflt=$2 pat=$3
	shift 3
	if [ -n "$only" ]; then [ "$only" = "$name" ] || return 0
	elif [ "$dflt" != 1 ]; then return 0; fi
	bench "$name" 1 "$pat" "$@"
	cp "$out" "$WORK/$name.out"
	[ -d "$WORK/$name" ] && echo "    $name: $(du -sh "$WORK/$name" | cut -f1) of level files"
	return 0
}

# forward sets of a family down to 23 pegs, level files kept
fwd() { # NAME PATTERN VACATE FINISH
	run "$1" 1 "$2" "$P" sets french --vacate "$3" --finish "$4" \
		--forward-only --to 23 --work "$WORK/$1" --memory-mb "$MEM" \
		--tmpdir "$WORK/tmp" --progress
}

run pairs 1 '^10 pairs' "$P" feasible french
fwd e1F '^ +23 +36137026$' e1 c1
fwd b4F2 '^ +23 +21276743$' b4 f4
fwd b4F1 '^ +23 +42547680$' b4 c1
fwd e4F2 '^ +23 +23961963$' e4 c4
fwd e4F1 '^ +23 +47916748$' e4 c1
# every level of F from b4 (group 2: b4 -> f4 and b4 -> c4); resumes from
# the levels of b4F2 when WORK is the same
[ "$only" = b4F2all ] && [ ! -e "$WORK/b4F2all" ] && [ -d "$WORK/b4F2" ] &&
	cp -r "$WORK/b4F2" "$WORK/b4F2all"
run b4F2all 0 '^ +1 +[0-9]+$' "$P" sets french --vacate b4 --finish f4 \
	--forward-only --to 1 --work "$WORK/b4F2all" --memory-mb "$MEM" \
	--tmpdir "$WORK/tmp" --progress
# dead ends: the first level where pagoda functions drop positions bounds
# each pair's fastest dead end (docs/results.md: within 4 to 6 jumps)
for d in e1:c1:30:4728:14 e1:c4:32:168:5 e1:f4:31:908:11 e1:c7:30:4720:22 \
	b4:c1:30:8621:24 b4:c4:31:865:26 b4:f4:30:4255:85 e4:c1:30:11735:36 \
	e4:c4:32:241:10 e4:f4:31:1236:12; do
	IFS=: read -r v f n k x <<<"$d"
	run "dead-$v$f" 1 "\"pruned\":0\\},\\{\"pegs\":$n,\"F\":$k,\"pruned\":$x\\}" \
		"$P" sets french --vacate "$v" --finish "$f" --forward-only \
		--to 28 --prune --json
done
# the whole problem b4 -> f4 (F and G = F of f4 down to one peg, W, L) and
# its count: out of core, each more than twice b4F2all
run b4f4 0 'solvable' "$P" sets french --vacate b4 --finish f4 \
	--memory-mb "$MEM" --tmpdir "$WORK/tmp" --progress
run b4f4count 0 'solutions' "$P" count french --vacate b4 --finish f4 \
	--memory-mb "$MEM" --tmpdir "$WORK/tmp" --progress
# W of b4 -> f4 from the forward levels of b4F2all (sets --winning, the
# French eq. 8 with sigma the x mirror; docs/results.md), the fastest dead
# end, then the count over those W levels
run b4f4W 0 '^fastest dead end: 4 jumps \(32 pegs\)' "$P" sets french \
	--vacate b4 --finish f4 --work "$WORK/b4F2all" --winning \
	--winning-dir "$WORK/b4f4W" --memory-mb "$MEM" --progress
run b4f4Wcount 0 ' solutions$' "$P" sets french --vacate b4 --finish f4 \
	--work "$WORK/b4F2all" --winning --winning-dir "$WORK/b4f4W" \
	--memory-mb "$MEM" --count
# the same for e4 -> c4 (its own reverse by the x mirror): F from e4 (2
# symmetries) down to 18 pegs (about an hour), then W and the count
run e4F2half 0 '^ +18 +[0-9]+$' "$P" sets french --vacate e4 --finish c4 \
	--forward-only --to 18 --work "$WORK/e4F2half" --memory-mb "$MEM" \
	--tmpdir "$WORK/tmp" --progress
run e4c4W 0 ' solutions$' "$P" sets french --vacate e4 --finish c4 \
	--work "$WORK/e4F2half" --winning --winning-dir "$WORK/e4c4W" \
	--memory-mb "$MEM" --count --progress
# F from e1 (no symmetry) down to 18 pegs: e1 -> c1 and, the forward sets
# not depending on the goal, e1 -> c7 by eq. 8 from the same levels
run e1F1half 0 '^ +18 +420040537$' "$P" sets french --vacate e1 --finish c1 \
	--forward-only --to 18 --work "$WORK/e1F1half" --memory-mb "$MEM" \
	--tmpdir "$WORK/tmp" --progress
run e1c7W 0 '^2316692235146090648664 solutions$' "$P" sets french \
	--vacate e1 --finish c7 --work "$WORK/e1F1half" --winning \
	--winning-dir "$WORK/e1c7W" --memory-mb "$MEM" --count --progress
# the pairs that are not their own reverse: meet in the middle with the
# forward levels of the reverse problem's start (--reverse-work; the
# 2-symmetry levels of e4 and b4 serve the trivial-group pairs too), W
# and the fastest dead end, then the count (the W levels kept); each
# count must equal its reverse pair's
rev() { # NAME PATTERN VACATE FINISH FDIR GDIR [--count]
	run "$1" 0 "$2" "$P" sets french --vacate "$3" --finish "$4" \
		--work "$WORK/$5" --reverse-work "$WORK/$6" \
		--winning-dir "$WORK/${1%C}" --memory-mb "$MEM" --progress $7
}
rev b4c4W '^fastest dead end: 3 jumps \(33 pegs\)' b4 c4 b4F2all e4F2half
rev b4c4WC '^4052938255966544591906 solutions$' b4 c4 b4F2all e4F2half --count
rev e4f4WC '^4052938255966544591906 solutions$' e4 f4 e4F2half b4F2all --count
rev e1c4WC '^2532493542039458869661 solutions$' e1 c4 e1F1half e4F2half --count
rev e4c1WC '^2532493542039458869661 solutions$' e4 c1 e4F2half e1F1half --count
rev e1f4WC '^2596612238681448154246 solutions$' e1 f4 e1F1half b4F2all --count
rev b4c1WC '^2596612238681448154246 solutions$' b4 c1 b4F2all e1F1half --count
bench_done
