/* levelfile.h - sorted code arrays (the levels of level sets) as
 * compressed, checksummed blocks: the body of the sets file (docs/solve.md)
 * and of levels kept packed under a memory budget (sets.h).
 *
 * A level of n sorted, distinct codes (64-bit, or 128-bit for wide sets)
 * is cut into blocks of PEG_LF_BLOCK codes, the last one shorter.  One
 * block, little-endian:
 *
 *   u32   n      codes in the block, 1 .. PEG_LF_BLOCK
 *   u32   vlen   bytes of the gap stream below, before compression
 *   u32   zlen   bytes of the payload
 *   code  first  the first code: a u64, or two u64 (low word first)
 *   zlen bytes   one zstd frame (level PEG_LF_ZLEVEL) of the gap stream:
 *                code[i] - code[i-1] - 1 for i = 1 .. n-1, each as LEB128
 *                (7 bits a byte, low bits first, high bit = more follow)
 *   u64   hash   XXH3-64 (libxxhash, seed 0) of every byte of the block
 *                before it
 *
 * Sorted canonical codes are dense where it matters, so the gaps are small
 * and repetitive: the English board's 30.8 million codes (246 MB as u64)
 * take 23 MB.  A block is checked before it is used: its hash, then its
 * sizes, then that the codes increase, follow the previous block's last
 * code and fit the board; a corrupt block is never decoded into a level.
 *
 * struct peg_lf holds the zstd contexts and buffers of one thread:
 * peg_lf_new / peg_lf_free (NULL is fine).  Reading a file goes through
 * struct peg_lf_in, which hashes every byte it hands out so that a file's
 * XXH3-64 trailer (afile.h) is checked in the same pass.
 */
#ifndef PEGSOL_LEVELFILE_H
#define PEGSOL_LEVELFILE_H

#include "pegsol/pos.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define PEG_LF_BLOCK 65536 /* codes per block */
#define PEG_LF_ZLEVEL 3    /* zstd compression level */
/* Bytes of a block before its payload: n, vlen, zlen and the first code. */
#define PEG_LF_HEAD(wide) (12 + ((wide) ? 16 : 8))

struct peg_lf;

struct peg_lf *peg_lf_new(void);
void peg_lf_free(struct peg_lf *c);

/* Encode a[0..n) (uint64_t codes, or peg_u128 when wide), sorted and
 * distinct, 1 <= n <= PEG_LF_BLOCK, as one block.  *out points into c and
 * stays valid until the next call on c.  0, or -1 out of memory. */
int peg_lf_encode(struct peg_lf *c, const void *a, size_t n, int wide,
		  const unsigned char **out, size_t *len);

/* The size of the block whose first PEG_LF_HEAD(wide) bytes are head: its
 * code count in *n and its length in bytes (hash included) in *len.  0, or
 * -1 when the sizes cannot be those of a block of at most maxn codes. */
int peg_lf_block_size(const unsigned char *head, int wide, size_t maxn,
		      size_t *n, size_t *len);

/* Decode the whole block blk (len bytes, as peg_lf_block_size gave) into
 * a[0..n).  Checks the hash first, then the sizes, that the codes
 * increase, that the first is above *after (when after is not NULL) and
 * that every code fits in `bits` bits.  0; -1 with *why ("fails its
 * checksum", "bad block", "codes not sorted or too large"); -2 out of
 * memory. */
int peg_lf_decode(struct peg_lf *c, const unsigned char *blk, size_t len,
		  int wide, int bits, const peg_u128 *after, void *a,
		  const char **why);

/* The bytes a level of n codes takes when encoded (exact only after
 * encoding; this is the bound used to size buffers). */
size_t peg_lf_bound(size_t n, int wide);

/* ---- reading a file ---- */

struct peg_lf_in;

/* Read fp (size bytes, positioned at 0) through a hashing reader.  NULL
 * when out of memory. */
struct peg_lf_in *peg_lf_in_new(FILE *fp, uint64_t size);
void peg_lf_in_free(struct peg_lf_in *r);

/* Read n bytes into p (hashed).  0, or -1 when the file ends first. */
int peg_lf_in_read(struct peg_lf_in *r, void *p, size_t n);

/* Bytes not yet read (the trailer included). */
uint64_t peg_lf_in_left(const struct peg_lf_in *r);

/* XXH3-64 of the bytes read so far. */
uint64_t peg_lf_in_hash(const struct peg_lf_in *r);

/* Read one block of at most maxn codes and decode it into a (as
 * peg_lf_decode; a NULL a checks it into c's scratch only), its count in
 * *n and its last code in *last.  0; -1 with *why ("truncated" too); -2
 * out of memory. */
int peg_lf_in_block(struct peg_lf_in *r, struct peg_lf *c, int wide,
		    int bits, size_t maxn, const peg_u128 *after, void *a,
		    size_t *n, peg_u128 *last, const char **why);

/* The end of a checksummed file: the u64 trailer must equal the hash of
 * every byte before it and nothing may follow.  0, or -1. */
int peg_lf_in_trailer(struct peg_lf_in *r);

/* ---- packed levels: a level's blocks in memory ---- */

/* The blocks of one level end to end (the bytes the sets file holds),
 * with each block's offset and first code for lookups.  Filled by
 * peg_lpack_push (codes in increasing order, after the last pushed) and
 * peg_lpack_finish; read block by block.  The codec is the caller's, so
 * a pack costs its bytes and a few words a block. */
struct peg_lpack {
	size_t n;            /* codes (pushed so far) */
	int wide;            /* peg_u128 codes */
	size_t nblk;         /* finished blocks */
	size_t bytes, cap;   /* of data */
	unsigned char *data; /* the blocks */
	size_t *off;         /* nblk + 1 offsets into data */
	peg_u128 *first;     /* each block's first code */
	size_t bcap;         /* room in off and first */
	void *pend;          /* codes not yet in a block (< PEG_LF_BLOCK) */
	size_t npend;
};

struct peg_lpack *peg_lpack_new(int wide);
void peg_lpack_free(struct peg_lpack *p);

/* Append k codes (uint64_t, or peg_u128 when wide), increasing and above
 * every code pushed before; full blocks are encoded with c.  0, or -1 out
 * of memory. */
int peg_lpack_push(struct peg_lpack *p, struct peg_lf *c, const void *a,
		   size_t k);

/* Encode the last partial block and release the pending buffer.  0, or
 * -1 out of memory. */
int peg_lpack_finish(struct peg_lpack *p, struct peg_lf *c);

/* Codes in block i: PEG_LF_BLOCK but for the last one. */
size_t peg_lpack_block_n(const struct peg_lpack *p, size_t i);

/* Decode block i into a (room for peg_lpack_block_n codes).  0, or -1
 * (out of memory, or a block that does not decode: memory corrupted). */
int peg_lpack_block(const struct peg_lpack *p, struct peg_lf *c, size_t i,
		    void *a);

/* Is code in the (finished) pack?  A binary search over the blocks'
 * first codes, then one block decoded with c.  1, 0, or -1. */
int peg_lpack_has(const struct peg_lpack *p, struct peg_lf *c,
		  peg_u128 code);

#endif
