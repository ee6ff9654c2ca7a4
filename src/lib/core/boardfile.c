/* boardfile.c - boards read from files: ASCII art on either lattice
 * (file:PATH) and edge lists (graph:PATH).  Formats and limits:
 * docs/board-files.md.
 *
 * A file is read whole, up to the byte limit, and measured before the
 * board is built: a picture's holes and the box they span, a graph's
 * nodes and jumps.  Nothing proportional to the board is allocated before
 * those pass the limits. */
#include "pegsol/board.h"

#include "boardio.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* The file's text (NUL-terminated, *len bytes), or NULL with err. */
static char *slurp(const char *path, long max, long *len, struct peg_err *err)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL;
	long n = 0, cap = 0;

	if (!f) {
		peg_err_set(err, "cannot open board file '%s': %s", path,
			    strerror(errno));
		return NULL;
	}
	if (!fstat(fileno(f), &st)) {
		if (S_ISDIR(st.st_mode)) {
			peg_err_set(err, "board file '%s' is a directory",
				    path);
			goto fail;
		}
		if (S_ISREG(st.st_mode) && st.st_size > max) {
			peg_err_set(err,
				    "board file '%s' has %lld bytes; the limit "
				    "here is %ld",
				    path, (long long)st.st_size, max);
			goto fail;
		}
	}
	for (;;) {
		size_t got;

		if (n + 1 >= cap) {
			char *nb;

			cap = cap ? 2 * cap : 4096;
			if (cap > max + 2)
				cap = max + 2;
			nb = realloc(buf, (size_t)cap);
			if (!nb) {
				peg_err_set(err, "out of memory");
				goto fail;
			}
			buf = nb;
		}
		got = fread(buf + n, 1, (size_t)(cap - 1 - n), f);
		if (memchr(buf + n, '\0', got)) {
			peg_err_set(err, "board file '%s' is not text", path);
			goto fail;
		}
		n += (long)got;
		if (n > max) {
			peg_err_set(err,
				    "board file '%s' has more than %ld bytes; "
				    "the limit here is %ld",
				    path, max, max);
			goto fail;
		}
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		peg_err_set(err, "cannot read board file '%s': %s", path,
			    strerror(errno));
		goto fail;
	}
	buf[n] = '\0';
	*len = n;
	fclose(f);
	return buf;
fail:
	free(buf);
	fclose(f);
	return NULL;
}

static int is_hole_char(int c)
{
	return c == 'o' || c == 'O' || c == 'x' || c == 'X' || c == '.' ||
	       c == '*' || c == '@';
}

/* What a pass over a picture finds. */
struct picture {
	int tri, diag;
	int forbid; /* @forbid lines */
	char title[128];
	long holes;
	long minx, maxx, rows; /* x span, rows down to the last hole */
};

/* One pass over the picture text: with xs NULL check it and measure it
 * into pc, else store the holes' coordinates.  0, or -1 with err. */
static int picture_pass(const char *text, const char *path,
			struct picture *pc, int *xs, int *ys,
			struct peg_err *err)
{
	const char *line = text, *next;
	long lineno = 0, row = 0, n = 0;
	int parity = -1;

