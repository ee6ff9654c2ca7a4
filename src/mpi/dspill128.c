/* dspill128.c - dspill.c for boards of 65 to 128 holes (dcode.h). */
#define DIST_WIDE 1
#include "dspill.c"
