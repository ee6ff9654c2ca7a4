/* boardfile.c - boards read from files: ASCII art on either lattice
 * (file:PATH) and edge lists (graph:PATH).  Formats: docs/board-files.md. */
#include "pegsol/board.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE_BYTES (64L << 20)

struct peg_board *peg_board_from_file(const char *path, const char *spec,
				      struct peg_err *err);
struct peg_board *peg_board_from_graph_file(const char *path,
					    const char *spec,
					    struct peg_err *err);

static char *slurp(const char *path, struct peg_err *err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	long n = 0, cap = 0;
	int ch;

	if (!f) {
		peg_err_set(err, "cannot open board file '%s': %s", path,
			    strerror(errno));
		return NULL;
	}
	while ((ch = fgetc(f)) != EOF) {
		if (n + 1 >= cap) {
			char *nb;

			cap = cap ? 2 * cap : 4096;
			if (cap > MAX_FILE_BYTES) {
				peg_err_set(err, "board file '%s' is too large",
					    path);
				goto fail;
			}
			nb = realloc(buf, (size_t)cap);
			if (!nb) {
				peg_err_set(err, "out of memory");
				goto fail;
			}
			buf = nb;
		}
		if (ch == '\0') {
			peg_err_set(err, "board file '%s' is not text", path);
			goto fail;
		}
		buf[n++] = (char)ch;
	}
	if (!buf && !(buf = malloc(1))) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	buf[n] = '\0';
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

struct peg_board *peg_board_from_file(const char *path, const char *spec,
				      struct peg_err *err)
{
	char *text = slurp(path, err), *line, *next;
	int lineno = 0, row = 0, tri = 0, diag = 0, parity = -1;
	int n = 0, cap = 0, *xs = NULL, *ys = NULL;
	char title[128];
	struct peg_board *b = NULL;

	if (!text)
		return NULL;
	snprintf(title, sizeof(title), "%s", spec);
	for (line = text; line; line = next) {
		size_t len;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		len = strlen(line);
		if (len && line[len - 1] == '\r')
			line[--len] = '\0';
		if (line[0] == '#')
			continue;
		if (line[0] == '@') {
			if (!strcmp(line, "@lattice triangular"))
				tri = 1;
			else if (!strcmp(line, "@lattice square"))
				tri = 0;
			else if (!strcmp(line, "@diagonal"))
				diag = 1;
			else if (!strncmp(line, "@name ", 6))
				snprintf(title, sizeof(title), "%s", line + 6);
			else {
				peg_err_set(err,
					    "%s:%d: unknown directive '%.40s' "
					    "(expected @lattice, @diagonal or "
					    "@name)",
					    path, lineno, line);
				goto done;
			}
			if (n > 0) {
				peg_err_set(err,
					    "%s:%d: directives must come before "
					    "the board picture",
					    path, lineno);
				goto done;
			}
			continue;
		}
		if (n == 0 && strspn(line, " \t") == len)
			continue; /* blank lines before the picture */
		for (size_t c = 0; c < len; c++) {
			int x;

			if (line[c] == ' ')
				continue;
			if (!is_hole_char((unsigned char)line[c])) {
				peg_err_set(err,
					    "%s:%d:%zu: unexpected character "
					    "'%c' (holes are o . x *, gaps are "
					    "spaces)",
					    path, lineno, c + 1,
					    isprint((unsigned char)line[c])
						    ? line[c]
						    : '?');
				goto done;
			}
			if (tri) {
				/* staggered layout: hole (x,y) at text column
				 * 2x - y + k for one constant k */
				int p = (int)((c + (size_t)row) & 1);

				if (parity < 0)
					parity = p;
				if (p != parity) {
					peg_err_set(err,
						    "%s:%d:%zu: hole is off the "
						    "triangular lattice (holes "
						    "in a row are 2 columns "
						    "apart, rows shift by 1)",
						    path, lineno, c + 1);
					goto done;
				}
				x = (int)((c + (size_t)row - (size_t)parity) /
					  2);
			} else {
				x = (int)c;
			}
			if (n == cap) {
				int *nx, *ny;

				cap = cap ? 2 * cap : 256;
				nx = realloc(xs, (size_t)cap * sizeof(int));
				ny = nx ? realloc(ys, (size_t)cap * sizeof(int))
					: NULL;
				if (nx)
					xs = nx;
				if (ny)
					ys = ny;
				if (!nx || !ny) {
					peg_err_set(err, "out of memory");
					goto done;
				}
			}
			xs[n] = x;
			ys[n] = row;
			n++;
		}
		row++;
	}
	if (n == 0) {
		peg_err_set(err, "board file '%s' has no holes", path);
		goto done;
	}
	if (tri && diag) {
		peg_err_set(err,
			    "board file '%s': @diagonal is for the square "
			    "lattice",
			    path);
		goto done;
	}
	b = peg_board_from_cells(tri ? PEG_LATTICE_TRI : PEG_LATTICE_SQUARE,
				 diag, n, xs, ys, spec, title, err);
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

struct peg_board *peg_board_from_graph_file(const char *path,
					    const char *spec,
					    struct peg_err *err)
{
	char *text = slurp(path, err), *line, *next;
	char **labels = NULL;
	int n = 0, ncap = 0, m = 0, mcap = 0, *edges = NULL, lineno = 0;
	struct peg_board *b = NULL;

	if (!text)
		return NULL;
	for (line = text; line; line = next) {
		char *tok[3], *save = NULL;
		int k = 0, id[2];

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		lineno++;
		if (strchr(line, '#'))
			*strchr(line, '#') = '\0';
		for (char *t = strtok_r(line, " \t\r,-", &save); t;
		     t = strtok_r(NULL, " \t\r,-", &save)) {
			if (k == 2) {
				peg_err_set(err,
					    "%s:%d: expected one edge 'u v' per "
					    "line",
					    path, lineno);
				goto done;
			}
			tok[k++] = t;
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
			int f = -1;

			if (!label_ok(tok[j]) || strlen(tok[j]) > 32) {
				peg_err_set(err,
					    "%s:%d: bad node name '%.40s' "
					    "(letters, digits, _)",
					    path, lineno, tok[j]);
				goto done;
			}
			for (int i = 0; i < n && f < 0; i++)
				if (!strcmp(labels[i], tok[j]))
					f = i;
			if (f < 0) {
				if (n == 4096) {
					peg_err_set(err,
						    "%s: more than 4096 nodes",
						    path);
					goto done;
				}
				if (n == ncap) {
					char **nl;

					ncap = ncap ? 2 * ncap : 64;
					nl = realloc(labels, (size_t)ncap *
								     sizeof(char *));
					if (!nl)
						goto oom;
					labels = nl;
				}
				labels[n] = strdup(tok[j]);
				if (!labels[n])
					goto oom;
				f = n++;
			}
			id[j] = f;
		}
		if (id[0] == id[1]) {
			peg_err_set(err, "%s:%d: loop edge '%s %s'", path,
				    lineno, tok[0], tok[1]);
			goto done;
		}
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
	if (n == 0) {
		peg_err_set(err, "graph file '%s' has no edges", path);
		goto done;
	}
	if (all_numeric(labels, n)) {
		/* order numeric labels by value, so '1'..'N' are holes #1..#N */
		int *perm = malloc((size_t)n * sizeof(int));
		int *inv = malloc((size_t)n * sizeof(int));
		char **sorted = malloc((size_t)n * sizeof(char *));

		if (!perm || !inv || !sorted) {
			free(perm);
			free(inv);
			free(sorted);
			goto oom;
		}
		for (int i = 0; i < n; i++)
			perm[i] = i;
		for (int i = 1; i < n; i++) /* insertion sort, n <= 4096 */
			for (int j = i; j > 0; j--) {
				const char *a = labels[perm[j - 1]],
					   *c = labels[perm[j]];
				size_t la = strlen(a), lc = strlen(c);

				if (la < lc || (la == lc && strcmp(a, c) <= 0))
					break;
				int t = perm[j];
				perm[j] = perm[j - 1];
				perm[j - 1] = t;
			}
		for (int i = 0; i < n; i++) {
			sorted[i] = labels[perm[i]];
			inv[perm[i]] = i;
		}
		for (int e = 0; e < 2 * m; e++)
			edges[e] = inv[edges[e]];
		memcpy(labels, sorted, (size_t)n * sizeof(char *));
		free(perm);
		free(inv);
		free(sorted);
	}
	b = peg_board_from_graph(n, labels, m, edges, spec, err);
	goto done;
oom:
	peg_err_set(err, "out of memory");
done:
	for (int i = 0; i < n; i++)
		free(labels[i]);
	free(labels);
	free(edges);
	free(text);
	return b;
}