	pc->tri = pc->diag = pc->forbid = 0;
	pc->holes = pc->maxx = pc->rows = 0;
	pc->minx = -1;
	for (; line; line = next) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);

		next = nl ? nl + 1 : NULL;
		lineno++;
		if (len && line[len - 1] == '\r')
			len--;
		if (len && line[0] == '#')
			continue;
		if (len && line[0] == '@') {
			if (len == 19 && !strncmp(line, "@lattice triangular", 19))
				pc->tri = 1;
			else if (len == 15 && !strncmp(line, "@lattice square", 15))
				pc->tri = 0;
			else if (len == 9 && !strncmp(line, "@diagonal", 9))
				pc->diag = 1;
			else if (len >= 7 && !strncmp(line, "@forbid", 7) &&
				 (len == 7 || line[7] == ' ' || line[7] == '\t'))
				pc->forbid++;
			else if (len >= 6 && !strncmp(line, "@name ", 6))
				snprintf(pc->title, sizeof(pc->title), "%.*s",
					 (int)(len - 6 < 127 ? len - 6 : 127),
					 line + 6);
			else {
				peg_err_set(err,
					    "%s:%ld: unknown directive '%.*s' "
					    "(expected @lattice, @diagonal, "
					    "@forbid or @name)",
					    path, lineno,
					    (int)(len < 40 ? len : 40), line);
				return -1;
			}
			if (n > 0) {
				peg_err_set(err,
					    "%s:%ld: directives must come before "
					    "the board picture",
					    path, lineno);
				return -1;
			}
			continue;
		}
		if (n == 0 && strspn(line, " \t") >= len)
			continue; /* blank lines before the picture */
		for (size_t c = 0; c < len; c++) {
			long x;

			if (line[c] == ' ')
				continue;
			if (!is_hole_char((unsigned char)line[c])) {
				peg_err_set(err,
					    "%s:%ld:%zu: unexpected character "
					    "'%c' (holes are o . x *, gaps are "
					    "spaces)",
					    path, lineno, c + 1,
					    isprint((unsigned char)line[c])
						    ? line[c]
						    : '?');
				return -1;
			}
			if (pc->tri) {
				/* staggered layout: hole (x,y) at text column
				 * 2x - y + k for one constant k */
				int p = (int)((c + (size_t)row) & 1);

				if (parity < 0)
					parity = p;
				if (p != parity) {
					peg_err_set(err,
						    "%s:%ld:%zu: hole is off the "
						    "triangular lattice (holes "
						    "in a row are 2 columns "
						    "apart, rows shift by 1)",
						    path, lineno, c + 1);
					return -1;
				}
				x = ((long)c + row - parity) / 2;
			} else {
				x = (long)c;
			}
			if (xs) {
				xs[n] = (int)x;
				ys[n] = (int)row;
			}
			if (x > pc->maxx)
				pc->maxx = x;
			if (pc->minx < 0 || x < pc->minx)
				pc->minx = x;
			pc->rows = row + 1;
			n++;
		}
		row++;
	}
	pc->holes = n;
	if (n == 0) {
		peg_err_set(err, "board file '%s' has no holes", path);
		return -1;
	}
	if (pc->tri && pc->diag) {
		peg_err_set(err,
			    "board file '%s': @diagonal is for the square "
			    "lattice",
			    path);
		return -1;
	}
	return 0;
}

/* The most @forbid items a file may give. */
#define FORBID_MAX_ITEMS 65536

struct forbid_ctx {
	const char *text, *path;
};

/* One @forbid item, "H1-H2" (a missing step: no jump uses it) or
 * "H1-H2-H3" (one jump line, both directions), marked in m: 0, or -1
 * with err. */
static int forbid_item(const struct peg_board *b, struct peg_jump_marks *m,
		       const char *tok, const char *path, long lineno,
		       struct peg_err *err)
{
	char buf[128], *name[4], *p;
	struct peg_err e;
	int n = 0, h[3];

	if (strlen(tok) >= sizeof(buf)) {
		peg_err_set(err, "%s:%ld: @forbid item '%.40s...' is too long",
			    path, lineno, tok);
		return -1;
	}
	strcpy(buf, tok);
	for (p = buf; n < 4;) {
		name[n++] = p;
		p = strchr(p, '-');
		if (!p)
			break;
		*p++ = '\0';
	}
	if (n < 2 || n > 3) {
		peg_err_set(err,
			    "%s:%ld: bad @forbid item '%s': expected two "
			    "neighbouring holes 'a1-a2' or a jump line "
			    "'a1-a2-a3'",
			    path, lineno, tok);
		return -1;
	}
	for (int i = 0; i < n; i++) {
		h[i] = peg_board_parse_hole(b, name[i], &e);
		if (h[i] < 0) {
			peg_err_set(err, "%s:%ld: bad @forbid item '%s': %s",
				    path, lineno, tok, e.msg);
			return -1;
		}
	}
	if (n == 2 ? peg_board_mark_link(b, m, h[0], h[1])
		   : peg_board_mark_line(b, m, h[0], h[1], h[2])) {
		peg_err_set(err,
			    "%s:%ld: bad @forbid item '%s': %s", path, lineno,
			    tok,
			    n == 2 ? "the holes are not neighbours on a jump "
				     "line"
				   : "the holes are not consecutive on a jump "
				     "line");
		return -1;
	}
	return 0;
}

/* The jump rule of a board file: its @forbid lines, read again now that
 * the holes have names. */
static int forbid_rule(void *ctx, const struct peg_board *b,
		       struct peg_jump_marks *m, struct peg_err *err)
{
	const struct forbid_ctx *fc = ctx;
	const char *line, *next;
	long lineno = 0, items = 0;

	for (line = fc->text; line; line = next) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		size_t i = 7;

		next = nl ? nl + 1 : NULL;
		lineno++;
		if (len < 7 || strncmp(line, "@forbid", 7))
			continue;
		while (i < len) {
			char tok[160];
			size_t k = 0;

			while (i < len && isspace((unsigned char)line[i]))
				i++;
			if (i == len)
				break;
			while (i < len && !isspace((unsigned char)line[i])) {
				if (k + 1 < sizeof(tok))
					tok[k++] = line[i];
				i++;
			}
			tok[k] = '\0';
			if (++items > FORBID_MAX_ITEMS) {
				peg_err_set(err,
					    "%s:%ld: more than %d @forbid items",
					    fc->path, lineno, FORBID_MAX_ITEMS);
				return -1;
			}
			if (forbid_item(b, m, tok, fc->path, lineno, err))
				return -1;
		}
	}
	return 0;
}

