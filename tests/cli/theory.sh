# theory.sh - pegsol classes and pegsol feasible: numbers from seed 000
# (Tables 1 and 3, Theorems 2.1 and 2.2), seed 001 section 3 and seed 003,
# and one test per kind of bad input.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
G=/tmp/pegsol_theory_graph.$$
printf 'u v\nv w\nw x\n' >"$G"

# classes: labels, null-class verdict, class, finishing holes
expect_out '^        0$' $P classes T5
expect_out 'null-class: yes' $P classes T5
expect_out 'null-class: no \(full board in class PEG_0\)' $P classes T4
expect_out 'class PEG_0' $P classes T5 --vacate c5
expect_out 'possible at 5 holes: a1,b3,a4,d4,c5' $P classes T5 --vacate a1
# seed 000 section 2.1: a corner vacancy on T4 is in class EMPTY
expect_out 'class EMPTY' $P classes T4 --vacate a1
expect_out 'possible nowhere' $P classes T4 --vacate a1
expect_out 'class PEG_1' $P classes T5 --position a2
# seed 001 section 3: English centre vacancy, Type A holes
expect_out 'possible at 5 holes: d1,a4,d4,g4,d7' $P classes english --vacate d4
expect_out '^21  02  10  21  02  10  21$' $P classes english
expect_out 'null-class: yes' $P classes hexagon:5
expect_out 'null-class: no' $P classes hexagon:4
expect_out '"null_class":true' $P classes flower:43 --json
expect_out '"finish_holes":\["a1","b3","a4","d4","c5"\]' $P classes T5 --vacate a1 --json
expect_out '"defined":false' $P classes graph:$G --json
expect_exit 0 $P classes T5 --help

# feasible: one problem (Theorems 2.1, 2.2)
expect_exit 0 $P feasible T5 --vacate a1 --finish a1
expect_exit 1 $P feasible T5 --vacate a1 --finish b2
expect_out 'position class EMPTY \(Theorem 2.1\)' $P feasible T4 --vacate a1 --finish b2
expect_out 'Theorem 2.2' $P feasible T8 --vacate a2 --finish b2
expect_exit 1 $P feasible T7 --vacate d4
expect_exit 0 $P feasible T7 --vacate a2
# seed 000 Table 1 effective slacks
expect_out 'effective slack -2: not solvable' $P feasible T5 --vacate b3 --finish b3
expect_out 'effective slack 2$' $P feasible T5 --vacate c5 --finish c5
expect_out '"effective_slack":1' $P feasible T5 --vacate a1 --finish c5 --json
expect_out '"solvable":false' $P feasible T5 --vacate a4 --finish b3 --json
expect_out '"solvable":true' $P feasible T6 --vacate a1 --finish a1 --json
expect_out 'solvable: every feasible pair' $P feasible T9 --vacate c5 --finish a1
expect_out '"vacate_holes":\["a1","b3","a4","d4","c5"\]' $P feasible T5 --finish c5 --json
# rule of three on the square lattice
expect_exit 1 $P feasible english --vacate d4 --finish d5
expect_out 'rule of three' $P feasible english --vacate d4 --finish d5

# feasible: all pairs up to symmetry (seed 000 Table 3, Table 1)
expect_out '^17 pairs$' $P feasible T5
expect_out '^c5      c5       2$' $P feasible T5
expect_out '^b3      b3      -2$' $P feasible T5
expect_out ': 356 distinct' $P feasible T12 --count
expect_out ': 108 distinct' $P feasible T10
expect_out '"count":3,' $P feasible T4 --json
expect_out '"count":36' $P feasible wiegleb --json --count
# closed form (4T(n)^2 + 9n^2)/72 at n = 2000
expect_out ': 222445000000 distinct' $P feasible T2000 --count
expect_exit 0 $P feasible --help
# issue 19 item 6: feasible (lattice classes) and solve (the board's own
# jump lines) say which classes they use, and agree on T2/T3
expect_out 'a1 +a1 +\(fine: no' $P feasible triangle:2
expect_out '"fine_class":false' $P feasible triangle:2 --json
expect_out 'b3 +b3 +\(fine: no' $P feasible triangle:3
expect_out '^a1 +b3$' $P feasible triangle:3
expect_out 'not solvable: this board.s own jump lines' \
	$P feasible triangle:3 --vacate a1 --finish a1
expect_out '"solvable":false' $P feasible triangle:3 --vacate a1 \
	--finish a1 --json
expect_out 'position class \(fine: the span of this board.s own jump' \
	$P solve triangle:3 --vacate a1 --finish a1
expect_out '"fine_class":true' $P feasible T5 --vacate a1 --finish a1 --json

# bad input: one error line, exit 2
expect_error 'missing BOARD' $P classes
expect_error 'missing BOARD' $P feasible
expect_error 'board' $P classes nosuchboard
expect_error 'board' $P feasible T0
expect_error 'z9' $P classes T5 --vacate z9
expect_error '.' $P classes T5 --position 'xx?'
expect_error 'vacate' $P feasible T5 --vacate q1
expect_error 'finish' $P feasible T5 --vacate a1 --finish a9
expect_error 'not defined' $P feasible graph:$G
expect_error '--count' $P feasible T5 --count --vacate a1
expect_error 'option' $P feasible T5 --bogus
expect_error '.' $P classes T5 extra
rm -f "$G"
done_checks
