/* families.c - board families of the seeds and the board spec parser.
 *
 * Each family is one constructor that lists cells; peg_board_from_cells does
 * the rest.  Triangular lattice cells are skew coordinates (board.h). */
#include "pegsol/board.h"

#include "boardio.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* A growable list of cells. */
struct cells {
	int n, cap;
	int *x, *y;
	int oom;
};

static void add(struct cells *c, int x, int y)
{
	if (c->oom)
		return;
	if (c->n == c->cap) {
		int cap = c->cap ? 2 * c->cap : 64;
		int *nx = realloc(c->x, (size_t)cap * sizeof(int));
		int *ny;

		if (!nx) {
			c->oom = 1;
			return;
		}
		c->x = nx;
		ny = realloc(c->y, (size_t)cap * sizeof(int));
		if (!ny) {
			c->oom = 1;
			return;
		}
		c->y = ny;
		c->cap = cap;
	}
	c->x[c->n] = x;
	c->y[c->n] = y;
	c->n++;
}

/* Build the board of the cells (freed), titled by printf(fmt, ...). */
static struct peg_board *finish(struct cells *c, enum peg_lattice lat,
				const char *spec, struct peg_err *err,
				const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static struct peg_board *finish(struct cells *c, enum peg_lattice lat,
				const char *spec, struct peg_err *err,
				const char *fmt, ...)
{
	struct peg_board *b = NULL;
	char title[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(title, sizeof(title), fmt, ap);
	va_end(ap);
	if (c->oom)
		peg_err_set(err, "out of memory");
	else
		b = peg_board_from_cells(lat, 0, c->n, c->x, c->y, spec, title,
					 err);
	free(c->x);
	free(c->y);
	return b;
}

/* finish with a jump rule (boardio.h) */
static struct peg_board *finish_rule(struct cells *c, peg_jump_rule_fn *rule,
				     const char *spec, const char *title,
				     struct peg_err *err)
{
	struct peg_board *b = NULL;

	if (c->oom)
		peg_err_set(err, "out of memory");
	else
		b = peg_board_cells_rule(PEG_LATTICE_TRI, 0, c->n, c->x, c->y,
					 rule, NULL, spec, title, err);
	free(c->x);
	free(c->y);
	return b;
}

static int hexdist(int x, int y)
{
	int a = abs(x), b = abs(y), d = abs(x - y);

	return a > b ? (a > d ? a : d) : (b > d ? b : d);
}

/* 60-degree rotation about the origin in skew coordinates */
static void rot60(int *x, int *y)
{
	int nx = *x - *y, ny = *x;

	*x = nx;
	*y = ny;
}

static void tri_cells(struct cells *c, int n)
{
	for (int y = 0; y < n; y++)
		for (int x = 0; x <= y; x++)
			add(c, x, y);
}

static void hex_cells(struct cells *c, int r)
{
	for (int y = -r; y <= r; y++)
		for (int x = -r; x <= r; x++)
			if (hexdist(x, y) <= r)
				add(c, x, y);
}

static struct peg_board *make_triangle(int n, const char *spec,
				       struct peg_err *err)
{
	struct cells c = {0};

	tri_cells(&c, n);
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Triangle(%d)", n);
}

static struct peg_board *make_trunc(int n, const char *spec,
				    struct peg_err *err)
{
	struct peg_board *b;
	struct cells c = {0};

	for (int y = 0; y < n; y++)
		for (int x = 0; x <= y; x++)
			if (!((x == 0 && y == 0) || (x == 0 && y == n - 1) ||
			      (x == n - 1 && y == n - 1)))
				add(&c, x, y);
	b = finish(&c, PEG_LATTICE_TRI, spec, err, "Truncated Triangle(%d)",
		   n);
	if (b && n > 2)
		b->name_y0 = 1; /* keep Triangle(n)'s names: b2 .. */
	return b;
}

static struct peg_board *make_ext(int n, const char *spec, struct peg_err *err)
{
	struct cells c = {0};

	tri_cells(&c, n);
	/* two holes beyond each corner, forming a small triangle with it;
	 * the other corners are Bell's rotation r(x,y) = (y-x, n-1-x) of the
	 * pair above a1 */
	add(&c, 0, -1);
	add(&c, -1, -1);
	add(&c, -1, n - 1);
	add(&c, 0, n);
	add(&c, n, n);
	add(&c, n, n - 1);
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Extended Triangle(%d)",
		      n);
}

static struct peg_board *make_rhombus(int n, const char *spec,
				      struct peg_err *err)
{
	struct cells c = {0};

	for (int y = 0; y < n; y++)
		for (int x = 0; x < n; x++)
			add(&c, x, y);
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Rhombus(%d)", n);
}

static struct peg_board *make_hexagon(int n, const char *spec,
				      struct peg_err *err)
{
	struct cells c = {0};

	hex_cells(&c, n - 1);
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Hexagon(%d)", n);
}

static struct peg_board *make_star(int n, const char *spec,
				   struct peg_err *err)
{
	struct cells c = {0};
	int m = 3 * n - 2, k = n - 1;

	/* the union of an upright triangle of side 3n-2 and its point
	 * reflection through the centre (n-1, 2n-2): Hexagon(n) plus six
	 * Triangle(n-1) */
	for (int y = 0; y < m; y++)
		for (int x = 0; x <= y; x++) {
			add(&c, x, y);
			/* reflected cell, unless it is in the triangle */
			int rx = 2 * k - x, ry = 4 * k - y;

			if (!(rx >= 0 && rx <= ry && ry < m))
				add(&c, rx, ry);
		}
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Star(%d)", n);
}

static struct peg_board *make_propeller(int n, const char *spec,
					struct peg_err *err)
{
	struct cells c = {0};

	/* three Triangle(n) sharing their apex, in alternate 60-degree
	 * sectors (rotations by 0, 120 and 240 degrees) */
	for (int y = 0; y < n; y++)
		for (int x = 0; x <= y; x++) {
			int px = x, py = y;

			add(&c, px, py);
			if (x == 0 && y == 0)
				continue;
			for (int k = 0; k < 2; k++) {
				rot60(&px, &py);
				rot60(&px, &py);
				add(&c, px, py);
			}
		}
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Propeller(%d)", n);
}

static struct peg_board *make_hourglass(int m, const char *spec,
					struct peg_err *err)
{
	struct cells c = {0};

	/* rows of width m..3 of Triangle(m), then its point reflection
	 * through the middle of the width-3 row: widths m,..,4,3,4,..,m */
	for (int y = 2; y < m; y++)
		for (int x = 0; x <= y; x++) {
			add(&c, x, y);
			if (y > 2)
				add(&c, 2 - x, 4 - y);
		}
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Hourglass(%d)",
		      m * (m + 1) - 9);
}

