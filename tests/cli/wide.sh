# wide.sh - sets, count, deadend, strand and odds on boards of 65 to 128
# holes (the 128-bit bodies), from the command line.
#
# The same problem on a board of up to 64 holes (one-word path) and, moved
# into the middle of a board past 64 holes, on the 128-bit path must give
# the same counts and the same F_n and W_n: a pattern of k pegs never
# reaches more than k - 1 holes beyond its bounding box (a jump lands at
# most one hole past the peg it jumps), so with that margin the two games
# are the same graph.  The testing switch PEGSOL_WIDE=1 runs the 128-bit
# bodies on small boards against the seeds' numbers.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
# a position as a hex code: offset, then peg indices
code() {
	python3 -c 'import sys; o = int(sys.argv[1]); print(hex(sum(1 << (o + int(a)) for a in sys.argv[2:])))' "$@"
}
# the first line of a command's output, or its exit code
first() { "$@" 2>&1 | head -n 1; }
# the F and W columns of `sets --group none` (B depends on the board)
fw() { "$@" | awk '$1 ~ /^[0-9]+$/ { print $1, $2, $4 }'; }
same() {
	local what=$1 a=$2 b=$3
	if [ -n "$a" ] && [ "$a" = "$b" ]; then _ok; else
		_no "$what: '$a' != '$b'"
	fi
}

# a line of 9 pegs: rect:64x1 at holes 24.. (one word), rect:128x1 at
# holes 56.. (across bit 64; the board has exactly 128 holes)
pat="0 1 3 4 5 7 8 10 11"
c64=$(code 24 $pat)
c128=$(code 56 $pat)
expect_out '^140 solutions' $P count rect:64x1 --position "$c64" --anywhere
expect_out '^140 solutions' $P count rect:128x1 --position "$c128" --anywhere
same "line: F_n and W_n, 64 vs 128 holes" \
	"$(fw $P sets rect:64x1 --position "$c64" --group none)" \
	"$(fw $P sets rect:128x1 --position "$c128" --group none)"
# a square block: square:8 (64 holes) and square:11 (121 holes)
s8=$(code 0 27 28 35 36 29)
s11=$(code 0 60 61 71 72 62)
same "square: count, 64 vs 121 holes" \
	"$(first $P count square:8 --position "$s8" --anywhere)" \
	"$(first $P count square:11 --position "$s11" --anywhere)"
same "square: F_n and W_n, 64 vs 121 holes" \
	"$(fw $P sets square:8 --position "$s8" --group none)" \
	"$(fw $P sets square:11 --position "$s11" --group none)"
# the triangular lattice: hexagon:5 (61 holes) and hexagon:7 (127 holes),
# around their centres e5 and g7
expect_out '^24 solutions' $P count hexagon:5 --position pegs:e5,f5,e4,f6 --anywhere
expect_out '^24 solutions' $P count hexagon:7 --position pegs:g7,h7,g6,h8 --anywhere
same "hexagon: F_n and W_n, 61 vs 127 holes" \
	"$(fw $P sets hexagon:5 --position pegs:e5,f5,e4,f6 --group none)" \
	"$(fw $P sets hexagon:7 --position pegs:g7,h7,g6,h8 --group none)"
same "hexagon: odds of player A, 61 vs 127 holes" \
	"$(first $P odds hexagon:5 --position pegs:e5,f5,e4,f6 --exact | sed 's/^[^,]*,//')" \
	"$(first $P odds hexagon:7 --position pegs:g7,h7,g6,h8 --exact | sed 's/^[^,]*,//')"
same "hexagon: dead end, 61 vs 127 holes" \
	"$($P deadend hexagon:5 --position pegs:e5,f5,e4,f6 --anywhere | grep -o 'dead end: [0-9]* jump')" \
	"$($P deadend hexagon:7 --position pegs:g7,h7,g6,h8 --anywhere | grep -o 'dead end: [0-9]* jump')"

# T11 (66 holes): sets and solve agree, the finish exact (16 solutions:
# an independent brute force over the jump graph agrees; test_wide.c
# checks T11 counts against its own); the sets file is version 4
# (128-bit codes)
t11="--position pegs:a1,a2,c4,c5,d5,a6,b6 --finish c5"
expect_exit 0 $P solve T11 $t11
expect_exit 0 $P sets T11 $t11 --out "$tmp/t11.sets"
expect_out '^PEGSETS1' head -c 8 "$tmp/t11.sets"
expect_out '^ +5 +0 +0 +0 +128 +0 +0 +0 +66 +0 +0 +0$' od -An -tu1 -j8 -N12 "$tmp/t11.sets"
expect_out '^16 solutions' $P count T11 $t11
expect_exit 1 $P sets T11 --position pegs:a1,a2,b2,a3,b3,c3,a4,b4 --finish b4
expect_exit 1 $P solve T11 --position pegs:a1,a2,b2,a3,b3,c3,a4,b4 --finish b4

# the testing switch: the 128-bit bodies on small boards against the
# seeds: seed 001 Table 1 (T5 corner: F 1544, raw 3016, W 190, L 425),
# section 7.2 (T4: 14), issue 3 (T5: 6,816), seed 000 Table 2 (T5 a1:
# 1 in 146, 47, 7), seed 003 (T5 a1 complement lost in 2 jumps; worst
# game from b3: 10 pegs)
export PEGSOL_WIDE=1
expect_out '^total +1544 +3016 +1544 +190 +425$' $P sets T5 --vacate a1 --raw
expect_out '^total +1544 +3016 +1544 +190 +425$' $P sets T5 --vacate a1 --raw --partitions 5
expect_out '^14 solutions' $P count T4 --vacate a2 --finish b2
expect_out '^6816 solutions' $P count T5 --vacate a1
expect_out 'any finish 427, any complement problem 437$' $P sets T5 --by-index
expect_out '1 in 146 ' $P odds T5 --vacate a1
expect_out '1 in 47 ' $P odds T5 --vacate a1 --player B
expect_out '1 in 7 ' $P odds T5 --vacate a1 --player C
expect_out 'fastest dead end: 2 jumps: a3-a1, c4-a2' $P deadend T5 --vacate a1
expect_out 'still possible at: c5$' $P deadend T5 --vacate a1 --where
expect_out 'vacate b3: 10 pegs stranded after 4 jumps' $P strand T5
expect_exit 0 $P sets T5 --vacate a1 --out "$tmp/t5w.sets"
expect_out '^ +5 +0 +0 +0 +128 +0 +0 +0 +15 +0 +0 +0$' od -An -tu1 -j8 -N12 "$tmp/t5w.sets"
PEGSOL_COUNT_GMP=1 expect_out '^6816 solutions' $P count T5 --vacate a1
unset PEGSOL_WIDE
PEGSOL_COUNT_GMP=1 expect_out '^6816 solutions' $P count T5 --vacate a1
# the one-word file has 64-bit codes (version 5, code_bits 64)
expect_exit 0 $P sets T5 --vacate a1 --out "$tmp/t5.sets"
expect_out '^ +5 +0 +0 +0 +64 +0 +0 +0 +15 +0 +0 +0$' od -An -tu1 -j8 -N12 "$tmp/t5.sets"

# past 128 holes: one error line, exit 2
for cmd in sets count; do
	expect_error 'at most 128 holes' $P $cmd T16 --vacate a1
done
expect_error 'at most 128' $P deadend T16 --vacate a1
expect_error 'at most 128' $P strand T16 --vacate a1
expect_error 'at most 128' $P odds T16 --vacate a1
expect_error 'at most 128' $P sets hexagon:8 --by-index
rm -rf "$tmp"
done_checks
