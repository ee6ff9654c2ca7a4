/* cmd_classes.c - pegsol classes: the position-class labels of a board, its
 * null-class verdict, the class of a position and where a single survivor
 * can be (theory.h). */
#include "cli.h"

#include "pegsol/pos.h"
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol classes BOARD [--position P] [--vacate H,...] [--json]\n"
	"\n"
	"Draw BOARD with the position-class label of every hole, say whether\n"
	"the board is null-class (full and empty board in the same class),\n"
	"and give the class of a position (default: the full board; P minus\n"
	"the --vacate holes) and the holes where a single survivor is\n"
	"possible from it.\n"
	"Triangular lattice: label (x+y) mod 3 in skew coordinates, classes\n"
	"EMPTY, PEG_0, PEG_1, PEG_2 (seed 000 section 2.1).  Square lattice:\n"
	"labels A = (x+y) mod 3 and B = (x-y) mod 3, drawn as two digits AB,\n"
	"16 classes (A,B).  Graph boards and diagonal jumps: not defined.\n"
	"JSON keys: board, title, holes, defined, labellings, labels,\n"
	"label_counts, null_class, full_class, pegs, class, finish_holes,\n"
	"picture.\n";

/* Append text to a growing string; returns 0 or -1 when out of memory. */
struct buf {
	char *s;
	size_t len, cap;
};

static int put(struct buf *b, const char *t, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 256;
		char *s;

		while (cap < b->len + n + 1)
			cap *= 2;
		s = realloc(b->s, cap);
		if (!s)
			return -1;
		b->s = s;
		b->cap = cap;
	}
	memcpy(b->s + b->len, t, n);
	b->len += n;
	b->s[b->len] = '\0';
	return 0;
}

/* The label glyph of hole h: "0".."2", or "AB" on the square lattice. */
static void glyph(const struct peg_board *b, int nl, int h, char *g)
{
	g[0] = (char)('0' + peg_theory_label(b, h, 0));
	g[1] = nl == 2 ? (char)('0' + peg_theory_label(b, h, 1)) : '\0';
	g[2] = '\0';
}

/* The board drawn with labels, laid out as peg_pos_picture does. */
static char *label_picture(const struct peg_board *b, int nl)
{
	struct buf out = {0};
	int mincol = 0, unit = 2, err = 0; /* characters per half-cell */
	char g[3];

	if (b->lattice == PEG_LATTICE_TRI)
		for (int h = 0; h < b->n_holes; h++)
			if (2 * b->hx[h] - b->hy[h] < mincol)
				mincol = 2 * b->hx[h] - b->hy[h];
	for (int y = 0; y < b->height && !err; y++) {
		int pos = 0;

		for (int h = b->row_first[y]; h < b->row_first[y + 1]; h++) {
			int col = b->lattice == PEG_LATTICE_TRI
					  ? 2 * b->hx[h] - b->hy[h] - mincol
					  : 2 * b->hx[h];

			for (; pos < col * unit; pos++)
				err |= put(&out, " ", 1);
			glyph(b, nl, h, g);
			err |= put(&out, g, strlen(g));
			pos += (int)strlen(g);
		}
		err |= put(&out, "\n", 1);
	}
	if (err) {
		free(out.s);
		return NULL;
	}
	return out.s ? out.s : calloc(1, 1);
}

static int not_defined_report(const struct peg_board *b, int json)
{
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "defined", 0);
		cli_json_print(o);
	} else {
		printf("%s: position classes are not defined (%s)\n", b->title,
		       b->lattice == PEG_LATTICE_GRAPH
			       ? "graph board"
			       : "square lattice with diagonal jumps");
	}
	return EXIT_YES;
}

