/* tricolor.c - three-colour peg solitaire: notation, replay, the DFS
 * solver with a visited set, the retrograde solvable table and the survey
 * of starting states (tricolor.h, seed 004). */
#include "pegsol/tricolor.h"

#include "pegsol/pos.h"
#include "pool.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef unsigned __int128 u128;

/* ---- notation ---------------------------------------------------------- */

int peg_tri_count(const unsigned char *col, int n)
{
	int c = 0;

	for (int i = 0; i < n; i++)
		c += col[i] != 0;
	return c;
}

int peg_tri_parse(const struct peg_board *b, const char *text,
		  unsigned char *col, struct peg_err *err)
{
	int n = 0;

	for (const char *p = text; *p; p++) {
		unsigned char v;

		switch (*p) {
		case ' ': case '\t': case '\n': case '\r': case '/':
			continue;
		case '1':
			v = 1;
			break;
		case '2':
			v = 2;
			break;
		case '0': case '.': case 'o': case 'O':
			v = 0;
			break;
		default:
			peg_err_set(err,
				    "bad glyph '%c' at character %d of the "
				    "coloured position (use 1, 2 and .)",
				    *p, (int)(p - text) + 1);
			return -1;
		}
		if (n == b->n_holes) {
			peg_err_set(err,
				    "coloured position has more than %d holes "
				    "(board '%s')",
				    b->n_holes, b->spec);
			return -1;
		}
		col[n++] = v;
	}
	if (n != b->n_holes) {
		peg_err_set(err,
			    "coloured position has %d holes, board '%s' has %d",
			    n, b->spec, b->n_holes);
		return -1;
	}
	return 0;
}

static char glyph(unsigned char c)
{
	return c == 1 ? '1' : c == 2 ? '2' : '.';
}

char *peg_tri_picture(const struct peg_board *b, const unsigned char *col)
{
	char *pic;
	int h = 0;

	if (b->lattice == PEG_LATTICE_GRAPH) {
		size_t len = 1;
		char *p;

		for (int i = 0; i < b->n_holes; i++)
			len += strlen(b->labels[i]) + 3;
		pic = malloc(len);
		if (!pic)
			return NULL;
		p = pic;
		for (int i = 0; i < b->n_holes; i++) {
			size_t l = strlen(b->labels[i]);

			memcpy(p, b->labels[i], l);
			p += l;
			*p++ = ':';
			*p++ = glyph(col[i]);
			*p++ = i + 1 < b->n_holes ? ' ' : '\n';
		}
		*p = '\0';
		return pic;
	}
	/* the board picture with 'o' in every hole, in row-major order */
	pic = peg_pos_picture(b, NULL, 0);
	if (!pic)
		return NULL;
	for (char *p = pic; *p; p++)
		if (*p == 'o' && h < b->n_holes)
			*p = glyph(col[h++]);
	return pic;
}

char *peg_tri_digits(const struct peg_board *b, const unsigned char *col)
{
	char *s = malloc((size_t)b->n_holes + 1);

	if (!s)
		return NULL;
	for (int i = 0; i < b->n_holes; i++)
		s[i] = (char)('0' + col[i]);
	s[b->n_holes] = '\0';
	return s;
}

/* ---- replay ------------------------------------------------------------ */

int peg_tri_replay(const struct peg_board *b, const struct peg_jump *jumps,
		   int n, unsigned char *col, struct peg_err *err)
{
	char f[64], o[64], t[64];

	for (int i = 0; i < n; i++) {
		const struct peg_jump *j = &jumps[i];
		int ok = 0;

		/* the jump must be a jump line of the board */
		if (j->from >= 0 && j->from < b->n_holes)
			for (int k = b->jump_first[j->from];
			     k < b->jump_first[j->from + 1] && !ok; k++)
				ok = b->jumps[k].over == j->over &&
				     b->jumps[k].to == j->to;
		if (!ok) {
			peg_err_set(err, "jump %d is not a jump of board '%s'",
				    i + 1, b->spec);
			return -1;
		}
		if (!peg_tri_jump_legal(col, j)) {
			peg_board_hole_name(b, j->from, f, sizeof(f));
			peg_board_hole_name(b, j->over, o, sizeof(o));
			peg_board_hole_name(b, j->to, t, sizeof(t));
			peg_err_set(err,
				    "jump %d '%s-%s' over '%s' is illegal: %s",
				    i + 1, f, t, o,
				    !col[j->from]   ? "no peg to move"
				    : !col[j->over] ? "no peg to jump over"
						    : "landing hole is not empty");
			return -1;
		}
		peg_tri_jump_apply(col, j);
	}
	return 0;
}

