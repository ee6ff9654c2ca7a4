# solve.sh - pegsol solve, sets and count from the command line: seed 001
# numbers (cited per line), exit codes, JSON, and one test per bad input.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)

# solve: seed 001 section 3 / Table 5 (T5 complements a1, a4, c5 solvable,
# b3 not); T4 only vacate a2 finish b2; central game on the English board
expect_exit 0 $P solve T5 --vacate a1
expect_out '^solved: 13 jumps' $P solve T5 --vacate a1
expect_exit 1 $P solve T5 --vacate b3
expect_out '^unsolvable: exhaustive search' $P solve T5 --vacate b3
expect_out '^unsolvable: position class' $P solve T4 --vacate a1
expect_exit 0 $P solve T4 --vacate a2 --finish b2
expect_exit 0 $P solve T5 --vacate b3 --anywhere
expect_out '^solved: 31 jumps' $P solve english --vacate d4
expect_out '^unsolvable: peg count' $P solve T5 --vacate a1 --finish a1,a2,a3,a4,a5,b2,b3,b4,b5,c3,c4,c5,d4,d5,e5
# double-vacancy complement and a start position
expect_exit 0 $P solve T6 --vacate a1,b2
expect_exit 0 $P solve T5 --position 'empty:a2,a3' --anywhere
expect_out '"solvable": *true' $P solve T5 --vacate a1 --json
expect_out '"reason": *"search"' $P solve T5 --vacate b3 --json
# the printed solution passes pegsol check
sol=$($P solve T5 --vacate a1 | sed -n 's/^solved: [0-9]* jumps, [0-9]* moves: //p')
expect_exit 0 $P check T5 --vacate a1 --finish a1 "$sol"
# resources: node limit
expect_exit 3 $P solve T5 --vacate b3 --max-nodes 10

# sets: seed 001 Table 1 (T5 corner: F total 1544, W 95 stored, L 425;
# raw F total 3016) and T6 corner (F 146,435 summed per level, W 26,402
# summed per level, L 68,954)
expect_out '^total +1544 +3016 +1544 +190 +425$' $P sets T5 --vacate a1 --raw
expect_out '^W_n with n <= 7: 95; solvable' $P sets T5 --vacate a1
expect_out '^total +146435 +146435 +52804 +68954$' $P sets T6 --vacate a1
# by-index sets: seed 001 Table 5 (T5, row 7) and Table 8 (T5, T4)
expect_out '^ +7 +168 +0:4 2:2 3:12 4:129 6:7 7:18$' $P sets T5 --by-index
expect_out 'any finish 427, any complement problem 437$' $P sets T5 --by-index
expect_out 'any finish 12, any complement problem 0$' $P sets T4 --by-index --vacate a2
expect_out '^W_n with n <= 10: 26402' $P sets T6 --vacate a1
expect_out '"W_half": *95' $P sets T5 --vacate a1 --json
expect_exit 1 $P sets T5 --vacate b3
expect_exit 0 $P sets T5 --vacate a1 --out "$tmp/t5.sets"
expect_out '^PEGSETS1' head -c 8 "$tmp/t5.sets"
expect_exit 0 $P sets T5 --vacate a4 --group full
expect_exit 0 $P sets T5 --vacate a4 --group none
expect_exit 0 $P sets T4 --vacate a2 --finish b2
expect_exit 0 $P sets T5 --vacate c3 --anywhere

# memory budget (seed 001 section 3.1): a tiny budget partitions every
# level on disk by code mod p; Table 1 (T6 corner) is unchanged
expect_out '^total +146435 +146435 +52804 +68954$' $P sets T6 --vacate a1 --memory-mb 0.05
expect_out '^disk: up to [0-9]+ partitions' $P sets T6 --vacate a1 --memory-mb 0.05
expect_out '^total +1544 +3016 +1544 +190 +425$' $P sets T5 --vacate a1 --raw --partitions 5 --tmpdir "$tmp"
expect_out '"partitions": *5' $P sets T5 --vacate a1 --partitions 5 --json
expect_out '^6816 solutions' $P count T5 --vacate a1 --partitions 7
expect_out '^6816 solutions' $P count T5 --vacate a1 --memory-mb 0.001
# the temporary files are gone afterwards
expect_exit 1 sh -c "ls -A '$tmp' | grep -q pegsol-sets"

# count: seed 001 section 7.2 (14 on T4) and issue 3 (6,816 on T5)
expect_out '^14 solutions' $P count T4 --vacate a2 --finish b2
expect_out '^6816 solutions' $P count T5 --vacate a1
expect_out '"count": *"6816"' $P count T5 --vacate a1 --json
expect_exit 1 $P count T5 --vacate b3

# bad input: one line on stderr, exit 2
for cmd in solve sets count; do
	expect_error 'need a board|no board given' $P $cmd
	expect_error "unknown|board" $P $cmd nosuchboard --vacate a1
	expect_error 'z9|hole' $P $cmd T5 --vacate z9
	expect_error 'z9|hole' $P $cmd T5 --vacate a1 --finish z9
	expect_error 'not both' $P $cmd T5 --vacate a1 --finish a1 --anywhere
	expect_error 'give the start' $P $cmd T5
	expect_error 'position|code|glyph|hole name' $P $cmd T5 --position 'qqq'
	expect_error 'unknown option' $P $cmd T5 --vacate a1 --frobnicate
	expect_exit 0 $P $cmd --help
done
expect_error 'max-nodes' $P solve T5 --vacate a1 --max-nodes abc
expect_error 'table-mb' $P solve T5 --vacate a1 --table-mb -1
expect_error 'group' $P sets T5 --vacate a1 --group odd
expect_error 'threads' $P sets T5 --vacate a1 --threads 99
expect_error 'threads' $P count T5 --vacate a1 --threads -1
for cmd in sets count; do
	expect_error 'memory-mb' $P $cmd T5 --vacate a1 --memory-mb 0
	expect_error 'memory-mb' $P $cmd T5 --vacate a1 --memory-mb 12x
	expect_error 'partitions' $P $cmd T5 --vacate a1 --partitions 999
	expect_error 'nonexistent' $P $cmd T5 --vacate a1 --partitions 3 --tmpdir /nonexistent/dir
done
expect_error 'at most 128 holes' $P sets T16 --vacate a1
expect_error 'at most 128 holes' $P count T16 --vacate a1
expect_error 'finish' $P sets T5 --vacate a1 --finish a1,a2,a3,a4,a5,b2,b3,b4,b5,c3,c4,c5,d4,d5,e5
expect_error 'cannot write' $P sets T5 --vacate a1 --out /nonexistent/dir/x

rm -rf "$tmp"
done_checks
