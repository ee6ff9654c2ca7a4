# setsfile.sh - issue 14 item 1: the sets file (version 5) stores sorted
# codes as compressed blocks with a checksum each; pegsol sets --check
# finds a flipped byte anywhere, a truncated file, a block that does not
# decode; an older version 3 file still reads.  The English file's size
# (246 MB as version 3, 23 MB as version 5) is in bench/RESULTS-sets.md.
. "$(dirname "$0")/lib.sh"
P=$PEGSOL
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# T5 a1 (seed 001 Table 1): 41 levels, 2159 codes; 8 bytes a code would
# be 17,272 bytes of codes alone, the file is about 5 KB
expect_exit 0 $P sets T5 --vacate a1 --out "$tmp/t5.sets"
expect_out '^ +5 +0 +0 +0 +64 +0 +0 +0 +15 +0 +0 +0$' od -An -tu1 -j8 -N12 "$tmp/t5.sets"
expect_out '"version":5,"code_bits":64,"sections":41,"codes":2159' \
	$P sets --check "$tmp/t5.sets" --json
size=$(stat -c %s "$tmp/t5.sets")
expect_exit 0 test "$size" -gt 4000 -a "$size" -lt 6000
# the same sets with 128-bit codes (PEGSOL_WIDE): the same levels
PEGSOL_WIDE=1 $P sets T5 --vacate a1 --out "$tmp/t5w.sets" >/dev/null
expect_out 'ok: triangle:5, 128-bit codes, 41 sections, 2159 codes, checksum good \(version 5' \
	$P sets --check "$tmp/t5w.sets"
