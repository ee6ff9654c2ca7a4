/* sets_disk_impl.h - a level's expansion through disk partitions, when its
 * children would not fit the memory budget (sets.c explains the scheme):
 * the children appended to P files by code mod P, each file sorted alone,
 * the sorted files merged.  Part of the sets body (sets_impl.h includes it
 * once per code width). */

#ifndef SETS_DISK_ONCE
#define SETS_DISK_ONCE
/* A failed write of a partition file: a full disk or a file size limit
 * (EFBIG; SIGXFSZ is ignored by the faces) named as running out of disk,
 * in the words of afile.c, so that the face exits 3. */
static void disk_write_error(struct diskstat *ds, const char *path, int eno)
{
	if (ds->io)
		return;
	if (eno == ENOSPC || eno == EDQUOT || eno == EFBIG) {
		ds->io = 1;
		snprintf(ds->msg, sizeof(ds->msg),
			 "out of disk space writing '%.120s': %s", path,
			 eno == EFBIG ? "file size limit reached"
				      : strerror(eno));
		return;
	}
	disk_error(ds, "cannot write", path, eno);
}
#endif

struct NAME(part_) {
	FILE *f;
	size_t n;   /* codes in the file: unsorted, then distinct */
	size_t pos, len, left; /* merge: read buffer and codes not read */
	CW *buf;
};

static uint64_t NAME(count_children_)(const struct NAME(ctx_) *c,
				      const struct peg_level *in)
{
	uint64_t k = 0;
	const CW *a = LC(in);
	CW *buf = NULL;
	size_t n = in->n;

#define EMIT(j)                                                               \
	do {                                                                  \
		(void)(j);                                                    \
		k++;                                                          \
	} while (0)
	/* a packed level block by block (a block that does not decode
	 * counts as huge: the disk path then reports it) */
	for (size_t b = 0, at = 0; at < in->n; b++, at += n) {
		if (in->pack) {
			n = peg_lpack_block_n(in->pack, b);
			if ((!buf && !(buf = malloc(sizeof(CW) * PEG_LF_BLOCK))) ||
			    peg_lpack_block(in->pack, c->lf, b, buf)) {
				free(buf);
				return UINT64_MAX / 64;
			}
			a = buf;
		}
		for (size_t i = 0; i < n; i++) {
			CW p = a[i];

			FOR_LEGAL_JUMPS(c, p, EMIT);
		}
	}
#undef EMIT
	free(buf);
	return k;
}

/* The bytes of the levels c->sets holds (packed or arrays), and of in. */
static uint64_t NAME(held_)(const struct NAME(ctx_) *c,
			    const struct peg_level *in)
{
	const struct peg_sets *s = c->sets;
	uint64_t k = 0;
	int inside = 0;

	for (int m = 0; s && m <= s->n_holes; m++) {
		const struct peg_level *all[4] = {&s->F[m], &s->G[m], &s->W[m],
						  &s->L[m]};

		for (int q = 0; q < 4; q++) {
			const struct peg_level *l = all[q];

			inside |= l == in;
			if (l->pack)
				k += l->pack->bytes;
			else if (l->have && LC(l))
				k += (uint64_t)l->n * sizeof(CW);
		}
	}
	if (!inside)
		k += in->pack ? in->pack->bytes : (uint64_t)in->n * sizeof(CW);
	return k;
}

/* The partitions for expanding `in` on nt workers: 1 = in memory. */
static int NAME(partitions_for_)(const struct NAME(ctx_) *c,
				 const struct peg_level *in, int nt)
{
	const struct diskstat *ds = c->ds;

	if (!ds || !in->n)
		return 1;
	if (ds->force > 1 || !ds->budget)
		return partitions_pick(ds, 0, nt);
	/* three codes a child: its bucket entry, its share of the sort
	 * buffers and of the output (in memory the pools hold every child
	 * and the runs and the level every distinct one; on disk the
	 * workers' sort buffers, two codes a child of a partition, so they
	 * take 2/3 of the budget, the rest left to the heap's own keeping
	 * and the merge's buffers).  The levels held (the parent, and every
	 * level of the run kept packed or as an array: F, W and L of a
	 * full run) take their bytes off the budget (the children's bytes
	 * scaled up by budget / what is left, at most 8 times).  Two codes
	 * a child and the parent alone against the budget had Wiegleb's
	 * Table 3 run peak at 8.4 to 8.7 GB under --memory-mb 8000. */
	{
		uint64_t k = NAME(count_children_)(c, in);
		uint64_t need = k > UINT64_MAX / 64 ? UINT64_MAX / 8
						     : k * 3 * sizeof(CW);
		uint64_t held = NAME(held_)(c, in);
		uint64_t left = held < ds->budget - ds->budget / 8
					? ds->budget - held
					: ds->budget / 8;
		peg_u128 scaled = (peg_u128)need * ds->budget / left;

		if (left < ds->budget)
			need = scaled > UINT64_MAX / 8 ? UINT64_MAX / 8
						       : (uint64_t)scaled;
		return partitions_pick(ds, need, nt);
	}
}

