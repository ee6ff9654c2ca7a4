/* session.c - a game in progress: history, undo/redo, game ids (session.h). */
#include "pegsol/session.h"

#include "play_int.h"

#include "pegsol/pos.h"
#include "pegsol/solution.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct peg_session *peg_session_new(struct peg_board *b,
				    const unsigned char *start,
				    const struct peg_goal *goal,
				    struct peg_err *err)
{
	struct peg_session *s = calloc(1, sizeof(*s));
	size_t n = (size_t)b->n_holes;

	if (!s) {
		peg_board_free(b);
		peg_err_set(err, "out of memory");
		return NULL;
	}
	s->b = b;
	s->goal = *goal;
	s->start = malloc(n ? n : 1);
	s->pegs = malloc(n ? n : 1);
	if (!s->start || !s->pegs) {
		peg_session_free(s);
		peg_err_set(err, "out of memory");
		return NULL;
	}
	if (goal->kind != PEG_GOAL_ANYWHERE &&
	    (goal->hole < 0 || goal->hole >= b->n_holes)) {
		peg_session_free(s);
		peg_err_set(err, "goal hole is not on the board");
		return NULL;
	}
	memcpy(s->start, start, n);
	memcpy(s->pegs, start, n);
	return s;
}

/* The board of a spec, refused from the spec alone when it would have
 * more than max_holes holes (0 = no limit). */
static struct peg_board *parse_board(const char *spec, int max_holes,
				     struct peg_err *err)
{
	if (max_holes <= 0)
		return peg_board_parse(spec, err);
	return peg_board_parse_max(spec, max_holes, err);
}

struct peg_session *peg_session_create(const char *spec, const char *position,
				       const char *vacate, const char *goal,
				       struct peg_err *err)
{
	return peg_session_create_max(spec, position, vacate, goal, 0, err);
}

struct peg_session *peg_session_create_max(const char *spec,
					   const char *position,
					   const char *vacate,
					   const char *goal, int max_holes,
					   struct peg_err *err)
{
	struct peg_board *b = parse_board(spec, max_holes, err);
	unsigned char *pegs = NULL, *v = NULL;
	struct peg_session *s = NULL;
	struct peg_goal g;

	if (!b)
		return NULL;
	pegs = malloc((size_t)b->n_holes);
	v = calloc((size_t)b->n_holes, 1);
	if (!pegs || !v) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	if (position && *position) {
		if (peg_pos_parse(b, position, pegs, err))
			goto fail;
	} else {
		memset(pegs, 1, (size_t)b->n_holes);
	}
	if (vacate && *vacate) {
		if (peg_board_parse_holes(b, vacate, v, err) < 0)
			goto fail;
		for (int h = 0; h < b->n_holes; h++)
			if (v[h])
				pegs[h] = 0;
	}
	if (peg_goal_parse(b, goal, pegs, &g, err))
		goto fail;
	s = peg_session_new(b, pegs, &g, err);
	b = NULL;
fail:
	peg_board_free(b);
	free(pegs);
	free(v);
	return s;
}

void peg_session_free(struct peg_session *s)
{
	if (!s)
		return;
	peg_board_free(s->b);
	free(s->start);
	free(s->pegs);
	free(s->hist);
	free(s);
}

static int reserve(struct peg_session *s, int n, struct peg_err *err)
{
	struct peg_jump *h;
	int cap;

	if (n <= s->cap)
		return 0;
	cap = s->cap ? s->cap : 16;
	while (cap < n)
		cap *= 2;
	h = realloc(s->hist, sizeof(*h) * (size_t)cap);
	if (!h) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	s->hist = h;
	s->cap = cap;
	return 0;
}

int peg_session_play(struct peg_session *s, const struct peg_jump *j,
		     struct peg_err *err)
{
	char a[32], c[32];

