#!/usr/bin/env bash
# run.sh - the browser test of the web game (play.mjs); CI calls it after
# the build.  Skips (RESULT 0 0, exit 0) with a clear message when chromium,
# node or playwright-core is missing.  PEGSOL and CHROMIUM override paths.
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
if [ ! -d node_modules/playwright-core ]; then
	npm install --no-audit --no-fund >/dev/null 2>&1 || {
		echo "SKIP e2e: npm install playwright-core failed"
		echo "RESULT 0 0"
		exit 0
	}
fi
if [ ! -x "$PEGSOL" ]; then
	echo "e2e: no pegsol binary at $PEGSOL (make first)"
	echo "RESULT 0 1"
	exit 1
fi
exec timeout 180 node play.mjs
