/* puzzle.c - solvable puzzles by unjumping from one peg, graded by the
 * never-lose oracle (puzzle.h). */
#include "pegsol/puzzle.h"

#include "pegsol/oracle.h"
#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *level_names[] = {"any", "easy", "medium", "hard"};

const char *peg_puzzle_level_name(enum peg_puzzle_level l)
{
	return l >= PEG_PUZZLE_ANY && l <= PEG_PUZZLE_HARD ? level_names[l]
							    : "?";
}

int peg_puzzle_level_parse(const char *text)
{
	for (int i = 0; i < 4; i++)
		if (!strcmp(text, level_names[i]))
			return i;
	return -1;
}

static uint64_t splitmix(uint64_t *s)
{
	uint64_t z = (*s += 0x9E3779B97F4A7C15ull);

	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
	return z ^ (z >> 31);
}

static double mono_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int draw(uint64_t *s, int n)
{
	return (int)(splitmix(s) % (uint64_t)n);
}

/* One candidate: unjump from one peg at `finish` until `pegs` pegs.
 * Fills pos and the forward solution sol (pegs - 1 jumps).  Returns 0, or
 * -1 when the walk got stuck. */
static int unjump_walk(const struct peg_board *b, uint64_t *rng, int finish,
		       int pegs, unsigned char *pos, struct peg_jump *sol,
		       int *cand)
{
	int k = 0;

	memset(pos, 0, (size_t)b->n_holes);
	pos[finish] = 1;
	for (int have = 1; have < pegs; have++) {
		int nc = 0;

		/* jump j backwards: peg at to, holes at from and over */
		for (int j = 0; j < b->n_jumps; j++) {
			const struct peg_jump *J = &b->jumps[j];

			if (pos[J->to] && !pos[J->from] && !pos[J->over])
				cand[nc++] = j;
		}
		if (!nc)
			return -1;
		{
			const struct peg_jump *J = &b->jumps[cand[draw(rng, nc)]];

			pos[J->to] = 0;
			pos[J->from] = 1;
			pos[J->over] = 1;
			sol[pegs - 2 - k++] = *J;
		}
	}
	return 0;
}

/* Mean fraction of losing jumps along the solution.  *nodes counts the
 * oracle's work; 1 in *stopped when a limit ended it. */
static double grade(struct peg_oracle *o, const struct peg_board *b,
		    const unsigned char *start, const struct peg_jump *sol,
		    int n, long budget, enum peg_verdict *v, int *unknown,
		    long max_nodes, long *nodes, int *stopped)
{
	unsigned char p[64];
	double sum = 0;
	int positions = 0;

	memcpy(p, start, (size_t)b->n_holes);
	for (int i = 0; i < n; i++) {
		int legal = 0, lose = 0;
		long bud = budget;
		struct peg_oracle_stats st;

		if (max_nodes > 0 && max_nodes - *nodes < bud)
			bud = max_nodes - *nodes;
		if (max_nodes > 0 && bud <= 0) {
			*stopped = 1;
			return 0;
		}
		peg_oracle_classify(o, p, bud, v);
		peg_oracle_stats(o, &st);
		*nodes += st.nodes;
		if (st.stopped ||
		    (max_nodes > 0 && *nodes >= max_nodes && bud < budget)) {
			*stopped = 1;
			return 0;
		}
		for (int k = 0; k < b->n_jumps; k++) {
			if (v[k] == PEG_ILLEGAL)
				continue;
			legal++;
			lose += v[k] == PEG_LOSE;
			*unknown += v[k] == PEG_UNKNOWN;
		}
		if (legal) {
			sum += (double)lose / legal;
			positions++;
		}
		peg_jump_apply(p, &sol[i]);
	}
	return positions ? sum / positions : 0;
}

void peg_puzzle_release(struct peg_puzzle *p)
{
	if (!p)
		return;
	free(p->start);
	free(p->solution);
	memset(p, 0, sizeof(*p));
}

struct cand {
	unsigned char pos[64];
	struct peg_jump sol[64];
	int finish, unknown;
	double score;
};

static int cmp_score(const void *a, const void *b)
{
	double x = ((const struct cand *)a)->score;
	double y = ((const struct cand *)b)->score;

	return x < y ? -1 : x > y;
}

int peg_puzzle_generate(const struct peg_board *b,
			const struct peg_puzzle_opts *opts,
			struct peg_puzzle *out, struct peg_err *err)
{
	int n = b->n_holes, pegs, tries, nc = 0, pick, ret = -1, stopped = 0;
	long budget, nodes = 0;
	double deadline = opts->max_ms > 0 ? mono_ms() + opts->max_ms : 0;
	uint64_t rng;
	struct cand *c = NULL;
	int *cand = NULL;
	enum peg_verdict *v = NULL;
	struct peg_oracle *o = NULL;
	int cur_finish = -2;

