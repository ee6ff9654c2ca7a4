/* heur_records.c - the records table (heuristic.h): best known shortest
 * solutions, the data in heur_records.def; seed 000 eq. (2). */
#include "pegsol/heuristic.h"

#include <stddef.h>

static const struct peg_record records[] = {
#define RECORD(board, vacate, finish, moves, lower, known, proved, sol, how) \
	{board, vacate, finish, moves, lower, known, proved, sol, how},
#include "heur_records.def"
#undef RECORD
};

const struct peg_record *peg_records(int *n)
{
	*n = (int)(sizeof(records) / sizeof(records[0]));
	return records;
}

int peg_heur_seed_bound(int n)
{
	int k = n >= 4 ? (n - 4) / 3 : 0;

	return k * (k + 1) / 2 + (3 * n - 2) / 2;
}
