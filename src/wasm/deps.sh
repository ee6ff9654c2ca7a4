#!/bin/sh
# deps.sh - the Debian source packages the WebAssembly module is compiled
# from (make wasm; docs/dependencies.md "The WebAssembly build"): cJSON,
# GMP (its mini-gmp) and zstd, pinned by src/wasm/deps.sha256.
#   sh src/wasm/deps.sh fetch CACHE
#       download them into CACHE once (apt-get source --download-only,
#       which needs a deb-src entry for bookworm: scripts/setup.sh adds
#       it); nothing is fetched when CACHE already holds them
#   sh src/wasm/deps.sh unpack CACHE OUT
#       unpack them with Debian's patches (dpkg-source, which checks the
#       .dsc checksums) into OUT/cjson, OUT/gmp, OUT/zstd, and zstd's
#       single-file library OUT/zstd.c
# Every file is checked against deps.sha256.  Exit 0; 2 bad use; 3 the
# download, a checksum or the unpacking failed.
set -eu
manifest=$(cd "$(dirname "$0")" && pwd)/deps.sha256
pkgs="cjson=1.7.15-1+deb12u4 gmp=2:6.2.1+dfsg1-1.1 libzstd=1.5.4+dfsg2-5"

die() {
	echo "deps: $2" >&2
	exit "$1"
}

# all of the manifest's files in $1, unchanged: 0, or 1
verified() {
	[ -d "$1" ] && (cd "$1" && sha256sum --quiet --status -c "$manifest") \
		2>/dev/null
}

fetch() {
	verified "$1" && return 0
	mkdir -p "$1"
	tmp=$(mktemp -d "$(cd "$1" && pwd)/.fetch.XXXXXX")
	# shellcheck disable=SC2086
	if ! (cd "$tmp" && apt-get source --download-only -qq $pkgs \
		>"$tmp.log" 2>&1); then
		cat "$tmp.log" >&2
		rm -rf "$tmp" "$tmp.log"
		die 3 "apt-get source failed: a deb-src entry for bookworm is needed (PEGSOL_SETUP_EXTRA=emscripten bash scripts/setup.sh, as root, adds one)"
	fi
	rm -f "$tmp.log"
	if ! verified "$tmp"; then
		(cd "$tmp" && sha256sum -c "$manifest") >&2 || true
		rm -rf "$tmp"
		die 3 "the downloaded sources differ from src/wasm/deps.sha256"
	fi
	awk '{print $2}' "$manifest" | while read -r f; do
		mv "$tmp/$f" "$1/$f"
	done
	rm -rf "$tmp"
}

# dpkg-source -x of the package whose .dsc name starts with $1, into $2
unpack_one() {
	dsc=$(awk -v p="$1_" 'index($2, p) == 1 && $2 ~ /\.dsc$/ {print $2}' \
		"$manifest")
	if ! dpkg-source --no-copy -x "$cache/$dsc" "$2" >"$2.log" 2>&1; then
		cat "$2.log" >&2
		die 3 "dpkg-source -x $dsc failed"
	fi
	rm -f "$2.log"
}

unpack() {
	cache=$(cd "$1" && pwd)
	verified "$cache" || die 3 "$1 does not hold the sources of src/wasm/deps.sha256 (sh src/wasm/deps.sh fetch $1)"
	rm -rf "$2.tmp"
	mkdir -p "$2.tmp"
	unpack_one cjson "$2.tmp/cjson"
	unpack_one gmp "$2.tmp/gmp"
	unpack_one libzstd "$2.tmp/zstd"
	# zstd's own amalgamation script, as its single_file_libs README says
	(cd "$2.tmp/zstd/build/single_file_libs" &&
		python3 combine.py -r ../../lib -x legacy/zstd_legacy.h \
			-o ../../../zstd.c zstd-in.c >/dev/null 2>&1) ||
		die 3 "zstd's combine.py failed"
	rm -rf "$2"
	mv "$2.tmp" "$2"
}

case "${1:-}:$#" in
fetch:2) fetch "$2" ;;
unpack:3) unpack "$2" "$3" ;;
*) die 2 "usage: deps.sh fetch CACHE | deps.sh unpack CACHE OUT" ;;
esac
