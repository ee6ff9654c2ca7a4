# restricted.sh - boards that forbid jumps (docs/board-files.md,
# "Restricted jumps"): the seed 003 boards Think and Jump and Maple Leaf,
# flower:97 and Subtrax, @forbid in board files, bad @forbid lines (exit 2,
# one error line).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

expect_out "^think-and-jump +think-and-jump +37 +114 +12" $P boards
expect_out "^maple-leaf +maple-leaf +33 +64 +2" $P boards
expect_out "^subtrax +subtrax +16 +36 +6" $P boards
expect_out "^Think and Jump: 37 holes, 114 jumps, 12 symmetries" $P show think-and-jump
expect_out "^Maple Leaf: 33 holes, 64 jumps, 2 symmetries" $P show maple-leaf
expect_out "^Flower\(97\): 97 holes, 438 jumps, 6 symmetries" $P show flower:97
expect_out '"null_class":true' $P classes maple-leaf --json
expect_out '"null_class":true' $P classes flower:97 --json
expect_error "takes no parameter" $P show maple-leaf:3
expect_error "flower:49 and flower:97" $P show flower:61

# seed 003: Think and Jump's central problem has no solution ...
expect_exit 1 $P solve think-and-jump --vacate d4 --anywhere
expect_exit 1 $P solve think-and-jump --vacate d4
# ... and Maple Leaf's central game is solvable (e5 is the centre)
expect_exit 0 $P solve maple-leaf --vacate e5
expect_out "^solved: 31 jumps" $P solve maple-leaf --vacate e5
# c3-e5 runs along a line through the centre, c4-e4 along none
expect_exit 0 $P check maple-leaf --vacate e5 "c3-e5"
expect_exit 1 $P check maple-leaf --vacate e4 "c4-e4"
expect_exit 0 $P check hexagon:4 --vacate c1 "a1-c1"
expect_exit 1 $P check think-and-jump --vacate c1 "a1-c1"

# a board file with forbidden jumps: Triangle(5) without the jump line
# a1-b2-c3 (both directions); its a1 complement, solvable on T5, is not
printf '@lattice triangular\n@forbid a1-b2-c3\n    o\n   o o\n  o o o\n o o o o\no o o o o\n' >"$T/t5.txt"
expect_out ": 15 holes, 34 jumps, 1 symmetries" $P show "file:$T/t5.txt"
expect_exit 0 $P solve T5 --vacate a1
expect_exit 1 $P solve "file:$T/t5.txt" --vacate a1
# a missing step: no jump into a1 at all, so a1 is a class of its own
printf '@lattice triangular\n@forbid a1-b2-c3 a1-a2\n    o\n   o o\n  o o o\n o o o o\no o o o o\n' >"$T/t5b.txt"
expect_out ": 15 holes, 32 jumps, 2 symmetries" $P show "file:$T/t5b.txt"
expect_out "position class" $P solve "file:$T/t5b.txt" --vacate a1
# Think and Jump drawn as a file: its six missing side steps
printf '@lattice triangular\n@forbid b1-c1 e7-f7 a2-a3\n@forbid b5-c6 e2-f3 g5-g6\n   o o o o\n  o o o o o\n o o o o o o\no o o o o o o\n o o o o o o\n  o o o o o\n   o o o o\n' >"$T/tj.txt"
expect_out ": 37 holes, 114 jumps, 12 symmetries" $P show "file:$T/tj.txt"
# the square lattice: English without the jumps over d4 from b4 and f4
printf '@forbid b4-c4-d4 d4-e4-f4\n  ooo\n  ooo\nooooooo\nooooooo\nooooooo\n  ooo\n  ooo\n' >"$T/en.txt"
expect_out ": 33 holes, 72 jumps, 4 symmetries" $P show "file:$T/en.txt"

# bad @forbid lines: exit 2, one line naming the file line
bad() {
	printf '@lattice triangular\n%s\n    o\n   o o\n  o o o\n o o o o\no o o o o\n' "$1" >"$T/bad.txt"
	expect_error "$2" $P show "file:$T/bad.txt"
}
bad "@forbid a1-c3" "bad.txt:2: bad @forbid item 'a1-c3': the holes are not neighbours on a jump line"
bad "@forbid a1-a2-b3" "bad @forbid item 'a1-a2-b3': the holes are not consecutive"
bad "@forbid a1-z9" "bad @forbid item 'a1-z9': no hole 'z9'"
bad "@forbid a1" "bad @forbid item 'a1': expected two neighbouring holes"
bad "@forbid a1-a2-a3-a4" "expected two neighbouring holes 'a1-a2' or a jump line 'a1-a2-a3'"
bad "@forbid a1--a2" "bad @forbid item 'a1--a2'"
bad "@forbidden a1-a2" "unknown directive"
printf '@lattice triangular\n    o\n   o o\n@forbid a1-a2-a3\n  o o o\n' >"$T/late.txt"
expect_error "directives must come before the board picture" $P show "file:$T/late.txt"
printf '@forbid a1-b2\nooo\nooo\nooo\n' >"$T/sq.txt"
expect_error "not neighbours on a jump line" $P show "file:$T/sq.txt"

done_checks
