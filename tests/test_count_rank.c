/* test_count_rank.c - the count walk by ranks (src/lib/engines/
 * count_rank.h, issue 15 item 4) against the hash walk of count_impl.h.
 *
 * The testing switch PEGSOL_COUNT_RANK picks the walk: 0 the hash tables
 * only, 2 the ranks only (a problem they cannot take is then an error, so
 * a count that succeeds went through them), 128 the same with 128-bit
 * counts from the start (else 64 bits, 128 after an overflow).  From one
 * computation of the sets, the walks must give the same count, the same
 * edges and the same winning positions:
 *   - T5 and T6 complement problems from every hole class (odd boards:
 *     the meet on the edges): T6's sum over every start 397,962,490,212
 *     (issue 15, BerndAmend -full -count), T5 a1 6,816 (seed 000
 *     section 3: "6,816 distinct solutions to the a1-complement");
 *   - rect:3x6 from every hole class (18 holes: the level meet; every
 *     start's sum 40,936,504 as tests/cli/count_meet.sh);
 *   - T6 a1 one peg anywhere (43,419,942,138, tests/cli/count_memory.sh)
 *     and T6 a1 to another finish (the walk down to the finish level);
 *   - the English centre (seed 001 Table 7: 40,861,647,040,079,968) on
 *     two workers (the second adds into its own count array, summed after
 *     each level; the small boards' levels take one worker);
 *   - 128-bit codes (PEGSOL_WIDE=1): the rank walk does not apply, strict
 *     mode says so, the default falls back to the hash walk.
 *
 * `test_count_rank bench BOARD HOLE [PAIRS [rank]]` instead times the two
 * walks alternately on one computation of the complement sets (CPU and
 * wall of each walk, medians and the ratio rank/hash), for bench/count.sh;
 * with "rank" the rank walk alone, PAIRS times.
 */
#include "check.h"
#include "testboard.h"

#include "pegsol/board.h"
#include "pegsol/count.h"
#include "pegsol/sets.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { COMPLEMENT = -1, ANYWHERE = -2 };

/* The problem: hole h vacant, the goal one peg at hole f (COMPLEMENT: at
 * h; ANYWHERE: one peg anywhere). */
static void problem(const struct peg_board *b, int h, int f,
		    unsigned char *start, unsigned char *goal,
		    struct peg_problem *p)
{
	memset(start, 1, (size_t)b->n_holes);
	memset(goal, 0, (size_t)b->n_holes);
	start[h] = 0;
	goal[f >= 0 ? f : h] = 1;
	p->start = start;
	p->goal = f == ANYWHERE ? PEG_GOAL_ANYWHERE : PEG_GOAL_POSITION;
	p->finish = f == ANYWHERE ? NULL : goal;
}

/* The count of the sets s under PEGSOL_COUNT_RANK=mode; -1 on error. */
static int count_in(const struct peg_board *b, const struct peg_sets *s,
		    const char *mode, struct peg_count_result *r)
{
	struct peg_err err;
	int rc;

	setenv("PEGSOL_COUNT_RANK", mode, 1);
	rc = peg_count_sets(b, s, r, &err);
	unsetenv("PEGSOL_COUNT_RANK");
	return rc;
}

/* Count the problem (vacate h, finish) both ways from one computation of
 * the sets; the count (decimal) into out (64 bytes), "" on failure. */
static void compare(const struct peg_board *b, int h, int f, int threads,
		    char *out)
{
	unsigned char start[64], goal[64];
	struct peg_problem p = {0};
	struct peg_sets_opts o = {0};
	struct peg_count_result r0, rh, rr, rw;
	struct peg_sets *s = NULL;
	struct peg_err err;
	char what[96];

	out[0] = 0;
	snprintf(what, sizeof(what), "%s from hole %d to %d (%d workers)",
		 b->spec, h, f, threads);
	problem(b, h, f, start, goal, &p);
	o.threads = threads;
	if (peg_count_solutions_opts(b, &p, &o, &r0, &s, &err)) {
		CHECK(0, "%s: %s", what, err.msg);
		return;
	}
	CHECK(!count_in(b, s, "0", &rh), "%s: the hash walk", what);
	CHECK(!count_in(b, s, "2", &rr), "%s: the rank walk", what);
	CHECK(!count_in(b, s, "128", &rw), "%s: the rank walk, 128 bits",
	      what);
	if (rh.text && rr.text && r0.text && rw.text) {
		CHECK_STR(rr.text, rh.text, what);
		CHECK_STR(rw.text, rh.text, what);
		CHECK_STR(r0.text, rh.text, what);
		CHECK(rr.value == rh.value && rw.value == rh.value,
		      "%s: values", what);
		CHECK_INT(rr.edges, rh.edges, what);
		CHECK_INT(rw.edges, rh.edges, what);
		CHECK_INT(rr.positions, rh.positions, what);
		CHECK(rh.edges > 0 || !strcmp(rh.text, "0"), "%s: edges", what);
		snprintf(out, 64, "%s", rh.text);
	}
	peg_count_result_release(&r0);
	peg_count_result_release(&rh);
	peg_count_result_release(&rr);
	peg_count_result_release(&rw);
	peg_sets_free(s);
}

/* Every start of the board (one hole a symmetry class, the others the
 * same count): their sum. */
