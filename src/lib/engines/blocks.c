/* blocks.c - block removals as data (blocks.h): the table, placement under
 * the lattice symmetries, and solutions written with blocks.
 *
 * The triangular blocks of seed 003 are written below in the frame of the
 * board its text names them on (Bell's names: a1 = (0,0), row y, column
 * x); their jump lists were found by a small exhaustive search restricted
 * to the block's cells and are checked by replaying them when the set is
 * built (and by tests/cli/blocks.sh on boards).  The 3- and 6-removals and
 * the trapezoids are the purges of purges.c, converted, not copied.
 */
#include "pegsol/blocks.h"

#include "pegsol/purges.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct peg_blockset {
	int n;
	struct peg_block b[16];
};

/* ---- the literal table ---------------------------------------------- */

struct lit {
	const char *name, *title, *source, *frame;
	enum peg_lattice lattice;
	const char *cells; /* "x,y,R x,y,U ..." */
	int n_var;
	const char *state[3];
	const char *jumps[3]; /* "fx,fy,tx,ty ..." */
};

static const struct lit lits[] = {
	{"tri-cycle", "Tri-cycle removal",
	 "seed 003 (Triangle(6), block removal diagrams; the last move of "
	 "its a1-complement solution)",
	 "T3", PEG_LATTICE_TRI, "0,0,U 0,2,U 2,2,U 0,1,R 1,1,R 1,2,R", 3,
	 {"100", "010", "001"},
	 {"0,0,0,2 0,2,2,2 2,2,0,0", "0,2,2,2 2,2,0,0 0,0,0,2",
	  "2,2,0,2 0,2,0,0 0,0,2,2"}},
	{"triangle4", "Triangle4 removal",
	 "seed 003 (Triangle(4): vacate a2, finish b2)", "T4",
	 PEG_LATTICE_TRI,
	 "0,0,R 0,1,U 1,1,U 0,2,R 1,2,R 2,2,R 0,3,R 1,3,R 2,3,R 3,3,R", 1,
	 {"01"},
	 {"0,3,0,1 0,0,0,2 2,2,0,0 0,2,2,2 3,3,1,1 0,0,2,2 1,3,3,3 "
	  "3,3,1,1"}},
	{"small-trapezoid", "Small trapezoid removal",
	 "seed 003 (Triangle(6) a1-complement: c3-a1, then jumps 2-10; "
	 "Triangle(8) c6-complement)",
	 "T6", PEG_LATTICE_TRI,
	 "0,3,R 1,3,R 0,4,R 1,4,R 2,4,R 0,5,R 1,5,R 2,5,R 3,5,R 2,2,U 2,3,U",
	 1, {"01"},
	 {"2,4,2,2 0,3,2,3 0,5,0,3 2,5,0,5 0,3,2,5 3,5,1,5 0,5,2,5 2,2,2,4 "
	  "2,5,2,3"}},
	{"4-package", "4-package",
	 "seed 003 (Triangle(6) a1-complement, jumps 11-13: d5/e5/e6/f6 to "
	 "b4)",
	 "T6", PEG_LATTICE_TRI, "1,3,T 3,4,R 4,4,R 4,5,R 5,5,R 2,4,E 3,5,E",
	 1, {""}, {"4,4,2,4 5,5,3,5 3,5,1,3"}},
	{"3-removal-sq", "3-removal",
	 "seed 003 (square lattice block removals, [B1] [W3])", "rect:3x3",
	 PEG_LATTICE_SQUARE, "1,0,R 1,1,R 1,2,R 0,0,U 2,0,U", 1, {"01"},
	 {"2,0,0,0 1,2,1,0 0,0,2,0"}},
	{"6-removal-sq", "6-removal",
	 "seed 003 (square lattice block removals, [B1] [W3])", "rect:6x5",
	 PEG_LATTICE_SQUARE, "2,2,R 2,3,R 2,4,R 3,2,R 3,3,R 3,4,R 4,2,U 5,2,U",
	 1, {"01"},
	 {"2,2,4,2 2,4,2,2 5,2,3,2 2,2,4,2 3,4,3,2 3,2,5,2"}},
	{"square-trapezoid", "Square trapezoid removal",
	 "seed 000 section 4 (4x4 square less its upper right corner, the "
	 "top row's three holes the catalyst)",
	 "rect:4x4", PEG_LATTICE_SQUARE,
	 "0,1,R 1,1,R 2,1,R 3,1,R 0,2,R 1,2,R 2,2,R 3,2,R 0,3,R 1,3,R 2,3,R "
	 "3,3,R 0,0,U 1,0,U 2,0,U",
	 3, {"001", "010", "011"},
	 {"0,2,0,0 2,1,0,1 1,3,1,1 0,1,2,1 3,1,1,1 3,3,1,3 0,3,2,3 2,3,2,1 "
	  "2,0,2,2 3,2,1,2 1,2,1,0 0,0,2,0",
	  "0,2,0,0 2,1,0,1 1,3,1,1 0,1,2,1 3,1,1,1 3,3,1,3 0,3,2,3 2,3,2,1 "
	  "0,0,2,0 2,0,2,2 3,2,1,2 1,2,1,0",
	  "0,2,0,0 2,1,0,1 1,3,1,1 0,1,2,1 3,1,1,1 3,3,1,3 0,3,2,3 2,3,2,1 "
	  "2,0,2,2 3,2,1,2 0,0,2,0 1,2,1,0"}},
};

