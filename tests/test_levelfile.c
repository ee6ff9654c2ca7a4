/* test_levelfile.c - the compressed, checksummed blocks of sorted codes
 * (levelfile.h): the block layout byte by byte, round trips of 64- and
 * 128-bit levels, every flipped byte of a block caught, codes past the
 * board or out of order refused, a file read through the hashing reader
 * with its trailer, a truncated file. */
#include "check.h"
#include "pegsol/afile.h"
#include "pegsol/levelfile.h"
#include "pegsol/sets.h"

#include <stdio.h>
#include <string.h>

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

static uint32_t u32at(const unsigned char *b)
{
	return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
	       (uint32_t)b[3] << 24;
}

static uint64_t u64at(const unsigned char *b)
{
	return (uint64_t)u32at(b) | (uint64_t)u32at(b + 4) << 32;
}

/* Sorted distinct pseudo-random codes below 2^bits (xorshift, seeded). */
static void make_codes(uint64_t *a, size_t n, int bits, uint64_t seed)
{
	uint64_t x = seed, c = 0, span = ((uint64_t)1 << bits) / (2 * n);

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		c += 1 + x % (2 * span);
		a[i] = c;
	}
}

/* A version 4 sets file for triangle:20 (210 holes, past the 128 the
 * level arrays hold) with a good checksum and n sections tagged L_129,
 * L_130, ...: a reader that trusted the file would write past struct
 * peg_sets (found in review).  It must be refused as input. */
static void write_v4_past(const char *path, int n)
{
	static unsigned char buf[4096];
	const char *spec = "triangle:20";
	size_t m = 0;
	FILE *f;

#define PUT(v, k)                                                             \
	do {                                                                  \
		for (int i_ = 0; i_ < (k); i_++)                              \
			buf[m++] = (unsigned char)((uint64_t)(v) >> (8 * i_)); \
	} while (0)
	memcpy(buf, "PEGSETS1", 8);
	m = 8;
	PUT(4, 4);
	PUT(210, 4);
	PUT(strlen(spec), 4);
	memcpy(buf + m, spec, strlen(spec));
	m += strlen(spec);
	PUT(0, 4);
	PUT(1, 4);
	PUT(0, 4);
	PUT(0, 4);
	PUT(1, 4);
	PUT(1, 4);
	for (int i = 0; i < 4; i++)
		PUT(0, 8);
	PUT(n, 4);
	for (int k = 0; k < n; k++) {
		PUT('L' | (uint32_t)(129 + k) << 8, 4);
		PUT(0, 8);
		PUT(0, 8);
	}
	{
		uint64_t h = peg_afile_hash(buf, m);

		PUT(h, 8);
	}
#undef PUT
	f = fopen(path, "wb");
	if (f) {
		fwrite(buf, 1, m, f);
		fclose(f);
	}
}

