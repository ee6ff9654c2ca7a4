# check.sh - pegsol check accepts every solution printed in the seeds and
# rejects bad ones with a clear reason.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL

# seed 000 Appendix B.2: T4 to T10 solutions, with the hole they end in
expect_out "legal, 8 jumps, 5 moves" $P check T4 --vacate a2 --finish b2 \
	"a4-a2, a1-a3, c4-a4-a2, c3-a3-a1-c3, d4-b2"
# T5 vacate a1 (10 moves, Figure 12a, OEIS A120422)
expect_out "legal, 13 jumps, 10 moves" $P check T5 --vacate a1 --finish a1 \
	"a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1"
# the same solution as OEIS A120422 integer pairs
expect_out "pairs: 4 1 6 4 15 6 3 10 13 6 11 13 14 12 12 5 10 3 7 2 1 4 4 6 6 1" \
	$P check T5 --vacate a1 --pairs \
	"a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1"
expect_out "legal, 13 jumps, 10 moves" $P check T5 --vacate a1 --finish a1 \
	"4 1 6 4 15 6 3 10 13 6 11 13 14 12 12 5 10 3 7 2 1 4 4 6 6 1"
# vacate a4: a2-a4, then the a1 solution after its first jump
expect_out "legal, 13 jumps, 10 moves" $P check T5 --vacate a4 --finish a1 \
	"a2-a4, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1"
expect_out "legal, 13 jumps, 11 moves" $P check T5 --vacate b3 --finish c5 \
	"b5-b3, d4-b4, d5-b5, b2-d4, a2-c4, a4-a2, e5-c3-c5, b5-d5, a1-a3-c5, d5-b5, a5-c5"
expect_out "legal, 13 jumps, 9 moves" $P check T5 --vacate c5 --finish c5 \
	"a5-c5, d5-b5, a3-c5, a1-a3, b2-b4, d4-b2, a4-a2, b5-d5, e5-c5-c3-a1-a3-c5"
# seed 000 section 2.3: the second a1-complement solution
expect_out "legal, 13 jumps" $P check T5 --vacate a1 --finish a1 \
	"a3-a1, c5-a3, a5-c5, d5-b5, c3-c5, b5-d5, e5-c5, a1-c3, d4-b2, a4-a2, b2-b4, c5-a3-a1"
# seed 003: Type 1 and Type 2 a1-complement solutions in the listed order
expect_out "legal, 13 jumps" $P check T5 --vacate a1 --finish a1 \
	"a3-a1, c3-a3, b5-b3, d5-b5, a5-c5, e5-c3, b2-d4, c5-c3, a4-a2, d4-b2, a1-a3, a3-c3, c3-a1"
expect_out "legal, 13 jumps" $P check T5 --vacate a1 --finish a1 \
	"a3-a1, c5-a3, a5-c5, d5-b5, c3-c5, b5-d5, e5-c5, a1-c3, d4-b2, a4-a2, b2-b4, c5-a3, a3-a1"
# T6 (seed 000 Appendix B.2)
expect_out "legal, 19 jumps, 10 moves" $P check T6 --vacate a1 --finish a1 \
	"a3-a1, c4-a2, a4-c4, d4-b4, a6-a4, a1-a3-a5, c6-c4, f6-d4, e6-c6-a6-a4, c3-e5-c5-a5-a3-c5-c3-a1"
expect_out "legal, 19 jumps, 9 moves" $P check T6 --vacate a4 --finish a1 \
	"a6-a4, a3-a5, a1-a3, c4-a2-a4-c4, d4-b4, c6-c4, e6-c6-a6-a4, f6-d4, c3-e5-c5-a5-a3-c5-c3-a1"
expect_out "legal, 19 jumps, 10 moves" $P check T6 --vacate b3 --finish b6 \
	"d5-b3, c6-c4, c3-c5, a6-c6, d6-b6, f6-d6, a4-c4, a2-a4-a6-c6-e6, a1-c3, d4-f6-d6-b4-b2-d4-b4-b6"
expect_out "legal, 19 jumps, 9 moves" $P check T6 --vacate c5 --finish a1 \
	"a3-c5, d4-b4, a4-c4, f6-d4, a6-a4, c3-e5, d6-b4, b6-d6-f6-d4, a1-a3-a5-c5-e5-c3-c5-a3-c3-a1"
expect_out "legal, 19 jumps, 9 moves" $P check T6 --vacate b6 --finish b6 \
	"d6-b6, a6-c6, f6-d6-b6, c4-e6, a4-a6-c6-c4, c3-c5, a2-a4-c4, a1-c3, d4-b4-b2-d4-f6-d6-b4-b6"
# T7 to T10 shortest solutions (12, 13, 16, 18 moves = S(n), Table 4)
expect_out "legal, 26 jumps, 12 moves" $P check T7 --vacate c3 --finish e5 \
	"a1-c3, d4-b2, f6-d4, a3-c3-e5, d6-d4-f6, b4-d6, a5-c5, f7-d5-b5, d7-f7, g7-e7, b7-d7-f7, a7-a5-c7-c5-a5-a3-a1-c3-c5-e7-g7-e5"
