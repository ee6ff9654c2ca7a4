/* resource.c - resource counts: parse, evaluate, check, print; pagoda
 * functions found by linear programming (GLPK).  See resource.h. */
#include "pegsol/resource.h"

#include "pegsol/pos.h"
#include "pegsol/theory.h"

#include <errno.h>
#include <glpk.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static struct peg_resource *res_new(int n)
{
	struct peg_resource *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->n_holes = n;
	r->w = calloc((size_t)n + 1, sizeof(long));
	if (!r->w) {
		free(r);
		return NULL;
	}
	return r;
}

void peg_resource_free(struct peg_resource *r)
{
	if (!r)
		return;
	for (int t = 0; t < r->n_terms; t++)
		free(r->t[t].in);
	free(r->t);
	free(r->w);
	free(r);
}

static int add_term(struct peg_resource *r, unsigned char *in, int need,
		    long bonus)
{
	struct peg_resource_term *t;

	if (r->n_terms >= PEG_RESOURCE_MAX_TERMS)
		return -1;
	t = realloc(r->t, ((size_t)r->n_terms + 1) * sizeof(*t));
	if (!t)
		return -1;
	r->t = t;
	r->t[r->n_terms].in = in;
	r->t[r->n_terms].need = need;
	r->t[r->n_terms].bonus = bonus;
	r->n_terms++;
	return 0;
}

struct peg_resource *peg_resource_from_weights(const struct peg_board *b,
					       const long *w,
					       struct peg_err *err)
{
	struct peg_resource *r = res_new(b->n_holes);

	if (!r) {
		peg_err_set(err, "out of memory");
		return NULL;
	}
	memcpy(r->w, w, (size_t)b->n_holes * sizeof(long));
	return r;
}

/* The SAX count of T5 as weights and three region terms. */
static struct peg_resource *sax(const struct peg_board *b,
				struct peg_err *err)
{
	struct peg_resource *r;

	if (peg_theory_triangle_side(b) != 5) {
		peg_err_set(err, "the SAX count is defined on T5 only, not on "
				 "'%s'",
			    b->spec);
		return NULL;
	}
	r = res_new(b->n_holes);
	if (!r)
		goto oom;
	for (int h = 0; h < b->n_holes; h++)
		r->w[h] = peg_theory_sax_weight(b, h);
	for (int k = 0; k < 3; k++) {
		unsigned char *in = calloc((size_t)b->n_holes, 1);

		if (!in)
			goto oom;
		for (int h = 0; h < b->n_holes; h++)
			in[h] = peg_theory_sax_region(b, h) == k;
		if (add_term(r, in, 2, 1)) {
			free(in);
			goto oom;
		}
	}
	return r;
oom:
	peg_resource_free(r);
	peg_err_set(err, "out of memory");
	return NULL;
}

/* ---- parsing ---- */

static int parse_long(const char *s, size_t len, long *out)
{
	char buf[32], *end;
	long v;

	if (len == 0 || len >= sizeof(buf))
		return -1;
	memcpy(buf, s, len);
	buf[len] = 0;
	errno = 0;
	v = strtol(buf, &end, 10);
	if (errno || *end || v > PEG_RESOURCE_MAX_WEIGHT ||
	    v < -PEG_RESOURCE_MAX_WEIGHT)
		return -1;
	*out = v;
	return 0;
}

/* Length of the token at s: up to a separator outside (), {}. */
static size_t token_len(const char *s)
{
	int depth = 0;
	size_t i = 0;

	for (; s[i]; i++) {
		char c = s[i];

		if (c == '(' || c == '{')
			depth++;
		else if ((c == ')' || c == '}') && depth > 0)
			depth--;
		else if (!depth && (c == ' ' || c == '\t' || c == '\n' ||
				    c == '\r' || c == ',' || c == '#'))
			break;
	}
	return i;
}

static int parse_hole(const struct peg_board *b, const char *s, size_t len,
		      struct peg_err *err)
{
	char buf[128];