int main(void)
{
	struct peg_lf *c = peg_lf_new();
	const unsigned char *blk;
	size_t len, n;
	const char *why;
	int rc;

	CHECK(c != NULL, "codec");
	/* the layout: codes 5, 6, 10, 300 have gaps 0, 3, 289 = LEB128 00,
	 * 03, a1 02: 4 bytes of gap stream, first code 5 */
	{
		uint64_t a[4] = {5, 6, 10, 300}, back[4] = {0};
		unsigned char copy[256];

		CHECK(peg_lf_encode(c, a, 4, 0, &blk, &len) == 0, "encode");
		CHECK_INT(u32at(blk), 4, "block n");
		CHECK_INT(u32at(blk + 4), 4, "block vlen (00 03 a1 02)");
		CHECK_INT(u64at(blk + 12), 5, "block first code");
		CHECK_INT(len, PEG_LF_HEAD(0) + u32at(blk + 8) + 8,
			  "block length = head + zlen + hash");
		CHECK_INT(u64at(blk + len - 8), peg_afile_hash(blk, len - 8),
			  "block hash is XXH3-64 of the bytes before it");
		CHECK(peg_lf_block_size(blk, 0, 4, &n, &len) == 0 && n == 4,
		      "block size from its head");
		CHECK(peg_lf_block_size(blk, 0, 3, &n, &len) < 0,
		      "more codes than expected refused");
		CHECK(peg_lf_decode(c, blk, len, 0, 64, NULL, back, &why) == 0,
		      "decode: %s", why);
		CHECK(back[0] == 5 && back[1] == 6 && back[2] == 10 &&
			      back[3] == 300,
		      "decoded 5 6 10 300");
		/* every byte flipped: refused, never decoded */
		CHECK(len <= sizeof(copy), "block fits");
		for (size_t i = 0; i < len && len <= sizeof(copy); i++) {
			memcpy(copy, blk, len);
			copy[i] ^= 0x55;
			rc = peg_lf_decode(c, copy, len, 0, 64, NULL, back,
					   &why);
			CHECK(rc == -1 && (!strcmp(why, "fails its checksum") ||
					   !strcmp(why, "bad block")),
			      "flipped byte %zu: rc %d, %s", i, rc, why);
		}
		/* 300 needs 9 bits: a board of 8 holes refuses it */
		CHECK(peg_lf_decode(c, blk, len, 0, 9, NULL, back, &why) == 0,
		      "fits 9 bits");
		CHECK(peg_lf_decode(c, blk, len, 0, 8, NULL, back, &why) == -1 &&
			      !strcmp(why, "codes not sorted or too large"),
		      "300 does not fit 8 bits");
		/* the previous block ended at 5 or above: out of order */
		{
			peg_u128 prev = 4;

			CHECK(peg_lf_decode(c, blk, len, 0, 64, &prev, back,
					    &why) == 0,
			      "after 4");
			prev = 5;
			CHECK(peg_lf_decode(c, blk, len, 0, 64, &prev, back,
					    &why) == -1,
			      "not after 5");
		}
	}
	/* a run of consecutive codes is all zero gaps: a few bytes */
	{
		uint64_t *a = malloc(sizeof(uint64_t) * PEG_LF_BLOCK);

		for (size_t i = 0; i < PEG_LF_BLOCK; i++)
			a[i] = 1000 + i;
		CHECK(peg_lf_encode(c, a, PEG_LF_BLOCK, 0, &blk, &len) == 0,
		      "encode a run");
		CHECK_INT(u32at(blk + 4), PEG_LF_BLOCK - 1, "vlen of a run");
		CHECK(len < 100, "65536 consecutive codes in %zu bytes", len);
		free(a);
	}
	/* round trips: 64-bit codes of 33 bits, 128-bit codes past 2^64 */
	{
		size_t N = 3 * PEG_LF_BLOCK + 1234;
		uint64_t *a = malloc(sizeof(uint64_t) * N);
		uint64_t *b = malloc(sizeof(uint64_t) * N);
		peg_u128 *w = malloc(sizeof(peg_u128) * N);
		peg_u128 *v = malloc(sizeof(peg_u128) * N);
		size_t total = 0, bad = 0;

		make_codes(a, N, 33, 88172645463325252ULL);
		for (size_t i = 0; i < N; i += PEG_LF_BLOCK) {
			size_t k = N - i < PEG_LF_BLOCK ? N - i : PEG_LF_BLOCK;
			peg_u128 prev = i ? a[i - 1] : 0;

			CHECK(peg_lf_encode(c, a + i, k, 0, &blk, &len) == 0,
			      "encode 64");
			total += len;
			CHECK(peg_lf_decode(c, blk, len, 0, 33,
					    i ? &prev : NULL, b + i,
					    &why) == 0,
			      "decode 64: %s", why);
		}
		for (size_t i = 0; i < N; i++)
			bad += a[i] != b[i];
		CHECK_INT(bad, 0, "64-bit round trip");
		/* gaps up to 2^28: about 4 bytes a code before zstd */
		CHECK(total < 5 * N, "64-bit codes in %zu bytes", total);
		CHECK(total <= peg_lf_bound(N, 0), "bound");
		for (size_t i = 0; i < N; i++)
			w[i] = (peg_u128)a[i] << 90 | a[i];
		bad = 0;
		for (size_t i = 0; i < N; i += PEG_LF_BLOCK) {
			size_t k = N - i < PEG_LF_BLOCK ? N - i : PEG_LF_BLOCK;

			CHECK(peg_lf_encode(c, w + i, k, 1, &blk, &len) == 0,
			      "encode 128");
			CHECK(peg_lf_decode(c, blk, len, 1, 128, NULL, v + i,
					    &why) == 0,
			      "decode 128: %s", why);
			/* codes of 2^104 and more do not fit 100 bits */
			CHECK(peg_lf_decode(c, blk, len, 1, 100, NULL, v + i,
					    &why) == -1,
			      "128-bit codes past 100 bits");
		}
		for (size_t i = 0; i < N; i++)
			bad += w[i] != v[i];
		CHECK_INT(bad, 0, "128-bit round trip");
		free(a);
		free(b);
		free(w);
		free(v);
	}
	/* a file: blocks, then the XXH3-64 trailer, read back through the
	 * hashing reader; then the same file cut short */
	{
		char path[] = "/tmp/pegsol_lf_XXXXXX";
		int fd = mkstemp(path);
		FILE *f = fdopen(fd, "w+b");
		uint64_t a[300], b[300], size;
		unsigned char *all = NULL;
		size_t at = 0, got;
		peg_u128 last = 0;
		struct peg_lf_in *r;

		make_codes(a, 300, 20, 42);
		all = malloc(4096);
		CHECK(peg_lf_encode(c, a, 200, 0, &blk, &len) == 0, "block 1");
		memcpy(all, blk, len);
		at = len;
		CHECK(peg_lf_encode(c, a + 200, 100, 0, &blk, &len) == 0,
		      "block 2");
		memcpy(all + at, blk, len);
		at += len;
		{
			uint64_t h = peg_afile_hash(all, at);

			for (int i = 0; i < 8; i++)
				all[at + i] = (unsigned char)(h >> (8 * i));
		}
		fwrite(all, 1, at + 8, f);
		fflush(f);
		size = at + 8;
		for (int cut = 0; cut < 2; cut++) {
			rewind(f);
			r = peg_lf_in_new(f, cut ? size - 20 : size);
			rc = peg_lf_in_block(r, c, 0, 20, 200, NULL, b, &got,
					     &last, &why);
			CHECK(rc == 0 && got == 200 && last == a[199],
			      "read block 1");
			rc = peg_lf_in_block(r, c, 0, 20, 100, &last, b + 200,
					     &got, &last, &why);
			if (cut) {
				CHECK(rc == -1 && !strcmp(why, "truncated"),
				      "cut file: block 2 truncated (%s)", why);
			} else {
				CHECK(rc == 0 && got == 100 && last == a[299],
				      "read block 2");
				CHECK(!memcmp(a, b, sizeof(a)), "file round trip");
				CHECK_INT(peg_lf_in_left(r), 8, "trailer left");
				CHECK(peg_lf_in_trailer(r) == 0, "trailer");
			}
			peg_lf_in_free(r);
		}
		/* a flipped trailer byte */
		fseek(f, (long)size - 3, SEEK_SET);
		fputc(all[at + 5] ^ 1, f);
		fflush(f);
		rewind(f);
		r = peg_lf_in_new(f, size);
		CHECK(peg_lf_in_block(r, c, 0, 20, 200, NULL, NULL, &got,
				      &last, &why) == 0 &&
			      peg_lf_in_block(r, c, 0, 20, 100, &last, NULL,
					      &got, &last, &why) == 0,
		      "blocks checked without keeping them");
		CHECK(peg_lf_in_trailer(r) == -1, "flipped trailer refused");
		peg_lf_in_free(r);
		fclose(f);
		unlink(path);
		free(all);
	}
	/* a packed level: pushed in uneven pieces, the same blocks as one
	 * encode per PEG_LF_BLOCK codes; read back block by block; looked up */
	{
		size_t N = 2 * PEG_LF_BLOCK + 777, bad = 0;
		uint64_t *a = malloc(sizeof(uint64_t) * N);
		uint64_t *b = malloc(sizeof(uint64_t) * PEG_LF_BLOCK);
		struct peg_lpack *p = peg_lpack_new(0);

		make_codes(a, N, 33, 7);
		for (size_t i = 0; i < N;) {
			size_t k = i % 3 ? 1000 : 70001;

			if (k > N - i)
				k = N - i;
			CHECK(peg_lpack_push(p, c, a + i, k) == 0, "push");
			i += k;
		}
		CHECK(peg_lpack_finish(p, c) == 0, "finish");
		CHECK_INT(p->n, N, "packed codes");
		CHECK_INT(p->nblk, 3, "packed blocks");
		CHECK_INT(peg_lpack_block_n(p, 2), 777, "last block");
		CHECK(peg_lf_encode(c, a + PEG_LF_BLOCK, PEG_LF_BLOCK, 0, &blk,
				    &len) == 0 &&
			      len == p->off[2] - p->off[1] &&
			      !memcmp(blk, p->data + p->off[1], len),
		      "block 2 as encoded alone");
		for (size_t k = 0; k < 3; k++) {
			CHECK(peg_lpack_block(p, c, k, b) == 0, "block %zu", k);
			for (size_t i = 0; i < peg_lpack_block_n(p, k); i++)
				bad += b[i] != a[k * PEG_LF_BLOCK + i];
		}
		CHECK_INT(bad, 0, "packed round trip");
		CHECK(peg_lpack_has(p, c, a[0]) == 1 &&
			      peg_lpack_has(p, c, a[PEG_LF_BLOCK]) == 1 &&
			      peg_lpack_has(p, c, a[N - 1]) == 1 &&
			      peg_lpack_has(p, c, a[12345] + 1) ==
				      (a[12346] == a[12345] + 1) &&
			      peg_lpack_has(p, c, 0) == (a[0] == 0) &&
			      peg_lpack_has(p, c, a[N - 1] + 1) == 0,
		      "packed lookups");
		peg_lpack_free(p);
		peg_lpack_free(NULL);
		free(a);
		free(b);
	}
	peg_lf_free(c);
	peg_lf_free(NULL);
	{
		char path[] = "/tmp/pegsol_v4past_XXXXXX";
		int fd = mkstemp(path);
		struct peg_board *b = peg_board_parse("triangle:20", NULL);
		struct peg_sets *s = NULL;
		struct peg_err err;

		if (fd >= 0)
			close(fd);
		for (int ns = 1; ns <= 80; ns += 79) {
			write_v4_past(path, ns);
			CHECK(b && peg_sets_load(b, path, &s, &err) != 0 && !s,
			      "a v4 file of 210 holes with %d sections past "
			      "128 pegs is refused",
			      ns);
		}
		unlink(path);
		peg_board_free(b);
	}
	return check_done();
}
