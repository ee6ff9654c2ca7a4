/* analyse.c - fastest dead ends, worst games and random-player odds on the
 * 64- and 128-bit fast paths (analyse.h).
 *
 * The engines are src/lib/engines/analyse_impl.h, compiled with uint64_t codes
 * (boards of up to 64 holes) and with unsigned __int128 codes (65 to 128
 * holes, or any board under the testing switch PEGSOL_WIDE, symv.h); the
 * public functions below pick one.  One small open-addressing table
 * (struct htab) serves every engine: keys are position codes, 0 is the
 * empty marker (no engine stores the empty board: a jump always leaves a
 * peg, and starts without pegs are rejected), the size is a power of two
 * and doubles at 70% load.
 */
#include "pegsol/analyse.h"
#include "pegsol/theory.h"
#include "pegsol/winsets.h"

#include "pegsol/fast.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include "mix.h"
#include "symmetry.h"
#include "symv.h"

#include <gmp.h>
#include <stdlib.h>
#include <string.h>

static inline size_t ht_hash64(uint64_t k)
{
	return (size_t)mix_splitmix64(k);
}

static inline size_t ht_hash128(peg_u128 k)
{
	return ht_hash64((uint64_t)k ^
			 ((uint64_t)(k >> 64) * 0xc2b2ae3d27d4eb4fULL));
}

static int oom_status(struct peg_err *err)
{
	peg_err_set(err, "out of memory");
	return PEG_ANALYSE_ENOMEM;
}

/* The symmetries fixing finish (all for PEG_FINISH_ANYWHERE) into
 * sub[0..*n_sub) and the inverse of every symmetry into inv. */
static void sym_tables(const struct peg_board *b, int finish, int *sub,
		       int *n_sub, int *inv)
{
	*n_sub = pegsym_fixing(b, finish, NULL, sub);
	pegsym_inverses(b, inv);
}

/* The jump lines of b, each once (from < to), grouped by their largest
 * hole: lines (*line)[(*first)[h] .. (*first)[h + 1]) end at hole h.
 * 0, or -1 out of memory. */
static int strand_lines(const struct peg_board *b, int (**line)[3],
			int **first)
{
	int m = 0, n = b->n_holes, *cnt;

	*line = malloc(((size_t)b->n_jumps + 1) * sizeof(**line));
	*first = calloc((size_t)n + 1, sizeof(int));
	cnt = calloc((size_t)n + 1, sizeof(int));
	if (!*line || !*first || !cnt) {
		free(cnt);
		return -1;
	}
	for (int h = 0; h < n; h++)
		for (int k = 0; k < b->n_jumps; k++) {
			const struct peg_jump *j = &b->jumps[k];
			int top = j->from > j->to ? j->from : j->to;

			if (j->over > top)
				top = j->over;
			if (j->from < j->to && top == h) {
				(*line)[m][0] = j->from;
				(*line)[m][1] = j->over;
				(*line)[m][2] = j->to;
				m++;
				cnt[h]++;
			}
		}
	for (int h = 0; h < n; h++)
		(*first)[h + 1] = (*first)[h] + cnt[h];
	free(cnt);
	return 0;
}

/* The SAX count on Triangle(5) (theory.h, seed 000 section 2.3) as bit
 * masks for the hot loop: SAX = |A pegs| - |X pegs| + the number of edge
 * regions holding two or more pegs. */
struct sax5 {
	uint64_t plus, minus, region[3], interior, corners;
};

static int sax5_masks(const struct peg_board *b, struct sax5 *m)
{
	if (strcmp(b->spec, "triangle:5"))
		return -1;
	memset(m, 0, sizeof(*m));
	for (int h = 0; h < b->n_holes; h++) {
		int w = peg_theory_sax_weight(b, h);
		int r = peg_theory_sax_region(b, h);
		uint64_t bit = (uint64_t)1 << h;

		if (w > 0)
			m->plus |= bit;
		else if (w < 0)
			m->minus |= bit;
		if (r >= 0)
			m->region[r] |= bit;
		else if (w > 0)
			m->interior |= bit; /* b3, b4, c4 */
		else if (w < 0)
			m->corners |= bit; /* a1, a5, e5 */
	}
	return 0;
}

static int sax5(const struct sax5 *m, uint64_t code)
{
	int s = __builtin_popcountll(code & m->plus) -
		__builtin_popcountll(code & m->minus);

	for (int i = 0; i < 3; i++)
		s += __builtin_popcountll(code & m->region[i]) >= 2;
	return s;
}

