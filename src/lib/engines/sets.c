/* sets.c - forward, backward, winning and losing level sets (sets.h); their
 * binary file is sets_file.c.
 *
 * The engine itself is src/lib/engines/sets_impl.h, compiled twice below: with
 * uint64_t codes (boards of up to 64 holes) and with unsigned __int128
 * codes (65 to 128 holes, or any board under the testing switch, see
 * symv_wide).  This file holds what does not depend on the width and the
 * public functions, which pick the body by the sets' width.
 */
#include "pegsol/sets.h"

#include "pegsol/afile.h"
#include "pegsol/fast.h"
#include "pegsol/hashset.h"

#include "sets_prune.h"
#include "sets_prune_lite.h"
#include "symv.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/*
 * How a level is made (expand).  Each worker walks its share of the parents
 * and drops every canonical child into one of NB buckets by the child's top
 * GB bits, straight into a chain of fixed-size blocks (no separate scatter
 * pass).  A bucket stores only the low 32 bits of a code when the bucket
 * number and those bits together give the code back (boards of up to
 * 32 + GB holes), else the low 64 bits when they do (up to 64 + GB holes),
 * else the whole code.  Then the workers split the buckets into contiguous
 * ranges of about equal size; each bucket, small enough for the cache, is
 * radix sorted and deduplicated, and the ranges are concatenated: the
 * level comes out sorted, the same for any number of workers, each
 * worker copying its run into the level.  The blocks (BS entries of the
 * entry size) come in chunks of 8 MB (huge pages, symv_big_alloc) and are
 * kept across levels, as are the workers' sort buffers (ctx_free releases
 * them): fresh pages cost more than the work on them.  The canonical
 * complements of a level (comp_sorted) take the same way, one "child" per
 * parent.
 */
enum { GB = 12, NB = 1 << GB, BS = 1024, CHUNK_BYTES = 8 << 20 };

/*
 * Disk partitions (seed 001 section 3.1; opts.memory).  When the children
 * of a level would need more than the budget (2 codes a child: 16 bytes,
 * or 32 with 128-bit codes: bucket entry, sort buffers, output),
 * expand_disk takes the parents in P chunks; the canonical children of
 * each chunk go through the usual bucket pools and are then appended to P
 * temporary files by code mod P (P odd, so the low bits, mostly 0 in
 * minimal codes, do not skew it).  Then each file is read back, radix
 * sorted and deduplicated alone (the workers take the files in turn) and
 * written back sorted in place, and the P sorted runs, disjoint since a
 * code lives in one partition only, are merged with a heap into the level.
 * The files live in a fresh directory under tmpdir and are deleted before
 * expand_disk returns.  Everything but the merge order is the in-memory
 * algorithm, so the level is the same.
 */
enum { PB = 2048, PMAX = 251 }; /* codes per file buffer, most files */

struct diskstat {
	size_t budget;      /* bytes, 0 = none */
	int force;          /* > 1: this many partitions on every level */
	const char *tmpdir; /* NULL: $TMPDIR or /tmp */
	int maxp;           /* most partitions used by one level */
	uint64_t bytes;     /* bytes written to temporary files */
	int io;             /* an I/O error happened, described in msg */
	char msg[200];
};

/* Progress (opts.progress): one report after each finished level, on the
 * calling thread; the phase's running total restarts with each phase. */
struct progress {
	peg_progress_fn *fn; /* NULL: no reports */
	void *ctx;
	const struct diskstat *ds; /* disk partitions, or NULL */
	int phase;                 /* the phase being reported, -1 none yet */
	uint64_t total;
};

static void progress_level(struct progress *pg, enum peg_phase phase,
			   int pegs, size_t n)
{
	struct peg_progress p = {0};

	if (!pg || !pg->fn)
		return;
	if (pg->phase != (int)phase) {
		pg->phase = (int)phase;
		pg->total = 0;
	}
	pg->total += n;
	p.phase = phase;
	p.pegs = pegs;
	p.positions = n;
	p.total = pg->total;
	if (pg->ds) {
		p.partitions = pg->ds->maxp;
		p.disk_bytes = pg->ds->bytes;
	}
	pg->fn(pg->ctx, &p);
}

