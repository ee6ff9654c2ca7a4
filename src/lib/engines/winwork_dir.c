/* winwork_dir.c - the forward work directories --winning reads
 * (winwork.h): their manifests read and checked field by field, so that
 * a directory made for another goal serves when start, group and codes
 * agree and it is not pruned (an unpruned forward set depends on the
 * start and the group alone), and the symmetry tau that maps the
 * forward levels of the reverse problem's start (--reverse-work) onto
 * it. */
#include "winwork_int.h"

#include "pegsol/afile.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Read a file whole (small: a manifest).  malloc'd with a NUL after its
 * *len bytes, or NULL. */
char *pegww_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *t = NULL;
	long sz;

	if (!fp)
		return NULL;
	if (!fseek(fp, 0, SEEK_END) && (sz = ftell(fp)) >= 0 && sz < 65536 &&
	    !fseek(fp, 0, SEEK_SET) && (t = malloc((size_t)sz + 1))) {
		*len = fread(t, 1, (size_t)sz, fp);
		t[*len] = 0;
	}
	fclose(fp);
	return t;
}

/* A 32-digit hex number of the manifest (a 128-bit position) as 64 bits;
 * -1 when it is not one or passes 64 bits. */
static int hex64(const char *s, uint64_t *v)
{
	uint64_t hi = 0, lo = 0;
	int k = 0;

	for (; k < 32; k++) {
		int d = s[k] >= '0' && s[k] <= '9'   ? s[k] - '0'
			: s[k] >= 'a' && s[k] <= 'f' ? s[k] - 'a' + 10
						     : -1;

		if (d < 0)
			return -1;
		if (k < 16)
			hi = hi << 4 | (uint64_t)d;
		else
			lo = lo << 4 | (uint64_t)d;
	}
	if (s[k] != '\n' || hi)
		return -1;
	*v = lo;
	return 0;
}

/* The line of m that starts with key (and a space): its rest, or NULL. */
static const char *field(const char *m, const char *key)
{
	size_t k = strlen(key);

	for (const char *l = m; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l)
		if (!strncmp(l, key, k) && l[k] == ' ')
			return l + k + 1;
	return NULL;
}

int pegww_manifest_read(const char *dir, const struct peg_board *b,
			struct pegww_man *man, struct peg_err *err)
{
	char path[3100], *want = NULL;
	const char *f;
	char *m;
	size_t len = 0;
	int rc = -1, k;

	memset(man, 0, sizeof(*man));
	snprintf(path, sizeof(path), "%.3000s/manifest", dir);
	m = pegww_slurp(path, &len);
	if (!m) {
		peg_err_set(err, "'%.180s' holds no forward run (no manifest: "
			    "pegsol sets --forward-only --work DIR first)",
			    dir);
		return -1;
	}
	man->tag = peg_afile_hash(m, len);
	/* the whole spec (a file: board's path can be long) */
	want = malloc(strlen(b->spec) + 64);
	if (!want) {
		peg_err_set(err, "out of memory");
		goto out;
	}
	sprintf(want, "pegsol sets work directory 1\nboard %s\nholes %d\n",
		b->spec, b->n_holes);
	if (strncmp(m, want, strlen(want)) || !field(m, "codes") ||
	    strncmp(field(m, "codes"), "64\n", 3) || !strstr(m, "\nsets "
							     "forward\n")) {
		peg_err_set(err, "'%.180s' is the work directory of another "
			    "problem (its board, holes or code width differ)",
			    dir);
		goto out;
	}
	man->pruned = field(m, "prune") != NULL;
	f = field(m, "start");
	if (!f || hex64(f, &man->start)) {
		peg_err_set(err, "'%.180s' cannot be read as a manifest (its "
			    "start)", path);
		goto out;
	}
	f = field(m, "goal");
	man->anywhere = f && !strncmp(f, "anywhere\n", 9);
	if (!f || (!man->anywhere && hex64(f, &man->goal))) {
		peg_err_set(err, "'%.180s' cannot be read as a manifest (its "
			    "goal)", path);
		goto out;
	}
	f = field(m, "group");
	if (!f || !(f = strchr(f, ' '))) {
		peg_err_set(err, "'%.180s' cannot be read as a manifest (its "
			    "group)", path);
		goto out;
	}
	while (*f == ' ' && man->n_group < PEGWW_MAX_GROUP &&
	       sscanf(f, " %d%n", &man->group[man->n_group], &k) == 1) {
		if (man->group[man->n_group] < 0 ||
		    man->group[man->n_group] >= b->n_syms)
			break;
		man->n_group++;
		f += k;
	}
	if (*f != '\n' || !man->n_group) {
		peg_err_set(err, "'%.180s' cannot be read as a manifest (its "
			    "group)", path);
		goto out;
	}
	rc = 0;
out:
	free(want);
	free(m);
	return rc;
}

/* every symmetry of a is in b */
static int subset(const int *a, int na, const int *b, int nb)
{
	for (int i = 0; i < na; i++) {
		int in = 0;

		for (int j = 0; j < nb; j++)
			in |= a[i] == b[j];
		if (!in)
			return 0;
	}
	return 1;
}

/* a and b hold the same symmetries (in any order) */
static int same_set(const int *a, int na, const int *b, int nb)
{
	return na == nb && subset(a, na, b, nb);
}

