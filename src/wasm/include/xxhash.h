/* xxhash.h - the WebAssembly build (make wasm) takes Debian's xxhash.h
 * (libxxhash-dev) header-only: every function inline, no library. */
#ifndef PEGSOL_WASM_XXHASH_H
#define PEGSOL_WASM_XXHASH_H
#define XXH_INLINE_ALL
#include "/usr/include/xxhash.h"
#endif