/* Flower boards (seed 003 "Floral Arrangements"): a hexagon plus 6 or 12
 * holes placed with 6-fold rotational symmetry and no reflection symmetry,
 * so that the board dissects into null-class pieces: 25 = six Triangle(2) +
 * Hexagon(2); 43 = six Triangle(3) + Hexagon(2); 49 = seven Hexagon(2).
 * Each set of extra holes is the orbit of the seeds below (found by a
 * search for those dissections; each shape has exactly one mirror pair).
 * The seed names a fourth, 97 holes on Hexagon(6), without a picture. */
static struct peg_board *make_flower(int holes, const char *spec,
				     struct peg_err *err)
{
	struct cells c = {0};
	int r, seeds[2][2], ns;

	if (holes == 25) {
		r = 2;
		seeds[0][0] = 3, seeds[0][1] = 1, ns = 1;
	} else if (holes == 97) {
		/* Hexagon(6) plus 6 (seed 003 gives no more): the hole next
		 * to a corner, as on 25 and 43; (6,2) would be null-class
		 * too (docs/board-files.md) */
		r = 5;
		seeds[0][0] = 6, seeds[0][1] = 1, ns = 1;
	} else if (holes == 43) {
		r = 3;
		seeds[0][0] = 4, seeds[0][1] = 1, ns = 1;
	} else {
		r = 3;
		seeds[0][0] = 4, seeds[0][1] = 1;
		seeds[1][0] = 4, seeds[1][1] = 2, ns = 2;
	}
	hex_cells(&c, r);
	for (int s = 0; s < ns; s++) {
		int x = seeds[s][0], y = seeds[s][1];

		for (int k = 0; k < 6; k++) {
			add(&c, x, y);
			rot60(&x, &y);
		}
	}
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Flower(%d)", holes);
}

