# files.sh - issue 16 item 10 (and the disk half of item 9): files are
# written atomically (a temporary file in the same directory, synced,
# renamed), carry a checksum, and a bad cache is detected and recomputed;
# a FIFO or device is never opened as a cache or replaced by an output;
# a full disk is exit 3, leaves the old file and no temporary behind.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
mnt=
cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
# only FILE in DIR: nothing else (no temporary) is left there
only() { [ "$(ls -A "$1")" = "$2" ]; }

# ---- the sets file: version 5 (tests/cli/setsfile.sh has more), sets --check ----
expect_exit 0 $P sets T5 --vacate a1 --out "$tmp/t5.sets"
expect_out '^ +5 +0 +0 +0 +64 +0 +0 +0 +15 +0 +0 +0$' od -An -tu1 -j8 -N12 "$tmp/t5.sets"
expect_exit 0 only "$tmp" t5.sets
expect_out 'ok: triangle:5, 64-bit codes, 41 sections, 2159 codes, checksum good' \
	$P sets --check "$tmp/t5.sets"
expect_out '"ok":true.*"codes":2159' $P sets --check "$tmp/t5.sets" --json
# a flipped byte anywhere, a truncated file, an old file without checksum
for at in 0 9 30 2500 5220; do
	cp "$tmp/t5.sets" "$tmp/bad.sets"
	printf '\125' | dd of="$tmp/bad.sets" bs=1 seek=$at conv=notrunc 2>/dev/null
	expect_error "fails its checksum|not a pegsol sets file|unknown version" \
		$P sets --check "$tmp/bad.sets"
done
expect_error "'$tmp/bad.sets' fails its checksum \(corrupt or truncated: the trailer\)" $P sets --check "$tmp/bad.sets"
head -c 3000 "$tmp/t5.sets" >"$tmp/bad.sets"
expect_error 'fails its checksum' $P sets --check "$tmp/bad.sets"
cp "$tmp/t5.sets" "$tmp/bad.sets"
printf '\001' | dd of="$tmp/bad.sets" bs=1 seek=8 conv=notrunc 2>/dev/null
expect_error 'version without a checksum' $P sets --check "$tmp/bad.sets"
expect_error 'not a pegsol sets file' $P sets --check /etc/hostname
expect_error 'No such file' $P sets --check "$tmp/none.sets"
expect_error 'takes no board' $P sets T5 --check "$tmp/t5.sets"
mkfifo "$tmp/fifo"
expect_error 'not a regular file' timeout 10 $P sets --check "$tmp/fifo"
expect_error 'not a regular file' $P sets --check /dev/zero
rm -f "$tmp/bad.sets" "$tmp/fifo"

# ---- outputs: a FIFO, a device or a directory is refused, never replaced;
# a symbolic link is written through ----
mkfifo "$tmp/fifo"
expect_error "cannot write '$tmp/fifo': not a regular file" \
	timeout 10 $P sets T5 --vacate a1 --out "$tmp/fifo"
expect_exit 0 test -p "$tmp/fifo"
expect_error 'not a regular file' $P sets T5 --vacate a1 --out /dev/null
expect_exit 0 test -c /dev/null
expect_error 'not a regular file' $P catalog T4 --markdown "$tmp"
ln -s t5.sets "$tmp/link.sets"
expect_exit 0 $P sets T5 --vacate a4 --out "$tmp/link.sets"
expect_exit 0 test -L "$tmp/link.sets"
expect_out 'ok: triangle:5' $P sets --check "$tmp/t5.sets"
expect_exit 0 $P catalog T4 --markdown "$tmp/cat.md"
expect_out '^# Solution catalog: Triangle\(4\)' head -n 1 "$tmp/cat.md"
rm -f "$tmp/fifo" "$tmp/link.sets" "$tmp/cat.md"
expect_exit 0 only "$tmp" t5.sets