static void disk_error(struct diskstat *ds, const char *what, const char *path,
		       int eno)
{
	if (ds->io)
		return;
	ds->io = 1;
	snprintf(ds->msg, sizeof(ds->msg), "%s '%.120s': %s", what, path,
		 strerror(eno));
}

static int is_prime(uint64_t x)
{
	if (x < 2)
		return 0;
	for (uint64_t d = 2; d * d <= x; d++)
		if (x % d == 0)
			return 0;
	return 1;
}

/* The partitions for a level whose children need `bytes` on nt workers:
 * 1 = in memory. */
static int partitions_pick(const struct diskstat *ds, uint64_t bytes, int nt)
{
	uint64_t need;

	if (ds->force > 1)
		return ds->force < PMAX ? ds->force : PMAX;
	if (!ds->budget || bytes <= ds->budget)
		return 1;
	need = bytes * (uint64_t)nt / ds->budget + 1;
	if (need < 3)
		need = 3;
	while (need < PMAX && !is_prime(need))
		need++;
	return need < PMAX ? (int)need : PMAX;
}

static void part_path(char *buf, size_t n, const char *dir, int i)
{
	snprintf(buf, n, "%.3000s/part-%d", dir, i);
}

/* A fresh directory for the partition files.  0, or -1 with ds->msg. */
static int part_dir(struct diskstat *ds, char *dir, size_t n)
{
	const char *td = ds->tmpdir;

	if (!td || !*td)
		td = getenv("TMPDIR");
	if (!td || !*td)
		td = "/tmp";
	snprintf(dir, n, "%.3000s/pegsol-sets-XXXXXX", td);
	if (!mkdtemp(dir)) {
		disk_error(ds, "cannot create a temporary directory in", td,
			   errno);
		return -1;
	}
	return 0;
}

/* The jumps of b by from hole and by to hole: from_list[from_first[h] ..
 * from_first[h + 1]) are the jumps from h (from_first has n + 1 entries,
 * zeroed; to_first likewise).  0, or -1 out of memory. */
static int jump_index(const struct peg_board *b, int *from_first,
		      int *from_list, int *to_first, int *to_list)
{
	int n = b->n_holes, nj = b->n_jumps;
	int *fp = malloc(sizeof(int) * (size_t)(n + 1));
	int *tp = malloc(sizeof(int) * (size_t)(n + 1));

	if (!fp || !tp) {
		free(fp);
		free(tp);
		return -1;
	}
	for (int k = 0; k < nj; k++) {
		from_first[b->jumps[k].from + 1]++;
		to_first[b->jumps[k].to + 1]++;
	}
	for (int h = 0; h < n; h++) {
		from_first[h + 1] += from_first[h];
		to_first[h + 1] += to_first[h];
	}
	memcpy(fp, from_first, sizeof(int) * (size_t)n);
	memcpy(tp, to_first, sizeof(int) * (size_t)n);
	for (int k = 0; k < nj; k++) {
		from_list[fp[b->jumps[k].from]++] = k;
		to_list[tp[b->jumps[k].to]++] = k;
	}
	free(fp);
	free(tp);
	return 0;
}

static void level_free(struct peg_level *l)
{
	free(l->code);
	peg_lpack_free(l->pack);
	memset(l, 0, sizeof(*l));
}

/* Is code in a packed level?  (Its own codec: callers may be threads.) */
static int packed_has(const struct peg_level *l, peg_u128 code)
{
	struct peg_lf *c = peg_lf_new();
	int r = c ? peg_lpack_has(l->pack, c, code) : -1;

	peg_lf_free(c);
	return r == 1;
}

