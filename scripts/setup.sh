#!/usr/bin/env bash
# setup.sh - install the Debian packages pegsol needs (only the missing
# ones) and build.  Used by scripts/main.sh and scripts/test.sh.
#   PEGSOL_SETUP_EXTRA="chromium nodejs npm"  extra packages (browser tests)
#   PEGSOL_SETUP_EXTRA="... emscripten"  make wasm (the static page) too
set -eu
cd "$(dirname "$0")/.."
pkgs="gcc make libc6-dev libgmp-dev libcjson-dev libncurses-dev
libmicrohttpd-dev zlib1g-dev libxxhash-dev libzstd-dev libglpk-dev clang libclang-rt-14-dev tmux hyperfine curl pkg-config man-db
python3-cffi python3-dev openmpi-bin libopenmpi-dev ${PEGSOL_SETUP_EXTRA:-}"
missing=""
for p in $pkgs; do
	case $p in
	nodejs) command -v node >/dev/null && continue ;;
	npm) command -v npm >/dev/null && continue ;;
	esac
	dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
	echo "setup: installing$missing"
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup: not root; install these packages first:$missing" >&2
		exit 2
	fi
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	apt-get install -y -qq $missing >/dev/null
fi
# make wasm compiles cJSON, mini-gmp and zstd from Debian's source
# packages (docs/dependencies.md "The WebAssembly build"): fetched once
# into wasm-deps/, after adding a deb-src entry when apt has none
case " ${PEGSOL_SETUP_EXTRA:-} " in
*" emscripten "*)
	if ! sh src/wasm/deps.sh fetch wasm-deps 2>/dev/null; then
		list=/etc/apt/sources.list.d/pegsol-src.sources
		if [ "$(id -u)" -eq 0 ] && ! grep -rqsE '^(Types:.*deb-src|deb-src)' \
			/etc/apt/sources.list /etc/apt/sources.list.d/; then
			printf '%s\n' 'Types: deb-src' \
				'URIs: http://deb.debian.org/debian' \
				'Suites: bookworm' 'Components: main' \
				'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' \
				>"$list.tmp" && mv "$list.tmp" "$list"
		fi
		[ "$(id -u)" -ne 0 ] || apt-get update -qq
		sh src/wasm/deps.sh fetch wasm-deps
	fi
	# dpkg-source unpacks them
	if ! dpkg -s dpkg-dev >/dev/null 2>&1; then
		[ "$(id -u)" -eq 0 ] || { echo "setup: install dpkg-dev" >&2; exit 2; }
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq dpkg-dev >/dev/null
	fi
	;;
esac
make -j"$(nproc)" >/dev/null
echo "setup: built build/pegsol"
