# serve_api.sh - what the web page needs from the server (issue 20): the
# static files cached (ETag, no-cache, 304) and gzip-compressed, no 404
# for the favicon, errors in player words, a broken game id answered with
# its legal prefix, hints_available, and a winnable default start for
# every offered board.  One server on loopback, a free port.
. "$(dirname "$0")/lib.sh"
for t in curl python3 gzip; do
	command -v $t >/dev/null || {
		echo "SKIP serve_api.sh: no $t"
		done_checks
		exit 0
	}
done
tmp=$(mktemp -d)
PID=
cleanup() {
	[ -n "$PID" ] && kill -9 "$PID" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT

"$PEGSOL" serve --port 0 --cache "$tmp/cache" >"$tmp/out" 2>&1 &
PID=$!
disown "$PID"
U=
for _ in $(seq 100); do
	U=$(sed -n 's|.*listening on \(http://[^ ]*\)/$|\1|p' "$tmp/out")
	[ -n "$U" ] && break
	sleep 0.05
done
[ -n "$U" ] || { _no "server did not start: $(cat "$tmp/out")"; U=http://127.0.0.1:1; }
root=$(cd "$(dirname "$0")/../.." && pwd)

# check WHAT CONDITION...: _ok when the command succeeds
check() {
	local what=$1
	shift
	if "$@"; then _ok; else _no "$what"; fi
}
hdr() { tr -d '\r' <"$tmp/h" | sed -n "s/^$1: //Ip" | head -1; }
post() {
	curl -s -m 30 -o "$tmp/body" -w '%{http_code}' \
		-H 'Content-Type: application/json' --data "$2" "$U/api/$1"
}
# field EXPR: a Python expression over the JSON answer d, printed
field() { python3 -c "import json,sys; d=json.load(open('$tmp/body')); print($1)"; }

# 1. caching: ETag and no-cache on the page's files, 304 on a match
for f in / /app.js /style.css; do
	code=$(curl -s -m 10 -D "$tmp/h" -o "$tmp/file" -w '%{http_code}' "$U$f")
	tag=$(hdr ETag)
	check "$f: 200 with an ETag and Cache-Control no-cache" \
		test "$code" = 200 -a -n "$tag" -a "$(hdr Cache-Control)" = no-cache
	code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H "If-None-Match: $tag" "$U$f")
	check "$f: If-None-Match $tag answers 304, got $code" test "$code" = 304
	code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' -H 'If-None-Match: "other"' "$U$f")
	check "$f: another ETag answers 200, got $code" test "$code" = 200
done
check "the API stays no-store" test "$(curl -s -m 10 -D - -o /dev/null "$U/api/boards" |
	tr -d '\r' | sed -n 's/^Cache-Control: //Ip')" = no-store

# 2. gzip when Accept-Encoding allows, the same bytes once decompressed
for f in app.js style.css index.html; do
	curl -s -m 10 -D "$tmp/h" -o "$tmp/gz" -H 'Accept-Encoding: gzip, deflate' "$U/$f"
	check "$f: Content-Encoding gzip" test "$(hdr Content-Encoding)" = gzip
	check "$f: Vary Accept-Encoding" test "$(hdr Vary)" = Accept-Encoding
	check "$f: the gzip body decompresses to the file" \
		cmp -s <(gzip -dc "$tmp/gz") "$root/web/$f"
done
curl -s -m 10 -D "$tmp/h" -o "$tmp/plain" -H 'Accept-Encoding: gzip;q=0, br' "$U/app.js"
check "gzip;q=0: sent plain" test -z "$(hdr Content-Encoding)"
check "gzip;q=0: the file itself" cmp -s "$tmp/plain" "$root/web/app.js"

# 3. the favicon is not a 404; the manifest is served
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$U/favicon.ico")
check "favicon.ico: 200 or 204, got $code" test "$code" = 204 -o "$code" = 200
code=$(curl -s -m 10 -o "$tmp/body" -w '%{http_code}' "$U/manifest.webmanifest")
check "manifest.webmanifest: 200 JSON, got $code" \
	test "$code" = 200 -a "$(field 'd["start_url"]' 2>/dev/null)" = /