int peg_tri_verify(const struct peg_board *b, const unsigned char *start,
		   const struct peg_jump *jumps, int n, struct peg_err *err)
{
	unsigned char *col = malloc((size_t)b->n_holes);
	int r = -1, left;

	if (!col) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	memcpy(col, start, (size_t)b->n_holes);
	if (peg_tri_replay(b, jumps, n, col, err))
		goto out;
	left = peg_tri_count(col, b->n_holes);
	if (left != 1) {
		peg_err_set(err, "solution ends with %d pegs, not 1", left);
		goto out;
	}
	r = 0;
out:
	free(col);
	return r;
}

void peg_tri_result_release(struct peg_tri_result *r)
{
	if (!r)
		return;
	free(r->jumps);
	r->jumps = NULL;
	r->n_jumps = 0;
}

/* ---- symmetry on bit planes -------------------------------------------- */

/* Per symmetry and byte of a plane, the image of that byte (128-bit). */
struct symbytes {
	int n_syms, n_bytes;
	u128 *t; /* n_syms * n_bytes * 256 */
};

/* Beyond this many symmetries only the identity is used (graph boards such
 * as stars have n! automorphisms; the visited set stays correct). */
#define SYMBYTES_MAX (1u << 22)

static int symbytes_init(struct symbytes *s, const struct peg_board *b)
{
	int n = b->n_holes;

	s->n_bytes = (n + 7) / 8;
	s->n_syms = b->n_syms;
	if ((uint64_t)s->n_syms * (uint64_t)s->n_bytes * 256 > SYMBYTES_MAX)
		s->n_syms = 1;
	s->t = calloc((size_t)s->n_syms * (size_t)s->n_bytes * 256,
		      sizeof(u128));
	if (!s->t)
		return -1;
	for (int g = 0; g < s->n_syms; g++)
		for (int k = 0; k < s->n_bytes; k++)
			for (int v = 0; v < 256; v++) {
				u128 r = 0;

				for (int i = 0; i < 8; i++) {
					int h = 8 * k + i;

					if (h < n && (v >> i & 1))
						r |= (u128)1
						     << b->sym[(size_t)g * n + h];
				}
				s->t[((size_t)g * s->n_bytes + k) * 256 + v] =
					r;
			}
	return 0;
}

static inline u128 symbytes_apply(const struct symbytes *s, int g, u128 x)
{
	const u128 *t = s->t + (size_t)g * s->n_bytes * 256;
	u128 r = 0;

	for (int k = 0; k < s->n_bytes; k++, t += 256)
		r |= t[(unsigned)(x >> (8 * k)) & 0xff];
	return r;
}

/* Symmetry g of the board applied to plane x, past the table's cap too. */
static u128 sym_apply_any(const struct symbytes *s, const struct peg_board *b,
			  int g, u128 x)
{
	u128 r = 0;

	if (g < s->n_syms)
		return symbytes_apply(s, g, x);
	for (int h = 0; h < b->n_holes; h++)
		if (x >> h & 1)
			r |= (u128)1 << b->sym[(size_t)g * b->n_holes + h];
	return r;
}

/* Canonical (a, b) of planes (p1, p2): minimum over symmetries and the
 * colour swap, ordered by a then b. */
static void canon(const struct symbytes *s, u128 p1, u128 p2, u128 *ca,
		  u128 *cb)
{
	u128 a = p1, c = p2;

	if (p2 < a || (p2 == a && p1 < c)) {
		a = p2;
		c = p1;
	}
	for (int g = 1; g < s->n_syms; g++) {
		u128 x = symbytes_apply(s, g, p1), y = symbytes_apply(s, g, p2);

		if (x < a || (x == a && y < c)) {
			a = x;
			c = y;
		}
		if (y < a || (y == a && x < c)) {
			a = y;
			c = x;
		}
	}
	*ca = a;
	*cb = c;
}

/* ---- visited set -------------------------------------------------------- */

/* Open addressing, linear probing, power-of-two size, grown at 1/2 load.
 * Empty marker: both planes all ones (a peg cannot have both colours). */
struct vset {
	u128 *key; /* 2 per slot */
	uint64_t cap, n, max;
};

static const u128 VEMPTY = ~(u128)0;

