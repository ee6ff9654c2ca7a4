/* heuristic.c - short solutions by beam search with restarts and local
 * improvement (heuristic.h): the driver, Merson regions and position
 * classes on wide codes, solutions as jump lists, reordering, windows. */
#include "pegsol/heuristic.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include "heur.h"
#include "symmetry.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

double heur_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

#define HW_NW 1
#define HN(x) x##_w1
#include "heur_body.h"
#undef HN
#undef HW_NW
#define HW_NW 2
#define HN(x) x##_w2
#include "heur_body.h"
#undef HN
#undef HW_NW
#define HW_NW 3
#define HN(x) x##_w3
#include "heur_body.h"
#undef HN
#undef HW_NW

/* Tuning (bench/RESULTS-heuristic.md). */
#define FIRST_WIDTH 256
#define MAX_WIDTH (1 << 18) /* widest beam: about width x pegs x 40 bytes */
#define MAX_REGION 7       /* largest Merson region grown */
#define WINDOW_MAX 7       /* longest window replaced by an exact path */
#define WINDOW_BUDGET 50000ULL /* nodes of one window search */
#define TAIL_PEGS 14       /* tail searches start at this many pegs */
#define SUFFIX_CUTS 6      /* suffix beams start at k/6 of the best */
#define END_PEGS 10        /* beam children this small must be solvable */

/* Score of the beam (heur.h), tuned on T9 to T12 and T16 (bench/RESULTS-
 * heuristic.md): at equal pegs left a move played costs 1.5 full Merson
 * regions (the A* key g + h, leaning to fewer moves; 2 loses T9's
 * 16-move solution, whose first moves are single jumps that each open a
 * region), a lone peg half a region, a cluster past the first a quarter,
 * a stray peg (none within two steps) a region; noise up to half a
 * region. */
static const struct hscore default_score = {.moves = 24,
					    .merson = 16,
					    .alone = 8,
					    .clusters = 4,
					    .stray = 16,
					    .noise = 8};

/* ---- Merson regions on wide codes (shortest.c's construction) ---- */

struct regs {
	int n, cap;
	struct hpos *m;
};

static int hpos_eq(const struct hpos *a, const struct hpos *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static int hpos_low(const struct hpos *a)
{
	for (int k = 0; k < HW_MAX; k++)
		if (a->w[k])
			return 64 * k + __builtin_ctzll(a->w[k]);
	return -1;
}

static int regs_add(struct regs *r, const struct hpos *m)
{
	for (int i = 0; i < r->n; i++)
		if (hpos_eq(&r->m[i], m))
			return 0;
	if (r->n == r->cap) {
		int c = r->cap ? 2 * r->cap : 64;
		struct hpos *p = realloc(r->m, (size_t)c * sizeof(*p));

		if (!p)
			return -1;
		r->m = p;
		r->cap = c;
	}
	r->m[r->n++] = *m;
	return 0;
}

static int regs_grow(const struct peg_board *b, struct regs *r,
		     struct hpos m)
{
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		struct hpos a = m, c = m;

		if (!hpos_bit(&m, j->over) || hpos_bit(&m, j->from) ||
		    hpos_bit(&m, j->to))
			continue;
		if (hpos_count(&m) >= MAX_REGION)
			return 0;
		hpos_flip(&a, j->from);
		hpos_flip(&c, j->to);
		if (regs_grow(b, r, a) || regs_grow(b, r, c))
			return -1;
		return 0;
	}
	return regs_add(r, &m);
}

static int cmp_reg(const void *a, const void *b)
{
	const struct hpos *x = a, *y = b;
	int px = hpos_count(x), py = hpos_count(y), lx, ly;

	if (px != py)
		return px - py;
	lx = hpos_low(x);
	ly = hpos_low(y);
	if (lx != ly)
		return lx - ly;
	for (int k = HW_MAX - 1; k >= 0; k--)
		if (x->w[k] != y->w[k])
			return x->w[k] < y->w[k] ? -1 : 1;
	return 0;
}

