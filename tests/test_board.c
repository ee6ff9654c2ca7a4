/* test_board.c - board families, hole counts, symmetry groups, names,
 * coordinates, positions and codes. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/pos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board '%s': %s", spec, b ? "" : err.msg);
	return b;
}

static void check_family(const char *spec, int holes, int syms)
{
	struct peg_board *b = board(spec);
	char what[96];

	if (!b)
		return;
	snprintf(what, sizeof(what), "%s holes", spec);
	CHECK_INT(b->n_holes, holes, what);
	snprintf(what, sizeof(what), "%s symmetries", spec);
	CHECK_INT(b->n_syms, syms, what);
	peg_board_free(b);
}

static int tri(int n)
{
	return n * (n + 1) / 2;
}

/* Hole-count formulas of seeds 000 and 003, symmetry group orders. */
static void test_families(void)
{
	char spec[64];

	for (int n = 1; n <= 30; n++) {
		snprintf(spec, sizeof(spec), "triangle:%d", n);
		check_family(spec, tri(n), n == 1 ? 12 : 6);
		snprintf(spec, sizeof(spec), "rhombus:%d", n);
		check_family(spec, n * n, n == 1 ? 12 : 4);
		snprintf(spec, sizeof(spec), "hexagon:%d", n);
		check_family(spec, 3 * n * (n - 1) + 1, 12);
		snprintf(spec, sizeof(spec), "star:%d", n);
		check_family(spec, 6 * n * (n - 1) + 1, 12);
		snprintf(spec, sizeof(spec), "propeller:%d", n);
		/* Propeller(2) = Hexagon(2) (seed 003), otherwise 3-fold */
		check_family(spec, 3 * tri(n) - 2, n <= 2 ? 12 : 6);
		if (n >= 4) {
			snprintf(spec, sizeof(spec), "trunc-triangle:%d", n);
			/* truncated T4 is Hexagon(2) */
			check_family(spec, tri(n) - 3, n == 4 ? 12 : 6);
			snprintf(spec, sizeof(spec), "ext-triangle:%d", n);
			check_family(spec, tri(n) + 6, 6);
		}
		snprintf(spec, sizeof(spec), "square:%d", n);
		check_family(spec, n * n, n == 1 ? 8 : 8);
	}
	/* seed 003: Propeller(3) 16 holes, Star(2) 13, Star(5) 121, truncated
	 * Triangle(5) 12, Extended Triangle(5) 21 */
	check_family("propeller:3", 16, 6);
	check_family("star:5", 121, 12);
	check_family("trunc-triangle:5", 12, 6);
	check_family("ext-triangle:5", 21, 6);
	check_family("hourglass:21", 21, 4);
	check_family("hourglass:33", 33, 4);
	/* flowers: 6-fold rotation, no reflection */
	check_family("flower:25", 25, 6);
	check_family("flower:43", 43, 6);
	check_family("flower:49", 49, 6);
	check_family("english", 33, 8);
	check_family("french", 37, 8);
	check_family("wiegleb", 45, 8);
	check_family("rect:4x5", 20, 4);
	check_family("rect:1x7", 7, 4);
	check_family("T5", 15, 6);
}

static void test_flower_chiral(void)
{
	static const char *specs[] = {"flower:25", "flower:43", "flower:49"};

	for (int i = 0; i < 3; i++) {
		struct peg_board *b = board(specs[i]);

		if (!b)
			continue;
		/* every symmetry is a rotation: none reflects */
		CHECK_INT(b->sym_reflect_first, b->n_syms, specs[i]);
		peg_board_free(b);
	}
}

static void test_jumps(void)
{
	struct peg_board *b = board("T5");

	/* T5 has 36 jumps (18 lines of three, both directions) */
	CHECK_INT(b->n_jumps, 36, "T5 jumps");
	peg_board_free(b);
	b = board("english");
	CHECK_INT(b->n_jumps, 76, "English jumps");
	peg_board_free(b);
}

