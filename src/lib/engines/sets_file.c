/* sets_file.c - the binary file of level sets (sets.h, docs/solve.md):
 * version 5 written (levels as compressed, checksummed blocks,
 * levelfile.h), versions 3 and 4 (uncompressed, one checksum at the end)
 * still read. */
#define _GNU_SOURCE /* O_TMPFILE */
#include "pegsol/sets.h"

#include "pegsol/afile.h"
#include "pegsol/fast.h"
#include "pegsol/levelfile.h"

#include "sets_level.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SETS_MAGIC "PEGSETS1"
#define SETS_V3 3 /* 64-bit codes, uncompressed, checksum trailer */
#define SETS_V4 4 /* 128-bit codes: low word, then high word */
#define SETS_V5 5 /* either width, compressed blocks (written) */
#define SEC_HEAD 20 /* tag u32, count u64, raw u64 */

static void enc_u32(unsigned char *b, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static void enc_u64(unsigned char *b, uint64_t v)
{
	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
}

static uint32_t dec_u32(const unsigned char *b)
{
	uint32_t v = 0;

	for (int i = 0; i < 4; i++)
		v |= (uint32_t)b[i] << (8 * i);
	return v;
}

static uint64_t dec_u64(const unsigned char *b)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v |= (uint64_t)b[i] << (8 * i);
	return v;
}

static struct peg_level *section(struct peg_sets *s, int kind, int pegs)
{
	/* the level arrays hold PEG_SETS_MAX_HOLES + 1 entries, whatever a
	 * file says its board has */
	if (pegs < 0 || pegs > PEG_SETS_MAX_HOLES)
		return NULL;
	switch (kind) {
	case 'F':
		return &s->F[pegs];
	case 'G':
		return &s->G[pegs];
	case 'W':
		return &s->W[pegs];
	case 'L':
		return &s->L[pegs];
	}
	return NULL;
}

static int put_u32(struct peg_afile *af, uint32_t v)
{
	unsigned char b[4];

	enc_u32(b, v);
	return peg_afile_write(af, b, 4);
}

static int put_u64(struct peg_afile *af, uint64_t v)
{
	unsigned char b[8];

	enc_u64(b, v);
	return peg_afile_write(af, b, 8);
}

static int put_code(struct peg_afile *af, peg_u128 v, int wide)
{
	return put_u64(af, (uint64_t)v) |
	       (wide ? put_u64(af, (uint64_t)(v >> 64)) : 0);
}

/* One section: its header (tag, count, raw, their hash), then the level's
 * codes in blocks.  0, -1 a write error, -2 out of memory. */
static int put_section(struct peg_afile *af, struct peg_lf *c, int kind,
		       int pegs, const struct peg_level *l, int wide)
{
	unsigned char h[SEC_HEAD + 8];
	size_t w = wide ? 16 : 8;
	const unsigned char *codes = (const unsigned char *)l->code;

	enc_u32(h, (uint32_t)kind | (uint32_t)pegs << 8);
	enc_u64(h + 4, l->n);
	enc_u64(h + 12, l->raw);
	enc_u64(h + SEC_HEAD, peg_afile_hash(h, SEC_HEAD));
	if (peg_afile_write(af, h, sizeof(h)))
		return -1;
	/* a packed level (opts.pack) is those blocks already */
	if (l->pack)
		return peg_afile_write(af, l->pack->data, l->pack->bytes);
	for (size_t i = 0; i < l->n; i += PEG_LF_BLOCK) {
		size_t k = l->n - i < PEG_LF_BLOCK ? l->n - i : PEG_LF_BLOCK;
		const unsigned char *blk;
		size_t len;

		if (peg_lf_encode(c, codes + i * w, k, wide, &blk, &len))
			return -2;
		if (peg_afile_write(af, blk, len))
			return -1;
	}
	return 0;
}

/* Open path for writing with the codec c (NULL: out of memory, and c is
 * freed on any failure).  0, or a PEG_AFILE_E* status with err. */
static int open_out(const char *path, struct peg_lf *c,
		    struct peg_afile **af, struct peg_err *err)
{
	int r;

	if (!c) {
		peg_err_set(err, "out of memory writing '%.180s'", path);
		return PEG_AFILE_ERESOURCE;
	}
	r = peg_afile_open(path, af, err);
	if (r)
		peg_lf_free(c);
	return r;
}

int peg_sets_save(const struct peg_sets *s, const char *path,
		  struct peg_err *err)
{
	static const char kinds[] = "FGWL";
	struct peg_afile *af;
	struct peg_lf *c = peg_lf_new();
	uint32_t nsec = 0, len = (uint32_t)strlen(s->spec);
	int bad = 0, r;

	r = open_out(path, c, &af, err);
	if (r)
		return r;
	for (int k = 0; k < 4; k++)
		for (int n = 0; n <= s->n_holes; n++)
			nsec += section((struct peg_sets *)s, kinds[k], n)->have;
	bad |= peg_afile_write(af, SETS_MAGIC, 8);
	bad |= put_u32(af, SETS_V5) | put_u32(af, s->wide ? 128 : 64) |
	       put_u32(af, (uint32_t)s->n_holes);
	bad |= put_u32(af, len) | peg_afile_write(af, s->spec, len);
	bad |= put_u32(af, (uint32_t)s->group_kind) |
	       put_u32(af, (uint32_t)s->n_group);
	for (int i = 0; i < s->n_group; i++)
		bad |= put_u32(af, (uint32_t)s->group[i]);
	bad |= put_u32(af, (uint32_t)(s->anywhere | s->complement << 1));
	bad |= put_u32(af, (uint32_t)s->start_pegs) |
	       put_u32(af, (uint32_t)s->finish_pegs);
	bad |= put_code(af, s->start, s->wide) |
	       put_code(af, s->finish, s->wide);
	bad |= put_u32(af, PEG_LF_BLOCK) | put_u32(af, nsec);
	/* the header's own hash: XXH3-64 of every byte so far */
	bad |= put_u64(af, peg_afile_checksum(af));
	for (int k = 0; k < 4 && !bad; k++)
		for (int n = 0; n <= s->n_holes && !bad; n++) {
			const struct peg_level *l =
				section((struct peg_sets *)s, kinds[k], n);

			if (!l->have)
				continue;
			r = put_section(af, c, kinds[k], n, l, s->wide);
			if (r == -2) {
				peg_lf_free(c);
				peg_afile_abort(af);
				peg_err_set(err, "out of memory writing "
					    "'%.180s'", path);
				return PEG_AFILE_ERESOURCE;
			}
			bad |= r;
		}
	peg_lf_free(c);
	/* the trailer: XXH3-64 of every byte above */
	put_u64(af, peg_afile_checksum(af));
	return peg_afile_commit(af, err);
}