static uint64_t vhash(u128 a, u128 b)
{
	uint64_t h = (uint64_t)a * 0x9e3779b97f4a7c15ull ^
		     (uint64_t)(a >> 64) * 0xc2b2ae3d27d4eb4full ^
		     (uint64_t)b * 0x165667b19e3779f9ull ^
		     (uint64_t)(b >> 64) * 0x27d4eb2f165667c5ull;

	return h ^ (h >> 29);
}

static int vset_init(struct vset *v, uint64_t max)
{
	v->cap = 1024;
	v->n = 0;
	v->max = max;
	v->key = malloc((size_t)v->cap * 2 * sizeof(u128));
	if (!v->key)
		return -1;
	for (uint64_t i = 0; i < 2 * v->cap; i++)
		v->key[i] = VEMPTY;
	return 0;
}

/* 1 inserted, 0 present, -1 out of memory or over the limit. */
static int vset_add(struct vset *v, u128 a, u128 b)
{
	uint64_t i;

	/* the limit holds below the first growth too (max < 512) */
	if (v->n + 1 > v->max)
		return -1;
	if (2 * (v->n + 1) > v->cap) {
		struct vset nv;

		nv.cap = 2 * v->cap;
		nv.n = 0;
		nv.max = v->max;
		nv.key = malloc((size_t)nv.cap * 2 * sizeof(u128));
		if (!nv.key)
			return -1;
		for (uint64_t k = 0; k < 2 * nv.cap; k++)
			nv.key[k] = VEMPTY;
		for (uint64_t k = 0; k < v->cap; k++)
			if (v->key[2 * k] != VEMPTY)
				vset_add(&nv, v->key[2 * k], v->key[2 * k + 1]);
		free(v->key);
		*v = nv;
	}
	for (i = vhash(a, b) & (v->cap - 1);; i = (i + 1) & (v->cap - 1)) {
		if (v->key[2 * i] == VEMPTY) {
			v->key[2 * i] = a;
			v->key[2 * i + 1] = b;
			v->n++;
			return 1;
		}
		if (v->key[2 * i] == a && v->key[2 * i + 1] == b)
			return 0;
	}
}

/* ---- the table ---------------------------------------------------------- */

struct peg_tri_table {
	int n;
	int max_level;
	uint64_t *off;   /* 2^n + 1 word offsets of the blocks */
	uint64_t *bits;
	uint64_t words;
	struct peg_tri_table_stats st;
};

static inline uint64_t del_bit(uint64_t x, int r)
{
	uint64_t lo = x & ((1ull << r) - 1);

	return lo | ((x >> (r + 1)) << r);
}

static inline uint64_t ins_bit(uint64_t x, int r, uint64_t v)
{
	uint64_t lo = x & ((1ull << r) - 1);

	return lo | ((x >> r) << (r + 1)) | (v << r);
}

/* Index of a state in its block: colour bits of the pegs in hole order. */
static uint64_t state_index(int n, const unsigned char *col, uint32_t *mask)
{
	uint64_t x = 0;
	uint32_t m = 0;
	int r = 0;

	for (int h = 0; h < n; h++)
		if (col[h]) {
			m |= 1u << h;
			if (col[h] == 2)
				x |= 1ull << r;
			r++;
		}
	*mask = m;
	return x;
}

static inline int tbit(const struct peg_tri_table *t, uint32_t m, uint64_t x)
{
	const uint64_t *w = t->bits + t->off[m] + (x >> 6);

	return (int)(__atomic_load_n(w, __ATOMIC_RELAXED) >> (x & 63) & 1);
}

int peg_tri_table_solvable(const struct peg_tri_table *t,
			   const unsigned char *col)
{
	uint32_t m;
	uint64_t x = state_index(t->n, col, &m);

	if (__builtin_popcount(m) > t->max_level)
		return 0;
	return tbit(t, m, x);
}

const struct peg_tri_table_stats *peg_tri_table_stats(
	const struct peg_tri_table *t)
{
	return &t->st;
}

static uint64_t block_words(int k)
{
	return k <= 6 ? 1 : 1ull << (k - 6);
}

uint64_t peg_tri_table_bytes(const struct peg_board *b)
{
	int n = b->n_holes;
	uint64_t w = 0, c = 1; /* c = C(n, k) */

	if (n > PEG_TRI_TABLE_MAX_HOLES)
		return 0;
	for (int k = 0; k <= n; k++) {
		w += c * block_words(k);
		c = c * (uint64_t)(n - k) / (uint64_t)(k + 1);
	}
	return 8 * w + 8 * ((1ull << n) + 1);
}

