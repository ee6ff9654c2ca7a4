/* shortest_work.c - the work directory of a long `pegsol shortest` over
 * every start (shortest_work.h).
 *
 * DIR/shortest.work, text then an XXH3-64 trailer (afile.h), replaced
 * whole at each save:
 *
 *   pegsol shortest work 1
 *   board T11                  the command's parameters (params), as
 *   max-moves 18               given to sw_open, compared line by line
 *   max-states 0
 *   board-content 0x1234abcd   a hash of the board's holes (names) and
 *                              jumps: a board file changed under the
 *                              same path is another board
 *   end
 *   runs 2                     runs so far, their seconds
 *   seconds 5123.4
 *   unit 17 a2 over 1 16777216 0 1 31.2   bound, start, kind, round,
 *   unit 17 a2 fail 0 20079163 1 1 79.3   nodes, iterations, depth-first
 *                                         bounds, seconds
 *   mark a3 18 9 12345678 23456789 0x1234abcd 345678 987654321
 *        start, bound, front layer, front states, stored, front hash,
 *        front states done, nodes
 */
#include "shortest_work.h"

#include "cli.h"

#include "pegsol/afile.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#define SW_FILE "shortest.work"
#define SW_MAGIC "pegsol shortest work 1\n"

static const char *const kind_name[] = {"fail", "dead", "over"};

static double sw_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* FNV-1a 64 of n bytes into h. */
static uint64_t sw_fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < n; i++)
		h = (h ^ c[i]) * 0x100000001b3ull;
	return h;
}

/* The board's canonical content: its holes by name, in index order, and
 * its jumps (from, over, to), so a board file edited under the same path
 * does not resume the work of the old one. */
static uint64_t sw_board_hash(const struct peg_board *b)
{
	uint64_t h = 0xcbf29ce484222325ull;
	char name[64];

	h = sw_fnv(h, &b->n_holes, sizeof(b->n_holes));
	for (int i = 0; i < b->n_holes; i++) {
		peg_board_hole_name(b, i, name, sizeof(name));
		h = sw_fnv(h, name, strlen(name) + 1);
	}
	h = sw_fnv(h, &b->n_jumps, sizeof(b->n_jumps));
	for (int k = 0; k < b->n_jumps; k++) {
		int t[3] = {b->jumps[k].from, b->jumps[k].over,
			    b->jumps[k].to};

		h = sw_fnv(h, t, sizeof(t));
	}
	return h;
}

double sw_elapsed(const struct shortest_work *w)
{
	return w->seconds_before + (sw_now() - w->t0);
}

static int sw_save(struct shortest_work *w)
{
	struct peg_afile *af;
	struct peg_err err;
	char name[32];
	uint64_t sum;
	unsigned char tr[8];
	int rc;

	w->last_save = sw_now();
	if (!w->path)
		return 0;
	rc = peg_afile_open(w->path, &af, &err);
	if (rc)
		return cli_fail(err.msg, rc == PEG_AFILE_ERESOURCE);
	peg_afile_printf(af, "%s%send\nruns %d\nseconds %.1f\n", SW_MAGIC,
			 w->params, w->runs + 1, sw_elapsed(w));
	for (int i = 0; i < w->n; i++) {
		const struct sw_unit *u = &w->u[i];

		peg_board_hole_name(w->b, u->start, name, sizeof(name));
		peg_afile_printf(af, "unit %d %s %s %d %" PRIu64 " %d %d %.1f\n",
				 u->bound, name, kind_name[u->kind], u->round,
				 u->nodes, u->iterations, u->dfs_bounds,
				 u->seconds);
	}
	for (int i = 0; i < w->n_mk; i++) {
		const struct peg_shortest_mark *m = &w->mk[i].m;

		peg_board_hole_name(w->b, w->mk[i].start, name, sizeof(name));
		peg_afile_printf(af,
				 "mark %s %d %d %" PRIu64 " %" PRIu64
				 " 0x%016" PRIx64 " %" PRIu64 " %" PRIu64 "\n",
				 name, m->bound, m->layer, m->states,
				 m->stored, m->front_hash, m->done, m->nodes);
	}
	sum = peg_afile_checksum(af);
	for (int i = 0; i < 8; i++)
		tr[i] = (unsigned char)(sum >> (8 * i));
	peg_afile_write(af, tr, 8);
	rc = peg_afile_commit(af, &err);
	if (rc)
		return cli_fail(err.msg, rc == PEG_AFILE_ERESOURCE);
	return 0;
}