# 4. errors in player words: no command-line advice
for body in '{"board":"nosuch"}' '{"board":"nosuch:3"}' '{"board":" "}'; do
	code=$(post new "$body")
	check "bad board $body: 400 without \"try 'pegsol\": $(cat "$tmp/body")" \
		test "$code" = 400 -a -z "$(grep -F "try 'pegsol" "$tmp/body")"
done
post new '{"board":"nosuch"}' >/dev/null
check "an unknown board points at the list: $(cat "$tmp/body")" \
	grep -q 'pick one from the list' "$tmp/body"

# 5. a broken game id: the first bad move and the legal prefix
code=$(post state '{"game":"triangle:5;empty:a1;anywhere;a3-a1,zz-b2,c3-a3"}')
check "illegal move: 400 with bad_move 1 and the prefix: $(cat "$tmp/body")" \
	test "$code" = 400 -a "$(field 'd["bad_move"], d["legal_moves"], d["prefix"]')" = \
	"1 1 triangle:5;empty:a1;anywhere;a3-a1"
code=$(post state '{"game":"triangle:5;empty:a1;anywhere;a3-a1,c3-a3,a3-c3"}')
check "a jump over an empty hole: bad_move 2: $(cat "$tmp/body")" \
	test "$code" = 400 -a "$(field 'd["bad_move"]')" = 2
code=$(post state '{"game":"triangle:5;empty:a1;anywhere;a3-a1;c3-a3,zz"}')
check "a bad redo tail: bad_move 2, the prefix keeps the good undone move: $(cat "$tmp/body")" \
	test "$code" = 400 -a "$(field 'd["bad_move"], d["prefix"]')" = \
	"2 triangle:5;empty:a1;anywhere;a3-a1;c3-a3"
code=$(post state "{\"game\":\"$(field 'd["prefix"]')\"}")
check "the prefix loads" test "$code" = 200
code=$(post state '{"game":"nosuch;empty:a1;anywhere;a3-a1"}')
check "a bad board in an id: no prefix: $(cat "$tmp/body")" \
	test "$code" = 400 -a "$(field '"prefix" in d')" = False

# 6. hints_available: false past the oracle's 63 holes (with the reason),
# true on T5
code=$(post state '{"game":"triangle:12;empty:a1;anywhere;","hints":"on"}')
check "T12: hints_available false with a reason: $(head -c 200 "$tmp/body")" \
	test "$code" = 200 -a "$(field 'd["hints_available"], "63" in d["hints_reason"]')" = "False True"
code=$(post state '{"game":"triangle:5;empty:a1;anywhere;","hints":"on"}')
check "T5: hints_available true" \
	test "$code" = 200 -a "$(field 'd["hints_available"], "hints_reason" in d')" = "True False"

# 7. /api/boards: a winnable default start for every offered board
code=$(curl -s -m 10 -o "$tmp/boards" -w '%{http_code}' "$U/api/boards")
cp "$tmp/boards" "$tmp/body"
check "boards: 200 with offered starts" \
	test "$code" = 200 -a "$(field 'len(d["offered"]) >= 7')" = True
specs=$(field '" ".join(o["spec"] for o in d["offered"])')
for spec in $specs; do
	cp "$tmp/boards" "$tmp/body"
	q=$(field "next(json.dumps({'board': o['spec'], 'vacate': o['vacate'], 'goal': o['goal']}) for o in d['offered'] if o['spec'] == '$spec')")
	code=$(post new "$q")
	v=$(field 'd["verdict"], d["status"]')
	# English's start is too big to decide in one request: not lost
	case $spec in
	english) want='(win|unknown) playing' ;;
	*) want='win playing' ;;
	esac
	check "offered start $q: $v" test "$code" = 200 -a -n "$(echo "$v" | grep -E "^$want\$")"
done
check "the page's board list is the offered one" \
	test "$(grep -o '<option value="[^"]*:[0-9]*">\|<option value="english">' "$root/web/index.html" |
		sed 's/.*value="\([^"]*\)".*/\1/' | tr '\n' ' ' | sed 's/ $//')" = "$specs"

# 8. SIGTERM with requests in flight (workers searching, winning sets and a
# fewest-moves search in helper threads): the server answers or refuses
# them, frees its context after the last one (no use after free: run it
# under ASan too) and exits 0 in well under the second stop_server waits
# for busy workers (before: a worker blocked in a search made it give up
# and _exit)
"$PEGSOL" serve --port 0 --cache "$tmp/cache2" --workers 2 --request-ms 3000 \
	>"$tmp/out2" 2>"$tmp/err2" &