	if (j->from < 0 || j->from >= s->b->n_holes || j->over < 0 ||
	    j->over >= s->b->n_holes || j->to < 0 || j->to >= s->b->n_holes ||
	    !peg_jump_legal(s->pegs, j)) {
		peg_err_set(err, "jump '%s-%s' is not legal here",
			    j->from >= 0 && j->from < s->b->n_holes
				    ? peg_board_hole_name(s->b, j->from, a,
							  sizeof(a))
				    : "?",
			    j->to >= 0 && j->to < s->b->n_holes
				    ? peg_board_hole_name(s->b, j->to, c,
							  sizeof(c))
				    : "?");
		return -1;
	}
	if (s->cur < s->n_hist && !memcmp(&s->hist[s->cur], j, sizeof(*j))) {
		peg_session_redo(s);
		return 0;
	}
	if (reserve(s, s->cur + 1, err))
		return -1;
	s->hist[s->cur++] = *j;
	s->n_hist = s->cur;
	peg_jump_apply(s->pegs, j);
	return 0;
}

int peg_session_play_holes(struct peg_session *s, int from, int to,
			   struct peg_err *err)
{
	const struct peg_board *b = s->b;
	char a[32], c[32];

	if (from < 0 || from >= b->n_holes || to < 0 || to >= b->n_holes) {
		peg_err_set(err, "hole number out of range");
		return -1;
	}
	for (int k = b->jump_first[from]; k < b->jump_first[from + 1]; k++)
		if (b->jumps[k].to == to && peg_jump_legal(s->pegs, &b->jumps[k]))
			return peg_session_play(s, &b->jumps[k], err);
	peg_err_set(err, "no legal jump from '%s' to '%s'",
		    peg_board_hole_name(b, from, a, sizeof(a)),
		    peg_board_hole_name(b, to, c, sizeof(c)));
	return -1;
}

int peg_session_undo(struct peg_session *s)
{
	if (s->cur == 0)
		return -1;
	peg_jump_undo(s->pegs, &s->hist[--s->cur]);
	return 0;
}

int peg_session_redo(struct peg_session *s)
{
	if (s->cur >= s->n_hist)
		return -1;
	peg_jump_apply(s->pegs, &s->hist[s->cur++]);
	return 0;
}

void peg_session_reset(struct peg_session *s)
{
	while (!peg_session_undo(s))
		;
}

int peg_session_set_future(struct peg_session *s, const struct peg_jump *j,
			   int n, struct peg_err *err)
{
	unsigned char *check = malloc((size_t)s->b->n_holes);

	if (!check) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	memcpy(check, s->pegs, (size_t)s->b->n_holes);
	if (peg_jumps_replay(s->b, j, n, check, err) ||
	    reserve(s, s->cur + n, err)) {
		free(check);
		return -1;
	}
	free(check);
	memcpy(s->hist + s->cur, j, sizeof(*j) * (size_t)n);
	s->n_hist = s->cur + n;
	return 0;
}

int peg_session_load_moves(struct peg_session *s, const char *text,
			   struct peg_err *err)
{
	struct peg_moves mv;
	struct peg_jump *jumps = NULL;
	unsigned char *pegs;
	int n = 0, r;

	if (peg_moves_parse(s->b, text, &mv, err))
		return -1;
	pegs = malloc((size_t)s->b->n_holes);
	if (!pegs) {
		peg_moves_free(&mv);
		peg_err_set(err, "out of memory");
		return -1;
	}
	memcpy(pegs, s->pegs, (size_t)s->b->n_holes);
	r = peg_moves_replay(s->b, &mv, pegs, &jumps, &n, err);
	peg_moves_free(&mv);
	free(pegs);
	if (!r)
		r = peg_session_set_future(s, jumps, n, err);
	free(jumps);
	return r;
}

int peg_session_jumps(const struct peg_session *s)
{
	return s->cur;
}

int peg_session_moves(const struct peg_session *s)
{
	return peg_jumps_count_moves(s->hist, s->cur);
}

int peg_session_pegs(const struct peg_session *s)
{
	return peg_pos_count(s->pegs, s->b->n_holes);
}

int peg_session_won(const struct peg_session *s)
{
	return peg_goal_reached(&s->goal, s->pegs, s->b->n_holes);
}

int peg_session_n_legal(const struct peg_session *s)
{
	int n = 0;

	for (int k = 0; k < s->b->n_jumps; k++)
		n += peg_jump_legal(s->pegs, &s->b->jumps[k]);
	return n;
}