/* One legal jump of a block, in rank coordinates. */
struct bjump {
	int rf, ro;          /* ranks of from and over in m */
	int rt;              /* rank of to in the successor's mask */
	int same;            /* 1: same-colour jump (over flips), 0: removal */
	int word;            /* 1: every rank >= 6, a word maps to a word */
	const uint64_t *base; /* successor block */
};

struct build {
	struct peg_tri_table *t;
	const struct peg_board *b;
	const uint32_t *masks; /* masks of the current level */
	uint64_t n_masks;
	int level;
	int sweep;
	unsigned char *chg_prev, *chg_cur; /* per mask: gained states */
	uint64_t next;          /* work counter (atomic) */
	int any_change;         /* atomic */
	int oom;                /* atomic: a worker could not allocate */
	uint64_t checks;        /* atomic */
};

static inline uint64_t succ_index(const struct bjump *j, uint64_t x)
{
	uint64_t bf = x >> j->rf & 1;

	if (j->same) {
		x ^= 1ull << j->ro;
		return ins_bit(del_bit(x, j->rf), j->rt, bf);
	}
	if (j->rf > j->ro)
		x = del_bit(del_bit(x, j->rf), j->ro);
	else
		x = del_bit(del_bit(x, j->ro), j->rf);
	return ins_bit(x, j->rt, bf);
}

static inline uint64_t load_word(const uint64_t *p)
{
	return __atomic_load_n(p, __ATOMIC_RELAXED);
}

/* Recheck block m; returns 1 when it gained states. */
static int process_block(struct build *bd, uint32_t m, struct bjump *js,
			 uint64_t *checks)
{
	struct peg_tri_table *t = bd->t;
	const struct peg_board *b = bd->b;
	int nj = 0, k = bd->level, changed = 0;
	uint64_t nw = block_words(k);
	uint64_t valid = k >= 6 ? ~0ull : (1ull << (1u << k)) - 1;
	uint64_t *blk = t->bits + t->off[m];
	int same_only = bd->sweep > 0;

	for (int i = 0; i < b->n_jumps; i++) {
		const struct peg_jump *pj = &b->jumps[i];
		uint32_t F = 1u << pj->from, O = 1u << pj->over,
			 T = 1u << pj->to, m2;
		struct bjump *j = &js[nj];

		if ((m & (F | O)) != (F | O) || (m & T))
			continue;
		j->rf = __builtin_popcount(m & (F - 1));
		j->ro = __builtin_popcount(m & (O - 1));
		/* removal successor */
		if (!same_only) {
			m2 = m ^ (F | O | T);
			j->rt = __builtin_popcount(m2 & (T - 1));
			j->same = 0;
			j->base = t->bits + t->off[m2];
			j->word = j->rf >= 6 && j->ro >= 6 && j->rt >= 6;
			nj++;
			j = &js[nj];
			j->rf = js[nj - 1].rf;
			j->ro = js[nj - 1].ro;
		}
		m2 = m ^ (F | T);
		if (bd->sweep > 0 && !bd->chg_prev[m2] &&
		    !__atomic_load_n(&bd->chg_cur[m2], __ATOMIC_RELAXED))
			continue;
		j->rt = __builtin_popcount(m2 & (T - 1));
		j->same = 1;
		j->base = t->bits + t->off[m2];
		j->word = j->rf >= 6 && j->ro >= 6 && j->rt >= 6;
		nj++;
	}
	if (nj == 0)
		return 0;
	for (uint64_t wi = 0; wi < nw; wi++) {
		uint64_t cur = load_word(&blk[wi]), got = 0, todo;
		uint64_t x0 = wi << 6;

		todo = ~cur & valid;
		if (!todo)
			continue;
		/* whole-word jumps: the low 6 colour bits map to themselves */
		for (int i = 0; i < nj && todo; i++) {
			const struct bjump *j = &js[i];
			uint64_t bf, bo, y;

			if (!j->word)
				continue;
			bf = x0 >> j->rf & 1;
			bo = x0 >> j->ro & 1;
			if ((bf == bo) != j->same)
				continue;
			y = succ_index(j, x0);
			(*checks)++;
			got |= load_word(&j->base[y >> 6]) & todo;
			todo &= ~got;
		}
		while (todo) {
			int bit = __builtin_ctzll(todo);
			uint64_t x = x0 | (uint64_t)bit;

			todo &= todo - 1;
			for (int i = 0; i < nj; i++) {
				const struct bjump *j = &js[i];
				uint64_t y;

				if (j->word)
					continue;
				if (((x >> j->rf & 1) == (x >> j->ro & 1)) !=
				    (uint64_t)j->same)
					continue;
				y = succ_index(j, x);
				(*checks)++;
				if (load_word(&j->base[y >> 6]) >> (y & 63) &
				    1) {
					got |= 1ull << bit;
					break;
				}
			}
		}
		if (got) {
			__atomic_store_n(&blk[wi], cur | got, __ATOMIC_RELAXED);
			changed = 1;
		}
	}
	return changed;
}

