# lib.sh - helpers for command line tests; source it, call the expect_*
# functions, end with 'done_checks'.  $PEGSOL is the binary under test.
: "${PEGSOL:=build/pegsol}"
_pass=0
_fail=0
_ok() { _pass=$((_pass + 1)); }
_no() {
	_fail=$((_fail + 1))
	echo "FAIL: $*" >&2
}
# expect_exit CODE CMD...: the command exits with CODE
expect_exit() {
	local want=$1
	shift
	"$@" >/tmp/pegsol_out.$$ 2>/tmp/pegsol_err.$$
	local got=$?
	if [ "$got" -eq "$want" ]; then _ok; else
		_no "exit $got, want $want: $*"
		head -c 600 /tmp/pegsol_err.$$ >&2
	fi
}
# expect_out PATTERN CMD...: stdout matches the extended regex PATTERN
expect_out() {
	local pat=$1
	shift
	"$@" >/tmp/pegsol_out.$$ 2>/tmp/pegsol_err.$$
	if grep -Eq -- "$pat" /tmp/pegsol_out.$$; then _ok; else
		_no "output lacks /$pat/: $*"
		head -c 600 /tmp/pegsol_out.$$ >&2
		head -c 600 /tmp/pegsol_err.$$ >&2
	fi
}
# expect_error PATTERN CMD...: exit 2, exactly one line on stderr matching
# PATTERN, and no crash
expect_error() {
	local pat=$1
	shift
	"$@" >/tmp/pegsol_out.$$ 2>/tmp/pegsol_err.$$
	local got=$?
	local lines
	lines=$(wc -l </tmp/pegsol_err.$$)
	if [ "$got" -eq 2 ] && [ "$lines" -eq 1 ] && grep -Eq -- "$pat" /tmp/pegsol_err.$$; then _ok; else
		_no "want exit 2 and one error line /$pat/, got exit $got, $lines lines: $*"
		head -c 600 /tmp/pegsol_err.$$ >&2
	fi
}
# expect_fail CODE PATTERN CMD...: exit CODE, exactly one line on stderr
# matching PATTERN (expect_error with another exit code, e.g. 3)
expect_fail() {
	local want=$1 pat=$2
	shift 2
	"$@" >/tmp/pegsol_out.$$ 2>/tmp/pegsol_err.$$
	local got=$?
	local lines
	lines=$(wc -l </tmp/pegsol_err.$$)
	if [ "$got" -eq "$want" ] && [ "$lines" -eq 1 ] && grep -Eq -- "$pat" /tmp/pegsol_err.$$; then _ok; else
		_no "want exit $want and one error line /$pat/, got exit $got, $lines lines: $*"
		head -c 600 /tmp/pegsol_err.$$ >&2
	fi
}
# expect_stderr PATTERN: the stderr of the last expect_* command matches
# PATTERN (e.g. a note printed by a command that succeeded)
expect_stderr() {
	if grep -Eq -- "$1" /tmp/pegsol_err.$$; then _ok; else
		_no "stderr lacks /$1/"
		head -c 600 /tmp/pegsol_err.$$ >&2
	fi
}
done_checks() {
	rm -f /tmp/pegsol_out.$$ /tmp/pegsol_err.$$
	echo "RESULT $_pass $_fail"
}
# Terminal games through tmux (play.sh, tricolor_play.sh): set $sock (the
# server's socket) and $TMUX_SESSION; T runs tmux, screen prints the
# session's screen, wait_for polls it for a regex (up to 10 s),
# expect_screen REGEX WHAT checks it, keys sends keys.
T() { tmux -S "$sock" "$@"; }
screen() { T capture-pane -p -t "$TMUX_SESSION"; }
wait_for() {
	for _ in $(seq 100); do
		if screen | grep -Eq -- "$1"; then return 0; fi
		sleep 0.1
	done
	return 1
}
expect_screen() {
	if wait_for "$1"; then _ok; else
		_no "screen lacks /$1/ ($2)"
		screen | sed 's/^/    | /' >&2
	fi
}
keys() { T send-keys -t "$TMUX_SESSION" "$@"; }