PID2=$!
U2=
for _ in $(seq 200); do
	U2=$(sed -n 's|.*listening on \(http://[^ ]*\)/$|\1|p' "$tmp/out2")
	[ -n "$U2" ] && break
	sleep 0.05
done
if [ -n "$U2" ]; then
	fire() {
		curl -s -m 10 -o /dev/null -H 'Content-Type: application/json' \
			--data "$2" "$U2/api/$1" &
	}
	fire new '{"board":"english","vacate":"d4","goal":"complement","hints":"on"}'
	fire new '{"board":"french","vacate":"d1","goal":"complement","hints":"on"}'
	fire state '{"game":"triangle:7;empty:a1;complement;","hints":"on"}'
	fire shortest '{"game":"triangle:6;empty:a1;complement;"}'
	fire shortest '{"game":"triangle:6;empty:c3;anywhere;"}'
	fire shortest '{"game":"triangle:6;empty:b2;complement;"}'
	sleep 0.4
	t0=$(date +%s%N)
	kill -TERM "$PID2"
	wait "$PID2"
	rc=$?
	ms=$((($(date +%s%N) - t0) / 1000000))
	wait 2>/dev/null # the curls
	check "SIGTERM in flight: exit 0, got $rc" test "$rc" = 0
	check "SIGTERM in flight: stopped in ${ms} ms" \
		test "$ms" -lt 950
	check "SIGTERM in flight: no sanitizer report: $(grep -m1 -E 'Sanitizer|runtime error' "$tmp/err2")" \
		test -z "$(grep -E 'Sanitizer|runtime error' "$tmp/err2")"
else
	_no "second server did not start: $(cat "$tmp/out2" "$tmp/err2")"
	kill -9 "$PID2" 2>/dev/null
fi

# 9. three colours (issue 20, seed 004's rules, docs/play.md "Three colours
# in the page"): /api/tri/..., the game id replayed on every request
T5P=222001000000002 # a1 a2 b2 e5 colour 2, c3 colour 1
code=$(post tri/new "{\"board\":\"triangle:5\",\"position\":\"$T5P\",\"hints\":\"on\"}")
check "tri/new: 200, the id, an exact win, a1-a3 recolours a2: $code $(cat "$tmp/body" | head -c 300)" \
	test "$code" = 200 -a "$(field "d['variant'], d['game'], d['verdict'], d['oracle']['source'], d['pegs_left'], [j['recolours'] for j in d['legal'] if j['from']=='a1' and j['to']=='a3']")" = \
	"tri triangle:5;tri:$T5P; win table 5 [True]"
code=$(post tri/play "{\"game\":\"triangle:5;tri:$T5P;\",\"from\":\"a1\",\"to\":\"a3\"}")
check "tri/play a1-a3: a2 turns 2 -> 1 and stays, a3 colour 2, 5 pegs: $(field "d.get('pegs'), d.get('error')")" \
	test "$code" = 200 -a "$(field "d['pegs'][:4], d['pegs_left'], d['jumps'], d['game']")" = \
	"[0, 1, 2, 2] 5 1 triangle:5;tri:$T5P;a1-a3"
code=$(post tri/undo "{\"game\":\"triangle:5;tri:$T5P;a1-a3\"}")
check "tri/undo: the start with a1-a3 as the redo tail: $(field "d.get('game'), d.get('error')")" \
	test "$code" = 200 -a "$(field "d['game'], d['can_redo'], ''.join(map(str, d['pegs']))")" = \
	"triangle:5;tri:$T5P;;a1-a3 True $T5P"
code=$(post tri/redo "{\"game\":\"triangle:5;tri:$T5P;;a1-a3\"}")
check "tri/redo: a1-a3 again" test "$code" = 200 -a "$(field "d['game'], d['pegs'][1]")" = "triangle:5;tri:$T5P;a1-a3 1"
code=$(post tri/solve "{\"game\":\"triangle:5;tri:$T5P;a1-a3\",\"hints\":\"off\"}")
sol=$(field "d['solve'].get('solution', '')")
check "tri/solve: a win, the solution as the redo tail: $code $sol" \
	test "$code" = 200 -a "$(field "d['solve']['verdict'], d['can_redo'], d['solve']['solution_jumps'] > 0")" = "win True True"