/* Think and Jump (Pressman; seed 003 "Hexagonal Boards"): Hexagon(4)
 * whose drawn lines lack the middle segment of each side, so no jump runs
 * along a side (Jaap Scherphuis' page, the seed's W12): 6 segments, 12
 * jump lines, 24 jumps.  The rule marks the six segments: both ends are
 * side holes that are not corners. */
static int tj_rule(void *ctx, const struct peg_board *b,
		   struct peg_jump_marks *m, struct peg_err *err)
{
	(void)ctx;
	(void)err;
	for (int h = 0; h < b->n_holes; h++) {
		int x = b->hx[h] + m->x0, y = b->hy[h] + m->y0;

		/* h and its neighbour in direction (1,0), (0,1) or (1,1)
		 * both on the rim (distance 3 from the centre) and neither a
		 * corner (a corner has x, y or x - y zero) */
		for (int d = 0; d < 3; d++) {
			static const int dx[3] = {1, 0, 1}, dy[3] = {0, 1, 1};
			int nx = x + dx[d], ny = y + dy[d];
			int k = peg_board_hole_at(b, b->hx[h] + dx[d],
						  b->hy[h] + dy[d]);

			if (k < 0 || hexdist(x, y) != 3 ||
			    hexdist(nx, ny) != 3 || !x || !y || x == y ||
			    !nx || !ny || nx == ny)
				continue;
			if (peg_board_mark_link(b, m, h, k))
				return -1;
		}
	}
	return 0;
}

static struct peg_board *make_think_jump(int param, const char *spec,
					 struct peg_err *err)
{
	struct cells c = {0};

	(void)param;
	hex_cells(&c, 3);
	return finish_rule(&c, tj_rule, spec, "Think and Jump", err);
}

/* Maple Leaf (the 1967 Canadian Centennial board; seed 003 "Stellar
 * Boards"): Star(3) without its bottom point (3 holes) and without the
 * middle hole of the hexagon's bottom side, 33 holes.  Jumps run only
 * along the white lines between its 11 triangles.  Those are the twelve
 * side-2 triangles of Star(3) (six around the centre, six points) less the
 * cut point; their edges are the lattice lines of even index through the
 * centre, so a jump is kept when its line is even: y, x or x - y even for
 * the row, column and diagonal lines, coordinates from the centre.  The
 * outer edges count (a point's tip lies on no other line: without them it
 * could never be emptied, and the seed says the central game is
 * solvable). */
static int maple_rule(void *ctx, const struct peg_board *b,
		      struct peg_jump_marks *m, struct peg_err *err)
{
	(void)ctx;
	(void)err;
	for (int h = 0; h < b->n_holes; h++) {
		int x = b->hx[h] + m->x0, y = b->hy[h] + m->y0;
		int line[3] = {y, x, x - y}; /* axes (1,0), (0,1), (1,1) */

		for (int a = 0; a < 3; a++)
			if (line[a] % 2)
				m->line[h] |= (unsigned char)(1u << a);
	}
	return 0;
}

static struct peg_board *make_maple(int param, const char *spec,
				    struct peg_err *err)
{
	struct cells c = {0};