char *peg_session_position_text(const struct peg_board *b,
				const unsigned char *pegs)
{
	int n = b->n_holes, n_pegs = peg_pos_count(pegs, n);
	unsigned char *inv;
	char *list, *out;
	size_t len;

	if (n_pegs == n)
		return strdup("full");
	if (n_pegs == 0)
		return strdup("empty");
	if (2 * n_pegs <= n)
		list = peg_pos_list(b, pegs);
	else {
		inv = malloc((size_t)n);
		if (!inv)
			return NULL;
		for (int h = 0; h < n; h++)
			inv[h] = !pegs[h];
		list = peg_pos_list(b, inv);
		free(inv);
	}
	if (!list)
		return NULL;
	len = strlen(list) + 8;
	out = malloc(len);
	if (out)
		snprintf(out, len, "%s%s", 2 * n_pegs <= n ? "pegs:" : "empty:",
			 list);
	free(list);
	return out;
}

char *peg_session_save(const struct peg_session *s, int with_future)
{
	char goal[64], *start, *played, *future = NULL, *out = NULL;
	size_t len;

	peg_goal_format(s->b, &s->goal, goal, sizeof(goal));
	start = peg_session_position_text(s->b, s->start);
	played = peg_jumps_format(s->b, s->hist, s->cur);
	if (with_future && s->n_hist > s->cur)
		future = peg_jumps_format(s->b, s->hist + s->cur,
					  s->n_hist - s->cur);
	if (!start || !played || (with_future && s->n_hist > s->cur && !future))
		goto out;
	/* Bell notation separates moves with ", ": drop the spaces */
	for (char *p = played, *q = played;; p++) {
		if (*p != ' ')
			*q++ = *p;
		if (!*p)
			break;
	}
	for (char *p = future, *q = future; p; p++) {
		if (*p != ' ')
			*q++ = *p;
		if (!*p)
			break;
	}
	len = strlen(s->b->spec) + strlen(start) + strlen(goal) +
	      strlen(played) + (future ? strlen(future) : 0) + 8;
	out = malloc(len);
	if (out)
		snprintf(out, len, "%s;%s;%s;%s%s%s", s->b->spec, start, goal,
			 played, future ? ";" : "", future ? future : "");
out:
	free(start);
	free(played);
	free(future);
	return out;
}

struct peg_session *peg_session_load(const char *id, struct peg_err *err)
{
	return peg_session_load_max(id, 0, err);
}

/* Split a game id into its fields: the malloc'd copy the fields point
 * into, or NULL with err. */
static char *split_id(const char *id, char *field[5], int *n_fields,
		      struct peg_err *err)
{
	char *text, *p;
	int n_sep = 0;

	if (!id || !*id) {
		peg_err_set(err, "empty game id");
		return NULL;
	}
	text = strdup(id);
	if (!text) {
		peg_err_set(err, "out of memory");
		return NULL;
	}
	/* strip a trailing newline (a game id read from a file) */
	for (p = text + strlen(text); p > text && (p[-1] == '\n' ||
						   p[-1] == '\r');)
		*--p = 0;
	for (p = text; *p; p++)
		n_sep += *p == ';';
	if (n_sep < 3) {
		peg_err_set(err,
			    "game id '%.60s' needs 4 or 5 fields "
			    "SPEC;START;GOAL;MOVES[;FUTURE]",
			    id);
		free(text);
		return NULL;
	}
	/* fields from the right: 3 separators make 4 fields, 4 make 5; with
	 * more the spec has ';' in it, and a FUTURE field is recognised when
	 * the START field it implies is a position text */
	*n_fields = 4;
	{
		char *seps[5];
		int k = 0;

		for (p = text + strlen(text); p > text && k < 4; p--)
			if (p[-1] == ';')
				seps[k++] = p - 1;
		if (k == 4) {
			/* candidate with a future: START is between seps[3]
			 * and seps[2]; accept if it parses as a start form */
			char *st = seps[3] + 1;

			if (n_sep == 4 || !strncmp(st, "full;", 5) ||
			    !strncmp(st, "empty", 5) || !strncmp(st, "pegs:", 5))
				*n_fields = 5;
		}
		for (int i = 0; i < *n_fields - 1; i++) {
			*seps[i] = 0;
			field[*n_fields - 1 - i] = seps[i] + 1;
		}
		field[0] = text;
	}
	return text;
}

struct peg_session *peg_session_load_max(const char *id, int max_holes,
					 struct peg_err *err)
{
	char *text, *field[5];
	int n_fields;
	struct peg_session *s = NULL;
	struct peg_moves mv;
	struct peg_jump *jumps = NULL;
	int nj = 0;

