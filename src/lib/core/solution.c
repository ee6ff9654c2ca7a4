/* solution.c - parsing, replaying and printing solutions (solution.h). */
#include "pegsol/solution.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void peg_moves_free(struct peg_moves *m)
{
	if (!m)
		return;
	for (int i = 0; i < m->n_moves; i++)
		free(m->path[i]);
	free(m->path);
	free(m->len);
	memset(m, 0, sizeof(*m));
}

static int push_move(struct peg_moves *m, int *cap, const int *path, int len)
{
	if (m->n_moves == *cap) {
		int nc = *cap ? 2 * *cap : 16;
		int **np = realloc(m->path, (size_t)nc * sizeof(int *));
		int *nl;

		if (!np)
			return -1;
		m->path = np;
		nl = realloc(m->len, (size_t)nc * sizeof(int));
		if (!nl)
			return -1;
		m->len = nl;
		*cap = nc;
	}
	m->path[m->n_moves] = malloc((size_t)len * sizeof(int));
	if (!m->path[m->n_moves])
		return -1;
	memcpy(m->path[m->n_moves], path, (size_t)len * sizeof(int));
	m->len[m->n_moves] = len;
	m->n_moves++;
	return 0;
}

static int only_numbers(const char *t)
{
	int any = 0;

	for (; *t; t++) {
		if (isdigit((unsigned char)*t))
			any = 1;
		else if (!isspace((unsigned char)*t) && *t != ',' &&
			 *t != ';' && *t != '(' && *t != ')' && *t != '[' &&
			 *t != ']')
			return 0;
	}
	return any;
}

static int parse_pairs(const struct peg_board *b, const char *text,
		       struct peg_moves *out, struct peg_err *err)
{
	const char *p = text;
	int cap = 0, pair[2], k = 0, idx = 0;

	for (;;) {
		long v;
		char *end;

		while (*p && !isdigit((unsigned char)*p))
			p++;
		if (!*p)
			break;
		v = strtol(p, &end, 10);
		idx++;
		if (v < 1 || v > b->n_holes) {
			peg_err_set(err,
				    "number %d in the pair list ('%.*s') is "
				    "not a hole number 1..%d",
				    idx, (int)(end - p > 20 ? 20 : end - p), p,
				    b->n_holes);
			goto fail;
		}
		p = end;
		pair[k++] = (int)v - 1;
		if (k == 2) {
			if (push_move(out, &cap, pair, 2)) {
				peg_err_set(err, "out of memory");
				goto fail;
			}
			k = 0;
		}
	}
	if (k) {
		peg_err_set(err, "odd count of numbers in the pair list (%d): "
				 "each jump is a (from, to) pair",
			    idx);
		goto fail;
	}
	if (out->n_moves == 0) {
		peg_err_set(err, "empty solution");
		return -1;
	}
	return 0;
fail:
	peg_moves_free(out);
	return -1;
}

int peg_moves_parse(const struct peg_board *b, const char *text,
		    struct peg_moves *out, struct peg_err *err)
{
	const char *p = text;
	int cap = 0, pcap = 16, len = 0, *path;
	char tok[128];

