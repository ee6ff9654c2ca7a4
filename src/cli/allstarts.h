/* allstarts.h - pegsol sets BOARD --all-starts: the totals of the level
 * sets of every single-vacancy start, one symmetry class of holes at a
 * time, in one process (allstarts.c). */
#ifndef PEGSOL_CLI_ALLSTARTS_H
#define PEGSOL_CLI_ALLSTARTS_H

/* Does argv hold --all-starts (before a lone "--")? */
int cli_all_starts_asked(int argc, char **argv);

/* pegsol sets BOARD --all-starts [--anywhere] [--group G] [--json]
 * [sets options]: parses its own options; returns the exit status. */
int cli_sets_all_starts(int argc, char **argv);

#endif