static void test_names(void)
{
	struct peg_board *b = board("T5");
	struct peg_err err;
	char buf[32];

	CHECK_STR(peg_board_hole_name(b, 0, buf, sizeof(buf)), "a1", "T5 #1");
	CHECK_STR(peg_board_hole_name(b, 14, buf, sizeof(buf)), "e5",
		  "T5 #15");
	CHECK_INT(peg_board_parse_hole(b, "c5", &err), 12, "c5");
	CHECK_INT(peg_board_parse_hole(b, "(2,4)", &err), 12, "(2,4)");
	/* cube coordinates (seed 002): row x, z = -column; tile 5 = b3 */
	CHECK_INT(peg_board_parse_hole(b, "(2,-1,-1)", &err), 4, "cube b3");
	CHECK_INT(peg_board_parse_hole(b, "#5", &err), 4, "#5");
	CHECK_INT(peg_board_parse_hole(b, "f1", &err), -1, "f1 off board");
	CHECK_INT(peg_board_parse_hole(b, "#16", &err), -1, "#16");
	CHECK_INT(peg_board_parse_hole(b, "(1,2,3)", &err), -1, "cube sum");
	CHECK_INT(peg_board_parse_hole(b, "5c", &err), -1, "5c");
	CHECK_INT(peg_board_parse_hole(b, "", &err), -1, "empty");
	CHECK_INT(peg_board_parse_hole(b, "(1,", &err), -1, "(1,");
	peg_board_free(b);
	b = board("english");
	/* seed 001 section 2: (3,3) is d4, the centre, hole index 16 */
	CHECK_INT(peg_board_parse_hole(b, "d4", &err), 16, "English d4");
	CHECK_INT(peg_board_parse_hole(b, "(3,3)", &err), 16, "English (3,3)");
	CHECK_INT(peg_board_parse_hole(b, "a1", &err), -1, "English a1");
	peg_board_free(b);
	/* seed 003: the truncated Triangle(5) keeps Triangle(5)'s names
	 * (its table uses a4, b3, c5, d4) */
	b = board("trunc-triangle:5");
	CHECK_STR(peg_board_hole_name(b, 0, buf, sizeof(buf)), "a2",
		  "trunc-triangle:5 first hole");
	CHECK_INT(peg_board_parse_hole(b, "d4", &err), 8, "trunc d4");
	CHECK_INT(peg_board_parse_hole(b, "(1,2)", &err), 3, "trunc (1,2)");
	CHECK_INT(peg_board_parse_hole(b, "a1", &err), -1, "trunc a1");
	CHECK_INT(peg_board_parse_hole(b, "a5", &err), -1, "trunc a5");
	peg_board_free(b);
	b = board("T30");
	CHECK_STR(peg_board_hole_name(b, b->n_holes - 1, buf, sizeof(buf)),
		  "ad30", "T30 last hole");
	CHECK_INT(peg_board_parse_hole(b, "aa27", &err), tri(26) + 26,
		  "T30 aa27");
	peg_board_free(b);
	peg_column_letters(701, buf, sizeof(buf));
	CHECK_STR(buf, "zz", "column 701");
	peg_column_letters(702, buf, sizeof(buf));
	CHECK_STR(buf, "aaa", "column 702");
}

/* seed 001 section 2: the T5 position with code 8455 has symmetric images
 * 2183, 3156, 3904, 25106, 25280; mincode 2183; complement mincode 7487 */
static void test_codes(void)
{
	struct peg_board *b = board("T5");
	struct peg_symtab64 *t = peg_symtab64_new(b);
	static const uint64_t want[] = {2183, 3156, 3904, 8455, 25106, 25280};
	uint64_t got[6];
	unsigned char pegs[15];
	struct peg_err err;
	char *s;
	int found = 0;

	for (int s_ = 0; s_ < t->n_syms; s_++)
		got[s_] = peg_symtab64_apply(t, s_, 8455);
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < 6; j++)
			if (got[j] == want[i]) {
				found++;
				break;
			}
	CHECK_INT(found, 6, "the six images of 8455");
	CHECK_INT(peg_symtab64_canon(t, 8455), 2183, "mincode(8455)");
	CHECK_INT(peg_symtab64_canon(t, 32767 - 8455), 7487,
		  "mincode of the complement");
	CHECK(peg_pos_parse(b, "8455", pegs, &err) == 0, "parse 8455");
	s = peg_pos_mincode_string(b, pegs);
	CHECK_STR(s, "2183", "mincode string");
	free(s);
	CHECK(peg_pos_parse(b, "0x2107", pegs, &err) == 0, "parse hex");
	CHECK_INT(peg_pos_to64(pegs, 15), 8455, "hex code");
	CHECK(peg_pos_parse(b, "x/xx/.../..x./...x.", pegs, &err) == 0,
	      "parse picture");
	CHECK_INT(peg_pos_to64(pegs, 15), 8455, "picture code");
	CHECK(peg_pos_parse(b, "a1, a2 b2,c4 d5", pegs, &err) == 0,
	      "parse list");
	CHECK_INT(peg_pos_to64(pegs, 15), 8455, "list code");
	CHECK(peg_pos_parse(b, "empty:a1", pegs, &err) == 0, "empty:a1");
	CHECK_INT(peg_pos_to64(pegs, 15), 32766, "empty:a1 code");
	CHECK(peg_pos_parse(b, "32768", pegs, &err) != 0, "code too large");
	CHECK(peg_pos_parse(b, "xx", pegs, &err) != 0, "short picture");
	CHECK(peg_pos_parse(b, "a1,zz9", pegs, &err) != 0, "bad hole");
	CHECK(peg_pos_parse(b, "", pegs, &err) != 0, "empty text");
	peg_symtab64_free(t);
	peg_board_free(b);

	/* English central game start: 2^33 - 2^16 - 1 (seed 001 section 2) */
	b = board("english");
	unsigned char e[33];

	CHECK(peg_pos_parse(b, "empty:d4", e, &err) == 0, "english start");
	s = peg_pos_code_string(e, 33);
	CHECK_STR(s, "8589869055", "English start code");
	free(s);
	peg_board_free(b);
}