static void *build_worker(void *arg)
{
	struct build *bd = arg;
	uint64_t checks = 0;
	int any = 0;
	struct bjump *js = malloc((size_t)(2 * bd->b->n_jumps + 1) *
				  sizeof(*js));

	if (!js) {
		__atomic_store_n(&bd->oom, 1, __ATOMIC_RELAXED);
		return NULL;
	}
	for (;;) {
		uint64_t i = __atomic_fetch_add(&bd->next, 1, __ATOMIC_RELAXED);
		uint32_t m;

		if (i >= bd->n_masks)
			break;
		m = bd->masks[i];
		if (process_block(bd, m, js, &checks)) {
			__atomic_store_n(&bd->chg_cur[m], 1, __ATOMIC_RELAXED);
			any = 1;
		}
	}
	free(js);
	__atomic_fetch_add(&bd->checks, checks, __ATOMIC_RELAXED);
	if (any)
		__atomic_store_n(&bd->any_change, 1, __ATOMIC_RELAXED);
	return NULL;
}

/* One pool record: every worker shares the build and takes chunks from
 * its counter (a record without a thread of its own finds none left). */
static void *build_record(void *rec)
{
	return build_worker(*(struct build **)rec);
}

static int run_sweep(struct build *bd, int threads)
{
	struct build *recs[PEG_POOL_MAX];

	bd->next = 0;
	bd->any_change = 0;
	if (threads > PEG_POOL_MAX)
		threads = PEG_POOL_MAX;
	if (threads < 1)
		threads = 1;
	for (int i = 0; i < threads; i++)
		recs[i] = bd;
	peg_pool_run(NULL, build_record, recs, sizeof(recs[0]), threads);
	return bd->any_change;
}

void peg_tri_table_free(struct peg_tri_table *t)
{
	if (!t)
		return;
	free(t->off);
	free(t->bits);
	free(t);
}

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

struct peg_tri_table *peg_tri_table_new(const struct peg_board *b,
					int max_level, int threads,
					struct peg_err *err)
{
	int n = b->n_holes;
	uint64_t nm, *cnt = NULL, *pos = NULL;
	uint32_t *bylevel = NULL;
	unsigned char *chg = NULL;
	struct peg_tri_table *t;
	struct build bd;
	double t0 = now_seconds();