static int regs_build(const struct peg_board *b, struct regs *r)
{
	int keep = 0;

	memset(r, 0, sizeof(*r));
	for (int h = 0; h < b->n_holes; h++) {
		struct hpos m;

		memset(&m, 0, sizeof(m));
		hpos_flip(&m, h);
		if (regs_grow(b, r, m))
			return -1;
	}
	qsort(r->m, (size_t)r->n, sizeof(*r->m), cmp_reg);
	for (int i = 0; i < r->n; i++) {
		int dominated = 0;

		for (int j = 0; j < keep && !dominated; j++) {
			int sub = 1;

			for (int k = 0; k < HW_MAX; k++)
				if ((r->m[j].w[k] & r->m[i].w[k]) !=
				    r->m[j].w[k])
					sub = 0;
			dominated = sub;
		}
		if (!dominated)
			r->m[keep++] = r->m[i];
	}
	r->n = keep;
	return 0;
}

/* ---- position classes: the span of the jump vectors over GF(2) ---- */

struct hbasis {
	struct hpos v[PEG_HEUR_MAX_HOLES];
	unsigned char has[PEG_HEUR_MAX_HOLES];
};

static void hbasis_build(const struct peg_board *b, struct hbasis *B)
{
	memset(B, 0, sizeof(*B));
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];
		struct hpos x;

		memset(&x, 0, sizeof(x));
		hpos_flip(&x, j->from);
		hpos_flip(&x, j->over);
		hpos_flip(&x, j->to);
		for (int i; (i = hpos_low(&x)) >= 0;) {
			if (!B->has[i]) {
				B->v[i] = x;
				B->has[i] = 1;
				break;
			}
			for (int q = 0; q < HW_MAX; q++)
				x.w[q] ^= B->v[i].w[q];
		}
	}
}

static int hbasis_spans(const struct hbasis *B, struct hpos x)
{
	for (int i; (i = hpos_low(&x)) >= 0;) {
		if (!B->has[i])
			return 0;
		for (int q = 0; q < HW_MAX; q++)
			x.w[q] ^= B->v[i].w[q];
	}
	return 1;
}

/* Can start reach one peg at f (f >= 0), or at some hole (f < 0)? */
static int class_ok(const struct peg_board *b, const struct hbasis *B,
		    const struct hpos *start, int f)
{
	for (int h = f < 0 ? 0 : f; h < (f < 0 ? b->n_holes : f + 1); h++) {
		struct hpos x = *start;

		hpos_flip(&x, h);
		if (hbasis_spans(B, x))
			return 1;
	}
	return 0;
}

static struct hpos hpos_of(const unsigned char *pegs, int n)
{
	struct hpos p;

	memset(&p, 0, sizeof(p));
	for (int i = 0; i < n; i++)
		if (pegs[i])
			hpos_flip(&p, i);
	return p;
}

/* ---- solutions as jump lists ------------------------------------- */

struct hsol {
	int m;                  /* moves */
	struct hpos *pos;       /* m + 1 positions */
	struct peg_jump *j;     /* the jumps */
	int nj;
	int *first;             /* move i = j[first[i] .. first[i+1]-1] */
};

static void hsol_free(struct hsol *s)
{
	free(s->pos);
	free(s->j);
	free(s->first);
	memset(s, 0, sizeof(*s));
}

/* Depth-first over the chains of the peg at h: a move from c reaching
 * target; its jumps are appended to out. */
static int find_chain(const struct peg_board *b, struct hpos c, int h,
		      const struct hpos *target, struct peg_jump *out,
		      int *n, int depth)
{
	if (depth > b->n_holes)
		return 0;
	for (int k = b->jump_first[h]; k < b->jump_first[h + 1]; k++) {
		const struct peg_jump *j = &b->jumps[k];
		struct hpos c2 = c;

		if (!hpos_bit(&c, j->over) || hpos_bit(&c, j->to))
			continue;
		hpos_flip(&c2, j->from);
		hpos_flip(&c2, j->over);
		hpos_flip(&c2, j->to);
		out[*n] = *j;
		(*n)++;
		if (hpos_eq(&c2, target))
			return 1;
		if (find_chain(b, c2, j->to, target, out, n, depth + 1))
			return 1;
		(*n)--;
	}
	return 0;
}