	(void)param;
	/* Star(3) about its centre (make_star's cells less (2, 4)); the
	 * bottom point is rows 3 and 4 below the centre, the hole cut by
	 * the stem is (1, 2), straight below it */
	for (int y = 0; y < 7; y++)
		for (int x = 0; x <= y; x++) {
			int rx = 4 - x, ry = 8 - y; /* make_star's reflection */
			int in_up = rx >= 0 && rx <= ry && ry < 7;
			int cx[2] = {x - 2, rx - 2}, cy[2] = {y - 4, ry - 4};

			for (int k = 0; k < 2; k++) {
				if ((k && in_up) || cy[k] >= 3 ||
				    (cx[k] == 1 && cy[k] == 2))
					continue;
				add(&c, cx[k], cy[k]);
			}
		}
	return finish_rule(&c, maple_rule, spec, "Maple Leaf", err);
}

/* Subtrax (ThinkFun, Nob Yoshigahara; seed 003): Hexagon(3) without three
 * alternate corners, 16 holes. */
static struct peg_board *make_subtrax(int param, const char *spec,
				      struct peg_err *err)
{
	struct cells c = {0};

	(void)param;
	for (int y = -2; y <= 2; y++)
		for (int x = -2; x <= 2; x++)
			if (hexdist(x, y) <= 2 &&
			    !((x == 2 && y == 0) || (x == 0 && y == 2) ||
			      (x == -2 && y == -2)))
				add(&c, x, y);
	return finish(&c, PEG_LATTICE_TRI, spec, err, "Subtrax");
}

static struct peg_board *make_cross(int which, const char *spec,
				    struct peg_err *err)
{
	struct cells c = {0};
	const char *title;
	int size = which == 2 ? 9 : 7, lo = which == 2 ? 3 : 2,
	    hi = which == 2 ? 5 : 4;

	for (int y = 0; y < size; y++)
		for (int x = 0; x < size; x++)
			if ((x >= lo && x <= hi) || (y >= lo && y <= hi))
				add(&c, x, y);
	if (which == 1) { /* French: English plus b2, f2, b6, f6 */
		add(&c, 1, 1);
		add(&c, 5, 1);
		add(&c, 1, 5);
		add(&c, 5, 5);
	}
	title = which == 0 ? "English 33" : which == 1 ? "French 37"
						       : "Wiegleb 45";
	return finish(&c, PEG_LATTICE_SQUARE, spec, err, "%s", title);
}

static struct peg_board *make_rect(int w, int h, const char *spec,
				   struct peg_err *err)
{
	struct cells c = {0};

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			add(&c, x, y);
	if (w == h)
		return finish(&c, PEG_LATTICE_SQUARE, spec, err, "Square(%d)",
			      w);
	return finish(&c, PEG_LATTICE_SQUARE, spec, err, "Rectangle(%dx%d)",
		      w, h);
}

