/* board.c - the common board structure: holes in row-major order, jump lines,
 * symmetry group computed from the geometry, hole names. */
#include "pegsol/board.h"

#include "boardio.h"
#include "graphaut.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *d = malloc(n);

	if (d)
		memcpy(d, s, n);
	return d;
}

void peg_board_free(struct peg_board *b)
{
	if (!b)
		return;
	if (b->labels) {
		for (int i = 0; i < b->n_holes; i++)
			free(b->labels[i]);
		free(b->labels);
	}
	free(b->spec);
	free(b->title);
	free(b->hx);
	free(b->hy);
	free(b->grid);
	free(b->row_first);
	free(b->jumps);
	free(b->jump_first);
	free(b->sym);
	free(b);
}

int peg_board_hole_at(const struct peg_board *b, int x, int y)
{
	if (x < 0 || y < 0 || x >= b->width || y >= b->height || !b->grid)
		return -1;
	return b->grid[(size_t)y * b->width + x];
}

/* Jump directions per lattice: the first half, then their negatives. */
static const int tri_dirs[6][2] = {{1, 0}, {0, 1}, {1, 1},
				   {-1, 0}, {0, -1}, {-1, -1}};
static const int sq_dirs[8][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1},
				  {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}};

/* Direction index of the unit step (dx, dy) in the lattice's table, or -1. */
static int lattice_dir(const struct peg_board *b, int dx, int dy)
{
	const int(*dirs)[2] = b->lattice == PEG_LATTICE_TRI ? tri_dirs : sq_dirs;
	int nd = b->lattice == PEG_LATTICE_TRI ? 6 : 8;

	for (int d = 0; d < nd; d++)
		if (dirs[d][0] == dx && dirs[d][1] == dy)
			return d;
	return -1;
}

/* The axis of direction d: d and its negative share one (tri 0..2, square
 * 0..3), the bit of the marks' line bytes. */
static int dir_axis(const struct peg_board *b, int d)
{
	return d % (b->lattice == PEG_LATTICE_TRI ? 3 : 4);
}

/* The direction from hole a to hole c when they are neighbours on one of
 * the board's jump lines, else -1. */
static int step_dir(const struct peg_board *b, int a, int c)
{
	int d = lattice_dir(b, b->hx[c] - b->hx[a], b->hy[c] - b->hy[a]);

	if (d < 0 || (b->lattice == PEG_LATTICE_SQUARE && !b->diagonal &&
		      (d == 2 || d == 3 || d == 6 || d == 7)))
		return -1;
	return d;
}

int peg_board_mark_link(const struct peg_board *b, struct peg_jump_marks *m,
			int h1, int h2)
{
	int d = step_dir(b, h1, h2);

	if (d < 0)
		return -1;
	m->link[h1] |= (unsigned char)(1u << d);
	d = step_dir(b, h2, h1);
	m->link[h2] |= (unsigned char)(1u << d);
	return 0;
}

int peg_board_mark_line(const struct peg_board *b, struct peg_jump_marks *m,
			int from, int over, int to)
{
	int d = step_dir(b, from, over);

	if (d < 0 || step_dir(b, over, to) != d)
		return -1;
	m->line[over] |= (unsigned char)(1u << dir_axis(b, d));
	return 0;
}

/* Every lattice line of three holes is a jump, unless the marks m (NULL:
 * none) take it away: a missing link on either of its two steps, or a
 * forbidden line through its middle hole.  b->jumps_removed counts what
 * the marks took. */
static int build_lattice_jumps(struct peg_board *b,
			       const struct peg_jump_marks *m,
			       struct peg_err *err)
{
	const int(*dirs)[2];
	int nd;
	size_t cap, n = 0;

