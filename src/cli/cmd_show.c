/* cmd_show.c - pegsol show: draw a board, hole names or a position. */
#include "cli.h"
#include "svgout.h"

#include "pegsol/pos.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol show BOARD [--vacate H,...] [--position P] [--names]\n"
	"                   [--svg FILE] [--json]\n\n"
	"Draw BOARD (triangular lattice staggered, square lattice as a grid)\n"
	"with a peg 'x' in every hole, or the position P minus the --vacate\n"
	"holes ('.' = empty).  --names draws each hole's name instead.\n"
	"P is 'full', 'empty', a code (8455, 0x2107), a picture (x and .),\n"
	"a list of pegged holes (a1,b2), 'empty:a1,b2', or @FILE.\n"
	"Also prints the position's code and canonical code (mincode),\n"
	"and on T5 its SAX count (JSON key sax; pegsol resource T5 --weights\n"
	"sax checks it).\n" SVGOUT_USAGE;

int cmd_show(int argc, char **argv)
{
	int json = 0, names = 0, r, rc = EXIT_YES;
	const char *svg = NULL;
	struct cli_problem_args pa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--names", CLI_FLAG, &names},
				 CLI_START_OPTS(pa),
				 {"--svg", CLI_STRING, &svg}};
	struct peg_board *b;
	unsigned char *pegs;
	char *pic, *code = NULL, *mincode = NULL;
	int have_sax, sax = 0;
	struct peg_err err;

	b = cli_parse_board(argc, argv, opts, CLI_N(opts), usage, 0, &r);
	if (!b)
		return r;
	pegs = cli_alloc((size_t)b->n_holes, &r);
	if (!pegs) {
		peg_board_free(b);
		return r;
	}
	if (cli_start_position(b, pa.position, pa.vacate, pegs)) {
		free(pegs);
		peg_board_free(b);
		return EXIT_USAGE;
	}
	if (svg) {
		struct peg_svg_opts so = {.names = names};

		rc = svgout_draw(svg, b, pegs, NULL, 0, &so);
		if (rc || !strcmp(svg, "-")) {
			free(pegs);
			peg_board_free(b);
			return rc;
		}
	}
	/* the SAX count of a T5 position (theory.h) */
	have_sax = peg_theory_triangle_side(b) == 5 &&
		   !peg_theory_sax(b, pegs, &sax, &err);
	pic = peg_pos_picture(b, pegs, names);
	if (b->n_holes <= 100000) {
		code = peg_pos_code_string(pegs, b->n_holes);
		mincode = peg_pos_mincode_string(b, pegs);
	}
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddStringToObject(o, "lattice",
					b->lattice == PEG_LATTICE_TRI ? "triangular"
					: b->lattice == PEG_LATTICE_SQUARE
						? "square"
						: "graph");
		cJSON_AddNumberToObject(o, "jumps", b->n_jumps);
		cJSON_AddNumberToObject(o, "symmetries", b->n_syms);
		cJSON_AddNumberToObject(o, "pegs",
					peg_pos_count(pegs, b->n_holes));
		if (have_sax)
			cJSON_AddNumberToObject(o, "sax", sax);
		if (code)
			cJSON_AddStringToObject(o, "code", code);
		if (mincode)
			cJSON_AddStringToObject(o, "mincode", mincode);
		cJSON_AddItemToObject(o, "peg_holes", cli_json_holes(b, pegs));
		cJSON_AddStringToObject(o, "picture", pic ? pic : "");
		cli_json_print(o);
	} else {
		printf("%s: %d holes, %d jumps, %d symmetries\n", b->title,
		       b->n_holes, b->n_jumps, b->n_syms);
		fputs(pic ? pic : "", stdout);
		if (!names) {
			printf("pegs: %d\n", peg_pos_count(pegs, b->n_holes));
			if (have_sax)
				printf("sax: %d (SAX count, seed 000 section "
				       "2.3)\n",
				       sax);
			if (code)
				printf("code: %s\nmincode: %s\n", code,
				       mincode ? mincode : "?");
		}
	}
	free(code);
	free(mincode);
	free(pic);
	free(pegs);
	peg_board_free(b);
	return EXIT_YES;
}
