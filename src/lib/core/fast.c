/* fast.c - jump masks for the 64- and 128-hole fast paths (fast.h); the
 * body, written once, is fast_impl.h. */
#include "pegsol/fast.h"

#include <stdlib.h>

#define WBITS 64
#include "fast_impl.h"
#undef WBITS
#define WBITS 128
#include "fast_impl.h"
