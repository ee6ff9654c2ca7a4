/* dspill.c - the spill of a level being made past a rank's budget
 * (dist.h: struct dspill).  dist.c's route writes the sorted,
 * deduplicated receive buffer as a run whenever it would take more
 * than half of what the budget leaves, and at the end of the level the
 * runs are merged here, fan-in at a time, into the level.  A run is a
 * level file of the library (peg_sets_level_save, docs/solve.md "Long
 * runs": a hashed header, the codes as varint gaps in zstd blocks with
 * an XXH3 hash each, an XXH3 trailer, written to a temporary name and
 * renamed) tagged RUN_TAG, in a fresh directory
 * TMPDIR/pegsol-mpi-XXXXXX of the rank; it is read back through the
 * library's checking reader (levelfile.h), a block at a time, and
 * removed with its directory once merged.  Compiled twice (dcode.h). */
#include "dist.h"

#include "sets_level.h"

#include "pegsol/afile.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* a run's header: a level file's (56 bytes and their hash), pegs 0 and
 * this tag where a work directory's level has its manifest's hash */
#define RUN_TAG 0x31727570736d6770ull /* "pgmspur1" */
enum { RUN_HEAD = 64, FAN_MAX = 64, PER = sizeof(dcode) * PEG_LF_BLOCK };

static uint64_t dec_le(const unsigned char *b, int k)
{
	uint64_t v = 0;

	for (int i = k - 1; i >= 0; i--)
		v = v << 8 | b[i];
	return v;
}

static void run_path(char *buf, size_t n, const struct dspill *sp, int id)
{
	snprintf(buf, n, "%.3100s/run-%d.lvl", sp->dir, id);
}

/* Keep the first disk error (3: out of space, 2: anything else). */
static void disk_fail(struct dist *d, int st, const char *msg)
{
	size_t k = strlen(msg);

	if (d->io)
		return;
	if (k >= sizeof(d->msg))
		k = sizeof(d->msg) - 1;
	d->io = st;
	memcpy(d->msg, msg, k);
	d->msg[k] = 0;
}

static int afile_status(int r)
{
	return r == PEG_AFILE_ERESOURCE ? 3 : 2;
}

static void corrupt(struct dist *d, const struct dspill *sp, int id,
		    const char *why)
{
	char path[3300], m[3500];

	run_path(path, sizeof(path), sp, id);
	snprintf(m, sizeof(m),
		 "'%.200s' fails its checksum (%s): a run of the level "
		 "spilled to disk is corrupt",
		 path, why);
	disk_fail(d, 2, m);
}

static void add_bytes(struct dist *d, const char *path)
{
	struct stat sb;

	if (!stat(path, &sb))
		d->disk += (uint64_t)sb.st_size;
}

/* Room for one more run. */
static int grow(struct dspill *sp)
{
	int cap = sp->cap ? 2 * sp->cap : 16;
	int *id;
	size_t *cnt;

	if (sp->nrun < sp->cap)
		return 0;
	id = realloc(sp->id, sizeof(int) * (size_t)cap);
	if (id)
		sp->id = id;
	cnt = id ? realloc(sp->cnt, sizeof(size_t) * (size_t)cap) : NULL;
	if (!cnt)
		return -1;
	sp->cnt = cnt;
	sp->cap = cap;
	return 0;
}