# ---- the winning-sets cache (deadend --cache; play and serve share it) ----
c="$tmp/cache"
expect_exit 0 $P deadend T5 --vacate a1 --sets on --cache "$c"
f=$(ls "$c"/*.pegsets)
expect_exit 0 test -f "$f"
cp "$f" "$tmp/good"
# a good cache: read, no note
expect_exit 0 test -z "$($P deadend T5 --vacate a1 --sets on --cache "$c" 2>&1 >/dev/null)"
# a flipped byte: detected, recomputed and rewritten (the same file again)
for at in 20 500 1200; do
	printf '\125' | dd of="$f" bs=1 seek=$at conv=notrunc 2>/dev/null
	expect_out 'fastest dead end: 2 jumps' $P deadend T5 --vacate a1 --sets on --cache "$c"
	expect_stderr "note: cache: '$f' fails its checksum.*recomputed"
	expect_exit 0 cmp -s "$f" "$tmp/good"
done
head -c 700 "$tmp/good" >"$f"
expect_out 'fastest dead end' $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_stderr 'fails its checksum'
expect_exit 0 cmp -s "$f" "$tmp/good"
# a whole, checksummed file that answers another problem
$P deadend T5 --vacate a4 --sets on --cache "$c" >/dev/null
cp "$(ls "$c"/*.pegsets | grep -v "$f")" "$f"
expect_out 'fastest dead end: 2 jumps' $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_stderr 'holds another problem; recomputed'
expect_exit 0 cmp -s "$f" "$tmp/good"
# a FIFO (would block a reader), a symbolic link (would redirect the
# write): neither opened nor replaced, the answer still right
rm "$f"
mkfifo "$f"
expect_out 'fastest dead end: 2 jumps' timeout 10 $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_stderr "note: cache '$f' is not a regular file: not used"
expect_exit 0 test -p "$f"
rm "$f"
echo keep >"$tmp/target"
ln -s "$tmp/target" "$f"
expect_out 'fastest dead end: 2 jumps' $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_stderr 'not a regular file: not used'
expect_exit 0 test -L "$f"
expect_out '^keep$' cat "$tmp/target"
rm -f "$f" "$tmp/target"
expect_exit 0 $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_exit 0 cmp -s "$f" "$tmp/good"
expect_exit 0 test -z "$(ls -A "$c" | grep -v '\.pegsets$')"

# ---- a full disk: exit 3 naming the disk, the old file intact, no
# temporary left.  A 64 KB tmpfs where mount works (root), else a file
# size limit (ulimit -f with SIGXFSZ ignored: the same EFBIG path) ----
d="$tmp/full"
mkdir -p "$d"
if mount -t tmpfs -o size=64k tmpfs "$d" 2>/dev/null; then
	mnt=$d
	limit() { shift && "$@"; }
	full='out of disk space writing .*No space left on device'
else
	limit() { (trap '' XFSZ && ulimit -f "$1" && shift && exec "$@"); }
	full='out of disk space writing .*file size limit reached'
fi
cp "$tmp/t5.sets" "$d/t5.sets"
expect_fail 3 "$full" limit 48 $P sets T6 --vacate a1 --out "$d/t5.sets"
expect_exit 0 cmp -s "$d/t5.sets" "$tmp/t5.sets"
expect_exit 0 only "$d" t5.sets
# the catalog (fill the disk first where it is a real one)
echo old >"$d/cat.md"
[ -n "$mnt" ] && dd if=/dev/zero of="$d/fill" bs=1k count=64 2>/dev/null
expect_fail 3 "$full" limit 1 $P catalog T5 --markdown "$d/cat.md"
expect_out '^old$' cat "$d/cat.md"
rm -f "$d/fill"
# the level sets' partition files (--memory-mb): the temporary directory
# is removed
expect_fail 3 'No space left on device|File too large' \
	limit 4 $P sets T6 --vacate a1 --memory-mb 0.05 --tmpdir "$d"
expect_exit 1 sh -c "ls -A '$d' | grep -q pegsol-sets"
# a cache that cannot be written (the disk filled first: the compressed
# T6 cache, 44 KB, would fit): the answer still comes, with a note
[ -n "$mnt" ] && dd if=/dev/zero of="$d/fill" bs=1k count=64 2>/dev/null
expect_out 'fastest dead end: 5 jumps' limit 8 $P deadend T6 --vacate a1 --sets on --cache "$d"
expect_stderr 'note: cache not saved: out of disk space'
rm -f "$d/fill"
expect_exit 0 test -z "$(ls -A "$d" | grep -v '^t5.sets$\|^cat.md$')"

# ---- a kill in the middle of writing (SIGXFSZ from a file size limit):
# the old file stays, and the unnamed temporary (O_TMPFILE) dies with the
# process ----
cp "$tmp/t5.sets" "$tmp/k.sets"
{ (ulimit -f 8 && exec $P sets T6 --vacate a1 --out "$tmp/k.sets") >/dev/null; } 2>/dev/null
expect_exit 0 cmp -s "$tmp/k.sets" "$tmp/t5.sets"
expect_exit 0 test -z "$(ls -A "$tmp" | grep '\.tmp$')"
done_checks