int peg_sets_load(const struct peg_board *b, const char *path,
		  struct peg_sets **out, struct peg_err *err)
{
	uint64_t size;
	int r;
	FILE *fp = peg_afile_read_open(path, 0, &size, &r, err);

	*out = NULL;
	if (!fp)
		return r;
	r = peg_sets_read(b, fp, size, path, out, err);
	fclose(fp);
	return r;
}

/* ---- versions 3 and 4: uncompressed, one checksum at the end ---- */

static int get_u32(FILE *fp, uint32_t *v)
{
	unsigned char b[4];

	if (fread(b, 1, 4, fp) != 4)
		return -1;
	*v = dec_u32(b);
	return 0;
}

static int get_u64(FILE *fp, uint64_t *v)
{
	unsigned char b[8];

	if (fread(b, 1, 8, fp) != 8)
		return -1;
	*v = dec_u64(b);
	return 0;
}

static int get_code(FILE *fp, peg_u128 *v, int wide)
{
	uint64_t lo, hi = 0;

	if (get_u64(fp, &lo) || (wide && get_u64(fp, &hi)))
		return -1;
	*v = (peg_u128)hi << 64 | lo;
	return 0;
}

/* Read count codes into l (already allocated) in batches, checking that
 * they increase and fit nh holes.  0, or -1 (short read, bad codes). */
static int get_level(FILE *fp, struct peg_level *l, uint64_t count, int wide,
		     uint32_t nh)
{
	size_t w = wide ? 16 : 8;
	unsigned char *raw = wide ? (unsigned char *)l->code128
				  : (unsigned char *)l->code;
	peg_u128 prev = 0;

	if (count && fread(raw, w, (size_t)count, fp) != count)
		return -1;
	/* decode in place, front to back: entry i's bytes are read before
	 * code i is stored over them */
	for (uint64_t i = 0; i < count; i++) {
		const unsigned char *p = raw + i * w;
		peg_u128 c = dec_u64(p);

		if (wide)
			c |= (peg_u128)dec_u64(p + 8) << 64;
		if ((nh < 128 && c >> nh) || (i && c <= prev))
			return -1;
		if (wide)
			l->code128[i] = c;
		else
			l->code[i] = (uint64_t)c;
		prev = c;
	}
	return 0;
}

/* The byte tables of a loaded set's group (its width's). -1 out of
 * memory. */
static int attach_symtab(struct peg_sets *s, const struct peg_board *b)
{
	if (s->wide)
		s->symtab128 = peg_symtab128_new(b);
	else
		s->symtab = peg_symtab64_new(b);
	return s->symtab || s->symtab128 ? 0 : -1;
}

/* peg_sets_read for the uncompressed versions 3 and 4 (read from the
 * start of fp): the whole-file checksum first, then the fields. */
static int read_v34(const struct peg_board *b, FILE *fp, uint64_t size,
		    const char *path, struct peg_sets **out,
		    struct peg_err *err)
{
	struct peg_sets *s = NULL;
	char magic[8];
	uint32_t ver, nh, len, gk, ng, flags, sp, fp_, nsec;
	const char *why = "truncated";
	uint64_t left;
	int r;