	if (n > PEG_TRI_TABLE_MAX_HOLES) {
		peg_err_set(err,
			    "board '%s' has %d holes, the three-colour table "
			    "handles at most %d",
			    b->spec, n, PEG_TRI_TABLE_MAX_HOLES);
		return NULL;
	}
	if (max_level <= 0 || max_level >= n)
		max_level = n > 1 ? n - 1 : 1;
	if (threads < 1)
		threads = 1;
	t = calloc(1, sizeof(*t));
	if (!t)
		goto oom;
	t->n = n;
	t->max_level = max_level;
	nm = 1ull << n;
	t->off = malloc((size_t)(nm + 1) * sizeof(uint64_t));
	cnt = calloc((size_t)n + 2, sizeof(uint64_t));
	pos = calloc((size_t)n + 2, sizeof(uint64_t));
	bylevel = malloc((size_t)nm * sizeof(uint32_t));
	chg = calloc((size_t)nm, 2);
	if (!t->off || !cnt || !pos || !bylevel || !chg)
		goto oom;
	/* blocks in mask order; blocks of levels above max_level are empty */
	t->words = 0;
	for (uint64_t m = 0; m < nm; m++) {
		int k = __builtin_popcountll(m);

		t->off[m] = t->words;
		if (k <= max_level)
			t->words += block_words(k);
		cnt[k]++;
	}
	t->off[nm] = t->words;
	for (int k = 1; k <= n + 1; k++)
		pos[k] = pos[k - 1] + cnt[k - 1];
	for (uint64_t m = 0; m < nm; m++)
		bylevel[pos[__builtin_popcountll(m)]++] = (uint32_t)m;
	for (int k = n + 1; k > 0; k--)
		pos[k] = pos[k - 1];
	pos[0] = 0;
	t->bits = calloc((size_t)t->words, sizeof(uint64_t));
	if (!t->bits)
		goto oom;
	t->st.n_holes = n;
	t->st.bytes = 8 * t->words;
	/* level 1: one peg of either colour is the goal */
	for (int h = 0; h < n; h++)
		t->bits[t->off[1u << h]] = 3;
	memset(&bd, 0, sizeof(bd));
	bd.t = t;
	bd.b = b;
	bd.chg_prev = chg;
	bd.chg_cur = chg + nm;
	for (int k = 2; k <= max_level; k++) {
		int sweep = 0;

		bd.level = k;
		bd.masks = bylevel + pos[k];
		bd.n_masks = cnt[k];
		memset(chg, 0, (size_t)nm * 2);
		for (;; sweep++) {
			int changed;

			bd.sweep = sweep;
			changed = run_sweep(&bd, threads);
			if (bd.oom)
				goto oom;
			if (!changed)
				break;
			/* gains of this sweep drive the next one */
			memcpy(bd.chg_prev, bd.chg_cur, (size_t)nm);
			memset(bd.chg_cur, 0, (size_t)nm);
		}
		t->st.sweeps[k] = sweep + 1;
	}
	for (int k = 0; k <= n; k++) {
		uint64_t c = cnt[k];

		t->st.states[k] = c << k;
		if (k > max_level)
			continue;
		for (uint64_t i = pos[k]; i < pos[k] + c; i++) {
			uint32_t m = bylevel[i];
			uint64_t *blk = t->bits + t->off[m];

			for (uint64_t w = 0; w < block_words(k); w++)
				t->st.solvable[k] +=
					(uint64_t)__builtin_popcountll(blk[w]);
		}
	}
	t->st.jump_checks = bd.checks;
	t->st.sweeps[1] = 1;
	t->st.seconds = now_seconds() - t0;
	free(cnt);
	free(pos);
	free(bylevel);
	free(chg);
	return t;
oom:
	peg_err_set(err, "out of memory for the three-colour table of '%s'",
		    b->spec);
	free(cnt);
	free(pos);
	free(bylevel);
	free(chg);
	peg_tri_table_free(t);
	return NULL;
}

/* ---- DFS solver ---------------------------------------------------------- */

/* One level of the DFS stack: the position (colour planes) and the jump
 * cursor. */
struct tri_dfs_frame {
	u128 p1, p2;
	int next;  /* next jump to try, over two passes of n_jumps */
	int jump;  /* jump that led here (index), -1 at the root */
};

static void planes_to_col(int n, u128 p1, u128 p2, unsigned char *col)
{
	for (int h = 0; h < n; h++)
		col[h] = (p1 >> h & 1) ? 1 : (p2 >> h & 1) ? 2 : 0;
}

int peg_tri_solve(const struct peg_board *b, const unsigned char *col,
		  const struct peg_tri_solve_opts *opts,
		  struct peg_tri_result *res, struct peg_err *err)
{
	int n = b->n_holes, nj = b->n_jumps, rc = PEG_TRI_OK;
	struct symbytes sb = {0};
	struct vset vs = {0};
	struct tri_dfs_frame *st = NULL;
	uint64_t cap = 0, depth = 0;
	u128 p1 = 0, p2 = 0, a, c;
	unsigned char *tmp = NULL;
	const struct peg_tri_table *orc = opts ? opts->oracle : NULL;
	uint64_t max_states = opts && opts->max_states ? opts->max_states
						       : 50000000ull;