	if (b->lattice == PEG_LATTICE_TRI) {
		dirs = tri_dirs;
		nd = 6;
	} else {
		dirs = sq_dirs;
		nd = 8;
	}
	cap = (size_t)b->n_holes * (size_t)nd;
	b->jumps = malloc((cap ? cap : 1) * sizeof(*b->jumps));
	b->jump_first = malloc(((size_t)b->n_holes + 1) * sizeof(int));
	if (!b->jumps || !b->jump_first) {
		peg_err_set(err, "out of memory building jumps");
		return -1;
	}
	b->jumps_removed = 0;
	for (int h = 0; h < b->n_holes; h++) {
		b->jump_first[h] = (int)n;
		for (int d = 0; d < nd; d++) {
			int dx = dirs[d][0], dy = dirs[d][1];
			unsigned bit = 1u << d;
			int o, t;

			if (b->lattice == PEG_LATTICE_SQUARE && !b->diagonal &&
			    dx != 0 && dy != 0)
				continue;
			o = peg_board_hole_at(b, b->hx[h] + dx, b->hy[h] + dy);
			t = peg_board_hole_at(b, b->hx[h] + 2 * dx,
					      b->hy[h] + 2 * dy);
			if (o < 0 || t < 0)
				continue;
			if (m && ((m->link[h] & bit) || (m->link[o] & bit) ||
				  (m->line[o] & (1u << dir_axis(b, d))))) {
				b->jumps_removed++;
				continue;
			}
			b->jumps[n].from = h;
			b->jumps[n].over = o;
			b->jumps[n].to = t;
			n++;
		}
	}
	b->jump_first[b->n_holes] = (int)n;
	b->n_jumps = (int)n;
	return 0;
}

/* Whether the hole permutation p maps every jump of b to a jump (then onto
 * the jumps: there are as many). */
static int maps_jumps(const struct peg_board *b, const int *p)
{
	for (int j = 0; j < b->n_jumps; j++) {
		const struct peg_jump *jp = &b->jumps[j];
		int f = p[jp->from], o = p[jp->over], t = p[jp->to], k;

		for (k = b->jump_first[f]; k < b->jump_first[f + 1]; k++)
			if (b->jumps[k].over == o && b->jumps[k].to == t)
				break;
		if (k == b->jump_first[f + 1])
			return 0;
	}
	return 1;
}

/* The point groups as integer matrices {a, b, c, d}: (x,y) -> (ax+by, cx+dy).
 * Triangular lattice in skew coordinates: R(x,y) = (x-y, x) rotates by 60
 * degrees (it maps direction (1,0) to (1,1) and (0,1) to (-1,0)), F(x,y) =
 * (y,x) reflects.  Rotations first, then reflections. */
static const int tri_group[12][4] = {
	{1, 0, 0, 1},	{1, -1, 1, 0},	{0, -1, 1, -1}, {-1, 0, 0, -1},
	{-1, 1, -1, 0}, {0, 1, -1, 1},	{0, 1, 1, 0},	{-1, 1, 0, 1},
	{-1, 0, -1, 1}, {0, -1, -1, 0}, {1, -1, 0, -1}, {1, 0, 1, -1}};
static const int sq_group[8][4] = {{1, 0, 0, 1},   {0, -1, 1, 0},
				   {-1, 0, 0, -1}, {0, 1, -1, 0},
				   {-1, 0, 0, 1},  {0, 1, 1, 0},
				   {1, 0, 0, -1},  {0, -1, -1, 0}};

static int build_lattice_syms(struct peg_board *b, struct peg_err *err)
{
	const int(*g)[4] = b->lattice == PEG_LATTICE_TRI ? tri_group : sq_group;
	int ng = b->lattice == PEG_LATTICE_TRI ? 12 : 8;
	size_t n = (size_t)b->n_holes;
	long long sx = 0, sy = 0;
	int *perm = malloc(n * ng * sizeof(int));

	if (!perm) {
		peg_err_set(err, "out of memory building symmetries");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		sx += b->hx[i];
		sy += b->hy[i];
	}
	b->n_syms = 0;
	b->sym_reflect_first = -1;
	for (int k = 0; k < ng; k++) {
		const int *m = g[k];
		long long lx = m[0] * sx + m[1] * sy;
		long long ly = m[2] * sx + m[3] * sy;
		long long tx, ty;
		int *p = perm + (size_t)b->n_syms * n;
		int ok = 1;

		if ((sx - lx) % (long long)n || (sy - ly) % (long long)n)
			continue;
		tx = (sx - lx) / (long long)n;
		ty = (sy - ly) / (long long)n;
		for (size_t i = 0; i < n && ok; i++) {
			long long x = m[0] * b->hx[i] + m[1] * b->hy[i] + tx;
			long long y = m[2] * b->hx[i] + m[3] * b->hy[i] + ty;
			int h = (x < 0 || y < 0 || x >= b->width ||
				 y >= b->height)
					? -1
					: peg_board_hole_at(b, (int)x, (int)y);

			if (h < 0)
				ok = 0;
			else
				p[i] = h;
		}
		/* on a board with jumps taken away an isometry of the holes
		 * must also keep the jumps */
		if (!ok || (b->jumps_removed && !maps_jumps(b, p)))
			continue;
		/* the group tables list the reflections in their second half */
		if (k >= ng / 2 && b->sym_reflect_first < 0)
			b->sym_reflect_first = b->n_syms;
		b->n_syms++;
	}
	if (b->sym_reflect_first < 0)
		b->sym_reflect_first = b->n_syms;
	b->sym = realloc(perm, (size_t)b->n_syms * n * sizeof(int));
	if (!b->sym)
		b->sym = perm;
	return 0;
}

