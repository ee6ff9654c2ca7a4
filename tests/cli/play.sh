#!/usr/bin/env bash
# play.sh - the terminal game (pegsol play) driven through tmux: keys in
# with send-keys, the screen read back with capture-pane.  Skips when tmux
# is missing.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
if ! command -v tmux >/dev/null; then
	echo "SKIP play.sh: tmux is not installed"
	done_checks
	exit 0
fi
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
# the winning-sets cache goes to the test's directory, not ~/.cache
export PEGSOL_CACHE="$tmp/cache"
T() { tmux -S "$sock" "$@"; }
screen() { T capture-pane -p -t play; }
# wait_for REGEX: poll the screen up to 10 s
wait_for() {
	for _ in $(seq 100); do
		if screen | grep -Eq -- "$1"; then return 0; fi
		sleep 0.1
	done
	return 1
}
expect_screen() {
	if wait_for "$1"; then _ok; else
		_no "screen lacks /$1/ ($2)"
		screen | sed 's/^/    | /' >&2
	fi
}
keys() { T send-keys -t play "$@"; }

# usage errors come before the terminal is touched
expect_error 'needs a terminal' "$PEGSOL" play T5 </dev/null
expect_error 'bad board spec|board' "$PEGSOL" play nosuchboard
expect_error 'goal' "$PEGSOL" play T5 --vacate a1,a2 --goal complement
expect_out 'usage: pegsol play' "$PEGSOL" play --help
expect_error 'bad --sets' "$PEGSOL" play T5 --sets sometimes
# a generated puzzle prints its seed; the same seed gives the same puzzle
p1=$("$PEGSOL" play T6 --puzzle --seed 77 --level hard </dev/null 2>/dev/null)
p2=$("$PEGSOL" play T6 --puzzle --seed 77 --level hard </dev/null 2>/dev/null)
if [[ $p1 == "puzzle seed 77: "* && $p1 == "$p2" ]]; then _ok; else
	_no "puzzle seed line: '$p1' / '$p2'"
fi
expect_error 'bad --level' "$PEGSOL" play T6 --puzzle --level extreme

T new-session -d -s play -x 100 -y 30 \
	"$PEGSOL play T5 --vacate a2 --save $tmp/game.txt; sleep 30"
expect_screen 'Triangle\(5\)' "title"
expect_screen 'jumps 0 +moves 0 +pegs 14' "start counters"
expect_screen 'still winnable: yes' "oracle verdict"
expect_screen 'winning sets' "hints from the precomputed sets"

# arrows and enter: a1 -> down x3 = a4, select, up x2 = a2, jump
keys Down Down Down Enter
expect_screen 'cursor: a4' "cursor moved to a4"
keys Up Up Enter
expect_screen 'jumps 1 +moves 1 +pegs 13' "a4-a2 played with the keys"
keys u
expect_screen 'jumps 0 +moves 0 +pegs 14' "undo"
keys u
expect_screen 'at the start' "undo stops at the start"
keys r
expect_screen 'jumps 1 +moves 1 +pegs 13' "redo"
keys R
expect_screen 'jumps 0 .*\(redo available\)' "reset keeps redo"

# a bomb: from a2 vacant, c4-a2 loses at once (seed 001 section 7.1)
keys : c4 Enter
expect_screen 'cursor: c4' "typed hole selects c4"
if screen | grep -Eq '^ *[^ ]* *X'; then _ok; else
	_no "no bomb X on the losing jump"
	screen >&2
fi
keys Escape
keys : c4-a2 Enter
expect_screen 'still winnable: no' "dead after c4-a2"
keys u
# solve from here, animated, to one peg
keys s
expect_screen 'SOLVED' "solve from here"
expect_screen 'pegs 1' "one peg left"
keys w
expect_screen 'saved to' "save"
if grep -Eq '^triangle:5;empty:a2;anywhere;[a-e0-9,-]+' "$tmp/game.txt"; then _ok; else
	_no "saved game id: $(cat "$tmp/game.txt")"
fi
keys q
sleep 0.3
# load the saved game: one peg, solved
T kill-session -t play 2>/dev/null
T new-session -d -s play -x 100 -y 30 "$PEGSOL play --load @$tmp/game.txt; sleep 30"
expect_screen 'SOLVED' "loaded game is solved"
keys u
expect_screen 'pegs 2' "undo after load"
keys q
sleep 0.3
# a puzzle in the terminal: solve it from here to its finishing hole
T kill-session -t play 2>/dev/null
T new-session -d -s play -x 100 -y 30 "$PEGSOL play T6 --puzzle --seed 77; sleep 30"
expect_screen 'goal|Triangle\(6\)' "puzzle game starts"
keys s
expect_screen 'SOLVED' "puzzle solved from the start"
keys q
T kill-server 2>/dev/null
rm -rf "$tmp"
done_checks
