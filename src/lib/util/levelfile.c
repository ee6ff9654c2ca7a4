/* levelfile.c - compressed, checksummed blocks of sorted codes
 * (levelfile.h): gaps as LEB128 varints, one zstd frame a block, an XXH3-64
 * hash a block. */
#include "pegsol/levelfile.h"

#include <stdlib.h>
#include <string.h>
#include <xxhash.h>
#include <zstd.h>

/* Varint bytes of one gap at most: 64 bits in 7-bit groups, 128 bits. */
#define VMAX(wide) ((wide) ? 19 : 10)

struct peg_lf {
	ZSTD_CCtx *cc;
	ZSTD_DCtx *dc;
	unsigned char *vbuf; /* the gap stream */
	size_t vcap;
	unsigned char *obuf; /* an encoded block, or a block read from a file */
	size_t ocap;
	void *scratch; /* decoded codes when the caller keeps none */
	size_t scap;
};

struct peg_lf_in {
	FILE *fp;
	uint64_t size, pos;
	XXH3_state_t *xx;
};

static void put32(unsigned char *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t get32(const unsigned char *b)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v |= (uint32_t)b[i] << (8 * i);
	return v;
}

static uint64_t get64(const unsigned char *b)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)b[i] << (8 * i);
	return v;
}

/* Grow *buf to at least n bytes.  0, or -1 out of memory. */
static int grow(void **buf, size_t *cap, size_t n)
{
	void *p;

	if (n <= *cap)
		return 0;
	p = realloc(*buf, n);
	if (!p)
		return -1;
	*buf = p;
	*cap = n;
	return 0;
}

struct peg_lf *peg_lf_new(void)
{
	return calloc(1, sizeof(struct peg_lf));
}

void peg_lf_free(struct peg_lf *c)
{
	if (!c)
		return;
	ZSTD_freeCCtx(c->cc);
	ZSTD_freeDCtx(c->dc);
	free(c->vbuf);
	free(c->obuf);
	free(c->scratch);
	free(c);
}

size_t peg_lf_bound(size_t n, int wide)
{
	size_t blocks = (n + PEG_LF_BLOCK - 1) / PEG_LF_BLOCK;
	size_t per = n < PEG_LF_BLOCK ? n : PEG_LF_BLOCK;

	return blocks * (PEG_LF_HEAD(wide) + 8 +
			 ZSTD_compressBound(per * VMAX(wide)));
}