# the solution replayed by the API from the id alone ends with one peg
code=$(post tri/state "{\"game\":\"triangle:5;tri:$T5P;a1-a3,$sol\",\"hints\":\"off\"}")
check "tri: the solution replayed ends with one peg: $(field "d.get('status'), d.get('pegs_left'), d.get('error')")" \
	test "$code" = 200 -a "$(field "d['status'], d['pegs_left']")" = "won 1"
# ... and the command line's solver agrees (seed 004's rules, tricolor.c)
"$PEGSOL" tricolor solve triangle:5 --position "$T5P" >/dev/null 2>&1
check "tri: pegsol tricolor solve agrees the start is solvable" test $? = 0
# a seeded random start: reproducible, the seed echoed, one hole empty
code=$(post tri/new '{"board":"triangle:5","seed":42,"hints":"off"}')
g1=$(field "d['game']")
check "tri/new seed 42: 14 pegs of colours 1 and 2, seed shown: $g1" \
	test "$code" = 200 -a "$(field "d['seed'], d['pegs_left'], sorted(set(d['pegs']))")" = "42 14 [0, 1, 2]"
post tri/new '{"board":"triangle:5","seed":42,"hints":"off"}' >/dev/null
check "tri/new seed 42 twice: the same start" test "$(field "d['game']")" = "$g1"
case $g1 in *":seed=42;") _ok ;; *) _no "tri: the id keeps the seed: $g1" ;; esac
# past 16 holes: a bounded search, each jump searched with a share of
# the budget (docs/play.md); this start's jumps are all decided in it
code=$(post tri/new '{"board":"triangle:7","seed":7,"vacate":"a1","hints":"on"}')
check "tri T7: 200, source search, not exact, jump verdicts decided: $(field "d.get('oracle'), d.get('error'), [j['verdict'] for j in d['legal']]")" \
	test "$code" = 200 -a "$(field "d['oracle']['source'], d['hints_exact'], len(d['legal']) > 0, set(j['verdict'] for j in d['legal']) <= {'win', 'lose'}")" = \
	"search False True True"
# bad input: 400 with one clear error, never a crash
tri_bad() {
	local what=$1 body=$2 call=${4:-tri/state} pat=$3
	code=$(post "$call" "$body")
	check "tri $what: 400 /$pat/, got $code $(head -c 200 "$tmp/body")" \
		test "$code" = 400 -a -n "$(field "d['error']" | grep -E -- "$pat")"
}
tri_bad "garbage id" '{"game":"garbage;;;"}' 'not a three-colour game id'
tri_bad "missing id" '{}' "missing 'game'"
tri_bad "short colours" '{"game":"triangle:5;tri:0111;"}' 'has 4 holes'
tri_bad "big board" '{"game":"triangle:20;tri:0;"}' 'up to 128 holes'
tri_bad "board file" '{"game":"file:/etc/passwd;tri:0;"}' 'not served'
tri_bad "bad seed" "{\"game\":\"triangle:5;tri:$T5P:seed=x;\"}" 'bad seed'
tri_bad "illegal jump" '{"game":"triangle:5;tri:011111111111111;a3-a1,a1-b2"}' 'jump 2, a1-b2, is not legal'
check "tri illegal jump: the legal prefix" \
	test "$(field "d['bad_move'], d['prefix']")" = "1 triangle:5;tri:011111111111111;a3-a1"
tri_bad "long id" "{\"game\":\"triangle:5;tri:$T5P;$(printf 'a1-a3,%.0s' $(seq 3000))\"}" 'longer than'
tri_bad "illegal play" "{\"game\":\"triangle:5;tri:$T5P;\",\"from\":\"a1\",\"to\":\"c3\"}" 'not legal' tri/play
tri_bad "new: big board" '{"board":"triangle:30"}' 'up to 128 holes' tri/new
tri_bad "new: bad vacate" '{"board":"triangle:5","vacate":"zz9"}' 'zz9' tri/new
code=$(curl -s -m 10 -o /dev/null -w '%{http_code}' "$U/api/tri/nosuch")
check "tri/nosuch: 404, got $code" test "$code" = 404

done_checks
