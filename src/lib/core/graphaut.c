/* graphaut.c - automorphism groups of graphs by individualisation and
 * refinement (graphaut.h says what and why). */
#include "graphaut.h"

#include <stdlib.h>
#include <string.h>

/* Memory the search may hold in partitions (base path and search stack). */
#define PART_BYTES_MAX (64L << 20)

/* An ordered partition of the 2n vertices of two copies of the graph
 * (left copy v, right copy n + v).  Cells are ranges of lab; for a vertex
 * v, cell[v] is the start of its cell and at[v] its place in lab; for a
 * cell start s, end[s] is one past the cell and left[s] the number of its
 * vertices from the left copy.  A partition is balanced when every cell
 * holds as many left as right vertices; a matching of the two copies that
 * is an automorphism keeps refinements balanced. */
struct part {
	int *lab, *at, *cell, *end, *left;
	int ncells;
};

struct key {
	int k, v;
};

struct aut {
	int n, nn; /* n, 2n */
	const int *xadj, *adj;
	long work; /* units left */
	/* refinement scratch, all 2n long */
	int *cnt, *touched, *tcount, *affected, *queue, *split;
	unsigned char *inq;
	struct key *keys;
	int qh, qn;
	/* search */
	struct part *stack; /* n_stack entries, at most depth_cap */
	int n_stack, depth_cap;
	int *perm, *mark;
};

static int key_cmp(const void *a, const void *b)
{
	const struct key *p = a, *q = b;

	if (p->k != q->k)
		return p->k < q->k ? -1 : 1;
	return (p->v > q->v) - (p->v < q->v);
}

static int part_alloc(struct part *p, int nn)
{
	p->lab = malloc(5 * (size_t)nn * sizeof(int));
	if (!p->lab)
		return -1;
	p->at = p->lab + nn;
	p->cell = p->at + nn;
	p->end = p->cell + nn;
	p->left = p->end + nn;
	return 0;
}

static void part_copy(struct aut *a, struct part *dst, const struct part *src)
{
	memcpy(dst->lab, src->lab, 5 * (size_t)a->nn * sizeof(int));
	dst->ncells = src->ncells;
	a->work -= 5 * (long)a->nn / 8 + 1;
}

/* The partition from left cell starts (save_left): every cell holds its
 * left vertices and their right copies, in vertex order. */
static void part_load(struct aut *a, struct part *p, const int *lcell)
{
	int n = a->n, nn = a->nn;
	int *cnt = a->cnt; /* cnt[s]: left vertices of the cell at s */

	p->ncells = 0;
	for (int v = 0; v < n; v++)
		if (cnt[lcell[v]]++ == 0)
			p->ncells++;
	for (int s = 0; s < nn; s = p->end[s]) {
		p->end[s] = s + 2 * cnt[s];
		p->left[s] = cnt[s];
		cnt[s] = s; /* next free place in the cell */
	}
	for (int v = 0; v < n; v++) {
		int s = lcell[v], k = p->left[s];

		p->lab[cnt[s]] = v;
		p->at[v] = cnt[s];
		p->lab[cnt[s] + k] = n + v;
		p->at[n + v] = cnt[s] + k;
		p->cell[v] = p->cell[n + v] = s;
		cnt[s]++;
	}
	for (int v = 0; v < n; v++)
		cnt[lcell[v]] = 0;
	a->work -= 4 * (long)n;
}

static void queue_push(struct aut *a, int s)
{
	if (a->inq[s])
		return;
	a->inq[s] = 1;
	a->queue[(a->qh + a->qn++) % a->nn] = s;
}

static void queue_clear(struct aut *a)
{
	while (a->qn) {
		a->inq[a->queue[a->qh]] = 0;
		a->qh = (a->qh + 1) % a->nn;
		a->qn--;
	}
	a->qh = 0;
}

static void lab_swap(struct part *p, int i, int j)
{
	int u = p->lab[i], v = p->lab[j];

	p->lab[i] = v;
	p->at[v] = i;
	p->lab[j] = u;
	p->at[u] = j;
}