	*out = NULL;
	if (fread(magic, 1, 8, fp) != 8 || memcmp(magic, SETS_MAGIC, 8)) {
		peg_err_set(err, "bad sets file '%.180s': not a pegsol sets "
			    "file", path);
		return -1;
	}
	if (get_u32(fp, &ver))
		goto fail;
	if (ver == 1 || ver == 2) {
		peg_err_set(err, "sets file '%.150s' is version %u, without "
			    "a checksum: write it again with pegsol sets --out",
			    path, ver);
		return -1;
	}
	if (ver != SETS_V3 && ver != SETS_V4) {
		why = "unknown version";
		goto fail;
	}
	/* the checksum first: nothing below reads a byte it has not passed */
	r = peg_afile_verify(fp, size, path, err);
	if (r)
		return r;
	if (fseek(fp, 12, SEEK_SET))
		goto fail;
	s = calloc(1, sizeof(*s));
	if (!s)
		goto nomem;
	if (get_u32(fp, &nh) || get_u32(fp, &len))
		goto fail;
	s->wide = ver == SETS_V4;
	if ((int)nh != b->n_holes || len > 4096 || (!s->wide && nh > 64) ||
	    nh > PEG_SETS_MAX_HOLES) {
		why = "made for another board";
		goto fail;
	}
	s->n_holes = (int)nh;
	s->spec = calloc(len + 1, 1);
	if (!s->spec)
		goto nomem;
	if (fread(s->spec, 1, len, fp) != len)
		goto fail;
	if (strcmp(s->spec, b->spec)) {
		why = "made for another board";
		goto fail;
	}
	if (get_u32(fp, &gk) || get_u32(fp, &ng))
		goto fail;
	if (gk > PEG_GROUP_NONE || ng < 1 || (int)ng > b->n_syms) {
		why = "bad symmetry group";
		goto fail;
	}
	s->group_kind = (enum peg_group)gk;
	s->n_group = (int)ng;
	s->group = malloc(sizeof(int) * ng);
	if (!s->group)
		goto nomem;
	for (uint32_t i = 0; i < ng; i++) {
		uint32_t g;

		if (get_u32(fp, &g))
			goto fail;
		if ((int)g >= b->n_syms) {
			why = "bad symmetry group";
			goto fail;
		}
		s->group[i] = (int)g;
	}
	if (get_u32(fp, &flags) || get_u32(fp, &sp) || get_u32(fp, &fp_) ||
	    get_code(fp, &s->start, s->wide) ||
	    get_code(fp, &s->finish, s->wide) ||
	    get_u32(fp, &nsec))
		goto fail;
	s->anywhere = flags & 1;
	s->complement = flags >> 1 & 1;
	s->start_pegs = (int)sp;
	s->finish_pegs = (int)fp_;
	for (uint32_t k = 0; k < nsec; k++) {
		uint32_t tag;
		uint64_t cnt, raw;
		long pos = ftell(fp);
		struct peg_level *l;

		if (get_u32(fp, &tag) || get_u64(fp, &cnt) || get_u64(fp, &raw))
			goto fail;
		/* a count the rest of the file cannot hold is refused before
		 * anything is allocated for it */
		if (pos < 0 || (uint64_t)pos + 20 > size - 8)
			goto fail;
		left = size - 8 - (uint64_t)pos - 20;
		if ((tag >> 8) > nh ||
		    !(l = section(s, (int)(tag & 0xff), (int)(tag >> 8))) ||
		    l->have || cnt > left / (s->wide ? 16 : 8)) {
			why = "bad section";
			goto fail;
		}
		l->code = malloc((size_t)cnt * (s->wide ? 16 : 8) + 16);
		if (!l->code)
			goto nomem;
		l->have = 1;
		l->n = (size_t)cnt;
		l->raw = raw;
		if (get_level(fp, l, cnt, s->wide, nh)) {
			why = "codes not sorted or too large";
			goto fail;
		}
	}
	if (ftell(fp) != (long)(size - 8)) {
		why = "bytes after the last section";
		goto fail;
	}
	if (attach_symtab(s, b))
		goto nomem;
	*out = s;
	return 0;
fail:
	peg_err_set(err, "bad sets file '%.180s': %s", path, why);
	peg_sets_free(s);
	return -1;
nomem:
	peg_err_set(err, "out of memory reading sets file '%.180s'", path);
	peg_sets_free(s);
	return -2;
}

/* ---- version 5: compressed blocks ---- */

/* The header of a version 5 file (after magic and version). */
struct head5 {
	uint32_t bits, nh, len, gk, ng, flags, sp, fpeg, blk, nsec;
	char *spec;
	uint32_t *group;
	peg_u128 start, finish;
};

static int rd32(struct peg_lf_in *r, uint32_t *v)
{
	unsigned char b[4];

	if (peg_lf_in_read(r, b, 4))
		return -1;
	*v = dec_u32(b);
	return 0;
}

static int rdcode(struct peg_lf_in *r, peg_u128 *v, int wide)
{
	unsigned char b[16];

	if (peg_lf_in_read(r, b, wide ? 16 : 8))
		return -1;
	*v = dec_u64(b);
	if (wide)
		*v |= (peg_u128)dec_u64(b + 8) << 64;
	return 0;
}

static void head5_free(struct head5 *h)
{
	free(h->spec);
	free(h->group);
	memset(h, 0, sizeof(*h));
}

/* Read the header through r and check its hash.  Sizes are bounded before
 * anything is allocated for them.  0; -1 corrupt or truncated; -2 out of
 * memory. */
static int read_head5(struct peg_lf_in *r, struct head5 *h)
{
	unsigned char t[8];
	uint64_t want;
	int wide;

	memset(h, 0, sizeof(*h));
	if (rd32(r, &h->bits) || rd32(r, &h->nh) || rd32(r, &h->len))
		return -1;
	if ((h->bits != 64 && h->bits != 128) || h->nh > h->bits ||
	    h->len > 4096)
		return -1;
	wide = h->bits == 128;
	h->spec = calloc(h->len + 1, 1);
	if (!h->spec)
		return -2;
	if (peg_lf_in_read(r, h->spec, h->len) || rd32(r, &h->gk) ||
	    rd32(r, &h->ng))
		return -1;
	if (!h->ng || h->ng > peg_lf_in_left(r) / 4)
		return -1;
	h->group = malloc(sizeof(uint32_t) * h->ng);
	if (!h->group)
		return -2;
	for (uint32_t i = 0; i < h->ng; i++)
		if (rd32(r, &h->group[i]))
			return -1;
	if (rd32(r, &h->flags) || rd32(r, &h->sp) || rd32(r, &h->fpeg) ||
	    rdcode(r, &h->start, wide) || rdcode(r, &h->finish, wide) ||
	    rd32(r, &h->blk) || rd32(r, &h->nsec))
		return -1;
	want = peg_lf_in_hash(r);
	if (peg_lf_in_read(r, t, 8) || dec_u64(t) != want)
		return -1;
	if (!h->blk || h->blk > PEG_LF_BLOCK)
		return -1;
	return 0;
}

/* err for a file that fails a check of its bytes: where, and why when
 * it is not the checksum itself. */
static void corrupt(struct peg_err *err, const char *path, const char *where,
		    const char *why)
{
	int sum = !why || !strcmp(why, "fails its checksum");

	peg_err_set(err, "'%.150s' fails its checksum (corrupt or "
		    "truncated: %s%s%s)", path, where, sum ? "" : ", ",
		    sum ? "" : why);
}