	memset(out, 0, sizeof(*out));
	if (only_numbers(text) && !b->labels)
		return parse_pairs(b, text, out, err);
	path = malloc((size_t)pcap * sizeof(int));
	if (!path) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	for (;;) {
		size_t n = 0;
		int h, depth = 0;

		while (isspace((unsigned char)*p) || *p == '[')
			p++;
		/* one hole token: up to '-', ',', ';', space, end; may hold
		 * parentheses with commas inside */
		while (*p && (depth > 0 || (*p != '-' && *p != ',' &&
					    *p != ';' && *p != ']' &&
					    !isspace((unsigned char)*p)))) {
			if (*p == '(')
				depth++;
			else if (*p == ')')
				depth--;
			if (n + 1 >= sizeof(tok)) {
				peg_err_set(err, "hole name too long near '%.20s'",
					    p - n);
				goto fail;
			}
			tok[n++] = *p++;
		}
		tok[n] = '\0';
		if (n == 0) {
			if (!*p && len == 0)
				break;
			peg_err_set(err,
				    "move %d: expected a hole name near '%.20s'",
				    out->n_moves + 1, p);
			goto fail;
		}
		if (!b->labels && strspn(tok, "0123456789") == n) {
			/* seed 002 writes moves with hole numbers: "9-7-2" */
			memmove(tok + 1, tok, n + 1);
			tok[0] = '#';
		}
		h = peg_board_parse_hole(b, tok, err);
		if (h < 0) {
			char msg[PEG_ERR_MAX];

			memcpy(msg, err->msg, sizeof(msg));
			msg[200] = '\0';
			peg_err_set(err, "move %d: %s", out->n_moves + 1, msg);
			goto fail;
		}
		if (len == pcap) {
			int *np = realloc(path, (size_t)(pcap *= 2) *
							sizeof(int));

			if (!np) {
				peg_err_set(err, "out of memory");
				goto fail;
			}
			path = np;
		}
		path[len++] = h;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '-') {
			p++;
			continue;
		}
		/* end of a move */
		if (len < 2) {
			peg_err_set(err,
				    "move %d ('%s') has no jump: write "
				    "from-to",
				    out->n_moves + 1, tok);
			goto fail;
		}
		if (push_move(out, &cap, path, len)) {
			peg_err_set(err, "out of memory");
			goto fail;
		}
		len = 0;
		while (*p == ',' || *p == ';' || *p == ']' || *p == '[' ||
		       isspace((unsigned char)*p))
			p++;
		if (*p == '.') /* a closing full stop */
			p++;
		if (!*p)
			break;
	}
	free(path);
	if (out->n_moves == 0) {
		peg_err_set(err, "empty solution");
		return -1;
	}
	return 0;
fail:
	free(path);
	peg_moves_free(out);
	return -1;
}

/* Find the jump from -> to that is legal in pegs, or explain why not. */
static int find_jump(const struct peg_board *b, const unsigned char *pegs,
		     int from, int to, struct peg_jump *out, char *why,
		     size_t whysize)
{
	int found = 0, legal = 0;
	char nf[32], nt[32], no[32];

	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++) {
		const struct peg_jump *j = &b->jumps[k];

		if (j->to != to)
			continue;
		if (!found)
			*out = *j;
		found++;
		if (peg_jump_legal(pegs, j)) {
			if (legal == 0)
				*out = *j;
			legal++;
		}
	}
	peg_board_hole_name(b, from, nf, sizeof(nf));
	peg_board_hole_name(b, to, nt, sizeof(nt));
	if (!found) {
		snprintf(why, whysize, "%s-%s is not a jump on this board", nf,
			 nt);
		return -1;
	}
	if (legal > 1) {
		snprintf(why, whysize,
			 "%s-%s is ambiguous: more than one hole between has "
			 "a peg",
			 nf, nt);
		return -1;
	}
	if (legal == 1)
		return 0;
	peg_board_hole_name(b, out->over, no, sizeof(no));
	if (!pegs[from])
		snprintf(why, whysize, "%s-%s: no peg at %s", nf, nt, nf);
	else if (pegs[to])
		snprintf(why, whysize, "%s-%s: %s is not empty", nf, nt, nt);
	else
		snprintf(why, whysize, "%s-%s: no peg to jump over at %s", nf,
			 nt, no);
	return -1;
}

int peg_moves_replay(const struct peg_board *b, const struct peg_moves *mv,
		     unsigned char *pegs, struct peg_jump **jumps, int *n_jumps,
		     struct peg_err *err)
{
	int total = 0, n = 0;
	struct peg_jump *js;
	char why[160];