	text = split_id(id, field, &n_fields, err);
	if (!text)
		return NULL;
	{
		struct peg_session *t = peg_session_create_max(
			field[0], field[1], NULL, field[2], max_holes, err);

		if (!t)
			goto out;
		s = t;
	}
	if (*field[3]) {
		if (peg_moves_parse(s->b, field[3], &mv, err))
			goto fail;
		if (peg_moves_replay(s->b, &mv, s->pegs, &jumps, &nj, err)) {
			peg_moves_free(&mv);
			goto fail;
		}
		peg_moves_free(&mv);
		if (reserve(s, nj, err))
			goto fail;
		memcpy(s->hist, jumps, sizeof(*jumps) * (size_t)nj);
		s->cur = s->n_hist = nj;
	}
	if (n_fields == 5 && *field[4] &&
	    peg_session_load_moves(s, field[4], err))
		goto fail;
	goto out;
fail:
	peg_session_free(s);
	s = NULL;
out:
	free(jumps);
	free(text);
	return s;
}

/* Replay the comma-separated moves of text from pegs (changed in place),
 * appending their jumps to *jumps (*nj of them); stops before the first
 * move that does not parse or is illegal.  Returns the moves replayed,
 * *all set when that is every one. */
static int replay_prefix(const struct peg_board *b, const char *text,
			 unsigned char *pegs, struct peg_jump **jumps,
			 int *nj, int *all)
{
	char *copy, *tok, *next;
	unsigned char *tmp;
	int n = 0;

	*all = !*text;
	if (!*text)
		return 0;
	copy = strdup(text);
	tmp = malloc((size_t)b->n_holes);
	for (tok = copy; copy && tmp && tok; tok = next, n++) {
		struct peg_moves mv;
		struct peg_jump *j = NULL, *grown;
		struct peg_err err;
		int k = 0, r;

		next = strchr(tok, ',');
		if (next)
			*next++ = 0;
		if (peg_moves_parse(b, tok, &mv, &err))
			break;
		memcpy(tmp, pegs, (size_t)b->n_holes);
		r = peg_moves_replay(b, &mv, tmp, &j, &k, &err);
		peg_moves_free(&mv);
		grown = r ? NULL
			  : realloc(*jumps, sizeof(*j) * (size_t)(*nj + k + 1));
		if (!grown) {
			free(j);
			break;
		}
		*jumps = grown;
		memcpy(*jumps + *nj, j, sizeof(*j) * (size_t)k);
		*nj += k;
		free(j);
		memcpy(pegs, tmp, (size_t)b->n_holes);
		if (!next)
			*all = 1;
	}
	free(tmp);
	free(copy);
	return n;
}

struct peg_session *pegpl_session_load_prefix(const char *id, int max_holes,
					      int *bad, struct peg_err *err)
{
	char *text, *field[5];
	int n_fields, n, all, nj = 0;
	struct peg_session *s = NULL;
	struct peg_jump *jumps = NULL;
	unsigned char *pegs = NULL;

	*bad = -1;
	text = split_id(id, field, &n_fields, err);
	if (!text)
		return NULL;
	s = peg_session_create_max(field[0], field[1], NULL, field[2],
				   max_holes, err);
	if (!s)
		goto out;
	pegs = malloc((size_t)s->b->n_holes);
	if (!pegs) {
		peg_err_set(err, "out of memory");
		goto fail;
	}
	memcpy(pegs, s->pegs, (size_t)s->b->n_holes);
	n = replay_prefix(s->b, field[3], pegs, &jumps, &nj, &all);
	for (int i = 0; i < nj; i++)
		if (peg_session_play(s, &jumps[i], err))
			goto fail;
	if (!all) {
		*bad = n;
		goto out;
	}
	if (n_fields == 5 && *field[4]) {
		int k;

		free(jumps);
		jumps = NULL;
		nj = 0;
		k = replay_prefix(s->b, field[4], pegs, &jumps, &nj, &all);
		if (peg_session_set_future(s, jumps, nj, err))
			goto fail;
		if (!all)
			*bad = n + k;
	}
	goto out;
fail:
	peg_session_free(s);
	s = NULL;
out:
	free(pegs);
	free(jumps);
	free(text);
	return s;
}
