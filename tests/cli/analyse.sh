# analyse.sh - pegsol deadend, strand and odds against the seeds' numbers
# (each line cites its source), plus --json, --help and bad input.
. "$(dirname "$0")/lib.sh"

# seed 000 Table 2: T5 odds of finishing with one peg (players A, B, C)
expect_out '1 in 146 ' "$PEGSOL" odds T5 --vacate a1
expect_out '1 in 47 ' "$PEGSOL" odds T5 --vacate a1 --player B
expect_out '1 in 7 ' "$PEGSOL" odds T5 --vacate a1 --player C
expect_out '1 in 579 ' "$PEGSOL" odds T5 --vacate b3 --player A
expect_out '1 in 142 ' "$PEGSOL" odds T5 --vacate b3 --player B
expect_out '1 in 19 ' "$PEGSOL" odds T5 --vacate b3 --player C
expect_out '1 in 13 ' "$PEGSOL" odds T5 --vacate c5 --player B
expect_out '^exact: [0-9]+/[0-9]+$' "$PEGSOL" odds T5 --vacate a4 --exact
expect_out '"player":"C"' "$PEGSOL" odds T5 --vacate a4 --player C --json
expect_out '"one_in":291\.' "$PEGSOL" odds T5 --vacate a4 --json

# seed 003: the a1-complement is lost in two jumps; from a4 the single jump
# c4-a4 is a dead board position; T6 a1-complement: a bad fifth jump
expect_out 'fastest dead end: 2 jumps: a3-a1, c4-a2' "$PEGSOL" deadend T5 --vacate a1
expect_out 'still possible at: c5$' "$PEGSOL" deadend T5 --vacate a1 --where
expect_out 'fastest dead end: 1 jump: c4-a4' "$PEGSOL" deadend T5 --vacate a4 --anywhere
expect_out 'fastest dead end: 5 jumps' "$PEGSOL" deadend T6 --vacate a1 --finish a1
expect_out '"jumps":2,' "$PEGSOL" deadend T5 --vacate a1 --json
expect_exit 0 "$PEGSOL" deadend T5 --vacate a1

# seed 003: worst games: T5 7 to 10 pegs, T6 12 from every vacancy,
# T7 18 pegs after 9 jumps
expect_out 'vacate b3: 10 pegs stranded after 4 jumps' "$PEGSOL" strand T5
expect_out 'vacate a3: 7 pegs stranded after 7 jumps' "$PEGSOL" strand T5
expect_out 'vacate b4: 12 pegs stranded' "$PEGSOL" strand T6 --vacate b4
expect_out 'most pegs stranded: 18' "$PEGSOL" strand T7
expect_out '"most_pegs":18' "$PEGSOL" strand T7 --json

# help and bad input: one error line, exit 2
expect_out '^usage: pegsol deadend' "$PEGSOL" deadend --help
expect_out '^usage: pegsol strand' "$PEGSOL" strand --help
expect_out '^usage: pegsol odds' "$PEGSOL" odds --help
expect_error 'unknown player' "$PEGSOL" odds T5 --vacate a1 --player D
expect_error 'triangle:5 only' "$PEGSOL" odds english --vacate d4 --player B
expect_error 'at most 128' "$PEGSOL" odds T16 --vacate a1
expect_error 'give the start' "$PEGSOL" odds T5
expect_error 'not both' "$PEGSOL" deadend T5 --vacate a1 --finish a1 --anywhere
expect_error 'complement needs one vacancy' "$PEGSOL" deadend T5 --vacate a1,c5
expect_error 'no pegs' "$PEGSOL" deadend T5 --position empty --anywhere
expect_error 'z9' "$PEGSOL" strand T5 --vacate z9
# the winning-sets path gives the same dead end as the search (seed 001
# Table 6 style check on T6: the bad fifth jump of seed 003)
expect_out "fastest dead end: 5 jumps" "$PEGSOL" deadend T6 --vacate a1 --sets on
expect_out "fastest dead end: 5 jumps" "$PEGSOL" deadend T6 --vacate a1 --sets off
expect_error "--sets takes off, auto or on" "$PEGSOL" deadend T6 --vacate a1 --sets maybe
done_checks