	if (len >= sizeof(buf)) {
		peg_err_set(err, "hole name too long");
		return -1;
	}
	memcpy(buf, s, len);
	buf[len] = 0;
	return peg_board_parse_hole(b, buf, err);
}

/* {H,H,...}>=K:B */
static int parse_term(const struct peg_board *b, struct peg_resource *r,
		      const char *s, size_t len, struct peg_err *err)
{
	const char *close = memchr(s, '}', len), *p, *colon;
	unsigned char *in;
	long need, bonus;
	int any = 0;

	if (!close || close + 2 >= s + len || close[1] != '>' ||
	    close[2] != '=') {
		peg_err_set(err, "bad region term '%.*s' (want {H,...}>=K:B)",
			    (int)(len > 60 ? 60 : len), s);
		return -1;
	}
	colon = memchr(close, ':', (size_t)(s + len - close));
	if (!colon || parse_long(close + 3, (size_t)(colon - close - 3),
				 &need) ||
	    parse_long(colon + 1, (size_t)(s + len - colon - 1), &bonus) ||
	    need < 0 || need > b->n_holes) {
		peg_err_set(err, "bad region term '%.*s' (want {H,...}>=K:B)",
			    (int)(len > 60 ? 60 : len), s);
		return -1;
	}
	in = calloc((size_t)b->n_holes, 1);
	if (!in) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	for (p = s + 1; p < close;) {
		size_t l = 0;
		int depth = 0, h;

		while (p + l < close && (depth || p[l] != ',')) {
			depth += p[l] == '(';
			depth -= p[l] == ')';
			l++;
		}
		while (l && (*p == ' '))
			p++, l--;
		if (l) {
			h = parse_hole(b, p, l, err);
			if (h < 0) {
				free(in);
				return -1;
			}
			in[h] = 1;
			any = 1;
		}
		p += l + (p + l < close);
	}
	if (!any || add_term(r, in, (int)need, bonus)) {
		free(in);
		peg_err_set(err, any ? "too many region terms (limit %d)"
				     : "empty region in '%.*s'",
			    any ? PEG_RESOURCE_MAX_TERMS : (int)(len > 60 ? 60 : len),
			    s);
		return -1;
	}
	return 0;
}

struct peg_resource *peg_resource_parse(const struct peg_board *b,
					const char *text, struct peg_err *err)
{
	struct peg_resource *r;
	unsigned char *named;
	long dflt = 0;
	int n_list = 0, n_named = 0, have_dflt = 0;
	const char *s = text;

	if (strlen(text) > PEG_RESOURCE_MAX_TEXT) {
		peg_err_set(err, "resource count text over %d bytes",
			    PEG_RESOURCE_MAX_TEXT);
		return NULL;
	}
	while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r')
		s++;
	if (!strncmp(s, "sax", 3) && !s[3 + strspn(s + 3, " \t\r\n")])
		return sax(b, err);
	r = res_new(b->n_holes);
	named = calloc((size_t)b->n_holes + 1, 1);
	if (!r || !named) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	for (s = text; *s;) {
		size_t len;
		const char *eq;

		if (*s == '#') {
			s += strcspn(s, "\n");
			continue;
		}
		if (strchr(" \t\r\n,", *s)) {
			s++;
			continue;
		}
		len = token_len(s);
		eq = memchr(s, '=', len);
		if (*s == '{') {
			if (parse_term(b, r, s, len, err))
				goto fail;
		} else if (eq) {
			long v;
			int h = -1;

			if (parse_long(eq + 1, (size_t)(s + len - eq - 1), &v)) {
				peg_err_set(err, "bad weight in '%.*s'",
					    (int)(len > 60 ? 60 : len), s);
				goto fail;
			}
			if (eq - s == 1 && *s == '*') {
				dflt = v;
				have_dflt = 1;
			} else {
				h = parse_hole(b, s, (size_t)(eq - s), err);
				if (h < 0)
					goto fail;
				r->w[h] = v;
				named[h] = 1;
				n_named++;
			}
		} else {
			long v;

			if (parse_long(s, len, &v)) {
				peg_err_set(err, "bad token '%.*s' (want "
						 "HOLE=W, *=W, {H,...}>=K:B "
						 "or a weight)",
					    (int)(len > 60 ? 60 : len), s);
				goto fail;
			}
			if (n_list >= b->n_holes) {
				peg_err_set(err, "more than %d weights for "
						 "'%s'",
					    b->n_holes, b->spec);
				goto fail;
			}
			r->w[n_list++] = v;
		}
		s += len;
	}
	if (n_list && (n_named || have_dflt)) {
		peg_err_set(err, "give either %d weights in hole order or "
				 "HOLE=W pairs, not both",
			    b->n_holes);
		goto fail;
	}
	if (n_list && n_list != b->n_holes) {
		peg_err_set(err, "%d weights for '%s', which has %d holes",
			    n_list, b->spec, b->n_holes);
		goto fail;
	}
	if (have_dflt)
		for (int h = 0; h < b->n_holes; h++)
			if (!named[h])
				r->w[h] = dflt;
	free(named);
	return r;
fail:
	free(named);
	peg_resource_free(r);
	return NULL;
}

