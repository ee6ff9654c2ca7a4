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
TMUX_SESSION=play

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

# a session that outlives the games: killing the last session ends the
# tmux server, and a new-session racing its exit fails
T new-session -d -s keep "sleep 600"
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
expect_screen 'fewest-moves line, [0-9]+ moves' "solve says which kind of line"
# after the computer's Solve: the optimum, and no credit (issue 20)
expect_screen "fewest moves from the start: [0-9]+ \\(won with the computer's Solve: no score\\)" \
	"no optimal! for the computer's moves"
keys w
expect_screen 'saved to' "save"
if grep -Eq '^triangle:5;empty:a2;anywhere;[a-e0-9,-]+' "$tmp/game.txt"; then _ok; else
	_no "saved game id: $(cat "$tmp/game.txt")"
fi
# hint strengths by shape: H cycles off, still winnable?, one good move
# (! marks the peg), every losing jump; the legend names the shapes
keys R
keys H H H
expect_screen 'hints: one good move' "third hint strength"
if screen | sed -n '3,7p' | grep -q '!'; then _ok; else
	_no "no ! on the good move's peg"
	screen >&2
fi
expect_screen '\+ wins +X loses +\? undecided +B doomed +! good move' "shape legend"
keys H
expect_screen 'hints: every losing jump' "back to every losing jump"
# keyboard only: the numeric keypad moves the cursor too, ? lists the keys
keys 8 8 8 8 2
expect_screen 'cursor: a2' "keypad 2 moves down"
keys '?'
expect_screen 'p new puzzle +d difficulty +e board editor' "key help"
# the board editor: toggle pegs, class at once, search verdict when done
keys e
expect_screen 'BOARD EDITOR' "editor mode"
expect_screen 'class PEG_[0-9], a last peg can be at' "class at once"
expect_screen 'pegs 14 ' "editor starts from the position"
keys Up Enter
expect_screen 'pegs 13 ' "enter toggles a peg off"
expect_screen 'search: (solvable|not solvable)' "search verdict when done"
keys c
expect_screen 'search: not solvable \(class\)' "empty board: class verdict"
keys F Up Enter
expect_screen 'pegs 14 .*' "fill then toggle"
keys e
expect_screen 'playing the edited position' "play the edited position"
expect_screen 'jumps 0 +moves 0 +pegs 14' "edited game starts"
# puzzles from the keys: d picks the difficulty, p makes one
keys d d
expect_screen 'puzzle difficulty: easy' "difficulty key"
keys p
expect_screen 'puzzle seed [0-9]+: [0-9]+ pegs, finish at [a-e][1-5], graded' \
	"new puzzle key"
# nothing of the last game survives a new one (issue 20 item 10)
if screen | grep -Eq 'solving from here|so far|playing the edited'; then
	_no "stale line after a new puzzle"
	screen >&2
else _ok; fi
expect_screen 'goal: [a-e][1-5] ' "puzzle goal is its finishing hole"
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
sleep 0.3
# a large triangle: no oracle past 63 holes, solve plays the constructive
# solution (T12: 76 jumps)
T kill-session -t play 2>/dev/null
T new-session -d -s play -x 100 -y 30 "$PEGSOL play T12 --vacate a1 --hints off; sleep 30"
expect_screen 'Triangle\(12\)' "T12 starts"
keys s
expect_screen 'constructive line, [0-9]+ moves \(76 jumps\)' "constructive solve on T12"
expect_screen 'SOLVED' "T12 solved by construction"
keys q
sleep 0.3
# --memory-mb (issue 16): English from c1 to anywhere would need about
# 8 GiB of winning sets (it grew past 4 GB before showing the board); the
# estimate refuses them, the board shows at once, the live search hints
expect_error 'bad --memory-mb' "$PEGSOL" play T5 --memory-mb 0
expect_error 'bad --memory-mb' "$PEGSOL" play T5 --memory-mb lots
expect_out '--memory-mb' "$PEGSOL" play --help
# game CMD PATTERN WHAT: a new game on the screen shows PATTERN
game() {
	keys q
	sleep 0.3
	T kill-session -t play 2>/dev/null
	T new-session -d -s play -x 120 -y 30 "$1; sleep 30"
	expect_screen "$2" "$3"
}
cap="prlimit --as=$((3 << 30)) --"
grep -q __asan_init "$PEGSOL" 2>/dev/null && cap="" # ASan: no cap
game "$cap $PEGSOL play english --vacate c1 --goal anywhere --budget 100000" \
	'winning sets would need about [0-9]+ MB, over --memory-mb 1024: live search' "english c1 anywhere"
pid=$(pgrep -f "^$PEGSOL play english --vacate c1" | head -n 1)
rss=$(awk '$1 == "VmHWM:" { print $2 }' "/proc/$pid/status" 2>/dev/null)
if [ -n "$rss" ] && [ "$rss" -lt 500000 ]; then _ok; else _no "peak RSS '$rss' kB (want < 500 MB)"; fi
# T6 c3 anywhere: sets of about 40 MB
game "$PEGSOL play T6 --vacate c3 --memory-mb 16" 'over --memory-mb 16: live search' "T6 under --memory-mb 16"
game "$PEGSOL play T6 --vacate c3 --memory-mb 64" 'winning sets' "T6 under --memory-mb 64"
# a full board: Enter empties the hole under the cursor to choose the
# start (no "GAME OVER" before the first move)
game "$PEGSOL play T5" 'choose the start: Enter' "full board asks for a start"
keys Down Enter
expect_screen 'start: a2 vacated; your move' "Enter chose the start"
expect_screen 'jumps 0 +moves 0 +pegs 14' "the game from a2"
# small terminals (issue 20 item 10): Triangle(20) in 80x24 and 60x15
# gets the compact layout - the counters and the verdict stay on screen,
# the board scrolls with the cursor and says it is cropped
for size in 80x24 60x15; do
	keys q
	sleep 0.3
	T kill-session -t play 2>/dev/null
	T new-session -d -s play -x "${size%x*}" -y "${size#*x}" \
		"$PEGSOL play triangle:20 --vacate a1 --hints off; sleep 30"
	expect_screen '^\[cropped: scrolls\] a1 j0 m0 pegs 209' "$size compact counters"
	expect_screen '\? keys +s solve +u undo +q quit' "$size key line"
	keys Down Down Down Down Down Down Down Down Down Down Down Down \
		Down Down Down Down Down Down Down
	expect_screen '^\[cropped: scrolls\] a20 j0' "$size cursor scrolled to a20"
	if [ "$(screen | wc -L)" -le "${size%x*}" ]; then _ok; else
		_no "$size: a line wider than the terminal"
	fi
	# PEGSOL_SHOTS=DIR keeps the screens (docs/play.md shows them)
	[ -z "${PEGSOL_SHOTS:-}" ] || screen >"$PEGSOL_SHOTS/terminal-T20-$size.txt"
done
# a terminal wide enough for the board but not the panel under it: the
# panel goes beside the board (T12 in 120x16)
keys q
sleep 0.3
T kill-session -t play 2>/dev/null
T new-session -d -s play -x 120 -y 16 "$PEGSOL play T12 --vacate a1 --hints off; sleep 30"
expect_screen '^ +\[\.\] +goal: anywhere +hints: off +cursor: a1' "panel beside the board"
keys q
T kill-server 2>/dev/null
rm -rf "$tmp"
done_checks
