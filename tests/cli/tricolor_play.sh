#!/usr/bin/env bash
# tricolor_play.sh - the three-colour game in the terminal (pegsol tricolor
# play; issue 20 "Three colours", seed 004 rules) driven through tmux.
cd "$(dirname "$0")/../.."
. tests/cli/lib.sh
P=$PEGSOL
# bad input first: one error line, exit 2, before the terminal is touched
expect_error 'needs a terminal' $P tricolor play T5 </dev/null
expect_error 'not both' $P tricolor play T5 --position 011111111111111 --vacate a1
expect_error "bad --seed 'x'" $P tricolor play T5 --seed x
expect_error 'board' $P tricolor play nosuchboard
expect_error '.' $P tricolor play T5 --position 0111
expect_error 'one hole' $P tricolor play T5 --vacate a1,a2
expect_out 'usage: pegsol tricolor play' $P tricolor play --help
if ! command -v tmux >/dev/null; then
	echo "SKIP tricolor_play.sh screens: tmux is not installed"
	done_checks
	exit 0
fi
tmp=$(mktemp -d)
sock="$tmp/tmux.sock"
TMUX_SESSION=tri

T new-session -d -s keep "sleep 600"
# every peg colour 1, a1 empty
T new-session -d -s tri -x 100 -y 30 "$P tricolor play T5 --position 011111111111111; sleep 30"
expect_screen 'Triangle\(5\), three colours' "title"
expect_screen 'jumps 0 +pegs 14 +cursor a1' "start counters"
expect_screen 'still solvable: yes +\(exact table\)' "T5 answers from the table"
# select a3, its landing a1 is marked with the jump's verdict
keys Down Down Enter
expect_screen 'cursor a3' "cursor on a3"
if screen | sed -n 3p | grep -Eq '^ *[+X] *$'; then _ok; else
	_no "a1 not marked + or X after selecting a3"
	screen >&2
fi
# a3-a1 over a2, the same colour: a2 turns to colour 2 and stays
keys Up Up Enter
expect_screen 'jumps 1 +pegs 14' "a same-colour jump keeps the peg count"
if screen | sed -n 4p | grep -Eq '^ *2 +1 *$'; then _ok; else
	_no "a2 did not turn to colour 2"
	screen >&2
fi
keys u
expect_screen 'jumps 0 +pegs 14' "undo"
keys r
expect_screen 'jumps 1 +pegs 14' "redo"
keys s
expect_screen 'SOLVED: one peg left' "solve from here, animated"
expect_screen 'pegs 1 ' "one peg"
keys R
expect_screen 'back at the start' "reset"
keys q
sleep 0.3
# Triangle(6) (21 holes): no table, a bounded search; a random start
# names its seed
T kill-session -t tri 2>/dev/null
T new-session -d -s tri -x 100 -y 30 "$P tricolor play T6 --seed 5 --vacate c3; sleep 30"
expect_screen 'random start, seed 5' "seed printed"
expect_screen 'still solvable: (yes|no|unknown \(budget\)) +\([0-9]+ states searched\)' "search verdict on T6"
expect_screen 'jumps 0 +pegs 20' "T6 start with c3 empty"
keys q
T kill-server 2>/dev/null
rm -rf "$tmp"
done_checks
