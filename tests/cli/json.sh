# json.sh - JSON output: exact integers past 2^53 (issue 17: the English
# central count of seed 001 Table 7 was printed as a float), the version
# key, pegsol --version.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
# seed 001 Table 7: 40,861,647,040,079,968 solutions from the centre
expect_out '"solutions":40861647040079968,' $P count english --vacate d4 --finish d4 --json
expect_out '"count":"40861647040079968"' $P count english --vacate d4 --finish d4 --json
# seed 002: 360,076 games on the size-5 board (small counts stay integers)
expect_out '"total":360076[,}]' $P games T5 --count-only --json
expect_out '"version":"[0-9]+\.[0-9]+\.[0-9]+"' $P solve T5 --vacate a1 --json
expect_out '"version":"[0-9]+\.[0-9]+\.[0-9]+"' $P boards --json
expect_out '^pegsol [0-9]+\.[0-9]+\.[0-9]+$' $P --version
expect_exit 0 $P --version
# every count in the JSON parses as a whole number, with no exponent
$P sets T6 --vacate a1 --json >/tmp/pegsol_json.$$
if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
bad = [k for lv in o["levels"] for k, v in lv.items() if isinstance(v, float)]
sys.exit(1 if bad else 0)' /tmp/pegsol_json.$$; then _ok; else _no "sets --json has floats"; fi
rm -f /tmp/pegsol_json.$$
done_checks
