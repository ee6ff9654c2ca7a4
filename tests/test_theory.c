/* test_theory.c - position classes, null-class boards, SVSS feasibility,
 * feasible pairs (seed 000 Tables 1 and 3), hole orbits (seed 002), Bell's
 * maps (seed 000 Appendix A) and the T5 SAX count (seed 000 section 2.3). */
#include "check.h"

#include "pegsol/board.h"
#include "pegsol/pos.h"
#include "pegsol/theory.h"

#include <stdlib.h>
#include <string.h>

static struct peg_board *board(const char *spec)
{
	struct peg_err err;
	struct peg_board *b = peg_board_parse(spec, &err);

	CHECK(b != NULL, "board '%s': %s", spec, b ? "" : err.msg);
	return b;
}

static int hole(const struct peg_board *b, const char *name)
{
	struct peg_err err;
	int h = peg_board_parse_hole(b, name, &err);

	CHECK(h >= 0, "hole '%s'", name);
	return h;
}

/* seed 003 "Position Class and Null-Class Boards" and the board pages */
static void check_null(const char *spec, int want)
{
	struct peg_board *b = board(spec);

	if (!b)
		return;
	CHECK_INT(peg_theory_null_class(b), want, spec);
	peg_board_free(b);
}

static void test_null_class(void)
{
	char spec[64];

	for (int n = 1; n <= 30; n++) {
		/* seed 000 section 2.1: full T_n is EMPTY iff n != 1 mod 3 */
		snprintf(spec, sizeof(spec), "triangle:%d", n);
		check_null(spec, n % 3 != 1);
		/* seed 003: truncated and extended triangles always null */
		snprintf(spec, sizeof(spec), "ext-triangle:%d", n);
		check_null(spec, 1);
		if (n >= 3) {
			snprintf(spec, sizeof(spec), "trunc-triangle:%d", n);
			check_null(spec, 1);
		}
		/* seed 003: Rhombus(n) null iff n is a multiple of 3 */
		snprintf(spec, sizeof(spec), "rhombus:%d", n);
		check_null(spec, n % 3 == 0);
		/* seed 003: Propeller(n) null iff Triangle(n) is */
		snprintf(spec, sizeof(spec), "propeller:%d", n);
		check_null(spec, n % 3 != 1);
	}
	for (int n = 1; n <= 15; n++) {
		/* seed 003: Hexagon(n), Star(n) null iff n = 3i + 2 */
		snprintf(spec, sizeof(spec), "hexagon:%d", n);
		check_null(spec, n % 3 == 2);
		snprintf(spec, sizeof(spec), "star:%d", n);
		check_null(spec, n % 3 == 2);
	}
	/* seed 003: flower boards and both hourglass boards are null-class */
	check_null("flower:25", 1);
	check_null("flower:43", 1);
	check_null("flower:49", 1);
	check_null("hourglass:21", 1);
	check_null("hourglass:33", 1);
	/* seed 001 section 3: the central game on English 33 is Type A */
	check_null("english", 1);
}

static void test_undefined(void)
{
	static const int cx[5] = {0, 1, 2, 1, 1}, cy[5] = {1, 1, 1, 0, 2};
	char *labels[3] = {"u", "v", "w"};
	int edges[4] = {0, 1, 1, 2};
	struct peg_err err;
	struct peg_board *g, *d;
	unsigned c;
	unsigned char pegs[5] = {1, 1, 1, 1, 1};
	enum peg_feas why;

	g = peg_board_from_graph(3, labels, 2, edges, "graph:test", &err);
	CHECK(g != NULL, "graph board");
	if (g) {
		CHECK_INT(peg_theory_labellings(g), 0, "graph labellings");
		CHECK_INT(peg_theory_null_class(g), -1, "graph null-class");
		CHECK_INT(peg_theory_class(g, pegs, &c, &err), -1,
			  "graph class");
		CHECK(strstr(err.msg, "not defined") != NULL, "%s", err.msg);
		CHECK_INT(peg_theory_svss(g, 0, 1, &why, &err), -1,
			  "graph svss");
		CHECK_INT(peg_theory_count_pairs(g, &err), -1, "graph pairs");
		peg_board_free(g);
	}
	d = peg_board_from_cells(PEG_LATTICE_SQUARE, 1, 5, cx, cy, "plus",
				 "plus", &err);
	CHECK(d != NULL, "diagonal board");
	if (d) {
		CHECK_INT(peg_theory_null_class(d), -1, "diagonal null-class");
		peg_board_free(d);
	}
}