static int push_unit(struct shortest_work *w, const struct sw_unit *u)
{
	if (w->n == w->cap) {
		int cap = w->cap ? 2 * w->cap : 64;
		struct sw_unit *p = realloc(w->u, (size_t)cap * sizeof(*p));

		if (!p)
			return -1;
		w->u = p;
		w->cap = cap;
	}
	w->u[w->n++] = *u;
	return 0;
}

static struct sw_mark *find_mark(const struct shortest_work *w, int start,
				 int bound)
{
	for (int i = 0; i < w->n_mk; i++)
		if (w->mk[i].start == start && w->mk[i].m.bound == bound)
			return &w->mk[i];
	return NULL;
}

static int set_mark(struct shortest_work *w, int start,
		    const struct peg_shortest_mark *m)
{
	struct sw_mark *k = find_mark(w, start, m->bound);

	if (!k) {
		if (w->n_mk == w->cap_mk) {
			int cap = w->cap_mk ? 2 * w->cap_mk : 16;
			struct sw_mark *p =
				realloc(w->mk, (size_t)cap * sizeof(*p));

			if (!p)
				return -1;
			w->mk = p;
			w->cap_mk = cap;
		}
		k = &w->mk[w->n_mk++];
		k->start = start;
	}
	k->m = *m;
	return 0;
}

/* Parse the file's text (len bytes, no trailer).  0, or -1 with err. */
static int sw_parse(struct shortest_work *w, char *text, size_t len,
		    struct peg_err *err)
{
	size_t np = strlen(w->params), nm = strlen(SW_MAGIC);
	char *line, *save = NULL;
	int ln = 0;