#define N_LITS ((int)(sizeof(lits) / sizeof(lits[0])))

/* blocks made from the purges of purges.h */
static const struct {
	const char *name, *title, *source, *frame;
	enum peg_purge_kind kind;
} from_purges[] = {
	{"3-removal", "3-removal", "seed 000 Figure 5 (3-purge; purges.c)",
	 "T6 extended right", PEG_PURGE_3},
	{"6-removal", "6-removal",
	 "seed 000 Figure 5 (6-purge, catalyst left of the top row; purges.c)",
	 "T6 extended right", PEG_PURGE_6_TOP},
	{"6-removal-alt", "6-removal, alternative catalyst",
	 "seed 000 Figure 5 (6-purge, catalyst U' left of the bottom row; "
	 "purges.c)",
	 "T6 extended right", PEG_PURGE_6_BOTTOM},
	{"large-trapezoid", "Large trapezoid removal",
	 "seed 003 / seed 000 Figure 6 and Appendix B.1 (trapezoid purge; "
	 "purges.c)",
	 "T6 extended right", PEG_PURGE_TRAPEZOID},
	{"wide-trapezoid", "Wide trapezoid removal",
	 "seed 000 section 3.2 (Bell's program's wider trapezoid; purges.c)",
	 "T6 extended right", PEG_PURGE_TRAPEZOID_WIDE},
};

#define N_FROM ((int)(sizeof(from_purges) / sizeof(from_purges[0])))
_Static_assert(sizeof(lits) / sizeof(lits[0]) +
			       sizeof(from_purges) / sizeof(from_purges[0]) <=
		       sizeof(((struct peg_blockset *)0)->b) /
			       sizeof(struct peg_block),
	       "struct peg_blockset holds every block");

static int read_ints(const char **p, int *v, int n)
{
	char *end;

	for (int i = 0; i < n; i++) {
		while (**p == ' ' || **p == ',')
			(*p)++;
		v[i] = (int)strtol(*p, &end, 10);
		if (end == *p)
			return -1;
		*p = end;
	}
	return 0;
}

static int parse_jumps(const char *t, struct peg_block_variant *v)
{
	int q[4];

	v->n_jumps = 0;
	while (*t) {
		if (v->n_jumps == PEG_BLOCK_MAX_JUMPS || read_ints(&t, q, 4))
			return -1;
		v->jumps[v->n_jumps++] = (struct peg_block_jump){
			(signed char)q[0], (signed char)q[1],
			(signed char)q[2], (signed char)q[3]};
		while (*t == ' ')
			t++;
	}
	return 0;
}

