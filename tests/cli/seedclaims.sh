# seedclaims.sh - seed claims that no other test asserted (issue 19 items
# 7 and 8; the table "Every seed claim" in docs/results.md): seed 000
# Table 4 as pegsol records lists it, the seed 001 one-jump dead end, the
# seed 004 SAX slip, and seed 003's Extended Triangle(5) vacancies, the
# Hourglass complements, the longest sweeps on Hourglass(33) and
# Rhombus(6), Peg Jump 6 strandings and the Flower(25) centre.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL

# seed 000 Table 4: S(n) for n = 4..10 and the lower bound (2) column
# (n = 4..12), as pegsol records gives them (each minimum proved)
$P records --json >/tmp/pegsol_claims.$$
table4=$(python3 -c 'import json,sys
for r in json.load(open(sys.argv[1]))["records"]:
    print(r["board"], r["moves"], r["lower_bound"])' /tmp/pegsol_claims.$$)
rm -f /tmp/pegsol_claims.$$
for row in "4 5 5" "5 9 6" "6 9 8" "7 12 10" "8 13 12" "9 16 13" "10 18 17"; do
	set -- $row
	if grep -qx "triangle:$1 $2 $3" <<<"$table4"; then _ok; else
		_no "Table 4: T$1 S=$2, bound $3; records: $(grep "triangle:$1 " <<<"$table4")"
	fi
done
for row in "11 18" "12 20"; do
	set -- $row
	if grep -Eq "^triangle:$1 [0-9]+ $2\$" <<<"$table4"; then _ok; else
		_no "Table 4 bound (2): T$1 $2"
	fi
done

# seed 002 section 2: T4's starting holes fall into three symmetry
# classes, {1,7,10} (corners), {2,3,4,6,8,9} (edges) and {5} (centre)
expect_out '^vacate a1: 0 games' $P games T4 --count-only
if [ "$(grep -c '^vacate ' /tmp/pegsol_out.$$)" -eq 3 ]; then _ok; else
	_no "games T4: three start classes"
fi

# issue 19 item 6: sets --by-index speaks JSON, and its default start is a
# feasible vacancy (T4's first hole a1 is in class EMPTY; a2 is feasible)
expect_out '^problems: 1=a2 ' $P sets T4 --by-index
expect_out '"problems":\[\{"index":1,"vacate":"a2","degenerate":true,"solvable":true\}' \
	$P sets T5 --by-index --json
# seed 001 Table 8: T5 needs 427 codes (any finish) and 437 (complements)
expect_out '"codes_any_finish":427,"codes_any_complement":437' \
	$P sets T5 --by-index --json

# seed 001 section 7.1: "Start with (0,1) vacant, and jump the peg from
# (2,3)" - a dead board position after one jump
expect_out '^fastest dead end: 1 jump: c4-a2$' $P deadend T5 --vacate a2 --anywhere

# seed 004 section 2: "any board with starting SAX count -1 is also
# unsolvable" is a slip: the b3 start has SAX -1 and b3 -> c5 is solvable
# (seed 000 Table 1: effective slack 0); the effective slack decides
expect_out '"sax":-1' $P show T5 --vacate b3 --json
expect_out '^solved: 13 jumps' $P solve T5 --vacate b3 --finish c5

# seed 003, "Peg Jump 6": "The largest number of pegs that can be left
# stranded in this puzzle is 12 ... no matter which hole is originally
# vacant"
expect_out '^most pegs stranded: 12$' $P strand T6
if [ "$($P strand T6 | grep -c ': 12 pegs stranded')" -eq 5 ]; then _ok; else
	_no "strand T6: every one of the 5 vacancy classes strands 12"
fi

# "Extended Triangle(5)": removing the six corner pegs removes a peg at
# L = {a1,a3,c3,a5,c5,e5} of the inner Triangle(5) (here b2,b4,d4,b6,d6,
# f6), so a vacancy in L or at a corner is unsolvable to one peg; every
# other vacancy is solvable
for h in a1 b1 b2 b4 d4 a6 b6 d6 f6 g6 b7 g7; do
	expect_exit 1 $P solve ext-triangle:5 --vacate $h --anywhere
done
for h in b3 c3 c4 b5 c5 d5 e5 c6 e6; do
	expect_out '^solved: 19 jumps' $P solve ext-triangle:5 --vacate $h \
		--anywhere
done

# "Hourglass boards ... rows 5,4,3,4,5 (21 holes) or 6,5,4,3,4,5,6 (33
# holes).  These two boards are both null-class and all complement
# problems are solvable on them."
for b in hourglass:21 hourglass:33; do
	expect_out 'null-class: yes|"null_class":true' $P classes $b --json
	holes=$($P show $b --json | sed 's/.*"peg_holes":\[\([^]]*\)\].*/\1/' |
		tr -d '"' | tr ',' ' ')
	n=0
	for h in $holes; do
		n=$((n + 1))
		expect_exit 0 $P solve $b --vacate $h
	done
	case $b in
	hourglass:21) [ $n -eq 21 ] && _ok || _no "hourglass:21 has $n holes" ;;
	hourglass:33) [ $n -eq 33 ] && _ok || _no "hourglass:33 has $n holes" ;;
	esac
done

# "A sweep of length 15 can be reached on the 33-hole Hourglass board from
# a single-vacancy start"
expect_out 'longest sweep 15 jumps' $P sweep hourglass:33 --construct
# "The longest possible sweep on Rhombus(6) has length 16" and it is
# reached (seed 003, Rhombus boards)
expect_out 'longest sweep 16 jumps' $P sweep rhombus:6 --construct

# "the 25-hole Flower Board ... the central game is solvable in a minimum
# of 11 moves" (its whole catalog, 10 to 11 moves: bench/seedclaims.sh)
expect_out "^finish d4: 11 moves .*minimum proved" $P shortest flower:25 --vacate d4 --finish d4
done_checks