struct peg_board *peg_board_from_file(const char *path, const char *spec,
				      const struct peg_board_limits *lim,
				      long long *holes, struct peg_err *err)
{
	struct picture pc;
	struct forbid_ctx fc;
	long len;
	char *text = slurp(path, lim->max_file_bytes, &len, err);
	int *xs = NULL, *ys = NULL;
	struct peg_board *b = NULL;

	if (!text)
		return NULL;
	snprintf(pc.title, sizeof(pc.title), "%s", spec);
	if (picture_pass(text, path, &pc, NULL, NULL, err))
		goto done;
	if (holes) {
		*holes = pc.holes;
		goto done;
	}
	if (pc.holes > lim->max_holes) {
		peg_board_err_holes(err, spec, pc.holes, lim->max_holes);
		goto done;
	}
	/* the box the grid will cover (the first row holds a hole) */
	if ((double)(pc.maxx - pc.minx + 1) * (double)pc.rows >
	    (double)lim->max_area) {
		peg_err_set(err,
			    "board '%s' spans %ld x %ld cells; the limit here "
			    "is %ld cells",
			    spec, pc.maxx - pc.minx + 1, pc.rows,
			    lim->max_area);
		goto done;
	}
	xs = malloc((size_t)pc.holes * sizeof(int));
	ys = malloc((size_t)pc.holes * sizeof(int));
	if (!xs || !ys) {
		peg_err_set(err, "out of memory");
		goto done;
	}
	if (picture_pass(text, path, &pc, xs, ys, err))
		goto done;
	fc.text = text;
	fc.path = path;
	b = peg_board_cells_rule(pc.tri ? PEG_LATTICE_TRI : PEG_LATTICE_SQUARE,
				 pc.diag, (int)pc.holes, xs, ys,
				 pc.forbid ? forbid_rule : NULL, &fc, spec,
				 pc.title, err);
done:
	free(xs);
	free(ys);
	free(text);
	return b;
}

static int label_ok(const char *s)
{
	if (!*s)
		return 0;
	for (; *s; s++)
		if (!isalnum((unsigned char)*s) && *s != '_')
			return 0;
	return 1;
}

static int all_numeric(char **labels, int n)
{
	for (int i = 0; i < n; i++)
		for (const char *p = labels[i]; *p; p++)
			if (!isdigit((unsigned char)*p))
				return 0;
	return 1;
}

struct numlabel {
	const char *s;
	size_t len;
	int i;
};

static int numlabel_cmp(const void *a, const void *b)
{
	const struct numlabel *p = a, *q = b;

	if (p->len != q->len)
		return p->len < q->len ? -1 : 1;
	return strcmp(p->s, q->s);
}

/* Node names, found through an open-addressing table of indices. */
struct names {
	char **labels;
	int n, cap;     /* nodes, most allowed */
	int *slot;      /* tmask + 1 entries: index or -1 */
	unsigned tmask;
};

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* Index of name s, added when new: -1 when the table is full, -2 out of
 * memory. */
static int name_find(struct names *t, const char *s)
{
	unsigned k = name_hash(s) & t->tmask;

	for (; t->slot[k] >= 0; k = (k + 1) & t->tmask)
		if (!strcmp(t->labels[t->slot[k]], s))
			return t->slot[k];
	if (t->n == t->cap)
		return -1;
	if (!(t->labels[t->n] = strdup(s)))
		return -2;
	t->slot[k] = t->n;
	return t->n++;
}

struct peg_board *peg_board_from_graph_file(const char *path,
					    const char *spec,
					    const struct peg_board_limits *lim,
					    long long *holes,
					    struct peg_err *err)
{
	long len;
	char *text = slurp(path, lim->max_file_bytes, &len, err), *line, *next;
	struct names t = {0};
	unsigned char *seen = NULL; /* cap x cap bits: edges so far */
	int *deg = NULL, *edges = NULL, m = 0, mcap = 0, lineno = 0;
	long long jumps = 0;
	struct peg_board *b = NULL;