struct cell {
	int x, y, i;
};

static int cell_cmp(const void *a, const void *b)
{
	const struct cell *p = a, *q = b;

	if (p->y != q->y)
		return p->y < q->y ? -1 : 1;
	if (p->x != q->x)
		return p->x < q->x ? -1 : 1;
	return 0;
}

static struct peg_board *board_alloc(const char *spec, const char *title,
				     struct peg_err *err)
{
	struct peg_board *b = calloc(1, sizeof(*b));

	if (!b || !(b->spec = xstrdup(spec)) || !(b->title = xstrdup(title))) {
		peg_board_free(b);
		peg_err_set(err, "out of memory");
		return NULL;
	}
	return b;
}

struct peg_board *peg_board_from_cells(enum peg_lattice lattice, int diagonal,
				       int n, const int *x, const int *y,
				       const char *spec, const char *title,
				       struct peg_err *err)
{
	return peg_board_cells_rule(lattice, diagonal, n, x, y, NULL, NULL,
				    spec, title, err);
}

struct peg_board *peg_board_cells_rule(enum peg_lattice lattice, int diagonal,
				       int n, const int *x, const int *y,
				       peg_jump_rule_fn *rule, void *ctx,
				       const char *spec, const char *title,
				       struct peg_err *err)
{
	struct peg_board *b;
	struct peg_jump_marks marks = {NULL, NULL, 0, 0};
	struct cell *c;
	int minx = INT_MAX, miny = INT_MAX, maxx = INT_MIN, maxy = INT_MIN;

	if (n <= 0) {
		peg_err_set(err, "board '%s' has no holes", spec);
		return NULL;
	}
	for (int i = 0; i < n; i++) {
		if (x[i] < minx)
			minx = x[i];
		if (x[i] > maxx)
			maxx = x[i];
		if (y[i] < miny)
			miny = y[i];
		if (y[i] > maxy)
			maxy = y[i];
	}
	if ((long long)(maxx - minx + 1) * (maxy - miny + 1) > 400000000LL) {
		peg_err_set(err, "board '%s' is too large", spec);
		return NULL;
	}
	b = board_alloc(spec, title, err);
	if (!b)
		return NULL;
	b->lattice = lattice;
	b->diagonal = diagonal;
	b->n_holes = n;
	b->width = maxx - minx + 1;
	b->height = maxy - miny + 1;
	c = malloc((size_t)n * sizeof(*c));
	b->hx = malloc((size_t)n * sizeof(int));
	b->hy = malloc((size_t)n * sizeof(int));
	b->grid = malloc((size_t)b->width * b->height * sizeof(int));
	b->row_first = malloc(((size_t)b->height + 1) * sizeof(int));
	if (!c || !b->hx || !b->hy || !b->grid || !b->row_first) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	for (int i = 0; i < n; i++) {
		c[i].x = x[i] - minx;
		c[i].y = y[i] - miny;
		c[i].i = i;
	}
	qsort(c, (size_t)n, sizeof(*c), cell_cmp);
	for (size_t i = 0; i < (size_t)b->width * b->height; i++)
		b->grid[i] = -1;
	for (int i = 0; i < n; i++) {
		size_t g = (size_t)c[i].y * b->width + c[i].x;

		if (b->grid[g] >= 0) {
			peg_err_set(err, "board '%s' lists a hole twice", spec);
			goto fail;
		}
		b->grid[g] = i;
		b->hx[i] = c[i].x;
		b->hy[i] = c[i].y;
	}
	for (int yy = 0, i = 0; yy <= b->height; yy++) {
		while (i < n && b->hy[i] < yy)
			i++;
		b->row_first[yy] = i;
	}
	free(c);
	c = NULL;
	if (rule) {
		marks.link = calloc((size_t)n, 1);
		marks.line = calloc((size_t)n, 1);
		marks.x0 = minx;
		marks.y0 = miny;
		if (!marks.link || !marks.line) {
			peg_err_set(err, "out of memory");
			goto fail;
		}
		if (rule(ctx, b, &marks, err))
			goto fail;
	}
	if (build_lattice_jumps(b, rule ? &marks : NULL, err) ||
	    build_lattice_syms(b, err))
		goto fail;
	free(marks.link);
	free(marks.line);
	return b;
fail:
	free(c);
	free(marks.link);
	free(marks.line);
	peg_board_free(b);
	return NULL;
}

