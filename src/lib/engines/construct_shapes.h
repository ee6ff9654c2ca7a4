/* construct_shapes.h - internal: the generated corner purges of the
 * rhombus and hexagon constructions (construct_shapes_data.c, written by
 * tools/gen_construct_shapes.py), in the chain frame of
 * construct_shapes.c.  Entries 0-5 rhombus-corner3, 6-11
 * rhombus-corner4, 12-17 hexagon-corner2, 18-23 hexagon-corner3, each
 * block in catalyst states 001 010 011 100 101 110. */
#ifndef PEGSOL_CONSTRUCT_SHAPES_H
#define PEGSOL_CONSTRUCT_SHAPES_H

#include "pegsol/purges.h"

extern const struct peg_purge pegcs_corners[];
extern const int pegcs_n_corners;

#endif
