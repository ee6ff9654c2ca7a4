# diskfull.sh - issue 14: a full disk or a file size limit while pegsol
# sets writes (a --work level, the --out file, the temporary partitions of
# --memory-mb / --tmpdir) ends with exit 3 and one line naming the file,
# never a crash (SIGXFSZ is ignored, EFBIG handled), a hang, or a partial
# file under the final name; a work directory resumes afterwards.  The
# file size limit is `ulimit -f` (1 KB units); a full disk is a 300 KB
# tmpfs in a private mount namespace when unshare and mount work here
# (skipped, with a note, where they do not).
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
lim() { # lim KB CMD...: CMD under a file size limit of KB, at most 60 s
	local kb=$1
	shift
	bash -c 'ulimit -f "$0"; exec timeout 60 "$@"' "$kb" "$@"
}
# leftovers DIR: temporary files of afile.c or partition directories
leftovers() { find "$1" \( -name '*.tmp' -o -name 'pegsol-sets-*' \) | wc -l; }

# a work directory: levels 31..22 fit in 100 KB files, level 21 does not
w="$tmp/work"
E=(english --vacate d4 --forward-only --to 21)
expect_fail 3 "^pegsol sets: out of disk space writing '.*/work/F-021\.lvl': file size limit reached$" \
	lim 100 $P sets "${E[@]}" --work "$w"
expect_exit 0 test -s "$w/F-022.lvl" -a ! -e "$w/F-021.lvl"
expect_out '^0$' leftovers "$tmp"
# the same command again, still limited: resuming, then the same line
expect_exit 3 lim 100 $P sets "${E[@]}" --work "$w" --json
expect_stderr '^pegsol sets: resuming from level 22$'
expect_stderr "^pegsol sets: out of disk space writing '.*/work/F-021\.lvl'"
# then without the limit it resumes after level 22 and gives the sets of
# a fresh run without a work directory
$P sets "${E[@]}" | grep -E '^ +[0-9]+ ' >"$tmp/fresh.txt"
$P sets "${E[@]}" --work "$w" 2>"$tmp/err.txt" | grep -E '^ +[0-9]+ ' >"$tmp/resumed.txt"
expect_out '^pegsol sets: resuming from level 22$' cat "$tmp/err.txt"
expect_out '^ +21 +[0-9]+$' cat "$tmp/resumed.txt"
expect_exit 0 cmp "$tmp/fresh.txt" "$tmp/resumed.txt"

# --out: the limit leaves no file, and an older file as it was
o="$tmp/t6.sets"
expect_fail 3 "^pegsol sets: out of disk space writing '.*/t6\.sets': file size limit reached$" \
	lim 100 $P sets T6 --vacate a1 --out "$o"
expect_exit 0 test ! -e "$o"
echo "an older file" >"$o"
expect_fail 3 't6\.sets' lim 100 $P sets T6 --vacate a1 --out "$o"
expect_out '^an older file$' cat "$o"
expect_out '^0$' leftovers "$tmp"
# /dev/full is not a file sets writes to (it writes a temporary file
# next to the target and renames it): bad input, not a crash
expect_error "cannot write '/dev/full': not a regular file" \
	$P sets T5 --vacate a1 --out /dev/full

# the temporary partitions (--memory-mb, --partitions, --tmpdir): the
# partition directory is removed on the way out
t="$tmp/parts"
mkdir "$t"
expect_fail 3 "^pegsol sets: out of disk space writing '.*/parts/pegsol-sets-[^/]+/part-[0-9]+': file size limit reached$" \
	lim 100 $P sets "${E[@]}" --memory-mb 16 --partitions 3 --tmpdir "$t"
expect_out '^0$' leftovers "$t"
expect_fail 3 'part-[0-9]+' lim 100 $P sets english --vacate d4 --memory-mb 16 --partitions 5 --tmpdir "$t"
expect_out '^0$' leftovers "$t"

# a full disk: a small tmpfs (root and a private mount namespace only)
m="$tmp/mnt"
mkdir "$m"
if unshare -m sh -c "mount -t tmpfs -o size=100k tmpfs '$m'" 2>/dev/null; then
	full() { # full KB CMD...: CMD with $m a tmpfs of KB; $tmp/full.txt
		# gets its exit status, stderr, and what is left in $m
		unshare -m sh -c 'mount -t tmpfs -o size="$1"k tmpfs "$0" || exit 9
			shift
			timeout 60 "$@" >/dev/null 2>"$0.err"; echo "exit $?"
			cat "$0.err"; find "$0" -name "*.tmp" -o -name "pegsol-sets-*" \
				-o -name "*.sets" -o -name "F-021.lvl"' "$m" "$@" >"$tmp/full.txt"
	}
	full 300 $P sets "${E[@]}" --work "$m/work"
	expect_out '^exit 3$' cat "$tmp/full.txt"
	expect_out "^pegsol sets: out of disk space writing '.*/mnt/work/F-021\.lvl': No space left on device$" cat "$tmp/full.txt"
	expect_exit 1 grep -q '^/' "$tmp/full.txt"
	full 100 $P sets T6 --vacate a1 --out "$m/t6.sets"
	expect_out '^exit 3$' cat "$tmp/full.txt"
	expect_out "^pegsol sets: out of disk space writing '.*/mnt/t6\.sets': No space left on device$" cat "$tmp/full.txt"
	expect_exit 1 grep -q '^/' "$tmp/full.txt"
	full 100 $P sets english --vacate d4 --memory-mb 16 --partitions 5 --tmpdir "$m"
	expect_out '^exit 3$' cat "$tmp/full.txt"
	expect_out "^pegsol sets: out of disk space writing '.*/mnt/pegsol-sets-[^/]+/part-[0-9]+': No space left on device$" cat "$tmp/full.txt"
	expect_exit 1 grep -q '^/' "$tmp/full.txt"
	expect_exit 0 test "$(wc -l <"$tmp/full.txt")" -eq 2
else
	echo "diskfull.sh: no private tmpfs here (unshare -m / mount): full-disk checks skipped" >&2
fi
done_checks