/* Read the sections of a version 5 file into s (codes kept when keep is
 * set, else only decoded and checked), counting them in info.  0; -1 with
 * err; -2 out of memory. */
static int read_sections5(struct peg_lf_in *r, const struct head5 *h,
			  struct peg_sets *s, int keep, const char *path,
			  struct peg_sets_file_info *info, struct peg_err *err)
{
	int wide = h->bits == 128;
	size_t w = wide ? 16 : 8, minblk = PEG_LF_HEAD(wide) + 9;
	struct peg_lf *c = peg_lf_new();
	int rc = -1;

	if (!c)
		return -2;
	for (uint32_t k = 0; k < h->nsec; k++) {
		unsigned char sh[SEC_HEAD + 8];
		uint32_t tag;
		uint64_t cnt, nblk;
		struct peg_level *l;
		char where[64];
		peg_u128 last = 0;

		snprintf(where, sizeof(where), "section %u", k + 1);
		if (peg_lf_in_read(r, sh, sizeof(sh))) {
			corrupt(err, path, where, "truncated");
			goto out;
		}
		if (peg_afile_hash(sh, SEC_HEAD) != dec_u64(sh + SEC_HEAD)) {
			corrupt(err, path, where, NULL);
			goto out;
		}
		tag = dec_u32(sh);
		cnt = dec_u64(sh + 4);
		if ((tag >> 8) > h->nh ||
		    !(l = section(s, (int)(tag & 0xff), (int)(tag >> 8))) ||
		    l->have) {
			peg_err_set(err, "bad sets file '%.180s': bad section",
				    path);
			goto out;
		}
		snprintf(where, sizeof(where), "%c_%u", (char)(tag & 0xff),
			 tag >> 8);
		/* a count the rest of the file cannot hold is refused before
		 * anything is allocated for it */
		nblk = cnt / h->blk + (cnt % h->blk != 0);
		if (nblk > peg_lf_in_left(r) / minblk) {
			corrupt(err, path, where, "truncated");
			goto out;
		}
		if (keep) {
			l->code = malloc((size_t)cnt * w + 16);
			if (!l->code) {
				rc = -2;
				goto out;
			}
		}
		l->have = 1;
		l->n = (size_t)cnt;
		l->raw = dec_u64(sh + 12);
		for (uint64_t i = 0; i < nblk; i++) {
			size_t want = cnt - i * h->blk < h->blk
					      ? (size_t)(cnt - i * h->blk)
					      : h->blk;
			size_t got = 0;
			const char *why;
			int e = peg_lf_in_block(
				r, c, wide, (int)h->nh, want, i ? &last : NULL,
				keep ? (char *)l->code + i * h->blk * w : NULL,
				&got, &last, &why);

			if (e == -2) {
				rc = -2;
				goto out;
			}
			if (e || got != want) {
				char at[96];

				snprintf(at, sizeof(at), "%s block %llu", where,
					 (unsigned long long)i + 1);
				if (e && !strcmp(why, "codes not sorted or too "
						      "large"))
					peg_err_set(err, "bad sets file "
						    "'%.150s': %s: %s", path,
						    at, why);
				else
					corrupt(err, path, at,
						e ? why : "bad block");
				goto out;
			}
		}
		if (info) {
			info->sections++;
			info->codes += cnt;
		}
	}
	if (peg_lf_in_trailer(r)) {
		corrupt(err, path, "the trailer", NULL);
		goto out;
	}
	rc = 0;
out:
	peg_lf_free(c);
	return rc;
}

/* A version 5 file for board b, fp at its start. */
static int read_v5(const struct peg_board *b, FILE *fp, uint64_t size,
		   const char *path, struct peg_sets **out,
		   struct peg_sets_file_info *info, struct peg_err *err)
{
	struct peg_lf_in *r = peg_lf_in_new(fp, size);
	struct peg_sets *s = NULL;
	struct head5 h;
	unsigned char mv[12];
	const char *why = NULL;
	int rc;

	memset(&h, 0, sizeof(h));
	if (!r)
		goto nomem;
	if (peg_lf_in_read(r, mv, 12))
		goto bad_head;
	rc = read_head5(r, &h);
	if (rc == -2)
		goto nomem;
	if (rc)
		goto bad_head;
	/* the header is whole: now what it says */
	if ((int)h.nh != b->n_holes || strcmp(h.spec, b->spec)) {
		why = "made for another board";
		goto fail;
	}
	if (h.gk > PEG_GROUP_NONE || (int)h.ng > b->n_syms) {
		why = "bad symmetry group";
		goto fail;
	}
	s = calloc(1, sizeof(*s));
	if (!s)
		goto nomem;
	s->wide = h.bits == 128;
	s->n_holes = (int)h.nh;
	s->spec = h.spec;
	h.spec = NULL;
	s->group_kind = (enum peg_group)h.gk;
	s->n_group = (int)h.ng;
	s->group = malloc(sizeof(int) * h.ng);
	if (!s->group)
		goto nomem;
	for (uint32_t i = 0; i < h.ng; i++) {
		if ((int)h.group[i] >= b->n_syms) {
			why = "bad symmetry group";
			goto fail;
		}
		s->group[i] = (int)h.group[i];
	}
	s->anywhere = h.flags & 1;
	s->complement = h.flags >> 1 & 1;
	s->start_pegs = (int)h.sp;
	s->finish_pegs = (int)h.fpeg;
	s->start = h.start;
	s->finish = h.finish;
	if (info) {
		info->version = SETS_V5;
		info->wide = s->wide;
	}
	rc = read_sections5(r, &h, s, out != NULL, path, info, err);
	if (rc == -2)
		goto nomem;
	if (rc)
		goto out;
	if (out) {
		if (attach_symtab(s, b))
			goto nomem;
		*out = s;
		s = NULL;
	}
	rc = 0;
	goto out;
bad_head:
	corrupt(err, path, "the header", NULL);
	rc = -1;
	goto out;
fail:
	peg_err_set(err, "bad sets file '%.180s': %s", path, why);
	rc = -1;
	goto out;
nomem:
	peg_err_set(err, "out of memory reading sets file '%.180s'", path);
	rc = -2;
out:
	peg_sets_free(s);
	head5_free(&h);
	peg_lf_in_free(r);
	return rc;
}