static unsigned long long every_start(const char *spec)
{
	struct peg_board *b = board(spec);
	unsigned long long sum = 0, *cls;
	char out[64];

	if (!b)
		return 0;
	cls = calloc((size_t)b->n_holes, sizeof(*cls));
	for (int h = 0; cls && h < b->n_holes; h++) {
		int rep = peg_board_hole_orbit_min(b, h);

		if (rep == h) {
			compare(b, h, COMPLEMENT, 2, out);
			cls[h] = strtoull(out, NULL, 10);
		}
		sum += cls[rep];
	}
	free(cls);
	peg_board_free(b);
	return sum;
}

static void tests(void)
{
	struct peg_board *b;
	char out[64];

	CHECK(every_start("triangle:5") > 0, "T5 every start");
	CHECK(every_start("triangle:6") == 397962490212ULL,
	      "T6 every start: 397,962,490,212");
	CHECK(every_start("rect:3x6") == 40936504ULL,
	      "rect:3x6 every start: 40,936,504");
	b = board("triangle:5");
	if (b) {
		compare(b, 0, COMPLEMENT, 2, out);
		CHECK_STR(out, "6816", "T5 a1 complement (seed 000 section 3)");
		peg_board_free(b);
	}
	b = board("triangle:6");
	if (b) {
		compare(b, 0, COMPLEMENT, 2, out);
		CHECK_STR(out, "1918789380", "T6 a1 complement");
		compare(b, 0, ANYWHERE, 2, out);
		CHECK_STR(out, "43419942138", "T6 a1 one peg anywhere");
		compare(b, 0, hole(b, "c5"), 2, out);
		CHECK(out[0] && strcmp(out, "0"), "T6 a1 to c5: %s", out);
		/* 128-bit codes: strict refuses, the default falls back */
		{
			unsigned char start[64], goal[64];
			struct peg_problem p = {0};
			struct peg_sets_opts o = {0};
			struct peg_count_result r, r2;
			struct peg_sets *s = NULL;
			struct peg_err err;

			setenv("PEGSOL_WIDE", "1", 1);
			problem(b, 0, COMPLEMENT, start, goal, &p);
			CHECK(!peg_count_solutions_opts(b, &p, &o, &r, &s, &err),
			      "T6 wide: %s", err.msg);
			CHECK_STR(r.text, "1918789380", "T6 a1 wide");
			CHECK(s && s->wide, "T6 wide sets");
			CHECK(s && count_in(b, s, "2", &r2) == -1,
			      "T6 wide: strict rank walk refused");
			unsetenv("PEGSOL_WIDE");
			peg_count_result_release(&r);
			peg_sets_free(s);
		}
		peg_board_free(b);
	}
	b = board("english");
	if (b) {
		compare(b, hole(b, "d4"), COMPLEMENT, 2, out);
		CHECK_STR(out, "40861647040079968",
			  "English d4 (seed 001 Table 7)");
		peg_board_free(b);
	}
}

static double now(clockid_t c)
{
	struct timespec t;

	clock_gettime(c, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* bench BOARD HOLE [PAIRS [rank]]: the two walks alternately, medians
 * (rank: the rank walk alone, PAIRS times). */
static int bench(const char *spec, const char *name, int pairs, int only)
{
	struct peg_board *b = board(spec);
	unsigned char start[64], goal[64];
	struct peg_problem p = {0};
	struct peg_sets_opts o = {0};
	struct peg_count_result r;
	struct peg_sets *s = NULL;
	struct peg_err err;
	double cpu[2][100], wall[2][100], ratio[100];
	const char *mode[2] = {"0", "2"}, *walk[2] = {"hash", "rank"};
	int h = b ? hole(b, name) : -1;

	if (h < 0 || pairs < 1 || pairs > 100)
		return 2;
	problem(b, h, COMPLEMENT, start, goal, &p);
	if (peg_count_solutions_opts(b, &p, &o, &r, &s, &err)) {
		fprintf(stderr, "%s\n", err.msg);
		return 3;
	}
	printf("%s %s: %s solutions\n", spec, name, r.text);
	peg_count_result_release(&r);
	for (int i = 0; i < pairs; i++)
		for (int k = only; k < 2; k++) {
			double c0 = now(CLOCK_PROCESS_CPUTIME_ID),
			       w0 = now(CLOCK_MONOTONIC);

			if (count_in(b, s, mode[k], &r))
				return 3;
			cpu[k][i] = now(CLOCK_PROCESS_CPUTIME_ID) - c0;
			wall[k][i] = now(CLOCK_MONOTONIC) - w0;
			printf("  %s walk: cpu %.2f s, wall %.2f s, %s\n",
			       walk[k], cpu[k][i], wall[k][i], r.text);
			peg_count_result_release(&r);
		}
	if (only)
		printf("rank walk cpu median %.2f s, wall %.2f s\n",
		       median(cpu[1], pairs), median(wall[1], pairs));
	else
		for (int k = 0; k < 2; k++) {
			double(*t)[100] = k ? wall : cpu;

			for (int i = 0; i < pairs; i++)
				ratio[i] = t[1][i] / t[0][i];
			printf("walk %s median: hash %.2f s, rank %.2f s, "
			       "ratio rank/hash %.2f\n", k ? "wall" : "cpu",
			       median(t[0], pairs), median(t[1], pairs),
			       median(ratio, pairs));
		}
	peg_sets_free(s);
	peg_board_free(b);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && !strcmp(argv[1], "bench"))
		return bench(argv[2], argv[3], argc > 4 ? atoi(argv[4]) : 3,
			     argc > 5 && !strcmp(argv[5], "rank"));
	tests();
	return check_done();
}
