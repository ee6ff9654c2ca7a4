/* test_board.c - board families, hole counts, symmetry groups, names,
 * coordinates, positions and codes. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/pos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
	/* the count the limits use, from the spec alone */
	snprintf(what, sizeof(what), "%s holes from the spec", spec);
	CHECK_INT(peg_board_spec_holes(spec, NULL), holes, what);
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
	check_family("flower:97", 97, 6);
	/* seed 003's manufactured boards; Think and Jump's forbidden side
	 * jumps keep all 12 symmetries, Maple Leaf keeps its mirror */
	check_family("think-and-jump", 37, 12);
	check_family("maple-leaf", 33, 2);
	check_family("subtrax", 16, 6);
	check_family("english", 33, 8);
	check_family("french", 37, 8);
	check_family("wiegleb", 45, 8);
	check_family("rect:4x5", 20, 4);
	check_family("rect:1x7", 7, 4);
	check_family("T5", 15, 6);
}

static void test_flower_chiral(void)
{
	static const char *specs[] = {"flower:25", "flower:43", "flower:49",
				      "flower:97"};

	for (int i = 0; i < 4; i++) {
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

/* Jump-restricted boards (docs/board-files.md, "Restricted jumps"). */
static void check_jumps(const char *spec, int jumps, int removed)
{
	struct peg_board *b = board(spec);
	char what[96];

	if (!b)
		return;
	snprintf(what, sizeof(what), "%s jumps", spec);
	CHECK_INT(b->n_jumps, jumps, what);
	snprintf(what, sizeof(what), "%s jumps removed", spec);
	CHECK_INT(b->jumps_removed, removed, what);
	peg_board_free(b);
}

/* Whether b has the jump a-over-c (hole names). */
static int has_jump(const struct peg_board *b, const char *a, const char *o,
		    const char *c)
{
	int f = peg_board_parse_hole(b, a, NULL);
	int m = peg_board_parse_hole(b, o, NULL);
	int t = peg_board_parse_hole(b, c, NULL);

	for (int k = b->jump_first[f]; k < b->jump_first[f + 1]; k++)
		if (b->jumps[k].over == m && b->jumps[k].to == t)
			return 1;
	return 0;
}

static void test_restricted(void)
{
	struct peg_board *b;

	/* Hexagon(4) has 138 jumps; no jump along a side: 12 lines */
	check_jumps("hexagon:4", 138, 0);
	check_jumps("think-and-jump", 114, 24);
	/* Maple Leaf: 104 lattice jumps on its 33 holes, 64 along the lines
	 * of even index through the centre e5 */
	check_jumps("maple-leaf", 64, 40);
	check_jumps("subtrax", 36, 0);
	b = board("think-and-jump");
	if (b) {
		CHECK(!has_jump(b, "a1", "b1", "c1"), "T&J: none along a side");
		CHECK(!has_jump(b, "d1", "c1", "b1"), "T&J: nor back");
		CHECK(has_jump(b, "a1", "b2", "c3"), "T&J: a1-c3 stays");
		CHECK(has_jump(b, "b2", "c2", "d2"), "T&J: inner rows stay");
		peg_board_free(b);
	}
	b = board("maple-leaf");
	if (b) {
		/* row 5 through the centre is a line, row 4 is not */
		CHECK(has_jump(b, "c5", "d5", "e5"), "maple: c5-e5");
		CHECK(!has_jump(b, "c4", "d4", "e4"), "maple: no c4-e4");
		/* the centre's diagonal and the outer edge of a point */
		CHECK(has_jump(b, "c3", "d4", "e5"), "maple: c3-e5");
		CHECK(has_jump(b, "c1", "c2", "c3"), "maple: c1-c3");
		CHECK(!has_jump(b, "d2", "d3", "d4"), "maple: no d2-d4");
		peg_board_free(b);
	}
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

/* --- limits (issue 16 items 1 and 7) ------------------------------------ */

static double now_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The spec is refused under max_holes with exactly msg, in well under a
 * second (nothing the size of the board is built). */
static void check_refused(const char *spec, long max_holes, const char *msg)
{
	struct peg_err err = {{0}};
	double t0 = now_sec();
	struct peg_board *b = peg_board_parse_max(spec, max_holes, &err);
	double dt = now_sec() - t0;

	CHECK(b == NULL, "'%s' refused under %ld holes", spec, max_holes);
	CHECK(strstr(err.msg, msg) != NULL, "'%s': got '%s', want '%s'", spec,
	      err.msg, msg);
	CHECK(dt < 0.2, "'%s' refused in %.3f s", spec, dt);
	peg_board_free(b);
}

static void test_limits(void)
{
	struct peg_board_limits l;
	struct peg_err err;
	struct peg_board *b;

	peg_board_limits_init(&l, 0);
	CHECK_INT(l.max_holes, PEG_BOARD_MAX_HOLES, "default holes");
	CHECK_INT(l.max_jumps, PEG_GRAPH_MAX_JUMPS, "default jumps");
	CHECK_INT(l.max_area, PEG_BOARD_MAX_AREA, "default area");
	CHECK_INT(l.max_file_bytes, PEG_BOARD_MAX_FILE_BYTES, "default bytes");
	peg_board_limits_init(&l, 1000);
	CHECK_INT(l.max_holes, 1000, "holes 1000");
	CHECK_INT(l.max_jumps, 65536, "jumps for 1000 holes");
	CHECK_INT(l.max_area, 1 << 20, "area for 1000 holes");
	CHECK_INT(l.max_file_bytes, 1 << 20, "bytes for 1000 holes");

	/* the web server's cases: refused from the spec, before building */
	check_refused("triangle:4000", 1000,
		      "board 'triangle:4000' has 8002000 holes; the limit here "
		      "is 1000");
	check_refused("hexagon:1800", 1000, "has 9714601 holes");
	check_refused("rect:10000x1000", 1000, "has 10000000 holes");
	check_refused("star:1250", 1000, "has 9367501 holes");
	check_refused("propeller:2500", 1000, "has 9378748 holes");
	check_refused("T45", 1000, "has 1035 holes");
	check_refused("hourglass:1047", 1000, "has 1047 holes");
	check_refused("rect:100000000x100000000", 1000,
		      "has 10000000000000000 holes");
	/* the default limit: every family up to 10 million holes */
	check_refused("T5000", 0, "has 12502500 holes; the limit here is "
				  "10000000");
	check_refused("star:99999999", 0, "has 59999998200000013 holes");
	b = peg_board_parse_max("T44", 1000, &err);
	CHECK(b && b->n_holes == 990, "T44 within 1000 holes");
	peg_board_free(b);
	b = peg_board_parse_max("hourglass:33", 33, &err);
	CHECK(b && b->n_holes == 33, "hourglass:33 within 33 holes");
	peg_board_free(b);
	CHECK_INT(peg_board_spec_holes("rect:10000x1000", &err), 10000000,
		  "rect:10000x1000 counted");
	CHECK_INT(peg_board_spec_holes("T4000", &err), 8002000, "T4000 counted");
	CHECK_INT(peg_board_spec_holes("nosuch:3", &err), -1, "bad spec");
	CHECK(strstr(err.msg, "unknown board") != NULL, "bad spec message");
}

/* Write text to a file in TMPDIR; returns "file:PATH" or "graph:PATH" in
 * spec. */
static void put_file(const char *name, const char *kind, const char *text,
		     char *path, char *spec, size_t size)
{
	const char *dir = getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
	FILE *f;

	snprintf(path, size, "%s/pegsol_test_%s", dir, name);
	snprintf(spec, size, "%s:%s", kind, path);
	f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_file_limits(void)
{
	char path[256], spec[300], msg[400];
	char *text = malloc(1300000), *p;
	struct peg_board_limits l;
	struct peg_board *b;
	struct peg_err err;

	if (!text)
		return;
	/* three holes in a 20000 x 20000 box: refused before the grid */
	p = text;
	p += sprintf(p, "o\n");
	for (int i = 0; i < 19998; i++)
		*p++ = '\n';
	memset(p, ' ', 19998);
	p += 19998;
	p += sprintf(p, "oo\n");
	put_file("box.txt", "file", text, path, spec, sizeof(path));
	snprintf(msg, sizeof(msg), "board '%s' spans 20000 x 20000 cells; the "
		 "limit here is 40000000 cells", spec);
	check_refused(spec, 0, msg);
	/* a raised area limit lets it through to the next check */
	peg_board_limits_init(&l, 2);
	l.max_area = 400000000L;
	b = peg_board_parse_limits(spec, &l, &err);
	CHECK(!b && strstr(err.msg, "has 3 holes; the limit here is 2"),
	      "box under a raised area limit: %s", err.msg);
	peg_board_free(b);
	CHECK_INT(peg_board_spec_holes(spec, &err), 3, "box holes counted");
	remove(path);

	/* 1.2 MB of comments around a small picture: over a 1000-hole
	 * caller's byte limit (1 MB), within the default one */
	p = text;
	for (int i = 0; i < 20000; i++)
		p += sprintf(p, "# %057d\n", i);
	p += sprintf(p, "ooo\nooo\n");
	put_file("big.txt", "file", text, path, spec, sizeof(path));
	check_refused(spec, 1000, "has 1200008 bytes; the limit here is "
				  "1048576");
	b = peg_board_parse(spec, &err);
	CHECK(b && b->n_holes == 6, "1.2 MB board file: %s", b ? "" : err.msg);
	peg_board_free(b);
	remove(path);
	/* 1001 holes under a 1000-hole limit */
	memset(text, 'o', 1001);
	strcpy(text + 1001, "\n");
	put_file("row.txt", "file", text, path, spec, sizeof(path));
	snprintf(msg, sizeof(msg), "board '%s' has 1001 holes; the limit "
		 "here is 1000", spec);
	check_refused(spec, 1000, msg);
	remove(path);

	/* graphs: a star with 300 leaves has 300 * 299 jumps */
	p = text;
	for (int i = 1; i <= 300; i++)
		p += sprintf(p, "c l%d\n", i);
	put_file("star.txt", "graph", text, path, spec, sizeof(path));
	check_refused(spec, 1000, "has 89700 jumps; the limit here is 65536");
	b = peg_board_parse(spec, &err);
	CHECK(b && b->n_jumps == 89700, "star graph: %s", b ? "" : err.msg);
	peg_board_free(b);
	remove(path);
	/* a path of 1001 nodes under a 1000-hole limit */
	p = text;
	for (int i = 1; i <= 1000; i++)
		p += sprintf(p, "%d %d\n", i, i + 1);
	put_file("path.txt", "graph", text, path, spec, sizeof(path));
	check_refused(spec, 1000, "has more than 1000 nodes; the limit here "
				  "is 1000");
	CHECK_INT(peg_board_spec_holes(spec, &err), 1001, "path nodes counted");
	remove(path);
	free(text);
}

/* Is b's symmetry list a group of automorphisms of its jump structure,
 * sorted, identity first?  The closure test runs on groups up to 1200;
 * comparisons are memcmp, right for n < 256. */
static int group_ok(const struct peg_board *b)
{
	int n = b->n_holes, ng = b->n_syms, *comp = malloc(sizeof(int) * n);
	unsigned char *has = calloc((size_t)n * n * n + 1, 1);
	int ok = comp && has;

	for (int j = 0; ok && j < b->n_jumps; j++) {
		const struct peg_jump *q = &b->jumps[j];

		has[((size_t)q->from * n + q->over) * n + q->to] = 1;
	}
	for (int i = 0; ok && i < n; i++)
		ok = b->sym[i] == i;
	for (int s = 0; ok && s < ng; s++) {
		const int *g = b->sym + (size_t)s * n;

		if (s > 0 && memcmp(g - n, g, sizeof(int) * n) >= 0)
			ok = 0; /* sorted, distinct (memcmp: n < 256) */
		for (int j = 0; ok && j < b->n_jumps; j++) {
			const struct peg_jump *q = &b->jumps[j];

			ok = has[((size_t)g[q->from] * n + g[q->over]) * n +
				 g[q->to]];
		}
	}
	for (int s = 0; ok && ng <= 1200 && s < ng; s++)
		for (int t = 0; ok && t < ng; t++) {
			int found = 0;

			int lo = 0, hi = ng - 1;

			for (int i = 0; i < n; i++)
				comp[i] = b->sym[(size_t)s * n +
						 b->sym[(size_t)t * n + i]];
			/* binary search: the list is sorted */
			while (lo <= hi && !found) {
				int mid = (lo + hi) / 2;
				int c = memcmp(comp, b->sym + (size_t)mid * n,
					       sizeof(int) * n);

				if (!c)
					found = 1;
				else if (c < 0)
					hi = mid - 1;
				else
					lo = mid + 1;
			}
			ok = found;
		}
	free(comp);
	free(has);
	return ok;
}

/* A graph board from an edge list over nodes 0..n-1, named v0 ... */
static struct peg_board *graph(int n, int m, const int *edges)
{
	char **labels = malloc(sizeof(char *) * (size_t)n);
	struct peg_err err;
	struct peg_board *b;

	for (int i = 0; i < n; i++) {
		labels[i] = malloc(16);
		snprintf(labels[i], 16, "v%d", i);
	}
	b = peg_board_from_graph(n, labels, m, edges, "graph:test", &err);
	CHECK(b != NULL, "graph: %s", b ? "" : err.msg);
	for (int i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	return b;
}

static void test_automorphisms(void)
{
	int e[2 * 4096];
	struct peg_board *b;
	double t0;

	/* cycles C_n with their nodes scrambled: the dihedral group, 2n;
	 * backtracking took seconds at n = 24 and hung at n = 40 */
	for (int n = 3; n <= 200; n += n < 12 ? 1 : 37) {
		char what[64];

		for (int i = 0; i < n; i++) {
			e[2 * i] = (i * 7919) % n;
			e[2 * i + 1] = ((i + 1) * 7919) % n;
		}
		t0 = now_sec();
		b = graph(n, n, e);
		if (!b)
			continue;
		snprintf(what, sizeof(what), "C%d automorphisms", n);
		CHECK_INT(b->n_syms, 2 * n, what);
		CHECK(now_sec() - t0 < 1.0, "C%d in %.3f s", n, now_sec() - t0);
		if (n <= 40)
			CHECK(group_ok(b), "C%d group", n);
		peg_board_free(b);
	}
	/* C_1024 has 2048 symmetries, all listed; C_2049 has 4098, over the
	 * limit, and keeps a subgroup (the reflection fixing one node) */
	for (int n = 1024; n <= 2049; n += 1025) {
		for (int i = 0; i < n; i++) {
			e[2 * i] = i;
			e[2 * i + 1] = (i + 1) % n;
		}
		t0 = now_sec();
		b = graph(n, n, e);
		if (b) {
			CHECK_INT(b->n_syms, n == 1024 ? 2048 : 2, "C1024/C2049");
			peg_board_free(b);
		}
		CHECK(now_sec() - t0 < 2.0, "C%d in %.3f s", n, now_sec() - t0);
	}
	/* paths: the reversal */
	for (int n = 2; n <= 50; n += 4) {
		for (int i = 0; i + 1 < n; i++) {
			e[2 * i] = (i * 13) % n;
			e[2 * i + 1] = ((i + 1) * 13) % n;
		}
		if (n % 13 == 0)
			continue;
		b = graph(n, n - 1, e);
		if (b) {
			CHECK_INT(b->n_syms, 2, "path automorphisms");
			peg_board_free(b);
		}
	}
	/* complete bipartite K(a,b): a! b! (times 2 when a = b) */
	{
		static const int want[][3] = {{3, 3, 72},  {4, 4, 1152},
					      {2, 5, 240}, {3, 4, 144},
					      {5, 5, 2880}, {10, 10, 720}};

		for (int k = 0; k < 6; k++) {
			int a = want[k][0], c = want[k][1], m = 0;

			for (int i = 0; i < a; i++)
				for (int j = 0; j < c; j++) {
					e[2 * m] = i;
					e[2 * m + 1] = a + j;
					m++;
				}
			b = graph(a + c, m, e);
			if (!b)
				continue;
			/* K(5,5) has 28800 and K(10,10) 2 (10!)^2: subgroups */
			CHECK(b->n_syms == want[k][2] && group_ok(b),
			      "K(%d,%d): %d symmetries, want %d", a, c,
			      b->n_syms, want[k][2]);
			peg_board_free(b);
		}
	}
	/* K7 has 5040 automorphisms: a subgroup of at most 4096 is kept */
	{
		int m = 0;

		for (int i = 0; i < 7; i++)
			for (int j = i + 1; j < 7; j++) {
				e[2 * m] = i;
				e[2 * m + 1] = j;
				m++;
			}
		b = graph(7, m, e);
		if (b) {
			CHECK(b->n_syms <= 4096 && 5040 % b->n_syms == 0 &&
				      b->n_syms >= 720,
			      "K7 subgroup: %d", b->n_syms);
			peg_board_free(b);
		}
	}
	/* the Petersen graph: 120 */
	{
		int m = 0;

		for (int i = 0; i < 5; i++) {
			e[2 * m] = i, e[2 * m + 1] = (i + 1) % 5, m++;
			e[2 * m] = i, e[2 * m + 1] = i + 5, m++;
			e[2 * m] = 5 + i, e[2 * m + 1] = 5 + (i + 2) % 5, m++;
		}
		b = graph(10, m, e);
		if (b) {
			CHECK_INT(b->n_syms, 120, "Petersen automorphisms");
			CHECK(group_ok(b), "Petersen group");
			peg_board_free(b);
		}
	}
	/* no edges: every permutation; S_7 (5040) is cut to a subgroup */
	b = graph(7, 0, e);
	if (b) {
		CHECK(b->n_syms <= 4096 && 5040 % b->n_syms == 0 && group_ok(b),
		      "7 isolated nodes: %d", b->n_syms);
		peg_board_free(b);
	}
}

/* @forbid in board files: links and jump lines, the symmetries that
 * survive, and bad items refused with their line. */
static void test_forbid_file(void)
{
	static const char *t5 = "    o\n   o o\n  o o o\n o o o o\no o o o o\n";
	static const struct {
		const char *forbid;
		int jumps, syms;
	} ok[] = {
		{"", 36, 6},
		{"@forbid a1-a2-a3\n", 34, 1},
		{"@forbid a1-a2\n", 34, 1},
		{"@forbid a3-a2-a1 a3-a4-a5\n", 32, 2},
		{"@forbid a1-a2-a3\n@forbid c3-d4-e5 a5-b5-c5\n", 30, 3},
		{"@forbid b3-b4\n", 32, 2}, /* the mirror a1 <-> a5 keeps it */
		{"@forbid\n", 36, 6},
	};
	static const struct {
		const char *forbid, *msg;
	} bad[] = {
		{"@forbid a1-c3\n", ":2: bad @forbid item 'a1-c3': the holes are not "
				  "neighbours"},
		{"@forbid a1-a2-b3\n", "not consecutive"},
		{"@forbid z9-a1\n", "no hole 'z9'"},
		{"@forbid a1\n", "expected two neighbouring holes"},
		{"@forbid a1-a2-a3-a4\n", "expected two neighbouring holes"},
		{"@forbidden a1-a2\n", "unknown directive"},
	};
	char path[256], spec[300], text[512];
	struct peg_err err;
	struct peg_board *b;

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		snprintf(text, sizeof(text), "@lattice triangular\n%s%s",
			 ok[i].forbid, t5);
		put_file("forbid.txt", "file", text, path, spec, sizeof(path));
		b = peg_board_parse(spec, &err);
		CHECK(b != NULL, "forbid file %zu: %s", i, b ? "" : err.msg);
		if (!b)
			continue;
		CHECK(b->n_jumps == ok[i].jumps && b->n_syms == ok[i].syms &&
			      b->jumps_removed == 36 - ok[i].jumps,
		      "forbid file %zu: %d jumps, %d syms", i, b->n_jumps,
		      b->n_syms);
		peg_board_free(b);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(text, sizeof(text), "@lattice triangular\n%s%s",
			 bad[i].forbid, t5);
		put_file("forbid.txt", "file", text, path, spec, sizeof(path));
		b = peg_board_parse(spec, &err);
		CHECK(b == NULL && strstr(err.msg, bad[i].msg),
		      "bad forbid %zu refused: %s", i, b ? "(built)" : err.msg);
		peg_board_free(b);
	}
	/* Think and Jump written as a file: the same board */
	put_file("forbid.txt", "file",
		 "@lattice triangular\n"
		 "@forbid b1-c1 e7-f7 a2-a3 b5-c6 e2-f3 g5-g6\n"
		 "   o o o o\n  o o o o o\n o o o o o o\no o o o o o o\n"
		 " o o o o o o\n  o o o o o\n   o o o o\n",
		 path, spec, sizeof(path));
	b = peg_board_parse(spec, &err);
	CHECK(b != NULL, "think and jump file: %s", b ? "" : err.msg);
	if (b) {
		CHECK(b->n_jumps == 114 && b->n_syms == 12,
		      "think and jump file: %d jumps, %d syms", b->n_jumps,
		      b->n_syms);
		peg_board_free(b);
	}
	remove(path);
}

int main(void)
{
	test_families();
	test_flower_chiral();
	test_jumps();
	test_restricted();
	test_names();
	test_codes();
	test_hole_orbits();
	test_graph_and_file();
	test_large();
	test_bad_specs();
	test_limits();
	test_file_limits();
	test_automorphisms();
	test_forbid_file();
	return check_done();
}
