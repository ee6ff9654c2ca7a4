#!/usr/bin/env bash
# install.sh - `make install` into a temporary DESTDIR: the layout, the
# shared library's soname and exported symbols (only the public API), the
# umbrella header, pkg-config, the examples built against the installed
# tree (shared and static) and run, the man page, the bash completion,
# CFLAGS/CPPFLAGS/LDFLAGS in every compile and link, then `make uninstall`
# leaving nothing behind.
cd "$(dirname "$0")/../.."
BUILD=${BUILD:-build}
. tests/cli/lib.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
dest=$tmp/dest
root=$dest/usr
check() { # check DESCRIPTION CMD...: the command succeeds
	local what=$1
	shift
	if "$@" >"$tmp/out" 2>&1; then _ok; else
		_no "$what: $*"
		head -c 800 "$tmp/out" >&2
	fi
}

# a sanitizer build (make asan) is linked, and the examples built, with
# its flags (make asan passes them down; this covers a run by hand)
san=""
if nm "$BUILD/libpegsol.a" 2>/dev/null | grep -q ' U __asan_'; then
	san="-fsanitize=address,undefined -fno-omit-frame-pointer"
fi
mk() { make -s BUILD="$BUILD" ${san:+CFLAGS="-O1 -g $san"} "$@"; }
check "make install" mk install PREFIX=/usr DESTDIR="$dest"
version=$(sed -n 's/^#define PEG_VERSION "\(.*\)"/\1/p' include/pegsol/version.h)
major=${version%%.*}
for f in bin/pegsol bin/pegsol-web lib/libpegsol.a "lib/libpegsol.so.$version" \
	"lib/libpegsol.so.$major" lib/libpegsol.so include/pegsol.h \
	include/pegsol/board.h include/pegsol/version.h lib/pkgconfig/pegsol.pc \
	share/man/man1/pegsol.1 share/bash-completion/completions/pegsol; do
	check "installed $f" test -e "$root/$f"
done
check "bin/pegsol runs" test "$("$root/bin/pegsol" --version)" = "pegsol $version"
# pegsol finds pegsol-web next to itself, also through a symbolic link
mkdir -p "$tmp/elsewhere"
ln -s "$root/bin/pegsol" "$tmp/elsewhere/pegsol"
expect_out '^usage: pegsol serve' "$root/bin/pegsol" help serve
expect_out '^usage: pegsol serve' "$tmp/elsewhere/pegsol" help serve
expect_out '^usage: pegsol serve' env PEGSOL_WEB="$root/bin/pegsol-web" \
	"$tmp/elsewhere/pegsol" help serve

# the shared library: soname, links, exports
so=$root/lib/libpegsol.so.$version
check "soname" sh -c "readelf -d '$so' | grep -q 'SONAME.*\\[libpegsol.so.$major\\]'"
check "libpegsol.so.$major -> $version" test "$(readlink "$root/lib/libpegsol.so.$major")" = "libpegsol.so.$version"
check "libpegsol.so -> .so.$major" test "$(readlink "$root/lib/libpegsol.so")" = "libpegsol.so.$major"
nm -D --defined-only "$so" | awk '$2 ~ /^[TDRBVW]$/ { print $3 }' | sed 's/@.*//' |
	LC_ALL=C sort -u >"$tmp/exported"
bash tools/gen-exports.sh --list include/pegsol "$BUILD/libpegsol.a" >"$tmp/public"
nm -g --defined-only "$BUILD/libpegsol.a" | awk 'NF == 3 { print $3 }' |
	LC_ALL=C sort -u >"$tmp/defined"
LC_ALL=C comm -23 "$tmp/defined" "$tmp/public" >"$tmp/internal"
echo "exported: $(wc -l <"$tmp/exported") symbols; internal: $(wc -l <"$tmp/internal")"
check "exports are the public API" cmp "$tmp/exported" "$tmp/public"
check "every export starts with peg_" test -z "$(grep -v '^peg_' "$tmp/exported")"
check "no internal symbol exported" test -z "$(LC_ALL=C comm -12 "$tmp/exported" "$tmp/internal")"
check "some internals exist to hide" test -s "$tmp/internal"
check "umbrella header in sync" bash tools/gen-umbrella.sh --check
check "umbrella header compiles alone" sh -c \
	"echo '#include <pegsol.h>' | cc -std=c11 -Wall -Wextra -Werror -I'$root/include' -fsyntax-only -x c -"

# pkg-config on the installed tree (pegsol.pc says prefix=/usr: point it
# at DESTDIR/usr)
export PKG_CONFIG_PATH=$root/lib/pkgconfig
pc() { pkg-config --define-variable=prefix="$root" "$@" pegsol; }
check "pkg-config --modversion" test "$(pc --modversion)" = "$version"
check "pkg-config prefix" test "$(pkg-config --variable=prefix pegsol)" = /usr
cflags=$(pc --cflags)
libs=$(pc --libs)
static_libs=$(pc --static --libs)
static_libs=${static_libs/-lpegsol/-l:libpegsol.a}
for ex in solve_t5 count_english random_odds; do
	check "build $ex (shared)" cc -O1 -Wall -Wextra -Werror $san examples/$ex.c $cflags $libs -o "$tmp/$ex"
	check "build $ex (static)" cc -O1 -Wall -Wextra -Werror $san examples/$ex.c $cflags $static_libs -o "$tmp/$ex-static"
