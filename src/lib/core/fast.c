/* fast.c - jump masks for the 64- and 128-hole fast paths (fast.h). */
#include "pegsol/fast.h"

#include <stdlib.h>

struct peg_fast64 *peg_fast64_new(const struct peg_board *b)
{
	struct peg_fast64 *f;
	size_t n = (size_t)(b->n_jumps ? b->n_jumps : 1);

	if (b->n_holes > 64)
		return NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->n_holes = b->n_holes;
	f->n_jumps = b->n_jumps;
	f->jumps = b->jumps;
	f->full = b->n_holes == 64 ? ~(uint64_t)0
				   : (((uint64_t)1 << b->n_holes) - 1);
	f->need = malloc(n * sizeof(uint64_t));
	f->to = malloc(n * sizeof(uint64_t));
	f->flip = malloc(n * sizeof(uint64_t));
	if (!f->need || !f->to || !f->flip) {
		peg_fast64_free(f);
		return NULL;
	}
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];

		f->need[k] = ((uint64_t)1 << j->from) | ((uint64_t)1 << j->over);
		f->to[k] = (uint64_t)1 << j->to;
		f->flip[k] = f->need[k] | f->to[k];
	}
	return f;
}

void peg_fast64_free(struct peg_fast64 *f)
{
	if (!f)
		return;
	free(f->need);
	free(f->to);
	free(f->flip);
	free(f);
}

struct peg_fast128 *peg_fast128_new(const struct peg_board *b)
{
	struct peg_fast128 *f;
	size_t n = (size_t)(b->n_jumps ? b->n_jumps : 1);

	if (b->n_holes > 128)
		return NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->n_holes = b->n_holes;
	f->n_jumps = b->n_jumps;
	f->jumps = b->jumps;
	f->full = b->n_holes == 128 ? ~(peg_u128)0
				    : (((peg_u128)1 << b->n_holes) - 1);
	f->need = malloc(n * sizeof(peg_u128));
	f->to = malloc(n * sizeof(peg_u128));
	f->flip = malloc(n * sizeof(peg_u128));
	if (!f->need || !f->to || !f->flip) {
		peg_fast128_free(f);
		return NULL;
	}
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];

		f->need[k] = ((peg_u128)1 << j->from) | ((peg_u128)1 << j->over);
		f->to[k] = (peg_u128)1 << j->to;
		f->flip[k] = f->need[k] | f->to[k];
	}
	return f;
}

void peg_fast128_free(struct peg_fast128 *f)
{
	if (!f)
		return;
	free(f->need);
	free(f->to);
	free(f->flip);
	free(f);
}