/* ---- evaluation and checking ---- */

long peg_resource_eval(const struct peg_resource *r,
		       const unsigned char *pegs)
{
	long v = 0;

	for (int h = 0; h < r->n_holes; h++)
		if (pegs[h])
			v += r->w[h];
	for (int t = 0; t < r->n_terms; t++) {
		int c = 0;

		for (int h = 0; h < r->n_holes; h++)
			c += pegs[h] && r->t[t].in[h];
		if (c >= r->t[t].need)
			v += r->t[t].bonus;
	}
	return v;
}

long peg_resource_min_single(const struct peg_resource *r, int *hole)
{
	long best = LONG_MAX;

	for (int h = 0; h < r->n_holes; h++) {
		long v = r->w[h];

		for (int t = 0; t < r->n_terms; t++)
			if (r->t[t].need <= (int)r->t[t].in[h])
				v += r->t[t].bonus;
		if (v < best) {
			best = v;
			if (hole)
				*hole = h;
		}
	}
	return best;
}

void peg_resource_witness_release(struct peg_resource_witness *w)
{
	if (w) {
		free(w->pegs);
		w->pegs = NULL;
	}
}

/* The largest gain of jump j over every pattern of the other holes its
 * regions hold; fills pegs with a position reaching it.  -1 when too many
 * holes to enumerate. */
static int jump_gain(const struct peg_board *b, const struct peg_resource *r,
		     const struct peg_jump *j, int *terms, int *u,
		     unsigned char *pegs, long *gain)
{
	int nt = 0, nu = 0;
	long best = LONG_MIN;
	unsigned long best_mask = 0;

	for (int t = 0; t < r->n_terms; t++) {
		const unsigned char *in = r->t[t].in;

		if (!in[j->from] && !in[j->over] && !in[j->to])
			continue;
		terms[nt++] = t;
		for (int h = 0; h < b->n_holes; h++)
			if (in[h] && h != j->from && h != j->over &&
			    h != j->to && !pegs[h]) {
				if (nu == PEG_RESOURCE_CHECK_HOLES)
					return -1;
				pegs[h] = 1; /* mark as listed */
				u[nu++] = h;
			}
	}
	for (int i = 0; i < nu; i++)
		pegs[u[i]] = 0;
	for (unsigned long m = 0; m < (1UL << nu); m++) {
		long g = r->w[j->to] - r->w[j->from] - r->w[j->over];

		for (int k = 0; k < nt; k++) {
			const struct peg_resource_term *t = &r->t[terms[k]];
			int c = 0;

			for (int i = 0; i < nu; i++)
				c += (int)((m >> i) & 1) && t->in[u[i]];
			g += t->bonus *
			     ((c + t->in[j->to] >= t->need) -
			      (c + t->in[j->from] + t->in[j->over] >= t->need));
		}
		if (g > best) {
			best = g;
			best_mask = m;
		}
	}
	for (int i = 0; i < nu; i++)
		pegs[u[i]] = (best_mask >> i) & 1;
	pegs[j->from] = pegs[j->over] = 1;
	pegs[j->to] = 0;
	*gain = best;
	return 0;
}