/* Split cell c after a splitter pass: its tcount[c] touched vertices sit
 * at its end, cnt[] holds their neighbour counts.  0, or 1 when a piece
 * is unbalanced. */
static int split_cell(struct aut *a, struct part *p, int c)
{
	int n = a->n, e = p->end[c], t = a->tcount[c], sz = e - c;
	int z = e - t; /* start of the touched zone */
	int np = 0, bad = 0, lmax = -1, imax = 0, left0, first;

	if (t == sz) {
		int lo = a->cnt[p->lab[z]], same = 1;

		for (int i = z + 1; i < e && same; i++)
			same = a->cnt[p->lab[i]] == lo;
		if (same)
			return 0;
	}
	for (int i = z; i < e; i++) {
		a->keys[i - z].k = a->cnt[p->lab[i]];
		a->keys[i - z].v = p->lab[i];
	}
	if (t > 1)
		qsort(a->keys, (size_t)t, sizeof(*a->keys), key_cmp);
	a->work -= 4L * t + 16;
	for (int i = z; i < e; i++) {
		p->lab[i] = a->keys[i - z].v;
		p->at[p->lab[i]] = i;
	}
	/* pieces: the untouched zone (starts at c, keeps its cell), then
	 * one per neighbour count */
	left0 = p->left[c];
	if (z > c)
		a->split[np++] = c;
	first = np;
	for (int i = z; i < e; i++) {
		int v = p->lab[i];

		if (i == z || a->keys[i - z].k != a->keys[i - z - 1].k) {
			a->split[np++] = i;
			p->left[i] = 0;
		}
		p->cell[v] = a->split[np - 1];
		if (v < n)
			p->left[a->split[np - 1]]++;
	}
	for (int k = first; k < np; k++)
		left0 -= p->left[a->split[k]];
	if (z > c)
		p->left[c] = left0;
	for (int k = 0; k < np; k++)
		p->end[a->split[k]] = k + 1 < np ? a->split[k + 1] : e;
	for (int k = 0; k < np; k++) {
		int s = a->split[k], size = p->end[s] - s;

		if (2 * p->left[s] != size)
			bad = 1;
		if (size > lmax) {
			lmax = size;
			imax = k;
		}
	}
	p->ncells += np - 1;
	if (a->inq[c]) {
		for (int k = 1; k < np; k++)
			queue_push(a, a->split[k]);
	} else {
		for (int k = 0; k < np; k++)
			if (k != imax)
				queue_push(a, a->split[k]);
	}
	return bad;
}

/* Refine p to the coarsest equitable partition below it, splitting by the
 * cells queued.  0, 1 when it becomes unbalanced, -1 out of work. */
static int refine(struct aut *a, struct part *p)
{
	int n = a->n, bad = 0;

	while (a->qn && !bad) {
		int s = a->queue[a->qh], e = p->end[s], nt = 0, naff = 0;
		int *members = a->split; /* reused: free between splits */

		a->qh = (a->qh + 1) % a->nn;
		a->qn--;
		a->inq[s] = 0;
		if (a->work < 0)
			break;
		memcpy(members, p->lab + s, (size_t)(e - s) * sizeof(int));
		for (int i = 0; i < e - s; i++) {
			int v = members[i], base = v < n ? 0 : n, u = v - base;

			a->work -= 1 + a->xadj[u + 1] - a->xadj[u];
			for (int j = a->xadj[u]; j < a->xadj[u + 1]; j++) {
				int w = a->adj[j] + base;

				if (a->cnt[w]++ == 0) {
					int c = p->cell[w];
					int k = a->tcount[c]++;

					a->touched[nt++] = w;
					if (k == 0)
						a->affected[naff++] = c;
					lab_swap(p, p->at[w], p->end[c] - 1 - k);
				}
			}
		}
		for (int k = 0; k < naff && !bad; k++)
			bad = split_cell(a, p, a->affected[k]);
		for (int k = 0; k < naff; k++)
			a->tcount[a->affected[k]] = 0;
		for (int k = 0; k < nt; k++)
			a->cnt[a->touched[k]] = 0;
	}
	if (a->work < 0) {
		queue_clear(a);
		return -1;
	}
	queue_clear(a);
	return bad;
}

