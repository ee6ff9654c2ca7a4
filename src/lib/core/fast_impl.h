/* fast_impl.h - the jump masks of one code width (fast.h): fast.c includes
 * it once per width, with WBITS 64 and 128 (codew.h). */
#include "codew.h"

FAST *FAST_FN(_new)(const struct peg_board *b)
{
	FAST *f;
	size_t n = (size_t)(b->n_jumps ? b->n_jumps : 1);

	if (b->n_holes > WBITS)
		return NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return NULL;
	f->n_holes = b->n_holes;
	f->n_jumps = b->n_jumps;
	f->jumps = b->jumps;
	f->full = b->n_holes == WBITS ? ~(CW)0 : (((CW)1 << b->n_holes) - 1);
	f->need = malloc(n * sizeof(CW));
	f->to = malloc(n * sizeof(CW));
	f->flip = malloc(n * sizeof(CW));
	if (!f->need || !f->to || !f->flip) {
		FAST_FN(_free)(f);
		return NULL;
	}
	for (int k = 0; k < b->n_jumps; k++) {
		const struct peg_jump *j = &b->jumps[k];

		f->need[k] = ((CW)1 << j->from) | ((CW)1 << j->over);
		f->to[k] = (CW)1 << j->to;
		f->flip[k] = f->need[k] | f->to[k];
	}
	return f;
}

void FAST_FN(_free)(FAST *f)
{
	if (!f)
		return;
	free(f->need);
	free(f->to);
	free(f->flip);
	free(f);
}