int peg_resource_check(const struct peg_board *b,
		       const struct peg_resource *r,
		       struct peg_resource_witness *wit, struct peg_err *err)
{
	int *terms, *u, ok = 1;
	unsigned char *pegs;

	if (r->n_holes != b->n_holes) {
		peg_err_set(err, "resource count for %d holes on a board of %d",
			    r->n_holes, b->n_holes);
		return -1;
	}
	terms = malloc(((size_t)r->n_terms + 1) * sizeof(int));
	u = malloc((PEG_RESOURCE_CHECK_HOLES + 1) * sizeof(int));
	pegs = calloc((size_t)b->n_holes, 1);
	if (!terms || !u || !pegs) {
		peg_err_set(err, "out of memory");
		ok = -1;
		goto out;
	}
	for (int k = 0; k < b->n_jumps && ok == 1; k++) {
		long g;

		memset(pegs, 0, (size_t)b->n_holes);
		if (jump_gain(b, r, &b->jumps[k], terms, u, pegs, &g)) {
			peg_err_set(err, "jump %d touches regions of more than "
					 "%d other holes: too many to check",
				    k, PEG_RESOURCE_CHECK_HOLES);
			ok = -1;
		} else if (g > 0) {
			ok = 0;
			if (wit) {
				wit->jump = k;
				wit->gain = g;
				wit->pegs = pegs;
				pegs = NULL;
			}
		}
	}
out:
	free(terms);
	free(u);
	free(pegs);
	return ok;
}

char *peg_resource_format(const struct peg_board *b,
			  const struct peg_resource *r)
{
	char **cells = calloc((size_t)b->n_holes + 1, sizeof(char *));
	char *pic = NULL, *out = NULL, name[64];
	size_t cap = 0, len;
	int ok = cells != NULL;

	for (int h = 0; ok && h < b->n_holes; h++) {
		cells[h] = malloc(24);
		ok = cells[h] != NULL;
		if (ok)
			snprintf(cells[h], 24, "%ld", r->w[h]);
	}
	if (ok)
		pic = peg_pos_picture_cells(b, (const char *const *)cells);
	if (pic) {
		len = strlen(pic);
		cap = len + 1;
		for (int t = 0; t < r->n_terms; t++)
			cap += 48 + 8 * (size_t)b->n_holes;
		out = malloc(cap);
	}
	if (out) {
		memcpy(out, pic, len + 1);
		for (int t = 0; t < r->n_terms; t++) {
			int first = 1;

			len += (size_t)snprintf(out + len, cap - len, "{");
			for (int h = 0; h < b->n_holes; h++)
				if (r->t[t].in[h]) {
					peg_board_hole_name(b, h, name,
							    sizeof(name));
					len += (size_t)snprintf(
						out + len, cap - len, "%s%s",
						first ? "" : ",", name);
					first = 0;
				}
			len += (size_t)snprintf(out + len, cap - len,
						"}>=%d:%ld\n", r->t[t].need,
						r->t[t].bonus);
		}
	}
	for (int h = 0; cells && h < b->n_holes; h++)
		free(cells[h]);
	free(cells);
	free(pic);
	return out;
}

/* ---- pagoda functions by linear programming ---- */

