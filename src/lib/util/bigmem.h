/* bigmem.h - allocations for the large tables and arrays of the search
 * engines (internal).  Tables of millions of slots are probed at random,
 * so with 4 KiB pages nearly every probe is also a TLB miss; Linux
 * backs a 2 MiB-aligned region with huge pages when asked
 * (MADV_HUGEPAGE; the machines run transparent huge pages in "madvise"
 * mode).  Small requests go to calloc or malloc.  Free with free(). */
#ifndef PEGSOL_BIGMEM_H
#define PEGSOL_BIGMEM_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define PEG_BIG_ALIGN ((size_t)2 << 20)

static inline void *peg_big_calloc(size_t n, size_t size)
{
	size_t bytes;
	void *p = NULL;

	if (size && n > SIZE_MAX / size)
		return NULL;
	bytes = n * size;
	if (bytes < 2 * PEG_BIG_ALIGN)
		return calloc(n, size);
	if (posix_memalign(&p, PEG_BIG_ALIGN, bytes))
		return NULL;
#ifdef MADV_HUGEPAGE
	madvise(p, bytes & ~(PEG_BIG_ALIGN - 1), MADV_HUGEPAGE);
#endif
	memset(p, 0, bytes);
	return p;
}

/* Not zeroed: the level arrays and buffer blocks of the sets and count
 * engines (under 8 MB: plain malloc; else whole 2 MB pages). */
static inline void *peg_big_alloc(size_t bytes)
{
	void *p;

	if (bytes < 4 * PEG_BIG_ALIGN)
		return malloc(bytes ? bytes : 1);
	bytes = (bytes + PEG_BIG_ALIGN - 1) / PEG_BIG_ALIGN * PEG_BIG_ALIGN;
	p = aligned_alloc(PEG_BIG_ALIGN, bytes);
#ifdef MADV_HUGEPAGE
	if (p)
		madvise(p, bytes, MADV_HUGEPAGE);
#endif
	return p;
}

#endif
