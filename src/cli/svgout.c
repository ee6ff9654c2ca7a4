/* svgout.c - the --svg option of show, check and solve (svgout.h). */
#include "svgout.h"
#include "cli.h"

#include "pegsol/afile.h"
#include "pegsol/sets.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int svgout_write(const char *path, const char *text)
{
	struct peg_afile *f;
	struct peg_err err;
	int r;

	if (!strcmp(path, "-")) {
		if (fputs(text, stdout) < 0 || fflush(stdout)) {
			cli_error("cannot write the picture to standard output");
			return EXIT_RESOURCES;
		}
		return 0;
	}
	r = peg_afile_open(path, &f, &err);
	if (!r) {
		peg_afile_write(f, text, strlen(text));
		r = peg_afile_commit(f, &err);
	}
	if (r) {
		cli_error("%s", err.msg);
		return r == PEG_AFILE_ERESOURCE ? EXIT_RESOURCES : EXIT_USAGE;
	}
	return 0;
}

int svgout_draw(const char *path, const struct peg_board *b,
		const unsigned char *start, const struct peg_jump *jumps,
		int n_jumps, const struct peg_svg_opts *o)
{
	struct peg_err err;
	char *svg = jumps ? peg_svg_solution(b, start, jumps, n_jumps, o, &err)
			  : peg_svg_position(b, start, NULL, 0, o, &err);
	int rc;

	if (!svg) {
		cli_error("%s", err.msg);
		return strstr(err.msg, "memory") || strstr(err.msg, "too large")
			       ? EXIT_RESOURCES
			       : EXIT_USAGE;
	}
	rc = svgout_write(path, svg);
	free(svg);
	return rc;
}

int svgout_plot_sets(const char *path, const struct peg_board *b,
		     const struct peg_sets *s)
{
	int n = s->start_pegs - s->finish_pegs + 1, rc;
	double *x = malloc(sizeof(double) * 4 * (size_t)n);
	struct peg_svg_series sr[3];
	struct peg_err err;
	char title[200], *svg;

	if (!x) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	for (int i = 0; i < n; i++) {
		int m = s->start_pegs - i;

		x[i] = m;
		x[n + i] = (double)s->F[m].n;
		x[2 * n + i] = (double)peg_sets_backward_size(s, m);
		x[3 * n + i] = (double)s->W[m].n;
	}
	sr[0] = (struct peg_svg_series){"F (forward)", n, x, x + n};
	sr[1] = (struct peg_svg_series){"B (backward)", n, x, x + 2 * n};
	sr[2] = (struct peg_svg_series){"W (winning)", n, x, x + 3 * n};
	snprintf(title, sizeof(title), "%s: level sizes (up to symmetry)",
		 b->title);
	svg = peg_svg_plot(title, "pegs on the board", "positions", sr, 3,
			   &err);
	free(x);
	if (!svg) {
		cli_error("%s", err.msg);
		return EXIT_USAGE;
	}
	rc = svgout_write(path, svg);
	free(svg);
	return rc;
}