int dspill_put(struct dist *d, struct dspill *sp, const dcode *a, size_t n)
{
	struct peg_level lv;
	struct peg_err err;
	char path[3300];
	int r;

	if (!sp->dir[0]) {
		const char *td = d->tmpdir;

		if (!td || !*td)
			td = getenv("TMPDIR");
		if (!td || !*td)
			td = "/tmp";
		if (strlen(td) > 3000) { /* not cut to another path */
			disk_fail(d, 2, "the temporary directory's path is "
					"over 3000 characters");
			return -1;
		}
		snprintf(sp->dir, sizeof(sp->dir), "%s/pegsol-mpi-XXXXXX", td);
		if (!mkdtemp(sp->dir)) {
			int e = errno;
			char m[3300];

			snprintf(m, sizeof(m),
				 "cannot create a temporary directory in "
				 "'%.3000s': %s",
				 td, strerror(e));
			disk_fail(d, e == ENOSPC || e == EDQUOT ? 3 : 2, m);
			sp->dir[0] = 0;
			return -1;
		}
	}
	if (grow(sp))
		return -1;
	memset(&lv, 0, sizeof(lv));
	lv.n = n;
#ifdef DIST_WIDE
	lv.code128 = (peg_u128 *)a;
#else
	lv.code = (uint64_t *)a;
#endif
	lv.have = 1;
	run_path(path, sizeof(path), sp, sp->next);
	r = peg_sets_level_save(d->sets, path, 0, &lv, RUN_TAG, &err);
	if (r) {
		disk_fail(d, afile_status(r), err.msg);
		return -1;
	}
	add_bytes(d, path);
	sp->id[sp->nrun] = sp->next++;
	sp->cnt[sp->nrun++] = n;
	return 0;
}

/* A run being read: its block of codes buf[pos..len), the codes not yet
 * decoded, the last code decoded (the next block must be above it). */
struct rin {
	FILE *fp;
	struct peg_lf_in *in;
	dcode *buf;
	size_t pos, len;
	uint64_t left;
	peg_u128 last;
	int any, id;
};

static int rin_open(struct dist *d, const struct dspill *sp, int k,
		    struct rin *r)
{
	char path[3300];
	unsigned char h[RUN_HEAD];
	uint64_t size = 0;
	struct peg_err err;
	int st = 0;

	r->id = sp->id[k];
	r->left = sp->cnt[k];
	run_path(path, sizeof(path), sp, r->id);
	r->fp = peg_afile_read_open(path, 1, &size, &st, &err);
	if (!r->fp) {
		disk_fail(d, afile_status(st), err.msg);
		return -1;
	}
	r->in = peg_lf_in_new(r->fp, size);
	if (!r->in)
		return -1;
	if (peg_lf_in_read(r->in, h, RUN_HEAD) || memcmp(h, "PEGSLVL1", 8) ||
	    peg_afile_hash(h, RUN_HEAD - 8) != dec_le(h + RUN_HEAD - 8, 8) ||
	    dec_le(h + 12, 4) != DCODE_BITS ||
	    dec_le(h + 16, 4) != (uint64_t)d->n ||
	    dec_le(h + 24, 8) != r->left || dec_le(h + 40, 8) != RUN_TAG) {
		corrupt(d, sp, r->id, "its header");
		return -1;
	}
	return 0;
}

/* A code at r->buf[r->pos]: 1; the run is done (its trailer checked):
 * 0; -1 on an error. */
static int rin_fill(struct dist *d, const struct dspill *sp,
		    struct peg_lf *c, struct rin *r)
{
	const char *why = "bad block";
	size_t n = 0;
	int rc;

	if (r->pos < r->len)
		return 1;
	if (!r->left) {
		if (!peg_lf_in_trailer(r->in))
			return 0;
		corrupt(d, sp, r->id, "the trailer");
		return -1;
	}
	rc = peg_lf_in_block(r->in, c, DCODE_BITS == 128, d->n, PEG_LF_BLOCK,
			     r->any ? &r->last : NULL, r->buf, &n, &r->last,
			     &why);
	if (rc == -2)
		return -1;
	if (rc || n > r->left) {
		corrupt(d, sp, r->id, rc ? why : "too many codes");
		return -1;
	}
	r->any = 1;
	r->left -= n;
	r->pos = 0;
	r->len = n;
	return 1;
}

/* Where merged codes go: a run file (0), a pack (1) or an array (2);
 * a block of codes waits in ob for the first two. */
