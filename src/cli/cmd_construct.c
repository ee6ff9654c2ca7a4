/* cmd_construct.c - pegsol construct: a search-free solution on any
 * triangular board T_n, and on Rhombus(n) and Hexagon(n) (construct.h,
 * docs/construct.md).
 *
 * The board struct is never built (T2000 would need 12 million jump
 * records): holes are parsed and named from skew coordinates directly, and
 * the library verifies every jump on a byte array of the board. */
#include "cli.h"

#include "pegsol/construct.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>
#include <time.h>

static const char usage[] =
	"usage: pegsol construct triangle:N --vacate H [--finish F] [--json]\n"
	"                        [--stats] [--explain] [--stream]\n"
	"                        [--memory-mb M]\n"
	"       pegsol construct rhombus:N|hexagon:N --vacate H [--json]\n"
	"                        [--stats] [--explain] [--stream]\n"
	"                        [--memory-mb M]\n\n"
	"Solve T_N from the full board minus hole H without search (seed 000\n"
	"section 3.2): a solved T4, T5 or T6 sub-board around H, the rest\n"
	"cleared three rows at a time by trapezoid, 3- and 6-purges.  Every\n"
	"jump is replayed on the board before it is printed.  The solution is\n"
	"printed in Bell's notation (columns a..z, aa, ab, ...).\n\n"
	"  --finish F  end with the last peg at F (section 3.3): a table of\n"
	"              solutions on T4..T8, and for N >= 9 bands of purges and\n"
	"              Figure 9 purges around it; every feasible pair with\n"
	"              N >= 6 is solved (Theorem 2.2), on T4/T5 those in Table 3\n"
	"  --stats     jumps, moves, time and peak memory\n"
	"  --explain   the sub-board, the bands of three rows and their purges,\n"
	"              and (N <= 60) a map of the regions like seed 000 Fig. 8\n"
	"  --stream    print jumps as they are generated (each one verified)\n"
	"  --json      one JSON object\n"
	"  --memory-mb M  refuse a run that needs more than M MB (estimated\n"
	"              from N before anything is allocated; default 4096 or\n"
	"              half the machine's memory, whichever is less)\n"
	"Rhombus(N) and Hexagon(N) (N <= 2000): the board is cut down by\n"
	"bands of three lines along its sides to a small base around H,\n"
	"solved by search; each band is cleared by a corner purge and 3-\n"
	"and 6-purges, each started as soon as its catalyst allows (Bell's\n"
	"rule).  The last peg ends where the base's solution ends (no\n"
	"--finish).  A vacancy whose position class holds no single peg is\n"
	"refused with exit 1.\n"
	"Holes: Bell names (g10, aa40), skew coordinates (x,y) or #k.\n"
	"Exit 0 solved, 1 unsolvable (Theorem 2.1/2.2), 2 bad input, 3 over\n"
	"the memory budget.\n";