/* seed 000 section 2.1: labels (x+y) mod 3, single pegs in PEG_i, full
 * T_n in EMPTY or PEG_0; Theorems 2.1 and 2.2 on every pair */
static void test_triangle_classes(void)
{
	struct peg_err err;
	char name[32];

	for (int n = 2; n <= 12; n++) {
		char spec[32];
		struct peg_board *b;
		unsigned c;

		snprintf(spec, sizeof(spec), "T%d", n);
		b = board(spec);
		if (!b)
			continue;
		CHECK_INT(peg_theory_labellings(b), 1, "tri labellings");
		peg_theory_class(b, NULL, &c, &err);
		CHECK_INT(c, n % 3 == 1 ? PEG_CLASS_PEG0 : PEG_CLASS_EMPTY,
			  "full T_n class (section 2.1)");
		for (int s = 0; s < b->n_holes; s++) {
			int ls = (b->hx[s] + b->hy[s]) % 3;
			enum peg_feas why;
			int want_start = !(n % 3 == 1 && ls == 0);

			CHECK_INT(peg_theory_label(b, s, 0), ls, "label");
			CHECK_INT(peg_theory_hole_class(b, s),
				  ls == 0 ? PEG_CLASS_PEG0
				  : ls == 1 ? PEG_CLASS_PEG1
					    : PEG_CLASS_PEG2,
				  "single peg class");
			/* Theorem 2.1: infeasible iff n = 1 mod 3 and
			 * xs + ys = 0 mod 3 */
			CHECK_INT(peg_theory_svss(b, s, -1, &why, &err),
				  want_start, "Theorem 2.1");
			for (int f = 0; f < b->n_holes; f++) {
				int lf = (b->hx[f] + b->hy[f]) % 3, want;

				if (n % 3 == 1)
					want = ls != 0 && (ls + lf) % 3 == 0;
				else
					want = ls == lf;
				CHECK_INT(peg_theory_svss(b, s, f, &why, &err),
					  want, "Theorem 2.2");
			}
		}
		peg_board_free(b);
	}
	{
		struct peg_board *b = board("T5");
		unsigned char pegs[15];

		if (!b)
			return;
		/* Table 1 caption: all problems are in PEG_0 (a1 vacated) */
		peg_pos_parse(b, "empty:a1", pegs, &err);
		{
			unsigned c;

			peg_theory_class(b, pegs, &c, &err);
			CHECK_STR(peg_theory_class_name(b, c, name,
							sizeof(name)),
				  "PEG_0", "a1 vacancy class on T5");
		}
		peg_board_free(b);
	}
}

static long long closed_form(long long n)
{
	long long t = n * (n + 1) / 2;

	if (n % 3 == 1)
		return (t - 1) * (t - 1) / 27;
	if (n % 2 == 0)
		return (4 * t * t + 9 * n * n) / 72;
	return (4 * t * t + 9 * (n + 1) * (n + 1)) / 72;
}

/* seed 000 Table 3 and its closed forms */
static void test_table3(void)
{
	/* Table 3, n = 2..12: T(n) and the distinct feasible pairs A130515 */
	static const int holes[11] = {3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78};
	static const int pairs[11] = {1,   4,   3,   17,  29, 27,
				      80,  125, 108, 260, 356};
	struct peg_err err;

	for (int n = 2; n <= 60; n++) {
		char spec[32];
		struct peg_board *b;
		struct peg_pair *list;
		long long cnt, lst;
		unsigned full;

		snprintf(spec, sizeof(spec), "T%d", n);
		b = board(spec);
		if (!b)
			continue;
		cnt = peg_theory_count_pairs(b, &err);
		lst = peg_theory_list_pairs(b, &list, &err);
		CHECK(lst >= 0, "list T%d: %s", n, lst < 0 ? err.msg : "");
		CHECK(cnt == closed_form(n),
		      "T%d burnside %lld, Table 3 closed form %lld", n, cnt,
		      closed_form(n));
		CHECK(lst == cnt, "T%d listed %lld, burnside %lld", n, lst,
		      cnt);
		if (n <= 12) {
			CHECK_INT(b->n_holes, holes[n - 2], "Table 3 T(n)");
			CHECK_INT(cnt, pairs[n - 2], "Table 3 distinct pairs");
		}
		/* every listed pair is feasible and its own representative,
		 * and no two are equivalent (checked for small boards) */
		peg_theory_class(b, NULL, &full, &err);
		for (long long i = 0; i < lst; i++) {
			struct peg_pair c = peg_theory_pair_canon(b, list[i]);

			if ((full ^ peg_theory_hole_class(b, list[i].vacate)) !=
				    peg_theory_hole_class(b, list[i].finish) ||
			    c.vacate != list[i].vacate ||
			    c.finish != list[i].finish) {
				CHECK(0, "T%d pair %lld not canonical", n, i);
				break;
			}
		}
		free(list);
		peg_board_free(b);
	}
}