/* Hand the merged codes a[0..n) to the level file of c->sink: pruned
 * (the filter of sets_prune_impl.h, in place) and summed on the way.
 * 0, or -1 when the write failed (the sink keeps why). */
static int NAME(sink_push_)(const struct NAME(ctx_) *c, CW *a, size_t n)
{
	struct NAME(sink_) *k = c->sink;

	k->in += n;
	if (k->pr) /* on the workers: the merge itself is one thread */
		n = NAME(prune_span_)(c, k->pr, a, n, k->pr->cut);
	if (k->raw)
		k->raw_sum += NAME(raw_add_)(c, a, n);
	return n ? peg_level_out_push(k->o, a, n) : 0;
}

/* Append the children in pool pl to the partition files. */
static int NAME(drain_)(const struct NAME(ctx_) *c,
			const struct NAME(pool_) *pl, struct NAME(part_) *pt,
			int P, CW *wbuf, uint32_t *wfill, const char *dir)
{
	int low = pl->low;
	CW lowmask = low >= WBITS ? ~(CW)0 : ((CW)1 << low) - 1;
	char path[4096];

	for (int b = 0; b < NB; b++) {
		size_t left = pl->cnt[b];
		CW top = (CW)b << low;

		for (int32_t i = pl->head[b]; i >= 0 && left; i = pl->next[i]) {
			size_t k = left < BS ? left : BS;

			for (size_t j = 0; j < k; j++) {
				CW code = top | (NAME(pool_get_)(pl, i, j) & lowmask);
				int q = (int)(code % (CW)P);

				wbuf[(size_t)q * PB + wfill[q]++] = code;
				if (wfill[q] == PB) {
					if (fwrite(wbuf + (size_t)q * PB,
						   sizeof(CW), PB,
						   pt[q].f) != PB) {
						part_path(path, sizeof(path), dir, q);
						disk_write_error(c->ds, path,
								 errno);
						return -1;
					}
					c->ds->bytes += (uint64_t)PB * sizeof(CW);
					pt[q].n += PB;
					wfill[q] = 0;
				}
			}
			left -= k;
		}
	}
	return 0;
}