static void init_block(struct peg_block *k, const char *name,
		       const char *title, const char *source,
		       const char *frame, enum peg_lattice lattice)
{
	memset(k, 0, sizeof(*k));
	k->name = name;
	k->title = title;
	k->source = source;
	k->frame = frame;
	k->lattice = lattice;
}

static int from_lit(const struct lit *l, struct peg_block *k)
{
	const char *p = l->cells;
	int q[2];

	init_block(k, l->name, l->title, l->source, l->frame, l->lattice);
	while (*p) {
		if (k->n_cells == PEG_BLOCK_MAX_CELLS || read_ints(&p, q, 2) ||
		    *p != ',')
			return -1;
		k->cells[k->n_cells++] = (struct peg_block_cell){
			(signed char)q[0], (signed char)q[1], p[1]};
		p += 2;
		while (*p == ' ')
			p++;
	}
	for (int v = 0; v < l->n_var; v++) {
		struct peg_block_variant *bv = &k->variants[k->n_variants++];

		strcpy(bv->state, l->state[v]);
		if (parse_jumps(l->jumps[v], bv))
			return -1;
	}
	return 0;
}

static void add_cell(struct peg_block *k, int x, int y, char role)
{
	if (k->n_cells < PEG_BLOCK_MAX_CELLS)
		k->cells[k->n_cells++] =
			(struct peg_block_cell){(signed char)x, (signed char)y,
						role};
}

/* does purge p have the region and catalyst of k? */
static int same_cells(const struct peg_block *k, const struct peg_purge *p)
{
	if (p->n_region + p->n_cat != k->n_cells)
		return 0;
	for (int c = 0; c < p->n_region; c++)
		if (p->region[c].x != k->cells[c].x ||
		    p->region[c].y != k->cells[c].y)
			return 0;
	for (int c = 0; c < p->n_cat; c++)
		if (p->cat[c].x != k->cells[p->n_region + c].x ||
		    p->cat[c].y != k->cells[p->n_region + c].y)
			return 0;
	return 1;
}

/* every purge of a kind becomes a variant; the cells are those of the
 * first (the purges of a kind share region and catalyst) */
static int from_purge(int f, struct peg_block *k)
{
	int first = 1;

	init_block(k, from_purges[f].name, from_purges[f].title,
		   from_purges[f].source, from_purges[f].frame,
		   PEG_LATTICE_TRI);
	for (int i = 0; i < peg_purge_count(); i++) {
		const struct peg_purge *p = peg_purge_get(i);
		struct peg_block_variant *v;

		if (p->kind != from_purges[f].kind)
			continue;
		if (!first && !same_cells(k, p))
			continue; /* another catalyst (3-purge-alt: the same
				     block turned, blocks.h) */
		if (first) {
			for (int c = 0; c < p->n_region; c++)
				add_cell(k, p->region[c].x, p->region[c].y,
					 'R');
			for (int c = 0; c < p->n_cat; c++)
				add_cell(k, p->cat[c].x, p->cat[c].y, 'U');
			first = 0;
		}
		if (k->n_variants == PEG_BLOCK_MAX_VARIANTS ||
		    p->n_jumps > PEG_BLOCK_MAX_JUMPS ||
		    p->n_cat > PEG_BLOCK_MAX_CELLS)
			return -1;
		v = &k->variants[k->n_variants++];
		memcpy(v->state, p->cat_state, (size_t)p->n_cat);
		v->state[p->n_cat] = 0;
		v->n_jumps = p->n_jumps;
		for (int j = 0; j < p->n_jumps; j++)
			v->jumps[j] = (struct peg_block_jump){
				p->jumps[j].fx, p->jumps[j].fy, p->jumps[j].tx,
				p->jumps[j].ty};
	}
	return first ? -1 : 0;
}

/* ---- checking a block in its own frame ------------------------------ */

static int cell_index(const struct peg_block *k, int x, int y)
{
	for (int c = 0; c < k->n_cells; c++)
		if (k->cells[c].x == x && k->cells[c].y == y)
			return c;
	return -1;
}