expect_out "legal, 34 jumps, 13 moves" $P check T8 --vacate a2 --finish a2 \
	"a4-a2, a1-a3, a6-a4-a2, c5-a5, e5-c5, d7-d5-b5-d7, c8-c6-a6-a4, f8-d6, c3-c5-e7-c7, a8-c8-c6, g7-e5-c3-a1-a3-a5, h8-f8-f6-d6-b6-b8, e8-c8-a8-a6-a4-c4-a2"
expect_out "legal, 43 jumps, 16 moves" $P check T9 --vacate a2 --finish a8 \
	"a4-a2, a6-a4, c5-a3-a5, e7-c5, g9-e7, d4-d6-f8, i9-g9-e7, f6-d4-b4-d6-f8, c7-c5, a1-a3, h8-f6, e9-e7, c9-c7, a9-c9-e9-g9-g7-e5, b2-d4-f6-d6-b4, a8-c8-e8-g8-e6-e8-c6-a4-c4-a2-a4-a6-c6-c8-a6-a8"
expect_out "legal, 53 jumps, 18 moves" $P check T10 --vacate a3 --finish c6 \
	"a1-a3, a4-a2, a6-a4, a8-a6, c3-a1-a3-a5-a7, c5-a3, e5-c3-c5-a5, g7-e5-c5, f8-f6, f10-f8, d7-d5-b5-d7-f9-f7-d5, c8-c6-a6-a8-c8-e8-e6, d10-b8-b6, b10-d10-f10-d8-d10, i9-g7-e5-e7, h10-h8-f8, j10-h10-f10, a10-a8-c10-e10-g10-g8-e8-e6-c4-a2-a4-a6-c6"
# seed 000 Appendix B.1: the three trapezoid purges (Figure 6 coordinates:
# T6 without a1 a2 b2 d4 e5 f6), each ends with rows 4-6 empty and the
# catalyst a3 b3 c3 restored
expect_out "^   \. x x$" $P check T6 --position "empty:a1,a2,b2,d4,e5,f6,a3" \
	"a5-a3, c6-a4, a3-a5, a6-a4, c3-a3-a5, c5-c3, e6-c6-a6-a4-c4, d5-b3"
expect_out "^   x \. x$" $P check T6 --position "empty:a1,a2,b2,d4,e5,f6,b3" \
	"d5-b3, c6-c4, c3-c5, e6-c6-c4, a3-c3-c5, a5-a3, a6-c6-a4-c4, c5-c3"
expect_out "^   x x \.$" $P check T6 --position "empty:a1,a2,b2,d4,e5,f6,c3" \
	"c5-c3, a4-c4, c3-c5, c6-c4, a3-c3-c5, e6-c6-a4, a5-a3, a6-c6-c4, d5-b3"
# seed 002: games in hole numbers, T4 from tile 2, T5 shortest from tile 4
expect_out "legal, 8 jumps, 5 moves" $P check T4 --vacate '#2' \
	"[7-2, 1-4, 9-7-2, 6-1-4-6, 10-3]"
expect_out "legal, 13 jumps, 9 moves" $P check T5 --vacate '#4' \
	"[1-4, 7-2, 6-1-4-6, 10-3, 12-5, 14-12, 11-13-6, 3-10, 15-6-4]"
# JSON
expect_out '"moves":10' $P check T5 --vacate a1 --json \
	"a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1"
# a legal game that misses the finish: exit 1
expect_exit 1 $P check T5 --vacate a1 --finish c5 \
	"a3-a1, c3-a3, e5-c3, b2-d4, c5-c3, a5-c5, d5-b5-b3, d4-b2, a4-a2, a1-a3-c3-a1"
# an illegal jump: exit 1 and the reason
expect_out "illegal: move 3, jump 3: c3-a3: no peg at c3" \
	$P check T5 --vacate a1 "a3-a1, c3-a3, c3-a3"
expect_exit 1 $P check T5 --vacate a1 "a3-a1, a3-a1"
expect_out "a1-c5 is not a jump" $P check T5 --vacate a1 "a1-c5"
# bad input: exit 2, one line
expect_error "no hole 'z9'" $P check T5 --vacate a1 "a3-a1, z9-a3"
expect_error "has no jump" $P check T5 --vacate a1 "a3"
expect_error "expected a hole name" $P check T5 --vacate a1 "a3-"
expect_error "odd count" $P check T5 --vacate a1 "4 1 6"
expect_error "not a hole number" $P check T5 --vacate a1 "4 16"
expect_error "empty solution" $P check T5 --vacate a1 " "
expect_error "need a board and a solution" $P check T5 --vacate a1
expect_error "give the start" $P check T5 "a3-a1"
expect_error "no hole 'q1'" $P check T5 --vacate q1 "a3-a1"
expect_error "cannot open" $P check T5 --vacate a1 @/nonexistent/solution.txt
expect_error "unknown option" $P check T5 --vacate a1 --bogus "a3-a1"
expect_error "bad hole name" $P check T5 --vacate a1 --finish 5c "a3-a1"
done_checks