void peg_board_err_holes(struct peg_err *err, const char *spec,
			 long long holes, long max)
{
	peg_err_set(err, "board '%s' has %lld holes; the limit here is %ld",
		    spec, holes, max);
}

/* The symmetries of a graph board: its automorphisms (graphaut.h), from
 * adjacency lists built out of the matrix adj (n_edges edges). */
static int graph_syms(struct peg_board *b, const unsigned char *adj,
		      long long n_edges)
{
	int n = b->n_holes, *xadj, *list, complete, max;

	xadj = malloc(((size_t)n + 1) * sizeof(int));
	list = malloc(((size_t)n_edges * 2 + 1) * sizeof(int));
	if (!xadj || !list) {
		free(xadj);
		free(list);
		return -1;
	}
	xadj[0] = 0;
	for (int u = 0; u < n; u++) {
		int k = xadj[u];

		for (int v = 0; v < n; v++)
			if (adj[(size_t)u * n + v])
				list[k++] = v;
		xadj[u + 1] = k;
	}
	/* at most PEG_GRAPH_SYM_ENTRIES ints of permutations, and on the
	 * boards of the fast paths byte tables of at most 64 MB (pos.h:
	 * 256 codes per symmetry and byte) */
	max = PEG_GRAPH_SYM_ENTRIES / n;
	if (n <= 128 && max > PEG_GRAPH_SMALL_ENTRIES / n)
		max = PEG_GRAPH_SMALL_ENTRIES / n;
	if (max > PEG_GRAPH_MAX_SYMS)
		max = PEG_GRAPH_MAX_SYMS;
	if (max < 1)
		max = 1;
	if (peg_graph_automorphisms(n, xadj, list, max,
				    &b->sym, &b->n_syms, &complete)) {
		free(xadj);
		free(list);
		return -1;
	}
	b->sym_reflect_first = b->n_syms;
	free(xadj);
	free(list);
	return 0;
}

struct peg_board *peg_board_from_graph(int n, char **labels, int m,
				       const int *edges, const char *spec,
				       struct peg_err *err)
{
	return peg_board_graph_lim(n, labels, m, edges, spec,
				   PEG_GRAPH_MAX_JUMPS, err);
}

