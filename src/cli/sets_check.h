/* sets_check.h - pegsol sets --check FILE (sets_check.c), shared by
 * pegsol and pegsol-mpi (which runs it on rank 0 alone). */
#ifndef PEGSOL_CLI_SETS_CHECK_H
#define PEGSOL_CLI_SETS_CHECK_H

/* Check the sets file at path: its header, then every block for the
 * board the file names (no level kept in memory); a line (or --json) on
 * stdout.  The exit status: 0 whole, 2 corrupt or not loadable, 3 out
 * of memory (the error printed). */
int cli_sets_check(const char *path, int json);

#endif
