/* winsets.c - precomputed winning sets W_n for the oracle, computed by the
 * exhaustive engine (sets.h) and cached on disk (winsets.h). */
#include "pegsol/winsets.h"

#include "pegsol/afile.h"
#include "pegsol/pos.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct peg_winsets {
	struct peg_sets *s;
	uint64_t start;
	int finish;
};

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int peg_winsets_auto(const struct peg_board *b)
{
	return b->n_holes <= PEG_WINSETS_AUTO_HOLES ||
	       (b->n_holes <= PEG_WINSETS_MAX_HOLES &&
		!strcmp(b->spec, "english"));
}

char *peg_winsets_path(const struct peg_board *b, const unsigned char *start,
		       int finish, const char *cache_dir, char *buf,
		       size_t size)
{
	char spec[200], goal[64];
	size_t k = 0;

	for (const char *p = b->spec; *p && k + 1 < sizeof(spec); p++)
		spec[k++] = (char)((*p >= 'a' && *p <= 'z') ||
					   (*p >= 'A' && *p <= 'Z') ||
					   (*p >= '0' && *p <= '9') ||
					   *p == '.' || *p == '-'
				   ? *p
				   : '_');
	spec[k] = 0;
	if (finish < 0)
		snprintf(goal, sizeof(goal), "any");
	else
		snprintf(goal, sizeof(goal), "h%d", finish);
	snprintf(buf, size, "%s/%s-%llx-%s.pegsets", cache_dir ? cache_dir : ".",
		 spec,
		 (unsigned long long)peg_pos_to64(start, b->n_holes), goal);
	return buf;
}

/* mkdir -p */
static int make_dirs(const char *dir)
{
	char p[1024];
	size_t n = strlen(dir);

	if (n == 0 || n >= sizeof(p))
		return -1;
	memcpy(p, dir, n + 1);
	for (size_t i = 1; i <= n; i++) {
		if (p[i] != '/' && p[i] != 0)
			continue;
		p[i] = 0;
		if (mkdir(p, 0755) && errno != EEXIST)
			return -1;
		p[i] = i < n ? '/' : 0;
	}
	return 0;
}

/* Keep only the W levels (the oracle needs nothing else). */
static void keep_w(struct peg_sets *s)
{
	for (int n = 0; n <= s->n_holes; n++) {
		struct peg_level *l[3] = {&s->F[n], &s->G[n], &s->L[n]};

		for (int i = 0; i < 3; i++) {
			free(l[i]->code);
			memset(l[i], 0, sizeof(*l[i]));
		}
	}
}

static size_t count_codes(const struct peg_sets *s)
{
	size_t c = 0;

	for (int n = 0; n <= s->n_holes; n++)
		c += s->W[n].have ? s->W[n].n : 0;
	return c;
}

/* Does a loaded file hold the problem asked for? */
static int matches(const struct peg_sets *s, uint64_t start, int finish,
		   int n)
{
	uint64_t fin = finish < 0 ? 0 : (uint64_t)1 << finish;

	if (s->start != start || s->group_kind != PEG_GROUP_STAB ||
	    n != s->n_holes)
		return 0;
	if (finish < 0 ? !s->anywhere : s->anywhere || s->finish != fin)
		return 0;
	for (int m = s->finish_pegs; m <= s->start_pegs; m++)
		if (!s->W[m].have)
			return 0;
	return 1;
}

/* Load the cache file of the problem, or NULL (no file, or a file that is
 * refused: not a regular file, fails its checksum, another problem; then
 * info->note says why).  *keep is set when something other than a regular
 * file sits at the path, which must then not be replaced either. */
static struct peg_sets *cache_load(const struct peg_board *b, uint64_t start,
				   int finish, struct peg_winsets_info *info,
				   int *keep)
{
	struct peg_sets *s = NULL;
	struct peg_err e;
	struct stat st;
	uint64_t size;
	FILE *fp;

	*keep = 0;
	if (lstat(info->path, &st))
		return NULL; /* no cache yet */
	if (!S_ISREG(st.st_mode)) {
		*keep = 1;
		snprintf(info->note, sizeof(info->note),
			 "cache '%.180s' is not a regular file: not used",
			 info->path);
		return NULL;
	}
	fp = peg_afile_read_open(info->path, 1, &size, NULL, &e);
	if (!fp) {
		snprintf(info->note, sizeof(info->note), "cache %.240s", e.msg);
		return NULL;
	}
	if (peg_sets_read(b, fp, size, info->path, &s, &e)) {
		snprintf(info->note, sizeof(info->note),
			 "cache: %.200s; recomputed", e.msg);
		s = NULL;
	} else if (!matches(s, start, finish, b->n_holes)) {
		snprintf(info->note, sizeof(info->note),
			 "cache '%.150s' holds another problem; recomputed",
			 info->path);
		peg_sets_free(s);
		s = NULL;
	}
	fclose(fp);
	return s;
}

