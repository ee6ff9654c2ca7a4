/* sets_print.h - the tables of pegsol sets and pegsol count (text and
 * --json), shared by the pegsol subcommands and pegsol-mpi (src/mpi/), so
 * both print the same results from a struct peg_sets: only the level
 * sizes (n, raw, have) and the header fields (n_group, group_kind,
 * complement, anywhere, start_pegs, finish_pegs, bottom, resumed,
 * work_bytes, partitions, disk_bytes) are read, never the codes. */
#ifndef PEGSOL_CLI_SETS_PRINT_H
#define PEGSOL_CLI_SETS_PRINT_H

#include "pegsol/count.h"
#include "pegsol/sets.h"

/* "stab", "full" or "none". */
const char *cli_group_name(enum peg_group g);

/* The table of F_n, B_n, W_n, L_n from the start down to the finish
 * (pegsol sets), on stdout; raw adds the orbit sums, outfile (or NULL)
 * the file the sets were written to. */
void cli_sets_print(const struct peg_board *b, const struct peg_sets *s,
		    double secs, int raw, int json, const char *outfile);

/* The table of a --forward-only run (F_n from the start down to
 * s->bottom); work is the --work directory or NULL. */
void cli_sets_print_forward(const struct peg_board *b,
			    const struct peg_sets *s, double secs, int raw,
			    int json, const char *work);

/* The result of pegsol count: the count, the winning positions and the
 * edges walked, the symmetries of the group, the disk partitions. */
void cli_count_print(const struct peg_board *b,
		     const struct peg_count_result *res, int n_group,
		     int partitions, uint64_t disk_bytes, double secs,
		     int json);

#endif