	memset(res, 0, sizeof(*res));
	if (n > PEG_TRI_MAX_HOLES) {
		peg_err_set(err,
			    "board '%s' has %d holes, the three-colour solver "
			    "handles at most %d",
			    b->spec, n, PEG_TRI_MAX_HOLES);
		return PEG_TRI_EINPUT;
	}
	if (orc && orc->n != n) {
		peg_err_set(err, "oracle table is of another board");
		return PEG_TRI_EINPUT;
	}
	for (int h = 0; h < n; h++) {
		if (col[h] == 1)
			p1 |= (u128)1 << h;
		else if (col[h] == 2)
			p2 |= (u128)1 << h;
	}
	res->min_pegs = peg_tri_count(col, n);
	if (res->min_pegs == 1) {
		res->solvable = 1;
		res->nodes = 1;
		return PEG_TRI_OK;
	}
	tmp = malloc((size_t)n);
	if (!tmp || symbytes_init(&sb, b) || vset_init(&vs, max_states))
		goto oom;
	if (orc && !peg_tri_table_solvable(orc, col)) {
		res->nodes = 1;
		goto done;
	}
	canon(&sb, p1, p2, &a, &c);
	vset_add(&vs, a, c);
	cap = 256;
	st = malloc((size_t)cap * sizeof(*st));
	if (!st)
		goto oom;
	st[0] = (struct tri_dfs_frame){p1, p2, 0, -1};
	depth = 1;
	while (depth) {
		struct tri_dfs_frame *f = &st[depth - 1];
		u128 occ = f->p1 | f->p2, q1, q2;
		const struct peg_jump *j;
		u128 F, O, T;
		int k, pass, same, r, cnt;

		if (f->next >= 2 * nj) {
			depth--;
			continue;
		}
		k = f->next % nj;
		pass = f->next / nj;
		f->next++;
		j = &b->jumps[k];
		F = (u128)1 << j->from;
		O = (u128)1 << j->over;
		T = (u128)1 << j->to;
		if (!(occ & F) || !(occ & O) || (occ & T))
			continue;
		same = !!(f->p1 & F) == !!(f->p1 & O);
		if (same != pass) /* pass 0: removals, pass 1: same colour */
			continue;
		q1 = f->p1;
		q2 = f->p2;
		if (q1 & F) {
			q1 = (q1 & ~F) | T;
		} else {
			q2 = (q2 & ~F) | T;
		}
		if (same) {
			q1 ^= O;
			q2 ^= O;
		} else {
			q1 &= ~O;
			q2 &= ~O;
		}
		cnt = __builtin_popcountll((uint64_t)(q1 | q2)) +
		      __builtin_popcountll((uint64_t)((q1 | q2) >> 64));
		if (orc) {
			planes_to_col(n, q1, q2, tmp);
			if (!peg_tri_table_solvable(orc, tmp))
				continue;
		}
		canon(&sb, q1, q2, &a, &c);
		r = vset_add(&vs, a, c);
		if (r < 0) {
			rc = PEG_TRI_ERESOURCE;
			peg_err_set(err,
				    "three-colour search passed %llu states "
				    "(raise --max-states)",
				    (unsigned long long)max_states);
			goto done;
		}
		if (r == 0)
			continue;
		if (cnt < res->min_pegs)
			res->min_pegs = cnt;
		if (cnt == 1) {
			/* the path on the stack plus this jump */
			res->jumps = malloc((size_t)depth *
					    sizeof(struct peg_jump));
			if (!res->jumps)
				goto oom;
			for (uint64_t i = 1; i < depth; i++)
				res->jumps[i - 1] = b->jumps[st[i].jump];
			res->jumps[depth - 1] = *j;
			res->n_jumps = (int)depth;
			res->solvable = 1;
			break;
		}
		if (depth == cap) {
			struct tri_dfs_frame *ns;

			cap *= 2;
			ns = realloc(st, (size_t)cap * sizeof(*st));
			if (!ns)
				goto oom;
			st = ns;
		}
		st[depth++] = (struct tri_dfs_frame){q1, q2, 0, k};
	}
done:
	res->nodes = vs.n;
	if (rc == PEG_TRI_OK && res->solvable &&
	    peg_tri_verify(b, col, res->jumps, res->n_jumps, err)) {
		/* never hand out an unverified solution */
		peg_tri_result_release(res);
		res->solvable = 0;
		rc = PEG_TRI_EINPUT;
	}
	free(tmp);
	free(st);
	free(vs.key);
	free(sb.t);
	return rc;
oom:
	peg_err_set(err, "out of memory in the three-colour search");
	rc = PEG_TRI_ERESOURCE;
	res->solvable = 0;
	peg_tri_result_release(res);
	goto done;
}

/* ---- starting holes and the survey --------------------------------------- */

int peg_tri_hole_classes(const struct peg_board *b)
{
	int c = 0;

	for (int h = 0; h < b->n_holes; h++)
		c += peg_board_hole_orbit_min(b, h) == h;
	return c;
}

void peg_tri_survey_release(struct peg_tri_survey *s)
{
	if (!s)
		return;
	free(s->orbits);
	free(s->listed);
	s->orbits = NULL;
	s->listed = NULL;
}

