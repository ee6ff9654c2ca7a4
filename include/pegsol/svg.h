/* svg.h - pictures as SVG text: a position, a solution (a grid of frames or
 * one animated board) and a plot of level sizes on a log scale.
 *
 * The layout is the web game's (web/app.js, screenXY): a triangular
 * lattice hole (x, y) at (x - y/2, 0.866 y), a square one at (x, y), graph
 * nodes on a circle.  Pegs are dark discs, holes light rings; a move is a
 * red polyline from its first hole through every landing hole.  The text
 * is self-contained (no scripts, no external references), so a browser, an
 * image viewer or a LaTeX converter shows it as it is.
 *
 * Every function returns a malloc'd NUL-terminated string, or NULL with
 * err filled: a picture over PEG_SVG_MAX_HOLES holes (frames x holes for a
 * solution) is refused before anything is drawn ("too large to draw").
 */
#ifndef PEGSOL_SVG_H
#define PEGSOL_SVG_H

#include "pegsol/board.h"

#define PEG_SVG_MAX_HOLES 200000L /* holes drawn in one picture, at most */

struct peg_svg_opts {
	int names;   /* write each hole's name on it */
	int cell;    /* pixels per lattice step; 0 = 36 */
	int columns; /* solution grids: frames per row; 0 = automatic */
	int animate; /* solutions: one board that plays the moves (SMIL) */
	double seconds; /* animated: seconds per frame; 0 = 1 */
};

/* A position (pegs[h] != 0 = a peg in hole h); mark, when not NULL, is a
 * path of n_mark holes drawn as a move (from, landing, landing, ...). */
char *peg_svg_position(const struct peg_board *b, const unsigned char *pegs,
		       const int *mark, int n_mark,
		       const struct peg_svg_opts *o, struct peg_err *err);

/* A solution from start: one frame per move (consecutive jumps by one peg)
 * showing the position before it and the move, then the final position.
 * The jumps must be legal in turn (peg_jumps_replay checks them first). */
char *peg_svg_solution(const struct peg_board *b, const unsigned char *start,
		       const struct peg_jump *jumps, int n_jumps,
		       const struct peg_svg_opts *o, struct peg_err *err);

/* One curve of a plot: y[i] at x = x[i]; points with y <= 0 are left out
 * (a log scale has no zero). */
struct peg_svg_series {
	const char *name;
	int n;
	const double *x, *y;
};

/* A line plot of series on a log-10 y axis (the level sizes F_n, B_n, W_n
 * per peg count), with a legend. */
char *peg_svg_plot(const char *title, const char *xlabel, const char *ylabel,
		   const struct peg_svg_series *s, int n_series,
		   struct peg_err *err);

#endif
