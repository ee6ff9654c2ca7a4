# tricolor.sh - pegsol tricolor: three-colour peg solitaire (seed 004,
# "Investigations into 3-Color Peg Solitaire"; graph results quoted there
# from Davis et al. 2020).
. "$(dirname "$0")/lib.sh"
D="$(dirname "$0")/../data/tricolor"

expect_exit 0 "$PEGSOL" tricolor --help
expect_out 'survey' "$PEGSOL" tricolor --help
# seed 004: T5 is freely solvable, 4 starting holes up to symmetry
expect_exit 0 "$PEGSOL" tricolor survey T5
expect_out '^freely solvable: yes' "$PEGSOL" tricolor survey T5
expect_out '4 starting holes up to symmetry' "$PEGSOL" tricolor survey T5
expect_out '"freely_solvable":[[:space:]]*true' "$PEGSOL" tricolor survey T5 --json
# seed 004: T4 is not freely solvable; every start with the centre (b3)
# empty is dead, there is no legal jump at all
expect_exit 1 "$PEGSOL" tricolor survey T4
expect_out '^b3 +1 +[0-9]+ +0$' "$PEGSOL" tricolor survey T4
expect_out '1111011111 +1 +9 +\(no legal jump\)' "$PEGSOL" tricolor survey T4 --list 200
expect_exit 1 "$PEGSOL" tricolor solve T4 --position '2 22 2.2 2222'
expect_out 'solvable: no' "$PEGSOL" tricolor solve T4 --position '2 22 2.2 2222'
expect_exit 1 "$PEGSOL" tricolor solve T4 --table --position '2 22 2.2 2222'
# a solution, replayed by the library under the three-colour rules
expect_exit 0 "$PEGSOL" tricolor solve T5 --position 011111111111111
expect_out 'verified under the three-colour rules' "$PEGSOL" tricolor solve T5 --position 011111111111111
expect_out '"verified":[[:space:]]*true' "$PEGSOL" tricolor solve T5 --json --position '. 12 212 1122 21211'
expect_exit 0 "$PEGSOL" tricolor solve T5 --table --position '. 12 212 1122 21211'
expect_out 'legal jumps: a3-a1 \(over a2\), c3-a1 \(over b2\)' "$PEGSOL" tricolor show T5 --position 011111111111111
# graphs (seed 004 quoting Davis et al.): paths solvable, not freely;
# cycles solvable; K(m,n), m, n > 1, freely solvable; stars K(1,n) only
# (n-1)-solvable
expect_exit 1 "$PEGSOL" tricolor survey "graph:$D/path5.txt"
expect_out '^solvable: [1-9][0-9]* of ' "$PEGSOL" tricolor survey "graph:$D/path5.txt"
expect_exit 0 "$PEGSOL" tricolor survey "graph:$D/cycle6.txt"
expect_exit 0 "$PEGSOL" tricolor survey "graph:$D/k2_3.txt"
expect_out '^solvable: 0 of ' "$PEGSOL" tricolor survey "graph:$D/star4.txt"
expect_out 'fewest pegs reached 3' "$PEGSOL" tricolor solve "graph:$D/star4.txt" --position 10121
# bad input: exit 2, one line
expect_error 'bad glyph .x.' "$PEGSOL" tricolor solve T5 --position 01111111111111x
expect_error 'has 4 holes, board' "$PEGSOL" tricolor solve T5 --position 0111
expect_error 'give the position' "$PEGSOL" tricolor solve T5
expect_error 'unknown action' "$PEGSOL" tricolor frobnicate T5
expect_error 'need an action' "$PEGSOL" tricolor
expect_error 'handles 2\.\.24' "$PEGSOL" tricolor survey T7
expect_error 'threads' "$PEGSOL" tricolor survey T5 --threads 0
done_checks