int peg_tri_survey_run(const struct peg_board *b,
		       const struct peg_tri_survey_opts *opts,
		       struct peg_tri_survey *s, struct peg_err *err)
{
	int n = b->n_holes, rc = PEG_TRI_OK;
	int threads = opts->threads, max_list = opts->max_list;
	uint64_t max_bytes = opts->dfs ? 0 : opts->max_bytes;
	struct peg_tri_solve_opts so = {opts->max_states, NULL};
	unsigned char *scol = NULL;
	struct peg_tri_table *t = NULL;
	struct symbytes sb = {0};
	uint32_t full;
	uint64_t need;

	memset(s, 0, sizeof(*s));
	s->n_holes = n;
	if (n < 2 || n > PEG_TRI_TABLE_MAX_HOLES) {
		peg_err_set(err,
			    "board '%s' has %d holes, the three-colour survey "
			    "handles 2..%d",
			    b->spec, n, PEG_TRI_TABLE_MAX_HOLES);
		return PEG_TRI_EINPUT;
	}
	need = peg_tri_table_bytes(b);
	if (max_bytes && need > max_bytes) {
		peg_err_set(err,
			    "the three-colour table of '%s' needs %llu MB, "
			    "over the limit of %llu MB",
			    b->spec, (unsigned long long)(need >> 20),
			    (unsigned long long)(max_bytes >> 20));
		return PEG_TRI_ERESOURCE;
	}
	if (max_list < 0)
		max_list = 0;
	s->orbits = calloc((size_t)n, sizeof(*s->orbits));
	s->listed = malloc((size_t)(max_list ? max_list : 1) * (size_t)n);
	scol = malloc((size_t)n);
	if (!s->orbits || !s->listed || !scol || symbytes_init(&sb, b)) {
		peg_err_set(err, "out of memory");
		rc = PEG_TRI_ERESOURCE;
		goto out;
	}
	if (!opts->dfs) {
		t = peg_tri_table_new(b, n - 1, threads, err);
		if (!t) {
			rc = PEG_TRI_ERESOURCE;
			goto out;
		}
		s->table = t->st;
	}
	full = (uint32_t)((1ull << n) - 1);
	s->starts_raw = (uint64_t)n << (n - 1);
	for (int e = 0; e < n; e++) {
		uint32_t m = full & ~(1u << e);
		const uint64_t *blk = t ? t->bits + t->off[m] : NULL;
		struct peg_tri_orbit *o;

		if (peg_board_hole_orbit_min(b, e) != e)
			continue;
		o = &s->orbits[s->n_orbits++];
		o->hole = e;
		for (int h = 0; h < n; h++)
			o->size += peg_board_hole_orbit_min(b, h) == e;
		for (uint64_t x = 0; x < (1ull << (n - 1)); x++) {
			/* w: colour-2 plane, c1: colour-1 plane */
			u128 w = ins_bit(x, e, 0), c1 = m & ~(uint64_t)w;
			int rep = 1, rep2 = 1, ok;

			if (c1 < w)
				rep2 = 0; /* its colour swap is smaller */
			for (int g = 1; g < b->n_syms && rep; g++) {
				int e2 = b->sym[(size_t)g * n + e];
				u128 w2, c2;

				if (e2 != e)
					continue; /* e is its orbit minimum */
				w2 = sym_apply_any(&sb, b, g, w);
				if (w2 < w)
					rep = 0;
				c2 = sym_apply_any(&sb, b, g, c1);
				if (c2 < w)
					rep2 = 0;
			}
			if (!rep)
				continue;
			if (blk) {
				ok = (int)(blk[x >> 6] >> (x & 63) & 1);
			} else {
				struct peg_tri_result r;

				for (int h = 0; h < n; h++)
					scol[h] = h == e ? 0
						  : (w >> h & 1) ? 2
								 : 1;
				rc = peg_tri_solve(b, scol, &so, &r, err);
				if (rc != PEG_TRI_OK)
					goto out;
				ok = r.solvable;
				peg_tri_result_release(&r);
			}
			o->starts++;
			o->solvable += (uint64_t)ok;
			if (rep2) {
				s->starts_swap++;
				s->solvable_swap += (uint64_t)ok;
			}
			if (!ok && s->n_listed < max_list) {
				unsigned char *col =
					s->listed + (size_t)s->n_listed * n;

				for (int h = 0; h < n; h++)
					col[h] = h == e ? 0
						 : (w >> h & 1) ? 2
								: 1;
				s->n_listed++;
			}
		}
		s->starts += o->starts;
		s->solvable += o->solvable;
	}
out:
	if (rc != PEG_TRI_OK)
		peg_tri_survey_release(s); /* no partial result on failure */
	free(scol);
	free(sb.t);
	peg_tri_table_free(t);
	return rc;
}
