/* theory.c - position classes, null-class test, SVSS feasibility, feasible
 * pairs up to symmetry (Burnside count and orbit representatives), hole
 * orbits, Bell's maps f and r, and the T5 SAX / F-E counts.  See theory.h
 * for the definitions and the seeds they come from. */
#include "pegsol/theory.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The parity vector of a single peg on label i: PEG_0, PEG_1, PEG_2. */
static const unsigned label_vec[3] = {PEG_CLASS_PEG0, PEG_CLASS_PEG1,
				      PEG_CLASS_PEG2};

int peg_theory_labellings(const struct peg_board *b)
{
	if (b->lattice == PEG_LATTICE_TRI)
		return 1;
	if (b->lattice == PEG_LATTICE_SQUARE && !b->diagonal)
		return 2;
	return 0;
}

int peg_theory_label(const struct peg_board *b, int h, int k)
{
	if (k == 0)
		return (b->hx[h] + b->hy[h]) % 3;
	return ((b->hx[h] - b->hy[h]) % 3 + 3) % 3;
}

unsigned peg_theory_hole_class(const struct peg_board *b, int h)
{
	unsigned c = label_vec[peg_theory_label(b, h, 0)];

	if (peg_theory_labellings(b) == 2)
		c |= label_vec[peg_theory_label(b, h, 1)] << 3;
	return c;
}

static int not_defined(const struct peg_board *b, struct peg_err *err)
{
	if (peg_theory_labellings(b))
		return 0;
	peg_err_set(err,
		    "position classes are not defined on board '%s' (%s)",
		    b->spec,
		    b->lattice == PEG_LATTICE_GRAPH
			    ? "graph board"
			    : "square lattice with diagonal jumps");
	return 1;
}

static unsigned class_of(const struct peg_board *b, const unsigned char *pegs)
{
	unsigned c = 0;

	for (int h = 0; h < b->n_holes; h++)
		if (!pegs || pegs[h])
			c ^= peg_theory_hole_class(b, h);
	return c;
}

int peg_theory_class(const struct peg_board *b, const unsigned char *pegs,
		     unsigned *cls, struct peg_err *err)
{
	if (not_defined(b, err))
		return -1;
	*cls = class_of(b, pegs);
	return 0;
}

static const char *part_name(unsigned v)
{
	switch (v) {
	case PEG_CLASS_EMPTY:
		return "EMPTY";
	case PEG_CLASS_PEG0:
		return "PEG_0";
	case PEG_CLASS_PEG1:
		return "PEG_1";
	case PEG_CLASS_PEG2:
		return "PEG_2";
	}
	return "?";
}

char *peg_theory_class_name(const struct peg_board *b, unsigned cls,
			    char *buf, size_t size)
{
	if (peg_theory_labellings(b) == 2 && cls)
		snprintf(buf, size, "(%s,%s)", part_name(cls & 7),
			 part_name(cls >> 3));
	else
		snprintf(buf, size, "%s", part_name(cls));
	return buf;
}

int peg_theory_null_class(const struct peg_board *b)
{
	if (!peg_theory_labellings(b))
		return -1;
	return class_of(b, NULL) == PEG_CLASS_EMPTY;
}

int peg_theory_finish_holes(const struct peg_board *b,
			    const unsigned char *pegs, unsigned char *out,
			    struct peg_err *err)
{
	unsigned c;
	int n = 0;

	if (peg_theory_class(b, pegs, &c, err))
		return -1;
	for (int h = 0; h < b->n_holes; h++) {
		out[h] = peg_theory_hole_class(b, h) == c;
		n += out[h];
	}
	return n;
}

int peg_theory_svss(const struct peg_board *b, int s, int f,
		    enum peg_feas *why, struct peg_err *err)
{
	unsigned start;
	int single = 0;

