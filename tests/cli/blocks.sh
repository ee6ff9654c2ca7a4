# blocks.sh - block removals (docs/blocks.md): pegsol blocks lists and
# draws them, check --blocks replays a solution written with them, solve
# --by-blocks finds one; seed 003's Triangle(6) and Triangle(8) examples.
. "$(dirname "$0")/lib.sh"

# the list: seed 003's named blocks with their sizes; exit 1 when none fits
expect_exit 1 "$PEGSOL" blocks english --block tri-cycle
expect_exit 1 "$PEGSOL" blocks T3 --block large-trapezoid
expect_out '^usage: pegsol blocks' "$PEGSOL" help blocks
expect_out '^tri-cycle: Tri-cycle removal' "$PEGSOL" blocks
expect_out 'removes 9 pegs in 9 jumps' "$PEGSOL" blocks --block small-trapezoid
expect_out 'removes 8 pegs in 8 jumps' "$PEGSOL" blocks --block triangle4
expect_out 'catalyst 100: a1-a3-c3-a1' "$PEGSOL" blocks --block tri-cycle
expect_out '"name":"4-package".*"removed":3' "$PEGSOL" blocks --json
expect_out '"placements":[1-9]' "$PEGSOL" blocks T6 --json --block tri-cycle
expect_out 'placements on triangle:6; the first: tri-cycle@a1/0' \
	"$PEGSOL" blocks T6 --block tri-cycle
expect_out '^3-removal-sq' "$PEGSOL" blocks english
expect_out '<svg' "$PEGSOL" blocks --block large-trapezoid --svg -
# T8 shows the 9 triangular blocks and every catalyst state of each, one
# line a state: 6+2+2+1+2+2+2+6+6 (test_macros replays them all)
n=$("$PEGSOL" blocks T8 | grep -c '^  catalyst\|^  any')
[ "$n" -eq 29 ] && _ok || _no "T8 lists $n catalyst states, want 29"

# seed 003, Triangle(6) a1-complement: c3-a1, a small trapezoid (jumps
# 2-10), a 4-package d5/e5/e6/f6 to b4 (11-13), 3 moves, the last a
# tri-cycle
t6='c3-a1, small-trapezoid@a4/0, 4-package@b4/0, a3-c5-c3, d4-b2, tri-cycle@a1/0'
expect_out '^legal, 19 jumps, 15 moves' \
	"$PEGSOL" check T6 --vacate a1 --finish a1 --blocks "$t6"
expect_out 'finish a1: reached' \
	"$PEGSOL" check T6 --vacate a1 --finish a1 --blocks "$t6"
expect_out '"blocks":"c3-a1, small-trapezoid@a4/0' \
	"$PEGSOL" check T6 --vacate a1 --blocks "$t6" --json
# the same jumps written plainly
jumps=$("$PEGSOL" check T6 --vacate a1 --blocks "$t6" | sed -n 's/^legal, 19 jumps, 15 moves: //p')
expect_out 'finish a1: reached' "$PEGSOL" check T6 --vacate a1 --finish a1 "$jumps"
# holes in any spelling: coordinates (with their comma) and numbers
expect_out '^legal, 13 jumps' "$PEGSOL" check T6 --vacate '(0,0)' \
	--blocks 'c3-a1; small-trapezoid@(0,3)/0, 4-package@#8'
# an illegal block (catalyst c3 c4 both pegs) is a "no", not bad input
expect_exit 1 "$PEGSOL" check T6 --vacate a1 --blocks 'small-trapezoid@a4/0'
expect_out 'catalyst is all pegs' \
	"$PEGSOL" check T6 --vacate a1 --blocks 'small-trapezoid@a4/0'

# solve --by-blocks on T6: found, replayed, and it checks as blocks
expect_out '^solved by blocks' \
	"$PEGSOL" solve T6 --vacate a1 --finish a1 --by-blocks
b6=$("$PEGSOL" solve T6 --vacate a1 --finish a1 --by-blocks | sed -n 's/^solved by blocks: [0-9]* steps: //p')
expect_out 'finish a1: reached' \
	"$PEGSOL" check T6 --vacate a1 --finish a1 --blocks "$b6"