static void glpk_quiet(glp_smcp *sm, glp_iocp *io, int time_ms)
{
	if (sm) {
		glp_init_smcp(sm);
		sm->msg_lev = GLP_MSG_OFF;
		sm->presolve = GLP_OFF;
		sm->tm_lim = time_ms;
	}
	if (io) {
		glp_init_iocp(io);
		io->msg_lev = GLP_MSG_OFF;
		io->presolve = GLP_ON;
		io->tm_lim = time_ms;
	}
}

static int glpk_silent(void *info, const char *s)
{
	(void)info;
	(void)s;
	return 1; /* GLPK prints nothing */
}

/* Rows: one per jump (w_from + w_over - w_to >= 0), then one per goal
 * (sum over goal - sum over start >= 1).  Columns 1..n are the weights;
 * with l1 also u_1..u_n >= |w_h| (two rows each) and the objective
 * minimises sum u. */
static glp_prob *build_lp(const struct peg_board *b,
			  const unsigned char *start,
			  const unsigned char *goal, long bound, int l1)
{
	int n = b->n_holes, rows = 0;
	int *ia, *ja;
	double *ar;
	size_t k = 0, cap;
	glp_prob *lp = glp_create_prob();

	cap = (size_t)b->n_jumps * 3 + (size_t)n * (size_t)(goal ? 1 : n) +
	      (size_t)n * 4 + 1;
	ia = malloc((cap + 1) * sizeof(int));
	ja = malloc((cap + 1) * sizeof(int));
	ar = malloc((cap + 1) * sizeof(double));
	if (!ia || !ja || !ar) {
		glp_delete_prob(lp);
		lp = NULL;
		goto out;
	}
	glp_set_obj_dir(lp, GLP_MIN);
	glp_add_cols(lp, l1 ? 2 * n : n);
	for (int h = 1; h <= n; h++) {
		if (bound > 0)
			glp_set_col_bnds(lp, h, GLP_DB, -(double)bound,
					 (double)bound);
		else
			glp_set_col_bnds(lp, h, GLP_FR, 0, 0);
		if (l1) {
			glp_set_col_bnds(lp, n + h, GLP_LO, 0, 0);
			glp_set_obj_coef(lp, n + h, 1);
		}
	}
	/* jumps: the same line appears twice (both directions) */
	glp_add_rows(lp, b->n_jumps);
	for (int j = 0; j < b->n_jumps; j++) {
		const struct peg_jump *J = &b->jumps[j];

		rows++;
		glp_set_row_bnds(lp, rows, GLP_LO, 0, 0);
		ia[++k] = rows, ja[k] = J->from + 1, ar[k] = 1;
		ia[++k] = rows, ja[k] = J->over + 1, ar[k] = 1;
		ia[++k] = rows, ja[k] = J->to + 1, ar[k] = -1;
	}
	for (int g = 0; g < (goal ? 1 : n); g++) {
		/* coefficient of w_h: [h in goal] - [h in start] */
		glp_add_rows(lp, 1);
		rows++;
		glp_set_row_bnds(lp, rows, GLP_LO, 1, 0);
		for (int h = 0; h < n; h++) {
			int c = (goal ? goal[h] : h == g) - (start[h] ? 1 : 0);

			if (c)
				ia[++k] = rows, ja[k] = h + 1, ar[k] = c;
		}
	}
	if (l1) {
		glp_add_rows(lp, 2 * n);
		for (int h = 1; h <= n; h++) {
			/* u - w >= 0 and u + w >= 0 */
			rows++;
			glp_set_row_bnds(lp, rows, GLP_LO, 0, 0);
			ia[++k] = rows, ja[k] = n + h, ar[k] = 1;
			ia[++k] = rows, ja[k] = h, ar[k] = -1;
			rows++;
			glp_set_row_bnds(lp, rows, GLP_LO, 0, 0);
			ia[++k] = rows, ja[k] = n + h, ar[k] = 1;
			ia[++k] = rows, ja[k] = h, ar[k] = 1;
		}
	}
	glp_load_matrix(lp, (int)k, ia, ja, ar);
out:
	free(ia);
	free(ja);
	free(ar);
	return lp;
}