static const struct peg_family_info families[] = {
	{"triangle", "N", "triangle with N holes on a side, T(N) = N(N+1)/2 holes (alias TN)", "triangle:5"},
	{"trunc-triangle", "N", "triangle with its 3 corners removed, T(N)-3 holes", "trunc-triangle:5"},
	{"ext-triangle", "N", "triangle with 2 holes added beyond each corner, T(N)+6 holes", "ext-triangle:5"},
	{"rhombus", "N", "N x N rhombus on the triangular lattice, N^2 holes", "rhombus:6"},
	{"hexagon", "N", "hexagon with N holes on a side, 3N(N-1)+1 holes", "hexagon:5"},
	{"star", "N", "hexagon N with a Triangle(N-1) on each side, 6N(N-1)+1 holes", "star:2"},
	{"propeller", "N", "three Triangle(N) joined at their apex, 3T(N)-2 holes", "propeller:3"},
	{"hourglass", "21|33|...", "two triangles tip to tip sharing a row of 3 (rows 5,4,3,4,5 or 6,5,4,3,4,5,6)", "hourglass:21"},
	{"flower", "25|43|49|97", "hexagon with 6-fold rotational symmetry only, null-class", "flower:25"},
	{"think-and-jump", "", "Pressman's Hexagon(4), no jumps along its sides (24 jumps forbidden)", "think-and-jump"},
	{"maple-leaf", "", "33-hole Canadian Centennial board from Star(3), jumps only along its lines", "maple-leaf"},
	{"subtrax", "", "ThinkFun's Hexagon(3) without 3 alternate corners, 16 holes", "subtrax"},
	{"english", "", "33-hole cross (square lattice), d4 is the centre", "english"},
	{"french", "", "37-hole French board (square lattice)", "french"},
	{"wiegleb", "", "45-hole Wiegleb board (square lattice)", "wiegleb"},
	{"square", "N", "N x N square lattice board", "square:6"},
	{"rect", "WxH", "W x H rectangle on the square lattice", "rect:4x5"},
	{"file", "PATH", "ASCII-art board on either lattice (docs/board-files.md)", "file:boards/penguin.txt"},
	{"graph", "PATH", "edge list; a jump is any path u-v-w with u != w", "graph:cycle6.txt"},
	{NULL, NULL, NULL, NULL}};

const struct peg_family_info *peg_board_families(void)
{
	return families;
}

/* Parse a positive decimal parameter that is the whole string. */
static int parse_param(const char *s, long *out)
{
	char *end;
	long v;

	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtol(s, &end, 10);
	if (*end || v < 0 || v > 100000000L)
		return -1;
	*out = v;
	return 0;
}