/* Jumps of a path of positions (each step one move).  Returns 0, -1 when
 * a step is not a move or memory runs out. */
static int hsol_from_path(const struct peg_board *b, const struct hpos *pos,
			  int m, struct hsol *s)
{
	int cap = hpos_count(&pos[0]) + 1;

	memset(s, 0, sizeof(*s));
	s->m = m;
	s->pos = malloc(((size_t)m + 1) * sizeof(*s->pos));
	s->j = malloc((size_t)cap * sizeof(*s->j));
	s->first = malloc(((size_t)m + 1) * sizeof(int));
	if (!s->pos || !s->j || !s->first)
		goto fail;
	memcpy(s->pos, pos, ((size_t)m + 1) * sizeof(*pos));
	for (int i = 0; i < m; i++) {
		int found = 0, removed = hpos_count(&pos[i]) -
					 hpos_count(&pos[i + 1]);

		s->first[i] = s->nj;
		if (removed < 1 || s->nj + removed > cap)
			goto fail;
		for (int h = 0; h < b->n_holes && !found; h++) {
			int n = s->nj;

			if (!hpos_bit(&pos[i], h))
				continue;
			if (find_chain(b, pos[i], h, &pos[i + 1], s->j, &n, 0)) {
				found = 1;
				s->nj = n;
			}
		}
		if (!found)
			goto fail;
	}
	s->first[m] = s->nj;
	return 0;
fail:
	hsol_free(s);
	return -1;
}

/* Rebuild positions and move offsets from a jump list (moves counted as
 * consecutive jumps of the same peg).  Returns 0 or -1 (illegal, memory). */
static int hsol_from_jumps(const struct peg_board *b, struct hpos start,
			   const struct peg_jump *j, int nj, struct hsol *s)
{
	struct hpos c = start;
	int m = peg_jumps_count_moves(j, nj), k = 0;

	memset(s, 0, sizeof(*s));
	s->m = m;
	s->nj = nj;
	s->pos = malloc(((size_t)m + 1) * sizeof(*s->pos));
	s->j = malloc(((size_t)nj + 1) * sizeof(*s->j));
	s->first = malloc(((size_t)m + 1) * sizeof(int));
	if (!s->pos || !s->j || !s->first)
		goto fail;
	memcpy(s->j, j, (size_t)nj * sizeof(*j));
	s->pos[0] = c;
	for (int i = 0; i < nj; i++) {
		if (i == 0 || j[i].from != j[i - 1].to)
			s->first[k++] = i;
		if (!hpos_bit(&c, j[i].from) || !hpos_bit(&c, j[i].over) ||
		    hpos_bit(&c, j[i].to))
			goto fail;
		hpos_flip(&c, j[i].from);
		hpos_flip(&c, j[i].over);
		hpos_flip(&c, j[i].to);
		if (i + 1 == nj || j[i + 1].from != j[i].to)
			s->pos[k] = c;
	}
	s->first[m] = nj;
	return 0;
fail:
	hsol_free(s);
	return -1;
}

static struct hpos move_touched(const struct hsol *s, int i)
{
	struct hpos t;

	memset(&t, 0, sizeof(t));
	for (int q = s->first[i]; q < s->first[i + 1]; q++) {
		const struct peg_jump *j = &s->j[q];

		t.w[j->from >> 6] |= 1ULL << (j->from & 63);
		t.w[j->over >> 6] |= 1ULL << (j->over & 63);
		t.w[j->to >> 6] |= 1ULL << (j->to & 63);
	}
	return t;
}