static long peak_kb(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

/* "T20", "t20", "triangle:20" -> 20; -1 when not a triangle spec. */
static int parse_side(const char *spec)
{
	const char *p;
	uint64_t n;

	if ((spec[0] == 'T' || spec[0] == 't') && isdigit((unsigned char)spec[1]))
		p = spec + 1;
	else if (!strncmp(spec, "triangle:", 9))
		p = spec + 9;
	else
		return -1;
	if (cli_u64(p, 1, PEG_CONSTRUCT_MAX_SIDE, &n))
		return -2;
	return (int)n;
}

/* A hole of T_n: "g10", "aa12", "(x,y)" or "#k". */
static int parse_hole(int n, const char *t, int *x, int *y)
{
	long col = 0, row = 0;
	const char *p = t;
	char *end;

	if (*p == '(') {
		long a, b;

		errno = 0;
		a = strtol(p + 1, &end, 10);
		if (end == p + 1 || *end != ',')
			return -1;
		p = end + 1;
		b = strtol(p, &end, 10);
		if (end == p || strcmp(end, ")") || errno)
			return -1;
		col = a;
		row = b;
	} else if (*p == '#') {
		uint64_t u;
		long k;

		if (cli_u64(p + 1, 1, (uint64_t)peg_tri_index(0, n), &u))
			return -1;
		k = (long)u - 1;
		for (row = 0; peg_tri_index(0, row + 1) <= k; row++)
			;
		col = k - peg_tri_index(0, row);
	} else {
		while (*p >= 'a' && *p <= 'z' && col < 1000000)
			col = col * 26 + (*p++ - 'a' + 1);
		if (p == t || !isdigit((unsigned char)*p))
			return -1;
		col--;
		errno = 0;
		row = strtol(p, &end, 10) - 1;
		if (*end || errno)
			return -1;
	}
	if (col < 0 || row < 0 || col > row || row >= n)
		return -1;
	*x = (int)col;
	*y = (int)row;
	return 0;
}

/* Bell name of (x, y) into buf; returns its length. */
static int hole_name(int x, int y, char *buf)
{
	char tmp[16];
	int n = 0, len;

	x++;
	while (x > 0) {
		x--;
		tmp[n++] = (char)('a' + x % 26);
		x /= 26;
	}
	for (int i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	len = n + sprintf(buf + n, "%d", y + 1);
	return len;
}

/* Bell name of hole index i. */
static int index_name(long i, char *buf)
{
	long r = (long)((sqrt(8.0 * (double)i + 1.0) - 1.0) / 2.0);

	while (r * (r + 1) / 2 > i)
		r--;
	while ((r + 1) * (r + 2) / 2 <= i)
		r++;
	return hole_name((int)(i - r * (r + 1) / 2), (int)r, buf);
}

/* A growing text buffer, or direct output when out is set. */
struct sink {
	char *buf;
	size_t len, cap;
	FILE *out;
	int failed;
};

static void sink_put(struct sink *s, const char *t, size_t n)
{
	if (s->out) {
		fwrite(t, 1, n, s->out);
		return;
	}
	if (s->len + n + 1 > s->cap) {
		size_t nc = s->cap ? 2 * s->cap : 4096;
		char *nb;

		while (nc < s->len + n + 1)
			nc *= 2;
		nb = realloc(s->buf, nc);
		if (!nb) {
			s->failed = 1;
			return;
		}
		s->buf = nb;
		s->cap = nc;
	}
	memcpy(s->buf + s->len, t, n);
	s->len += n;
	s->buf[s->len] = '\0';
}

/* Formats jumps as Bell moves: consecutive jumps of one peg are joined. */
struct writer {
	struct sink *sink;
	long jumps, moves;
	int last_to; /* hole where the previous jump landed, -1 none */
	int shape, n; /* rhombus/hexagon: the board; -1 a triangle */
};

/* Bell name of hole index i of the writer's board. */
static int jump_name(const struct writer *w, long i, char *buf)
{
	int x, y;

	if (w->shape < 0)
		return index_name(i, buf);
	peg_construct_shape_xy((enum peg_construct_shape)w->shape, w->n, i,
			       &x, &y);
	return hole_name(x, y, buf);
}

static int write_jump(const struct peg_jump *j, void *ctx)
{
	struct writer *w = ctx;
	char a[32], b[32];
	int la, lb;

	if (j->from == w->last_to) {
		lb = jump_name(w, j->to, b);
		sink_put(w->sink, "-", 1);
		sink_put(w->sink, b, (size_t)lb);
	} else {
		la = jump_name(w, j->from, a);
		lb = jump_name(w, j->to, b);
		if (w->moves)
			sink_put(w->sink, ", ", 2);
		sink_put(w->sink, a, (size_t)la);
		sink_put(w->sink, "-", 1);
		sink_put(w->sink, b, (size_t)lb);
		w->moves++;
	}
	w->last_to = j->to;
	w->jumps++;
	return w->sink->failed ? PEG_CONSTRUCT_NOMEM : 0;
}

struct shape_collect {
	struct peg_jump *j;
	long n;
};

static int shape_collect_cb(const struct peg_jump *j, void *ctx)
{
	struct shape_collect *k = ctx;

	k->j[k->n++] = *j;
	return 0;
}

static const char *edge_name(enum peg_construct_edge e)
{
	return e == PEG_EDGE_BOTTOM ? "bottom" : e == PEG_EDGE_LEFT ? "left"
								     : "right";
}

static const char *sym_name(int g)
{
	static const char *names[6] = {"i", "r", "r^2", "f", "rf", "r^2f"};

	return names[g];
}

static void print_explain(const struct peg_construct *c,
			  const struct peg_construct_info *in)
{
	char a[32], b[32], d[32], e[32];

	hole_name(in->vx, in->vy, a);
	hole_name(in->sub_x, in->sub_y, b);
	if (in->pair) {
		hole_name(in->fx, in->fy, d);
		printf("T%d, vacate %s, finish %s: %d Figure 9 step%s\n",
		       in->n, a, d, in->n_fig9, in->n_fig9 == 1 ? "" : "s");
		for (int i = 0; i < in->n_fig9; i++) {
			struct peg_construct_fig9 f9;

			peg_construct_get_fig9(c, i, &f9);
			hole_name(f9.vx, f9.vy, a);
			hole_name(f9.ux, f9.uy, d);
			printf("figure 9 step %d: T%d -> T%d, the three rows "
			       "along the %s edge: %s around %s, %d column%s "
			       "left and %d right by 3-/6-purges, leaves %s\n",
			       i + 1, f9.K, f9.K - 3, edge_name(f9.edge),
			       f9.purge, a, f9.n_left,
			       f9.n_left == 1 ? "" : "s", f9.n_right, d);
		}
		printf("sub-board T%d with top corner %s, solved by the base "
		       "table's pair %s -> %s under %s\n",
		       in->m, b, in->sub_base, in->sub_finish,
		       sym_name(in->sub_sym));
	} else {
		printf("T%d, vacate %s: sub-board T%d with top corner %s, "
		       "solved by the seed 000 Appendix B.2 solution for "
		       "vacate %s under %s\n",
		       in->n, a, in->m, b, in->sub_base, sym_name(in->sub_sym));
	}
	for (int i = 0; i < in->n_bands; i++) {
		struct peg_construct_band bd;

		peg_construct_get_band(c, i, &bd);
		hole_name(bd.corner_x, bd.corner_y, b);
		hole_name(bd.cat_x[0], bd.cat_y[0], a);
		hole_name(bd.cat_x[1], bd.cat_y[1], d);
		hole_name(bd.cat_x[2], bd.cat_y[2], e);
		printf("band %d: T%d -> T%d along the %s edge: %s at %s "
		       "(catalyst %s %s %s)",
		       i + 1, bd.k, bd.k + 3, edge_name(bd.edge), bd.trapezoid,
		       b, a, d, e);
		if (bd.n_3purge)
			printf(", 3-purge");
		printf(", %d 6-purge%s\n", bd.n_6purge,
		       bd.n_6purge == 1 ? "" : "s");
	}
	printf("purges: %ld (%ld trapezoid, %ld 3-purge, %ld 6-purge%s)\n",
	       in->n_purges, in->n_trapezoid, in->n_3purge, in->n_6purge,
	       in->n_fig9 ? ", Figure 9 purges" : "");
	if (in->n <= 60) {
		long holes = peg_tri_index(0, in->n);
		char *map = malloc((size_t)holes);

		if (!map)
			return;
		peg_construct_region_map(c, map);
		map[peg_tri_index(in->vx, in->vy)] = '*';
		if (in->pair)
			map[peg_tri_index(in->fx, in->fy)] = '@';
		printf("regions (S sub-board, * vacancy, %sT trapezoid, %s3 "
		       "3-purge, 6/o 6-purges):\n",
		       in->pair ? "@ finish, " : "",
		       in->n_fig9 ? "F Figure 9, " : "");
		for (int y = 0; y < in->n; y++) {
			printf("%*s", in->n - 1 - y, "");
			for (int x = 0; x <= y; x++)
				printf("%c%s", map[peg_tri_index(x, y)],
				       x < y ? " " : "\n");
		}
		free(map);
	}
}

/* A failed run: out of memory (exit 3) or an internal error (2). */
static int run_failed(int rc, struct peg_err *err)
{
	if (rc == PEG_CONSTRUCT_NOMEM)
		*err = (struct peg_err){"out of memory"};
	return cli_fail(err->msg, rc == PEG_CONSTRUCT_NOMEM);
}

/* The fields every solved JSON answer starts with. */
static cJSON *json_head(const char *board, int n, long holes,
			const char *vname, const char *fname,
			const struct writer *w)
{
	cJSON *o = cJSON_CreateObject();

	cJSON_AddStringToObject(o, "board", board);
	cJSON_AddNumberToObject(o, "side", n);
	cli_json_u64(o, "holes", (uint64_t)holes);
	cJSON_AddStringToObject(o, "vacate", vname);
	cJSON_AddStringToObject(o, "finish", fname);
	cJSON_AddBoolToObject(o, "solvable", 1);
	cJSON_AddBoolToObject(o, "verified", 1);
	cli_json_u64(o, "jumps", (uint64_t)w->jumps);
	cli_json_u64(o, "moves", (uint64_t)w->moves);
	return o;
}

/* The answer "no" (exit 1): the reason, as text or JSON. */
static int print_unsolvable(const char *board, const char *vname,
			    const char *finish, const char *reason, int json)
{
	if (json) {
		cJSON *o = cJSON_CreateObject();

		cJSON_AddStringToObject(o, "board", board);
		cJSON_AddStringToObject(o, "vacate", vname);
		if (finish)
			cJSON_AddStringToObject(o, "finish", finish);
		cJSON_AddBoolToObject(o, "solvable", 0);
		cJSON_AddStringToObject(o, "reason", reason);
		cli_json_print(o);
	} else {
		printf("unsolvable: %s\n", reason);
	}
	return EXIT_NO;
}

/* The memory budget in bytes: --memory-mb, else 4096 MB or half the
 * machine's memory.  0, or 1 with the error printed (a bad value). */
static int memory_budget(const char *memory, double *budget)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	size_t bytes;

	if (memory) {
		if (cli_parse_mb("--memory-mb", memory, 1e9, &bytes))
			return 1;
		*budget = (double)bytes;
		return 0;
	}
	*budget = 4096 * 1048576.0;
	if (pages > 0 && page > 0 && (double)pages * page / 2 < *budget)
		*budget = (double)pages * page / 2;
	return 0;
}

/* Bytes a run on T_n needs: the library's (the board, the plan, the jump
 * list unless streaming) and the text of the solution, names of at most
 * L characters: "-to" per jump and ", from" per move (about 2/3 of the
 * jumps start one), bounded by 2 + 2L a jump; JSON holds the text three
 * times (the string, its copy in the object, the printed object). */
static double need_bytes(int n, int stream, int json)
{
	char name[32];
	double jumps = (double)peg_tri_index(0, n);
	double text = jumps * (2.0 + 2.0 * hole_name(n - 1, n - 1, name));

	if (stream)
		return (double)peg_construct_memory(n, 0);
	return (double)peg_construct_memory(n, 1) + text * (json ? 3 : 1);
}

/* The memory check before anything is allocated: 0, or 1 with the error
 * printed and *rc set (3 over the budget, 2 a bad --memory-mb). */
static int check_memory(int n, int stream, int json, const char *memory,
			int *rc)
{
	double mb = 1048576.0, need = need_bytes(n, stream, json), budget;

	*rc = EXIT_USAGE;
	if (memory_budget(memory, &budget))
		return 1;
	if (need <= budget)
		return 0;
	*rc = EXIT_RESOURCES;
	if (stream)
		cli_error("out of memory: T%d needs about %.0f MB; the budget "
			  "is %.0f MB (--memory-mb)",
			  n, need / mb, budget / mb);
	else
		cli_error("out of memory: T%d needs about %.0f MB (%.0f MB with "
			  "--stream); the budget is %.0f MB (--memory-mb)",
			  n, need / mb, need_bytes(n, 1, 0) / mb, budget / mb);
	return 1;
}

/* --- rhombus:N and hexagon:N (construct.h, docs/construct.md) ---------- */

struct shape_opts {
	const char *vacate, *finish, *memory;
	int json, stats, explain, stream;
};

/* "rhombus:12" / "hexagon:5": the shape and side; -1 not such a spec,
 * -2 a bad side (error printed). */
static int parse_shape(const char *spec, int *n)
{
	static const char *const names[2] = {"rhombus:", "hexagon:"};
	uint64_t v;

	for (int s = 0; s < 2; s++) {
		size_t len = strlen(names[s]);

		if (strncmp(spec, names[s], len))
			continue;
		if (cli_u64(spec + len, 1, PEG_CONSTRUCT_SHAPE_MAX_SIDE, &v)) {
			cli_error("bad board spec '%s': side must be 1..%d",
				  spec, PEG_CONSTRUCT_SHAPE_MAX_SIDE);
			return -2;
		}
		*n = (int)v;
		return s == 0 ? PEG_SHAPE_RHOMBUS : PEG_SHAPE_HEXAGON;
	}
	return -1;
}

/* A hole of the shape: "d4", "(x,y)" or "#k"; 0 or -1. */
static int parse_shape_hole(int s, int n, const char *t, int *x, int *y)
{
	long holes = peg_construct_shape_holes((enum peg_construct_shape)s, n);
	int bx, by;

	if (*t == '#') {
		uint64_t u;

		if (cli_u64(t + 1, 1, (uint64_t)holes, &u))
			return -1;
		peg_construct_shape_xy((enum peg_construct_shape)s, n,
				       (long)u - 1, x, y);
		return 0;
	}
	if (*t == '(') {
		char end;

		if (sscanf(t, "(%d,%d%c", &bx, &by, &end) != 3 || end != ')' ||
		    t[strlen(t) - 1] != ')')
			return -1;
	} else {
		const char *p = t;
		long col = 0, row;
		char *e;

		while (*p >= 'a' && *p <= 'z' && col < 100000)
			col = col * 26 + (*p++ - 'a' + 1);
		if (p == t || !isdigit((unsigned char)*p))
			return -1;
		errno = 0;
		row = strtol(p, &e, 10);
		if (*e || errno || row < 1 || row > 100000)
			return -1;
		bx = (int)col - 1;
		by = (int)row - 1;
	}
	if (peg_construct_shape_index((enum peg_construct_shape)s, n, bx,
				      by) < 0)
		return -1;
	*x = bx;
	*y = by;
	return 0;
}

static void print_shape_explain(const struct peg_construct_shape_info *in)
{
	char a[32], b[32];

	hole_name(in->vx, in->vy, a);
	hole_name(in->base_x0, in->base_y0, b);
	printf("%s(%d), vacate %s: base of %d holes (%d columns x %d rows "
	       "from %s) solved by search in %ld nodes\n",
	       in->shape == PEG_SHAPE_RHOMBUS ? "Rhombus" : "Hexagon", in->n,
	       a, in->base_holes, in->base_w, in->base_h, b, in->base_nodes);
	printf("bands of three lines: %d (%d with parallel ends, %d trapezoid "
	       "corners, %d hexagon corners)\n",
	       in->n_bands, in->band_types[0], in->band_types[1],
	       in->band_types[2]);
	printf("purges: %ld (%ld corner, %ld 3-purge, %ld 6-purge)\n",
	       in->n_purges, in->n_corner, in->n_3purge, in->n_6purge);
}

static int construct_shape(const char *spec, const struct shape_opts *o)
{
	int n = 0, s = parse_shape(spec, &n), vx, vy, rc, stream;
	double mb = 1048576.0, need, budget, text, t0, t_plan, t_run;
	struct peg_construct_shape_plan *c = NULL;
	struct peg_construct_shape_info info;
	struct peg_err err;
	struct sink sink = {0};
	struct writer w = {0};
	struct peg_jump *jumps = NULL;
	long holes, nj = 0;
	char vname[32], fname[32];

	if (s == -2)
		return EXIT_USAGE;
	if (s < 0) {
		cli_error("construct works on triangle, rhombus and hexagon "
			  "boards, got '%s'",
			  spec);
		return EXIT_USAGE;
	}
	if (o->finish) {
		cli_error("--finish is for triangle boards; on %s the last "
			  "peg ends where the construction puts it",
			  spec);
		return EXIT_USAGE;
	}
	if (!o->vacate) {
		cli_error("give the vacancy with --vacate H");
		return EXIT_USAGE;
	}
	if (parse_shape_hole(s, n, o->vacate, &vx, &vy)) {
		cli_error("no hole '%s' on %s", o->vacate, spec);
		return EXIT_USAGE;
	}
	/* memory: the library's estimate, the jump list and the text */
	holes = peg_construct_shape_holes((enum peg_construct_shape)s, n);
	stream = o->stream && !o->json;
	text = (double)holes * (2.0 + 2.0 * hole_name(2 * n, 2 * n, vname));
	need = (double)peg_construct_shape_memory((enum peg_construct_shape)s,
						  n, !stream) +
	       (stream ? 0 : text * (o->json ? 3 : 1));
	if (memory_budget(o->memory, &budget))
		return EXIT_USAGE;
	if (need > budget) {
		cli_error("out of memory: %s needs about %.0f MB; the budget is "
			  "%.0f MB (--memory-mb)",
			  spec, need / mb, budget / mb);
		return EXIT_RESOURCES;
	}
	hole_name(vx, vy, vname);
	t0 = cli_now();
	rc = peg_construct_shape_plan((enum peg_construct_shape)s, n, vx, vy,
				      &c, &err);
	if (rc == PEG_CONSTRUCT_NO)
		return print_unsolvable(spec, vname, NULL, err.msg, o->json);
	if (rc)
		return cli_fail(err.msg, rc == PEG_CONSTRUCT_NOMEM);
	t_plan = cli_now() - t0;
	peg_construct_shape_get_info(c, &info);
	hole_name(info.fx, info.fy, fname);
	if (o->explain && !o->json)
		print_shape_explain(&info);
	w.sink = &sink;
	w.last_to = -1;
	w.shape = s;
	w.n = n;
	if (stream) {
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
		sink.out = stdout;
		rc = peg_construct_shape_run(c, write_jump, &w, &err);
		putchar('\n');
	} else {
		struct shape_collect k = {NULL, 0};

		k.j = malloc((size_t)(holes > 2 ? holes - 2 : 1) *
			     sizeof(*k.j));
		rc = k.j ? peg_construct_shape_run(c, shape_collect_cb, &k, &err)
			 : PEG_CONSTRUCT_NOMEM;
		jumps = k.j;
		nj = k.n;
		/* printed only after the whole list has been verified */
		for (long i = 0; !rc && i < nj; i++)
			rc = write_jump(&jumps[i], &w);
	}
	t_run = cli_now() - t0 - t_plan;
	if (rc) {
		rc = run_failed(rc, &err);
		goto out;
	}
	if (o->json) {
		cJSON *j = json_head(s == PEG_SHAPE_RHOMBUS ? "rhombus"
							     : "hexagon",
				     n, holes, vname, fname, &w);
		if (o->explain || o->stats) {
			cJSON *e = cJSON_AddObjectToObject(j, "plan");

			cJSON_AddNumberToObject(e, "base_holes",
						info.base_holes);
			cJSON_AddNumberToObject(e, "base_nodes",
						(double)info.base_nodes);
			cJSON_AddNumberToObject(e, "bands", info.n_bands);
			cli_json_u64(e, "purges", (uint64_t)info.n_purges);
			cli_json_u64(e, "corner", (uint64_t)info.n_corner);
			cJSON_AddNumberToObject(e, "purge3",
						(double)info.n_3purge);
			cJSON_AddNumberToObject(e, "purge6",
						(double)info.n_6purge);
		}
		if (o->stats) {
			cJSON_AddNumberToObject(j, "plan_seconds", t_plan);
			cJSON_AddNumberToObject(j, "run_seconds", t_run);
			cli_json_u64(j, "peak_kb", (uint64_t)peak_kb());
		}
		cJSON_AddStringToObject(j, "solution",
					sink.buf ? sink.buf : "");
		cli_json_print(j);
	} else {
		if (!sink.out) {
			fputs(sink.buf ? sink.buf : "", stdout);
			putchar('\n');
		}
		if (o->stats)
			printf("stats: %s, %ld holes, vacate %s, finish %s, "
			       "%ld jumps, %ld moves, %ld purges, base %d "
			       "holes, plan %.3f s, generate+verify %.3f s, "
			       "peak %ld kB\n",
			       spec, holes, vname, fname, w.jumps, w.moves,
			       info.n_purges, info.base_holes, t_plan, t_run,
			       peak_kb());
	}
	rc = EXIT_YES;
out:
	free(jumps);
	free(sink.buf);
	peg_construct_shape_free(c);
	return rc;
}

int cmd_construct(int argc, char **argv)
{
	int json = 0, stats = 0, explain = 0, stream = 0, np = 0, n, rc;
	int vx, vy, fx = -1, fy = -1;
	const char *vacate = NULL, *finish = NULL, *pos[1], *memory = NULL;
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--memory-mb", CLI_STRING, &memory},
				 {"--stats", CLI_FLAG, &stats},
				 {"--explain", CLI_FLAG, &explain},
				 {"--stream", CLI_FLAG, &stream},
				 {"--vacate", CLI_STRING, &vacate},
				 {"--finish", CLI_STRING, &finish}};
	struct peg_construct *c = NULL;
	struct peg_construct_info info;
	struct peg_err err;
	struct sink sink = {0};
	struct writer w = {0};
	struct peg_jump *jumps = NULL;
	long nj = 0;
	double t0, t_plan, t_run;
	char vname[32], fname[32];

	rc = cli_parse(argc, argv, opts, 7, pos, 1, &np, usage);
	if (rc)
		return rc > 0 ? EXIT_YES : EXIT_USAGE;
	if (np < 1) {
		cli_error("need a board, e.g. triangle:20 (see --help)");
		return EXIT_USAGE;
	}
	n = parse_side(pos[0]);
	if (n == -1) {
		struct shape_opts so = {vacate, finish, memory, json,
					stats,	explain, stream};

		return construct_shape(pos[0], &so);
	}
	if (n < 0) {
		cli_error("bad board spec '%s': triangle side must be 1..%d",
			  pos[0], PEG_CONSTRUCT_MAX_SIDE);
		return EXIT_USAGE;
	}
	if (!vacate) {
		cli_error("give the vacancy with --vacate H");
		return EXIT_USAGE;
	}
	if (parse_hole(n, vacate, &vx, &vy)) {
		cli_error("no hole '%s' on triangle:%d", vacate, n);
		return EXIT_USAGE;
	}
	if (finish && parse_hole(n, finish, &fx, &fy)) {
		cli_error("no hole '%s' on triangle:%d", finish, n);
		return EXIT_USAGE;
	}
	if (check_memory(n, stream && !json, json, memory, &rc))
		return rc;
	hole_name(vx, vy, vname);
	t0 = cli_now();
	if (finish)
		rc = peg_construct_plan_pair(n, vx, vy, fx, fy, &c, &err);
	else
		rc = peg_construct_plan(n, vx, vy, &c, &err);
	if (rc == PEG_CONSTRUCT_NO)
		return print_unsolvable(pos[0], vname, finish, err.msg, json);
	if (rc)
		return cli_fail(err.msg, rc == PEG_CONSTRUCT_NOMEM);
	t_plan = cli_now() - t0;
	peg_construct_get_info(c, &info);
	hole_name(info.fx, info.fy, fname);
	if (explain && !json)
		print_explain(c, &info);
	w.sink = &sink;
	w.last_to = -1;
	w.shape = -1;
	if (stream && !json) {
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
		sink.out = stdout;
		rc = peg_construct_run(c, write_jump, &w, &err);
		putchar('\n');
		t_run = cli_now() - t0 - t_plan;
	} else {
		rc = peg_construct_jumps(c, &jumps, &nj, &err);
		for (long i = 0; !rc && i < nj; i++)
			rc = write_jump(&jumps[i], &w);
		t_run = cli_now() - t0 - t_plan;
	}
	if (rc) {
		rc = run_failed(rc, &err);
		goto out;
	}
	if (json) {
		cJSON *o = json_head("triangle", n, peg_tri_index(0, n), vname,
				     fname, &w);
		if (explain || stats) {
			cJSON *e = cJSON_AddObjectToObject(o, "plan");

			cJSON_AddNumberToObject(e, "sub_board", info.m);
			hole_name(info.sub_x, info.sub_y, vname);
			cJSON_AddStringToObject(e, "sub_corner", vname);
			cJSON_AddStringToObject(e, "sub_solution",
						info.sub_base);
			cJSON_AddStringToObject(e, "sub_symmetry",
						sym_name(info.sub_sym));
			cJSON_AddNumberToObject(e, "bands", info.n_bands);
			cJSON_AddNumberToObject(e, "fig9_steps", info.n_fig9);
			if (info.pair)
				cJSON_AddStringToObject(e, "sub_finish",
							info.sub_finish);
			cli_json_u64(e, "purges", info.n_purges);
			cli_json_u64(e, "trapezoid", info.n_trapezoid);
			cJSON_AddNumberToObject(e, "purge3",
						(double)info.n_3purge);
			cJSON_AddNumberToObject(e, "purge6",
						(double)info.n_6purge);
		}
		if (stats) {
			cJSON_AddNumberToObject(o, "plan_seconds", t_plan);
			cJSON_AddNumberToObject(o, "run_seconds", t_run);
			cli_json_u64(o, "peak_kb", peak_kb());
		}
		cJSON_AddStringToObject(o, "solution",
					sink.buf ? sink.buf : "");
		cli_json_print(o);
	} else {
		if (!sink.out) {
			fputs(sink.buf ? sink.buf : "", stdout);
			putchar('\n');
		}
		if (stats)
			printf("stats: T%d, %ld holes, vacate %s, finish %s, "
			       "%ld jumps, %ld moves, %ld purges, plan %.3f s, "
			       "generate+verify %.3f s, peak %ld kB\n",
			       n, peg_tri_index(0, n), vacate, fname, w.jumps,
			       w.moves, info.n_purges, t_plan, t_run,
			       peak_kb());
	}
	rc = EXIT_YES;
out:
	free(jumps);
	free(sink.buf);
	peg_construct_free(c);
	return rc;
}
