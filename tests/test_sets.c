/* test_sets.c - level sets and solution counts against seed 001: Table 1
 * (T5 and T6 corner complement), the W_n code lists of section 4, the
 * counts of section 7.2, and the binary file round trip. */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/count.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The sets of a problem (finish NULL: the complement problem; "*": one
 * peg anywhere) with options base (NULL: defaults). */
static struct peg_sets *compute_opts(const char *spec, const char *vacate,
				     const char *finish, enum peg_group g,
				     int raw, const struct peg_sets_opts *base,
				     struct peg_board **bout)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	unsigned char *start, *goal;
	struct peg_problem p;
	struct peg_sets_opts o = {0};
	struct peg_sets *s = NULL;

	if (base)
		o = *base;

	CHECK(b != NULL, "board %s", spec);
	if (!b)
		return NULL;
	start = malloc((size_t)b->n_holes);
	goal = calloc((size_t)b->n_holes, 1);
	memset(start, 1, (size_t)b->n_holes);
	{
		unsigned char *v = calloc((size_t)b->n_holes, 1);

		peg_board_parse_holes(b, vacate, v, &err);
		for (int i = 0; i < b->n_holes; i++)
			if (v[i])
				start[i] = 0;
		free(v);
	}
	p.start = start;
	p.goal = PEG_GOAL_POSITION;
	p.finish = goal;
	if (finish && !strcmp(finish, "*"))
		p.goal = PEG_GOAL_ANYWHERE;
	else if (finish)
		peg_board_parse_holes(b, finish, goal, &err);
	else
		for (int i = 0; i < b->n_holes; i++)
			goal[i] = !start[i];
	o.group = g;
	o.raw = raw;
	CHECK(peg_sets_compute(b, &p, &o, &s, &err) == 0, "sets %s %s: %s",
	      spec, vacate, err.msg);
	free(start);
	free(goal);
	*bout = b;
	return s;
}

static struct peg_sets *compute(const char *spec, const char *vacate,
				const char *finish, enum peg_group g, int raw,
				struct peg_board **bout)
{
	return compute_opts(spec, vacate, finish, g, raw, NULL, bout);
}

static void check_levels(const struct peg_level *lv, const long *want,
			 int top, int raw, const char *what)
{
	char buf[96];

	for (int n = top; n >= 1; n--) {
		snprintf(buf, sizeof(buf), "%s n=%d", what, n);
		CHECK_INT(raw ? (long long)lv[n].raw : (long long)lv[n].n,
			  want[top - n], buf);
	}
}

static void check_codes(const struct peg_level *l, const uint64_t *want,
			size_t n, const char *what)
{
	CHECK_INT(l->n, n, what);
	for (size_t i = 0; i < n && i < l->n; i++)
		CHECK(l->code[i] == want[i], "%s: code %zu is %llu, want %llu",
		      what, i, (unsigned long long)l->code[i],
		      (unsigned long long)want[i]);
}

static void count(const char *spec, const char *vacate, const char *finish,
		  const char *want)
{
	struct peg_board *b;
	struct peg_sets *s = compute(spec, vacate, finish, PEG_GROUP_STAB, 0, &b);
	struct peg_count_result r;
	struct peg_err err;
	char what[96];

	snprintf(what, sizeof(what), "count %s %s", spec, vacate);
	if (s) {
		CHECK(peg_count_sets(b, s, &r, &err) == 0, "%s: %s", what,
		      err.msg);
		CHECK_STR(r.text, want, what);
		peg_count_result_release(&r);
	}
	peg_sets_free(s);
	peg_board_free(b);
}

/* seed 001 sections 5-6: the by-index sets.  want_any / want_index are
 * Table 8's two columns; for T5 the whole of Table 5 is checked. */