/* ---- reading any version ---- */

/* The version of the file at fp's start (magic checked; fp rewound).  0,
 * or -1 with err. */
static int file_version(FILE *fp, const char *path, uint32_t *ver,
			struct peg_err *err)
{
	unsigned char m[12];

	if (fread(m, 1, 12, fp) != 12 || memcmp(m, SETS_MAGIC, 8)) {
		peg_err_set(err, "bad sets file '%.180s': not a pegsol sets "
			    "file", path);
		return -1;
	}
	*ver = dec_u32(m + 8);
	rewind(fp);
	return 0;
}

/* peg_sets_read, or with out NULL a check that keeps no codes. */
static int sets_read(const struct peg_board *b, FILE *fp, uint64_t size,
		     const char *path, struct peg_sets **out,
		     struct peg_sets_file_info *info, struct peg_err *err)
{
	struct peg_sets *s = NULL;
	uint32_t ver;
	int r;

	if (out)
		*out = NULL;
	if (info) {
		memset(info, 0, sizeof(*info));
		info->bytes = size;
	}
	if (file_version(fp, path, &ver, err))
		return -1;
	if (ver == SETS_V5)
		return read_v5(b, fp, size, path, out, info, err);
	r = read_v34(b, fp, size, path, &s, err);
	if (r)
		return r;
	if (info) {
		info->version = (int)ver;
		info->wide = s->wide;
		for (int n = 0; n <= s->n_holes; n++) {
			const struct peg_level *lv[4] = {&s->F[n], &s->G[n],
							 &s->W[n], &s->L[n]};

			for (int k = 0; k < 4; k++)
				if (lv[k]->have) {
					info->sections++;
					info->codes += lv[k]->n;
				}
		}
	}
	if (out)
		*out = s;
	else
		peg_sets_free(s);
	return 0;
}

int peg_sets_read(const struct peg_board *b, FILE *fp, uint64_t size,
		  const char *path, struct peg_sets **out,
		  struct peg_err *err)
{
	return sets_read(b, fp, size, path, out, NULL, err);
}

int peg_sets_check(const struct peg_board *b, const char *path,
		   struct peg_sets_file_info *info, struct peg_err *err)
{
	uint64_t size;
	int r;
	FILE *fp = peg_afile_read_open(path, 0, &size, &r, err);

	if (!fp)
		return r;
	r = sets_read(b, fp, size, path, NULL, info, err);
	fclose(fp);
	return r;
}

int peg_sets_file_spec(const char *path, char **spec, struct peg_err *err)
{
	uint64_t size;
	uint32_t ver = 0, nh, len;
	int r;
	FILE *fp = peg_afile_read_open(path, 0, &size, &r, err);

	*spec = NULL;
	if (!fp)
		return r;
	r = -1;
	if (file_version(fp, path, &ver, err))
		goto out;
	if (ver == SETS_V5) {
		struct peg_lf_in *in = peg_lf_in_new(fp, size);
		struct head5 h;
		unsigned char mv[12];

		memset(&h, 0, sizeof(h));
		r = !in ? -2 : peg_lf_in_read(in, mv, 12) ? -1
							    : read_head5(in, &h);
		if (r == -2)
			peg_err_set(err, "out of memory reading '%.180s'",
				    path);
		else if (r)
			corrupt(err, path, "the header", NULL);
		else {
			*spec = h.spec;
			h.spec = NULL;
		}
		head5_free(&h);
		peg_lf_in_free(in);
		goto out;
	}
	if (ver != SETS_V3 && ver != SETS_V4) {
		peg_err_set(err, "bad sets file '%.180s': %s", path,
			    ver == 1 || ver == 2 ? "version without a checksum"
						 : "unknown version");
		goto out;
	}
	r = peg_afile_verify(fp, size, path, err);
	if (r)
		goto out;
	r = -1;
	if (fseek(fp, 12, SEEK_SET) || get_u32(fp, &nh) || get_u32(fp, &len) ||
	    len > 4096) {
		peg_err_set(err, "bad sets file '%.180s': bad header", path);
		goto out;
	}
	*spec = calloc(len + 1, 1);
	if (!*spec) {
		peg_err_set(err, "out of memory reading '%.180s'", path);
		r = -2;
		goto out;
	}
	if (fread(*spec, 1, len, fp) != len) {
		peg_err_set(err, "bad sets file '%.180s': bad header", path);
		free(*spec);
		*spec = NULL;
		goto out;
	}
	r = 0;
out:
	fclose(fp);
	return r;
}

/* ---- level files (the work directory of opts.work) ---- */

#define LEVEL_MAGIC "PEGSLVL1"
#define LEVEL_V1 1
#define LEVEL_HEAD 56 /* magic, version, bits, holes, pegs, count, raw,
			 tag, block; then the header's hash */

static void level_head(unsigned char *h, const struct peg_sets *s, int pegs,
		       uint64_t count, uint64_t raw, uint64_t tag)
{
	memcpy(h, LEVEL_MAGIC, 8);
	enc_u32(h + 8, LEVEL_V1);
	enc_u32(h + 12, s->wide ? 128 : 64);
	enc_u32(h + 16, (uint32_t)s->n_holes);
	enc_u32(h + 20, (uint32_t)pegs);
	enc_u64(h + 24, count);
	enc_u64(h + 32, raw);
	enc_u64(h + 40, tag);
	enc_u32(h + 48, PEG_LF_BLOCK);
	enc_u32(h + 52, 0);
}

