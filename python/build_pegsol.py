#!/usr/bin/env python3
"""build_pegsol.py - build the Python binding of libpegsol (cffi, API mode).

    python3 python/build_pegsol.py --build BUILD [--libs "-lgmp ..."]
                                   [--cdef FILE] OBJ...

compiles the extension module pegsol._pegsol from the cdef subset in
python/pegsol_cdef.h against the real headers in include/pegsol/, links the
library's -fPIC objects OBJ... (the Makefile's $(BUILD)/pic/ objects) into
it, and lays out the package in BUILD/python/pegsol/ (the extension and
the pure-Python part from python/pegsol/).  `make python` runs it; so
PYTHONPATH=BUILD/python python3 -c "import pegsol" works.  docs/python.md
says why the objects are linked in and how drift from the headers is
caught.
"""
import argparse
import glob
import os
import re
import shutil
import sys

import cffi

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

# the public headers the cdef subset comes from
HEADERS = ["error", "version", "board", "pos", "problem", "solve", "sets",
           "count", "shortest", "solution", "construct", "theory"]

PROTO = re.compile(r"^(?P<ret>[\w\s\*]*?[\s\*])(?P<name>peg_\w+)\s*"
                   r"\((?P<args>.*)\)$", re.S)


def drift_checks(cdef):
    """C code that assigns every peg_* function of the cdef to a pointer of
    the type the cdef gives it: with -Werror=incompatible-pointer-types a
    signature that no longer matches its header stops the build."""
    text = re.sub(r"/\*.*?\*/", " ", cdef, flags=re.S)
    text = re.sub(r"^\s*#.*$", " ", text, flags=re.M)
    out, names = [], []
    for stmt in text.split(";"):
        s = " ".join(stmt.split())
        if not s or "{" in s or "}" in s or s.startswith("static"):
            continue
        m = PROTO.match(s)
        if not m:
            continue
        name = m.group("name")
        names.append(name)
        out.append("static __attribute__((unused)) %s(*const "
                   "pegsol_check_%s)(%s) = %s;"
                   % (m.group("ret"), name, m.group("args"), name))
    missed = set(re.findall(r"\b(peg_\w+)\s*\(", text)) - set(names)
    if missed:
        sys.exit("build_pegsol: prototypes not understood: %s"
                 % ", ".join(sorted(missed)))
    return "\n".join(out) + "\n"


def check_layouts(path, cdef):
    """Load the new extension and lay out every struct of the cdef: cffi
    compares each field named in the cdef with the compiler's size, so a
    field whose type changed in a header stops the build here rather than
    at its first use."""
    import importlib.machinery
    import importlib.util

    loader = importlib.machinery.ExtensionFileLoader("pegsol._pegsol", path)
    spec = importlib.util.spec_from_file_location("pegsol._pegsol", path,
                                                  loader=loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    for name in sorted(set(re.findall(r"struct\s+(peg_\w+)\s*\{", cdef))):
        try:
            mod.ffi.sizeof("struct " + name)
            for fname, _ in mod.ffi.typeof("struct " + name).fields:
                pass
        except Exception as e:  # ffi.error
            sys.exit("build_pegsol: the cdef of struct %s does not match "
                     "its header: %s" % (name, e))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", required=True, help="the build directory")
    ap.add_argument("--libs", default="-lgmp -lglpk -lzstd -lxxhash "
                    "-lpthread -lm", help="libraries the objects need")
    ap.add_argument("--cdef", default=os.path.join(HERE, "pegsol_cdef.h"),
                    help="the cdef subset (tests give a changed copy)")
    ap.add_argument("objects", nargs="+", help="the library's PIC objects")
    a = ap.parse_args()

    with open(a.cdef) as f:
        cdef = f.read()
    source = "#include <stdlib.h>\n" + "".join(
        '#include "pegsol/%s.h"\n' % h for h in HEADERS)
    source += drift_checks(cdef)

    tmp = os.path.join(a.build, "python-tmp")
    os.makedirs(tmp, exist_ok=True)
    # export only the module's init function: the library's own public
    # symbols stay inside the extension
    vscript = os.path.abspath(os.path.join(tmp, "pegsol.map"))
    with open(vscript, "w") as f:
        f.write("{ global: PyInit__pegsol; local: *; };\n")

    ffi = cffi.FFI()
    ffi.cdef(cdef)
    ffi.set_source(
        "pegsol._pegsol", source,
        include_dirs=[os.path.join(TOP, "include")],
        extra_objects=[os.path.abspath(o) for o in a.objects],
        libraries=[w[2:] for w in a.libs.split() if w.startswith("-l")],
        extra_compile_args=["-std=gnu11",
                            "-Werror=incompatible-pointer-types",
                            "-Werror=int-conversion",
                            "-Werror=implicit-function-declaration"],
        extra_link_args=["-Wl,--version-script=" + vscript])
    built = ffi.compile(tmpdir=tmp, verbose=False)

    check_layouts(built, cdef)

    pkg = os.path.join(a.build, "python", "pegsol")
    os.makedirs(pkg, exist_ok=True)
    for old in glob.glob(os.path.join(pkg, "_pegsol*.so")):
        os.remove(old)
    shutil.copyfile(built, os.path.join(pkg, os.path.basename(built)))
    os.chmod(os.path.join(pkg, os.path.basename(built)), 0o755)
    for py in glob.glob(os.path.join(HERE, "pegsol", "*.py")):
        shutil.copyfile(py, os.path.join(pkg, os.path.basename(py)))
    print("build_pegsol: %s" % os.path.join(pkg, os.path.basename(built)))


if __name__ == "__main__":
    main()
