# python.sh - the Python binding (docs/python.md): tests/python/test_pegsol.py
# against seed data, the one-liner of issue 17, and the drift checks of
# `make python` (a cdef that no longer matches a header stops the build).
# Skipped when the binding is not built ($BUILD/python: make python; the
# sanitizer builds leave it out).
. "$(dirname "$0")/lib.sh"
cd "$(dirname "$0")/../.." || exit 1
BUILD=${BUILD:-build}
PY=${PYTHON:-python3}
if [ ! -f "$BUILD/python/pegsol/__init__.py" ]; then
	echo "python.sh: no binding in $BUILD/python (make python); skipped"
	echo "RESULT 0 0"
	exit 0
fi
export PYTHONPATH="$PWD/$BUILD/python"

# the module's own checks, counted into this script's RESULT
out=$($PY tests/python/test_pegsol.py 2>&1)
echo "$out" | grep -v '^RESULT '
res=$(echo "$out" | grep '^RESULT ' | tail -n 1)
if [ -n "$res" ]; then
	set -- $res
	_pass=$((_pass + $2))
	_fail=$((_fail + $3))
else
	_no "tests/python/test_pegsol.py crashed or printed no RESULT"
fi

# issue 17: the one-liner prints a solution in Bell's notation
expect_out '^[a-e][1-5](-[a-e][1-5])+(, [a-e][1-5](-[a-e][1-5])+)+$' \
	$PY -c "import pegsol; print(pegsol.solve('T5', vacate='a1', finish='a1'))"
# the one-line message of a bad spec, as the exception's text
expect_out "^InputError bad board" $PY -c "
import pegsol
try:
    pegsol.Board('triangle:x')
except pegsol.Error as e:
    print(type(e).__name__, e)"

# drift: a prototype or a struct field of the cdef changed against its
# header fails the build (python/build_pegsol.py)
tmp=$(mktemp -d)
sed 's/long max_holes/int max_holes/' python/pegsol_cdef.h >"$tmp/fn.h"
sed 's/^\tint n_holes;$/\tlong n_holes;/' python/pegsol_cdef.h >"$tmp/field.h"
if cmp -s python/pegsol_cdef.h "$tmp/fn.h" || cmp -s python/pegsol_cdef.h "$tmp/field.h"; then
	_no "drift test: the sed no longer changes the cdef"
fi
objs=$(ls "$BUILD"/pic/src/lib/*/*.o)
expect_exit 1 $PY python/build_pegsol.py --cdef "$tmp/fn.h" --build "$tmp/b1" $objs
grep -q 'incompatible pointer type' /tmp/pegsol_out.$$ /tmp/pegsol_err.$$ ||
	_no "drift test: no 'incompatible pointer type' for a changed prototype"
expect_exit 1 $PY python/build_pegsol.py --cdef "$tmp/field.h" --build "$tmp/b2" $objs
grep -q "struct peg_board does not match" /tmp/pegsol_err.$$ ||
	_no "drift test: no 'does not match' for a changed field"
rm -rf "$tmp"
done_checks