	if (not_defined(b, err))
		return -1;
	start = class_of(b, NULL) ^ peg_theory_hole_class(b, s);
	if (start == PEG_CLASS_EMPTY) {
		*why = PEG_FEAS_EMPTY_START;
		return 0;
	}
	if (f >= 0 && peg_theory_hole_class(b, f) == start) {
		*why = PEG_FEAS_OK;
		return 1;
	}
	for (int h = 0; h < b->n_holes && !single; h++)
		single = peg_theory_hole_class(b, h) == start;
	if (!single) {
		*why = PEG_FEAS_NO_SINGLE;
		return 0;
	}
	*why = f >= 0 ? PEG_FEAS_MISMATCH : PEG_FEAS_OK;
	return *why == PEG_FEAS_OK;
}

int peg_theory_triangle_side(const struct peg_board *b)
{
	int n = b->height;

	if (b->lattice != PEG_LATTICE_TRI || b->width != n ||
	    (long long)b->n_holes != (long long)n * (n + 1) / 2)
		return 0;
	for (int h = 0; h < b->n_holes; h++)
		if (b->hx[h] > b->hy[h])
			return 0;
	return n;
}

long long peg_theory_count_pairs(const struct peg_board *b,
				 struct peg_err *err)
{
	unsigned full;
	long long total = 0;

	if (not_defined(b, err))
		return -1;
	full = class_of(b, NULL);
	for (int g = 0; g < b->n_syms; g++) {
		const int *p = b->sym + (size_t)g * b->n_holes;
		long long cnt[64] = {0};

		for (int h = 0; h < b->n_holes; h++)
			if (p[h] == h)
				cnt[peg_theory_hole_class(b, h)]++;
		/* fixed pairs: s and f fixed, class(f) = full ^ class(s) */
		for (unsigned v = 0; v < 64; v++)
			total += cnt[v] * cnt[v ^ full];
	}
	if (total % b->n_syms) {
		peg_err_set(err, "burnside sum %lld not divisible by %d", total,
			    b->n_syms);
		return -1;
	}
	return total / b->n_syms;
}

/* The ordering key of hole h: label first (labelling 0, then 1), then the
 * index, so that representatives prefer label 0. */
static long long hole_key(const struct peg_board *b, int h)
{
	long long lab = peg_theory_label(b, h, 0);

	if (peg_theory_labellings(b) == 2)
		lab = lab * 3 + peg_theory_label(b, h, 1);
	return lab * b->n_holes + h;
}

static int pair_less(const struct peg_board *b, struct peg_pair p,
		     struct peg_pair q)
{
	long long ps = hole_key(b, p.vacate), qs = hole_key(b, q.vacate);

	if (ps != qs)
		return ps < qs;
	return hole_key(b, p.finish) < hole_key(b, q.finish);
}

struct peg_pair peg_theory_pair_canon(const struct peg_board *b,
				      struct peg_pair p)
{
	struct peg_pair best = p;

	for (int g = 1; g < b->n_syms; g++) {
		const int *m = b->sym + (size_t)g * b->n_holes;
		struct peg_pair q = {m[p.vacate], m[p.finish]};

		if (pair_less(b, q, best))
			best = q;
	}
	return best;
}

struct keyed_pair {
	long long ks, kf;
	struct peg_pair p;
};

static int keyed_cmp(const void *a, const void *c)
{
	const struct keyed_pair *x = a, *y = c;

	if (x->ks != y->ks)
		return x->ks < y->ks ? -1 : 1;
	if (x->kf != y->kf)
		return x->kf < y->kf ? -1 : 1;
	return 0;
}

long long peg_theory_list_pairs(const struct peg_board *b,
				struct peg_pair **out, struct peg_err *err)
{
	int n = b->n_holes, *stab = NULL;
	unsigned full, *hc = NULL;
	long long *key = NULL, count, k = 0;
	struct keyed_pair *kp = NULL;

