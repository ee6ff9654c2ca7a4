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

/* Jump rules (docs/board-files.md, "Restricted jumps").  A board can lose
 * jumps: a rule marks its holes after they are placed (hx, hy, grid and
 * the names work) and before its jumps and symmetries are built.  Two
 * kinds of mark, one byte a hole each:
 *   link[h] bit d: the step from h in lattice direction d is not drawn
 *     (both ends are marked); no jump uses that step;
 *   line[h] bit a: no jump passes over h along axis a (a direction and its
 *     negative share an axis: triangular 0..2, square 0..3).
 * A lattice jump from-over-to is kept when neither of its steps is missing
 * and its line over `over` is not forbidden.  The symmetries are then the
 * isometries that keep the holes and the jumps.  x0, y0 are the caller's
 * coordinates of hole (0, 0) (cells are shifted so the least are 0). */
struct peg_jump_marks {
	unsigned char *link, *line;
	int x0, y0;
};

/* A rule: fill m for board b (0), or -1 with err. */
typedef int peg_jump_rule_fn(void *ctx, const struct peg_board *b,
			     struct peg_jump_marks *m, struct peg_err *err);

/* peg_board_from_cells with a rule (NULL: every jump). */
struct peg_board *peg_board_cells_rule(enum peg_lattice lattice, int diagonal,
				       int n, const int *x, const int *y,
				       peg_jump_rule_fn *rule, void *ctx,
				       const char *spec, const char *title,
				       struct peg_err *err);

/* Mark the step between neighbouring holes h1, h2 missing; -1 when they
 * are not neighbours on a jump line of b. */
int peg_board_mark_link(const struct peg_board *b, struct peg_jump_marks *m,
			int h1, int h2);
/* Forbid the jump line from-over-to (both directions); -1 when the three
 * holes are not consecutive on a jump line of b. */
int peg_board_mark_line(const struct peg_board *b, struct peg_jump_marks *m,
			int from, int over, int to);

/* "board 'SPEC' has N holes; the limit here is M" */
void peg_board_err_holes(struct peg_err *err, const char *spec,
			 long long holes, long max);

#endif