/* the before (after) pattern of variant v: pat[c] = 0 / 1 */
static void pattern(const struct peg_block *k, const char *state, int after,
		    unsigned char *pat)
{
	int u = 0;

	for (int c = 0; c < k->n_cells; c++) {
		switch (k->cells[c].role) {
		case 'R':
			pat[c] = !after;
			break;
		case 'T':
			pat[c] = (unsigned char)after;
			break;
		case 'U':
			pat[c] = state[u++] == '1';
			break;
		default:
			pat[c] = 0;
		}
	}
}

static int lattice_step(enum peg_lattice lat, int dx, int dy)
{
	if (lat == PEG_LATTICE_SQUARE)
		return (dx == 0) != (dy == 0) && abs(dx + dy) == 2;
	return (dx == 0 || dy == 0 || dx == dy) && dx % 2 == 0 &&
	       dy % 2 == 0 && (abs(dx) == 2 || abs(dy) == 2);
}

static int replay_frame(const struct peg_block *k, const char *state,
			const struct peg_block_jump *js, int n)
{
	unsigned char pat[PEG_BLOCK_MAX_CELLS], end[PEG_BLOCK_MAX_CELLS];

	pattern(k, state, 0, pat);
	pattern(k, state, 1, end);
	for (int j = 0; j < n; j++) {
		int f = cell_index(k, js[j].fx, js[j].fy);
		int t = cell_index(k, js[j].tx, js[j].ty);
		int o = cell_index(k, (js[j].fx + js[j].tx) / 2,
				   (js[j].fy + js[j].ty) / 2);

		if (f < 0 || t < 0 || o < 0 ||
		    !lattice_step(k->lattice, js[j].tx - js[j].fx,
				  js[j].ty - js[j].fy) ||
		    !pat[f] || !pat[o] || pat[t])
			return -1;
		pat[f] = pat[o] = 0;
		pat[t] = 1;
	}
	return memcmp(pat, end, (size_t)k->n_cells) ? -1 : 0;
}

static int has_state(const struct peg_block *k, const char *state)
{
	for (int v = 0; v < k->n_variants; v++)
		if (!strcmp(k->variants[v].state, state))
			return 1;
	return 0;
}

/* add the time reversal of each variant whose complementary state is
 * missing, then count and check everything */
static int finish_block(struct peg_block *k)
{
	int n = k->n_variants;

	for (int v = 0; v < n; v++) {
		struct peg_block_variant r = k->variants[v];

		for (char *c = r.state; *c; c++)
			*c = *c == '1' ? '0' : '1';
		if (!r.state[0] || has_state(k, r.state))
			continue;
		if (k->n_variants == PEG_BLOCK_MAX_VARIANTS)
			return -1;
		r.reversed = 1;
		for (int j = 0; j < r.n_jumps; j++) {
			r.jumps[j] = k->variants[v].jumps[r.n_jumps - 1 - j];
		}
		k->variants[k->n_variants++] = r;
	}
	k->n_region = k->n_cat = 0;
	for (int c = 0; c < k->n_cells; c++) {
		k->n_region += k->cells[c].role == 'R';
		k->n_cat += k->cells[c].role == 'U';
	}
	k->n_removed = k->variants[0].n_jumps;
	for (int v = 0; v < k->n_variants; v++)
		if ((int)strlen(k->variants[v].state) != k->n_cat ||
		    k->variants[v].n_jumps != k->n_removed ||
		    replay_frame(k, k->variants[v].state,
				 k->variants[v].jumps,
				 k->variants[v].n_jumps))
			return -1;
	return 0;
}

struct peg_blockset *peg_blockset_new(struct peg_err *err)
{
	struct peg_blockset *s = calloc(1, sizeof(*s));

	if (!s) {
		peg_err_set(err, "out of memory");
		return NULL;
	}
	for (int i = 0; i < N_LITS + N_FROM; i++) {
		struct peg_block *k = &s->b[s->n];
		int r = i < N_LITS ? from_lit(&lits[i], k)
				   : from_purge(i - N_LITS, k);

		if (r || finish_block(k)) {
			peg_err_set(err, "block '%s' does not replay",
				    k->name ? k->name : "?");
			free(s);
			return NULL;
		}
		s->n++;
	}
	return s;
}