int peg_sets_level_save(const struct peg_sets *s, const char *path, int pegs,
			const struct peg_level *l, uint64_t tag,
			struct peg_err *err)
{
	unsigned char h[LEVEL_HEAD + 8];
	struct peg_afile *af;
	struct peg_lf *c = peg_lf_new();
	size_t w = s->wide ? 16 : 8;
	int bad = 0, r;

	r = open_out(path, c, &af, err);
	if (r)
		return r;
	level_head(h, s, pegs, l->n, l->raw, tag);
	enc_u64(h + LEVEL_HEAD, peg_afile_hash(h, LEVEL_HEAD));
	bad |= peg_afile_write(af, h, sizeof(h));
	if (l->pack) {
		bad |= peg_afile_write(af, l->pack->data, l->pack->bytes);
	} else {
		for (size_t i = 0; i < l->n && !bad; i += PEG_LF_BLOCK) {
			size_t k = l->n - i < PEG_LF_BLOCK ? l->n - i
							   : PEG_LF_BLOCK;
			const unsigned char *blk;
			size_t len;

			if (peg_lf_encode(c, (const unsigned char *)l->code +
						     i * w,
					  k, s->wide, &blk, &len)) {
				peg_lf_free(c);
				peg_afile_abort(af);
				peg_err_set(err, "out of memory writing "
					    "'%.180s'", path);
				return PEG_AFILE_ERESOURCE;
			}
			bad |= peg_afile_write(af, blk, len);
		}
	}
	peg_lf_free(c);
	put_u64(af, peg_afile_checksum(af));
	return peg_afile_commit(af, err);
}

/* Check the header h of the level file fp at path (size bytes) for
 * level pegs of s, tagged tag: its count in *cnt and blocks in *nblk, fp
 * rewound.  0, or -1 with err. */
static int level_check_head(FILE *fp, uint64_t size, const char *path,
			    const struct peg_sets *s, int pegs, uint64_t tag,
			    unsigned char *h, uint64_t *cnt, uint64_t *nblk,
			    struct peg_err *err)
{
	unsigned char want[LEVEL_HEAD];
	size_t hl = LEVEL_HEAD + 8, minblk = PEG_LF_HEAD(s->wide) + 9;

	if (size < hl + 8 || fread(h, 1, hl, fp) != hl) {
		corrupt(err, path, "the header", "truncated");
		return -1;
	}
	if (memcmp(h, LEVEL_MAGIC, 8)) {
		peg_err_set(err, "'%.180s' is not a pegsol level file", path);
		return -1;
	}
	if (peg_afile_hash(h, LEVEL_HEAD) != dec_u64(h + LEVEL_HEAD)) {
		corrupt(err, path, "the header", NULL);
		return -1;
	}
	*cnt = dec_u64(h + 24);
	level_head(want, s, pegs, *cnt, dec_u64(h + 32), tag);
	if (memcmp(h, want, LEVEL_HEAD)) {
		peg_err_set(err, "'%.180s' is not a level file of this "
			    "problem (%d pegs)", path, pegs);
		return -1;
	}
	*nblk = *cnt / PEG_LF_BLOCK + (*cnt % PEG_LF_BLOCK != 0);
	if (*nblk > size / minblk) {
		corrupt(err, path, "the header", "truncated");
		return -1;
	}
	rewind(fp);
	return 0;
}

/* Open the level file at path and check its header (level_check_head):
 * fp, or NULL with *rc (-1 with err, -2 out of memory). */
static FILE *level_open(const char *path, const struct peg_sets *s, int pegs,
			uint64_t tag, unsigned char *h, uint64_t *size,
			uint64_t *cnt, uint64_t *nblk, int *rc,
			struct peg_err *err)
{
	int st;
	FILE *fp = peg_afile_read_open(path, 0, size, &st, err);

	*rc = fp || st != PEG_AFILE_ERESOURCE ? -1 : -2;
	if (fp && level_check_head(fp, *size, path, s, pegs, tag, h, cnt, nblk,
				   err)) {
		fclose(fp);
		fp = NULL;
	}
	return fp;
}

int peg_sets_level_load(const struct peg_sets *s, const char *path, int pegs,
			uint64_t tag, int keep, struct peg_level *l,
			struct peg_err *err)
{
	unsigned char h[LEVEL_HEAD + 8];
	uint64_t size, cnt, nblk;
	struct peg_lf_in *r = NULL;
	struct peg_lf *c = NULL;
	size_t w = s->wide ? 16 : 8;
	peg_u128 last = 0;
	int st, rc = -1;
	FILE *fp = level_open(path, s, pegs, tag, h, &size, &cnt, &nblk, &rc,
			      err);

	memset(l, 0, sizeof(*l));
	if (!fp)
		return rc;
	if (!keep) {
		/* the sizes only: the trailer checked over every byte */
		st = peg_afile_verify(fp, size, path, err);
		if (st) {
			rc = st == PEG_AFILE_ERESOURCE ? -2 : -1;
			goto out;
		}
		l->n = (size_t)cnt;
		l->raw = dec_u64(h + 32);
		rc = 0;
		goto out;
	}
	r = peg_lf_in_new(fp, size);
	c = peg_lf_new();
	l->code = malloc((size_t)cnt * w + 16);
	if (!r || !c || !l->code) {
		rc = -2;
		goto out;
	}
	if (peg_lf_in_read(r, h, sizeof(h))) {
		corrupt(err, path, "the header", "truncated");
		goto out;
	}
	for (uint64_t i = 0; i < nblk; i++) {
		size_t want_n = cnt - i * PEG_LF_BLOCK < PEG_LF_BLOCK
					? (size_t)(cnt - i * PEG_LF_BLOCK)
					: PEG_LF_BLOCK;
		size_t got = 0;
		const char *why;
		int e = peg_lf_in_block(r, c, s->wide, s->n_holes, want_n,
					i ? &last : NULL,
					(char *)l->code + i * PEG_LF_BLOCK * w,
					&got, &last, &why);

		if (e == -2) {
			rc = -2;
			goto out;
		}
		if (e || got != want_n) {
			char at[48];

			snprintf(at, sizeof(at), "block %llu",
				 (unsigned long long)i + 1);
			corrupt(err, path, at, e ? why : "bad block");
			goto out;
		}
	}
	if (peg_lf_in_trailer(r)) {
		corrupt(err, path, "the trailer", NULL);
		goto out;
	}
	l->n = (size_t)cnt;
	l->raw = dec_u64(h + 32);
	l->have = 1;
	rc = 0;
out:
	if (rc) {
		free(l->code);
		memset(l, 0, sizeof(*l));
		if (rc == -2)
			peg_err_set(err, "out of memory reading '%.180s'",
				    path);
	}
	peg_lf_in_free(r);
	peg_lf_free(c);
	fclose(fp);
	return rc;
}