done
check "shared example uses the installed .so" sh -c \
	"LD_LIBRARY_PATH='$root/lib' ldd '$tmp/solve_t5' | grep -q '$root/lib/libpegsol.so.$major'"
check "static example needs no libpegsol.so" sh -c "! ldd '$tmp/solve_t5-static' | grep -q libpegsol"
for kind in "" -static; do
	export LD_LIBRARY_PATH=$root/lib
	expect_out '^Triangle\(5\) from a1 to a1: [a-e][0-9]' "$tmp/solve_t5$kind"
	expect_exit 1 "$tmp/solve_t5$kind" T4 a1
	# T5 a1 to a1: 6816 jump sequences (English d4 takes 12 s)
	expect_out '^Triangle\(5\) from a1 to a1: 6816 solutions' "$tmp/count_english$kind" T5 a1
	expect_out '^exact odds: 0\.00686 = 232443128903009/33875167334400000' \
		"$tmp/random_odds$kind" 20000 7
	expect_out '^seed 7$' "$tmp/random_odds$kind" 100 7
	unset LD_LIBRARY_PATH
done

# the man page renders: one subsection per command
man1=$root/share/man/man1/pegsol.1
n_cmds=$("$root/bin/pegsol" help | awk '/^commands:/ { on = 1; next } on && /^$/ { exit } on { n++ } END { print n }')
check "a man subsection per command" test "$(grep -c '^\.SS "pegsol ' "$man1")" -eq "$n_cmds"
if command -v man >/dev/null; then
	MANWIDTH=80 man -l "$man1" >"$tmp/man.txt" 2>"$tmp/man.err"
elif command -v groff >/dev/null; then
	groff -man -Tutf8 "$man1" >"$tmp/man.txt" 2>"$tmp/man.err"
else
	echo "skip: neither man nor groff to render the page"
	"$root/bin/pegsol" help solve >"$tmp/man.txt"
	: >"$tmp/man.err"
fi
check "man page renders" grep -q 'pegsol solve' "$tmp/man.txt"
check "man page says what --help says" sh -c \
	"tr -s ' ' <'$tmp/man.txt' | grep -q 'Solve a peg solitaire problem by depth'"
check "man page renders without warnings" test ! -s "$tmp/man.err"
if command -v groff >/dev/null; then
	check "groff -ww finds nothing" sh -c "groff -man -Tutf8 -ww -z '$man1' 2>&1 | { ! grep .; }"
fi

# the completion loads and completes commands, options, values, holes
cat >"$tmp/comp.sh" <<COMP
PATH=$root/bin:\$PATH
source $root/share/bash-completion/completions/pegsol
complete -p pegsol >/dev/null || exit 1
c() {
	COMP_LINE=\$1; COMP_POINT=\${#1}
	read -ra COMP_WORDS <<<"\$1"; [[ \$1 == *' ' ]] && COMP_WORDS+=("")
	COMP_CWORD=\$((\${#COMP_WORDS[@]} - 1)); COMPREPLY=(); _pegsol
	echo "\$1=>\${COMPREPLY[*]}"
}
c "pegsol sol"; c "pegsol solve T5 --va"; c "pegsol sets T5 --group "
c "pegsol solve T5 --vacate "; c "pegsol solve tri"; c "pegsol tricolor "
COMP
bash "$tmp/comp.sh" >"$tmp/comp.out" 2>&1
check "completion: commands" grep -qx 'pegsol sol=>solve solutions' "$tmp/comp.out"
check "completion: options" grep -qx 'pegsol solve T5 --va=>--vacate' "$tmp/comp.out"
check "completion: values" grep -qx 'pegsol sets T5 --group =>stab full none' "$tmp/comp.out"
check "completion: holes" grep -qx 'pegsol solve T5 --vacate =>a1 a2 b2 a3 b3 c3 a4 b4 c4 d4 a5 b5 c5 d5 e5' "$tmp/comp.out"
check "completion: boards" grep -qx 'pegsol solve tri=>triangle: triangle:5' "$tmp/comp.out"
check "completion: actions" grep -qx 'pegsol tricolor =>play show solve survey' "$tmp/comp.out"
[ "$_fail" -eq 0 ] || cat "$tmp/comp.out" >&2

# the build honours the user's flags (dpkg-buildflags) in every compile
# and link: a dry run of a fresh build dir lists every command
make -n BUILD="$tmp/dry" CFLAGS="-O2 -DMARK_CFLAGS" CPPFLAGS=-DMARK_CPPFLAGS \
	LDFLAGS=-Wl,-z,now all shared tests >"$tmp/dry.txt" 2>&1
# (continued lines joined first)
sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$tmp/dry.txt" |
	grep -E '^(cc|gcc|clang)[^|]* -o ' >"$tmp/cmds"
check "dry run lists compiles and links" test "$(wc -l <"$tmp/cmds")" -gt 20
check "CFLAGS in every compile and link" test -z "$(grep -v -- -DMARK_CFLAGS "$tmp/cmds")"
check "CPPFLAGS in every compile" test -z "$(grep -- ' -c ' "$tmp/cmds" | grep -v -- -DMARK_CPPFLAGS)"
check "LDFLAGS in every link" test -z "$(grep -v -- ' -c ' "$tmp/cmds" | grep -v -- -Wl,-z,now)"

check "make uninstall" mk uninstall PREFIX=/usr DESTDIR="$dest"
check "nothing left after uninstall" test -z "$(find "$dest" ! -type d)"
done_checks