static long clamp(long v, long lo, long hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

void peg_board_limits_init(struct peg_board_limits *lim, long max_holes)
{
	long h = max_holes > 0 ? max_holes : PEG_BOARD_MAX_HOLES;
	long s = h > PEG_BOARD_HARD_HOLES ? PEG_BOARD_HARD_HOLES : h;

	lim->max_holes = h;
	lim->max_jumps = clamp(64 * s, 65536, PEG_GRAPH_MAX_JUMPS);
	lim->max_area = clamp(64 * s, 1L << 20, PEG_BOARD_MAX_AREA);
	lim->max_file_bytes = clamp(256 * s, 1L << 20,
				    PEG_BOARD_MAX_FILE_BYTES);
}

/* The limits in force: the defaults for NULL, holes at most the hard
 * limit. */
static void limits_get(const struct peg_board_limits *in,
		       struct peg_board_limits *out)
{
	if (in)
		*out = *in;
	else
		peg_board_limits_init(out, 0);
	if (out->max_holes > PEG_BOARD_HARD_HOLES || out->max_holes < 1)
		out->max_holes = PEG_BOARD_HARD_HOLES;
}

/* A spec read but not built: the family, its parameters, its canonical
 * spelling and (families) its hole count. */
enum family {
	FAM_TRIANGLE,
	FAM_TRUNC,
	FAM_EXT,
	FAM_RHOMBUS,
	FAM_HEXAGON,
	FAM_STAR,
	FAM_PROPELLER,
	FAM_SQUARE,
	FAM_RECT,
	FAM_HOURGLASS,
	FAM_FLOWER,
	FAM_CROSS,
	FAM_NAMED,
	FAM_FILE,
	FAM_GRAPH
};

struct spec_kind;

struct spec {
	const struct spec_kind *kind;
	enum family fam;
	long n, w, h;     /* parameter; rect W x H; hourglass: m */
	long param;       /* what kind->make takes */
	const char *path; /* file and graph */
	long long holes;  /* -1 for files */
	char canon[4200];
};

static struct peg_board *make_square(int n, const char *spec,
				     struct peg_err *err)
{
	return make_rect(n, n, spec, err);
}

/* Holes of a numbered family with parameter n (seed 003's formulas, the
 * table in docs/board-files.md). */
static long long family_holes(enum family f, long long n)
{
	long long t = n * (n + 1) / 2;

	switch (f) {
	case FAM_TRIANGLE:
		return t;
	case FAM_TRUNC:
		return t - 3;
	case FAM_EXT:
		return t + 6;
	case FAM_RHOMBUS:
	case FAM_SQUARE:
		return n * n;
	case FAM_HEXAGON:
		return 3 * n * (n - 1) + 1;
	case FAM_STAR:
		return 6 * n * (n - 1) + 1;
	case FAM_PROPELLER:
		return 3 * t - 2;
	default:
		return -1;
	}
}

/* The argument of NAME:N, a whole number: 0, or -1 with err. */
static int arg_number(const struct spec_kind *k, const char *arg,
		      const char *spec, struct spec *sp, struct peg_err *err);

/* Each kind reads its argument (NULL when the spec has no ':') into sp:
 * 0, or -1 with err. */
typedef int spec_arg_fn(const struct spec_kind *k, const char *arg,
			const char *spec, struct spec *sp,
			struct peg_err *err);

/* A family a spec can name: its spelling, how its argument is read and
 * its constructor (called with sp->param); the table is kinds[]. */
struct spec_kind {
	const char *name;
	enum family fam;
	long min; /* NAME:N families: the smallest N; crosses: which */
	spec_arg_fn *arg;
	struct peg_board *(*make)(int param, const char *spec,
				  struct peg_err *err);
};

/* NAME:N with a side N of at least k->min. */
static int arg_side(const struct spec_kind *k, const char *arg,
		    const char *spec, struct spec *sp, struct peg_err *err)
{
	if (arg_number(k, arg, spec, sp, err))
		return -1;
	if (sp->n < k->min) {
		peg_err_set(err,
			    "bad board spec '%s': size %ld is out of range (%ld "
			    "or more)",
			    spec, sp->n, k->min);
		return -1;
	}
	sp->param = sp->n;
	sp->holes = family_holes(k->fam, sp->n);
	return 0;
}

/* english, french, wiegleb: no argument. */
static int arg_none(const struct spec_kind *k, const char *arg,
		    const char *spec, struct spec *sp, struct peg_err *err)
{
	static const int holes[] = {33, 37, 45};

	if (arg) {
		peg_err_set(err, "board '%s' takes no parameter: '%s'", k->name,
			    spec);
		return -1;
	}
	sp->n = sp->param = k->min;
	sp->holes = holes[k->min];
	return 0;
}

/* think-and-jump, maple-leaf, subtrax: no argument, k->min holes. */
static int arg_named(const struct spec_kind *k, const char *arg,
		     const char *spec, struct spec *sp, struct peg_err *err)
{
	if (arg) {
		peg_err_set(err, "board '%s' takes no parameter: '%s'", k->name,
			    spec);
		return -1;
	}
	sp->n = sp->param = sp->holes = k->min;
	return 0;
}

/* file:PATH, graph:PATH. */
static int arg_path(const struct spec_kind *k, const char *arg,
		    const char *spec, struct spec *sp, struct peg_err *err)
{
	if (!arg || !*arg) {
		peg_err_set(err, "board '%s' needs a path: '%s:PATH'", k->name,
			    k->name);
		return -1;
	}
	sp->path = arg;
	return 0;
}

/* rect:WxH. */
static int arg_rect(const struct spec_kind *k, const char *arg,
		    const char *spec, struct spec *sp, struct peg_err *err)
{
	const char *x = arg ? strchr(arg, 'x') : NULL;
	char a[32], bb[32];
	long w, h;

	if (!x || (size_t)(x - arg) >= sizeof(a) ||
	    strlen(x + 1) >= sizeof(bb))
		goto bad;
	memcpy(a, arg, (size_t)(x - arg));
	a[x - arg] = '\0';
	strcpy(bb, x + 1);
	if (parse_param(a, &w) || parse_param(bb, &h) || w < 1 || h < 1)
		goto bad;
	sp->w = w;
	sp->h = h;
	sp->holes = (long long)w * h;
	snprintf(sp->canon, sizeof(sp->canon), "rect:%ldx%ld", w, h);
	return 0;
bad:
	peg_err_set(err,
		    "bad board spec '%s': expected rect:WxH with W, H >= 1",
		    spec);
	return -1;
}

/* hourglass:N, N = 2T(m) - 9 holes for a bottom triangle of side m >= 4. */
static int arg_hourglass(const struct spec_kind *k, const char *arg,
			 const char *spec, struct spec *sp,
			 struct peg_err *err)
{
	if (arg_number(k, arg, spec, sp, err))
		return -1;
	for (long m = 4; m * (m + 1) - 9 <= sp->n; m++)
		if (m * (m + 1) - 9 == sp->n) {
			sp->w = sp->param = m;
			sp->holes = sp->n;
			return 0;
		}
	peg_err_set(err,
		    "bad board spec '%s': hourglass boards have 2T(m)-9 holes "
		    "(11, 21, 33, 47, ...)",
		    spec);
	return -1;
}

/* flower:25, flower:43, flower:49. */
static int arg_flower(const struct spec_kind *k, const char *arg,
		      const char *spec, struct spec *sp, struct peg_err *err)
{
	if (arg_number(k, arg, spec, sp, err))
		return -1;
	if (sp->n != 25 && sp->n != 43 && sp->n != 49 && sp->n != 97) {
		peg_err_set(err,
			    "bad board spec '%s': flower boards are flower:25, "
			    "flower:43, flower:49 and flower:97",
			    spec);
		return -1;
	}
	sp->param = sp->holes = sp->n;
	return 0;
}

static const struct spec_kind kinds[] = {
	{"triangle", FAM_TRIANGLE, 1, arg_side, make_triangle},
	{"trunc-triangle", FAM_TRUNC, 3, arg_side, make_trunc},
	{"ext-triangle", FAM_EXT, 1, arg_side, make_ext},
	{"rhombus", FAM_RHOMBUS, 1, arg_side, make_rhombus},
	{"hexagon", FAM_HEXAGON, 1, arg_side, make_hexagon},
	{"star", FAM_STAR, 1, arg_side, make_star},
	{"propeller", FAM_PROPELLER, 1, arg_side, make_propeller},
	{"square", FAM_SQUARE, 1, arg_side, make_square},
	{"english", FAM_CROSS, 0, arg_none, make_cross},
	{"french", FAM_CROSS, 1, arg_none, make_cross},
	{"wiegleb", FAM_CROSS, 2, arg_none, make_cross},
	{"rect", FAM_RECT, 0, arg_rect, NULL},
	{"hourglass", FAM_HOURGLASS, 0, arg_hourglass, make_hourglass},
	{"flower", FAM_FLOWER, 0, arg_flower, make_flower},
	{"think-and-jump", FAM_NAMED, 37, arg_named, make_think_jump},
	{"maple-leaf", FAM_NAMED, 33, arg_named, make_maple},
	{"subtrax", FAM_NAMED, 16, arg_named, make_subtrax},
	{"file", FAM_FILE, 0, arg_path, NULL},
	{"graph", FAM_GRAPH, 0, arg_path, NULL},
	{NULL, 0, 0, NULL, NULL}};

static int arg_number(const struct spec_kind *k, const char *arg,
		      const char *spec, struct spec *sp, struct peg_err *err)
{
	if (!arg || parse_param(arg, &sp->n)) {
		peg_err_set(err,
			    "bad board spec '%s': expected '%s:N' with a whole "
			    "number N",
			    spec, k->name);
		return -1;
	}
	snprintf(sp->canon, sizeof(sp->canon), "%s:%ld", k->name, sp->n);
	return 0;
}

/* Read a spec: its syntax and parameters, nothing built.  0 or -1. */
static int spec_read(const char *spec, struct spec *sp, struct peg_err *err)
{
	char fam[32];
	const char *colon;
	size_t flen;
	long n = 0;

	memset(sp, 0, sizeof(*sp));
	sp->holes = -1;
	if (!spec || !*spec) {
		peg_err_set(err, "empty board spec (try 'pegsol boards')");
		return -1;
	}
	if (strlen(spec) > 4096) {
		peg_err_set(err, "board spec is too long");
		return -1;
	}
	/* alias TN */
	if ((spec[0] == 'T' || spec[0] == 't') && spec[1] &&
	    isdigit((unsigned char)spec[1])) {
		if (parse_param(spec + 1, &n) || n < 1) {
			peg_err_set(err,
				    "bad board spec '%s': triangle side must "
				    "be a whole number from 1",
				    spec);
			return -1;
		}
		sp->kind = &kinds[0];
		sp->fam = FAM_TRIANGLE;
		sp->n = sp->param = n;
		sp->holes = family_holes(FAM_TRIANGLE, n);
		snprintf(sp->canon, sizeof(sp->canon), "triangle:%ld", n);
		return 0;
	}
	colon = strchr(spec, ':');
	flen = colon ? (size_t)(colon - spec) : strlen(spec);
	if (flen >= sizeof(fam)) {
		peg_err_set(err, "unknown board family in '%s' (try 'pegsol boards')",
			    spec);
		return -1;
	}
	memcpy(fam, spec, flen);
	fam[flen] = '\0';
	snprintf(sp->canon, sizeof(sp->canon), "%s", spec);
	for (const struct spec_kind *k = kinds; k->name; k++)
		if (!strcmp(k->name, fam)) {
			sp->kind = k;
			sp->fam = k->fam;
			return k->arg(k, colon ? colon + 1 : NULL, spec, sp,
				      err);
		}
	peg_err_set(err, "unknown board '%s' (try 'pegsol boards')", spec);
	return -1;
}

struct peg_board *peg_board_parse_limits(const char *spec,
					 const struct peg_board_limits *lim,
					 struct peg_err *err)
{
	struct peg_board_limits l;
	struct spec sp;

	if (spec_read(spec, &sp, err))
		return NULL;
	limits_get(lim, &l);
	if (sp.fam == FAM_FILE)
		return peg_board_from_file(sp.path, spec, &l, NULL, err);
	if (sp.fam == FAM_GRAPH)
		return peg_board_from_graph_file(sp.path, spec, &l, NULL, err);
	if (sp.holes > l.max_holes) {
		peg_board_err_holes(err, spec, sp.holes, l.max_holes);
		return NULL;
	}
	/* within the limits every parameter fits an int */
	if (sp.fam == FAM_RECT)
		return make_rect((int)sp.w, (int)sp.h, sp.canon, err);
	return sp.kind->make((int)sp.param, sp.canon, err);
}

struct peg_board *peg_board_parse(const char *spec, struct peg_err *err)
{
	return peg_board_parse_limits(spec, NULL, err);
}

struct peg_board *peg_board_parse_max(const char *spec, long max_holes,
				      struct peg_err *err)
{
	struct peg_board_limits l;

	peg_board_limits_init(&l, max_holes);
	return peg_board_parse_limits(spec, &l, err);
}

long long peg_board_spec_holes(const char *spec, struct peg_err *err)
{
	struct peg_board_limits l;
	struct spec sp;
	long long holes = -1;

	if (spec_read(spec, &sp, err))
		return -1;
	if (sp.fam != FAM_FILE && sp.fam != FAM_GRAPH)
		return sp.holes;
	/* files are read under the default byte limit */
	peg_board_limits_init(&l, 0);
	if (sp.fam == FAM_FILE)
		peg_board_from_file(sp.path, spec, &l, &holes, err);
	else
		peg_board_from_graph_file(sp.path, spec, &l, &holes, err);
	return holes;
}
