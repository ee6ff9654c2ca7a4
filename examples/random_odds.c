/* random_odds.c - a random player on the 15-hole triangle T5 (a1 empty):
 * play random games (every legal jump equally likely) and compare the
 * share that end with one peg with the exact odds of the library
 * (peg_odds_compute, player A: about 1 in 146).  The seed is printed and
 * can be given, so a run can be repeated.
 *
 *   cc random_odds.c $(pkg-config --cflags --libs pegsol) -o random_odds
 *   ./random_odds [GAMES [SEED]]
 */
#include <pegsol.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* xorshift64*: a small generator with an explicit seed */
static uint64_t next_random(uint64_t *s)
{
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return *s * 2685821657736338717ULL;
}

/* Play one random game from start; returns the pegs left. */
static int play_one(const struct peg_board *b, const unsigned char *start,
		    unsigned char *pegs, int *legal, uint64_t *seed)
{
	int left = peg_pos_count(start, b->n_holes);

	memcpy(pegs, start, (size_t)b->n_holes);
	for (;;) {
		int n = 0;

		for (int j = 0; j < b->n_jumps; j++)
			if (peg_jump_legal(pegs, &b->jumps[j]))
				legal[n++] = j;
		if (n == 0)
			return left;
		peg_jump_apply(pegs, &b->jumps[legal[next_random(seed) % (uint64_t)n]]);
		left--;
	}
}

int main(int argc, char **argv)
{
	long games = argc > 1 ? strtol(argv[1], NULL, 10) : 100000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 20240601;
	struct peg_err err = {{0}};
	struct peg_odds odds;
	struct peg_board *b = peg_board_parse("T5", &err);
	unsigned char *start, *pegs;
	int *legal;
	long wins = 0;

	if (!b) {
		fprintf(stderr, "random_odds: %s\n", err.msg);
		return PEG_EXIT_INPUT;
	}
	start = malloc((size_t)b->n_holes);
	pegs = malloc((size_t)b->n_holes);
	legal = malloc(sizeof(int) * (size_t)b->n_jumps);
	if (!start || !pegs || !legal || games <= 0 || seed == 0) {
		fprintf(stderr, "random_odds: usage: random_odds [GAMES>0 "
			"[SEED>0]]\n");
		return PEG_EXIT_INPUT;
	}
	memset(start, 1, (size_t)b->n_holes);
	start[peg_board_parse_hole(b, "a1", &err)] = 0;

	printf("seed %llu\n", (unsigned long long)seed);
	for (long g = 0; g < games; g++)
		if (play_one(b, start, pegs, legal, &seed) == 1)
			wins++;
	printf("%s, a1 empty: %ld of %ld random games end with one peg "
	       "(%.5f)\n", b->title, wins, games, (double)wins / (double)games);

	if (peg_odds_compute(b, start, PEG_PLAYER_A, 1, &odds, &err)) {
		fprintf(stderr, "random_odds: %s\n", err.msg);
	} else {
		printf("exact odds: %.5Lf = %s (1 in %.1Lf)\n", odds.p,
		       odds.exact, 1 / odds.p);
		peg_odds_release(&odds);
	}
	free(start);
	free(pegs);
	free(legal);
	peg_board_free(b);
	return PEG_EXIT_YES;
}