/* seed 000 Table 1: the 17 feasible pairs of T5 and their effective slack;
 * solvable exactly when the effective slack is >= 0 (12 of 17) */
static void test_table1(void)
{
	static const struct {
		const char *s, *f;
		int eff;
	} t1[17] = {{"c5", "c5", 2},  {"a1", "c5", 1},  {"c5", "a1", 1},
		    {"c5", "a4", 1},  {"a4", "c5", 1},  {"a1", "a1", 0},
		    {"a1", "a4", 0},  {"b3", "c5", 0},  {"c5", "b3", 0},
		    {"a4", "a1", 0},  {"a4", "a4", 0},  {"a4", "d4", 0},
		    {"a1", "b3", -1}, {"b3", "a1", -1}, {"b3", "a4", -1},
		    {"a4", "b3", -1}, {"b3", "b3", -2}};
	struct peg_board *b = board("T5");
	struct peg_pair *list;
	struct peg_err err;
	long long n;
	int found[17] = {0}, nonneg = 0;

	if (!b)
		return;
	n = peg_theory_list_pairs(b, &list, &err);
	CHECK_INT(n, 17, "Table 1: 17 distinct feasible pairs");
	for (int i = 0; i < 17; i++) {
		struct peg_pair p = {hole(b, t1[i].s), hole(b, t1[i].f)}, c;
		int slack, eff;

		c = peg_theory_pair_canon(b, p);
		/* Table 1 uses PEG_0 representatives, as we do */
		CHECK(c.vacate == p.vacate && c.finish == p.finish,
		      "Table 1 pair %s-%s is our representative", t1[i].s,
		      t1[i].f);
		for (long long k = 0; k < n; k++)
			if (list[k].vacate == c.vacate &&
			    list[k].finish == c.finish)
				found[i]++;
		CHECK_INT(found[i], 1, "Table 1 pair listed once");
		CHECK_INT(peg_theory_slack(b, p.vacate, p.finish, &slack, &eff,
					   &err),
			  0, "slack");
		CHECK(eff == t1[i].eff, "Table 1 %s-%s effective slack %d, "
					"want %d",
		      t1[i].s, t1[i].f, eff, t1[i].eff);
		nonneg += eff >= 0;
	}
	CHECK_INT(nonneg, 12, "Table 1: only 12 are solvable");
	free(list);
	peg_board_free(b);
}

/* seed 000 section 2.3 and addendum: SAX = F - E, full board 0, single peg
 * = weight of its hole, complement negates, weights 3 x +1 and 6 x -1 */
