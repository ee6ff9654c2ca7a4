#!/usr/bin/env bash
# bound_work.sh - searches over every start that survive: `pegsol
# shortest BOARD --anywhere [--max-moves N] --work DIR` keeps its finished
# (bound, start) searches and the depth-first progress of the running one
# in DIR; run again it goes on from there (docs/shortest.md, "Lower bounds
# that survive").  Stopped runs (--max-nodes, a kill) resumed to the end
# give the answer of an uninterrupted run, and, stopped between searches,
# its node count; a DIR of another command is refused.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
P=$PEGSOL
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
jnodes() { sed -n 's/.*"nodes":\([0-9]*\).*/\1/p' "$1"; }

# T8 has no 12-move solution from any start (seed 003); a small table and
# node budget make every start but the corners go depth first over budget
# rounds, each resumed from the front states the round before finished
A="T8 --anywhere --max-moves 12 --max-states 400 --budget 4096 --threads 1"
$P shortest $A --json >"$D/ref.json"
ref=$(jnodes "$D/ref.json")
expect_out '"solved":false' cat "$D/ref.json"

# stopped after every search or two (--max-nodes: exit 3), run again until
# it ends: the same answer and node count, resumed from the saved marks
runs=0
while :; do
	$P shortest $A --json --work "$D/w" --max-nodes 5000 >"$D/out.json" \
		2>"$D/err"
	rc=$?
	cat "$D/err" >>"$D/errs"
	runs=$((runs + 1))
	[ $rc -ne 3 ] || [ $runs -ge 20 ] && break
	grep -q 'stopped after [0-9]* nodes (--max-nodes): run the same' \
		"$D/err" || break
done
expect_out '^1 [3-9]' echo "$rc $runs"
expect_out "\"solved\":false.*\"nodes\":$ref," cat "$D/out.json"
expect_out '^resuming: [0-9]+ \(bound, start\) searches finished' \
	cat "$D/err"
expect_out 'front states of layer 4 done' cat "$D/errs"
# the whole proof again from a finished directory: nothing searched
expect_out "\"nodes\":$ref," $P shortest $A --json --work "$D/w"

# T8 (S(8) = 13, seed 000 Table 4) killed while it searches depth first
# (progress saved every 0.05 s), then resumed: the same minimum
B="T8 --anywhere --max-states 4000 --threads 1 --checkpoint 0.05"
sh -c "timeout -s KILL 0.5 $P shortest $B --work '$D/k'" >/dev/null 2>&1
expect_out '13 moves .*minimum proved' $P shortest $B --work "$D/k"
expect_out '13 moves .*minimum proved' $P shortest $B --work "$D/k"
expect_stderr '^resuming: '

# --progress: a line per (bound, start) with the time of all runs
expect_out '^bound 11, vacate a3, depth first: no solution, [0-9]+ nodes, .*\([0-9]+:[0-9]{2}:[0-9]{2}\)' \
	sh -c "$P shortest T7 --anywhere --max-states 3000 --progress 2>&1"

# refused: another command's directory, a directory of other files, a
# damaged work file, a start, a bad --checkpoint
expect_error "work directory '.*/w': it holds the work of another command" \
	$P shortest T8 --anywhere --max-moves 11 --work "$D/w"
expect_error "work directory '.*/w': it holds the work of another command" \
	$P shortest $A --budget 8192 --work "$D/w"
mkdir "$D/other" && echo x >"$D/other/notes"
expect_error "'.*/other' is not empty and holds no pegsol shortest work" \
	$P shortest $A --work "$D/other"
cp "$D/w/shortest.work" "$D/bad" && mkdir "$D/b" && mv "$D/bad" "$D/b/shortest.work"
printf 'X' | dd of="$D/b/shortest.work" bs=1 seek=30 conv=notrunc 2>/dev/null
expect_error "work directory '.*/b': .*checksum" $P shortest $A --work "$D/b"
echo x >"$D/file"
expect_error "'.*/file' is not a directory" $P shortest $A --work "$D/file"
expect_error 'need --anywhere and no start' \
	$P shortest T8 --vacate a2 --anywhere --work "$D/v"
expect_error "bad --checkpoint 'x'" $P shortest $A --checkpoint x
expect_error "bad --max-nodes '0'" $P shortest $A --max-nodes 0
done_checks