/* Legal replay of a jump list from start (positions only). */
static int jumps_legal(struct hpos c, const struct peg_jump *j, int nj)
{
	for (int i = 0; i < nj; i++) {
		if (!hpos_bit(&c, j[i].from) || !hpos_bit(&c, j[i].over) ||
		    hpos_bit(&c, j[i].to))
			return 0;
		hpos_flip(&c, j[i].from);
		hpos_flip(&c, j[i].over);
		hpos_flip(&c, j[i].to);
	}
	return 1;
}

/* Reordering: move x and move y with end(x) == start(y) become one move
 * when y can be played right after x (y brought earlier or x later, both
 * tried) and every jump stays legal; the final position does not depend
 * on the order.  Returns 1 when s was improved, 0 when not, -1 memory. */
static int merge_pass(const struct peg_board *b, struct hsol *s)
{
	struct peg_jump *t = malloc(((size_t)s->nj + 1) * sizeof(*t));
	int *order = malloc(((size_t)s->m + 1) * sizeof(int));
	int improved = 0;

	if (!t || !order) {
		free(t);
		free(order);
		return -1;
	}
	for (int x = 0; x < s->m; x++)
		for (int y = 0; y < s->m; y++) {
			int ex = s->j[s->first[x + 1] - 1].to;
			int sy = s->j[s->first[y]].from;

			if (x == y || ex != sy)
				continue;
			for (int variant = 0; variant < 2; variant++) {
				int k = 0, n = 0;
				struct hsol ns;

				/* variant 0: y placed right after x
				 * (x stays); 1: x placed right before y */
				for (int i = 0; i < s->m; i++) {
					if (variant == 0) {
						if (i == y)
							continue;
						order[k++] = i;
						if (i == x)
							order[k++] = y;
					} else {
						if (i == x)
							continue;
						if (i == y)
							order[k++] = x;
						order[k++] = i;
					}
				}
				for (int i = 0; i < k; i++)
					for (int q = s->first[order[i]];
					     q < s->first[order[i] + 1]; q++)
						t[n++] = s->j[q];
				if (peg_jumps_count_moves(t, n) >= s->m ||
				    !jumps_legal(s->pos[0], t, n))
					continue;
				if (hsol_from_jumps(b, s->pos[0], t, n, &ns))
					continue;
				hsol_free(s);
				*s = ns;
				improved = 1;
				x = -1;
				break;
			}
			if (x < 0)
				break;
		}
	free(t);
	free(order);
	return improved;
}

/* ---- a search over one or more starts ---------------------------- */

struct hstart {
	int hole;              /* vacated hole, -1 for a given position */
	struct hprob P;
	const struct heng_ops *ops;
	void *E;
	int lower_bound;
};

struct hrun {
	const struct peg_board *b;
	void *memo;             /* shared endgame memos (hprob.memo) */
	const struct heng_ops *memo_ops;
	const struct peg_heur_opts *o;
	struct hbudget B;
	struct regs R;
	struct hpos *nbr;
	struct hstart *st;
	int n_st;
	struct hsol best;
	int best_start;
	int beams, improved;
	double t0, best_t;
};

static int hstart_init(struct hrun *H, struct hstart *S, struct hpos start,
		       int hole, int finish)
{
	const struct peg_board *b = H->b;
	struct hprob *P = &S->P;

	memset(S, 0, sizeof(*S));
	S->hole = hole;
	P->b = b;
	P->n = b->n_holes;
	P->finish = finish;
	P->start = start;
	P->n_reg = H->R.n;
	P->reg = H->R.m;
	P->nbr = H->nbr;
	P->sc = default_score;
	P->end_pegs = END_PEGS;
	/* positions are kept up to the symmetries that fix the goal: two
	 * such images need the same number of moves to finish */
	{
		int *fix = malloc((size_t)b->n_syms * sizeof(int));
		int m;

		if (!fix)
			return -1;
		m = pegsym_fixing(b, finish, NULL, fix);
		for (int i = 0; i < m && P->n_syms < 12; i++)
			P->sym[P->n_syms++] = b->sym + (size_t)fix[i] * b->n_holes;
		free(fix);
	}
	{
		/* PEGSOL_HEUR_WORDS=2 or 3 runs a wider engine on a small
		 * board (tests compare the widths) */
		const char *e = getenv("PEGSOL_HEUR_WORDS");
		int words = (b->n_holes + 63) / 64;

		if (e && atoi(e) > words && atoi(e) <= HW_MAX)
			words = atoi(e);
		S->ops = words == 1 ? &ops_w1 : words == 2 ? &ops_w2 : &ops_w3;
	}
	if (!H->memo) {
		H->memo = S->ops->memos_new();
		H->memo_ops = S->ops;
		if (!H->memo)
			return -1;
	}
	P->memo = H->memo;
	S->E = S->ops->new_(P);
	if (!S->E)
		return -1;
	S->lower_bound = S->ops->bound(S->E, &start);
	return 0;
}

