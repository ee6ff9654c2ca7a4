/* gmp.h - the WebAssembly build (make wasm) takes GMP's own mini-gmp
 * (mini-gmp/ of Debian's gmp source package, compiled into the module,
 * docs/dependencies.md): every mpz and mpq call the library makes is
 * there, so this header only names mini-gmp's two. */
#ifndef PEGSOL_WASM_GMP_H
#define PEGSOL_WASM_GMP_H
#include <stdio.h> /* mini-gmp.h declares mpz_out_str when FILE is known */
#include "mini-gmp.h"
#include "mini-mpq.h"
#endif