struct peg_board *peg_board_graph_lim(int n, char **labels, int m,
				      const int *edges, const char *spec,
				      long max_jumps, struct peg_err *err)
{
	struct peg_board *b;
	unsigned char *adj = NULL;
	int *deg = NULL;
	long long nj = 0, ne = 0;

	if (n <= 0) {
		peg_err_set(err, "graph '%s' has no nodes", spec);
		return NULL;
	}
	if (n > PEG_GRAPH_MAX_NODES) {
		peg_err_set(err, "graph '%s' has %d nodes; the limit is %d",
			    spec, n, PEG_GRAPH_MAX_NODES);
		return NULL;
	}
	/* the jumps are counted before anything else is allocated */
	adj = calloc((size_t)n * n, 1);
	deg = calloc((size_t)n, sizeof(int));
	if (!adj || !deg) {
		free(adj);
		free(deg);
		peg_err_set(err, "out of memory");
		return NULL;
	}
	for (int e = 0; e < m; e++) {
		int u = edges[2 * e], v = edges[2 * e + 1];

		if (u < 0 || v < 0 || u >= n || v >= n || u == v ||
		    adj[(size_t)u * n + v])
			continue;
		adj[(size_t)u * n + v] = adj[(size_t)v * n + u] = 1;
		deg[u]++;
		deg[v]++;
		ne++;
	}
	for (int v = 0; v < n; v++)
		nj += (long long)deg[v] * (deg[v] - 1);
	if (nj > max_jumps) {
		peg_err_set(err,
			    "graph '%s' has %lld jumps; the limit here is %ld",
			    spec, nj, max_jumps);
		free(adj);
		free(deg);
		return NULL;
	}
	b = board_alloc(spec, spec, err);
	if (!b) {
		free(adj);
		free(deg);
		return NULL;
	}
	b->lattice = PEG_LATTICE_GRAPH;
	b->n_holes = n;
	b->width = n;
	b->height = 1;
	b->hx = malloc((size_t)n * sizeof(int));
	b->hy = calloc((size_t)n, sizeof(int));
	b->grid = malloc((size_t)n * sizeof(int));
	b->row_first = malloc(2 * sizeof(int));
	b->labels = calloc((size_t)n, sizeof(char *));
	b->jump_first = malloc(((size_t)n + 1) * sizeof(int));
	b->jumps = malloc((size_t)(nj ? nj : 1) * sizeof(*b->jumps));
	if (!b->hx || !b->hy || !b->grid || !b->row_first || !b->labels ||
	    !b->jump_first || !b->jumps)
		goto oom;
	for (int i = 0; i < n; i++) {
		b->hx[i] = i;
		b->grid[i] = i;
		if (!(b->labels[i] = xstrdup(labels[i])))
			goto oom;
	}
	b->row_first[0] = 0;
	b->row_first[1] = n;
	nj = 0;
	for (int u = 0; u < n; u++) {
		b->jump_first[u] = (int)nj;
		for (int v = 0; v < n; v++) {
			if (!adj[(size_t)u * n + v])
				continue;
			for (int w = 0; w < n; w++) {
				if (w == u || !adj[(size_t)v * n + w])
					continue;
				b->jumps[nj].from = u;
				b->jumps[nj].over = v;
				b->jumps[nj].to = w;
				nj++;
			}
		}
	}
	b->jump_first[n] = (int)nj;
	b->n_jumps = (int)nj;
	if (graph_syms(b, adj, ne))
		goto oom;
	free(adj);
	free(deg);
	return b;
oom:
	peg_err_set(err, "out of memory");
	free(adj);
	free(deg);
	peg_board_free(b);
	return NULL;
}

void peg_column_letters(int x, char *buf, size_t size)
{
	char tmp[16];
	int n = 0;

	/* bijective base 26: a..z, aa..az, ba.. */
	x += 1;
	while (x > 0 && n < (int)sizeof(tmp)) {
		x -= 1;
		tmp[n++] = (char)('a' + x % 26);
		x /= 26;
	}
	if (size == 0)
		return;
	for (int i = 0; i < n && (size_t)i + 1 < size; i++)
		buf[i] = tmp[n - 1 - i];
	buf[(size_t)n < size ? (size_t)n : size - 1] = '\0';
}

char *peg_board_hole_name(const struct peg_board *b, int h, char *buf,
			  size_t size)
{
	char col[16];

	if (h < 0 || h >= b->n_holes) {
		snprintf(buf, size, "?");
		return buf;
	}
	if (b->labels) {
		snprintf(buf, size, "%s", b->labels[h]);
		return buf;
	}
	peg_column_letters(b->hx[h] + b->name_x0, col, sizeof(col));
	snprintf(buf, size, "%s%d", col, b->hy[h] + b->name_y0 + 1);
	return buf;
}

/* Parse a signed decimal integer at *p, advancing it; 0 on success. */
static int parse_int(const char **p, long *out)
{
	char *end;
	long v;

	while (isspace((unsigned char)**p))
		(*p)++;
	if (!isdigit((unsigned char)**p) && **p != '-' && **p != '+')
		return -1;
	v = strtol(*p, &end, 10);
	if (end == *p || v > 100000000L || v < -100000000L)
		return -1;
	*p = end;
	*out = v;
	return 0;
}

static int hole_from_coords(const struct peg_board *b, const char *text,
			    struct peg_err *err)
{
	const char *p = text + 1;
	long v[3];
	int k = 0, h;

