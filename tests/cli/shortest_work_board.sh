#!/usr/bin/env bash
# shortest_work_board.sh - `pegsol shortest file:PATH --anywhere --work
# DIR` knows its board by content, not by path: the work file keeps a hash
# of the board's holes (names) and jumps, so a board file changed under the
# same path is refused (exit 2, one line) instead of resuming the work of
# the old board, and the unchanged file resumes.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
P=$PEGSOL
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT

# T5 as a board file (15 holes); S(5) = 9 moves from the best start
cat >"$D/b.txt" <<'B'
@lattice triangular
@name FileT5
    o
   o o
  o o o
 o o o o
o o o o o
B
A="file:$D/b.txt --anywhere --threads 1"
expect_out '9 moves' $P shortest $A --work "$D/w"
expect_out 'board-content 0x[0-9a-f]{16}' sh -c "head -c 200 '$D/w/shortest.work'"
# the same file again: resumed
expect_out '9 moves' $P shortest $A --work "$D/w"
expect_stderr '^resuming: '
# a comment changes nothing of the board: still resumed
printf '# a note\n' >>"$D/b.txt"
expect_out '9 moves' $P shortest $A --work "$D/w"
# the file now holds another board (a hole more): refused
cat >"$D/b.txt" <<'B'
@lattice triangular
@name FileT5
    o
   o o
  o o o
 o o o o
o o o o o o
B
expect_error "work directory '.*/w': it holds the work of another board \(its holes or jumps differ\)" \
	$P shortest $A --work "$D/w"
# another command on the same board is still "another command"
expect_error "work directory '.*/w': it holds the work of another command" \
	$P shortest $A --max-moves 8 --work "$D/w"
done_checks
