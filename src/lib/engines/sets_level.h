/* sets_level.h - level files written and read under a memory budget
 * (sets_file.c; the format is peg_sets_level_save's, docs/solve.md "Long
 * runs").  Internal to the library: the forward run of sets_impl.h
 * streams each new level to its file as the disk merge makes it, and
 * reads the parent back as a packed level, so that neither level is ever
 * an array in memory. */
#ifndef PEGSOL_SETS_LEVEL_H
#define PEGSOL_SETS_LEVEL_H

#include "pegsol/sets.h"

#include <stddef.h>
#include <stdint.h>

struct peg_level_out;

/* Start the level file path of s's sets.  0, or a PEG_AFILE_E* status
 * with err. */
int peg_level_out_open(const struct peg_sets *s, const char *path,
		       struct peg_level_out **out, struct peg_err *err);

/* Append k codes (uint64_t, or peg_u128 for wide sets), increasing and
 * above every code pushed before.  0, or -1 after an error (kept for
 * commit, which reports it). */
int peg_level_out_push(struct peg_level_out *o, const void *a, size_t k);

/* Codes pushed so far. */
uint64_t peg_level_out_count(const struct peg_level_out *o);

/* Write the level file (pegs, raw size, the work directory's tag) and
 * free o: 0 with the file in place, or a PEG_AFILE_E* status with err
 * and no file under the name (a full disk or a file size limit is
 * PEG_AFILE_ERESOURCE). */
int peg_level_out_commit(struct peg_level_out *o, const struct peg_sets *s,
			 int pegs, uint64_t raw, uint64_t tag,
			 struct peg_err *err);

/* Has a write of o failed?  1 with err saying how (as commit would), or
 * 0. */
int peg_level_out_failed(const struct peg_level_out *o, struct peg_err *err);

/* Drop o and what it wrote (NULL is fine). */
void peg_level_out_abort(struct peg_level_out *o);

/* Read the level file at path as a packed level (l->pack), checking
 * every block.  0; -1 with err (not this problem's level, corrupt); -2
 * out of memory. */
int peg_level_load_packed(const struct peg_sets *s, const char *path,
			  int pegs, uint64_t tag, struct peg_level *l,
			  struct peg_err *err);

#endif
