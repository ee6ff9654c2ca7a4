/* merson_impl.h - the Merson regions and the class basis for one code
 * width (merson.c includes it twice; shortest_int.h names). */
#include "codew.h"

static int NAME(region_add_)(REGIONS *r, CW m)
{
	for (int i = 0; i < r->n; i++)
		if (r->mask[i] == m)
			return 0;
	if (r->n == r->cap) {
		int c = r->cap ? 2 * r->cap : 64;
		CW *p = realloc(r->mask, (size_t)c * sizeof(*p));

		if (!p)
			return -1;
		r->mask = p;
		r->cap = c;
	}
	r->mask[r->n++] = m;
	return 0;
}

/* Grow a region until every jump over one of its holes starts or ends in
 * it, branching on which end to add. */
static int NAME(region_grow_)(const struct peg_board *b, REGIONS *r,
			      CW m)
{
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		CW f = (CW)1 << j->from, t = (CW)1 << j->to;

		if (!(m >> j->over & 1) || (m & f) || (m & t))
			continue;
		if (POPC(m) >= MAX_REGION)
			return 0;
		if (NAME(region_grow_)(b, r, m | f) ||
		    NAME(region_grow_)(b, r, m | t))
			return -1;
		return 0;
	}
	return NAME(region_add_)(r, m);
}

static int NAME(cmp_region_)(const void *a, const void *b)
{
	CW x = *(const CW *)a, y = *(const CW *)b;
	int px = POPC(x), py = POPC(y);

	if (px != py)
		return px - py;
	return CTZ(x) != CTZ(y)
		       ? CTZ(x) - CTZ(y)
		       : (x < y ? -1 : x > y);
}

int SH(_regions_build)(const struct peg_board *b, REGIONS *r)
{
	int keep = 0;

	memset(r, 0, sizeof(*r));
	for (int h = 0; h < b->n_holes; h++)
		if (NAME(region_grow_)(b, r, (CW)1 << h))
			return -1;
	qsort(r->mask, (size_t)r->n, sizeof(CW), NAME(cmp_region_));
	/* keep minimal regions only: a full superset is never better */
	for (int i = 0; i < r->n; i++) {
		int dominated = 0;

		for (int j = 0; j < keep && !dominated; j++)
			if ((r->mask[j] & r->mask[i]) == r->mask[j])
				dominated = 1;
		if (!dominated)
			r->mask[keep++] = r->mask[i];
	}
	r->n = keep;
	r->single = malloc(((size_t)r->n + 1) * sizeof(int));
	if (!r->single)
		return -1;
	for (int i = 0; i < r->n; i++)
		r->single[i] = POPC(r->mask[i]) == 1
				       ? CTZ(r->mask[i])
				       : -1;
	return 0;
}

void SH(_regions_free)(REGIONS *r)
{
	free(r->mask);
	free(r->single);
}

/* Lower bound on the moves from c to one peg.  Each full region needs a
 * move starting inside it: a region of two or more holes must lose a peg,
 * and the first jump removing one starts inside it; the peg of a full
 * one-hole region is either removed, by a jump from it (no jump passes
 * over it), or is the survivor, which made the last move and so moved out
 * of the hole at some time.  The regions are disjoint, so the moves are
 * distinct. */
int SH(_bound)(const REGIONS *r, CW c, CW targets)
{
	CW used = 0;
	int n = 0;

	(void)targets;
	if (POPC(c) <= 1)
		return 0;
	for (int i = 0; i < r->n; i++) {
		CW m = r->mask[i];

		if ((c & m) != m || (used & m))
			continue;
		used |= m;
		n++;
	}
	return n > 0 ? n : 1;
}

void SH(_basis_build)(const struct peg_board *b, BASIS *B)
{
	memset(B, 0, sizeof(*B));
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		CW x = (CW)1 << j->from | (CW)1 << j->over |
			     (CW)1 << j->to;

		while (x) {
			int i = CTZ(x);

			if (!B->v[i]) {
				B->v[i] = x;
				break;
			}
			x ^= B->v[i];
		}
	}
}

int SH(_basis_spans)(const BASIS *B, CW x)
{
	while (x) {
		int i = CTZ(x);

		if (!B->v[i])
			return 0;
		x ^= B->v[i];
	}
	return 1;
}


int SH(_class_feasible)(const struct peg_board *b, int s, int f)
{
	BASIS B;
	CW full = FULL(b->n_holes);

	SH(_basis_build)(b, &B);
	return SH(_basis_spans)(&B, (full ^ BIT(s)) ^ BIT(f));
}

int SH(_shortest_bound)(const struct peg_board *b, CW pos, int finish)
{
	REGIONS R;
	CW t = finish >= 0 ? BIT(finish) : FULL(b->n_holes);
	int h;

	if (SH(_regions_build)(b, &R)) {
		SH(_regions_free)(&R);
		return -1;
	}
	h = SH(_bound)(&R, pos, t);
	SH(_regions_free)(&R);
	return h;
}
