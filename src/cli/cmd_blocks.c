/* cmd_blocks.c - pegsol blocks: list and draw the block removals
 * (blocks.h, docs/blocks.md). */
#include "cli.h"
#include "svgout.h"

#include "pegsol/blocks.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol blocks [BOARD] [--block NAME] [--svg FILE [--names]]\n"
	"                     [--json]\n\n"
	"List the block removals (named macro-moves of seed 003 and seed 000\n"
	"Figure 5): name, cells, pegs removed, a picture (R removed, U\n"
	"catalyst: unlike, restored; o stays empty; T gets a peg) and the\n"
	"jumps of every catalyst state, named on the block's own frame.\n"
	"With BOARD: only the blocks of its lattice, how many placements fit\n"
	"on it (anchor hole x orientation) and the first one, NAME@HOLE/O,\n"
	"with its jumps named on BOARD.  --block NAME shows one block.\n"
	"Use a block in `pegsol check --blocks` and `pegsol solve --by-blocks`\n"
	"(docs/blocks.md: the notation NAME@HOLE/O).\n" SVGOUT_USAGE
	"--svg draws the --block's first catalyst state being played.\n"
	"JSON: blocks[]: name, title, lattice, source, frame, cells[] (x, y,\n"
	"role), removed, region, catalyst, variants[] (state, reversed,\n"
	"jumps); with BOARD also placements and first (NAME@HOLE/O), the\n"
	"jumps then named on BOARD at that placement.\n"
	"Exit 0, 1 when no block fits on BOARD, 2 on bad input.\n";

/* a board of the block's own cells, named as its frame names them */
static struct peg_board *frame_board(const struct peg_block *k)
{
	int x[PEG_BLOCK_MAX_CELLS], y[PEG_BLOCK_MAX_CELLS], mx = 99, my = 99;
	struct peg_board *b;
	struct peg_err err;

	for (int c = 0; c < k->n_cells; c++) {
		x[c] = k->cells[c].x;
		y[c] = k->cells[c].y;
		mx = x[c] < mx ? x[c] : mx;
		my = y[c] < my ? y[c] : my;
	}
	b = peg_board_from_cells(k->lattice, 0, k->n_cells, x, y, k->name,
				 k->title, &err);
	if (b) {
		b->name_x0 = mx;
		b->name_y0 = my;
	} else {
		cli_error("%s", err.msg);
	}
	return b;
}

/* the picture of the roles on b, cells placed on holes */
static char *role_picture(const struct peg_board *b, const struct peg_block *k,
			  const int *holes)
{
	const char **cells = calloc((size_t)b->n_holes, sizeof(*cells));
	static const char *glyph[] = {"R", "U", "o", "T"};
	char *pic;

	if (!cells)
		return NULL;
	for (int h = 0; h < b->n_holes; h++)
		cells[h] = ".";
	for (int c = 0; c < k->n_cells; c++)
		cells[holes[c]] = glyph[strchr("RUET", k->cells[c].role) -
					"RUET"];
	pic = peg_pos_picture_cells(b, cells);
	free(cells);
	return pic;
}

/* the before pattern of variant v on holes */
static void before(const struct peg_block *k, int v, const int *holes,
		   unsigned char *pegs)
{
	int u = 0;

	for (int c = 0; c < k->n_cells; c++) {
		char r = k->cells[c].role;

		pegs[holes[c]] = r == 'R' ||
				 (r == 'U' && k->variants[v].state[u] == '1');
		u += r == 'U';
	}
}

static const char *lattice_name(enum peg_lattice l)
{
	return l == PEG_LATTICE_TRI ? "triangular" : "square";
}