/* seed 002: hole classes on T4 are {1,7,10}, {2,3,4,6,8,9}, {5} */
static void test_hole_orbits(void)
{
	struct peg_board *b = board("T4");
	static const int cls[10] = {1, 2, 2, 2, 5, 2, 1, 2, 2, 1};

	for (int h = 0; h < 10; h++)
		CHECK_INT(peg_board_hole_orbit_min(b, h) + 1, cls[h],
			  "T4 hole orbit");
	peg_board_free(b);
}

static void test_graph_and_file(void)
{
	struct peg_err err;
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	char path[256], spec[300];
	FILE *f;
	struct peg_board *b;

	snprintf(path, sizeof(path), "%s/pegsol_test_cycle.txt", dir);
	f = fopen(path, "w");
	fputs("# a 6-cycle\n1 2\n2 3\n3 4\n4 5\n5 6\n6 1\n", f);
	fclose(f);
	snprintf(spec, sizeof(spec), "graph:%s", path);
	b = peg_board_parse(spec, &err);
	CHECK(b != NULL, "graph board: %s", b ? "" : err.msg);
	if (b) {
		CHECK_INT(b->n_holes, 6, "cycle nodes");
		/* each node has two paths of length 2 leaving it */
		CHECK_INT(b->n_jumps, 12, "cycle jumps");
		/* dihedral group of order 12 */
		CHECK_INT(b->n_syms, 12, "cycle automorphisms");
		peg_board_free(b);
	}
	remove(path);

	snprintf(path, sizeof(path), "%s/pegsol_test_t5.txt", dir);
	f = fopen(path, "w");
	fputs("@lattice triangular\n@name my T5\n    o\n   o o\n  o o o\n"
	      " o o o o\no o o o o\n",
	      f);
	fclose(f);
	snprintf(spec, sizeof(spec), "file:%s", path);
	b = peg_board_parse(spec, &err);
	CHECK(b != NULL, "file board: %s", b ? "" : err.msg);
	if (b) {
		CHECK_INT(b->n_holes, 15, "file T5 holes");
		CHECK_INT(b->n_jumps, 36, "file T5 jumps");
		CHECK_INT(b->n_syms, 6, "file T5 syms");
		peg_board_free(b);
	}
	f = fopen(path, "w");
	fputs("@lattice triangular\no o\no o\n", f);
	fclose(f);
	CHECK(peg_board_parse(spec, &err) == NULL &&
		      strstr(err.msg, "off the triangular lattice"),
	      "off-lattice file rejected: %s", err.msg);
	f = fopen(path, "w");
	fputs("@diagonal\nooo\nooo\nooo\n", f);
	fclose(f);
	b = peg_board_parse(spec, &err);
	CHECK(b != NULL, "diagonal file board: %s", b ? "" : err.msg);
	if (b) {
		/* 3x3 with diagonals: 8 lines of three, both directions */
		CHECK_INT(b->n_jumps, 16, "3x3 diagonal jumps");
		peg_board_free(b);
	}
	remove(path);
	CHECK(peg_board_parse("file:/nonexistent/x", &err) == NULL,
	      "missing file");
}

/* T2000: constructible, and every hole is named and found back */
static void test_large(void)
{
	struct peg_board *b = board("T2000");
	struct peg_err err;
	char buf[32];
	int ok = 1;

	if (!b)
		return;
	CHECK_INT(b->n_holes, 2001000, "T2000 holes");
	for (int h = 0; h < b->n_holes && ok; h += 997)
		ok = peg_board_parse_hole(
			     b, peg_board_hole_name(b, h, buf, sizeof(buf)),
			     &err) == h;
	CHECK(ok, "T2000 names round trip");
	CHECK_STR(peg_board_hole_name(b, b->n_holes - 1, buf, sizeof(buf)),
		  "bxx2000", "T2000 last hole");
	peg_board_free(b);
}

static void test_bad_specs(void)
{
	static const char *bad[] = {"",	       "T0",	       "T",
				    "triangle", "triangle:x", "triangle:-3",
				    "rect:0x4", "rect:4",     "hourglass:22",
				    "flower:30", "english:3", "nosuch:3",
				    "T99999999", "hexagon:",  "file:",
				    "graph:"};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct peg_err err;
		struct peg_board *b = peg_board_parse(bad[i], &err);

		CHECK(b == NULL && err.msg[0], "spec '%s' rejected", bad[i]);
		peg_board_free(b);
	}
}

int main(void)
{
	test_families();
	test_flower_chiral();
	test_jumps();
	test_names();
	test_codes();
	test_hole_orbits();
	test_graph_and_file();
	test_large();
	test_bad_specs();
	return check_done();
}
