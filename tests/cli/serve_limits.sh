# serve_limits.sh - nothing a client sends stalls or kills the web server
# (issue 16, items 2-6): oversized boards, huge hints and expensive puzzles
# under budgets, a full queue, slow and numerous connections, foreign Host
# and Origin headers and bodies, 33+ oracles, SIGTERM and SIGINT.  Each
# server runs on loopback under an address-space cap (prlimit --as 3 GiB).
# The acceptance run: 200 slow connections + 6 oversized boards + 2 huge
# hints at once, all from 127.0.0.1, and a normal request still answers in
# under 1 s with the server's peak RSS under 1 GiB.  SLOW=N changes the
# 200.
. "$(dirname "$0")/lib.sh"
for t in curl python3 prlimit; do
	command -v $t >/dev/null || {
		echo "SKIP serve_limits.sh: no $t"
		done_checks
		exit 0
	}
done
tmp=$(mktemp -d)
SLOW=${SLOW:-200}
# the address-space cap, except under AddressSanitizer (its shadow memory
# reserves terabytes of address space)
cap=(prlimit --as=$((3 << 30)) --)
grep -q __asan_init "$PEGSOL" 2>/dev/null && cap=()
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill -9 "$p" 2>/dev/null; done
	rm -rf "$tmp"
}
trap cleanup EXIT

# start NAME ARGS...: a server on a free port; sets PID and U (its URL)
start() {
	local name=$1
	shift
	"${cap[@]}" "$PEGSOL" serve --port 0 \
		--cache "$tmp/cache-$name" "$@" >"$tmp/$name.out" 2>&1 &
	PID=$!
	disown "$PID" # no job notice when cleanup kills it
	pids+=("$PID")
	for _ in $(seq 100); do
		U=$(sed -n 's|.*listening on \(http://[^ ]*\)/$|\1|p' "$tmp/$name.out")
		[ -n "$U" ] && return 0
		sleep 0.05
	done
	_no "server $name did not start: $(cat "$tmp/$name.out")"
	U=http://127.0.0.1:1
}
# code ARGS...: curl's HTTP status, body in $tmp/body
code() { curl -s -m 30 -o "$tmp/body" -w '%{http_code}' "$@"; }
# expect_code WANT PATTERN WHAT ARGS...
expect_code() {
	local want=$1 pat=$2 what=$3 got
	shift 3
	got=$(code "$@")
	if [ "$got" = "$want" ] && grep -Eq -- "$pat" "$tmp/body"; then _ok; else
		_no "$what: HTTP $got, want $want /$pat/: $(head -c 300 "$tmp/body")"
	fi
}
post() { curl -s -m 30 -H 'Content-Type: application/json' --data "$@"; }
# fast WHAT URL: a normal request answers 200 in under 1 s
fast() {
	local r
	r=$(curl -s -m 10 -o /dev/null -w '%{http_code} %{time_total}' "$2")
	if [ "${r% *}" = 200 ] && awk -v t="${r#* }" 'BEGIN { exit !(t < 1) }'; then
		_ok
	else
		_no "$1: normal request got '$r' (want 200 in < 1 s)"
	fi
	echo "$1: $r" >&2
}
rss_kb() { awk -v k="$2" '$1 == k":" { print $2 }' "/proc/$1/status"; }
# stops_within PID SIGNAL MS WHAT: the process ends within MS ms
stops_within() {
	local t0 t
	t0=$(date +%s%N)
	kill -"$2" "$1"
	while kill -0 "$1" 2>/dev/null; do
		t=$((($(date +%s%N) - t0) / 1000000))
		[ $t -gt 5000 ] && break
		sleep 0.02
	done
	t=$((($(date +%s%N) - t0) / 1000000))
	if ! kill -0 "$1" 2>/dev/null && [ $t -le "$3" ]; then _ok; else
		_no "$4: still running after $t ms (want <= $3 ms)"
	fi
	echo "$4: stopped in $t ms" >&2
}
cat >"$tmp/slow.py" <<'EOF'
# slow.py HOST PORT N SECS SRC: N connections from address SRC, each
# trickling one byte of a request line every 2 s for SECS seconds; prints
# "open K" once connected and "alive K" at the end (K still open).
import socket, sys, time
host, port, n, secs, src = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
socks = []
for i in range(n):
    try:
        s = socket.socket()
        s.bind((src, 0))
        s.settimeout(2)
        s.connect((host, port))
        s.send(b"G")
        socks.append(s)
    except OSError:
        pass
