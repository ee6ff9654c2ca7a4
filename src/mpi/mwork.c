/* mwork.c - the per-rank work directories of pegsol-mpi (mwork.h). */
#include "mwork.h"

#include "cli.h"
#include "sets_print.h"
#include "sets_prune.h"

#include "pegsol/afile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int failed; /* a work call failed (agreed on every rank) */

int mwork_failed(void)
{
	return failed;
}

/* Agree on a local error (printed by the caller): -1 everywhere. */
static int agree(struct dist *d, int bad)
{
	if (dist_any(d, bad)) {
		failed = 1;
		return -1;
	}
	return 0;
}

static void level_path(char *buf, size_t n, const char *dir, int rank,
		       int pegs)
{
	snprintf(buf, n, "%.3000s/rank-%d/F-%03d.lvl", dir, rank, pegs);
}

/* A code in hex: 16 digits (64-bit codes), 32 in the 128-bit copy. */
static int put_hex(char *t, size_t cap, peg_u128 v)
{
#ifdef DIST_WIDE
	return snprintf(t, cap, "%016llx%016llx", (unsigned long long)(v >> 64),
			(unsigned long long)v);
#else
	return snprintf(t, cap, "%016llx", (unsigned long long)v);
#endif
}

/* The manifest of the run (malloc'd) and its tag. */
static char *manifest(const struct dist *d, const struct peg_sets *s,
		      uint64_t *tag)
{
	size_t cap = strlen(s->spec) + 256 + 8 * (size_t)s->n_group, k;
	char *t = malloc(cap);

	if (!t)
		return NULL;
	k = (size_t)snprintf(t, cap,
			     "pegsol-mpi sets work directory 1\nboard %s\n"
			     "holes %d\nstart ",
			     s->spec, s->n_holes);
	k += (size_t)put_hex(t + k, cap - k, s->start);
	k += (size_t)snprintf(t + k, cap - k, "\ngoal ");
	if (s->anywhere)
		k += (size_t)snprintf(t + k, cap - k, "anywhere");
	else
		k += (size_t)put_hex(t + k, cap - k, s->finish);
	k += (size_t)snprintf(t + k, cap - k, "\ngroup %s",
			      cli_group_name(s->group_kind));
	for (int i = 0; i < s->n_group && k < cap; i++)
		k += (size_t)snprintf(t + k, cap - k, " %d", s->group[i]);
	if (k < cap)
		k += (size_t)snprintf(t + k, cap - k,
				      "\ncodes %d\nranks %d\nsets forward\n",
				      DCODE_BITS, d->size);
	/* the pruning, as pegsol's manifest names it: levels made with
	 * other pruning (or none) are not resumed */
	if (s->prune && k < cap)
		sets_prune_manifest(s->prune, t + k, cap - k);
	*tag = peg_afile_hash(t, strlen(t));
	return t;
}

/* Rank 0: make dir and write or check its manifest m.  0 or -1 (printed). */
static int take_dir(const char *dir, const char *m)
{
	char path[3100], *old;
	struct stat sb;
	struct peg_afile *af;
	struct peg_err err;
	FILE *fp;
	size_t len = strlen(m), got;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		cli_error("cannot make the work directory '%s': %s",
			  cli_q(dir), strerror(errno));
		return -1;
	}
	if (stat(dir, &sb) || !S_ISDIR(sb.st_mode)) {
		cli_error("'%s' is not a directory", cli_q(dir));
		return -1;
	}
	snprintf(path, sizeof(path), "%.3000s/manifest", dir);
	fp = fopen(path, "rb");
	if (!fp) {
		if (peg_afile_open(path, &af, &err)) {
			cli_error("%s", err.msg);
			return -1;
		}
		peg_afile_printf(af, "%s", m);
		if (peg_afile_commit(af, &err)) {
			cli_error("%s", err.msg);
			return -1;
		}
		return 0;
	}
	old = malloc(len + 2);
	got = old ? fread(old, 1, len + 1, fp) : 0;
	fclose(fp);
	if (!old || got != len || memcmp(old, m, len)) {
		free(old);
		cli_error("'%s' is the work directory of another problem or "
			  "number of ranks (its manifest differs)",
			  cli_q(dir));
		return -1;
	}
	free(old);
	return 0;
}