int cmd_classes(int argc, char **argv)
{
	int json = 0, np, r, nl, counts[2][3] = {{0}}, n_fin, rc = EXIT_YES;
	const char *pos[1], *vacate = NULL, *position = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--position", CLI_STRING, &position}};
	struct peg_board *b;
	unsigned char *pegs = NULL, *fin = NULL;
	unsigned cls = 0, full = 0;
	struct peg_err err;
	char *pic = NULL, *list = NULL, cname[64], fname[64];

	r = cli_parse(argc, argv, opts, 3, pos, 1, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (!np) {
		cli_error("missing BOARD (try 'pegsol classes --help')");
		return EXIT_USAGE;
	}
	b = cli_board(pos[0]);
	if (!b)
		return cli_exit_code();
	pegs = malloc((size_t)b->n_holes);
	fin = malloc((size_t)b->n_holes);
	if (!pegs || !fin) {
		rc = cli_oom();
		goto done;
	}
	if (cli_start_position(b, position, vacate, pegs)) {
		rc = EXIT_USAGE;
		goto done;
	}
	nl = peg_theory_labellings(b);
	if (!nl) {
		rc = not_defined_report(b, json);
		goto done;
	}
	peg_theory_class(b, NULL, &full, &err);
	peg_theory_class(b, pegs, &cls, &err);
	n_fin = peg_theory_finish_holes(b, pegs, fin, &err);
	for (int h = 0; h < b->n_holes; h++)
		for (int k = 0; k < nl; k++)
			counts[k][peg_theory_label(b, h, k)]++;
	pic = label_picture(b, nl);
	list = peg_pos_list(b, fin);
	if (!pic || !list) {
		rc = cli_oom();
		goto done;
	}
	peg_theory_class_name(b, cls, cname, sizeof(cname));
	peg_theory_class_name(b, full, fname, sizeof(fname));
	if (json) {
		cJSON *o = cJSON_CreateObject(), *a, *c;

		cli_json_board(o, b);
		cJSON_AddBoolToObject(o, "defined", 1);
		a = cJSON_AddArrayToObject(o, "labellings");
		cJSON_AddItemToArray(a, cJSON_CreateString("(x+y) mod 3"));
		if (nl == 2)
			cJSON_AddItemToArray(a,
					     cJSON_CreateString("(x-y) mod 3"));
		a = cJSON_AddArrayToObject(o, "labels");
		for (int h = 0; h < b->n_holes; h++) {
			if (nl == 1) {
				cJSON_AddItemToArray(
					a, cJSON_CreateNumber(
						   peg_theory_label(b, h, 0)));
				continue;
			}
			c = cJSON_CreateArray();
			for (int k = 0; k < nl; k++)
				cJSON_AddItemToArray(
					c, cJSON_CreateNumber(
						   peg_theory_label(b, h, k)));
			cJSON_AddItemToArray(a, c);
		}
		a = cJSON_AddArrayToObject(o, "label_counts");
		for (int k = 0; k < nl; k++)
			cJSON_AddItemToArray(
				a, cJSON_CreateIntArray(counts[k], 3));
		cJSON_AddBoolToObject(o, "null_class", full == 0);
		cJSON_AddStringToObject(o, "full_class", fname);
		cJSON_AddNumberToObject(o, "pegs",
					peg_pos_count(pegs, b->n_holes));
		cJSON_AddStringToObject(o, "class", cname);
		cJSON_AddItemToObject(o, "finish_holes",
				      cli_json_holes(b, fin));
		cJSON_AddStringToObject(o, "picture", pic);
		cli_json_print(o);
		goto done;
	}
	printf("%s: %s\n", b->title,
	       nl == 1 ? "labels (x+y) mod 3 (seed 000 section 2.1)"
		       : "labels AB: A = (x+y) mod 3, B = (x-y) mod 3 "
			 "(Beasley's rule of three)");
	fputs(pic, stdout);
	for (int k = 0; k < nl; k++)
		printf("%sholes labelled 0, 1, 2: %d, %d, %d\n",
		       nl == 1 ? "" : k ? "B: " : "A: ", counts[k][0],
		       counts[k][1], counts[k][2]);
	printf("null-class: %s (full board in class %s)\n",
	       full == 0 ? "yes" : "no", fname);
	printf("position: %d pegs, class %s\n", peg_pos_count(pegs, b->n_holes),
	       cname);
	if (n_fin)
		printf("single survivor possible at %d hole%s: %s\n", n_fin,
		       n_fin == 1 ? "" : "s", list);
	else
		printf("single survivor possible nowhere (class %s has no "
		       "single-peg position)\n",
		       cname);
done:
	free(pic);
	free(list);
	free(pegs);
	free(fin);
	peg_board_free(b);
	return rc;
}