void peg_blockset_free(struct peg_blockset *s)
{
	free(s);
}

int peg_blockset_count(const struct peg_blockset *s)
{
	return s->n;
}

const struct peg_block *peg_blockset_get(const struct peg_blockset *s, int i)
{
	return i >= 0 && i < s->n ? &s->b[i] : NULL;
}

int peg_blockset_find(const struct peg_blockset *s, const char *name)
{
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->b[i].name, name))
			return i;
	return -1;
}

/* ---- placement ------------------------------------------------------ */

int peg_block_orients(enum peg_lattice lat)
{
	return lat == PEG_LATTICE_TRI ? 12 : lat == PEG_LATTICE_SQUARE ? 8 : 0;
}

/* orientation o of the lattice applied to the vector (x, y) */
static void orient_vec(enum peg_lattice lat, int o, int *x, int *y)
{
	int nrot = lat == PEG_LATTICE_TRI ? 6 : 4, t;

	if (o >= nrot) { /* mirror first */
		t = *x;
		*x = *y;
		*y = t;
		o -= nrot;
	}
	for (; o > 0; o--) {
		if (lat == PEG_LATTICE_TRI) { /* 60 degrees: (x - y, x) */
			t = *x - *y;
			*y = *x;
			*x = t;
		} else { /* 90 degrees: (-y, x) */
			t = -*y;
			*y = *x;
			*x = t;
		}
	}
}

int peg_block_place(const struct peg_board *b, const struct peg_block *k,
		    int o, int anchor, int *holes)
{
	if (b->lattice != k->lattice || o < 0 || o >= peg_block_orients(k->lattice) || anchor < 0 ||
	    anchor >= b->n_holes)
		return -1;
	for (int c = 0; c < k->n_cells; c++) {
		int x = k->cells[c].x - k->cells[0].x;
		int y = k->cells[c].y - k->cells[0].y;

		orient_vec(k->lattice, o, &x, &y);
		holes[c] = peg_board_hole_at(b, b->hx[anchor] + x,
					     b->hy[anchor] + y);
		if (holes[c] < 0)
			return -1;
	}
	return 0;
}

static int board_jump(const struct peg_board *b, int from, int to,
		      struct peg_jump *out)
{
	for (int j = b->jump_first[from]; j < b->jump_first[from + 1]; j++)
		if (b->jumps[j].to == to) {
			*out = b->jumps[j];
			return 0;
		}
	return -1;
}

int peg_block_place_jumps(const struct peg_board *b, const struct peg_block *k,
			  int v, int o, int anchor, struct peg_jump *jumps)
{
	int holes[PEG_BLOCK_MAX_CELLS];
	const struct peg_block_variant *bv = &k->variants[v];

	if (peg_block_place(b, k, o, anchor, holes))
		return -1;
	for (int j = 0; j < bv->n_jumps; j++) {
		int f = cell_index(k, bv->jumps[j].fx, bv->jumps[j].fy);
		int t = cell_index(k, bv->jumps[j].tx, bv->jumps[j].ty);

		if (board_jump(b, holes[f], holes[t], &jumps[j]))
			return -1;
	}
	return 0;
}

/* ---- solutions written with blocks ---------------------------------- */

void peg_block_solution_release(struct peg_block_solution *r)
{
	free(r->steps);
	free(r->jumps);
	memset(r, 0, sizeof(*r));
}

static int push_step(struct peg_block_solution *r,
		     const struct peg_block_step *st, const struct peg_jump *js)
{
	struct peg_block_step *ns =
		realloc(r->steps, (size_t)(r->n_steps + 1) * sizeof(*ns));
	struct peg_jump *nj;

	if (!ns)
		return -1;
	r->steps = ns;
	nj = realloc(r->jumps,
		     (size_t)(r->n_jumps + st->n_jumps + 1) * sizeof(*nj));
	if (!nj)
		return -1;
	r->jumps = nj;
	memcpy(nj + r->n_jumps, js, (size_t)st->n_jumps * sizeof(*js));
	ns[r->n_steps] = *st;
	ns[r->n_steps].first = r->n_jumps;
	r->n_steps++;
	r->n_jumps += st->n_jumps;
	return 0;
}