static void byindex(const char *spec, const char *hole, size_t want_any,
		    size_t want_index, size_t bell_index)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);
	struct peg_byindex *x = NULL;
	unsigned char *v;
	int h = -1;
	char what[96];

	CHECK(b != NULL, "board %s", spec);
	if (!b)
		return;
	v = calloc((size_t)b->n_holes, 1);
	peg_board_parse_holes(b, hole, v, &err);
	for (int i = 0; i < b->n_holes; i++)
		if (v[i])
			h = i;
	free(v);
	CHECK(peg_sets_byindex(b, h, 2, &x, &err) == 0, "byindex %s: %s",
	      spec, err.msg);
	if (x) {
		snprintf(what, sizeof(what), "%s any finish (Table 8)", spec);
		CHECK_INT(x->total_any, want_any, what);
		snprintf(what, sizeof(what), "%s by index (Table 8)", spec);
		CHECK_INT(x->total_index, want_index, what);
		if (bell_index) {
			/* two degenerate problems: Bell's total is the one of
			 * another frame of the second; ours is the least */
			int found = 0;

			for (int g = 0; g < PEG_BYINDEX_FRAMES; g++)
				found |= x->frame_total[g] == bell_index;
			snprintf(what, sizeof(what),
				 "%s: Bell's %zu is one frame's total", spec,
				 bell_index);
			CHECK(found, "%s", what);
		}
		if (!strcmp(spec, "T5")) {
			/* Table 5: rows n = 1..7, indexes 0,1,2,3,4,6,7 */
			static const int idx[7] = {0, 1, 2, 3, 4, 6, 7};
			static const long t5[7][7] = {
				{1, 1, 1, 0, 1, 0, 0},   {1, 0, 0, 1, 2, 0, 0},
				{3, 0, 0, 1, 7, 0, 1},   {5, 0, 0, 4, 19, 1, 4},
				{10, 0, 1, 8, 49, 4, 8}, {7, 0, 2, 11, 93, 6, 13},
				{4, 0, 2, 12, 129, 7, 18}};

			CHECK_INT(x->n_problems, 4, "T5 problems");
			CHECK_INT(x->n_degenerate, 1, "T5 degenerate problems");
			for (int n = 1; n <= 7; n++)
				for (int k = 0; k < 7; k++) {
					snprintf(what, sizeof(what),
						 "Table 5 n=%d index %d", n,
						 idx[k]);
					CHECK_INT(x->count[(size_t)n << 4 | idx[k]],
						  t5[n - 1][k], what);
				}
			CHECK_INT(x->count[5 << 4 | 5], 0, "Table 5 index 5");
			CHECK(!x->solvable[3] && x->solvable[0] &&
				      x->solvable[1] && x->solvable[2],
			      "T5: problems 1-3 solvable, 4 (b3) not");
		}
		peg_byindex_free(x);
	}
	peg_board_free(b);
}

/* The sets on disk (budget bytes or forced partitions) equal the sets
 * in memory: every level of F, G, W and L, code by code. */
static void same_on_disk(const char *spec, const char *vacate,
			 const char *finish, size_t budget, int parts)
{
	struct peg_sets_opts o = {0};
	struct peg_board *b1 = NULL, *b2 = NULL;
	struct peg_sets *m, *d;
	char what[96];

	o.memory = budget;
	o.partitions = parts;
	m = compute_opts(spec, vacate, finish, PEG_GROUP_STAB, 1, NULL, &b1);
	d = compute_opts(spec, vacate, finish, PEG_GROUP_STAB, 1, &o, &b2);
	if (m && d) {
		CHECK(d->partitions > 1, "%s %s: partitioned", spec, vacate);
		for (int n = 0; n <= m->n_holes; n++) {
			const struct peg_level *x[4] = {&m->F[n], &m->G[n],
							&m->W[n], &m->L[n]};
			const struct peg_level *y[4] = {&d->F[n], &d->G[n],
							&d->W[n], &d->L[n]};

			for (int k = 0; k < 4; k++) {
				snprintf(what, sizeof(what),
					 "%s %s %s: %c_%d on disk", spec,
					 vacate, finish ? finish : "",
					 "FGWL"[k], n);
				CHECK(x[k]->n == y[k]->n &&
					      x[k]->raw == y[k]->raw &&
					      (!x[k]->n ||
					       !memcmp(x[k]->code, y[k]->code,
						       x[k]->n * 8)),
				      "%s", what);
			}
		}
		CHECK_INT((long long)m->children, (long long)d->children,
			  "children on disk");
	}
	peg_sets_free(m);
	peg_sets_free(d);
	peg_board_free(b1);
	peg_board_free(b2);
}

