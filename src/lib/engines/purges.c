/* purges.c - the trapezoid, 3- and 6-purges as data (purges.h).
 *
 * Coordinates are the band frame of purges.h.  The trapezoid sequences of
 * seed 000 Appendix B.1 are kept jump by jump; the complementary catalyst
 * states play them backwards.  Every entry is replayed by
 * tests/test_construct.c.
 */
#include "pegsol/purges.h"

#include "construct_pairs.h"

#include <stddef.h>
#include <string.h>

static const struct peg_purge_hole r0[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c0[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j0[] = {
    {3, 4, 1, 2}, {2, 5, 2, 3}, {0, 5, 2, 5}, {0, 4, 0, 2},
    {2, 5, 0, 3}, {4, 5, 2, 5}, {2, 2, 2, 4}, {0, 2, 2, 2},
    {2, 5, 2, 3}, {2, 2, 2, 4}, {0, 3, 2, 3}, {2, 4, 2, 2}};
static const struct peg_purge_hole r1[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c1[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j1[] = {
    {2, 4, 2, 2}, {0, 3, 2, 3}, {2, 5, 0, 3}, {0, 5, 2, 5},
    {0, 4, 0, 2}, {2, 2, 2, 4}, {0, 2, 2, 2}, {2, 5, 2, 3},
    {4, 5, 2, 5}, {2, 2, 2, 4}, {2, 5, 2, 3}, {3, 4, 1, 2}};
static const struct peg_purge_hole r2[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c2[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j2[] = {
    {0, 4, 0, 2}, {2, 5, 0, 3}, {0, 2, 0, 4}, {0, 5, 0, 3},
    {2, 2, 0, 2}, {0, 2, 0, 4}, {2, 4, 2, 2}, {4, 5, 2, 5},
    {2, 5, 0, 5}, {0, 5, 0, 3}, {0, 3, 2, 3}, {3, 4, 1, 2}};
static const struct peg_purge_hole r3[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c3[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j3[] = {
    {3, 4, 1, 2}, {0, 3, 2, 3}, {0, 5, 0, 3}, {2, 5, 0, 5},
    {4, 5, 2, 5}, {2, 4, 2, 2}, {0, 2, 0, 4}, {2, 2, 0, 2},
    {0, 5, 0, 3}, {0, 2, 0, 4}, {2, 5, 0, 3}, {0, 4, 0, 2}};
static const struct peg_purge_hole r4[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c4[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j4[] = {
    {3, 4, 1, 2}, {2, 5, 2, 3}, {2, 2, 2, 4}, {4, 5, 2, 5},
    {2, 5, 2, 3}, {0, 2, 2, 2}, {2, 2, 2, 4}, {0, 4, 0, 2},
    {0, 5, 2, 5}, {2, 5, 0, 3}, {0, 3, 2, 3}, {2, 4, 2, 2}};
static const struct peg_purge_hole r5[] = {{0, 3}, {1, 3}, {2, 3}, {0, 4},
					   {1, 4}, {2, 4}, {3, 4}, {0, 5},
					   {1, 5}, {2, 5}, {3, 5}, {4, 5}};
static const struct peg_purge_hole c5[] = {{0, 2}, {1, 2}, {2, 2}};
static const struct peg_purge_jump j5[] = {
    {2, 4, 2, 2}, {0, 3, 2, 3}, {2, 2, 2, 4}, {2, 5, 2, 3},
    {0, 2, 2, 2}, {2, 2, 2, 4}, {4, 5, 2, 5}, {2, 5, 0, 3},
    {0, 4, 0, 2}, {0, 5, 2, 5}, {2, 5, 2, 3}, {3, 4, 1, 2}};
static const struct peg_purge_hole r6[] = {{3, 3}, {4, 4}, {5, 5}};
static const struct peg_purge_hole c6[] = {{2, 3}, {4, 3}};
static const struct peg_purge_jump j6[] = {
    {4, 3, 2, 3}, {5, 5, 3, 3}, {2, 3, 4, 3}};
static const struct peg_purge_hole r7[] = {{3, 3}, {4, 4}, {5, 5}};
static const struct peg_purge_hole c7[] = {{4, 5}, {6, 5}};
static const struct peg_purge_jump j7[] = {
    {6, 5, 4, 5}, {3, 3, 5, 5}, {4, 5, 6, 5}};
static const struct peg_purge_hole r8[] = {{3, 3}, {4, 4}, {5, 5},
					   {4, 3}, {5, 4}, {6, 5}};
static const struct peg_purge_hole c8[] = {{1, 3}, {2, 3}};
static const struct peg_purge_jump j8[] = {{3, 3, 1, 3}, {5, 5, 3, 3},
					   {4, 3, 2, 3}, {6, 5, 4, 3},
					   {1, 3, 3, 3}, {4, 3, 2, 3}};
static const struct peg_purge_hole r9[] = {{3, 3}, {4, 4}, {5, 5},
					   {4, 3}, {5, 4}, {6, 5}};
static const struct peg_purge_hole c9[] = {{1, 3}, {2, 3}};
static const struct peg_purge_jump j9[] = {{4, 3, 2, 3}, {1, 3, 3, 3},
					   {6, 5, 4, 3}, {4, 3, 2, 3},
					   {5, 5, 3, 3}, {3, 3, 1, 3}};
static const struct peg_purge_hole r10[] = {{3, 3}, {4, 4}, {5, 5},
					    {4, 3}, {5, 4}, {6, 5}};
static const struct peg_purge_hole c10[] = {{3, 5}, {4, 5}};
static const struct peg_purge_jump j10[] = {{5, 5, 3, 5}, {3, 3, 5, 5},
					    {6, 5, 4, 5}, {4, 3, 6, 5},
					    {3, 5, 5, 5}, {6, 5, 4, 5}};
static const struct peg_purge_hole r11[] = {{3, 3}, {4, 4}, {5, 5},
					    {4, 3}, {5, 4}, {6, 5}};
static const struct peg_purge_hole c11[] = {{3, 5}, {4, 5}};
static const struct peg_purge_jump j11[] = {{6, 5, 4, 5}, {3, 5, 5, 5},
					    {4, 3, 6, 5}, {6, 5, 4, 5},
					    {3, 3, 5, 5}, {5, 5, 3, 5}};
static const struct peg_purge purges[] = {
    {"trapezoid-001", PEG_PURGE_TRAPEZOID, 12, r0, 3, c0, "001", 12, j0,
     "reverse of the B.1 solution for the complement"},
    {"trapezoid-010", PEG_PURGE_TRAPEZOID, 12, r1, 3, c1, "010", 12, j1,
     "reverse of the B.1 solution for the complement"},
    {"trapezoid-011", PEG_PURGE_TRAPEZOID, 12, r2, 3, c2, "011", 12, j2,
     "seed 000 Appendix B.1"},
    {"trapezoid-100", PEG_PURGE_TRAPEZOID, 12, r3, 3, c3, "100", 12, j3,
     "reverse of the B.1 solution for the complement"},
    {"trapezoid-101", PEG_PURGE_TRAPEZOID, 12, r4, 3, c4, "101", 12, j4,
     "seed 000 Appendix B.1"},
    {"trapezoid-110", PEG_PURGE_TRAPEZOID, 12, r5, 3, c5, "110", 12, j5,
     "seed 000 Appendix B.1"},
    {"3-purge", PEG_PURGE_3, 3, r6, 2, c6, "01", 3, j6, "found by search"},
    {"3-purge-alt", PEG_PURGE_3, 3, r7, 2, c7, "01", 3, j7, "found by search"},
    {"6-purge-top-01", PEG_PURGE_6_TOP, 6, r8, 2, c8, "01", 6, j8,
     "found by search"},
    {"6-purge-top-10", PEG_PURGE_6_TOP, 6, r9, 2, c9, "10", 6, j9,
     "reverse of 01"},
    {"6-purge-bottom-01", PEG_PURGE_6_BOTTOM, 6, r10, 2, c10, "01", 6, j10,
     "found by search"},
    {"6-purge-bottom-10", PEG_PURGE_6_BOTTOM, 6, r11, 2, c11, "10", 6, j11,
     "reverse of 01"},
};

#define N_PURGES ((int)(sizeof(purges) / sizeof(purges[0])))

/* the table above, then the wider trapezoids (construct_pairs.c) */
int peg_purge_count(void)
{
	return N_PURGES + peg_cp_n_wide;
}

const struct peg_purge *peg_purge_get(int i)
{
	if (i < 0 || i >= peg_purge_count())
		return NULL;
	return i < N_PURGES ? &purges[i] : &peg_cp_wide[i - N_PURGES];
}

const struct peg_purge *peg_purge_find(enum peg_purge_kind kind,
				       const unsigned char *state)
{
	for (int i = 0; i < peg_purge_count(); i++) {
		const struct peg_purge *p = peg_purge_get(i);
		int k;

		if (p->kind != kind)
			continue;
		for (k = 0; k < p->n_cat; k++)
			if ((p->cat_state[k] == '1') != (state[k] != 0))
				break;
		if (k == p->n_cat)
			return p;
	}
	return NULL;
}

int peg_fig9_count(void)
{
	return peg_cp_n_fig9;
}

const struct peg_fig9 *peg_fig9_get(int i)
{
	return i >= 0 && i < peg_cp_n_fig9 ? &peg_cp_fig9[i] : NULL;
}

const struct peg_fig9 *peg_fig9_find(int x, int y)
{
	for (int i = 0; i < peg_cp_n_fig9; i++)
		if (peg_cp_fig9[i].vacancy.x == x &&
		    peg_cp_fig9[i].vacancy.y == y)
			return &peg_cp_fig9[i];
	return NULL;
}