static void test_sax(void)
{
	struct peg_board *b = board("T5"), *t6 = board("T6");
	struct peg_err err;
	unsigned char pegs[15], comp[15];
	int bad_fe = 0, bad_comp = 0, plus = 0, minus = 0, v, w;

	if (!b)
		return;
	for (uint32_t code = 0; code < (1u << 15); code++) {
		int sax, fe, csax;

		peg_pos_from64(code, 15, pegs);
		for (int i = 0; i < 15; i++)
			comp[i] = !pegs[i];
		peg_theory_sax(b, pegs, &sax, &err);
		peg_theory_fe(b, pegs, &fe, &err);
		peg_theory_sax(b, comp, &csax, &err);
		bad_fe += sax != fe;
		bad_comp += csax != -sax;
	}
	CHECK_INT(bad_fe, 0, "positions where SAX != F - E (addendum)");
	CHECK_INT(bad_comp, 0, "positions where SAX(complement) != -SAX");
	memset(pegs, 1, 15);
	peg_theory_sax(b, pegs, &v, &err);
	CHECK_INT(v, 0, "SAX of the full board: 3 + 3 - 6 = 0");
	for (int h = 0; h < 15; h++) {
		memset(pegs, 0, 15);
		pegs[h] = 1;
		peg_theory_sax(b, pegs, &v, &err);
		CHECK_INT(v, peg_theory_sax_weight(b, h), "single peg SAX");
		plus += peg_theory_sax_weight(b, h) == 1;
		minus += peg_theory_sax_weight(b, h) == -1;
	}
	CHECK_INT(plus, 3, "A holes");
	CHECK_INT(minus, 6, "X holes");
	/* b3 complement goes from -1 to +1 (seed 000, seed 003) */
	memset(pegs, 1, 15);
	pegs[hole(b, "b3")] = 0;
	peg_theory_sax(b, pegs, &v, &err);
	CHECK_INT(v, -1, "SAX of the b3 vacancy");
	CHECK_INT(peg_theory_sax_weight(b, hole(b, "b3")), 1, "b3 weight");
	/* corner start: SAX +1, after a3-a1 it is 0 (section 2.3) */
	memset(pegs, 1, 15);
	pegs[0] = 0;
	peg_theory_sax(b, pegs, &v, &err);
	pegs[0] = 1;
	pegs[hole(b, "a2")] = pegs[hole(b, "a3")] = 0;
	peg_theory_sax(b, pegs, &w, &err);
	CHECK(v == 1 && w == 0, "corner start SAX %d then %d, want 1, 0", v,
	      w);
	if (t6) {
		CHECK_INT(peg_theory_sax(t6, pegs, &v, &err), -1,
			  "SAX on T6 refused");
		peg_board_free(t6);
	}
	peg_board_free(b);
}

/* seed 002: symmetry classes of starting holes on T4 in #k numbering */
static void test_orbits(void)
{
	struct peg_board *b = board("T4"), *t5 = board("T5");
	int orbit[10], k;

	if (!b)
		return;
	k = peg_theory_hole_orbits(b, orbit);
	CHECK_INT(k, 3, "T4 hole classes");
	/* {1,7,10}, {2,3,4,6,8,9}, {5}: #k is hole k-1 */
	CHECK(orbit[0] == orbit[6] && orbit[0] == orbit[9], "{1,7,10}");
	CHECK(orbit[1] == orbit[2] && orbit[1] == orbit[3] &&
		      orbit[1] == orbit[5] && orbit[1] == orbit[7] &&
		      orbit[1] == orbit[8],
	      "{2,3,4,6,8,9}");
	CHECK(orbit[4] != orbit[0] && orbit[4] != orbit[1], "{5}");
	if (t5) {
		int o5[15];

		/* seed 004: 4 starting holes up to symmetry on T5 */
		CHECK_INT(peg_theory_hole_orbits(t5, o5), 4, "T5 hole classes");
		peg_board_free(t5);
	}
	peg_board_free(b);
}

/* seed 000 Appendix A: (a2, b4) under f and r */
static void test_bell_maps(void)
{
	static const char *want[6][2] = {{"a2", "b4"}, {"b5", "c4"},
					 {"d4", "b3"}, {"b2", "c4"},
					 {"a4", "b3"}, {"d5", "b4"}};
	struct peg_board *b = board("T5");
	struct peg_pair out[12], p;
	int k, hit = 0;

	if (!b)
		return;
	p.vacate = hole(b, "a2");
	p.finish = hole(b, "b4");
	k = peg_theory_bell_orbit(b, p, out);
	CHECK_INT(k, 6, "f, r orbit of (a2, b4)");
	for (int i = 0; i < 6; i++)
		for (int j = 0; j < k; j++)
			if (out[j].vacate == hole(b, want[i][0]) &&
			    out[j].finish == hole(b, want[i][1]))
				hit++;
	CHECK_INT(hit, 6, "Appendix A pairs generated");
	CHECK_INT(peg_theory_bell_map(b, 'f', hole(b, "a2")), hole(b, "b2"),
		  "f(a2) = b2");
	/* f and r generate the board's symmetry group on T_n */
	for (int n = 2; n <= 9; n++) {
		char spec[16];
		struct peg_board *t;
		int bad = 0;

		snprintf(spec, sizeof(spec), "T%d", n);
		t = board(spec);
		if (!t)
			continue;
		for (int s = 0; s < t->n_holes; s++)
			for (int f = 0; f < t->n_holes; f += 3) {
				struct peg_pair q = {s, f}, c, e;

				k = peg_theory_bell_orbit(t, q, out);
				c = peg_theory_pair_canon(t, q);
				for (int j = 0; j < k; j++) {
					e = peg_theory_pair_canon(t, out[j]);
					bad += e.vacate != c.vacate ||
					       e.finish != c.finish;
				}
			}
		CHECK_INT(bad, 0, "f, r orbits lie in symmetry orbits");
		peg_board_free(t);
	}
	{
		struct peg_board *e = board("english");

		if (e) {
			CHECK_INT(peg_theory_bell_map(e, 'f', 0), -1,
				  "f on a non-triangle");
			peg_board_free(e);
		}
	}
	peg_board_free(b);
}

