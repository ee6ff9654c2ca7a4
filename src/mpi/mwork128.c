/* mwork128.c - mwork.c for boards of 65 to 128 holes (dcode.h). */
#define DIST_WIDE 1
#include "mwork.c"