/* Worker: sort and deduplicate partitions t, t + nt, ... in place. */
static void *NAME(work_dsort_)(void *arg)
{
	struct NAME(work_) *w = arg;
	CW *a = NULL, *tmp = NULL;
	size_t cap = 0;

	for (int i = w->b0; i < w->npools; i += w->b1) {
		struct NAME(part_) *pt = &w->parts[i];
		size_t n = pt->n, m;

		if (n > cap) {
			free(a);
			free(tmp);
			cap = n;
			a = malloc(cap * sizeof(CW));
			tmp = malloc(cap * sizeof(CW));
			if (!a || !tmp) {
				w->fail = 1;
				break;
			}
		}
		rewind(pt->f);
		if (n && fread(a, sizeof(CW), n, pt->f) != n) {
			w->fail = 2;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		m = NAME(sort_unique_)(a, tmp, n, w->c->n);
		if (m == (size_t)-1) {
			w->fail = 1;
			break;
		}
		rewind(pt->f);
		if ((m && fwrite(a, sizeof(CW), m, pt->f) != m) || fflush(pt->f)) {
			w->fail = 3;
			w->lo = (size_t)i;
			w->hi = (size_t)errno;
			break;
		}
		w->generated += (uint64_t)m * sizeof(CW); /* bytes written */
		pt->n = m;
	}
	free(a);
	free(tmp);
	return NULL;
}

/* The next code of partition pt during the merge (pt->left > 0 or
 * buffered codes remain).  0 when a read fails. */
static int NAME(part_fill_)(struct NAME(part_) *pt)
{
	size_t k;

	if (pt->pos < pt->len)
		return 1;
	k = pt->left < PB ? pt->left : PB;
	if (!k || fread(pt->buf, sizeof(CW), k, pt->f) != k)
		return 0;
	pt->left -= k;
	pt->pos = 0;
	pt->len = k;
	return 1;
}

static void NAME(heap_down_)(int *h, int n, int i,
			     const struct NAME(part_) *pt)
{
	for (;;) {
		int l = 2 * i + 1, m = i, t;

		if (l < n && pt[h[l]].buf[pt[h[l]].pos] < pt[h[m]].buf[pt[h[m]].pos])
			m = l;
		if (l + 1 < n &&
		    pt[h[l + 1]].buf[pt[h[l + 1]].pos] < pt[h[m]].buf[pt[h[m]].pos])
			m = l + 1;
		if (m == i)
			return;
		t = h[i];
		h[i] = h[m];
		h[m] = t;
		i = m;
	}
}

/* Merge the sorted partitions into out: an array, or with packout a
 * packed level filled a block at a time (never the whole array), or with
 * c->sink straight into the level file, a block at a time (out then has
 * the count of the codes kept and no codes; sink->streamed is set). */
static int NAME(merge_parts_)(const struct NAME(ctx_) *c,
			      struct diskstat *ds, struct NAME(part_) *pt,
			      int P, struct peg_level *out, const char *dir,
			      int packout)
{
	size_t total = 0, at = 0, nb = 0;
	int *h = malloc(sizeof(int) * (size_t)P), nh = 0, rc = -1;
	CW *rb = malloc(sizeof(CW) * PB * (size_t)P), *code;
	struct peg_lpack *pk = NULL;
	char path[4096];

	for (int i = 0; i < P; i++)
		total += pt[i].n;
	if (c->sink) {
		total = PEG_LF_BLOCK - 1;
	} else if (packout) {
		pk = peg_lpack_new(WBITS > 64);
		total = PEG_LF_BLOCK - 1;
	}
	code = symv_big_alloc((total + 1) * sizeof(CW));
	if (!h || !rb || !code || (packout && !c->sink && !pk))
		goto done;
	for (int i = 0; i < P; i++) {
		pt[i].buf = rb + (size_t)i * PB;
		pt[i].left = pt[i].n;
		pt[i].pos = pt[i].len = 0;
		rewind(pt[i].f);
		if (!pt[i].n)
			continue;
		if (!NAME(part_fill_)(&pt[i])) {
			part_path(path, sizeof(path), dir, i);
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		h[nh++] = i;
	}
	for (int i = nh / 2 - 1; i >= 0; i--)
		NAME(heap_down_)(h, nh, i, pt);
	while (nh) {
		struct NAME(part_) *q = &pt[h[0]];

		code[nb++] = q->buf[q->pos++];
		at++;
		if (c->sink && nb == PEG_LF_BLOCK) {
			if (NAME(sink_push_)(c, code, nb))
				goto done;
			nb = 0;
		} else if (pk && nb == PEG_LF_BLOCK) {
			if (peg_lpack_push(pk, c->lf, code, nb))
				goto done;
			nb = 0;
		}
		if (q->pos == q->len && !q->left) {
			h[0] = h[--nh];
		} else if (!NAME(part_fill_)(q)) {
			part_path(path, sizeof(path), dir, (int)(q - pt));
			disk_error(ds, "cannot read", path, errno);
			goto done;
		}
		NAME(heap_down_)(h, nh, 0, pt);
	}
	if (c->sink) {
		if (NAME(sink_push_)(c, code, nb))
			goto done;
		at = (size_t)peg_level_out_count(c->sink->o);
		c->sink->streamed = 1;
	} else if (pk) {
		if (peg_lpack_push(pk, c->lf, code, nb) ||
		    peg_lpack_finish(pk, c->lf))
			goto done;
		out->pack = pk;
		pk = NULL;
	} else {
		LC(out) = code;
		code = NULL;
	}
	out->n = at;
	out->have = !c->sink;
	rc = 0;
done:
	for (int i = 0; i < P; i++)
		pt[i].buf = NULL;
	free(code);
	peg_lpack_free(pk);
	free(h);
	free(rb);
	return rc;
}

/* out = D(in) through P partition files (with comp the canonical
 * complements; in may be packed, then each chunk of parents is unpacked
 * alone; with packout out is packed). */
static int NAME(expand_disk_)(const struct NAME(ctx_) *c,
			      const struct peg_level *in,
			      struct peg_level *out, int nt, int P,
			      uint64_t *nchildren, int comp, int packout)
{
	CW *pbuf = NULL;
	struct diskstat *ds = c->ds;
	char dir[4096], path[4096];
	struct NAME(part_) *pt = calloc((size_t)P, sizeof(*pt));
	CW *wbuf = malloc(sizeof(CW) * PB * (size_t)P);
	uint32_t *wfill = calloc((size_t)P, sizeof(uint32_t));
	struct NAME(work_) w[8];
	size_t n = in->n;
	int rc = -1, made = 0;

	if (!pt || !wbuf || !wfill)
		goto done;
	if (P > ds->maxp)
		ds->maxp = P;
	if (part_dir(ds, dir, sizeof(dir)))
		goto done;
	made = 1;
	for (int i = 0; i < P; i++) {
		part_path(path, sizeof(path), dir, i);
		pt[i].f = fopen(path, "w+b");
		if (!pt[i].f) {
			disk_error(ds, "cannot create", path, errno);
			goto done;
		}
	}
	/* generate, chunk by chunk of parents */
	for (int ch = 0; ch < P; ch++) {
		size_t lo = n * (size_t)ch / (size_t)P;
		size_t hi = n * (size_t)(ch + 1) / (size_t)P;
		int k = hi - lo < 4096 ? 1 : nt;
		const CW *par = LC(in);
		size_t base = 0;

		if (in->pack) {
			/* this chunk's parents only, at pbuf[0] */
			free(pbuf);
			pbuf = malloc(sizeof(CW) * (hi - lo + 1));
			if (!pbuf || NAME(unpack_range_)(c, in, lo, hi, pbuf))
				goto done;
			par = pbuf;
			base = lo;
		}
		memset(w, 0, sizeof(w));
		for (int t = 0; t < k; t++) {
			NAME(pool_reset_)(&c->pool[t], c->n);
			w[t].c = c;
			w[t].comp = comp;
			w[t].pool = &c->pool[t];
			w[t].par = par;
			w[t].lo = lo - base + (hi - lo) * (size_t)t / (size_t)k;
			w[t].hi = lo - base +
				  (hi - lo) * (size_t)(t + 1) / (size_t)k;
		}
		symv_run(NAME(work_gen_), w, sizeof(w[0]), k);
		for (int t = 0; t < k; t++) {
			if (w[t].fail)
				goto done;
			if (nchildren)
				*nchildren += w[t].generated;
		}
		for (int t = 0; t < k; t++)
			if (NAME(drain_)(c, &c->pool[t], pt, P, wbuf, wfill, dir))
				goto done;
	}
	for (int q = 0; q < P; q++) {
		if (wfill[q] && fwrite(wbuf + (size_t)q * PB, sizeof(CW),
				       wfill[q], pt[q].f) != wfill[q]) {
			part_path(path, sizeof(path), dir, q);
			disk_write_error(ds, path, errno);
			goto done;
		}
		ds->bytes += (uint64_t)wfill[q] * sizeof(CW);
		pt[q].n += wfill[q];
		if (fflush(pt[q].f)) {
			part_path(path, sizeof(path), dir, q);
			disk_write_error(ds, path, errno);
			goto done;
		}
	}
	free(wbuf);
	wbuf = NULL;
	free(pbuf);
	pbuf = NULL;
	/* packed levels: the budget holds, so the bucket pools (8 MB chunks
	 * a worker at least) are not kept through the sort and merge */
	if (c->pack)
		for (int t = 0; t < 8; t++)
			NAME(pool_release_)(&c->pool[t]);
	/* sort each partition alone: worker t takes t, t + nt, ... */
	memset(w, 0, sizeof(w));
	for (int t = 0; t < nt; t++) {
		w[t].c = c;
		w[t].parts = pt;
		w[t].npools = P;
		w[t].b0 = t;
		w[t].b1 = nt;
	}
	symv_run(NAME(work_dsort_), w, sizeof(w[0]), nt);
	for (int t = 0; t < nt; t++) {
		ds->bytes += w[t].generated;
		if (w[t].fail > 1) {
			part_path(path, sizeof(path), dir, (int)w[t].lo);
			if (w[t].fail == 2)
				disk_error(ds, "cannot read", path,
					   (int)w[t].hi);
			else
				disk_write_error(ds, path, (int)w[t].hi);
		}
		if (w[t].fail)
			goto done;
	}
	rc = NAME(merge_parts_)(c, ds, pt, P, out, dir, packout);
done:
	for (int i = 0; pt && i < P; i++) {
		if (pt[i].f)
			fclose(pt[i].f);
		part_path(path, sizeof(path), dir, i);
		if (made)
			unlink(path);
	}
	if (made)
		rmdir(dir);
	free(pbuf);
	free(pt);
	free(wbuf);
	free(wfill);
	return rc;
}