int peg_pagoda_find(const struct peg_board *b, const unsigned char *start,
		    const unsigned char *goal, long max_weight, int time_ms,
		    struct peg_resource **out, struct peg_err *err)
{
	glp_prob *lp = NULL;
	glp_smcp sm;
	glp_iocp io;
	long *w = NULL;
	int n = b->n_holes, ret = -1, st;

	*out = NULL;
	if (max_weight <= 0 || max_weight > PEG_RESOURCE_MAX_WEIGHT) {
		peg_err_set(err, "weight bound %ld out of range 1..%ld",
			    max_weight, PEG_RESOURCE_MAX_WEIGHT);
		return -1;
	}
	if (n > 4096 || b->n_jumps > 1 << 20) {
		peg_err_set(err, "board '%s' too large for the pagoda search",
			    b->spec);
		return -1;
	}
	if (time_ms <= 0)
		time_ms = 10000;
	glp_term_hook(glpk_silent, NULL);
	/* 1. does any pagoda function prove it?  The constraints are
	 * homogeneous but for the goal rows, so a rational solution scales to
	 * any size: the free LP is exact on existence. */
	lp = build_lp(b, start, goal, 0, 0);
	if (!lp)
		goto oom;
	glpk_quiet(&sm, NULL, time_ms);
	/* floating point first, then GLPK's rational simplex from that basis,
	 * so "none exists" is decided in exact arithmetic */
	if (glp_simplex(lp, &sm) != 0 || glp_exact(lp, &sm) != 0) {
		peg_err_set(err, "the linear program was not settled in %d ms",
			    time_ms);
		goto out;
	}
	st = glp_get_status(lp);
	if (st == GLP_NOFEAS) {
		ret = 0;
		goto out;
	}
	if (st != GLP_OPT && st != GLP_FEAS) {
		peg_err_set(err, "the linear program ended in GLPK status %d",
			    st);
		goto out;
	}
	glp_delete_prob(lp);
	/* 2. the smallest integer one within the bound */
	lp = build_lp(b, start, goal, max_weight, 1);
	if (!lp)
		goto oom;
	for (int h = 1; h <= n; h++)
		glp_set_col_kind(lp, h, GLP_IV);
	glpk_quiet(NULL, &io, time_ms);
	st = glp_intopt(lp, &io);
	if ((st != 0 && st != GLP_ETMLIM) ||
	    (glp_mip_status(lp) != GLP_OPT && glp_mip_status(lp) != GLP_FEAS)) {
		peg_err_set(err, "a pagoda function exists, but none with "
				 "integer weights in [-%ld, %ld] was found "
				 "in %d ms",
			    max_weight, max_weight, time_ms);
		goto out;
	}
	w = malloc((size_t)n * sizeof(long));
	if (!w)
		goto oom;
	for (int h = 0; h < n; h++) {
		double v = glp_mip_col_val(lp, h + 1);

		w[h] = (long)(v < 0 ? v - 0.5 : v + 0.5);
	}
	*out = peg_resource_from_weights(b, w, err);
	if (!*out)
		goto out;
	/* trust nothing from floating point: check it exactly */
	{
		long rs = peg_resource_eval(*out, start), rg;

		rg = goal ? peg_resource_eval(*out, goal)
			  : peg_resource_min_single(*out, NULL);
		if (peg_resource_check(b, *out, NULL, err) != 1 || rg <= rs) {
			peg_err_set(err, "the pagoda function from the solver "
					 "failed its exact check");
			peg_resource_free(*out);
			*out = NULL;
			goto out;
		}
	}
	ret = 1;
	goto out;
oom:
	peg_err_set(err, "out of memory");
out:
	free(w);
	if (lp)
		glp_delete_prob(lp);
	glp_free_env();
	return ret;
}
