/* dcode.h - the code width of pegsol-mpi's level engine.
 *
 * dist.c, dspill.c, dcount.c, mwork.c and mrun.c are written once over
 * the type dcode and compiled twice: as they are, for boards of up to 64
 * holes (dcode = uint64_t, the names as written), and by dist128.c,
 * dspill128.c, dcount128.c, mwork128.c and mrun128.c, which define
 * DIST_WIDE and
 * include them, for boards of 65 to 128 holes (dcode = peg_u128, every
 * external name with the suffix _128, so both copies link into one
 * binary).  msets.c picks the copy by the board (mrun or mrun_128), as
 * the library picks sets_impl.h's body by s->wide.  The types of dist.h
 * (struct dist, dlevel) differ between the two copies; no function of
 * one copy ever sees the other's. */
#ifndef PEGSOL_MPI_DCODE_H
#define PEGSOL_MPI_DCODE_H

#include "pegsol/fast.h"
#include "pegsol/pos.h"

#include "mix.h"

#include <stdint.h>

#ifdef DIST_WIDE
typedef peg_u128 dcode;
#define DCODE_BITS 128
#define dfast peg_fast128
#define dfast_new peg_fast128_new
#define dfast_free peg_fast128_free
#define dfast_legal peg_fast128_legal
#define dsymtab peg_symtab128
#define dsymtab_new peg_symtab128_new
#define dsymtab_free peg_symtab128_free
#define dsymtab_apply peg_symtab128_apply

/* the owner's hash: a 64-bit code (high word 0) hashes as in the 64-bit
 * copy */
static inline uint64_t dcode_hash(dcode c)
{
	return mix_fmix64((uint64_t)c ^ mix_fmix64((uint64_t)(c >> 64)));
}

/* the lowest peg of c != 0 */
static inline int dcode_low(dcode c)
{
	uint64_t lo = (uint64_t)c;

	return lo ? __builtin_ctzll(lo)
		  : 64 + __builtin_ctzll((uint64_t)(c >> 64));
}

/* the names of the 128-bit copy */
#define dist_init dist_init_128
#define dist_free dist_free_128
#define dist_owner dist_owner_128
#define dist_canon dist_canon_128
#define dist_level_from dist_level_from_128
#define dist_route dist_route_128
#define dist_minus dist_minus_128
#define dist_intersect dist_intersect_128
#define dist_find dist_find_128
#define dist_orbit dist_orbit_128
#define dist_raw dist_raw_128
#define dlevel_free dlevel_free_128
#define dist_sum dist_sum_128
#define dist_any dist_any_128
#define dbuf_reserve dbuf_reserve_128
#define dist_bufs_free dist_bufs_free_128
#define dist_exchange dist_exchange_128
#define dist_count dist_count_128
#define dist_over dist_over_128
#define dist_pack dist_pack_128
#define dist_unpack dist_unpack_128
#define dlevel_bytes dlevel_bytes_128
#define mwork_resume mwork_resume_128
#define mwork_save mwork_save_128
#define mwork_bytes mwork_bytes_128
#define mwork_failed mwork_failed_128
#define mrun mrun_128
#define dlevel_each dlevel_each_128
#define dspill_put dspill_put_128
#define dspill_merge dspill_merge_128
#define dspill_clear dspill_clear_128
#else
typedef uint64_t dcode;
#define DCODE_BITS 64
#define dfast peg_fast64
#define dfast_new peg_fast64_new
#define dfast_free peg_fast64_free
#define dfast_legal peg_fast64_legal
#define dsymtab peg_symtab64
#define dsymtab_new peg_symtab64_new
#define dsymtab_free peg_symtab64_free
#define dsymtab_apply peg_symtab64_apply

static inline uint64_t dcode_hash(dcode c)
{
	return mix_fmix64(c);
}

static inline int dcode_low(dcode c)
{
	return __builtin_ctzll(c);
}
#endif

/* the 64-bit words of a code (MPI_UINT64_T counts) */
#define DCODE_WORDS (DCODE_BITS / 64)

#endif
