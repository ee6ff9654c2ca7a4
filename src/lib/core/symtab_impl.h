/* symtab_impl.h - the symmetry byte tables of one code width (pos.h):
 * pos.c includes it once per width, with WBITS 64 and 128 (codew.h). */
#include "codew.h"

SYMTAB *SYMTAB_FN(_new_sub)(const struct peg_board *b, const int *syms,
			    int n_syms)
{
	SYMTAB *t;
	int n = b->n_holes;

	if (n > WBITS)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->n_syms = syms ? n_syms : b->n_syms;
	t->n_bytes = (n + 7) / 8;
	t->t = calloc((size_t)t->n_syms, sizeof(*t->t));
	if (!t->t) {
		free(t);
		return NULL;
	}
	for (int s = 0; s < t->n_syms; s++) {
		const int *p = b->sym + (size_t)(syms ? syms[s] : s) * n;

		for (int k = 0; k < t->n_bytes; k++)
			for (int v = 0; v < 256; v++) {
				CW r = 0;

				for (int bit = 0; bit < 8; bit++) {
					int h = 8 * k + bit;

					if (h < n && (v >> bit & 1))
						r |= (CW)1 << p[h];
				}
				t->t[s][k][v] = r;
			}
	}
	return t;
}

SYMTAB *SYMTAB_FN(_new)(const struct peg_board *b)
{
	return SYMTAB_FN(_new_sub)(b, NULL, 0);
}

void SYMTAB_FN(_free)(SYMTAB *t)
{
	if (!t)
		return;
	free(t->t);
	free(t);
}
