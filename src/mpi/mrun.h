/* mrun.h - one pegsol-mpi sets or count run on the ranks (mrun.c), once
 * the arguments are parsed and the problem set up (msets.c): the level
 * pipeline, the count, --out and the tables printed by rank 0.  mrun is
 * the copy for boards of up to 64 holes, mrun_128 the one for 65 to 128
 * (dcode.h). */
#ifndef PEGSOL_MPI_MRUN_H
#define PEGSOL_MPI_MRUN_H

#include "pegsol/board.h"
#include "pegsol/problem.h"
#include "pegsol/sets.h"

#include <stddef.h>

struct mjob {
	const struct peg_board *b;
	const struct peg_problem *p;
	struct peg_sets *s; /* the header fields set (msets.c); the sizes
			       are filled in, the caller frees it */
	int raw, count, fwd, to, json, progress;
	const char *work, *outfile, *plot;
	size_t chunk;  /* bytes a rank sends a round (0: 16 MB) */
	size_t budget; /* --memory-mb in bytes (a rank's budget), or 0 */
	const char *tmpdir; /* --tmpdir: the spill's runs (dist.h) */
	int partitions;     /* --partitions P > 1: every level spilled */
	int nolosers;       /* no L_n (--all-starts: F, B, W only) */
	int quiet;          /* print nothing (the caller prints) */
};

/* Collective; the exit status (errors printed). */
int mrun(const struct mjob *j);
int mrun_128(const struct mjob *j);

#endif
