#!/usr/bin/env bash
# setup.sh - install the Debian packages pegsol needs (only the missing
# ones) and build.  Used by scripts/main.sh and scripts/test.sh.
#   PEGSOL_SETUP_EXTRA="chromium nodejs npm"  extra packages (browser tests)
set -eu
cd "$(dirname "$0")/.."
pkgs="gcc make libc6-dev libgmp-dev libcjson-dev libncurses-dev
libmicrohttpd-dev zlib1g-dev libxxhash-dev libzstd-dev libglpk-dev clang libclang-rt-14-dev tmux hyperfine curl pkg-config man-db
python3-cffi python3-dev ${PEGSOL_SETUP_EXTRA:-}"
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
make -j"$(nproc)" >/dev/null
echo "setup: built build/pegsol"
