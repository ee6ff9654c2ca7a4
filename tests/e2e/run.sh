#!/usr/bin/env bash
# run.sh - the browser test of the web game (play.mjs), on the server's
# page and on the static WebAssembly page (make wasm, when emcc is
# installed); CI calls it after the build.  Skips (RESULT 0 0, exit 0)
# with a clear message when chromium, node or playwright-core is missing.  PEGSOL and CHROMIUM override paths.
set -u
cd "$(dirname "$0")"
: "${PEGSOL:=$PWD/../../${BUILD:-build}/pegsol}"
export PEGSOL
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
	echo "SKIP e2e: no chromium at $chromium (apt-get install -y chromium)"
	echo "RESULT 0 0"
	exit 0
fi
if ! command -v node >/dev/null; then
	echo "SKIP e2e: node is not installed"
	echo "RESULT 0 0"
	exit 0
fi
if [ ! -d node_modules/playwright-core ] || [ ! -d node_modules/axe-core ]; then
	npm install --no-audit --no-fund >/dev/null 2>&1 || {
		echo "SKIP e2e: npm install (playwright-core, axe-core) failed"
		echo "RESULT 0 0"
		exit 0
	}
fi
if [ ! -x "$PEGSOL" ]; then
	echo "e2e: no pegsol binary at $PEGSOL (make first)"
	echo "RESULT 0 1"
	exit 1
fi
# the static WebAssembly page (make wasm) is checked too when emscripten
# is installed; its absence is the only reason to skip it
unset PEGSOL_WASM
if command -v "${EMCC:-emcc}" >/dev/null; then
	if ! make -s -C ../.. BUILD="${BUILD:-build}" wasm >/dev/null; then
		echo "e2e: make wasm failed"
		echo "RESULT 0 1"
		exit 1
	fi
	export PEGSOL_WASM=$PWD/../../${BUILD:-build}/wasm
else
	echo "SKIP e2e wasm: no emcc (apt-get install -y emscripten); the static page is not checked"
fi
exec timeout 420 node play.mjs