static size_t var64(unsigned char *o, uint64_t v)
{
	size_t k = 0;

	while (v >= 0x80) {
		o[k++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	o[k++] = (unsigned char)v;
	return k;
}

static size_t var128(unsigned char *o, peg_u128 v)
{
	size_t k = 0;

	while (v >= 0x80) {
		o[k++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	o[k++] = (unsigned char)v;
	return k;
}

int peg_lf_encode(struct peg_lf *c, const void *a, size_t n, int wide,
		  const unsigned char **out, size_t *len)
{
	size_t head = PEG_LF_HEAD(wide), vl = 0, zb, z;
	unsigned char *o;

	if (!c->cc && !(c->cc = ZSTD_createCCtx()))
		return -1;
	if (grow((void **)&c->vbuf, &c->vcap, n * VMAX(wide) + 1))
		return -1;
	if (wide) {
		const peg_u128 *x = a;

		for (size_t i = 1; i < n; i++)
			vl += var128(c->vbuf + vl, x[i] - x[i - 1] - 1);
	} else {
		const uint64_t *x = a;

		for (size_t i = 1; i < n; i++)
			vl += var64(c->vbuf + vl, x[i] - x[i - 1] - 1);
	}
	zb = ZSTD_compressBound(vl);
	if (grow((void **)&c->obuf, &c->ocap, head + zb + 8))
		return -1;
	o = c->obuf;
	z = ZSTD_compressCCtx(c->cc, o + head, zb, c->vbuf, vl, PEG_LF_ZLEVEL);
	if (ZSTD_isError(z))
		return -1;
	put32(o, (uint32_t)n);
	put32(o + 4, (uint32_t)vl);
	put32(o + 8, (uint32_t)z);
	if (wide) {
		peg_u128 f = ((const peg_u128 *)a)[0];

		put64(o + 12, (uint64_t)f);
		put64(o + 20, (uint64_t)(f >> 64));
	} else {
		put64(o + 12, ((const uint64_t *)a)[0]);
	}
	put64(o + head + z, XXH3_64bits(o, head + z));
	*out = o;
	*len = head + z + 8;
	return 0;
}

int peg_lf_block_size(const unsigned char *head, int wide, size_t maxn,
		      size_t *n, size_t *len)
{
	uint32_t k = get32(head), vl = get32(head + 4), z = get32(head + 8);

	if (!k || k > maxn || k > PEG_LF_BLOCK ||
	    vl > (size_t)(k - 1) * VMAX(wide) || vl < k - 1 ||
	    z > ZSTD_compressBound(vl))
		return -1;
	*n = k;
	*len = PEG_LF_HEAD(wide) + (size_t)z + 8;
	return 0;
}

/* The gaps of a 64-bit block into x[1..n), after x[0]. */
static int gaps64(const unsigned char *v, size_t vl, uint64_t *x, size_t n,
		  int bits)
{
	uint64_t lim = bits >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << bits) - 1;
	size_t p = 0;

	if (x[0] > lim)
		return -1;
	for (size_t i = 1; i < n; i++) {
		uint64_t g = 0, c;
		int sh = 0;
		unsigned char b;

		do {
			if (p == vl || sh > 63)
				return -1;
			b = v[p++];
			if (sh == 63 && (b & 0x7e))
				return -1;
			g |= (uint64_t)(b & 0x7f) << sh;
			sh += 7;
		} while (b & 0x80);
		if (__builtin_add_overflow(x[i - 1], g, &c) || c >= lim)
			return -1;
		x[i] = c + 1;
	}
	return p == vl ? 0 : -1;
}

static int gaps128(const unsigned char *v, size_t vl, peg_u128 *x, size_t n,
		   int bits)
{
	peg_u128 lim = bits >= 128 ? ~(peg_u128)0
				   : ((peg_u128)1 << bits) - 1;
	size_t p = 0;

	if (x[0] > lim)
		return -1;
	for (size_t i = 1; i < n; i++) {
		peg_u128 g = 0, c;
		int sh = 0;
		unsigned char b;

		do {
			if (p == vl || sh > 126)
				return -1;
			b = v[p++];
			if (sh == 126 && (b & 0x7c))
				return -1;
			g |= (peg_u128)(b & 0x7f) << sh;
			sh += 7;
		} while (b & 0x80);
		c = x[i - 1] + g;
		if (c < g || c >= lim)
			return -1;
		x[i] = c + 1;
	}
	return p == vl ? 0 : -1;
}

int peg_lf_decode(struct peg_lf *c, const unsigned char *blk, size_t len,
		  int wide, int bits, const peg_u128 *after, void *a,
		  const char **why)
{
	size_t head = PEG_LF_HEAD(wide), n, want, vl, z, d;
	peg_u128 first;

	*why = "bad block";
	if (len < head + 8 || peg_lf_block_size(blk, wide, PEG_LF_BLOCK, &n,
						 &want) || want != len)
		return -1;
	if (XXH3_64bits(blk, len - 8) != get64(blk + len - 8)) {
		*why = "fails its checksum";
		return -1;
	}
	vl = get32(blk + 4);
	z = get32(blk + 8);
	if (!c->dc && !(c->dc = ZSTD_createDCtx()))
		return -2;
	if (grow((void **)&c->vbuf, &c->vcap, vl + 1))
		return -2;
	d = ZSTD_decompressDCtx(c->dc, c->vbuf, vl, blk + head, z);
	if (ZSTD_isError(d) || d != vl)
		return -1;
	first = get64(blk + 12);
	if (wide)
		first |= (peg_u128)get64(blk + 20) << 64;
	*why = "codes not sorted or too large";
	if (after && first <= *after)
		return -1;
	if (!a) {
		if (grow(&c->scratch, &c->scap, n * (wide ? 16 : 8)))
			return -2;
		a = c->scratch;
	}
	if (wide) {
		((peg_u128 *)a)[0] = first;
		return gaps128(c->vbuf, vl, a, n, bits);
	}
	if (first >> 64)
		return -1;
	((uint64_t *)a)[0] = (uint64_t)first;
	return gaps64(c->vbuf, vl, a, n, bits);
}

struct peg_lf_in *peg_lf_in_new(FILE *fp, uint64_t size)
{
	struct peg_lf_in *r = calloc(1, sizeof(*r));

	if (!r)
		return NULL;
	r->xx = XXH3_createState();
	if (!r->xx) {
		free(r);
		return NULL;
	}
	XXH3_64bits_reset(r->xx);
	r->fp = fp;
	r->size = size;
	return r;
}

void peg_lf_in_free(struct peg_lf_in *r)
{
	if (!r)
		return;
	XXH3_freeState(r->xx);
	free(r);
}

int peg_lf_in_read(struct peg_lf_in *r, void *p, size_t n)
{
	if (n > r->size - r->pos || fread(p, 1, n, r->fp) != n)
		return -1;
	XXH3_64bits_update(r->xx, p, n);
	r->pos += n;
	return 0;
}

uint64_t peg_lf_in_left(const struct peg_lf_in *r)
{
	return r->size - r->pos;
}

uint64_t peg_lf_in_hash(const struct peg_lf_in *r)
{
	return XXH3_64bits_digest(r->xx);
}

int peg_lf_in_block(struct peg_lf_in *r, struct peg_lf *c, int wide,
		    int bits, size_t maxn, const peg_u128 *after, void *a,
		    size_t *n, peg_u128 *last, const char **why)
{
	size_t head = PEG_LF_HEAD(wide), len;
	int rc;

	*why = "truncated";
	if (grow((void **)&c->obuf, &c->ocap, head))
		return -2;
	if (peg_lf_in_read(r, c->obuf, head))
		return -1;
	if (peg_lf_block_size(c->obuf, wide, maxn, n, &len)) {
		*why = "bad block";
		return -1;
	}
	/* a length the file cannot hold is refused before it is allocated
	 * (8: the file's trailer) */
	if (len - head + 8 > peg_lf_in_left(r))
		return -1;
	if (grow((void **)&c->obuf, &c->ocap, len))
		return -2;
	if (peg_lf_in_read(r, c->obuf + head, len - head))
		return -1;
	rc = peg_lf_decode(c, c->obuf, len, wide, bits, after, a, why);
	if (rc)
		return rc;
	if (!a)
		a = c->scratch;
	*last = wide ? ((const peg_u128 *)a)[*n - 1]
		     : ((const uint64_t *)a)[*n - 1];
	return 0;
}

int peg_lf_in_trailer(struct peg_lf_in *r)
{
	unsigned char t[8];
	uint64_t want = XXH3_64bits_digest(r->xx);

	if (r->size - r->pos != 8 || fread(t, 1, 8, r->fp) != 8 ||
	    get64(t) != want || fgetc(r->fp) != EOF)
		return -1;
	r->pos += 8;
	return 0;
}

/* ---- packed levels ---- */

struct peg_lpack *peg_lpack_new(int wide)
{
	struct peg_lpack *p = calloc(1, sizeof(*p));

	if (p)
		p->wide = wide;
	return p;
}

void peg_lpack_free(struct peg_lpack *p)
{
	if (!p)
		return;
	free(p->data);
	free(p->off);
	free(p->first);
	free(p->pend);
	free(p);
}

/* Encode k pending codes at a as the next block. */
static int lpack_block(struct peg_lpack *p, struct peg_lf *c, const void *a,
		       size_t k)
{
	const unsigned char *blk;
	size_t len;

	if (p->nblk + 2 > p->bcap) {
		size_t cap = p->bcap ? 2 * p->bcap : 16;
		size_t *off = realloc(p->off, cap * sizeof(size_t));
		peg_u128 *first;

		if (!off)
			return -1;
		p->off = off;
		first = realloc(p->first, cap * sizeof(peg_u128));
		if (!first)
			return -1;
		p->first = first;
		p->bcap = cap;
	}
	if (peg_lf_encode(c, a, k, p->wide, &blk, &len))
		return -1;
	if (p->bytes + len > p->cap) {
		size_t cap = p->cap ? p->cap + p->cap / 2 : 1 << 16;

		if (cap < p->bytes + len)
			cap = p->bytes + len;
		if (grow((void **)&p->data, &p->cap, cap))
			return -1;
	}
	memcpy(p->data + p->bytes, blk, len);
	p->off[p->nblk] = p->bytes;
	p->first[p->nblk] = p->wide ? ((const peg_u128 *)a)[0]
				    : ((const uint64_t *)a)[0];
	p->bytes += len;
	p->nblk++;
	p->off[p->nblk] = p->bytes;
	return 0;
}

int peg_lpack_push(struct peg_lpack *p, struct peg_lf *c, const void *a,
		   size_t k)
{
	size_t w = p->wide ? 16 : 8;
	const unsigned char *src = a;

	if (!p->pend && k && !(p->pend = malloc(PEG_LF_BLOCK * w)))
		return -1;
	while (k) {
		size_t t = PEG_LF_BLOCK - p->npend;

		if (t > k)
			t = k;
		/* a whole block straight from the caller's array */
		if (!p->npend && t == PEG_LF_BLOCK) {
			if (lpack_block(p, c, src, t))
				return -1;
		} else {
			memcpy((unsigned char *)p->pend + p->npend * w, src,
			       t * w);
			p->npend += t;
			if (p->npend == PEG_LF_BLOCK) {
				if (lpack_block(p, c, p->pend, p->npend))
					return -1;
				p->npend = 0;
			}
		}
		src += t * w;
		k -= t;
		p->n += t;
	}
	return 0;
}

int peg_lpack_finish(struct peg_lpack *p, struct peg_lf *c)
{
	if (p->npend && lpack_block(p, c, p->pend, p->npend))
		return -1;
	p->npend = 0;
	free(p->pend);
	p->pend = NULL;
	/* give back the slack of the growth */
	if (p->bytes && p->bytes < p->cap) {
		unsigned char *d = realloc(p->data, p->bytes);

		if (d) {
			p->data = d;
			p->cap = p->bytes;
		}
	}
	return 0;
}

size_t peg_lpack_block_n(const struct peg_lpack *p, size_t i)
{
	return i + 1 < p->nblk ? PEG_LF_BLOCK
			       : p->n - (p->nblk - 1) * (size_t)PEG_LF_BLOCK;
}

int peg_lpack_block(const struct peg_lpack *p, struct peg_lf *c, size_t i,
		    void *a)
{
	const char *why;

	return peg_lf_decode(c, p->data + p->off[i],
			     p->off[i + 1] - p->off[i], p->wide,
			     p->wide ? 128 : 64, NULL, a, &why)
		       ? -1
		       : 0;
}

int peg_lpack_has(const struct peg_lpack *p, struct peg_lf *c,
		  peg_u128 code)
{
	size_t lo = 0, hi = p->nblk, k, n;
	const void *a;

	/* the last block whose first code is <= code */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (p->first[mid] <= code)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!lo)
		return 0;
	k = lo - 1;
	if (peg_lpack_block(p, c, k, NULL))
		return -1;
	a = c->scratch;
	n = peg_lpack_block_n(p, k);
	lo = 0;
	hi = n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		peg_u128 x = p->wide ? ((const peg_u128 *)a)[mid]
				     : ((const uint64_t *)a)[mid];

		if (x < code)
			lo = mid + 1;
		else if (x > code)
			hi = mid;
		else
			return 1;
	}
	return 0;
}