/*
 * The lift (opts.lift, complement problems under a stabiliser H smaller
 * than the board group G).  First the whole pipeline runs under G: the
 * problem loosened to "finish anywhere in the finish's orbit", whose
 * winning orbits W^G contain every winning position of the exact problem.
 * Then the forward sets under H are rebuilt from the start keeping only
 * children whose G-orbit is in W^G:
 *
 *     R_(N-1) = {start},  R_(n-1) = D(R_n) restricted to W^G_(n-1)
 *
 * so W_n <= R_n <= F_n, and W_n = R_n intersect ~R_(N-n) (eq. 7 with R
 * for F) and eq. 9 hold with R in place of F.  R is stored as F (from
 * the start down to `bottom`); it is about as small as W, so the costly
 * forward pass runs on the G-reduced sets, |G|/|H| times smaller.
 */
/* The lift pays when every image of the start is in the start's position
 * class (seed 001 section 3, "Type A"): then the G-orbits reachable from
 * the start are about |G|/|H| times fewer than the H-orbits.  When the
 * images fall in other classes (types B and C on the English board) the
 * G-reduced sets are hardly smaller and the lift costs more than it
 * saves (measured: c1 53 s against 43 s). */
static int lift_pays(const struct peg_board *b, const unsigned char *start)
{
	int n = b->n_holes, same = 1;
	unsigned char *img = malloc((size_t)n);

	if (!img)
		return 0;
	for (int g = 1; g < b->n_syms && same == 1; g++) {
		for (int i = 0; i < n; i++)
			img[b->sym[g * n + i]] = start[i];
		same = peg_solve_same_class(b, start, img);
	}
	free(img);
	return same == 1;
}

/*
 * The work directory of a long forward run (opts.work; docs/solve.md "Long
 * runs").  DIR/manifest names the exact problem (board spec, start, goal,
 * group, code width, which sets); every finished level n is DIR/F-nnn.lvl
 * (peg_sets_level_save), tagged with the manifest's hash.  A directory is
 * taken when it does not exist yet (it is made), is empty (the manifest
 * is written) or holds the same manifest; anything else is refused.
 */
struct work {
	const char *dir;
	uint64_t tag; /* XXH3-64 of the manifest */
	uint64_t bytes; /* of the level files written or found */
};

static void work_path(char *buf, size_t n, const char *dir, int pegs)
{
	snprintf(buf, n, "%.3000s/F-%03d.lvl", dir, pegs);
}

static void hex128(char *buf, size_t n, peg_u128 v)
{
	snprintf(buf, n, "%016llx%016llx", (unsigned long long)(v >> 64),
		 (unsigned long long)v);
}

/* The manifest of s's forward run (malloc'd), or NULL. */
static char *work_manifest(const struct peg_sets *s)
{
	static const char *gname[] = {"stab", "full", "none"};
	size_t cap = strlen(s->spec) + 256 + 8 * (size_t)s->n_group;
	char *t = malloc(cap), st[40], fi[40];
	size_t k;

	if (!t)
		return NULL;
	hex128(st, sizeof(st), s->start);
	hex128(fi, sizeof(fi), s->finish);
	k = (size_t)snprintf(t, cap,
			     "pegsol sets work directory 1\nboard %s\n"
			     "holes %d\nstart %s\ngoal %s\ngroup %s",
			     s->spec, s->n_holes, st,
			     s->anywhere ? "anywhere" : fi,
			     gname[s->group_kind]);
	for (int i = 0; i < s->n_group && k < cap; i++)
		k += (size_t)snprintf(t + k, cap - k, " %d", s->group[i]);
	if (k < cap)
		k += (size_t)snprintf(t + k, cap - k,
				      "\ncodes %d\nsets forward\n",
				      s->wide ? 128 : 64);
	/* the pruning (sets_prune_manifest): levels made with other
	 * pruning are not resumed */
	if (s->prune && k < cap)
		sets_prune_manifest(s->prune, t + k, cap - k);
	return t;
}