static void progress(struct hrun *H, int start, int width, int moves,
		     const char *what)
{
	struct peg_heur_progress p;

	if (!H->o->progress)
		return;
	p.start = start;
	p.best_moves = H->best.m ? H->best.m : -1;
	p.beam_width = width;
	p.beam_moves = moves;
	p.beams = H->beams;
	p.nodes = H->B.nodes;
	p.seconds = heur_now() - H->t0;
	p.what = what;
	H->o->progress(H->o->progress_ctx, &p);
}

/* Replace windows of the solution by exact shorter paths, merge moves by
 * reordering, finish the tail exactly; until nothing improves. */
static int improve(struct hrun *H, struct hstart *S, struct hsol *s)
{
	const struct peg_board *b = H->b;
	struct hpos *mid = malloc(64 * sizeof(*mid));
	struct hpos *np = NULL;
	int changed = 1, rc = 0;

	if (!mid)
		return -1;
	while (changed && !hbudget_out(&H->B)) {
		int r;

		changed = 0;
		r = merge_pass(b, s);
		if (r < 0) {
			rc = -1;
			break;
		}
		if (r) {
			changed = 1;
			continue;
		}
		for (int k = 2; k <= WINDOW_MAX && !changed; k++)
			for (int i = 0; i + k <= s->m && !changed; i++) {
				struct hpos allowed;
				struct hsol ns;
				int got;

				memset(&allowed, 0, sizeof(allowed));
				for (int q = i; q < i + k; q++) {
					struct hpos t = move_touched(s, q);

					for (int w = 0; w < HW_MAX; w++)
						allowed.w[w] |= t.w[w];
				}
				got = S->ops->window(S->E, &s->pos[i],
						     i + k == s->m ? NULL
								   : &s->pos[i + k],
						     &allowed, k - 1,
						     WINDOW_BUDGET, &H->B, mid);
				if (hbudget_out(&H->B))
					goto out;
				if (got < 1 || got >= k)
					continue;
				np = malloc(((size_t)s->m + 1) * sizeof(*np));
				if (!np) {
					rc = -1;
					goto out;
				}
				memcpy(np, s->pos,
				       ((size_t)i + 1) * sizeof(*np));
				memcpy(np + i + 1, mid,
				       (size_t)got * sizeof(*np));
				memcpy(np + i + 1 + got, s->pos + i + k + 1,
				       (size_t)(s->m - i - k) * sizeof(*np));
				if (i + k == s->m) /* tail: its own end */
					np[i + got] = mid[got - 1];
				if (hsol_from_path(b, np, s->m - k + got, &ns)) {
					free(np);
					np = NULL;
					continue;
				}
				free(np);
				np = NULL;
				H->improved += s->m - ns.m;
				hsol_free(s);
				*s = ns;
				changed = 1;
			}
		/* the tail with every jump allowed */
		for (int i = s->m - 1; i >= 0 && !changed; i--) {
			struct hpos all;
			struct hsol ns;
			int got;

			if (hpos_count(&s->pos[i]) > TAIL_PEGS)
				break;
			memset(&all, 0, sizeof(all));
			for (int h = 0; h < b->n_holes; h++)
				hpos_flip(&all, h);
			got = S->ops->window(S->E, &s->pos[i], NULL, &all,
					     s->m - i - 1, WINDOW_BUDGET,
					     &H->B, mid);
			if (hbudget_out(&H->B))
				goto out;
			if (got < 1 || got >= s->m - i)
				continue;
			np = malloc(((size_t)i + got + 1) * sizeof(*np));
			if (!np) {
				rc = -1;
				goto out;
			}
			memcpy(np, s->pos, ((size_t)i + 1) * sizeof(*np));
			memcpy(np + i + 1, mid, (size_t)got * sizeof(*np));
			if (!hsol_from_path(b, np, i + got, &ns)) {
				H->improved += s->m - ns.m;
				hsol_free(s);
				*s = ns;
				changed = 1;
			}
			free(np);
			np = NULL;
		}
	}
out:
	free(mid);
	return rc;
}

