# resource.sh - pegsol resource and pegsol pagoda: resource counts and
# pagoda functions (seed 000 section 2.3 and seed 003: the SAX count of T5,
# the Propeller(3) count), checked against exhaustive search.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
T=/tmp/pegsol_resource.$$
# seed 003: -1 at each corner, 0 at the centre and between the corners,
# +1 everywhere else (Propeller(3): centre c3, corners a1 a3 c1 e3 c5 e5)
PROP='*=1 a1=-1 a3=-1 c1=-1 e3=-1 c5=-1 e5=-1 a2=0 d2=0 d5=0 c3=0'

# the SAX count is valid; its weights without the region bonus are not,
# and only an edge jump over a -1 increases them (seed 003: a2-a4 or d4-b2
# and their images)
expect_exit 0 $P resource T5 --weights sax
expect_out '^\{a2,a3,a4\}>=2:1$' $P resource T5 --weights sax
expect_out 'valid resource count' $P resource T5 --weights sax
SAXW='a1=-1 a3=-1 c3=-1 a5=-1 c5=-1 e5=-1 b3=1 b4=1 c4=1'
expect_exit 1 $P resource T5 --weights "$SAXW"
expect_out '"valid":false' $P resource T5 --weights "$SAXW" --json
expect_out '"jump":"(a2-a4|a4-a2|b2-d4|d4-b2|b5-d5|d5-b5)"' $P resource T5 --weights "$SAXW" --json
# SAX of the full board minus a1 is 1 (S 3 + A 3 - X 5); a peg at a1 is -1
expect_out '"start_value":1,"goal_value":-1' $P resource T5 --weights sax --vacate a1 --json
# show prints the SAX count of a T5 position (docs/theory.md: the b3
# complement starts at -1)
expect_out '^sax: 1 ' $P show T5 --vacate a1
expect_out '"sax":-1' $P show T5 --vacate b3 --json
# the same value through the picture form, read back from a file
$P resource T5 --weights sax | head -n 8 >"$T.txt"
expect_out 'start value: 1$' $P resource T5 --weights "@$T.txt" --vacate a1
expect_out 'start value: 1$' $P resource T5 --weights "$T.txt" --vacate a1

# Propeller(3): the seed's count is valid and proves c2->c2, c2->b3 and
# c2->d4 unsolvable; exhaustive search agrees; it proves nothing about the
# one solvable problem, c3->c3
expect_exit 0 $P resource propeller:3 --weights "$PROP"
for f in c2 b3 d4; do
	expect_exit 0 $P resource propeller:3 --weights "$PROP" --vacate c2 --finish $f
	expect_exit 1 $P solve propeller:3 --vacate c2 --finish $f
done
expect_exit 1 $P resource propeller:3 --weights "$PROP" --vacate c3
expect_exit 0 $P solve propeller:3 --vacate c3
# pagoda: linear programming finds the seed's count again (least total |w|)
expect_out '^-1  1   0   1   -1$' $P pagoda propeller:3 --vacate b2 --finish c3
expect_exit 0 $P pagoda propeller:3 --vacate a2 --finish a2
expect_exit 1 $P solve propeller:3 --vacate a2 --finish a2
# a1->a1 is unsolvable, but no pagoda function of any weights proves it
expect_exit 1 $P pagoda propeller:3 --vacate a1 --finish a1
expect_exit 1 $P solve propeller:3 --vacate a1 --finish a1
expect_out '"found":false' $P pagoda propeller:3 --vacate a1 --finish a1 --json
# a lone peg cannot move: weight 1 off a1's row proves pegs:a1 -> c3
expect_exit 0 $P pagoda T5 --from pegs:a1 --to pegs:c3
expect_out '"found":true,"weights":\[' $P pagoda T5 --from pegs:a1 --to pegs:c3 --json
# every pagoda function found replays as a valid resource count
$P pagoda propeller:3 --vacate b2 --finish c3 | sed -n '2,6p' >"$T.p"
expect_exit 0 $P resource propeller:3 --weights "@$T.p" --vacate b2 --finish c3
# one peg anywhere: the least single-peg value is the goal's
expect_out 'least at a1' $P resource propeller:3 --weights "$PROP" --vacate b2 --anywhere

# bad input: one line, exit 2
expect_error 'bad token' $P resource T5 --weights 'x y z'
expect_error '3 weights' $P resource T5 --weights '1 2 3'
expect_error 'not both' $P resource T5 --weights '*=1 0 0'
expect_error 'T5 only' $P resource T6 --weights sax
expect_error 'bad weight' $P resource T5 --weights 'a1=99999999999999999999'
expect_error 'no hole|bad hole' $P resource T5 --weights 'z9=1'
expect_error 'region term' $P resource T5 --weights '{a1,b2}>2:1'
expect_error 'need a board and --weights' $P resource T5
expect_error 'max-weight' $P pagoda T5 --vacate a1 --max-weight 0
expect_error 'seconds' $P pagoda T5 --vacate a1 --seconds -1
rm -f "$T".*
done_checks