/* Take dir for s's run (see above).  0, or -1 with err. */
static int work_open(struct work *w, const struct peg_sets *s,
		     const char *dir, struct peg_err *err)
{
	char path[3100], *m = work_manifest(s), *old = NULL;
	struct stat sb;
	FILE *fp;
	int rc = -1;

	memset(w, 0, sizeof(*w));
	w->dir = dir;
	if (!m) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	w->tag = peg_afile_hash(m, strlen(m));
	if (mkdir(dir, 0777) && errno != EEXIST) {
		peg_err_set(err, "cannot make the work directory '%.180s': %s",
			    dir, strerror(errno));
		goto out;
	}
	if (stat(dir, &sb) || !S_ISDIR(sb.st_mode)) {
		peg_err_set(err, "'%.180s' is not a directory", dir);
		goto out;
	}
	snprintf(path, sizeof(path), "%.3000s/manifest", dir);
	fp = fopen(path, "rb");
	if (fp) {
		size_t len = strlen(m), got;

		old = malloc(len + 2);
		got = old ? fread(old, 1, len + 1, fp) : 0;
		fclose(fp);
		if (!old) {
			peg_err_set(err, "out of memory");
			goto out;
		}
		if (got != len || memcmp(old, m, len)) {
			peg_err_set(err, "'%.180s' is the work directory of "
				    "another problem or command (its manifest "
				    "differs)", dir);
			goto out;
		}
	} else {
		DIR *d = opendir(dir);
		struct dirent *e;
		struct peg_afile *af;
		int empty = 1;

		while (d && (e = readdir(d)))
			if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
				empty = 0;
		if (d)
			closedir(d);
		if (!d || !empty) {
			peg_err_set(err, "'%.180s' is not empty and holds no "
				    "pegsol sets manifest", dir);
			goto out;
		}
		if (peg_afile_open(path, &af, err))
			goto out;
		peg_afile_printf(af, "%s", m);
		if (peg_afile_commit(af, err))
			goto out;
	}
	rc = 0;
out:
	free(old);
	free(m);
	return rc;
}

#define WBITS 64
#include "sets_impl.h"
#undef WBITS
#define WBITS 128
#include "sets_impl.h"

void peg_sets_free(struct peg_sets *s)
{
	if (!s)
		return;
	for (int n = 0; n <= PEG_SETS_MAX_HOLES; n++) {
		level_free(&s->F[n]);
		level_free(&s->G[n]);
		level_free(&s->W[n]);
		level_free(&s->L[n]);
	}
	peg_symtab64_free(s->symtab);
	peg_symtab128_free(s->symtab128);
	peg_prune_free(s->prune);
	free(s->group);
	free(s->spec);
	free(s);
}

size_t peg_sets_backward_size(const struct peg_sets *s, int n)
{
	int m = s->n_holes - n;

	if (n < 0 || n > s->n_holes)
		return 0;
	return s->complement ? s->F[m].n : s->G[m].n;
}

uint64_t peg_sets_canon(const struct peg_sets *s, uint64_t code)
{
	return s->wide ? (uint64_t)sets_canon_128(s, code)
		       : sets_canon_64(s, code);
}

peg_u128 peg_sets_canon128(const struct peg_sets *s, peg_u128 code)
{
	return s->wide ? sets_canon_128(s, code)
		       : sets_canon_64(s, (uint64_t)code);
}

int peg_level_has(const struct peg_level *l, uint64_t code)
{
	return level_has_64(l, code);
}

int peg_level_has128(const struct peg_level *l, peg_u128 code)
{
	return level_has_128(l, code);
}

int peg_sets_winning(const struct peg_sets *s, uint64_t code)
{
	return s->wide ? sets_winning_128(s, code) : sets_winning_64(s, code);
}

int peg_sets_winning128(const struct peg_sets *s, peg_u128 code)
{
	if (s->wide)
		return sets_winning_128(s, code);
	return !(code >> 64) && sets_winning_64(s, (uint64_t)code);
}

