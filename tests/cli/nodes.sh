# nodes.sh - the deterministic node counts of bench/nodes.sh's fixed
# workload equal the recorded bench/nodes.expected: a change to a search
# shows up here as a changed count (update with bash bench/nodes.sh --update
# and say why in the commit message).
cd "$(dirname "$0")/../.."
bash bench/nodes.sh --check | grep -v "^total nodes\| ms$"
