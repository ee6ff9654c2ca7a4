/* afile.h - files written whole or not at all, checksummed, and files read
 * only when they are regular files.
 *
 * Writing: peg_afile_open(path) creates a temporary file in path's
 * directory, mode 0666 & ~umask: an unnamed one (O_TMPFILE) where the file
 * system has them, else PATH.PID-N.tmp (O_EXCL).  The caller writes with
 * peg_afile_write / peg_afile_printf (an error is kept and reported by
 * commit); peg_afile_commit flushes and fsyncs it, names it
 * PATH.PID-N.tmp when it was unnamed, renames it over path and fsyncs the
 * directory.  A reader sees the old file or the whole new one; a full
 * disk, a crash or a kill leaves the old file as it was and no partial
 * PATH (an unnamed temporary vanishes with the process; a named one can
 * stay behind after a kill).  peg_afile_abort removes the temporary.
 * commit and abort free the handle; abort accepts NULL.
 *
 * An existing path that is not a regular file (a FIFO, a device, a
 * directory) is refused: renaming over it would replace /dev/null or a
 * pipe someone reads.  A symbolic link is followed: the new file replaces
 * its target and the link stays.
 *
 * Checksums: peg_afile_checksum is the XXH3-64 hash (libxxhash, seed 0) of
 * every byte written so far; a checksummed file ends with that hash of the
 * bytes before it as a little-endian u64 (the "trailer"), which
 * peg_afile_verify checks (docs/solve.md, the sets file).
 *
 * Errors: PEG_AFILE_EINPUT (a path that cannot be written or read: no such
 * directory, permission, not a regular file, bad checksum) and
 * PEG_AFILE_ERESOURCE (no space left on the device, quota, file too large,
 * out of memory); err says which, naming the file and the resource.
 */
#ifndef PEGSOL_AFILE_H
#define PEGSOL_AFILE_H

#include "pegsol/board.h"

#include <stdint.h>
#include <stdio.h>

enum {
	PEG_AFILE_EINPUT = -1,   /* bad path or contents */
	PEG_AFILE_ERESOURCE = -2 /* disk full, quota, too large, memory */
};

struct peg_afile;

/* Start writing path.  0 and *out, or a PEG_AFILE_E* status with err. */
int peg_afile_open(const char *path, struct peg_afile **out,
		   struct peg_err *err);

/* Append bytes.  0, or -1 after a write error (kept for commit). */
int peg_afile_write(struct peg_afile *af, const void *p, size_t n);
int peg_afile_printf(struct peg_afile *af, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* XXH3-64 of the bytes written so far. */
uint64_t peg_afile_checksum(const struct peg_afile *af);

/* Finish: 0 with path replaced, or a PEG_AFILE_E* status with err, path
 * untouched and the temporary removed.  Frees af. */
int peg_afile_commit(struct peg_afile *af, struct peg_err *err);

/* Give up: remove the temporary, free af (NULL is fine). */
void peg_afile_abort(struct peg_afile *af);

/* Open path for reading only if it is a regular file: opened with
 * O_NONBLOCK (a FIFO does not block) and, when nofollow is set (caches),
 * O_NOFOLLOW, then checked with fstat.  Returns the stream (and its size
 * in *size when size is not NULL), or NULL with err and *status set to a
 * PEG_AFILE_E* value (status may be NULL). */
FILE *peg_afile_read_open(const char *path, int nofollow, uint64_t *size,
			  int *status, struct peg_err *err);

/* Check the checksum trailer of an open file of `size` bytes (reads it
 * all, then rewinds).  0, or PEG_AFILE_EINPUT with err ("'PATH' fails its
 * checksum") or PEG_AFILE_ERESOURCE (a read error). */
int peg_afile_verify(FILE *fp, uint64_t size, const char *path,
		     struct peg_err *err);

/* The XXH3-64 of a buffer (the same hash as the trailer). */
uint64_t peg_afile_hash(const void *p, size_t n);

#endif