/* why no variant of k placed on holes applies in pegs */
static void why_not(const struct peg_board *b, const struct peg_block *k,
		    const int *holes, const unsigned char *pegs,
		    const char *step, struct peg_err *err)
{
	int ones = 0;
	char nm[32];

	for (int c = 0; c < k->n_cells; c++) {
		int want = k->cells[c].role == 'R';

		if (k->cells[c].role == 'U') {
			ones += pegs[holes[c]] != 0;
			continue;
		}
		if (!!pegs[holes[c]] != want) {
			peg_err_set(err, "block '%s': hole '%s' must be %s",
				    step,
				    peg_board_hole_name(b, holes[c], nm,
							sizeof(nm)),
				    want ? "a peg" : "empty");
			return;
		}
	}
	if (k->n_cat && (ones == 0 || ones == k->n_cat))
		peg_err_set(err,
			    "block '%s': its catalyst is all %s (must be "
			    "unlike)",
			    step, ones ? "pegs" : "empty");
	else
		peg_err_set(err, "block '%s' does not apply here", step);
}

/* the variant of k placed on holes whose before pattern pegs shows */
static int pick_variant(const struct peg_block *k, const int *holes,
			const unsigned char *pegs)
{
	unsigned char pat[PEG_BLOCK_MAX_CELLS];

	for (int v = 0; v < k->n_variants; v++) {
		int c;

		pattern(k, k->variants[v].state, 0, pat);
		for (c = 0; c < k->n_cells; c++)
			if (!!pegs[holes[c]] != pat[c])
				break;
		if (c == k->n_cells)
			return v;
	}
	return -1;
}

/* one "NAME@HOLE[/O]" step */
static int block_step(const struct peg_board *b, const struct peg_blockset *s,
		      char *tok, unsigned char *pegs,
		      struct peg_block_solution *out, struct peg_err *err)
{
	char *at = strchr(tok, '@'), *sl, *end;
	struct peg_block_step st = {0};
	struct peg_jump js[PEG_BLOCK_MAX_JUMPS];
	int holes[PEG_BLOCK_MAX_CELLS];
	const struct peg_block *k;
	struct peg_err e2;
	long o = 0;

	*at = 0;
	st.block = peg_blockset_find(s, tok);
	*at = '@';
	if (st.block < 0) {
		*at = 0;
		peg_err_set(err, "unknown block '%s' (pegsol blocks lists them)",
			    tok);
		return 2;
	}
	k = &s->b[st.block];
	sl = strchr(at + 1, '/');
	if (sl) {
		o = strtol(sl + 1, &end, 10);
		if (end == sl + 1 || *end || o < 0 ||
		    o >= peg_block_orients(k->lattice)) {
			peg_err_set(err,
				    "bad orientation in '%s' (0 to %d)", tok,
				    peg_block_orients(k->lattice) - 1);
			return 2;
		}
		*sl = 0;
	}
	st.anchor = peg_board_parse_hole(b, at + 1, &e2);
	if (sl)
		*sl = '/';
	if (st.anchor < 0) {
		peg_err_set(err, "block '%s': %s", tok, e2.msg);
		return 2;
	}
	st.orient = (int)o;
	if (peg_block_place(b, k, st.orient, st.anchor, holes) ||
	    peg_block_place_jumps(b, k, 0, st.orient, st.anchor, js)) {
		peg_err_set(err, "block '%s' does not fit on %s", tok, b->spec);
		return 2;
	}
	st.variant = pick_variant(k, holes, pegs);
	if (st.variant < 0) {
		why_not(b, k, holes, pegs, tok, err);
		return 1;
	}
	if (peg_block_place_jumps(b, k, st.variant, st.orient, st.anchor, js))
		return 2;
	st.n_jumps = k->variants[st.variant].n_jumps;
	if (peg_jumps_replay(b, js, st.n_jumps, pegs, &e2)) {
		peg_err_set(err, "block '%s': %s", tok, e2.msg);
		return 1;
	}
	return push_step(out, &st, js) ? 3 : 0;
}

