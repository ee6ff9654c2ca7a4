#!/usr/bin/env bash
# main.sh - set up, build, and run the main job: solve the 15-hole board
# (Triangle(5), vacate a1, finish a1) and show the verified solution.
set -eu
cd "$(dirname "$0")/.."
bash scripts/setup.sh
build/pegsol show T5 --vacate a1
build/pegsol solve T5 --vacate a1 --finish a1
