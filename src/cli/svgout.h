/* svgout.h - the --svg option of show, check and solve (svg.h draws). */
#ifndef PEGSOL_CLI_SVGOUT_H
#define PEGSOL_CLI_SVGOUT_H

#include "pegsol/svg.h"

/* The usage lines of the picture options. */
#define SVGOUT_USAGE                                                        \
	"--svg FILE writes the picture as SVG (- = standard output, then\n" \
	"nothing else is printed); --names writes hole names on it.\n"

/* Write text to path atomically ('-' = standard output).  Returns 0, or
 * the exit code after one error line (2 bad path, 3 disk full). */
int svgout_write(const char *path, const char *text);

/* Draw and write: a position (jumps NULL) or a solution from start.
 * Returns 0 or the exit code after one error line. */
int svgout_draw(const char *path, const struct peg_board *b,
		const unsigned char *start, const struct peg_jump *jumps,
		int n_jumps, const struct peg_svg_opts *o);

struct peg_sets;

/* sets --plot: the sizes of F_n, B_n and W_n per peg count, log scale.
 * Returns 0 or the exit code after one error line. */
int svgout_plot_sets(const char *path, const struct peg_board *b,
		     const struct peg_sets *s);

#endif