print("open", len(socks), flush=True)
t0, k, msg = time.time(), 0, b"ET / HTTP/1.1\r\nHost: x\r\n"
while time.time() - t0 < secs:
    time.sleep(min(2, secs))
    for s in socks:
        try:
            s.send(msg[k:k + 1])
        except OSError:
            pass
    k = (k + 1) % len(msg)
alive = 0
for s in socks:
    try:
        s.setblocking(False)
        alive += s.recv(1) != b""
    except BlockingIOError:
        alive += 1
    except OSError:
        pass
print("alive", alive, flush=True)
EOF
# the interpreter itself: a version manager's shim can take a second
py=$(python3 -c 'import sys; print(sys.executable)')
slow() { "$py" "$tmp/slow.py" 127.0.0.1 "${U##*:}" "$@"; }
# opened FILES...: the connections the slow clients report open (waits
# up to 10 s for every report)
opened() {
	for _ in $(seq 100); do
		[ "$(cat "$@" | grep -c '^open')" -eq $# ] && break
		sleep 0.1
	done
	cat "$@" | awk '$1 == "open" { s += $2 } END { print s + 0 }'
}

# options out of range are refused, never clamped
expect_error 'bad --memory-mb' "$PEGSOL" serve --memory-mb 0
expect_error 'bad --memory-mb' "$PEGSOL" serve --memory-mb -5
expect_error 'bad --workers' "$PEGSOL" serve --workers 0
expect_error 'bad --request-ms' "$PEGSOL" serve --request-ms 99999999999
expect_error 'bad --per-ip' "$PEGSOL" serve --per-ip 0
expect_error 'bad --timeout' "$PEGSOL" serve --timeout 0
expect_error 'bad --budget' "$PEGSOL" serve --budget 99999999999999999999
expect_out '--max-connections' "$PEGSOL" serve --help

# ---- one server for the requests (issue 16 items 2, 3, 5, 6) ----
start a --request-ms 4000
A=$U
APID=$PID
port=${A##*:}
expect_code 404 '"error":"unknown API call"' "/api/foo" "$A/api/foo"
expect_code 404 '"error"' "/api/" "$A/api/"
expect_code 200 '"game"' "T5" "$A/api/new?board=T5"
# Host: only the address served
expect_code 403 'Host' "foreign Host" -H "Host: evil.example:$port" "$A/api/boards"
expect_code 403 'Host' "wrong port in Host" -H "Host: 127.0.0.1:1" "$A/api/boards"
expect_code 403 'Host' "Host without port" -H "Host: 127.0.0.1" "$A/api/boards"
expect_code 200 'families' "Host localhost" -H "Host: localhost:$port" "$A/api/boards"
expect_code 403 'Host' "page from a foreign Host" -H "Host: rebind.example:$port" "$A/"
# Origin: only the page's own, when present
expect_code 403 'origin' "foreign Origin" -H 'Origin: http://evil.example' "$A/api/boards"
expect_code 403 'origin' "Origin null" -H 'Origin: null' -H 'Content-Type: application/json' --data '{"board":"T5"}' "$A/api/new"
expect_code 200 '"game"' "own Origin" -H "Origin: http://127.0.0.1:$port" -H 'Content-Type: application/json' --data '{"board":"T5"}' "$A/api/new"
expect_code 403 'sites' "Sec-Fetch-Site cross-site" -H 'Sec-Fetch-Site: cross-site' "$A/api/new?board=T5"
# bodies only as application/json
expect_code 415 'application/json' "text/plain body" -H 'Content-Type: text/plain' --data '{"board":"T5"}' "$A/api/new"
expect_code 415 'application/json' "form body" --data 'board=T5' "$A/api/new"
expect_code 415 'application/json' "form POST, empty body" -X POST -H 'Content-Type: application/x-www-form-urlencoded' "$A/api/new?board=T5"
expect_code 200 '"game"' "json with charset" -H 'Content-Type: application/json; charset=utf-8' --data '{"board":"T5"}' "$A/api/new"
expect_code 400 'JSON object' "json that is no object" -H 'Content-Type: application/json' --data '[1]' "$A/api/new"
expect_code 405 'method' "PUT" -X PUT "$A/api/new"
expect_code 405 'method' "POST to the page" -X POST "$A/"
# oversized boards are refused from the spec (board.h's limit)
for b in triangle:4000 hexagon:1800 rect:10000x1000; do
	expect_code 400 'limit here is 1000' "$b" "$A/api/new?board=$b"
done
expect_code 400 'limit here is 1000' "game on triangle:4000" "$A/api/state?game=triangle:4000;full;anywhere;"
# item 2: the huge hint falls back to the live search, bounded
expect_code 200 '"note":"the winning sets would need about [0-9]+ MB, over --memory-mb 1024: live search"' \
	"english c1 anywhere" "$A/api/new?board=english&vacate=c1&goal=anywhere"
grep -q '"source":"search"' "$tmp/body" && _ok || _no "english c1 anywhere: not the live search"
# GET has no effects: no precomputation, no cache file; POST starts it
expect_code 200 'computed on POST requests' "GET english d4" "$A/api/new?board=english&vacate=d4&goal=complement"
if [ -z "$(ls "$tmp/cache-a" 2>/dev/null)" ]; then _ok; else _no "a GET wrote the cache: $(ls "$tmp/cache-a")"; fi
# item 3: the expensive puzzle answers 503 with a reason within its budget
t0=$(date +%s%N)
expect_code 503 '"reason":"(time|nodes)"' "puzzle rect:9x7" "$A/api/puzzle?board=rect:9x7&seed=1"
t=$((($(date +%s%N) - t0) / 1000000))
if [ $t -lt 6000 ]; then _ok; else _no "puzzle rect:9x7 took $t ms (budget 4000)"; fi
echo "puzzle rect:9x7: 503 in $t ms" >&2
# a state on a big board with hints off is cheap, hints within the budget
expect_code 200 '"verdict":null,"oracle"' "T40 hints off" "$A/api/new?board=T40&vacate=a1&hints=off"
expect_code 200 '"oracle":' "T8 live search" "$A/api/new?board=T8&vacate=a1"

# ---- item 4: 41 oracles on a tiny memory budget: evicted, hints go on ----
start o --sets off --memory-mb 4
n=0
total=0
for b in triangle:4 triangle:5 triangle:6; do
	for g in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 anywhere; do
		[ $b = triangle:4 ] && [ "$g" != anywhere ] && [ "$g" -gt 10 ] && continue
		gg=$g
		[ "$g" != anywhere ] && gg="%23$g"
		curl -s "$U/api/new?board=$b&vacate=%23${g/anywhere/1}&goal=$gg" >"$tmp/o.json"
		grep -q '"verdict":"\(win\|lose\|unknown\)"' "$tmp/o.json" && n=$((n + 1))
		total=$((total + 1))
	done
done
if [ $n -eq $total ] && [ $total -eq 41 ]; then _ok; else _no "only $n of $total oracles answered"; fi
expect_code 200 '"verdict":"(win|lose)"' "the first oracle again" "$U/api/new?board=triangle:4&vacate=%231&goal=%231"
stops_within "$PID" INT 2000 "SIGINT"

# ---- item 3: a bounded queue; cheap requests stay fast meanwhile ----
start q --workers 1 --queue 1 --request-ms 3000
jobs=()
for i in 1 2 3 4; do
	curl -s -o "$tmp/q$i" "$U/api/puzzle?board=rect:9x7&seed=$i" &
	jobs+=($!)
done
sleep 0.5
fast "T5 while 4 puzzles queue" "$U/api/new?board=T5"
wait "${jobs[@]}"
if grep -q '"reason":"busy"' "$tmp"/q?; then _ok; else _no "no 503 busy from a full queue"; fi
# one precomputation at a time; SIGTERM stops within 2 s while it runs
post '{"board":"english","vacate":"d4","goal":"complement"}' "$U/api/new" >"$tmp/p1"
post '{"board":"rect:5x5","vacate":"b1","goal":"anywhere"}' "$U/api/new" >"$tmp/p2"
grep -q 'precomputing the winning sets' "$tmp/p1" && _ok || _no "d4: no precomputation: $(head -c 300 "$tmp/p1")"
grep -q 'another precomputation is running' "$tmp/p2" && _ok || _no "two precomputations at once: $(grep -o '"oracle":{[^}]*}' "$tmp/p2")"
stops_within "$PID" TERM 2000 "SIGTERM during a precomputation"

# ---- item 4: slow clients, the per-address limit, the request timeout ----
start s --timeout 3 --per-ip 32
fd0=$(ls /proc/$PID/fd | wc -l)
slow 50 6 127.0.0.9 >"$tmp/s9" &
jobs=($!)
slow 25 6 127.0.0.10 >"$tmp/s10" &
jobs+=($!)
opened "$tmp/s9" "$tmp/s10" >/dev/null
sleep 0.3
fds=$(ls /proc/$PID/fd | wc -l)
fast "T5 among tricklers" "$U/api/new?board=T5"
if [ $((fds - fd0)) -ge 50 ] && [ $((fds - fd0)) -le 60 ]; then _ok; else
	_no "per-ip 32: $((fds - fd0)) connections held (want 57 = 32 + 25)"
fi
wait "${jobs[@]}"
if grep -q 'alive 0' "$tmp/s9" && grep -q 'alive 0' "$tmp/s10"; then _ok; else
	_no "tricklers not cut after --timeout 3: $(cat "$tmp/s9" "$tmp/s10" | tr '\n' ' ')"
fi
kill "$PID"

# ---- acceptance: 200 slow + 6 oversized + 2 huge hints at once, the slow
# clients on the normal client's own address (defaults: on loopback no
# per-address limit) ----
start z
ZPID=$PID
per=$(((SLOW + 3) / 4))
jobs=()
for a in 2 3 4 5; do
	slow $per 8 127.0.0.1 >"$tmp/z$a" &
	jobs+=($!)
done
open=$(opened "$tmp"/z2 "$tmp"/z3 "$tmp"/z4 "$tmp"/z5)
for b in triangle:4000 hexagon:1800 rect:10000x1000 triangle:4000 hexagon:1800 rect:10000x1000; do
	curl -s -o /dev/null "$U/api/new?board=$b" &
	jobs+=($!)
done
for i in 1 2; do
	post '{"game":"english;empty:c1;anywhere;"}' "$U/api/hint" >"$tmp/h$i" &
	jobs+=($!)
done
sleep 0.2
if [ "$open" -ge "$SLOW" ]; then _ok; else
	_no "only $open of $SLOW slow connections opened: $(cat "$tmp"/z? | tr '\n' ' ')"
fi
fast "T5 under the full load ($open slow, 6 oversized, 2 huge hints)" "$U/api/new?board=T5"
sleep 0.5
fast "T5 again" "$U/api/new?board=T5"
wait "${jobs[@]}"
grep -q '"hint":{"verdict"' "$tmp/h1" && _ok || _no "huge hint: $(head -c 300 "$tmp/h1")"
hwm=$(rss_kb "$ZPID" VmHWM)
if [ "$hwm" -lt $((1 << 20)) ]; then _ok; else _no "peak RSS $hwm kB (want < 1 GiB)"; fi
echo "acceptance: $open slow connections, peak RSS $hwm kB" >&2
stops_within "$ZPID" TERM 2000 "SIGTERM"
kill "$APID"
done_checks