	for (int m = 0; m < mv->n_moves; m++)
		total += mv->len[m] - 1;
	js = malloc((size_t)(total ? total : 1) * sizeof(*js));
	*jumps = js;
	*n_jumps = 0;
	if (!js) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	for (int m = 0; m < mv->n_moves; m++)
		for (int i = 0; i + 1 < mv->len[m]; i++) {
			struct peg_jump j;

			if (find_jump(b, pegs, mv->path[m][i],
				      mv->path[m][i + 1], &j, why,
				      sizeof(why))) {
				peg_err_set(err, "move %d, jump %d: %s", m + 1,
					    n + 1, why);
				*n_jumps = n;
				return -1;
			}
			peg_jump_apply(pegs, &j);
			js[n++] = j;
		}
	*n_jumps = n;
	return 0;
}

int peg_jumps_replay(const struct peg_board *b, const struct peg_jump *jumps,
		     int n, unsigned char *pegs, struct peg_err *err)
{
	char nf[32], nt[32];

	for (int i = 0; i < n; i++) {
		const struct peg_jump *j = &jumps[i];
		int ok = 0;

		if (j->from < 0 || j->from >= b->n_holes || j->to < 0 ||
		    j->to >= b->n_holes) {
			peg_err_set(err, "jump %d: hole out of range", i + 1);
			return -1;
		}
		for (int k = b->jump_first[j->from];
		     k < b->jump_first[j->from + 1] && !ok; k++)
			ok = b->jumps[k].over == j->over &&
			     b->jumps[k].to == j->to;
		if (!ok || !peg_jump_legal(pegs, j)) {
			peg_err_set(err, "jump %d (%s-%s) is %s", i + 1,
				    peg_board_hole_name(b, j->from, nf,
							sizeof(nf)),
				    peg_board_hole_name(b, j->to, nt,
							sizeof(nt)),
				    ok ? "not legal in its position"
				       : "not a jump on this board");
			return -1;
		}
		peg_jump_apply(pegs, j);
	}
	return 0;
}

int peg_jumps_count_moves(const struct peg_jump *jumps, int n)
{
	int moves = 0;

	for (int i = 0; i < n; i++)
		if (i == 0 || jumps[i].from != jumps[i - 1].to)
			moves++;
	return moves;
}

/* Append sep and the name of hole h to *s (length *len, capacity *cap). */
static int append_hole(const struct peg_board *b, char **s, size_t *len,
		       size_t *cap, const char *sep, int h)
{
	char name[64];
	size_t need;

	peg_board_hole_name(b, h, name, sizeof(name));
	need = strlen(sep) + strlen(name) + 1;
	if (*len + need > *cap) {
		size_t nc = 2 * *cap + need;
		char *ns = realloc(*s, nc);

		if (!ns)
			return -1;
		*s = ns;
		*cap = nc;
	}
	*len += (size_t)sprintf(*s + *len, "%s%s", sep, name);
	return 0;
}

char *peg_jumps_format(const struct peg_board *b, const struct peg_jump *jumps,
		       int n)
{
	size_t cap = (size_t)n * 12 + 16, len = 0;
	char *s = malloc(cap);

	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++) {
		int cont = i > 0 && jumps[i].from == jumps[i - 1].to;

		if ((!cont && append_hole(b, &s, &len, &cap, i ? ", " : "",
					  jumps[i].from)) ||
		    append_hole(b, &s, &len, &cap, "-", jumps[i].to)) {
			free(s);
			return NULL;
		}
	}
	return s;
}

char *peg_jumps_format_pairs(const struct peg_jump *jumps, int n)
{
	size_t cap = (size_t)n * 24 + 2, len = 0;
	char *s = malloc(cap);

	if (!s)
		return NULL;
	s[0] = '\0';
	for (int i = 0; i < n; i++)
		len += (size_t)snprintf(s + len, cap - len, "%s%d %d",
					i ? " " : "", jumps[i].from + 1,
					jumps[i].to + 1);
	return s;
}