int peg_analyse_sax5(const struct peg_board *b, uint64_t code)
{
	struct sax5 m;

	if (sax5_masks(b, &m))
		return INT32_MIN;
	return sax5(&m, code);
}

#define WBITS 64
#include "analyse_impl.h"
#undef WBITS
#define WBITS 128
#include "analyse_impl.h"

/* The width for board b: 0 one word, 1 two words, -1 too big (err). */
static int width(const struct peg_board *b, struct peg_err *err)
{
	if (b->n_holes > 128) {
		peg_err_set(err, "board '%s' has %d holes; the analyse engines "
			    "handle at most 128", b->spec, b->n_holes);
		return -1;
	}
	return symv_wide(b->n_holes);
}

int peg_finish_reachable(const struct peg_board *b, const unsigned char *pos,
			 int finish, uint64_t *nodes, struct peg_err *err)
{
	int w = width(b, err);

	return w < 0  ? PEG_ANALYSE_EINPUT
	       : w    ? goal_reachable_128(b, pos, finish, nodes, err)
		      : goal_reachable_64(b, pos, finish, nodes, err);
}

int peg_finish_holes(const struct peg_board *b, const unsigned char *pos,
		     peg_u128 *mask, uint64_t *nodes, struct peg_err *err)
{
	int w = width(b, err);

	*mask = 0;
	return w < 0  ? PEG_ANALYSE_EINPUT
	       : w    ? finish_holes_128(b, pos, mask, nodes, err)
		      : finish_holes_64(b, pos, mask, nodes, err);
}

void peg_deadend_release(struct peg_deadend *d)
{
	if (!d)
		return;
	free(d->jumps);
	d->jumps = NULL;
}

int peg_deadend_find(const struct peg_board *b, const unsigned char *start,
		     int finish, struct peg_deadend *out, struct peg_err *err)
{
	return peg_deadend_find_sets(b, start, finish, NULL, out, err);
}

int peg_deadend_find_sets(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_winsets *ws, struct peg_deadend *out,
			  struct peg_err *err)
{
	struct peg_deadend_opts o = {0};

	o.ws = ws;
	return peg_deadend_find_opts(b, start, finish, &o, out, err);
}

int peg_deadend_find_opts(const struct peg_board *b,
			  const unsigned char *start, int finish,
			  const struct peg_deadend_opts *oin,
			  struct peg_deadend *out, struct peg_err *err)
{
	static const struct peg_deadend_opts none;
	const struct peg_deadend_opts *o = oin ? oin : &none;
	int r, w = width(b, err);

	memset(out, 0, sizeof(*out));
	out->depth = -1;
	r = w < 0  ? PEG_ANALYSE_EINPUT
	    : w    ? deadend_128(b, start, finish, o, out, err)
		   : deadend_64(b, start, finish, o, out, err);
	if (r)
		peg_deadend_release(out);
	return r;
}

void peg_strand_release(struct peg_strand_result *r)
{
	if (!r)
		return;
	for (int i = 0; i < r->n; i++)
		free(r->v[i].jumps);
	free(r->v);
	r->v = NULL;
	r->n = 0;
}

int peg_strand_find(const struct peg_board *b, int vacancy,
		    struct peg_strand_result *out, struct peg_err *err)
{
	int r, w = width(b, err);

	memset(out, 0, sizeof(*out));
	r = w < 0  ? PEG_ANALYSE_EINPUT
	    : w    ? strand_128(b, vacancy, out, err)
		   : strand_64(b, vacancy, out, err);
	if (r)
		peg_strand_release(out);
	return r;
}

void peg_odds_release(struct peg_odds *o)
{
	if (!o)
		return;
	free(o->exact);
	o->exact = NULL;
}

int peg_odds_compute(const struct peg_board *b, const unsigned char *start,
		     enum peg_player player, int exact, struct peg_odds *out,
		     struct peg_err *err)
{
	struct sax5 sm;
	int wide;

	memset(out, 0, sizeof(*out));
	memset(&sm, 0, sizeof(sm));
	wide = width(b, err);
	if (wide < 0)
		return PEG_ANALYSE_EINPUT;
	if (player != PEG_PLAYER_A && sax5_masks(b, &sm)) {
		peg_err_set(err, "player %c is defined on triangle:5 only, not "
			    "'%s'", 'A' + (int)player, b->spec);
		return PEG_ANALYSE_EINPUT;
	}
	return wide ? odds_128(b, start, player, &sm, exact, out, err)
		    : odds_64(b, start, player, &sm, exact, out, err);
}