/* Match left x with right y (n + vertex) in their cell and refine. */
static int individualise(struct aut *a, struct part *p, int x, int y)
{
	int c = p->cell[x], e = p->end[c], s = e - 2;

	lab_swap(p, p->at[x], e - 1);
	lab_swap(p, p->at[y], e - 2);
	p->end[c] = s;
	p->left[c]--;
	p->end[s] = e;
	p->left[s] = 1;
	p->cell[x] = p->cell[y] = s;
	p->ncells++;
	queue_push(a, s);
	return refine(a, p);
}

/* The first cell with more than one vertex of each copy, or -1. */
static int target_cell(const struct aut *a, const struct part *p)
{
	for (int s = 0; s < a->nn; s = p->end[s])
		if (p->end[s] - s > 2)
			return s;
	return -1;
}

/* Is perm (vertex -> vertex) an automorphism? */
static int is_automorphism(struct aut *a, const int *perm)
{
	int n = a->n, ok = 1;

	a->work -= n + a->xadj[n];
	for (int u = 0; u < n; u++) {
		int g = perm[u];

		if (a->xadj[u + 1] - a->xadj[u] !=
		    a->xadj[g + 1] - a->xadj[g]) {
			ok = 0;
			break;
		}
		for (int j = a->xadj[g]; j < a->xadj[g + 1]; j++)
			a->mark[a->adj[j]] = u + 1;
		for (int j = a->xadj[u]; j < a->xadj[u + 1]; j++)
			if (a->mark[perm[a->adj[j]]] != u + 1)
				ok = 0;
		if (!ok)
			break;
	}
	for (int v = 0; v < n; v++)
		a->mark[v] = 0;
	return ok;
}

/* Make stack[d] usable: -1 past the depth cap or out of memory. */
static int stack_part(struct aut *a, int d)
{
	if (d >= a->depth_cap)
		return -1;
	if (d >= a->n_stack) {
		int ns = a->n_stack ? 2 * a->n_stack : 8;
		struct part *st;

		if (ns > a->depth_cap)
			ns = a->depth_cap;
		st = realloc(a->stack, (size_t)ns * sizeof(*st));
		if (!st)
			return -1;
		memset(st + a->n_stack, 0,
		       (size_t)(ns - a->n_stack) * sizeof(*st));
		a->stack = st;
		a->n_stack = ns;
	}
	if (!a->stack[d].lab && part_alloc(&a->stack[d], a->nn))
		return -1;
	return 0;
}

static int int_cmp(const void *x, const void *y)
{
	int p = *(const int *)x, q = *(const int *)y;

	return (p > q) - (p < q);
}

/* Search below stack[d] (balanced and refined) for an automorphism:
 * 1 found (in a->perm), 0 none, -1 out of work or memory. */
static int dfs(struct aut *a, int d)
{
	const struct part *p;
	int c, x = -1, ny = 0, r = 0, *ys;

	if (a->work < 0 || stack_part(a, d + 1))
		return -1;
	/* stack_part may move the stack: take p after it */
	p = &a->stack[d];
	c = target_cell(a, p);
	if (c < 0) {
		for (int s = 0; s < a->nn; s += 2) {
			int u = p->lab[s], v = p->lab[s + 1];

			if (u < a->n)
				a->perm[u] = v - a->n;
			else
				a->perm[v] = u - a->n;
		}
		return is_automorphism(a, a->perm);
	}
	ys = malloc((size_t)(p->end[c] - c) * sizeof(int));
	if (!ys)
		return -1;
	for (int i = c; i < p->end[c]; i++) {
		int v = p->lab[i];

		if (v >= a->n)
			ys[ny++] = v;
		else if (x < 0 || v < x)
			x = v;
	}
	qsort(ys, (size_t)ny, sizeof(int), int_cmp);
	for (int k = 0; k < ny && r == 0; k++) {
		part_copy(a, &a->stack[d + 1], &a->stack[d]);
		r = individualise(a, &a->stack[d + 1], x, ys[k]);
		if (r == 1) {
			r = 0;
			continue;
		}
		if (r == 0)
			r = dfs(a, d + 1);
	}
	free(ys);
	return r;
}