struct sink {
	int mode;
	struct peg_level_out *o;
	struct peg_lpack *pk;
	struct peg_lf *c;
	dcode *a, *ob;
	size_t n, nb;
};

static int sink_flush(struct sink *k)
{
	int r = 0;

	if (!k->nb)
		return 0;
	if (k->mode == 0)
		r = peg_level_out_push(k->o, k->ob, k->nb);
	else
		r = peg_lpack_push(k->pk, k->c, k->ob, k->nb);
	k->n += k->nb;
	k->nb = 0;
	return r;
}

static int emit(struct sink *k, dcode x)
{
	if (k->mode == 2) {
		k->a[k->n++] = x;
		return 0;
	}
	k->ob[k->nb++] = x;
	return k->nb == PEG_LF_BLOCK ? sink_flush(k) : 0;
}

static int less(const struct rin *r, int a, int b)
{
	return r[a].buf[r[a].pos] < r[b].buf[r[b].pos];
}

/* Sift h[i] down the heap h[0..n) (the run with the least code on
 * top), moving the hole rather than swapping. */
static void heap_down(int *h, int n, int i, const struct rin *r)
{
	int x = h[i];

	for (int c; (c = 2 * i + 1) < n; i = c) {
		if (c + 1 < n && less(r, h[c + 1], h[c]))
			c++;
		if (!less(r, h[c], x))
			break;
		h[i] = h[c];
	}
	h[i] = x;
}

/* Merge the runs 0..m-1 of sp into k, each code once; bufs holds m
 * blocks of codes. */
static int merge_runs(struct dist *d, const struct dspill *sp, int m,
		      struct peg_lf *c, dcode *bufs, struct sink *k)
{
	struct rin *r = calloc((size_t)m, sizeof(*r));
	int *h = malloc(sizeof(int) * (size_t)m), nh = 0, rc = -1, f;
	dcode prev = 0;
	int any = 0;

	if (!r || !h)
		goto done;
	for (int i = 0; i < m; i++) {
		r[i].buf = bufs + (size_t)i * PEG_LF_BLOCK;
		if (rin_open(d, sp, i, &r[i]) ||
		    (f = rin_fill(d, sp, c, &r[i])) < 0)
			goto done;
		if (f)
			h[nh++] = i;
	}
	for (int i = nh / 2 - 1; i >= 0; i--)
		heap_down(h, nh, i, r);
	while (nh) {
		struct rin *q = &r[h[0]];
		dcode x = q->buf[q->pos++];

		if ((!any || x != prev) && emit(k, x))
			goto done;
		prev = x;
		any = 1;
		f = rin_fill(d, sp, c, q);
		if (f < 0)
			goto done;
		if (!f)
			h[0] = h[--nh];
		heap_down(h, nh, 0, r);
	}
	rc = k->mode == 2 ? 0 : sink_flush(k);
done:
	for (int i = 0; r && i < m; i++) {
		peg_lf_in_free(r[i].in);
		if (r[i].fp)
			fclose(r[i].fp);
	}
	free(r);
	free(h);
	return rc;
}

/* Drop the first m runs (merged) from sp and the disk. */
static void drop_runs(struct dspill *sp, int m)
{
	char path[3300];

	if (m <= 0)
		return;
	for (int i = 0; i < m; i++) {
		run_path(path, sizeof(path), sp, sp->id[i]);
		unlink(path);
	}
	memmove(sp->id, sp->id + m, sizeof(int) * (size_t)(sp->nrun - m));
	memmove(sp->cnt, sp->cnt + m,
		sizeof(size_t) * (size_t)(sp->nrun - m));
	sp->nrun -= m;
}

/* Merge the first fan runs into a new run at the end. */
static int merge_pass(struct dist *d, struct dspill *sp, int fan,
		      struct peg_lf *c, dcode *bufs, dcode *ob)
{
	struct sink k;
	struct peg_err err;
	char path[3300];
	int r;