/* one block: text or JSON; on (board) b at placement (o, anchor) */
static int show_block(const struct peg_board *b, const struct peg_block *k,
		      int placements, int o, int anchor, cJSON *arr)
{
	int holes[PEG_BLOCK_MAX_CELLS];
	struct peg_jump js[PEG_BLOCK_MAX_JUMPS];
	cJSON *o_json = NULL, *vars = NULL;
	char *pic = NULL, nm[32];

	if (peg_block_place(b, k, o, anchor, holes))
		return -1;
	if (arr) {
		cJSON *cells = cJSON_CreateArray();

		o_json = cJSON_CreateObject();
		cJSON_AddStringToObject(o_json, "name", k->name);
		cJSON_AddStringToObject(o_json, "title", k->title);
		cJSON_AddStringToObject(o_json, "lattice",
					lattice_name(k->lattice));
		cJSON_AddStringToObject(o_json, "source", k->source);
		cJSON_AddStringToObject(o_json, "frame", k->frame);
		for (int c = 0; c < k->n_cells; c++) {
			cJSON *e = cJSON_CreateObject();
			char role[2] = {k->cells[c].role, 0};

			cJSON_AddNumberToObject(e, "x", k->cells[c].x);
			cJSON_AddNumberToObject(e, "y", k->cells[c].y);
			cJSON_AddStringToObject(e, "role", role);
			cJSON_AddItemToArray(cells, e);
		}
		cJSON_AddItemToObject(o_json, "cells", cells);
		cJSON_AddNumberToObject(o_json, "removed", k->n_removed);
		cJSON_AddNumberToObject(o_json, "region", k->n_region);
		cJSON_AddNumberToObject(o_json, "catalyst", k->n_cat);
		vars = cJSON_CreateArray();
		cJSON_AddItemToObject(o_json, "variants", vars);
		if (placements >= 0) {
			char pl[96];

			cJSON_AddNumberToObject(o_json, "placements",
						placements);
			snprintf(pl, sizeof(pl), "%s@%s/%d", k->name,
				 peg_board_hole_name(b, anchor, nm,
						     sizeof(nm)),
				 o);
			cJSON_AddStringToObject(o_json, "first", pl);
		}
		cJSON_AddItemToArray(arr, o_json);
	} else {
		printf("%s: %s (%s lattice)\n  source: %s\n", k->name,
		       k->title, lattice_name(k->lattice), k->source);
		if (placements < 0)
			printf("  holes named as on %s\n", k->frame);
		printf("  %d cells: region %d, catalyst %d%s; removes %d "
		       "peg%s in %d jumps\n",
		       k->n_cells, k->n_region, k->n_cat,
		       k->n_cat ? " (unlike)" : "", k->n_removed,
		       k->n_removed == 1 ? "" : "s", k->n_removed);
		if (placements >= 0)
			printf("  %d placements on %s; the first: %s@%s/%d\n",
			       placements, b->spec, k->name,
			       peg_board_hole_name(b, anchor, nm, sizeof(nm)),
			       o);
		pic = role_picture(b, k, holes);
		if (pic)
			printf("%s", pic);
		free(pic);
	}
	for (int v = 0; v < k->n_variants; v++) {
		const struct peg_block_variant *bv = &k->variants[v];
		char *fmt;

		if (peg_block_place_jumps(b, k, v, o, anchor, js))
			continue; /* a forbidden jump: not on this board */
		fmt = peg_jumps_format(b, js, bv->n_jumps);
		if (!fmt)
			return -1;
		if (vars) {
			cJSON *e = cJSON_CreateObject();

			cJSON_AddStringToObject(e, "state", bv->state);
			cJSON_AddBoolToObject(e, "reversed", bv->reversed);
			cJSON_AddStringToObject(e, "jumps", fmt);
			cJSON_AddItemToArray(vars, e);
		} else {
			printf("  %s%s%s: %s\n",
			       bv->state[0] ? "catalyst " : "any",
			       bv->state, bv->reversed ? " (reversed)" : "",
			       fmt);
		}
		free(fmt);
	}
	return 0;
}

/* placements of k on b: the count and the first (o, anchor) */
static int count_places(const struct peg_board *b, const struct peg_block *k,
			int *o0, int *a0)
{
	struct peg_jump js[PEG_BLOCK_MAX_JUMPS];
	int n = 0;

	for (int o = 0; o < peg_block_orients(k->lattice); o++)
		for (int a = 0; a < b->n_holes; a++)
			if (!peg_block_place_jumps(b, k, 0, o, a, js) &&
			    n++ == 0) {
				*o0 = o;
				*a0 = a;
			}
	return n;
}