/* Orbit of b under gens[0..ng): marks in inorb (1), returns its length;
 * orb receives the points in the order reached. */
static int orbit(int n, int b, int *const *gens, int ng, unsigned char *inorb,
		 int *orb)
{
	int len = 1;

	memset(inorb, 0, (size_t)n);
	inorb[b] = 1;
	orb[0] = b;
	for (int i = 0; i < len; i++)
		for (int g = 0; g < ng; g++) {
			int u = gens[g][orb[i]];

			if (!inorb[u]) {
				inorb[u] = 1;
				orb[len++] = u;
			}
		}
	return len;
}

static int row_cmp(const void *x, const void *y)
{
	const int *p = *(const int *const *)x, *q = *(const int *const *)y;

	/* row[-1] holds the length */
	for (int i = 0; i < p[-1]; i++)
		if (p[i] != q[i])
			return p[i] < q[i] ? -1 : 1;
	return 0;
}

/* Every product cur o rep_d o ... o rep_(nl-1) into block/rows from
 * index made on; returns the new count. */
static long list_rec(int n, int nl, int d, int *const *reps, const int *rlen,
		     int *cur, int *block, int **rows, long made)
{
	int *nx = cur + n;

	if (d == nl) {
		int *row = block + (size_t)made * (n + 1);

		row[0] = n; /* the length, for row_cmp */
		memcpy(row + 1, cur, (size_t)n * sizeof(int));
		rows[made] = row + 1;
		return made + 1;
	}
	for (int j = 0; j < rlen[d]; j++) {
		const int *r = reps[d] + (size_t)j * n;

		for (int x = 0; x < n; x++)
			nx[x] = cur[r[x]];
		made = list_rec(n, nl, d + 1, reps, rlen, nx, block, rows,
				made);
	}
	return made;
}

/* List the group generated by gens[0..ng) through the transversals of the
 * chain levels lo..k-1 (base b[], level l generated by gens[0..gend[l])),
 * sorted; order is its size. */
static int list_group(int n, int k, int lo, const int *b, const int *gend,
		      int *const *gens, long order, int **out)
{
	int **reps = NULL, *rlen = NULL, **rows = NULL, *cur = NULL;
	int *block = NULL, *orb = NULL, *res = NULL;
	unsigned char *inorb = NULL;
	int nl = k - lo, rc = -1;
	long made = 0;

	reps = calloc((size_t)nl + 1, sizeof(*reps));
	rlen = calloc((size_t)nl + 1, sizeof(int));
	orb = malloc((size_t)n * sizeof(int));
	inorb = malloc((size_t)n);
	cur = malloc(((size_t)nl + 1) * n * sizeof(int));
	block = malloc((size_t)order * (n + 1) * sizeof(int));
	rows = malloc((size_t)order * sizeof(*rows));
	if (!reps || !rlen || !orb || !inorb || !cur || !block || !rows)
		goto out;
	/* transversal of level i: for each orbit point u of b[i] a
	 * representative mapping b[i] to u, from the generators of G_i */
	for (int i = 0; i < nl; i++) {
		int l = lo + i, len = orbit(n, b[l], gens, gend[l], inorb, orb);
		int *pos = malloc((size_t)n * sizeof(int));

		reps[i] = malloc((size_t)len * n * sizeof(int));
		if (!pos || !reps[i]) {
			free(pos);
			goto out;
		}
		rlen[i] = len;
		for (int j = 0; j < len; j++)
			pos[orb[j]] = j;
		for (int x = 0; x < n; x++)
			reps[i][x] = x;
		/* orbit() reached orb[j] from an earlier point: redo the walk
		 * to build representatives */
		memset(inorb, 0, (size_t)n);
		inorb[b[l]] = 1;
		for (int j = 0, done = 1; j < done; j++)
			for (int g = 0; g < gend[l]; g++) {
				int w = orb[j], u = gens[g][w];
				int *rw = reps[i] + (size_t)pos[w] * n;
				int *ru = reps[i] + (size_t)pos[u] * n;

				if (inorb[u])
					continue;
				inorb[u] = 1;
				for (int x = 0; x < n; x++)
					ru[x] = gens[g][rw[x]];
				/* orbit() visited in the same order */
				done++;
			}
		free(pos);
	}
	/* every element is rep_0 o rep_1 o ... o rep_(nl-1) */
	for (int x = 0; x < n; x++)
		cur[x] = x;
	made = list_rec(n, nl, 0, reps, rlen, cur, block, rows, 0);
	if (made != order)
		goto out;
	qsort(rows, (size_t)made, sizeof(*rows), row_cmp);
	res = malloc((size_t)made * n * sizeof(int));
	if (!res)
		goto out;
	for (long s = 0; s < made; s++)
		memcpy(res + (size_t)s * n, rows[s], (size_t)n * sizeof(int));
	*out = res;
	rc = 0;
out:
	if (reps)
		for (int i = 0; i < nl; i++)
			free(reps[i]);
	free(reps);
	free(rlen);
	free(rows);
	free(block);
	free(cur);
	free(inorb);
	free(orb);
	return rc;
}