	if (!text)
		return NULL;
	t.cap = PEG_GRAPH_MAX_NODES;
	if (!holes && lim->max_holes < t.cap)
		t.cap = (int)lim->max_holes;
	for (t.tmask = 1; t.tmask < 2u * (unsigned)t.cap; t.tmask <<= 1)
		;
	t.slot = malloc((size_t)t.tmask * sizeof(int));
	t.tmask--;
	t.labels = calloc((size_t)t.cap, sizeof(char *));
	deg = calloc((size_t)t.cap, sizeof(int));
	seen = calloc((size_t)t.cap * t.cap / 8 + 1, 1);
	if (!t.slot || !t.labels || !deg || !seen)
		goto oom;
	memset(t.slot, -1, ((size_t)t.tmask + 1) * sizeof(int));
	for (line = text; line; line = next) {
		char *tok[3], *save = NULL;
		int k = 0, id[2];
		size_t bit;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (strchr(line, '#'))
			*strchr(line, '#') = '\0';
		for (char *tk = strtok_r(line, " \t\r,-", &save); tk;
		     tk = strtok_r(NULL, " \t\r,-", &save)) {
			if (k == 2) {
				peg_err_set(err,
					    "%s:%d: expected one edge 'u v' per "
					    "line",
					    path, lineno);
				goto done;
			}
			tok[k++] = tk;
		}
		if (k == 0)
			continue;
		if (k == 1) {
			peg_err_set(err, "%s:%d: expected an edge 'u v', got one "
					 "node",
				    path, lineno);
			goto done;
		}
		for (int j = 0; j < 2; j++) {
			if (!label_ok(tok[j]) || strlen(tok[j]) > 32) {
				peg_err_set(err,
					    "%s:%d: bad node name '%.40s' "
					    "(letters, digits, _)",
					    path, lineno, tok[j]);
				goto done;
			}
			id[j] = name_find(&t, tok[j]);
			if (id[j] == -2)
				goto oom;
			if (id[j] < 0) {
				peg_err_set(err,
					    "graph '%s' has more than %d nodes; "
					    "the limit here is %d",
					    spec, t.cap, t.cap);
				goto done;
			}
		}
		if (id[0] == id[1]) {
			peg_err_set(err, "%s:%d: loop edge '%s %s'", path,
				    lineno, tok[0], tok[1]);
			goto done;
		}
		bit = (size_t)id[0] * t.cap + id[1];
		if (seen[bit / 8] & (1u << (bit % 8)))
			continue; /* a repeated edge */
		seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
		bit = (size_t)id[1] * t.cap + id[0];
		seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
		/* d(d-1) grows by 2d when d does */
		jumps += 2LL * deg[id[0]] + 2LL * deg[id[1]];
		deg[id[0]]++;
		deg[id[1]]++;
		if (!holes && jumps > lim->max_jumps)
			continue; /* counted, not kept: refused below */
		if (m == mcap) {
			int *ne;

			mcap = mcap ? 2 * mcap : 64;
			ne = realloc(edges, (size_t)mcap * 2 * sizeof(int));
			if (!ne)
				goto oom;
			edges = ne;
		}
		edges[2 * m] = id[0];
		edges[2 * m + 1] = id[1];
		m++;
	}
	if (t.n == 0) {
		peg_err_set(err, "graph file '%s' has no edges", path);
		goto done;
	}
	if (holes) {
		*holes = t.n;
		goto done;
	}
	if (jumps > lim->max_jumps) {
		peg_err_set(err, "graph '%s' has %lld jumps; the limit here is %ld",
			    spec, jumps, lim->max_jumps);
		goto done;
	}
	if (all_numeric(t.labels, t.n)) {
		/* order numeric labels by value, so '1'..'N' are holes #1..#N */
		size_t nn = (unsigned)t.n;
		struct numlabel *nl = malloc(nn * sizeof(*nl));
		int *inv = malloc(nn * sizeof(int));
		char **sorted = malloc(nn * sizeof(char *));

		if (!nl || !inv || !sorted) {
			free(nl);
			free(inv);
			free(sorted);
			goto oom;
		}
		for (int i = 0; i < t.n; i++) {
			nl[i].s = t.labels[i];
			nl[i].len = strlen(t.labels[i]);
			nl[i].i = i;
		}
		qsort(nl, nn, sizeof(*nl), numlabel_cmp);
		for (int i = 0; i < t.n; i++) {
			sorted[i] = t.labels[nl[i].i];
			inv[nl[i].i] = i;
		}
		for (int e = 0; e < 2 * m; e++)
			edges[e] = inv[edges[e]];
		memcpy(t.labels, sorted, nn * sizeof(char *));
		free(nl);
		free(inv);
		free(sorted);
	}
	b = peg_board_graph_lim(t.n, t.labels, m, edges, spec, lim->max_jumps,
				err);
	goto done;
oom:
	peg_err_set(err, "out of memory");
done:
	for (int i = 0; i < t.n; i++)
		free(t.labels[i]);
	free(t.labels);
	free(t.slot);
	free(seen);
	free(deg);
	free(edges);
	free(text);
	return b;
}