	memset(out, 0, sizeof(*out));
	if (n > 63) {
		peg_err_set(err, "puzzles need a board of at most 63 holes, "
			    "'%s' has %d", b->spec, n);
		return -1;
	}
	pegs = opts->pegs > 0 ? opts->pegs : (n + 1) / 2;
	if (pegs < 2 || pegs >= n) {
		peg_err_set(err, "a puzzle on '%s' needs 2 to %d pegs, not %d",
			    b->spec, n - 1, pegs);
		return -1;
	}
	if (opts->finish >= n) {
		peg_err_set(err, "finishing hole %d is not on the board",
			    opts->finish);
		return -1;
	}
	tries = opts->tries > 0 ? opts->tries : 12;
	if (tries > 256)
		tries = 256;
	budget = opts->budget > 0 ? opts->budget : 2000000;
	rng = opts->seed;
	c = calloc((size_t)tries, sizeof(*c));
	cand = malloc(sizeof(int) * (size_t)(b->n_jumps + 1));
	v = malloc(sizeof(*v) * (size_t)(b->n_jumps + 1));
	if (!c || !cand || !v) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	for (int t = 0, stuck = 0; nc < tries && stuck < 64 * tries; t++) {
		struct cand *x = &c[nc];

		x->finish = opts->finish >= 0 ? opts->finish : draw(&rng, n);
		if (unjump_walk(b, &rng, x->finish, pegs, x->pos, x->sol,
				cand)) {
			stuck++;
			continue;
		}
		if (x->finish != cur_finish) {
			struct peg_goal g = {PEG_GOAL_HOLE, x->finish};

			peg_oracle_free(o);
			o = peg_oracle_new(b, &g, (size_t)1 << 20, err);
			if (!o)
				goto out;
			peg_oracle_set_limits(o, deadline, opts->cancel);
			cur_finish = x->finish;
		}
		x->score = grade(o, b, x->pos, x->sol, pegs - 1, budget, v,
				 &x->unknown, opts->max_nodes, &nodes,
				 &stopped);
		if (stopped) {
			if (opts->max_nodes > 0 && nodes >= opts->max_nodes)
				peg_err_set(err,
					    "puzzle generation on '%s' needs "
					    "more than %ld oracle nodes",
					    b->spec, opts->max_nodes);
			else if (opts->cancel &&
				 __atomic_load_n(opts->cancel, __ATOMIC_RELAXED))
				peg_err_set(err,
					    "puzzle generation on '%s' was "
					    "cancelled",
					    b->spec);
			else
				peg_err_set(err,
					    "puzzle generation on '%s' ran "
					    "out of time (%.0f ms)",
					    b->spec, opts->max_ms);
			ret = PEG_PUZZLE_RESOURCES;
			goto out;
		}
		nc++;
	}
	if (!nc) {
		peg_err_set(err, "no puzzle with %d pegs found on '%s'", pegs,
			    b->spec);
		goto out;
	}
	/* the draw order decides ties: a stable pick over a sorted copy */
	if (opts->level == PEG_PUZZLE_ANY) {
		pick = 0;
	} else {
		qsort(c, (size_t)nc, sizeof(*c), cmp_score);
		pick = opts->level == PEG_PUZZLE_EASY	  ? 0
		       : opts->level == PEG_PUZZLE_MEDIUM ? nc / 2
							  : nc - 1;
	}
	out->start = malloc((size_t)n);
	out->solution = malloc(sizeof(struct peg_jump) * (size_t)pegs);
	if (!out->start || !out->solution) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	memcpy(out->start, c[pick].pos, (size_t)n);
	memcpy(out->solution, c[pick].sol,
	       sizeof(struct peg_jump) * (size_t)(pegs - 1));
	out->n_solution = pegs - 1;
	out->pegs = pegs;
	out->finish = c[pick].finish;
	out->score = c[pick].score;
	out->unknown = c[pick].unknown;
	out->grade = out->score < 0.35	 ? PEG_PUZZLE_EASY
		     : out->score < 0.60 ? PEG_PUZZLE_MEDIUM
					 : PEG_PUZZLE_HARD;
	out->seed = opts->seed;
	{
		/* the solution handed out is replayed first */
		unsigned char p[64];

		memcpy(p, out->start, (size_t)n);
		if (peg_jumps_replay(b, out->solution, out->n_solution, p,
				     err) ||
		    peg_pos_count(p, n) != 1 || !p[out->finish]) {
			peg_err_set(err, "internal: the puzzle's solution "
				    "does not replay");
			goto out;
		}
	}
	ret = 0;
out:
	if (ret)
		peg_puzzle_release(out);
	peg_oracle_free(o);
	free(c);
	free(cand);
	free(v);
	return ret;
}