int peg_graph_automorphisms(int n, const int *xadj, const int *adj, int max,
			    int **out, int *n_out, int *complete)
{
	struct aut a;
	struct part root = {0};
	int nn = 2 * n, k = 0, rc = -1, ng = 0, nal = 0, gcap = 0;
	int stopped = 0, ring = 1;
	int *base = NULL, *lcells = NULL, *gend = NULL, *cand = NULL;
	int *orb = NULL, **gens = NULL, lo;
	unsigned char *inorb = NULL;
	long order = 1;

	*out = NULL;
	*n_out = 0;
	*complete = 0;
	a = (struct aut){.n = n, .nn = nn, .xadj = xadj, .adj = adj,
			 .work = GRAPHAUT_WORK};
	a.cnt = calloc((size_t)nn, sizeof(int));
	a.touched = malloc((size_t)nn * sizeof(int));
	a.tcount = calloc((size_t)nn, sizeof(int));
	a.affected = malloc((size_t)nn * sizeof(int));
	a.queue = malloc((size_t)nn * sizeof(int));
	a.split = malloc(((size_t)nn + 1) * sizeof(int));
	a.inq = calloc((size_t)nn, 1);
	a.keys = malloc((size_t)nn * sizeof(*a.keys));
	a.perm = malloc((size_t)n * sizeof(int));
	a.mark = calloc((size_t)n, sizeof(int));
	a.depth_cap = (int)(PART_BYTES_MAX / 2 / (20 * (long)nn + 64)) + 2;
	base = malloc((size_t)n * sizeof(int));
	gend = calloc((size_t)n + 1, sizeof(int));
	cand = malloc((size_t)n * sizeof(int));
	orb = malloc((size_t)n * sizeof(int));
	inorb = calloc((size_t)n, 1);
	if (!a.cnt || !a.touched || !a.tcount || !a.affected || !a.queue ||
	    !a.split || !a.inq || !a.keys || !a.perm || !a.mark ||
	    !base || !gend || !cand || !orb || !inorb || part_alloc(&root, nn))
		goto done;

	/* the coarsest equitable partition of the two copies */
	for (int i = 0; i < nn; i++) {
		root.lab[i] = root.at[i] = i;
		root.cell[i] = 0;
	}
	root.end[0] = nn;
	root.left[0] = n;
	root.ncells = 1;
	queue_push(&a, 0);
	if (refine(&a, &root) < 0)
		stopped = 1;
	/* the base path: left cell starts of each partition on it (they are
	 * balanced and symmetric, so the left half describes them); the
	 * last `ring` levels are kept, which is all the bottom-up pass
	 * below reaches unless the chain is long and mostly trivial */
	if (!stopped) {
		size_t per = (size_t)n * sizeof(int);

		ring = (int)((PART_BYTES_MAX / 2) / (long)per);
		if (ring > n + 1)
			ring = n + 1;
		lcells = malloc(per * (size_t)ring);
		if (!lcells)
			goto done;
		memcpy(lcells, root.cell, per);
		for (;;) {
			int c = target_cell(&a, &root), b = -1;

			if (c < 0)
				break;
			for (int i = c; i < root.end[c]; i++)
				if (root.lab[i] < n && (b < 0 || root.lab[i] < b))
					b = root.lab[i];
			base[k++] = b;
			if (individualise(&a, &root, b, n + b)) {
				stopped = 1;
				break;
			}
			memcpy(lcells + (size_t)(k % ring) * n, root.cell, per);
		}
	}
	/* the stabiliser chain, bottom up: level i is the orbit of base[i]
	 * under G_i, the stabiliser of base[0..i-1] */
	lo = k;
	gend[k] = 0;
	for (int i = k - 1; i >= 0 && !stopped; i--) {
		struct part *p0;
		int nc = 0, c, len;

		if (i <= k - ring)
			break; /* its partition was not kept: G_(i+1) it is */
		if (stack_part(&a, 0) || stack_part(&a, 1))
			goto done;
		p0 = &a.stack[0];
		part_load(&a, p0, lcells + (size_t)(i % ring) * n);
		c = p0->cell[base[i]];
		for (int j = c; j < p0->end[c]; j++)
			if (p0->lab[j] < n)
				cand[nc++] = p0->lab[j];
		qsort(cand, (size_t)nc, sizeof(int), int_cmp);
		len = orbit(n, base[i], gens, ng, inorb, orb);
		for (int j = 0; j < nc && !stopped; j++) {
			int v = cand[j], r;

			if (inorb[v])
				continue;
			part_copy(&a, &a.stack[1], &a.stack[0]);
			/* individualise: 0 refined, 1 unbalanced (no such
			 * automorphism), -1 out of work; dfs: 1 found */
			r = individualise(&a, &a.stack[1], base[i], n + v);
			if (r == 1)
				continue;
			if (r == 0)
				r = dfs(&a, 1);
			if (r < 0) {
				stopped = 1;
				break;
			}
			if (r == 0)
				continue;
			if (ng == gcap) {
				int **ngs;

				gcap = gcap ? 2 * gcap : 16;
				ngs = realloc(gens, (size_t)gcap * sizeof(*gens));
				if (!ngs)
					goto done;
				gens = ngs;
			}
			gens[ng] = malloc((size_t)n * sizeof(int));
			if (!gens[ng])
				goto done;
			nal = ng + 1;
			memcpy(gens[ng++], a.perm, (size_t)n * sizeof(int));
			len = orbit(n, base[i], gens, ng, inorb, orb);
			if ((long)len * order > max)
				stopped = 1;
		}
		if (stopped) {
			ng = gend[i + 1];
			break;
		}
		order *= len;
		gend[i] = ng;
		lo = i;
	}
	/* list G_lo: levels lo..k-1 with orbits longer than 1 */
	{
		int nb = 0, *bb = base, *ge = gend;

		/* keep only nontrivial levels, in order */
		for (int i = lo; i < k; i++) {
			int len = orbit(n, base[i], gens, gend[i], inorb, orb);

			if (len > 1) {
				bb[nb] = base[i];
				ge[nb] = gend[i];
				nb++;
			}
		}
		if (list_group(n, nb, 0, bb, ge, gens, order, out))
			goto done;
	}
	*n_out = (int)order;
	*complete = !stopped && lo == 0;
	rc = 0;
done:
	for (int d = 0; d < a.n_stack; d++)
		free(a.stack[d].lab);
	for (int g = 0; g < nal; g++)
		free(gens[g]);
	free(gens);
	free(root.lab);
	free(a.stack);
	free(a.cnt);
	free(a.touched);
	free(a.tcount);
	free(a.affected);
	free(a.queue);
	free(a.split);
	free(a.inq);
	free(a.keys);
	free(a.perm);
	free(a.mark);
	free(base);
	free(lcells);
	free(gend);
	free(cand);
	free(orb);
	free(inorb);
	return rc;
}