	*out = NULL;
	count = peg_theory_count_pairs(b, err);
	if (count < 0)
		return -1;
	full = class_of(b, NULL);
	hc = malloc(sizeof(*hc) * (size_t)n);
	key = malloc(sizeof(*key) * (size_t)n);
	stab = malloc(sizeof(*stab) * (size_t)b->n_syms);
	kp = malloc(sizeof(*kp) * (size_t)(count ? count : 1));
	*out = malloc(sizeof(**out) * (size_t)(count ? count : 1));
	if (!hc || !key || !stab || !kp || !*out) {
		peg_err_set(err, "out of memory listing %lld pairs", count);
		goto fail;
	}
	for (int h = 0; h < n; h++) {
		hc[h] = peg_theory_hole_class(b, h);
		key[h] = hole_key(b, h);
	}
	for (int s = 0; s < n; s++) {
		int ns = 0, rep = 1;

		/* s must have the smallest key in its orbit; collect its
		 * stabiliser */
		for (int g = 0; g < b->n_syms && rep; g++) {
			int t = b->sym[(size_t)g * n + s];

			if (key[t] < key[s])
				rep = 0;
			else if (t == s)
				stab[ns++] = g;
		}
		if (!rep)
			continue;
		for (int f = 0; f < n; f++) {
			int ok = hc[f] == (full ^ hc[s]);

			for (int i = 1; i < ns && ok; i++)
				if (key[b->sym[(size_t)stab[i] * n + f]] <
				    key[f])
					ok = 0;
			if (!ok)
				continue;
			if (k == count) {
				peg_err_set(err, "more pair orbits than the "
						 "burnside count %lld",
					    count);
				goto fail;
			}
			kp[k].ks = key[s];
			kp[k].kf = key[f];
			kp[k].p.vacate = s;
			kp[k].p.finish = f;
			k++;
		}
	}
	if (k != count) {
		peg_err_set(err, "%lld pair orbits listed, burnside count %lld",
			    k, count);
		goto fail;
	}
	qsort(kp, (size_t)k, sizeof(*kp), keyed_cmp);
	for (long long i = 0; i < k; i++)
		(*out)[i] = kp[i].p;
	free(hc);
	free(key);
	free(stab);
	free(kp);
	return count;
fail:
	free(hc);
	free(key);
	free(stab);
	free(kp);
	free(*out);
	*out = NULL;
	return -1;
}

int peg_theory_hole_orbits(const struct peg_board *b, int *orbit)
{
	int n = b->n_holes, k = 0;

	for (int h = 0; h < n; h++)
		orbit[h] = -1;
	for (int h = 0; h < n; h++) {
		if (orbit[h] >= 0)
			continue;
		for (int g = 0; g < b->n_syms; g++)
			orbit[b->sym[(size_t)g * n + h]] = k;
		k++;
	}
	return k;
}

int peg_theory_bell_map(const struct peg_board *b, int which, int h)
{
	int n = peg_theory_triangle_side(b), x, y;

	if (!n || h < 0 || h >= b->n_holes)
		return -1;
	x = b->hx[h];
	y = b->hy[h];
	if (which == 'f')
		return peg_board_hole_at(b, y - x, y);
	if (which == 'r')
		return peg_board_hole_at(b, y - x, n - 1 - x);
	return -1;
}

int peg_theory_bell_orbit(const struct peg_board *b, struct peg_pair p,
			  struct peg_pair *out)
{
	static const char maps[2] = {'f', 'r'};
	int k = 1;

	if (!peg_theory_triangle_side(b))
		return -1;
	out[0] = p;
	for (int i = 0; i < k; i++) {
		for (int m = 0; m < 2; m++) {
			struct peg_pair q = {
				peg_theory_bell_map(b, maps[m], out[i].vacate),
				peg_theory_bell_map(b, maps[m], out[i].finish)};
			int seen = 0;

			for (int j = 0; j < k && !seen; j++)
				seen = out[j].vacate == q.vacate &&
				       out[j].finish == q.finish;
			if (!seen && k < 12)
				out[k++] = q;
		}
	}
	return k;
}

