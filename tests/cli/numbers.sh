# numbers.sh - issue 16 items 8 and 9: numeric option values out of range
# are refused (exit 2, one line naming the option and the value), never
# clamped or wrapped; error lines echo input escaped and cut; running out
# of memory, nodes or states is exit 3 with one line naming the resource.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL

# ---- whole numbers: digits only, no sign, no space, no overflow ----
big=99999999999999999999 # 2^64 < big
# re TEXT: TEXT as an extended regular expression matching itself
re() { printf '%s' "$1" | sed 's/[][\.*^$+?(){}|]/\\&/g'; }
expect_error "bad --max-nodes '$big' \(a whole number from 0 to 18446744073709551615\)" \
	$P solve T5 --vacate a1 --max-nodes $big
expect_error "bad --max-nodes '18446744073709551616'" \
	$P solve T5 --vacate a1 --max-nodes 18446744073709551616
expect_exit 0 $P solve T5 --vacate a1 --max-nodes 18446744073709551615
for v in -1 +5 ' 5' 5x 1e3 0x10 ''; do
	expect_error "bad --max-nodes '$(re "$v")'" $P solve T5 --vacate a1 --max-nodes "$v"
done
expect_error "bad --table-mb '-1' \(a whole number from 0 to 2147483647\)" \
	$P solve T5 --vacate a1 --table-mb -1
expect_error "bad --table-mb '2147483648'" $P solve T5 --vacate a1 --table-mb 2147483648
expect_error "bad --table-mb '$big'" $P solve T5 --vacate a1 --table-mb $big
expect_exit 0 $P solve T5 --vacate a1 --table-mb 2147483647
# CLI_INT options (every command) and their narrower ranges
for cmd in sets count; do
	expect_error "bad --threads '9' \(a whole number from 0 to 8\)" $P $cmd T5 --vacate a1 --threads 9
	expect_error "bad --threads '-1'" $P $cmd T5 --vacate a1 --threads -1
	expect_error "bad --partitions '252'" $P $cmd T5 --vacate a1 --partitions 252
	expect_error "bad --partitions '4294967297'" $P $cmd T5 --vacate a1 --partitions 4294967297
	for v in 0 -5 1e3 nan inf 0x10 12x . '' 2000000000; do
		expect_error "bad --memory-mb '$(re "$v")'" $P $cmd T5 --vacate a1 --memory-mb "$v"
	done
done
expect_out '^6816 solutions' $P count T5 --vacate a1 --memory-mb .001
expect_error "bad --threads '17' \(a whole number from 0 to 16\)" \
	$P shortest T5 --vacate a1 --anywhere --threads 17
expect_error "bad --max-moves '-1'" $P shortest T5 --vacate a1 --anywhere --max-moves -1
expect_error "bad --max-states '$big'" $P shortest T5 --vacate a1 --anywhere --max-states $big
expect_error "bad --threads '17'" $P catalog T4 --threads 17
expect_error "bad --max-states '-1'" $P catalog T4 --max-states -1
expect_error "bad --max-states '4294967296'" $P sweep T5 --max-states 4294967296
expect_error "bad --threads '0' \(a whole number from 1 to 64\)" $P tricolor survey T5 --threads 0
expect_error "bad --list '-4'" $P tricolor survey T5 --list -4
expect_error "bad --max-mb '$big'" $P tricolor survey T5 --max-mb $big
# the game: budget, seed and pegs are parsed before the screen opens
expect_error "bad --budget '$big' \(a whole number from 1 to 1000000000000\)" \
	$P play T5 --vacate a1 --budget $big
expect_error "bad --budget '0'" $P play T5 --vacate a1 --budget 0
expect_error "bad --seed '-1'" $P play T5 --puzzle --seed -1
expect_error "bad --seed '18446744073709551616'" $P play T5 --puzzle --seed 18446744073709551616
expect_error "bad --pegs '1'" $P play T5 --puzzle --pegs 1
# board parameters of the constructive solver's own parser
expect_error "triangle:\+5" $P construct triangle:+5 --vacate a1
expect_error "#99" $P construct T5 --vacate '#99'

# ---- errors echo input escaped, on one line, cut when long ----
expect_error "'a\\\\x01\\\\x1b\[31mb\\\\xff\\\\xfe'" $P solve T5 --vacate $'a\x01\x1b[31mb\xff\xfe'
expect_error "unknown option '--x\\\\x0ay'" $P solve T5 --vacate a1 $'--x\ny'
expect_error "bad --max-nodes '1\\\\x0a2'" $P solve T5 --vacate a1 --max-nodes $'1\n2'
# valid UTF-8 stays, C1 controls (U+009B, a terminal's CSI) do not
expect_error "unknown option '--é\\\\xc2\\\\x9b'" $P solve T5 --vacate a1 $'--\xc3\xa9\xc2\x9b'
# no raw control byte reaches the terminal
$P solve $'T5\x1b]0;title\x07' --vacate a1 2>/tmp/pegsol_num_err.$$ >/dev/null
expect_exit 1 env LC_ALL=C grep -q $'[\x01-\x08\x0b-\x1f\x7f]' /tmp/pegsol_num_err.$$
# a long value is cut after 64 bytes with "...", the line stays short
long=$(printf '9%.0s' $(seq 5000))
expect_error "bad --table-mb '9{64}\.\.\.' \(a whole number" $P solve T5 --table-mb "$long"
$P solve T5 --vacate a1 "--$long" 2>/tmp/pegsol_num_err.$$
expect_exit 0 test "$(wc -c </tmp/pegsol_num_err.$$)" -lt 200
$P solve T5 --vacate "$(printf 'a%.0s' $(seq 100000))" 2>/tmp/pegsol_num_err.$$
expect_exit 0 test "$(wc -l </tmp/pegsol_num_err.$$)" -eq 1
expect_exit 0 test "$(wc -c </tmp/pegsol_num_err.$$)" -lt 1100
rm -f /tmp/pegsol_num_err.$$

# ---- out of resources: exit 3, one line naming the resource ----
expect_fail 3 'node limit 10 reached' $P solve english --vacate d4 --max-nodes 10
expect_fail 3 'passed 10 states' $P tricolor survey T6 --dfs --max-states 10
expect_fail 3 'needs [0-9]+ MB, over the limit of 1 MB' $P tricolor survey T6 --max-mb 1
# memory: a 100 MB address space (skipped under AddressSanitizer, which
# reserves terabytes of it); never exit 2, never a kill
if ! grep -qa __asan_init "$P"; then
	mem() { (ulimit -v 100000 && exec "$@"); }
	expect_fail 3 'out of memory computing the level sets' mem $P count english --vacate d4 --finish d4
	expect_fail 3 'out of memory computing the level sets' mem $P sets english --vacate d4
	expect_fail 3 'out of memory computing the level sets' mem $P deadend english --vacate d4
	expect_fail 3 'out of memory computing the by-index sets' mem $P sets english --by-index
	expect_fail 3 'out of memory' mem $P tricolor survey T6
fi
done_checks
