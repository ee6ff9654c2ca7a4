/* msets.h - the sets and count commands of pegsol-mpi (msets.c). */
#ifndef PEGSOL_MPI_MSETS_H
#define PEGSOL_MPI_MSETS_H

#include "mrun.h"

#include "pegsol/sets.h"

/* argv[0] is "sets" or "count" (count set for count).  quiet: on ranks
 * other than 0 the real stderr (stderr is /dev/null while the arguments
 * are parsed), else -1.  Returns the exit status. */
int msets_main(int argc, char **argv, int count, int quiet);

/* The sets of u's board and problem with group g, header fields only
 * (u->s, malloc'd), as peg_sets_compute sets them up.  0, or -1 with
 * err. */
int msets_setup(struct mjob *u, enum peg_group g, struct peg_err *err);

/* pegsol-mpi sets BOARD --all-starts (mall.c): pegsol's table, the
 * problem of each class of holes run on the ranks in turn with j's
 * board and options (group g, named group as given or NULL; one peg
 * anywhere or at the vacated hole).  Collective; the exit status. */
int mall_run(struct mjob *j, enum peg_group g, int anywhere,
	     const char *group, int json);

#endif