int peg_winsets_open(const struct peg_board *b, const unsigned char *start,
		     int finish, const char *cache_dir, int threads,
		     struct peg_winsets **out, struct peg_winsets_info *info,
		     struct peg_err *err)
{
	struct peg_winsets_info dummy;
	struct peg_winsets *w;
	struct peg_sets *s = NULL;
	struct peg_sets_opts opts = {0};
	struct peg_problem p;
	unsigned char *fin = NULL;
	struct peg_err e2;
	double t0 = now_ms();
	int n = b->n_holes, keep = 0;

	*out = NULL;
	if (!info)
		info = &dummy;
	memset(info, 0, sizeof(*info));
	if (n > PEG_WINSETS_MAX_HOLES || n > 63) {
		peg_err_set(err,
			    "winning sets are kept for boards of up to %d "
			    "holes, '%s' has %d",
			    PEG_WINSETS_MAX_HOLES, b->spec, n);
		return -1;
	}
	if (finish >= n) {
		peg_err_set(err, "goal hole %d is not on the board", finish);
		return -1;
	}
	w = calloc(1, sizeof(*w));
	if (!w) {
		peg_err_set(err, "out of memory");
		return -1;
	}
	w->start = peg_pos_to64(start, n);
	w->finish = finish;
	if (cache_dir) {
		peg_winsets_path(b, start, finish, cache_dir, info->path,
				 sizeof(info->path));
		s = cache_load(b, w->start, finish, info, &keep);
		if (s)
			info->from_cache = 1;
	}
	if (!s) {
		fin = calloc((size_t)n, 1);
		if (!fin) {
			peg_err_set(err, "out of memory");
			free(w);
			return -1;
		}
		p.start = start;
		p.goal = finish < 0 ? PEG_GOAL_ANYWHERE : PEG_GOAL_POSITION;
		if (finish >= 0)
			fin[finish] = 1;
		p.finish = finish >= 0 ? fin : NULL;
		opts.group = PEG_GROUP_STAB;
		opts.threads = threads;
		opts.no_losers = 1;
		opts.half = 1;
		/* pagoda pruning with a few functions found on the way
		 * (sets_prune_lite.h): W stays exact, F shrinks */
		opts.prune = 2;
		if (peg_sets_compute(b, &p, &opts, &s, err)) {
			free(fin);
			free(w);
			return -1;
		}
		free(fin);
		keep_w(s);
		/* peg_sets_save writes a temporary file, syncs it and
		 * renames it: a reader never sees half a file, a full disk
		 * leaves the old one */
		if (cache_dir && !keep) {
			if (make_dirs(cache_dir))
				snprintf(info->note, sizeof(info->note),
					 "cannot create cache directory "
					 "'%.150s': %s", cache_dir,
					 strerror(errno));
			else if (peg_sets_save(s, info->path, &e2))
				snprintf(info->note, sizeof(info->note),
					 "cache not saved: %.230s", e2.msg);
			else
				info->saved = 1;
		}
	}
	w->s = s;
	info->codes = count_codes(s);
	info->ms = now_ms() - t0;
	*out = w;
	return 0;
}

void peg_winsets_free(struct peg_winsets *w)
{
	if (!w)
		return;
	peg_sets_free(w->s);
	free(w);
}

int peg_winsets_has(const struct peg_winsets *w, uint64_t code)
{
	return peg_sets_winning(w->s, code);
}

uint64_t peg_winsets_start(const struct peg_winsets *w)
{
	return w->start;
}

int peg_winsets_finish(const struct peg_winsets *w)
{
	return w->finish;
}

size_t peg_winsets_memory(const struct peg_winsets *w)
{
	return w ? sizeof(*w) + count_codes(w->s) * sizeof(uint64_t) : 0;
}
