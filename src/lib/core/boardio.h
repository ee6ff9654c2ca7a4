/* boardio.h - what families.c (the spec parser), boardfile.c (board and
 * graph files) and board.c (the builders) share inside the library. */
#ifndef PEGSOL_BOARDIO_H
#define PEGSOL_BOARDIO_H

#include "pegsol/board.h"

/* Boards from files (docs/board-files.md), checked against lim before they
 * are built.  With holes set, only count: *holes receives the hole (node)
 * count and the result is NULL (err is clear on success). */
struct peg_board *peg_board_from_file(const char *path, const char *spec,
				      const struct peg_board_limits *lim,
				      long long *holes, struct peg_err *err);
struct peg_board *peg_board_from_graph_file(const char *path,
					    const char *spec,
					    const struct peg_board_limits *lim,
					    long long *holes,
					    struct peg_err *err);

/* peg_board_from_graph with a jump limit. */
struct peg_board *peg_board_graph_lim(int n, char **labels, int m,
				      const int *edges, const char *spec,
				      long max_jumps, struct peg_err *err);

/* "board 'SPEC' has N holes; the limit here is M" */
void peg_board_err_holes(struct peg_err *err, const char *spec,
			 long long holes, long max);

#endif