/* one plain move "a3-c5-c3" */
static int move_step(const struct peg_board *b, const char *tok,
		     unsigned char *pegs, struct peg_block_solution *out,
		     struct peg_err *err)
{
	struct peg_moves mv = {0};
	struct peg_jump *js = NULL;
	struct peg_block_step st = {.block = -1};
	int n = 0, rc = 0;

	if (peg_moves_parse(b, tok, &mv, err))
		return 2;
	if (peg_moves_replay(b, &mv, pegs, &js, &n, err))
		rc = 1;
	st.n_jumps = n;
	if (!rc && push_step(out, &st, js))
		rc = 3;
	free(js);
	peg_moves_free(&mv);
	return rc;
}

/* the length of the step at p: up to a ',' ';' or new line outside
 * parentheses (a hole may be written "(2,4)") */
static size_t step_len(const char *p)
{
	size_t n = 0;
	int depth = 0;

	for (; p[n]; n++) {
		if (p[n] == '(')
			depth++;
		else if (p[n] == ')' && depth)
			depth--;
		else if (p[n] == '\n' || (!depth && (p[n] == ',' || p[n] == ';')))
			break;
	}
	return n;
}

int peg_blocks_expand(const struct peg_board *b, const struct peg_blockset *s,
		      const char *text, unsigned char *pegs,
		      struct peg_block_solution *out, struct peg_err *err)
{
	size_t len = strlen(text);
	char *buf, *p;
	int rc = 0;

	memset(out, 0, sizeof(*out));
	if (len > PEG_BLOCK_MAX_TEXT) {
		peg_err_set(err, "block solution longer than %d bytes",
			    PEG_BLOCK_MAX_TEXT);
		return 2;
	}
	buf = malloc(len + 1);
	if (!buf) {
		peg_err_set(err, "out of memory");
		return 3;
	}
	memcpy(buf, text, len + 1);
	for (p = buf; !rc && *p;) {
		size_t n = step_len(p);
		char *tok = p, *e;

		p += n + (p[n] != 0);
		tok[n] = 0;
		while (*tok == ' ' || *tok == '\t' || *tok == '\r')
			tok++;
		e = tok + strlen(tok);
		while (e > tok && (e[-1] == ' ' || e[-1] == '\t' ||
				   e[-1] == '\r'))
			*--e = 0;
		if (!*tok)
			continue;
		rc = strchr(tok, '@') ? block_step(b, s, tok, pegs, out, err)
				      : move_step(b, tok, pegs, out, err);
	}
	if (!rc && !out->n_steps) {
		peg_err_set(err, "empty block solution");
		rc = 2;
	}
	if (rc == 3)
		peg_err_set(err, "out of memory");
	free(buf);
	return rc;
}

char *peg_blocks_format(const struct peg_board *b,
			const struct peg_blockset *s,
			const struct peg_block_solution *r)
{
	size_t cap = 64, len = 0;
	char *out = malloc(cap);

	if (!out)
		return NULL;
	out[0] = 0;
	for (int i = 0; i < r->n_steps; i++) {
		const struct peg_block_step *st = &r->steps[i];
		char nm[32], *piece;
		size_t need;

		if (st->block < 0) {
			piece = peg_jumps_format(b, r->jumps + st->first,
						 st->n_jumps);
		} else {
			const char *name = s->b[st->block].name;

			peg_board_hole_name(b, st->anchor, nm, sizeof(nm));
			piece = malloc(strlen(name) + strlen(nm) + 8);
			if (piece)
				sprintf(piece, "%s@%s/%d", name, nm,
					st->orient);
		}
		if (!piece) {
			free(out);
			return NULL;
		}
		need = len + strlen(piece) + 3;
		if (need > cap) {
			char *n2;

			while (cap < need)
				cap *= 2;
			n2 = realloc(out, cap);
			if (!n2) {
				free(piece);
				free(out);
				return NULL;
			}
			out = n2;
		}
		len += (size_t)sprintf(out + len, "%s%s", i ? ", " : "", piece);
		free(piece);
	}
	return out;
}
