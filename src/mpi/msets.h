/* msets.h - the sets and count commands of pegsol-mpi (msets.c). */
#ifndef PEGSOL_MPI_MSETS_H
#define PEGSOL_MPI_MSETS_H

/* argv[0] is "sets" or "count" (count set for count).  quiet: on ranks
 * other than 0 the real stderr (stderr is /dev/null while the arguments
 * are parsed), else -1.  Returns the exit status. */
int msets_main(int argc, char **argv, int count, int quiet);

#endif