int mwork_resume(const char *dir, struct dist *d, struct peg_sets *s,
		 struct dlevel *F, int bottom)
{
	uint64_t tag = 0;
	char *m = manifest(d, s, &tag), path[3100];
	int bad = !m, top = s->start_pegs, k = top, all = 0;
	struct peg_err err;

	if (!d->rank && !bad)
		bad = take_dir(dir, m);
	free(m);
	if (agree(d, bad))
		return -1;
	/* local disks: DIR may be missing on the other ranks' nodes */
	if (d->rank)
		(void)mkdir(dir, 0777);
	snprintf(path, sizeof(path), "%.3000s/rank-%d", dir, d->rank);
	if (mkdir(path, 0777) && errno != EEXIST) {
		cli_error("cannot make '%s': %s", cli_q(path), strerror(errno));
		bad = 1;
	}
	if (agree(d, bad))
		return -1;
	/* the lowest level this rank holds with every level above it */
	for (int n = top - 1; n >= bottom; n--) {
		level_path(path, sizeof(path), dir, d->rank, n);
		if (access(path, F_OK))
			break;
		k = n;
	}
	MPI_Allreduce(&k, &all, 1, MPI_INT, MPI_MAX, d->comm);
	if (all == top)
		return top;
	for (int n = top - 1; n >= all && !bad; n--) {
		struct peg_level l = {0};

		level_path(path, sizeof(path), dir, d->rank, n);
		if (peg_sets_level_load(s, path, n, tag, n == all, &l, &err)) {
			cli_error("%s", err.msg);
			bad = 1;
			break;
		}
		s->F[n].n = l.n;
		s->F[n].raw = l.raw;
		s->F[n].have = 1;
		if (n == all) {
			F[n].a = (dcode *)(void *)l.code;
			F[n].n = l.n;
		}
	}
	if (agree(d, bad))
		return -1;
	for (int n = top - 1; n >= all; n--) {
		s->F[n].n = (size_t)dist_sum(d, s->F[n].n);
		s->F[n].raw = dist_sum(d, s->F[n].raw);
	}
	dlevel_free(&F[top]);
	s->resumed = all;
	if (!d->rank)
		fprintf(stderr, "pegsol-mpi sets: resuming from level %d\n",
			all);
	return all;
}

int mwork_save(const char *dir, struct dist *d, const struct peg_sets *s,
	       int m, const struct dlevel *l, const struct peg_level *sl)
{
	uint64_t tag = 0;
	char *mf = manifest(d, s, &tag), path[3100];
	struct peg_level lv = {0};
	struct peg_err err;
	int bad = !mf;

	free(mf);
	lv.n = l->n;
#ifdef DIST_WIDE
	lv.code128 = l->a;
#else
	lv.code = l->a;
#endif
	lv.pack = l->pk; /* a level spilled under a budget (dspill.c) */
	lv.raw = sl->raw ? dist_raw(d, l) : 0;
	lv.have = 1;
	level_path(path, sizeof(path), dir, d->rank, m);
	if (!bad && peg_sets_level_save(s, path, m, &lv, tag, &err)) {
		cli_error("%s", err.msg);
		bad = 1;
	}
	return agree(d, bad);
}

uint64_t mwork_bytes(const char *dir, struct dist *d,
		     const struct peg_sets *s, int bottom)
{
	uint64_t sum = 0;
	char path[3100];
	struct stat sb;

	for (int n = s->start_pegs - 1; n >= bottom; n--) {
		level_path(path, sizeof(path), dir, d->rank, n);
		if (!stat(path, &sb))
			sum += (uint64_t)sb.st_size;
	}
	return dist_sum(d, sum);
}