/* T5 regions (seed 000 section 2.3 and addendum).  Edge regions: 0 left
 * (x = 0), 1 right (x = y), 2 bottom (y = 4), the three non-corner holes of
 * each edge; -1 for a hole on no edge region. */
static int t5_corner(const struct peg_board *b, int h)
{
	int x = b->hx[h], y = b->hy[h];

	return (x == 0 && y == 0) || (x == 0 && y == 4) || (x == 4 && y == 4);
}

static int t5_region(const struct peg_board *b, int h)
{
	int x = b->hx[h], y = b->hy[h];

	if (t5_corner(b, h))
		return -1;
	if (x == 0)
		return 0;
	if (x == y)
		return 1;
	if (y == 4)
		return 2;
	return -1;
}

/* the middle hole of an edge region: a3, c3, c5 */
static int t5_edge_centre(const struct peg_board *b, int h)
{
	int x = b->hx[h], y = b->hy[h];

	return t5_region(b, h) >= 0 &&
	       ((x == 0 && y == 2) || (x == 2 && y == 2) ||
		(x == 2 && y == 4));
}

static int not_t5(const struct peg_board *b, struct peg_err *err)
{
	if (peg_theory_triangle_side(b) == 5)
		return 0;
	peg_err_set(err, "the SAX count is defined on T5 only, not on '%s'",
		    b->spec);
	return 1;
}

int peg_theory_sax_region(const struct peg_board *b, int h)
{
	return t5_region(b, h);
}

int peg_theory_sax_weight(const struct peg_board *b, int h)
{
	if (t5_corner(b, h) || t5_edge_centre(b, h))
		return -1; /* X holes */
	if (t5_region(b, h) < 0)
		return 1; /* interior: A holes */
	return 0;
}

/* The pegs in each of the three edge regions of T5. */
static void t5_region_pegs(const struct peg_board *b,
			   const unsigned char *pegs, int in_region[3])
{
	in_region[0] = in_region[1] = in_region[2] = 0;
	for (int h = 0; h < b->n_holes; h++) {
		int r = t5_region(b, h);

		if (pegs[h] && r >= 0)
			in_region[r]++;
	}
}

int peg_theory_sax(const struct peg_board *b, const unsigned char *pegs,
		   int *sax, struct peg_err *err)
{
	int in_region[3];

	if (not_t5(b, err))
		return -1;
	*sax = 0;
	for (int h = 0; h < b->n_holes; h++)
		if (pegs[h])
			*sax += peg_theory_sax_weight(b, h);
	t5_region_pegs(b, pegs, in_region);
	for (int r = 0; r < 3; r++)
		*sax += in_region[r] >= 2;
	return 0;
}

int peg_theory_fe(const struct peg_board *b, const unsigned char *pegs,
		  int *fe, struct peg_err *err)
{
	int in_region[3], fodder = 0, exits = 0;

	if (not_t5(b, err))
		return -1;
	for (int h = 0; h < b->n_holes; h++) {
		if (!pegs[h])
			continue;
		if (t5_corner(b, h))
			exits++; /* a corner region needs one exit */
		else if (!t5_edge_centre(b, h))
			fodder++;
	}
	t5_region_pegs(b, pegs, in_region);
	/* an edge region: 2 exits when full, 1 when partly full */
	for (int r = 0; r < 3; r++)
		exits += in_region[r] == 3 ? 2 : in_region[r] > 0;
	*fe = fodder - exits;
	return 0;
}

int peg_theory_slack(const struct peg_board *b, int s, int f, int *slack,
		     int *effective, struct peg_err *err)
{
	unsigned char pegs[15];
	int start, end;

	if (not_t5(b, err))
		return -1;
	memset(pegs, 1, sizeof(pegs));
	pegs[s] = 0;
	peg_theory_sax(b, pegs, &start, err);
	memset(pegs, 0, sizeof(pegs));
	pegs[f] = 1;
	peg_theory_sax(b, pegs, &end, err);
	*slack = start - end;
	*effective = *slack - t5_corner(b, s) - t5_corner(b, f);
	return 0;
}