int main(void)
{
	struct peg_board *b;
	struct peg_sets *s;

	/* seed 001 Table 1, 15-hole triangle, corner (a1) complement, n =
	 * 14..1: raw |F_n|, symmetry reduced |F_n|, |W_n|, |L_n| */
	static const long t5_raw[] = {1,   2,   8,   35,  122, 293, 530,
				      679, 623, 414, 212, 75,  18,  4};
	static const long t5_f[] = {1,   1,   4,   19,  62,  149, 268,
				    344, 317, 215, 112, 39,  10,  3};
	static const long t5_w[] = {1, 1, 2, 9, 18, 29, 35,
				    35, 29, 18, 9, 2, 1, 1};
	static const long t5_l[] = {0,  0,  2,  4,  20, 43, 86,
				    94, 89, 49, 29, 7,  1,  1};
	/* seed 001 Table 1, 21-hole triangle, corner complement, n = 20..1 */
	static const long t6_f[] = {1,     1,     4,     23,    117,
				    522,   1881,  5286,  11754, 20860,
				    28697, 29784, 23263, 14039, 6683,
				    2545,  774,   168,   28,    5};
	static const long t6_w[] = {1,     1,     4,     23,   117,
				    503,   1690,  4328,  8229, 11506,
				    11506, 8229,  4328,  1690, 503,
				    117,   23,    4,     1,    1};
	static const long t6_l[] = {0,     0,     0,     0,     0,
				    19,    185,   907,   3288,  8478,
				    14701, 16856, 13063, 7267,  3005,
				    935,   211,   34,    4,     1};
	/* seed 001 section 4: W_n^2 of the T5 corner complement (mincodes) */
	static const uint64_t w1[] = {1}, w2[] = {10}, w3[] = {28, 112};
	static const uint64_t w4[] = {23,   58,   85,   120, 1108,
				      1616, 2076, 2210, 2272};
	static const uint64_t w5[] = {31,   93,   115,  601,  1054, 1138,
				      1140, 1562, 1648, 2183, 2218, 2245,
				      2280, 2348, 2472, 2616, 2728, 2819};

	s = compute("T5", "a1", NULL, PEG_GROUP_STAB, 1, &b);
	if (s) {
		check_levels(s->F, t5_raw, 14, 1, "T5 raw F");
		check_levels(s->F, t5_f, 14, 0, "T5 F");
		check_levels(s->W, t5_w, 14, 0, "T5 W");
		check_levels(s->L, t5_l, 14, 0, "T5 L");
		/* the never-lose test: the start is winning, and so is
		 * every W code; a dead position is not */
		CHECK(peg_sets_winning(s, s->start), "T5 start winning");
		/* after a3-a1 (a2, a3 empty) the game is still won ... */
		CHECK(peg_sets_winning(s, 0x7fff ^ 2 ^ 8), "T5 after a3-a1");
		/* ... but the one-jump losers L_12 are not */
		CHECK(s->L[12].n == 2 && !peg_sets_winning(s, s->L[12].code[0]),
		      "T5 L_12 is losing");
		/* file round trip */
		{
			char path[] = "/tmp/pegsol_sets_XXXXXX";
			int fd = mkstemp(path);
			struct peg_sets *l = NULL;
			struct peg_err err;

			close(fd);
			CHECK(peg_sets_save(s, path, &err) == 0, "save");
			CHECK(peg_sets_load(b, path, &l, &err) == 0, "load: %s",
			      err.msg);
			if (l) {
				check_levels(l->W, t5_w, 14, 0, "loaded W");
				check_levels(l->F, t5_raw, 14, 1,
					     "loaded raw F");
				CHECK(peg_sets_winning(l, s->start),
				      "loaded start winning");
				peg_sets_free(l);
			}
			/* wrong board, truncated file, not a sets file */
			{
				struct peg_board *b6 =
					peg_board_parse("T6", &err);

				CHECK(peg_sets_load(b6, path, &l, &err) < 0,
				      "load for another board");
				peg_board_free(b6);
			}
			CHECK(truncate(path, 100) == 0, "truncate");
			CHECK(peg_sets_load(b, path, &l, &err) < 0,
			      "load truncated file");
			CHECK(peg_sets_load(b, "/nonexistent/x", &l, &err) < 0,
			      "load missing file");
			CHECK(peg_sets_load(b, "/etc/hostname", &l, &err) < 0,
			      "load a non-sets file");
			unlink(path);
		}
		peg_sets_free(s);
	}
	peg_board_free(b);

	/* Bell's mincode (full group): the W_n lists of seed 001 section 4 */
	s = compute("T5", "a1", NULL, PEG_GROUP_FULL, 0, &b);
	if (s) {
		check_levels(s->F, t5_f, 14, 0, "T5 F (full group)");
		check_codes(&s->W[1], w1, 1, "W_1");
		check_codes(&s->W[2], w2, 1, "W_2");
		check_codes(&s->W[3], w3, 2, "W_3");
		check_codes(&s->W[4], w4, 9, "W_4");
		check_codes(&s->W[5], w5, 18, "W_5");
		peg_sets_free(s);
	}
	peg_board_free(b);

	s = compute("T6", "a1", NULL, PEG_GROUP_STAB, 0, &b);
	if (s) {
		check_levels(s->F, t6_f, 20, 0, "T6 F");
		check_levels(s->W, t6_w, 20, 0, "T6 W");
		check_levels(s->L, t6_l, 20, 0, "T6 L");
		peg_sets_free(s);
	}
	peg_board_free(b);

	/* memory budget (seed 001 section 3.1): a tiny budget partitions
	 * every level on disk; Table 1 (T6) still holds level by level */
	{
		struct peg_sets_opts o = {0};

		o.memory = 50000;
		s = compute_opts("T6", "a1", NULL, PEG_GROUP_STAB, 0, &o, &b);
		if (s) {
			CHECK(s->partitions > 1 && s->disk_bytes > 0,
			      "T6 partitioned (%d, %llu bytes)", s->partitions,
			      (unsigned long long)s->disk_bytes);
			check_levels(s->F, t6_f, 20, 0, "T6 F (disk)");
			check_levels(s->W, t6_w, 20, 0, "T6 W (disk)");
			check_levels(s->L, t6_l, 20, 0, "T6 L (disk)");
			peg_sets_free(s);
		}
		peg_board_free(b);
	}
	same_on_disk("T6", "a2", NULL, 50000, 0);
	same_on_disk("T6", "b3", "*", 0, 7);
	same_on_disk("trunc-triangle:6", "a2", NULL, 0, 4);
	same_on_disk("trunc-triangle:6", "a2", "*", 20000, 0);
	same_on_disk("trunc-triangle:6", "b2", NULL, 0, 13);
	{
		/* a temporary directory that cannot be made: an error */
		struct peg_sets_opts o = {0};
		struct peg_err err;
		struct peg_board *bb = peg_board_parse("T5", &err);
		unsigned char start[15], goal[15] = {0};
		struct peg_problem p = {start, PEG_GOAL_POSITION, goal};

		memset(start, 1, sizeof(start));
		start[0] = 0;
		goal[0] = 1;
		o.partitions = 3;
		o.tmpdir = "/nonexistent/dir";
		s = NULL;
		CHECK(peg_sets_compute(bb, &p, &o, &s, &err) == -1 && !s &&
			      strstr(err.msg, "/nonexistent/dir"),
		      "bad tmpdir: %s", err.msg);
		peg_board_free(bb);
	}

	/* seed 001 section 7.2, Figure 11: 14 solutions on T4 */
	count("T4", "a2", "b2", "14");
	/* issue 3 / seed 001: 6,816 solutions of the T5 a1 complement */
	count("T5", "a1", NULL, "6816");
	/* unsolvable: T5 b3 complement (seed 001 Table 5), 0 solutions */
	count("T5", "b3", NULL, "0");

	/* seed 001 Tables 5 and 8: by-index sets */
	byindex("T4", "a2", 12, 0, 0);
	byindex("trunc-triangle:5", "a2", 136, 147, 0);
	byindex("T5", "a1", 427, 437, 0);
	byindex("trunc-triangle:6", "a2", 8621, 11290, 11444);
	byindex("T6", "a1", 76981, 108598, 110647);
	return check_done();
}
