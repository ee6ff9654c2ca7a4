/* svgout.c - the --svg option of show, check and solve (svgout.h). */
#include "svgout.h"
#include "cli.h"

#include "pegsol/afile.h"

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