int peg_sets_compute(const struct peg_board *b, const struct peg_problem *p,
		     const struct peg_sets_opts *opts, struct peg_sets **out,
		     struct peg_err *err)
{
	struct peg_sets_opts o = {0};
	struct peg_sets *s = NULL;
	int n = b->n_holes, ns, nf;
	const unsigned char *fix[2];
	peg_u128 full;

	*out = NULL;
	if (opts)
		o = *opts;
	if (n > PEG_SETS_MAX_HOLES) {
		peg_err_set(err, "level sets need a board of at most %d holes, "
			    "'%s' has %d", PEG_SETS_MAX_HOLES, b->spec, n);
		return -1;
	}
	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	if (ns < 1 || nf < 1 || nf > ns) {
		peg_err_set(err, "level sets need a start with at least as "
			    "many pegs as the finish (start %d, finish %d)",
			    ns, nf);
		return -1;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		goto nomem;
	s->wide = o.wide || symv_wide(n);
	s->threads = o.threads > 0 ? o.threads : 2;
	s->spec = strdup(b->spec);
	s->group = malloc(sizeof(int) * (size_t)b->n_syms);
	if (s->wide)
		s->symtab128 = peg_symtab128_new(b);
	else
		s->symtab = peg_symtab64_new(b);
	if (!s->spec || !s->group || !(s->symtab || s->symtab128))
		goto nomem;
	s->n_holes = n;
	s->group_kind = o.group;
	s->anywhere = p->goal == PEG_GOAL_ANYWHERE;
	s->start = peg_pos_to128(p->start, n);
	s->start_pegs = ns;
	s->finish_pegs = nf;
	full = n == 128 ? ~(peg_u128)0 : ((peg_u128)1 << n) - 1;
	if (!s->anywhere) {
		s->finish = peg_pos_to128(p->finish, n);
		s->complement = s->finish == (full ^ s->start);
	}
	/* the group */
	if (o.group == PEG_GROUP_FULL) {
		s->n_group = b->n_syms;
		for (int i = 0; i < b->n_syms; i++)
			s->group[i] = i;
	} else if (o.group == PEG_GROUP_NONE) {
		s->n_group = 1;
		s->group[0] = 0;
	} else {
		fix[0] = p->start;
		fix[1] = p->finish;
		s->n_group = peg_solve_stabilizer(b, fix, s->anywhere ? 1 : 2,
						  s->group);
	}
	if (o.prune == 1 && peg_prune_new(b, p, o.group, s->group, s->n_group,
				     s->threads, &s->prune, err)) {
		peg_sets_free(s);
		return -1;
	}
	if (s->wide ? compute_128(b, p, &o, s, err)
		    : compute_64(b, p, &o, s, err)) {
		peg_sets_free(s);
		return -1;
	}
	*out = s;
	return 0;
nomem:
	peg_err_set(err, "out of memory computing the level sets");
	peg_sets_free(s);
	return -1;
}

void peg_byindex_free(struct peg_byindex *x)
{
	if (!x)
		return;
	free(x->count);
	free(x);
}

int peg_sets_byindex(const struct peg_board *b, int hole, int threads,
		     struct peg_byindex **out, struct peg_err *err)
{
	struct peg_byindex *x;
	int n = b->n_holes;

	*out = NULL;
	if (n > PEG_SETS_MAX_HOLES || hole < 0 || hole >= n) {
		peg_err_set(err, "by-index sets need a board of at most %d "
			    "holes and a hole on it", PEG_SETS_MAX_HOLES);
		return -1;
	}
	x = calloc(1, sizeof(*x));
	if (!x) {
		peg_err_set(err, "out of memory computing the by-index sets");
		return -1;
	}
	if (symv_wide(n) ? byindex_128(b, hole, threads, x, err)
			 : byindex_64(b, hole, threads, x, err)) {
		peg_byindex_free(x);
		return -1;
	}
	*out = x;
	return 0;
}