expect_exit 1 "$PEGSOL" solve T6 --vacate a1 --finish a1 --by-blocks \
	--max-singles 0

# seed 003: "it does not seem possible to decompose Triangle(6) entirely
# into block removals": with removals only, no start of T6 reaches one peg
# by blocks alone; counting the 4-package, the b4-complement does
rm_only=tri-cycle,triangle4,small-trapezoid,large-trapezoid,3-removal,6-removal,6-removal-alt,wide-trapezoid
found=0
for h in a1 a2 b2 a3 b3 c3 a4 b4 c4 d4 a5 b5 c5 d5 e5 a6 b6 c6 d6 e6 f6; do
	"$PEGSOL" solve T6 --vacate "$h" --anywhere --by-blocks --max-singles 0 \
		--use "$rm_only" >/dev/null
	[ $? -eq 0 ] && found=$((found + 1))
done
[ "$found" -eq 0 ] && _ok || _no "T6: $found starts decompose into removals"
expect_out '^solved by blocks: 3 steps: triangle4@a3/0, 4-package@b4/0, triangle4@a4/4' \
	"$PEGSOL" solve T6 --vacate b4 --by-blocks --max-singles 0
expect_out 'final position, 1 peg' "$PEGSOL" check T6 --vacate b4 --finish b4 \
	--blocks 'triangle4@a3/0, 4-package@b4/0, triangle4@a4/4'

# seed 003, Triangle(8) c6-complement: three small trapezoids, two
# 3-removals and one plain jump
out=$("$PEGSOL" solve T8 --vacate c6 --by-blocks \
	--use small-trapezoid,3-removal --max-singles 1)
b8=$(printf '%s\n' "$out" | sed -n 's/^solved by blocks: [0-9]* steps: //p')
n_tr=$(printf '%s\n' "$b8" | grep -o 'small-trapezoid@' | wc -l)
n_3=$(printf '%s\n' "$b8" | grep -o '3-removal@' | wc -l)
[ "$n_tr" -eq 3 ] && [ "$n_3" -eq 2 ] && _ok ||
	_no "T8 c6: $n_tr small trapezoids, $n_3 3-removals: $b8"
expect_out 'as jumps \(replayed\): 34 jumps' printf '%s\n' "$out"
expect_out 'final position, 1 peg' \
	"$PEGSOL" check T8 --vacate c6 --finish c6 --blocks "$b8"
expect_out '"found":true' "$PEGSOL" solve T8 --vacate c6 --by-blocks \
	--use small-trapezoid,3-removal --max-singles 1 --json

# bad input: exit 2 with one line; out of nodes: exit 3
expect_error "unknown block 'foo'" "$PEGSOL" check T6 --vacate a1 --blocks 'foo@a4'
expect_error 'bad orientation' "$PEGSOL" check T6 --vacate a1 --blocks 'tri-cycle@a1/12'
expect_error 'bad orientation' "$PEGSOL" check T6 --vacate a1 --blocks 'tri-cycle@a1/x'
expect_error 'does not fit' "$PEGSOL" check T6 --vacate a1 --blocks 'tri-cycle@f6/0'
expect_error "no hole 'zz9'" "$PEGSOL" check T6 --vacate a1 --blocks 'tri-cycle@zz9'
expect_error 'does not fit' "$PEGSOL" check english --vacate d4 --blocks 'tri-cycle@d4'
expect_error 'empty block solution' "$PEGSOL" check T6 --vacate a1 --blocks ' , '
expect_error 'not both' "$PEGSOL" check T6 --vacate a1 --blocks 'tri-cycle@a1' a3-a1
expect_error 'unknown block' "$PEGSOL" blocks --block nope
expect_error 'name it with --block' "$PEGSOL" blocks --svg -
expect_error '--use: unknown block' "$PEGSOL" solve T6 --vacate a1 --by-blocks --use x
expect_error 'at most 64 holes' "$PEGSOL" solve T11 --vacate a1 --by-blocks
expect_error 'max-singles' "$PEGSOL" solve T6 --vacate a1 --by-blocks --max-singles 65
expect_fail 3 'stopped after' "$PEGSOL" solve T6 --vacate a1 --by-blocks --max-nodes 5
done_checks