/*
 * A level streamed to its file (sets_level.h): the blocks go to an
 * unnamed body file in the level file's directory as they come, and
 * commit writes the level file through afile (header with the final
 * count, the body copied, the trailer), so a failure at any point leaves
 * no file under the level's name.
 */
struct peg_level_out {
	char *path;
	FILE *body;
	struct peg_lf *c;
	int wide, eno;
	void *pend; /* codes not yet in a block */
	size_t npend;
	uint64_t n, bytes;
};

/* An unnamed read-write file in path's directory (a named one unlinked
 * at once where O_TMPFILE is missing).  NULL with errno. */
static FILE *body_file(const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? strndup(path, slash == path ? 1 : (size_t)(slash - path))
			  : strdup(".");
	char *tmp = NULL;
	int fd = -1;
	FILE *fp = NULL;

	if (!dir) {
		errno = ENOMEM;
		return NULL;
	}
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
	if (fd < 0 && (tmp = malloc(strlen(dir) + 32))) {
		sprintf(tmp, "%s/.pegsol-level-XXXXXX", dir);
		fd = mkstemp(tmp);
		if (fd >= 0)
			unlink(tmp);
	}
	if (fd >= 0 && !(fp = fdopen(fd, "w+b")))
		close(fd);
	free(tmp);
	free(dir);
	return fp;
}

/* A failed write of a streamed level as afile.c words it (a full disk
 * or a size limit is out of resources).  A PEG_AFILE_E* status. */
static int lout_err(struct peg_err *err, const char *path, int eno)
{
	if (eno == ENOSPC || eno == EDQUOT)
		peg_err_set(err, "out of disk space writing '%.180s': %s",
			    path, strerror(eno));
	else if (eno == EFBIG)
		peg_err_set(err, "out of disk space writing '%.180s': file "
			    "size limit reached", path);
	else if (eno == ENOMEM)
		peg_err_set(err, "out of memory writing '%.180s'", path);
	else
		peg_err_set(err, "cannot write '%.180s': %s", path,
			    strerror(eno));
	return eno == ENOSPC || eno == EDQUOT || eno == EFBIG || eno == ENOMEM
		       ? PEG_AFILE_ERESOURCE
		       : PEG_AFILE_EINPUT;
}

static void lout_fail(struct peg_level_out *o, int eno)
{
	if (!o->eno)
		o->eno = eno ? eno : EIO;
}

int peg_level_out_open(const struct peg_sets *s, const char *path,
		       struct peg_level_out **out, struct peg_err *err)
{
	struct peg_level_out *o = calloc(1, sizeof(*o));

	*out = NULL;
	if (!o || !(o->path = strdup(path)) || !(o->c = peg_lf_new()) ||
	    !(o->pend = malloc((size_t)PEG_LF_BLOCK * (s->wide ? 16 : 8)))) {
		peg_level_out_abort(o);
		peg_err_set(err, "out of memory writing '%.180s'", path);
		return PEG_AFILE_ERESOURCE;
	}
	o->wide = s->wide;
	o->body = body_file(path);
	if (!o->body) {
		int e = errno;

		peg_level_out_abort(o);
		return lout_err(err, path, e);
	}
	*out = o;
	return 0;
}

/* Encode and write the pending block. */
static void lout_block(struct peg_level_out *o)
{
	const unsigned char *blk;
	size_t len;

	if (!o->npend || o->eno)
		return;
	if (peg_lf_encode(o->c, o->pend, o->npend, o->wide, &blk, &len)) {
		lout_fail(o, ENOMEM);
		return;
	}
	if (fwrite(blk, 1, len, o->body) != len)
		lout_fail(o, errno);
	o->bytes += len;
	o->npend = 0;
}

int peg_level_out_push(struct peg_level_out *o, const void *a, size_t k)
{
	size_t w = o->wide ? 16 : 8;
	const unsigned char *src = a;

	while (k && !o->eno) {
		size_t t = PEG_LF_BLOCK - o->npend;

		if (t > k)
			t = k;
		memcpy((unsigned char *)o->pend + o->npend * w, src, t * w);
		o->npend += t;
		o->n += t;
		src += t * w;
		k -= t;
		if (o->npend == PEG_LF_BLOCK)
			lout_block(o);
	}
	return o->eno ? -1 : 0;
}

uint64_t peg_level_out_count(const struct peg_level_out *o)
{
	return o->n;
}

int peg_level_out_commit(struct peg_level_out *o, const struct peg_sets *s,
			 int pegs, uint64_t raw, uint64_t tag,
			 struct peg_err *err)
{
	unsigned char h[LEVEL_HEAD + 8], *buf = NULL;
	struct peg_afile *af = NULL;
	int r;

