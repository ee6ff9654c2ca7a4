# construct_boards.sh - pegsol construct on rhombus:N and hexagon:N
# (docs/construct.md "Rhombus and hexagon boards"; seed 000 section 5:
# the extension technique applies to rhombus and hexagonal boards), every
# solution replayed with pegsol check.
. "$(dirname "$0")/lib.sh"

# replay BOARD HOLE: the construction replays to one peg
replay() {
	local sol
	sol=$("$PEGSOL" construct "$1" --vacate "$2")
	expect_out 'final position, 1 peg' "$PEGSOL" check "$1" --vacate "$2" "$sol"
}

# small boards whole: base = board, solved by search
replay rhombus:4 b1
replay hexagon:4 b1
# Hexagon(5): every vacancy solvable (seed 003), the centre too
replay hexagon:5 e5
replay hexagon:5 a1
# bands: Rhombus(7) from b1 is a 4x4 base and two bands of parallel ends
expect_out 'bands of three lines: 2 \(2 with parallel ends' \
	"$PEGSOL" construct rhombus:7 --vacate b1 --explain
replay rhombus:7 b1
replay rhombus:9 e5
replay rhombus:11 '(10,1)'
replay rhombus:20 g13
replay hexagon:8 h8
replay hexagon:10 c3
replay hexagon:14 '(13,13)'
replay hexagon:20 a1
# a size near 40 of each, through the JSON face
expect_out '"verified":[[:space:]]*true' "$PEGSOL" construct rhombus:40 --vacate d5 --json
expect_out '"jumps":[[:space:]]*1598' "$PEGSOL" construct rhombus:40 --vacate d5 --json
expect_out '"holes":[[:space:]]*4681' "$PEGSOL" construct hexagon:40 --vacate b2 --json
sol=$("$PEGSOL" construct hexagon:40 --vacate b2 --stream)
expect_out 'legal, 4679 jumps' "$PEGSOL" check hexagon:40 --vacate b2 "$sol"

# refusals, exit 1 with the reason: position class (Rhombus(7) a1, the
# centre of the non-null-class Hexagon(4): seed 003), or no solution at
# all (Rhombus(3), Hexagon(3) by exhaustive search)
expect_exit 1 "$PEGSOL" construct rhombus:7 --vacate a1
expect_out 'position class' "$PEGSOL" construct rhombus:7 --vacate a1
expect_out 'position class' "$PEGSOL" construct hexagon:4 --vacate d4
expect_out '"solvable":[[:space:]]*false' "$PEGSOL" construct hexagon:4 --vacate d4 --json
expect_exit 1 "$PEGSOL" construct rhombus:3 --vacate a1
expect_out 'exhaustive search' "$PEGSOL" construct hexagon:3 --vacate a1
# the feasible set agrees with pegsol solve's class proof
expect_out 'position class' "$PEGSOL" solve rhombus:7 --vacate a1 --anywhere

# bad input: one line, exit 2
expect_error "no hole 'a9'" "$PEGSOL" construct hexagon:5 --vacate a9
expect_error "no hole" "$PEGSOL" construct rhombus:5 --vacate '(5,0)'
expect_error 'side must be 1..2000' "$PEGSOL" construct rhombus:2001 --vacate a1
expect_error 'side must be' "$PEGSOL" construct hexagon:0 --vacate a1
expect_error 'triangle, rhombus and hexagon' "$PEGSOL" construct star:3 --vacate a1
expect_error 'finish is for triangle' "$PEGSOL" construct rhombus:7 --vacate b1 --finish c2
expect_fail 3 'out of memory' "$PEGSOL" construct hexagon:2000 --vacate b2 --memory-mb 10
done_checks
