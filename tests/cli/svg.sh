# svg.sh - issue 17 item 5: pictures.  show/check/solve --svg write
# well-formed SVG whose discs are the position's pegs, one frame a move
# (or one animated board), replayed by the library; sets --plot draws the
# level sizes.  Bad paths exit 2, pictures too large exit 3, and an output
# file is written whole or not at all.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# svgstat FILE: "holes H pegs P frames F moves M names N animate A"
svgstat() {
	python3 - "$1" <<'PY'
import sys, xml.etree.ElementTree as ET
ns = '{http://www.w3.org/2000/svg}'
t = ET.parse(sys.argv[1]).getroot()
assert t.tag == ns + 'svg'
c = [e.get('class') for e in t.iter(ns + 'circle')]
texts = [e.get('class') for e in t.iter(ns + 'text')]
print('holes', c.count('hole'), 'pegs', c.count('peg'),
      'frames', texts.count('label'),
      'moves', sum(1 for e in t.iter(ns + 'polyline') if e.get('class') == 'move'),
      'names', texts.count('name'),
      'animate', sum(1 for e in t.iter(ns + 'animate')))
PY
}
# ---- a position: 15 holes, 14 pegs; names on request ----
expect_exit 0 $P show T5 --vacate a1 --svg "$tmp/t5.svg"
expect_out '^holes 15 pegs 14 frames 0 moves 0 names 0 animate 0$' svgstat "$tmp/t5.svg"
expect_out 'Triangle\(5\): 15 holes' $P show T5 --vacate a1 --svg "$tmp/t5.svg"
$P show english --vacate d4 --names --svg - >"$tmp/eng.svg"
expect_out '^holes 33 pegs 32 frames 0 moves 0 names 33 animate 0$' svgstat "$tmp/eng.svg"
expect_out '>d4</text>' cat "$tmp/eng.svg"
$P show T4 --position pegs:a1,b2 --svg - >"$tmp/t4.svg"
expect_out '^holes 10 pegs 2 ' svgstat "$tmp/t4.svg"
$P show rect:3x2 --svg - >"$tmp/r.svg"
expect_out '^holes 6 pegs 6 ' svgstat "$tmp/r.svg"
# ---- a solution: T5 a1 complement, 10 moves -> 11 frames, replayed ----
$P solve T5 --vacate a1 --finish a1 --svg - >"$tmp/sol.svg"
# frame k shows the position before move k: the moves have 1,1,1,1,1,1,1,2,
# 1,3 jumps, so 14+13+12+11+10+9+8+7+5+4 pegs, and 1 at the end: 94
expect_out '^holes 165 pegs 94 frames 11 moves 10 names 0 animate 0$' svgstat "$tmp/sol.svg"
expect_out '<title>Triangle\(5\): 10 moves</title>' cat "$tmp/sol.svg"
sol=$($P solve T5 --vacate a1 --finish a1 --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["solution"])')
expect_exit 0 $P check T5 --vacate a1 --finish a1 --animate --svg "$tmp/anim.svg" "$sol"
expect_out '^holes 165 pegs 94 frames 11 moves 10 names 0 animate 11$' svgstat "$tmp/anim.svg"
expect_out 'repeatCount="indefinite"' cat "$tmp/anim.svg"
# the page of a check that fails is not drawn: the text says why
expect_exit 1 $P check T5 --vacate a1 --svg "$tmp/no.svg" "a1-a3"
expect_exit 1 test -e "$tmp/no.svg"
# solve --svg with no solution draws nothing
expect_exit 1 $P solve T4 --vacate a1 --finish a1 --svg "$tmp/no.svg"
expect_exit 1 test -e "$tmp/no.svg"
# ---- sets --plot: three curves, one point a level (T5 a1 complement:
# 14 levels 14..1 pegs; B_n and W_n are empty below the finish) ----
expect_exit 0 $P sets T5 --vacate a1 --plot "$tmp/plot.svg"
expect_out '^3 14 ' python3 -c '
import sys, xml.etree.ElementTree as ET
ns = "{http://www.w3.org/2000/svg}"
t = ET.parse(sys.argv[1]).getroot()
p = [e.get("points").split() for e in t.iter(ns + "polyline")]
print(len(p), len(p[0]), len(p[1]), len(p[2]))' "$tmp/plot.svg"
expect_out 'W \(winning\)' cat "$tmp/plot.svg"
expect_out 'Triangle\(5\): level sizes' cat "$tmp/plot.svg"
# - writes only the picture (and keeps the exit status of sets)
expect_exit 0 $P sets T5 --vacate a1 --plot -
expect_out '^<svg' $P sets T5 --vacate a1 --plot -
expect_exit 1 $P sets T4 --vacate a1 --plot "$tmp/plot4.svg"
expect_exit 0 test -s "$tmp/plot4.svg"
# ---- limits and paths ----
expect_fail 3 'too large to draw: 245350 holes' $P show triangle:700 --svg -
expect_error "cannot write '$tmp/none/x.svg'" $P show T5 --svg "$tmp/none/x.svg"
echo old >"$tmp/keep.svg"
expect_fail 3 'too large to draw' $P show triangle:700 --svg "$tmp/keep.svg"
expect_out '^old$' cat "$tmp/keep.svg"
expect_exit 0 test "$(ls -A "$tmp" | grep -c tmp)" = 0
done_checks