int pegww_forward_check(struct pegww *w, const char *dir,
			const struct pegww_man *man, struct peg_err *err)
{
	const struct peg_sets *s = w->s;

	int same = same_set(man->group, man->n_group, s->group, s->n_group);

	/* with the reverse directory a larger group serves: its orbits
	 * are expanded or its codes tagged (winwork.h) */
	if (man->start != (uint64_t)s->start ||
	    (!same && (!w->o->rwork || !subset(s->group, s->n_group,
					       man->group, man->n_group)))) {
		peg_err_set(err, "'%.180s' is the work directory of another "
			    "problem (its start or group differ)", dir);
		return -1;
	}
	if (man->pruned) {
		peg_err_set(err, "'%.180s' holds a pruned forward run (--prune "
			    "with its own goal only)", dir);
		return -1;
	}
	return same ? 0
		    : pegww_cg_init(w, &w->FK, man->group, man->n_group, 1, err);
}

int pegww_cg_init(struct pegww *w, struct pegww_cg *cg, const int *group,
		  int n, int coarse, struct peg_err *err)
{
	int *tmp = malloc(sizeof(int) * (size_t)w->b->n_holes);

	cg->coarse = coarse;
	cg->t = peg_symtab64_new_sub(w->b, group, n);
	for (int i = 0; i < n && tmp && cg->t; i++) {
		cg->inv[i] = -1;
		for (int h = 0; h < w->b->n_syms; h++)
			if (pegww_compose(w->b, h, group[i], tmp) == 0)
				cg->inv[i] = h;
	}
	free(tmp);
	if (!tmp || !cg->t) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	while (coarse && (1 << cg->tb) < n)
		cg->tb++;
	if (w->b->n_holes + cg->tb > 64) {
		peg_err_set(err, "a work directory's group is larger than the "
			    "problem's and the board has %d holes (at most %d "
			    "here)", w->b->n_holes, 64 - cg->tb);
		return -1;
	}
	return 0;
}

/* sym index of x o y (x after y), or -1 */
int pegww_compose(const struct peg_board *b, int x, int y, int *tmp)
{
	int n = b->n_holes;

	for (int i = 0; i < n; i++)
		tmp[i] = b->sym[x * n + b->sym[y * n + i]];
	for (int g = 0; g < b->n_syms; g++)
		if (!memcmp(tmp, b->sym + (size_t)g * n, sizeof(int) * n))
			return g;
	return -1;
}

int pegww_find_tau(struct pegww *w, const struct pegww_man *man,
		   struct peg_err *err)
{
	const struct peg_board *b = w->b;
	const struct peg_sets *s = w->s;
	uint64_t rstart = w->full ^ (uint64_t)s->finish;
	int *tmp = malloc(sizeof(int) * (size_t)b->n_holes), moved = 0;
	int *conj = malloc(sizeof(int) * (size_t)s->n_group);

	if (!tmp || !conj || s->n_group > PEGWW_MAX_GROUP) {
		free(tmp);
		free(conj);
		peg_err_set(err, s->n_group > PEGWW_MAX_GROUP
					 ? "a group of over 1024 symmetries"
					 : "out of memory");
		return -1;
	}
	w->tau = w->tau_inv = -1;
	/* K = tau^-1 G tau best; else K a larger group (coarse) */
	for (int g = 0; g < b->n_syms && (w->tau < 0 || w->K.coarse); g++) {
		int gi = -1, ok = 1;

		if (peg_symtab64_apply(s->symtab, g, man->start) != rstart)
			continue;
		moved = 1;
		for (int h = 0; h < b->n_syms; h++)
			if (pegww_compose(b, h, g, tmp) == 0)
				gi = h;
		/* K = tau^-1 H tau: the directory's group is the problem's
		 * moved into its coordinates */
		for (int i = 0; i < s->n_group && gi >= 0 && ok; i++) {
			int x = pegww_compose(b, s->group[i], g, tmp);

			conj[i] = x < 0 ? -1 : pegww_compose(b, gi, x, tmp);
			ok = conj[i] >= 0;
		}
		if (gi < 0 || !ok ||
		    !subset(conj, s->n_group, man->group, man->n_group) ||
		    (w->tau >= 0 && s->n_group != man->n_group))
			continue;
		w->tau = g;
		w->tau_inv = gi;
		w->K.coarse = s->n_group != man->n_group;
		memcpy(w->hconj, conj, sizeof(int) * (size_t)s->n_group);
	}
	free(tmp);
	free(conj);
	if (!moved) {
		peg_err_set(err, "the reverse work directory's start is not "
			    "the reverse problem's (the finish vacated) under "
			    "any symmetry of '%s'", b->spec);
		return -1;
	}
	if (w->tau < 0) {
		peg_err_set(err, "the reverse work directory's group (%d "
			    "symmetr%s) does not hold the problem's moved onto "
			    "it (%d): a forward run with the stabiliser of the "
			    "reverse problem is needed", man->n_group,
			    man->n_group == 1 ? "y" : "ies", s->n_group);
		return -1;
	}
	if (man->pruned) {
		peg_err_set(err, "the reverse work directory holds a pruned "
			    "forward run (an unpruned one is needed)");
		return -1;
	}
	return 0;
}