/* seed 001 section 3: on English 33 the centre vacancy can finish at
 * (3,3), (3,0), (0,3), (6,3), (3,6) only (Type A) */
static void test_square(void)
{
	struct peg_board *b = board("english");
	struct peg_err err;
	unsigned char pegs[33], fin[33];
	char *list;
	int n;

	if (!b)
		return;
	CHECK_INT(peg_theory_labellings(b), 2, "square labellings");
	memset(pegs, 1, 33);
	pegs[hole(b, "d4")] = 0;
	n = peg_theory_finish_holes(b, pegs, fin, &err);
	CHECK_INT(n, 5, "English centre vacancy finishing holes");
	list = peg_pos_list(b, fin);
	CHECK_STR(list, "d1,a4,d4,g4,d7", "Type A holes");
	free(list);
	/* rule of three: x_s = x_f and y_s = y_f (mod 3) on null boards */
	for (int s = 0; s < 33; s++)
		for (int f = 0; f < 33; f++) {
			enum peg_feas why;
			int want = (b->hx[s] - b->hx[f]) % 3 == 0 &&
				   (b->hy[s] - b->hy[f]) % 3 == 0;

			if (peg_theory_svss(b, s, f, &why, &err) != want) {
				CHECK(0, "rule of three %d %d", s, f);
				s = 33;
				break;
			}
		}
	peg_board_free(b);
}

/* distinct feasible pair counts stated in the seeds for other boards */
static void test_other_counts(void)
{
	struct peg_err err;
	struct peg_board *b;
	struct peg_pair *list;
	long long n;
	int orbit[13], centre = -1, k = 0;

	/* seed 001 section 3: Wiegleb's board, 36 SVSS problems in all */
	if ((b = board("wiegleb"))) {
		CHECK_INT(peg_theory_count_pairs(b, &err), 36, "Wiegleb 45");
		peg_board_free(b);
	}
	/* seed 003 table: Rhombus(6) has 120 problems, all solvable */
	if ((b = board("rhombus:6"))) {
		CHECK_INT(peg_theory_count_pairs(b, &err), 120, "Rhombus(6)");
		peg_board_free(b);
	}
	/* seed 003: all ten SVSS problems on Truncated Triangle(5) */
	if ((b = board("trunc-triangle:5"))) {
		CHECK_INT(peg_theory_count_pairs(b, &err), 10,
			  "Truncated Triangle(5)");
		peg_board_free(b);
	}
	/* seed 003 table: Star(2) has 6 problems; all feasible ones are
	 * solvable except those starting or ending at the centre */
	if ((b = board("star:2"))) {
		n = peg_theory_list_pairs(b, &list, &err);
		peg_theory_hole_orbits(b, orbit);
		for (int h = 0; h < 13; h++) {
			int size = 0;

			for (int j = 0; j < 13; j++)
				size += orbit[j] == orbit[h];
			if (size == 1)
				centre = h;
		}
		for (long long i = 0; i < n; i++)
			k += list[i].vacate != centre &&
			     list[i].finish != centre;
		CHECK_INT(k, 6, "Star(2) problems off the centre");
		free(list);
		peg_board_free(b);
	}
}

int main(void)
{
	test_null_class();
	test_undefined();
	test_triangle_classes();
	test_table3();
	test_table1();
	test_sax();
	test_orbits();
	test_bell_maps();
	test_square();
	test_other_counts();
	return check_done();
}