	if (len < nm || memcmp(text, SW_MAGIC, nm)) {
		peg_err_set(err, "it is not a pegsol shortest work file");
		return -1;
	}
	if (len < nm + np + 4 || memcmp(text + nm, w->params, np) ||
	    memcmp(text + nm + np, "end\n", 4)) {
		const char *bc = strstr(w->params, "board-content ");
		size_t nb = bc ? (size_t)(bc - w->params) : 0;

		/* the same command's lines up to the content hash */
		if (bc && len >= nm + nb + 14 &&
		    !memcmp(text + nm, w->params, nb) &&
		    !memcmp(text + nm + nb, bc, 14))
			peg_err_set(err, "it holds the work of another board "
					 "(its holes or jumps differ)");
		else
			peg_err_set(err,
				    "it holds the work of another command");
		return -1;
	}
	text[len] = 0;
	for (line = strtok_r(text + nm + np + 4, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		struct sw_unit u = {0};
		struct peg_shortest_mark m = {0};
		char hole[32], kind[8];
		int h = -1;

		ln++;
		if (sscanf(line, "runs %d", &w->runs) == 1 ||
		    sscanf(line, "seconds %lf", &w->seconds_before) == 1)
			continue;
		if (sscanf(line, "unit %d %31s %7s %d %" SCNu64 " %d %d %lf",
			   &u.bound, hole, kind, &u.round, &u.nodes,
			   &u.iterations, &u.dfs_bounds, &u.seconds) == 8) {
			h = peg_board_parse_hole(w->b, hole, err);
			for (u.kind = SW_FAIL; u.kind <= SW_OVER; u.kind++)
				if (!strcmp(kind, kind_name[u.kind]))
					break;
			if (h < 0 || u.kind > SW_OVER)
				break;
			u.start = h;
			if (push_unit(w, &u))
				break;
			continue;
		}
		if (sscanf(line,
			   "mark %31s %d %d %" SCNu64 " %" SCNu64
			   " 0x%" SCNx64 " %" SCNu64 " %" SCNu64,
			   hole, &m.bound, &m.layer, &m.states, &m.stored,
			   &m.front_hash, &m.done, &m.nodes) == 8) {
			h = peg_board_parse_hole(w->b, hole, err);
			m.depth_first = 1;
			if (h < 0 || set_mark(w, h, &m))
				break;
			continue;
		}
		break;
	}
	if (line) {
		peg_err_set(err, "line %d after the parameters is damaged", ln);
		return -1;
	}
	return 0;
}

/* Is dir free to hold work: nothing in it but leftovers of our own
 * atomic writes? */
static int dir_is_free(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int ok = 1;

	if (!d)
		return 0;
	while (ok && (e = readdir(d))) {
		size_t n = strlen(e->d_name);

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		ok = !strncmp(e->d_name, SW_FILE ".", strlen(SW_FILE) + 1) &&
		     n > 4 && !strcmp(e->d_name + n - 4, ".tmp");
	}
	closedir(d);
	return ok;
}

static int sw_load(struct shortest_work *w, const char *dir)
{
	struct peg_err err;
	uint64_t size;
	int st;
	FILE *fp = peg_afile_read_open(w->path, 1, &size, &st, &err);
	char *text;

	if (!fp)
		return cli_fail(err.msg, st == PEG_AFILE_ERESOURCE);
	if (peg_afile_verify(fp, size, w->path, &err)) {
		fclose(fp);
		cli_error("work directory '%s': %s", cli_q(dir), err.msg);
		return EXIT_USAGE;
	}
	text = malloc((size_t)size + 1);
	if (!text || fread(text, 1, (size_t)size - 8, fp) != size - 8) {
		fclose(fp);
		free(text);
		return cli_fail(text ? "cannot read the work file"
				     : "out of memory", !text);
	}
	fclose(fp);
	if (sw_parse(w, text, (size_t)size - 8, &err)) {
		free(text);
		cli_error("work directory '%s': %s", cli_q(dir), err.msg);
		return EXIT_USAGE;
	}
	free(text);
	return 0;
}

int sw_open(struct shortest_work *w, const struct peg_board *b,
	    const char *dir, const char *params)
{
	struct stat sb;
	size_t n;
	int rc;

	memset(w, 0, sizeof(*w));
	w->b = b;
	w->t0 = w->last_save = sw_now();
	n = strlen(params) + 40;
	w->params = malloc(n);
	if (!w->params)
		return cli_fail("out of memory", 1);
	snprintf(w->params, n, "%sboard-content 0x%016llx\n", params,
		 (unsigned long long)sw_board_hash(b));
	if (!dir)
		return 0;
	if (stat(dir, &sb)) {
		if (errno != ENOENT || mkdir(dir, 0777)) {
			cli_error("cannot create work directory '%s': %s",
				  cli_q(dir), strerror(errno));
			return EXIT_USAGE;
		}
	} else if (!S_ISDIR(sb.st_mode)) {
		cli_error("work directory '%s' is not a directory", cli_q(dir));
		return EXIT_USAGE;
	}
	n = strlen(dir) + sizeof(SW_FILE) + 2;
	w->path = malloc(n);
	if (!w->path)
		return cli_fail("out of memory", 1);
	snprintf(w->path, n, "%s/%s", dir, SW_FILE);
	if (!stat(w->path, &sb)) {
		rc = sw_load(w, dir);
		if (rc)
			return rc;
	} else if (!dir_is_free(dir)) {
		cli_error("work directory '%s' is not empty and holds no pegsol "
			  "shortest work", cli_q(dir));
		return EXIT_USAGE;
	}
	return sw_save(w);
}

void sw_close(struct shortest_work *w)
{
	free(w->path);
	free(w->params);
	free(w->u);
	free(w->mk);
	memset(w, 0, sizeof(*w));
}

const struct sw_unit *sw_done(const struct shortest_work *w, int bound,
			      int start)
{
	for (int i = 0; i < w->n; i++)
		if (w->u[i].bound == bound && w->u[i].start == start &&
		    w->u[i].kind != SW_OVER)
			return &w->u[i];
	return NULL;
}

const struct sw_unit *sw_over(const struct shortest_work *w, int bound,
			      int start, int round)
{
	for (int i = 0; i < w->n; i++)
		if (w->u[i].bound == bound && w->u[i].start == start &&
		    w->u[i].kind == SW_OVER && w->u[i].round == round)
			return &w->u[i];
	return NULL;
}

void sw_sum(const struct shortest_work *w, int bound, int start,
	    uint64_t *nodes, int *iterations, int *dfs_bounds)
{
	for (int i = 0; i < w->n; i++)
		if (w->u[i].bound == bound && w->u[i].start == start) {
			*nodes += w->u[i].nodes;
			*iterations += w->u[i].iterations;
			*dfs_bounds += w->u[i].dfs_bounds;
		}
}

int sw_add(struct shortest_work *w, const struct sw_unit *u)
{
	if (push_unit(w, u))
		return cli_fail("out of memory", 1);
	if (u->kind != SW_OVER) {
		struct sw_mark *k = find_mark(w, u->start, u->bound);

		if (k)
			*k = w->mk[--w->n_mk];
	}
	return sw_save(w);
}

const struct peg_shortest_mark *sw_mark_get(const struct shortest_work *w,
					    int start, int bound)
{
	const struct sw_mark *k = find_mark(w, start, bound);

	return k ? &k->m : NULL;
}

int sw_mark_put(struct shortest_work *w, int start,
		const struct peg_shortest_mark *m, int force,
		double save_secs)
{
	const struct sw_mark *k = find_mark(w, start, m->bound);

	/* a later call may stop short of an earlier one's mark (another
	 * front, or a start that fell back): keep the furthest */
	if (!m->depth_first || (k && k->m.layer == m->layer &&
				k->m.front_hash == m->front_hash &&
				k->m.done > m->done))
		return 0;
	if (set_mark(w, start, m))
		return cli_fail("out of memory", 1);
	if (force || sw_now() - w->last_save >= save_secs)
		return sw_save(w);
	return 0;
}

int sw_summary(const struct shortest_work *w, char *buf, size_t n)
{
	uint64_t nodes = 0;
	int done = 0, lo = 0, hi = 0;
	size_t len;

	if (!w->n && !w->n_mk)
		return 0;
	for (int i = 0; i < w->n; i++) {
		nodes += w->u[i].nodes;
		done += w->u[i].kind != SW_OVER;
		if (!i || w->u[i].bound < lo)
			lo = w->u[i].bound;
		if (w->u[i].bound > hi)
			hi = w->u[i].bound;
	}
	len = (size_t)snprintf(buf, n,
			       "%d (bound, start) searches finished "
			       "(bounds %d to %d), %" PRIu64
			       " nodes, %.1f s in %d run%s",
			       done, lo, hi, nodes, w->seconds_before, w->runs,
			       w->runs == 1 ? "" : "s");
	for (int i = 0; i < w->n_mk && len < n; i++) {
		char name[32];
		const struct peg_shortest_mark *m = &w->mk[i].m;

		peg_board_hole_name(w->b, w->mk[i].start, name, sizeof(name));
		len += (size_t)snprintf(
			buf + len, n - len,
			"; bound %d, vacate %s: %" PRIu64 " of %" PRIu64
			" front states of layer %d done",
			m->bound, name, m->done, m->states, m->layer);
	}
	return 1;
}