static int draw(const char *svg, const struct peg_board *b,
		const struct peg_block *k, int o, int anchor, int names)
{
	int holes[PEG_BLOCK_MAX_CELLS], rc;
	struct peg_jump js[PEG_BLOCK_MAX_JUMPS];
	struct peg_svg_opts so = {.names = names};
	unsigned char *pegs = calloc((size_t)b->n_holes, 1);

	if (!pegs)
		return cli_oom();
	if (peg_block_place(b, k, o, anchor, holes) ||
	    peg_block_place_jumps(b, k, 0, o, anchor, js)) {
		free(pegs);
		cli_error("block '%s' does not fit on %s", k->name, b->spec);
		return EXIT_USAGE;
	}
	before(k, 0, holes, pegs);
	rc = svgout_draw(svg, b, pegs, js, k->variants[0].n_jumps, &so);
	free(pegs);
	return rc;
}

int cmd_blocks(int argc, char **argv)
{
	int json = 0, names = 0, np = 0, r, rc = EXIT_USAGE, shown = 0;
	const char *svg = NULL, *name = NULL, *posv[1];
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--block", CLI_STRING, &name},
				 {"--svg", CLI_STRING, &svg},
				 {"--names", CLI_FLAG, &names}};
	struct peg_board *b = NULL;
	struct peg_blockset *s;
	struct peg_err err;
	cJSON *root = NULL, *arr = NULL;

	r = cli_parse(argc, argv, opts, CLI_N(opts), posv, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	s = peg_blockset_new(&err);
	if (!s)
		return cli_fail(err.msg, 0);
	if (name && peg_blockset_find(s, name) < 0) {
		cli_error("unknown block %s (pegsol blocks lists them)",
			  cli_q(name));
		goto out;
	}
	if (svg && !name) {
		cli_error("--svg draws one block: name it with --block");
		goto out;
	}
	if (np == 1) {
		b = cli_board(posv[0]);
		if (!b) {
			rc = cli_exit_code();
			goto out;
		}
		if (b->lattice == PEG_LATTICE_GRAPH) {
			cli_error("board %s is a graph: blocks live on the "
				  "triangular and square lattices",
				  cli_q(posv[0]));
			goto out;
		}
	}
	if (json) {
		root = cJSON_CreateObject();
		if (b)
			cli_json_board(root, b);
		arr = cJSON_CreateArray();
		cJSON_AddItemToObject(root, "blocks", arr);
	}
	rc = EXIT_YES;
	for (int i = 0; i < peg_blockset_count(s) && rc == EXIT_YES; i++) {
		const struct peg_block *k = peg_blockset_get(s, i);
		struct peg_board *fb = NULL;
		int o = 0, a = 0, n = -1;

		if ((name && strcmp(name, k->name)) ||
		    (b && b->lattice != k->lattice))
			continue;
		if (b) {
			n = count_places(b, k, &o, &a);
			if (!n && !name)
				continue;
		} else {
			fb = frame_board(k);
			if (!fb) {
				rc = EXIT_USAGE;
				break;
			}
			a = peg_board_hole_at(fb, k->cells[0].x - fb->name_x0,
					      k->cells[0].y - fb->name_y0);
		}
		if (!json && shown)
			printf("\n");
		shown++;
		if (svg)
			rc = !n ? (cli_error("block '%s' does not fit on %s",
					     k->name, b->spec),
				   EXIT_USAGE)
				: draw(svg, b ? b : fb, k, o, a, names);
		else if (n == 0) {
			if (!json)
				printf("%s: does not fit on %s\n", k->name,
				       b->spec);
			rc = EXIT_NO;
		} else if (show_block(b ? b : fb, k, n, o, a, arr))
			rc = cli_oom();
		peg_board_free(fb);
	}
	if (rc == EXIT_YES && !shown) {
		if (!json)
			printf("no block fits on %s\n", b->spec);
		rc = EXIT_NO;
	}
	if (root && rc != EXIT_USAGE && !svg)
		cli_json_print(root);
	else
		cJSON_Delete(root);
out:
	peg_board_free(b);
	peg_blockset_free(s);
	return rc;
}
