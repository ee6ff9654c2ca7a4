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

done_checks