	for (;;) {
		if (k == 3 || parse_int(&p, &v[k]))
			goto bad;
		k++;
		while (isspace((unsigned char)*p))
			p++;
		if (*p == ',') {
			p++;
			continue;
		}
		if (*p == ')')
			break;
		goto bad;
	}
	p++;
	while (isspace((unsigned char)*p))
		p++;
	if (*p || k < 2)
		goto bad;
	if (b->lattice == PEG_LATTICE_GRAPH) {
		peg_err_set(err, "graph boards have no coordinates: '%s'",
			    text);
		return -1;
	}
	if (k == 3) {
		/* cube coordinates (seed 002): x = row, z = -column */
		if (b->lattice != PEG_LATTICE_TRI) {
			peg_err_set(err,
				    "cube coordinates need a triangular "
				    "lattice board: '%s'",
				    text);
			return -1;
		}
		if (v[0] + v[1] + v[2] != 0) {
			peg_err_set(err,
				    "cube coordinates must sum to 0: '%s'",
				    text);
			return -1;
		}
		v[1] = v[0];
		v[0] = -v[2];
	}
	v[0] -= b->name_x0;
	v[1] -= b->name_y0;
	h = (v[0] < 0 || v[1] < 0 || v[0] >= b->width || v[1] >= b->height)
		    ? -1
		    : peg_board_hole_at(b, (int)v[0], (int)v[1]);
	if (h < 0)
		peg_err_set(err, "no hole at '%s' on board '%s'", text,
			    b->spec);
	return h;
bad:
	peg_err_set(err,
		    "bad coordinates '%s': expected (x,y) or (x,y,z) with "
		    "integers",
		    text);
	return -1;
}

int peg_board_parse_hole(const struct peg_board *b, const char *text,
			 struct peg_err *err)
{
	const char *p = text;
	long col = 0, row = 0;
	int nl = 0, nd = 0, h;

	if (!*text) {
		peg_err_set(err, "empty hole name");
		return -1;
	}
	if (b->labels) {
		for (int i = 0; i < b->n_holes; i++)
			if (!strcmp(b->labels[i], text))
				return i;
	}
	if (*p == '#') {
		char *end;
		long k;

		p++;
		if (!isdigit((unsigned char)*p))
			goto badnum;
		k = strtol(p, &end, 10);
		if (*end)
			goto badnum;
		if (k < 1 || k > b->n_holes) {
			peg_err_set(err, "hole number '%s' is out of range 1..%d",
				    text, b->n_holes);
			return -1;
		}
		return (int)k - 1;
badnum:
		peg_err_set(err, "bad hole number '%s': expected #1..#%d", text,
			    b->n_holes);
		return -1;
	}
	if (*p == '(')
		return hole_from_coords(b, text, err);
	if (b->labels) {
		peg_err_set(err, "no node '%s' on graph board '%s'", text,
			    b->spec);
		return -1;
	}
	while (*p >= 'a' && *p <= 'z' && nl < 6) {
		col = col * 26 + (*p - 'a' + 1);
		p++;
		nl++;
	}
	while (isdigit((unsigned char)*p) && nd < 9) {
		row = row * 10 + (*p - '0');
		p++;
		nd++;
	}
	if (nl == 0 || nd == 0 || *p) {
		peg_err_set(err,
			    "bad hole name '%s': expected a name like 'c5', "
			    "'(x,y)', '(x,y,z)' or '#k'",
			    text);
		return -1;
	}
	col -= 1 + b->name_x0;
	row -= 1 + b->name_y0;
	h = (col < 0 || row < 0 || col >= b->width || row >= b->height)
		    ? -1
		    : peg_board_hole_at(b, (int)col, (int)row);
	if (h < 0)
		peg_err_set(err, "no hole '%s' on board '%s'", text, b->spec);
	return h;
}

int peg_board_parse_holes(const struct peg_board *b, const char *text,
			  unsigned char *out, struct peg_err *err)
{
	char tok[128];
	const char *p = text;
	int count = 0;

	for (;;) {
		size_t n = 0;
		int depth = 0, h;

		while (*p == ',' || isspace((unsigned char)*p))
			p++;
		if (!*p)
			break;
		/* a token ends at a comma or space outside parentheses */
		while (*p && (depth > 0 ||
			      (*p != ',' && !isspace((unsigned char)*p)))) {
			if (*p == '(')
				depth++;
			else if (*p == ')')
				depth--;
			if (n + 1 >= sizeof(tok)) {
				peg_err_set(err, "hole name too long in '%s'",
					    text);
				return -1;
			}
			if (!isspace((unsigned char)*p))
				tok[n++] = *p;
			p++;
		}
		tok[n] = '\0';
		h = peg_board_parse_hole(b, tok, err);
		if (h < 0)
			return -1;
		if (!out[h])
			count++;
		out[h] = 1;
	}
	return count;
}

int peg_board_hole_orbit_min(const struct peg_board *b, int h)
{
	int m = h;

	for (int s = 0; s < b->n_syms; s++) {
		int g = b->sym[(size_t)s * b->n_holes + h];

		if (g < m)
			m = g;
	}
	return m;
}
