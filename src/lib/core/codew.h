/* codew.h - the code-width parameters of the engine bodies that are
 * compiled once per width: sets_impl.h, count_impl.h, analyse_impl.h and
 * solve_dfs.h include it first.  Define WBITS as 64 (boards of up to 64
 * holes) or 128 (up to 128) before including a body; this header (re)defines
 *
 *   CW              the code type: uint64_t or peg_u128
 *   SFX, NAME(x)    the name suffix: NAME(expand_) is expand_64 or
 *                   expand_128, so both bodies live in one file
 *   LC(l)           the code array of a struct peg_level (sets.h)
 *   SETS_SYMTAB(s)  the symmetry table of a struct peg_sets
 *   POPC, CTZ       bit count and lowest set bit of a code
 *   FAST, SYMTAB, HSET  the fast.h, pos.h and hashset.h structs of the
 *                   width, FAST_FN(_new), SYMTAB_FN(_apply), HSET_FN(_add)
 *                   ... their functions, SYM_APPLY = SYMTAB_FN(_apply)
 *   SYM_CANON, SYM_FIXING_CODES  canonical code under a subgroup and the
 *                   subgroup fixing codes (symmetry.h) of the width
 *   POS_TO, POS_FROM    peg_pos_to64 / peg_pos_from64 or the 128 ones
 *   SIMD64          1 where the AVX-512 tables of symv.h apply (64 bits
 *                   on x86), else 0
 *
 * No include guard: it is meant to be read once per body. */
#include "symmetry.h"

#undef CAT_
#undef CAT
#undef CW
#undef SFX
#undef NAME
#undef LC
#undef SETS_SYMTAB
#undef POPC
#undef CTZ
#undef FAST
#undef SYMTAB
#undef HSET
#undef FAST_FN
#undef SYMTAB_FN
#undef HSET_FN
#undef SYM_APPLY
#undef SYM_CANON
#undef SYM_FIXING_CODES
#undef POS_TO
#undef POS_FROM
#undef SIMD64

#if WBITS == 64
#define CW uint64_t
#define SFX 64
#define LC(l) ((l)->code)
#define SETS_SYMTAB(s) ((s)->symtab)
#define POPC __builtin_popcountll
#define CTZ __builtin_ctzll
#define SIMD64 SYMV_X86
#elif WBITS == 128
#define CW peg_u128
#define SFX 128
#define LC(l) ((l)->code128)
#define SETS_SYMTAB(s) ((s)->symtab128)
#define POPC symv_popc128
#define CTZ symv_ctz128
#define SIMD64 0
#else
#error "define WBITS as 64 or 128"
#endif

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define NAME(x) CAT(x, SFX)
#define FAST struct CAT(peg_fast, SFX)
#define SYMTAB struct CAT(peg_symtab, SFX)
#define HSET struct CAT(peg_hset, SFX)
#define FAST_FN(x) CAT(CAT(peg_fast, SFX), x)
#define SYMTAB_FN(x) CAT(CAT(peg_symtab, SFX), x)
#define HSET_FN(x) CAT(CAT(peg_hset, SFX), x)
#define SYM_APPLY SYMTAB_FN(_apply)
#define SYM_CANON CAT(pegsym_canon, SFX)
#define SYM_FIXING_CODES CAT(pegsym_fixing_codes, SFX)
#define POS_TO CAT(peg_pos_to, SFX)
#define POS_FROM CAT(peg_pos_from, SFX)
