# board.sh - pegsol boards and show, and every kind of bad board, hole and
# position input (exit 2, one error line).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
D=$(dirname "$0")/../data

expect_out "^triangle +N +triangle:5 +15 +36 +6" $P boards
expect_out '"family":"flower"' $P boards --json
expect_out "^Triangle\(5\): 15 holes, 36 jumps, 6 symmetries" $P show T5
expect_out "^a5  b5  c5  d5  e5$" $P show T5 --names
expect_out "^x x x \. x x x$" $P show english --vacate d4
expect_out "^code: 8589869055$" $P show english --vacate d4
# seed 001 section 2: mincode of the T5 position 8455 is 2183
expect_out "^mincode: 2183$" $P show T5 --position 8455
expect_out "^mincode: 2183$" $P show T5 --position "x/xx/.../..x./...x."
expect_out '"mincode":"2183"' $P show T5 --position a1,a2,b2,c4,d5 --json
expect_out "^ \. \. x x$" $P show T5 --position "empty:a4" --vacate b4
expect_out "^Penguin: 12 holes, 24 jumps, 6 symmetries" $P show "file:$D/penguin.txt"
expect_out "^a1:x b1:x b2:x b3:x a2:x a3:x$" $P show "graph:$D/k33.txt"
expect_out "72 symmetries" $P show "graph:$D/k33.txt"
expect_out "Triangle\(2000\): 2001000 holes" $P show T2000
expect_out "Flower\(49\): 49 holes, 186 jumps, 6 symmetries" $P show flower:49
expect_out "^usage: pegsol show" $P show --help
expect_out "^usage: pegsol COMMAND" $P help
expect_out "^usage: pegsol check" $P help check

# bad board specs
expect_error "unknown board 'T'" $P show T
expect_error "triangle side must be a whole number from 1" $P show T0
expect_error "'T5151' has 13268976 holes; the limit here is 10000000" $P show T5151
expect_error "unknown board 'nosuch'" $P show nosuch
expect_error "expected 'hexagon:N'" $P show hexagon:x
expect_error "expected rect:WxH" $P show rect:4
expect_error "hourglass boards have" $P show hourglass:22
expect_error "flower boards are" $P show flower:7
expect_error "takes no parameter" $P show english:2
expect_error "no board given" $P show
expect_error "cannot open board file" $P show file:/nonexistent/board.txt
expect_error "unknown directive" $P show "file:$D/bad-directive.txt"
expect_error "unexpected character '\?'" $P show "file:$D/bad-char.txt"
expect_error "one edge 'u v' per line" $P show "graph:$D/bad-graph.txt"
expect_error "needs a path" $P show file:
# bad holes and positions
expect_error "no hole 'f1'" $P show T5 --vacate f1
expect_error "bad hole name '5c'" $P show T5 --vacate 5c
expect_error "out of range 1..15" $P show T5 --vacate '#16'
expect_error "must sum to 0" $P show T5 --vacate '(1,2,3)'
expect_error "bad coordinates" $P show T5 --vacate '(1,x)'
expect_error "no hole at '\(9,9\)'" $P show T5 --vacate '(9,9)'
expect_error "cube coordinates need a triangular" $P show english --vacate '(1,-1,0)'
expect_error "more than 15 bits" $P show T5 --position 32768
expect_error "picture has 2 holes" $P show T5 --position xx
expect_error "empty position" $P show T5 --position " "
expect_error "bad position code" $P show T5 --position 0xZZ
expect_error "cannot open" $P show T5 --position @/nonexistent
# usage errors
expect_error "unknown option '--frobnicate'" $P show T5 --frobnicate
expect_error "needs a value" $P show T5 --vacate
# a forgotten value is not taken from the next option (no file named --sweeps)
expect_error "needs a value, not the option '--sweeps'" $P catalog T5 --markdown --sweeps
if [ ! -e ./--sweeps ]; then _ok; else _no "a file named --sweeps was written"; fi
expect_out "\"pegs\":14" $P show T5 --vacate=a1 --json
expect_error "unexpected argument" $P show T5 T6
expect_exit 2 $P nosuchcommand
expect_exit 2 $P
done_checks