/* Accept a beam's path: jumps, improvement, best so far. */
static int accept(struct hrun *H, int si, const struct hpath *p, int cut)
{
	struct hstart *S = &H->st[si];
	struct hsol s;
	struct hpos *pos = p->pos;
	int m = p->m;

	if (cut > 0) { /* the best solution's first cut moves, then p */
		m = cut + p->m;
		pos = malloc(((size_t)m + 1) * sizeof(*pos));
		if (!pos)
			return -1;
		memcpy(pos, H->best.pos, ((size_t)cut + 1) * sizeof(*pos));
		memcpy(pos + cut + 1, p->pos + 1,
		       (size_t)p->m * sizeof(*pos));
	}
	if (hsol_from_path(H->b, pos, m, &s)) {
		if (pos != p->pos)
			free(pos);
		return -1;
	}
	if (pos != p->pos)
		free(pos);
	if (improve(H, S, &s)) {
		hsol_free(&s);
		return -1;
	}
	if (!H->best.m || s.m < H->best.m) {
		hsol_free(&H->best);
		H->best = s;
		H->best_start = si;
		H->best_t = heur_now() - H->t0;
		progress(H, S->hole, 0, s.m, "improve");
	} else {
		hsol_free(&s);
	}
	return 0;
}

void peg_heur_result_release(struct peg_heur_result *r)
{
	if (r) {
		free(r->jumps);
		r->jumps = NULL;
	}
}

int peg_heur_merson_bound(const struct peg_board *b,
			  const unsigned char *pegs)
{
	struct regs R;
	struct hpos c;
	struct hpos used;
	int cnt = 0;

	if (b->n_holes > PEG_HEUR_MAX_HOLES || regs_build(b, &R))
		return -1;
	c = hpos_of(pegs, b->n_holes);
	memset(&used, 0, sizeof(used));
	if (hpos_count(&c) > 1) {
		for (int i = 0; i < R.n; i++) {
			int full = 1, meets = 0;

			for (int k = 0; k < HW_MAX; k++) {
				if ((c.w[k] & R.m[i].w[k]) != R.m[i].w[k])
					full = 0;
				if (used.w[k] & R.m[i].w[k])
					meets = 1;
			}
			if (!full || meets)
				continue;
			for (int k = 0; k < HW_MAX; k++)
				used.w[k] |= R.m[i].w[k];
			cnt++;
		}
		if (!cnt)
			cnt = 1;
	}
	free(R.m);
	return cnt;
}

static void hrun_free(struct hrun *H)
{
	for (int i = 0; i < H->n_st; i++)
		if (H->st[i].E)
			H->st[i].ops->free_(H->st[i].E);
	free(H->st);
	if (H->memo)
		H->memo_ops->memos_free(H->memo);
	free(H->R.m);
	free(H->nbr);
	hsol_free(&H->best);
}

/* One beam from start si (cut < 0) or from position cut of the best
 * solution; a better solution is improved and kept.  Returns 0 or -1
 * (out of memory). */