# round trip of levels: the winning-sets cache written, then read back
# (no note), gives the answer computed without it
c="$tmp/cache"
expect_out 'fastest dead end: 2 jumps: a3-a1, c4-a2' $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_out 'fastest dead end: 2 jumps: a3-a1, c4-a2' $P deadend T5 --vacate a1 --sets on --cache "$c"
expect_exit 0 test -z "$($P deadend T5 --vacate a1 --sets on --cache "$c" 2>&1 >/dev/null)"
expect_out 'ok: triangle:5, 64-bit codes, 14 sections, 190 codes' $P sets --check "$c"/*.pegsets

# packed levels (--memory-mb, issue 14 item 2): the same file byte for
# byte, in memory or through disk partitions, 64 and 128 bits
expect_exit 0 $P sets T6 --vacate a1 --out "$tmp/t6.sets"
expect_out 'disk: up to [0-9]+ partitions' $P sets T6 --vacate a1 --memory-mb 0.05 --out "$tmp/t6m.sets"
expect_exit 0 cmp "$tmp/t6.sets" "$tmp/t6m.sets"
expect_out 'disk: up to 7 partitions' $P sets T6 --vacate a1 --memory-mb 100 --partitions 7 --out "$tmp/t6m.sets"
expect_exit 0 cmp "$tmp/t6.sets" "$tmp/t6m.sets"
expect_exit 0 $P sets T6 --vacate a1 --memory-mb 100 --out "$tmp/t6m.sets"
expect_exit 0 cmp "$tmp/t6.sets" "$tmp/t6m.sets"
PEGSOL_WIDE=1 $P sets T6 --vacate a1 --anywhere --out "$tmp/t6w.sets" >/dev/null
PEGSOL_WIDE=1 $P sets T6 --vacate a1 --anywhere --memory-mb 0.05 --out "$tmp/t6wm.sets" >/dev/null
expect_exit 0 cmp "$tmp/t6w.sets" "$tmp/t6wm.sets"
expect_out 'ok: triangle:6, 128-bit codes' $P sets --check "$tmp/t6wm.sets"
rm -f "$tmp"/t6*.sets

# a work directory under a budget (issue 14 item 2): each level the disk
# merge makes is streamed to its level file (never held whole) and read
# back packed as the next parent; the files are byte for byte those of a
# run without a budget, --raw and --prune included, and a resumed run
# under the budget reads its level packed and gives the same files
E=(english --vacate d4 --forward-only --raw)
$P sets "${E[@]}" --to 21 --work "$tmp/wa" >"$tmp/a.txt"
$P sets "${E[@]}" --to 21 --work "$tmp/wb" --memory-mb 16 --partitions 3 >"$tmp/b.txt"
expect_out 'disk: up to 3 partitions' cat "$tmp/b.txt"
expect_exit 0 diff -r "$tmp/wa" "$tmp/wb"
expect_exit 0 diff <(grep -E '^ +[0-9]' "$tmp/a.txt") <(grep -E '^ +[0-9]' "$tmp/b.txt")
rm -rf "$tmp/wb"
$P sets "${E[@]}" --to 25 --work "$tmp/wb" --memory-mb 16 --partitions 3 >/dev/null
expect_out '^ +21 +229614 +1834379$' $P sets "${E[@]}" --to 21 --work "$tmp/wb" --memory-mb 16 --partitions 5
expect_stderr 'resuming from level 25'
expect_exit 0 diff -r "$tmp/wa" "$tmp/wb"
# pruned: the same levels, positions dropped and cuts of each pagoda
# function as in memory (the filter runs on the blocks as they are merged)
$P sets T6 --vacate a1 --forward-only --prune >"$tmp/a.txt"
$P sets T6 --vacate a1 --forward-only --prune --work "$tmp/wp" --memory-mb 16 --partitions 3 >"$tmp/b.txt"
expect_out '^pruned by [0-9]+ pagoda functions' cat "$tmp/b.txt"
expect_exit 0 diff <(grep -E '^ +[0-9]|^pruned|pagoda' "$tmp/a.txt") <(grep -E '^ +[0-9]|^pruned|pagoda' "$tmp/b.txt")
# a level file flipped under the budget: refused when read back packed
printf '\125' | dd of="$tmp/wb/F-021.lvl" bs=1 seek=300 conv=notrunc 2>/dev/null
expect_error "F-021\.lvl' fails its checksum \(corrupt or truncated: block 1\)" \
	$P sets "${E[@]}" --to 20 --work "$tmp/wb" --memory-mb 16
rm -rf "$tmp/wa" "$tmp/wb" "$tmp/wp"

# every byte of a small file flipped: exit 2, never "ok"
expect_exit 1 $P sets T4 --vacate a1 --out "$tmp/t4.sets" # unsolvable: exit 1
n=$(stat -c %s "$tmp/t4.sets")
bad=0
at=0
while [ $at -lt "$n" ]; do
	cp "$tmp/t4.sets" "$tmp/bad.sets"
	printf '\125' | dd of="$tmp/bad.sets" bs=1 seek=$at conv=notrunc 2>/dev/null
	$P sets --check "$tmp/bad.sets" >/dev/null 2>"$tmp/err"
	rc=$?
	if [ $rc -ne 2 ] || ! grep -Eq "fails its checksum|not a pegsol sets file|unknown version" "$tmp/err"; then
		bad=$((bad + 1))
		echo "byte $at: exit $rc: $(cat "$tmp/err")" >&2
	fi
	at=$((at + 1))
done
expect_exit 0 test $bad -eq 0
# where it is: a block, a section header, the header, the trailer
cp "$tmp/t5.sets" "$tmp/bad.sets"
printf '\125' | dd of="$tmp/bad.sets" bs=1 seek=2500 conv=notrunc 2>/dev/null
expect_error "'$tmp/bad.sets' fails its checksum \(corrupt or truncated: [FWL]_[0-9]+ block 1\)" \
	$P sets --check "$tmp/bad.sets"
cp "$tmp/t5.sets" "$tmp/bad.sets"
printf '\125' | dd of="$tmp/bad.sets" bs=1 seek=30 conv=notrunc 2>/dev/null
expect_error "fails its checksum \(corrupt or truncated: the header\)" $P sets --check "$tmp/bad.sets"
cp "$tmp/t5.sets" "$tmp/bad.sets"
printf '\125' | dd of="$tmp/bad.sets" bs=1 seek=$((size - 1)) conv=notrunc 2>/dev/null
expect_error "fails its checksum \(corrupt or truncated: the trailer\)" $P sets --check "$tmp/bad.sets"
# the flipped file is refused by every reader: the sets file loads only
# through the same checks (the cache: tests/cli/files.sh)
# truncated anywhere: exit 2
for cut in 8 40 200 1000 3000 $((size - 8)) $((size - 1)); do
	head -c $cut "$tmp/t5.sets" >"$tmp/bad.sets"
	expect_error "fails its checksum|not a pegsol sets file" $P sets --check "$tmp/bad.sets"
done
# bytes after the end
cp "$tmp/t5.sets" "$tmp/bad.sets"
printf 'x' >>"$tmp/bad.sets"
expect_error "fails its checksum \(corrupt or truncated: the trailer\)" $P sets --check "$tmp/bad.sets"

# a version 3 file of older pegsol (T4 a1, 790 bytes, uncompressed codes,
# one XXH3 trailer) still reads, with the same levels as version 5
base64 -d >"$tmp/v3.sets" <<'B64'
UEVHU0VUUzEDAAAACgAAAAoAAAB0cmlhbmdsZTo0AAAAAAIAAAAAAAAAAwAAAAIAAAAJAAAAAQAA
AP4DAAAAAAAAAQAAAAAAAAAaAAAARgEAAAAAAAAAAAAAAAAAAAAAAABGAgAAAAAAAAAAAAAAAAAA
AAAAAEYDAAADAAAAAAAAAAAAAAAAAAAARgAAAAAAAACJAAAAAAAAAGABAAAAAAAARgQAAAUAAAAA
AAAAAAAAAAAAAACsAAAAAAAAAOEAAAAAAAAARQEAAAAAAACGAQAAAAAAAEwCAAAAAAAARgUAAAcA
AAAAAAAAAAAAAAAAAACnAAAAAAAAAOoAAAAAAAAATgEAAAAAAADMAQAAAAAAAOIBAAAAAAAARwIA
AAAAAADJAgAAAAAAAEYGAAAEAAAAAAAAAAAAAAAAAAAAzwAAAAAAAADHAQAAAAAAAOwCAAAAAAAA
6AMAAAAAAABGBwAAAgAAAAAAAAAAAAAAAAAAAOcCAAAAAAAAzQMAAAAAAABGCAAAAQAAAAAAAAAA
AAAAAAAAANsDAAAAAAAARgkAAAEAAAAAAAAAAAAAAAAAAAD+AwAAAAAAAFcBAAAAAAAAAAAAAAAA
AAAAAAAAVwIAAAAAAAAAAAAAAAAAAAAAAABXAwAAAAAAAAAAAAAAAAAAAAAAAFcEAAAAAAAAAAAA
AAAAAAAAAAAAVwUAAAAAAAAAAAAAAAAAAAAAAABXBgAAAAAAAAAAAAAAAAAAAAAAAFcHAAAAAAAA
AAAAAAAAAAAAAAAAVwgAAAAAAAAAAAAAAAAAAAAAAABXCQAAAAAAAAAAAAAAAAAAAAAAAEwBAAAA
AAAAAAAAAAAAAAAAAAAATAIAAAAAAAAAAAAAAAAAAAAAAABMAwAAAAAAAAAAAAAAAAAAAAAAAEwE
AAAAAAAAAAAAAAAAAAAAAAAATAUAAAAAAAAAAAAAAAAAAAAAAABMBgAAAAAAAAAAAAAAAAAAAAAA
AEwHAAAAAAAAAAAAAAAAAAAAAAAATAgAAAAAAAAAAAAAAAAAAAAAAADRVc6Z6fvMqg==
B64
expect_out 'ok: triangle:4, 64-bit codes, 26 sections, 23 codes, checksum good \(version 3, 790 bytes\)' \
	$P sets --check "$tmp/v3.sets"
expect_out 'ok: triangle:4, 64-bit codes, 26 sections, 23 codes, checksum good \(version 5' \
	$P sets --check "$tmp/t4.sets"
printf '\125' | dd of="$tmp/v3.sets" bs=1 seek=400 conv=notrunc 2>/dev/null
expect_error "fails its checksum \(corrupt or truncated\)" $P sets --check "$tmp/v3.sets"
done_checks
