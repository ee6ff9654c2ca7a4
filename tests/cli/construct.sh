# construct.sh - pegsol construct: search-free solutions on T_n (seed 000
# section 3.2), checked by replaying them with pegsol check.
. "$(dirname "$0")/lib.sh"

# seed 000 Figure 8: T20, vacate g10, 29 purges, T5 sub-board at g10 (a1)
expect_out 'purges: 29 \(5 trapezoid, 3 3-purge, 21 6-purge\)' \
	"$PEGSOL" construct triangle:20 --vacate g10 --explain
expect_out 'sub-board T5 with top corner g10, .* vacate a1' \
	"$PEGSOL" construct T20 --vacate g10 --explain
sol=$("$PEGSOL" construct T20 --vacate g10)
expect_out 'legal, 208 jumps' "$PEGSOL" check T20 --vacate g10 "$sol"
expect_out 'final position, 1 peg' "$PEGSOL" check T20 --vacate g10 "$sol"

# seed 000 Appendix B.2: T5 a1 is the base solution itself
expect_out '^a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1$' \
	"$PEGSOL" construct T5 --vacate a1
# every vacancy of T7: class EMPTY ones (x+y = 0 mod 3, Theorem 2.1) are
# refused with exit 1, all others replay to one peg
for y in $(seq 0 6); do
	for x in $(seq 0 "$y"); do
		if [ $(((x + y) % 3)) -eq 0 ]; then
			expect_exit 1 "$PEGSOL" construct T7 --vacate "($x,$y)"
			continue
		fi
		sol=$("$PEGSOL" construct T7 --vacate "($x,$y)")
		expect_out 'final position, 1 peg' \
			"$PEGSOL" check T7 --vacate "($x,$y)" "$sol"
	done
done
# names past z: T30 vacancy ab30, and the solution names aa.. holes
sol=$("$PEGSOL" construct T30 --vacate ab30)
expect_out 'final position, 1 peg' "$PEGSOL" check T30 --vacate ab30 "$sol"
expect_out 'ad30' "$PEGSOL" construct T30 --vacate ab30
# --json, --stats, --stream
expect_out '"jumps":208' "$PEGSOL" construct T20 --vacate g10 --json
expect_out '"purges":29' "$PEGSOL" construct T20 --vacate g10 --json --explain
expect_out '^stats: T100, 5050 holes, .* 5048 jumps' \
	"$PEGSOL" construct T100 --vacate c51 --stats
a=$("$PEGSOL" construct T40 --vacate k33)
b=$("$PEGSOL" construct T40 --vacate k33 --stream)
if [ "$a" = "$b" ]; then _ok; else _no "--stream differs from the batch output"; fi
# pairs (seed 000 section 3.3): every feasible finish from b2 on T7 (base
# table) and to the last five rows of T13 (bands and Figure 9 steps),
# checked by replay
for t in 7 13; do
	for y in $(seq $((t < 10 ? 0 : 8)) $((t - 1))); do
		for x in $(seq 0 "$y"); do
			[ $(((x + y + 1 + 1) % 3)) -eq 0 ] || continue
			sol=$("$PEGSOL" construct T$t --vacate b2 --finish "($x,$y)")
			expect_out 'finish .*: reached' \
				"$PEGSOL" check T$t --vacate b2 --finish "($x,$y)" "$sol"
		done
	done
done
expect_out 'figure 9 step 1: T17 -> T14, the three rows along the bottom edge: fig9-c6 around c20' \
	"$PEGSOL" construct T20 --vacate c20 --finish h12 --explain
expect_out 'base table.s pair' "$PEGSOL" construct T20 --vacate c20 --finish h12 --explain
sol=$("$PEGSOL" construct T20 --vacate c20 --finish h12)
expect_out 'finish h12: reached' "$PEGSOL" check T20 --vacate c20 --finish h12 "$sol"
a=$("$PEGSOL" construct T40 --vacate b2 --finish ab38)
b=$("$PEGSOL" construct T40 --vacate b2 --finish ab38 --stream)
if [ "$a" = "$b" ]; then _ok; else _no "pair --stream differs from the batch output"; fi
expect_out '"finish":"ab38"' "$PEGSOL" construct T40 --vacate b2 --finish ab38 --json
# T5: feasible but unsolvable pair (Table 3: 12 of 17)
expect_exit 1 "$PEGSOL" construct T5 --vacate a1 --finish b3
expect_out 'Table 3' "$PEGSOL" construct T5 --vacate a1 --finish b3

# unsolvable: Theorem 2.1 (class EMPTY on T_(3k+1)), Theorem 2.2, T3
expect_exit 1 "$PEGSOL" construct T10 --vacate a1
expect_out 'Theorem 2.1' "$PEGSOL" construct T10 --vacate j10
expect_out '"solvable":false' "$PEGSOL" construct T4 --vacate b3 --json
expect_exit 1 "$PEGSOL" construct T3 --vacate a1
expect_exit 1 "$PEGSOL" construct T6 --vacate a1 --finish a2
expect_out 'Theorem 2.2' "$PEGSOL" construct T6 --vacate a1 --finish a2

# bad input: one error line, exit 2
expect_error 'triangle, rhombus and hexagon boards' "$PEGSOL" construct english --vacate d4
expect_error 'side must be' "$PEGSOL" construct T0 --vacate a1
expect_error 'side must be' "$PEGSOL" construct triangle:x --vacate a1
expect_error 'no hole .z9.' "$PEGSOL" construct T5 --vacate z9
expect_error 'no hole' "$PEGSOL" construct T5 --vacate "(3,2)"
expect_error '--vacate' "$PEGSOL" construct T5
expect_error 'need a board' "$PEGSOL" construct --vacate a1
expect_error 'unknown option' "$PEGSOL" construct T5 --vacate a1 --bogus
expect_exit 0 "$PEGSOL" construct --help
done_checks