	lout_block(o);
	if (!o->eno && fflush(o->body))
		lout_fail(o, errno);
	if (o->eno) {
		r = lout_err(err, o->path, o->eno);
		peg_level_out_abort(o);
		return r;
	}
	r = peg_afile_open(o->path, &af, err);
	if (r) {
		peg_level_out_abort(o);
		return r;
	}
	level_head(h, s, pegs, o->n, raw, tag);
	enc_u64(h + LEVEL_HEAD, peg_afile_hash(h, LEVEL_HEAD));
	peg_afile_write(af, h, sizeof(h));
	buf = malloc(1 << 20);
	rewind(o->body);
	for (uint64_t left = o->bytes; left && buf;) {
		size_t k = left < (1 << 20) ? (size_t)left : (1 << 20);

		if (fread(buf, 1, k, o->body) != k) {
			int e = ferror(o->body) ? errno : EIO;

			free(buf);
			peg_afile_abort(af);
			r = lout_err(err, o->path, e);
			peg_level_out_abort(o);
			return r;
		}
		if (peg_afile_write(af, buf, k))
			break; /* commit reports it */
		left -= k;
	}
	if (!buf) {
		peg_afile_abort(af);
		peg_level_out_abort(o);
		peg_err_set(err, "out of memory writing '%.180s'", o->path);
		return PEG_AFILE_ERESOURCE;
	}
	free(buf);
	put_u64(af, peg_afile_checksum(af));
	peg_level_out_abort(o);
	return peg_afile_commit(af, err);
}

void peg_level_out_abort(struct peg_level_out *o)
{
	if (!o)
		return;
	if (o->body)
		fclose(o->body);
	peg_lf_free(o->c);
	free(o->pend);
	free(o->path);
	free(o);
}

/* The level file at path read into a packed level (l->pack: the file's
 * blocks as they are, each checked and decoded once on the way), for a
 * run under a memory budget: the level never exists as an array.  As
 * peg_sets_level_load with keep; 0, -1 with err, -2 out of memory. */
int peg_level_load_packed(const struct peg_sets *s, const char *path,
			  int pegs, uint64_t tag, struct peg_level *l,
			  struct peg_err *err)
{
	unsigned char h[LEVEL_HEAD + 8];
	uint64_t size, cnt, nblk;
	struct peg_lf_in *r = NULL;
	struct peg_lf *c = NULL;
	struct peg_lpack *p = NULL;
	size_t hl = PEG_LF_HEAD(s->wide);
	void *a = NULL;
	peg_u128 last = 0;
	int rc = -1;
	FILE *fp = level_open(path, s, pegs, tag, h, &size, &cnt, &nblk, &rc,
			      err);

	memset(l, 0, sizeof(*l));
	if (!fp)
		return rc;
	r = peg_lf_in_new(fp, size);
	c = peg_lf_new();
	p = peg_lpack_new(s->wide);
	a = malloc((size_t)PEG_LF_BLOCK * (s->wide ? 16 : 8));
	if (!r || !c || !p || !a || peg_lf_in_read(r, h, sizeof(h))) {
		rc = r && c && p && a ? -1 : -2;
		if (rc == -1)
			corrupt(err, path, "the header", "truncated");
		goto out;
	}
	/* the blocks' bytes: the file but its header and trailer */
	p->cap = (size_t)(size - sizeof(h) - 8);
	p->bcap = (size_t)nblk + 1;
	p->data = malloc(p->cap + 1);
	p->off = malloc(sizeof(size_t) * p->bcap);
	p->first = malloc(sizeof(peg_u128) * p->bcap);
	if (!p->data || !p->off || !p->first) {
		rc = -2;
		goto out;
	}
	p->off[0] = 0;
	for (uint64_t i = 0; i < nblk; i++) {
		size_t want_n = cnt - i * PEG_LF_BLOCK < PEG_LF_BLOCK
					? (size_t)(cnt - i * PEG_LF_BLOCK)
					: PEG_LF_BLOCK;
		size_t got = 0, len = 0;
		unsigned char *blk = p->data + p->bytes;
		const char *why = "truncated";
		char at[48];
		int e = -1;

		if (p->cap - p->bytes >= hl && !peg_lf_in_read(r, blk, hl) &&
		    !peg_lf_block_size(blk, s->wide, want_n, &got, &len) &&
		    got == want_n && len <= p->cap - p->bytes &&
		    !peg_lf_in_read(r, blk + hl, len - hl))
			e = peg_lf_decode(c, blk, len, s->wide, s->n_holes,
					  i ? &last : NULL, a, &why);
		else if (got != want_n)
			why = "bad block";
		if (e == -2) {
			rc = -2;
			goto out;
		}
		if (e) {
			snprintf(at, sizeof(at), "block %llu",
				 (unsigned long long)i + 1);
			corrupt(err, path, at, why);
			goto out;
		}
		p->first[i] = s->wide ? ((peg_u128 *)a)[0]
				      : ((uint64_t *)a)[0];
		last = s->wide ? ((peg_u128 *)a)[got - 1]
			       : ((uint64_t *)a)[got - 1];
		p->bytes += len;
		p->off[i + 1] = p->bytes;
		p->nblk = (size_t)i + 1;
		p->n += got;
	}
	if (p->bytes != p->cap || peg_lf_in_trailer(r)) {
		corrupt(err, path, "the trailer", NULL);
		goto out;
	}
	l->pack = p;
	p = NULL;
	l->n = (size_t)cnt;
	l->raw = dec_u64(h + 32);
	l->have = 1;
	rc = 0;
out:
	if (rc == -2)
		peg_err_set(err, "out of memory reading '%.180s'", path);
	peg_lpack_free(p);
	free(a);
	peg_lf_in_free(r);
	peg_lf_free(c);
	fclose(fp);
	return rc;
}

int peg_level_out_failed(const struct peg_level_out *o, struct peg_err *err)
{
	if (!o || !o->eno)
		return 0;
	lout_err(err, o->path, o->eno);
	return 1;
}