	memset(&k, 0, sizeof(k));
	k.ob = ob;
	k.c = c;
	if (grow(sp))
		return -1;
	run_path(path, sizeof(path), sp, sp->next);
	r = peg_level_out_open(d->sets, path, &k.o, &err);
	if (r) {
		disk_fail(d, afile_status(r), err.msg);
		return -1;
	}
	if (merge_runs(d, sp, fan, c, bufs, &k)) {
		/* a write that failed: commit reports it as the library
		 * does (3 out of space or a file size limit, 2 another
		 * error) and removes the file */
		if (peg_level_out_failed(k.o, &err))
			disk_fail(d, afile_status(peg_level_out_commit(
					     k.o, d->sets, 0, 0, RUN_TAG, &err)),
				  err.msg);
		else
			peg_level_out_abort(k.o);
		return -1;
	}
	r = peg_level_out_commit(k.o, d->sets, 0, 0, RUN_TAG, &err);
	if (r) {
		disk_fail(d, afile_status(r), err.msg);
		return -1;
	}
	add_bytes(d, path);
	sp->id[sp->nrun] = sp->next++;
	sp->cnt[sp->nrun++] = k.n;
	drop_runs(sp, fan);
	return 0;
}

int dspill_merge(struct dist *d, struct dspill *sp, struct dlevel *out)
{
	struct peg_lf *c = peg_lf_new();
	dcode *bufs = NULL, *ob = NULL;
	size_t tot = 0;
	struct sink k;
	int fan = d->force > 1 ? d->force : 0, rc = -1;

	memset(out, 0, sizeof(*out));
	memset(&k, 0, sizeof(k));
	if (d->budget) {
		/* what the budget leaves past the levels and 4 rounds; a
		 * --partitions fan-in never goes past it */
		size_t used = d->held + 4 * d->chunk;
		int bfan = d->budget > used
				   ? (int)((d->budget - used) / 2 / PER)
				   : 2;

		fan = !fan || bfan < fan ? bfan : fan;
	}
	fan = fan < 2 ? 2 : fan > FAN_MAX ? FAN_MAX : fan;
	if (fan > sp->nrun)
		fan = sp->nrun > 1 ? sp->nrun : 1;
	bufs = malloc(PER * (size_t)fan);
	ob = malloc(PER);
	if (!c || !bufs || !ob)
		goto done;
	while (sp->nrun > fan)
		if (merge_pass(d, sp, fan, c, bufs, ob))
			goto done;
	k.ob = ob;
	k.c = c;
	for (int i = 0; i < sp->nrun; i++)
		tot += sp->cnt[i];
	if (d->pack_out) {
		k.mode = 1;
		k.pk = peg_lpack_new(DCODE_BITS == 128);
		if (!k.pk)
			goto done;
	} else {
		k.mode = 2;
		if (dist_over(d, tot * sizeof(dcode) + PER * (size_t)fan) ||
		    !(k.a = malloc(sizeof(dcode) * (tot + 1))))
			goto done;
	}
	if (merge_runs(d, sp, sp->nrun, c, bufs, &k) ||
	    (k.pk && peg_lpack_finish(k.pk, c)))
		goto done;
	drop_runs(sp, sp->nrun);
	out->n = k.n;
	if (k.pk) {
		out->pk = k.pk;
		k.pk = NULL;
	} else {
		/* give back what the duplicates took */
		dcode *a = k.n < tot / 2 ? realloc(k.a, sizeof(dcode) * (k.n + 1))
					 : NULL;

		out->a = a ? a : k.a;
		k.a = NULL;
	}
	rc = 0;
done:
	free(k.a);
	peg_lpack_free(k.pk);
	free(bufs);
	free(ob);
	peg_lf_free(c);
	return rc;
}

void dspill_clear(struct dspill *sp)
{
	if (sp->dir[0]) {
		drop_runs(sp, sp->nrun);
		rmdir(sp->dir);
	}
	free(sp->id);
	free(sp->cnt);
	memset(sp, 0, sizeof(*sp));
}
