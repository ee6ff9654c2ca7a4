/* symmetry.c - subgroups, inverses and byte tables of a board's symmetry
 * group (symmetry.h). */
#include "symmetry.h"

#include <string.h>

int pegsym_fixes(const struct peg_board *b, int s, int hole,
		 const unsigned char *pegs)
{
	int n = b->n_holes;
	const int *p = b->sym + (size_t)s * n;

	if (hole >= 0 && p[hole] != hole)
		return 0;
	for (int h = 0; pegs && h < n; h++)
		if (!pegs[p[h]] != !pegs[h])
			return 0;
	return 1;
}

int pegsym_fixing(const struct peg_board *b, int hole,
		  const unsigned char *pegs, int *out)
{
	int m = 0;

	for (int s = 0; s < b->n_syms; s++) {
		if (!pegsym_fixes(b, s, hole, pegs))
			continue;
		if (out)
			out[m] = s;
		m++;
	}
	return m;
}

void pegsym_inverses(const struct peg_board *b, int *inv)
{
	int n = b->n_holes;

	for (int s = 0; s < b->n_syms; s++) {
		const int *p = b->sym + (size_t)s * n;

		inv[s] = 0;
		for (int t = 0; t < b->n_syms; t++) {
			const int *q = b->sym + (size_t)t * n;
			int ok = 1;

			for (int i = 0; i < n && ok; i++)
				ok = q[p[i]] == i;
			if (ok) {
				inv[s] = t;
				break;
			}
		}
	}
}

void pegsym_byte_table(const int *perm, int n, int nw, uint64_t *out)
{
	int n_bytes = (n + 7) / 8;

	memset(out, 0, (size_t)n_bytes * 256 * (size_t)nw * sizeof(*out));
	for (int k = 0; k < n_bytes; k++)
		for (int v = 0; v < 256; v++) {
			uint64_t *r = out + ((size_t)k * 256 + (size_t)v) * (size_t)nw;

			for (int bit = 0; bit < 8; bit++) {
				int h = 8 * k + bit;

				if (h < n && (v >> bit & 1))
					r[perm[h] >> 6] |= 1ULL << (perm[h] & 63);
			}
		}
}

int pegsym_fixing_codes64(const struct peg_symtab64 *t, const uint64_t *codes,
			  int n_codes, int *out)
{
	int m = 0;

	for (int s = 0; s < t->n_syms; s++) {
		int ok = 1;

		for (int i = 0; i < n_codes && ok; i++)
			ok = peg_symtab64_apply(t, s, codes[i]) == codes[i];
		if (ok)
			out[m++] = s;
	}
	return m;
}

int pegsym_fixing_codes128(const struct peg_symtab128 *t,
			   const peg_u128 *codes, int n_codes, int *out)
{
	int m = 0;

	for (int s = 0; s < t->n_syms; s++) {
		int ok = 1;

		for (int i = 0; i < n_codes && ok; i++)
			ok = peg_symtab128_apply(t, s, codes[i]) == codes[i];
		if (ok)
			out[m++] = s;
	}
	return m;
}