static int beam_from(struct hrun *H, int si, int cut, int width,
		     uint64_t seed)
{
	struct hstart *S = &H->st[si];
	struct hpath p = {0};
	int best = H->best.m ? H->best.m : 4 * H->b->n_holes;
	const struct hpos *from = &S->P.start;
	int r;

	if (cut > 0) {
		from = &H->best.pos[cut];
		best -= cut;
	}
	if (S->ops->bound(S->E, from) >= best)
		return 0;
	r = S->ops->beam(S->E, from, width, seed, best, &H->B, &p);
	H->beams++;
	if (r >= 0)
		progress(H, S->hole, width, r ? p.m + (cut > 0 ? cut : 0) : -1,
			 cut > 0 ? "suffix" : "beam");
	if (r > 0 && accept(H, si, &p, cut))
		r = -1;
	free(p.pos);
	return r < 0 ? -1 : 0;
}

int peg_heuristic(const struct peg_board *b, const unsigned char *start,
		  int finish, const struct peg_heur_opts *o,
		  struct peg_heur_result *res, struct peg_err *err)
{
	struct hrun H;
	struct hbasis *basis = NULL;
	struct hpos full;
	int rc = PEG_HEUR_RESOURCES, width;
	uint64_t round = 0;

	memset(res, 0, sizeof(*res));
	res->start = -1;
	res->finish = -1;
	memset(&H, 0, sizeof(H));
	if (b->n_holes > PEG_HEUR_MAX_HOLES || b->n_holes < 2) {
		peg_err_set(err,
			    "board '%s' has %d holes, the heuristic handles "
			    "2 to %d",
			    b->spec, b->n_holes, PEG_HEUR_MAX_HOLES);
		return PEG_HEUR_BAD;
	}
	if (o->seconds <= 0 && !o->max_nodes) {
		peg_err_set(err, "give a time limit or a node budget");
		return PEG_HEUR_BAD;
	}
	if (finish >= b->n_holes) {
		peg_err_set(err, "finish hole out of range");
		return PEG_HEUR_BAD;
	}
	H.b = b;
	H.o = o;
	H.t0 = heur_now();
	H.B.deadline = o->seconds > 0 ? H.t0 + o->seconds : 0;
	H.B.max_nodes = o->max_nodes;
	H.B.threads = o->threads > 0 ? o->threads : 1;
	/* the beam's helpers wait between layers (pool.h); without the pool
	 * each layer makes its own threads */
	if (H.B.threads > 1)
		H.B.pool = peg_pool_new(
			(H.B.threads < HEUR_MAX_THREADS ? H.B.threads
							 : HEUR_MAX_THREADS) -
			1);
	H.best_start = -1;
	basis = malloc(sizeof(*basis));
	H.nbr = calloc((size_t)b->n_holes, sizeof(*H.nbr));
	H.st = calloc((size_t)b->n_holes, sizeof(*H.st));
	if (!basis || !H.nbr || !H.st || regs_build(b, &H.R)) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	hbasis_build(b, basis);
	for (int k = 0; k < b->n_jumps; k++)
		H.nbr[b->jumps[k].from].w[b->jumps[k].over >> 6] |=
			1ULL << (b->jumps[k].over & 63);
	memset(&full, 0, sizeof(full));
	for (int h = 0; h < b->n_holes; h++)
		hpos_flip(&full, h);
	if (start) {
		struct hpos s = hpos_of(start, b->n_holes);
		int hole = -1;

		if (hpos_count(&s) == b->n_holes - 1)
			for (int h = 0; h < b->n_holes; h++)
				if (!start[h])
					hole = h;
		if (hpos_count(&s) < 2 || !class_ok(b, basis, &s, finish)) {
			peg_err_set(err, hpos_count(&s) < 2
						 ? "the start has fewer than "
						   "two pegs"
						 : "no single peg can be left "
						   "at the finish from this "
						   "start (position class)");
			rc = PEG_HEUR_BAD;
			goto out;
		}
		if (hstart_init(&H, &H.st[0], s, hole, finish)) {
			peg_err_set(err, "out of memory");
			goto out;
		}
		H.n_st = 1;
	} else {
		for (int h = 0; h < b->n_holes; h++) {
			struct hpos s = full;

			if (peg_board_hole_orbit_min(b, h) != h)
				continue;
			hpos_flip(&s, h);
			if (!class_ok(b, basis, &s, finish))
				continue;
			if (hstart_init(&H, &H.st[H.n_st], s, h, finish)) {
				peg_err_set(err, "out of memory");
				goto out;
			}
			H.n_st++;
		}
		if (!H.n_st) {
			peg_err_set(err, "no single vacancy can finish there "
					 "(position class)");
			rc = PEG_HEUR_BAD;
			goto out;
		}
	}
	res->lower_bound = -1;
	for (int i = 0; i < H.n_st; i++)
		if (res->lower_bound < 0 ||
		    H.st[i].lower_bound < res->lower_bound)
			res->lower_bound = H.st[i].lower_bound;
	width = o->width > 0 ? o->width : FIRST_WIDTH;
	while (!hbudget_out(&H.B)) {
		uint64_t kept = H.B.kept;

		/* fresh beams from every start */
		for (int i = 0; i < H.n_st && !hbudget_out(&H.B); i++) {
			uint64_t seed = heur_mix(o->seed ^ heur_mix(
							       round * 1024 +
							       (uint64_t)i));

			if (beam_from(&H, i, -1, width, seed) < 0)
				goto oom;
		}
		/* beams from positions of the best solution: a new suffix */
		for (int k = 1; k < SUFFIX_CUTS && H.best.m &&
				!hbudget_out(&H.B);
		     k++) {
			int cut = H.best.m * k / SUFFIX_CUTS;
			uint64_t seed = heur_mix(o->seed ^ heur_mix(
							       round * 1024 +
							       512 + (uint64_t)k));

			if (cut < 1 || cut >= H.best.m - 1)
				continue;
			if (beam_from(&H, H.best_start, cut, width, seed) < 0)
				goto oom;
		}
		round++;
		if (H.B.kept == kept && !H.B.stopped)
			break; /* no position past the starts: nothing to do */
		if (width < (o->max_width > 0 ? o->max_width : MAX_WIDTH))
			width *= 2;
		if (H.best.m && H.best.m <= res->lower_bound)
			break; /* proved optimal by the bound */
	}
	res->nodes = H.B.nodes;
	res->beams = H.beams;
	res->improved = H.improved;
	res->starts = H.n_st;
	res->seconds = heur_now() - H.t0;
	res->best_seconds = H.best_t;
	if (H.best.m) {
		struct hstart *S = &H.st[H.best_start];
		unsigned char *pegs = malloc((size_t)b->n_holes);

		if (!pegs) {
			peg_err_set(err, "out of memory");
			goto out;
		}
		for (int h = 0; h < b->n_holes; h++)
			pegs[h] = (unsigned char)hpos_bit(&S->P.start, h);
		if (peg_jumps_replay(b, H.best.j, H.best.nj, pegs, err)) {
			free(pegs);
			rc = PEG_HEUR_BAD;
			goto out;
		}
		res->finish = -1;
		for (int h = 0; h < b->n_holes; h++)
			if (pegs[h]) {
				if (res->finish >= 0 ||
				    (finish >= 0 && h != finish)) {
					free(pegs);
					peg_err_set(err, "internal error: the "
							 "solution does not "
							 "end at the finish");
					rc = PEG_HEUR_BAD;
					goto out;
				}
				res->finish = h;
			}
		free(pegs);
		res->found = 1;
		res->moves = peg_jumps_count_moves(H.best.j, H.best.nj);
		res->start = S->hole;
		res->jumps = H.best.j;
		res->n_jumps = H.best.nj;
		H.best.j = NULL;
	}
	rc = PEG_HEUR_OK;
	goto out;
oom:
	peg_err_set(err, "out of memory");
	rc = PEG_HEUR_RESOURCES;
out:
	free(basis);
	hrun_free(&H);
	peg_pool_free(H.B.pool);
	return rc;
}
