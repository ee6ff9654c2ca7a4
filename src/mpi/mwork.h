/* mwork.h - the --work directory of pegsol-mpi sets --forward-only
 * (docs/scale.md "Work directories"): DIR/manifest names the problem and
 * the number of ranks; rank R keeps its part of each finished level n as
 * DIR/rank-R/F-nnn.lvl (peg_sets_level_save, tagged with the manifest's
 * hash).  Every call is collective; an error is printed by the rank that
 * met it and every rank returns -1 (mwork_failed then says so). */
#ifndef PEGSOL_MPI_MWORK_H
#define PEGSOL_MPI_MWORK_H

#include "dist.h"

#include "pegsol/sets.h"

/* Take DIR for s's forward run (made when missing; an empty directory
 * gets the manifest; another manifest is refused) and resume: the lowest
 * level n >= bottom that every rank holds, with all the levels above it,
 * is read back into F[n] (the sizes of the levels above into s->F), and
 * "resuming from level n" is printed by rank 0.  Returns the level to go
 * on from (s->start_pegs when nothing was there) or -1. */
int mwork_resume(const char *dir, struct dist *d, struct peg_sets *s,
		 struct dlevel *F, int bottom);

/* Save this rank's part of level m. 0 or -1. */
int mwork_save(const char *dir, struct dist *d, const struct peg_sets *s,
	       int m, const struct dlevel *l, const struct peg_level *sl);

/* The bytes of every rank's level files from start_pegs - 1 down to
 * bottom (every rank gets the sum). */
uint64_t mwork_bytes(const char *dir, struct dist *d,
		     const struct peg_sets *s, int bottom);

/* Did a work directory call fail (on any rank)? */
int mwork_failed(void);

#endif
