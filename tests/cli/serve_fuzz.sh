# serve_fuzz.sh - the web server under a bounded stream of malformed and
# random requests (issue 7: bad requests get a 4xx JSON error, the server
# never crashes).  Loopback only; 250 requests, seeded, then a well-formed
# request must still succeed.
. "$(dirname "$0")/lib.sh"
command -v curl >/dev/null || { echo "SKIP: no curl"; echo "RESULT 0 0"; exit 0; }
port=$((20000 + RANDOM % 20000))
cache=$(mktemp -d)
$PEGSOL serve --port $port --sets off --cache "$cache" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 50); do
	curl -s -o /dev/null "http://127.0.0.1:$port/api/boards" && break
	sleep 0.1
done
RANDOM=4242
calls=(new state play undo redo reset replay hint solve boards puzzle shortest construct analyse nosuch "" ../etc/passwd)
keys=(board vacate position goal game from to moves n level pegs seed hints)
vals=(T5 T0 english "file:/etc/passwd" "graph:/dev/zero" a1 zz99 "%00" "%ff%fe" "(1,2,3)" "#99999999" -1 99999 "x/xx" "a3-a1,c3-a3" "T5;full;anywhere;a3-a1" "';--" "%7B%22a%22%3A1%7D" "$(printf 'A%.0s' $(seq 300))")
bad=0
ok=0
for i in $(seq 250); do
	c=${calls[$((RANDOM % ${#calls[@]}))]}
	q=""
	for _ in $(seq $((RANDOM % 4))); do
		q="$q&${keys[$((RANDOM % ${#keys[@]}))]}=${vals[$((RANDOM % ${#vals[@]}))]}"
	done
	if [ $((RANDOM % 4)) -eq 0 ]; then
		body=$(head -c $((RANDOM % 200)) /dev/urandom | base64 -w0)
		code=$(curl -s -m 10 -o /tmp/pegsol_fuzz.$$ -w '%{http_code}' -X POST \
			--data-binary "$body" "http://127.0.0.1:$port/api/$c")
	else
		code=$(curl -s -m 10 -o /tmp/pegsol_fuzz.$$ -w '%{http_code}' \
			"http://127.0.0.1:$port/api/$c?${q#&}")
	fi
	case $code in
	200) ok=$((ok + 1)) ;;
	4??) grep -q '"error"' /tmp/pegsol_fuzz.$$ && ok=$((ok + 1)) || bad=$((bad + 1)) ;;
	*) bad=$((bad + 1)); echo "request $i /api/$c?$q: HTTP $code" >&2 ;;
	esac
done
if [ $bad -eq 0 ]; then _ok; else _no "$bad of 250 random requests got neither 200 nor a 4xx JSON error"; fi
if kill -0 $pid 2>/dev/null; then _ok; else _no "the server died under random requests"; fi
code=$(curl -s -m 10 -o /tmp/pegsol_fuzz.$$ -w '%{http_code}' "http://127.0.0.1:$port/api/new?board=T5&vacate=a1")
if [ "$code" = 200 ] && grep -q '"game"' /tmp/pegsol_fuzz.$$; then _ok; else _no "a good request fails after fuzzing: HTTP $code"; fi
kill $pid 2>/dev/null
wait $pid 2>/dev/null
rm -rf "$cache" /tmp/pegsol_fuzz.$$
done_checks
