/* afile.c - atomic, checksummed file writes and regular-file reads
 * (afile.h). */
#define _GNU_SOURCE /* O_TMPFILE, linkat */
#include "pegsol/afile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <xxhash.h>

struct peg_afile {
	FILE *fp;
	char *path; /* the file to replace (a symbolic link resolved) */
	char *tmp;  /* the temporary next to it */
	int named;  /* tmp exists (else an O_TMPFILE file, named at commit) */
	int eno;    /* first write error, 0 = none */
	XXH3_state_t *xx;
};

/* The directory part of path ("." when none), malloc'd. */
static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	if (slash == path)
		return strdup("/");
	return strndup(path, (size_t)(slash - path));
}

/* Give an O_TMPFILE file a name: tmp, or the first free variant of it. */
static int link_tmpfile(struct peg_afile *af, size_t n)
{
	char proc[64];
	int fd = fileno(af->fp);

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	for (int k = 0; k < 1000; k++) {
		snprintf(af->tmp, n, "%s.%ld-%d.tmp", af->path,
			 (long)getpid(), k);
		if (!linkat(AT_FDCWD, proc, AT_FDCWD, af->tmp,
			    AT_SYMLINK_FOLLOW) ||
		    !linkat(fd, "", AT_FDCWD, af->tmp, AT_EMPTY_PATH)) {
			af->named = 1;
			return 0;
		}
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/* errno values that mean the machine ran out of something. */
static int is_resource(int eno)
{
	return eno == ENOSPC || eno == EDQUOT || eno == EFBIG ||
	       eno == ENOMEM;
}

static int fail(struct peg_err *err, const char *what, const char *path,
		int eno)
{
	if (eno == ENOSPC || eno == EDQUOT)
		peg_err_set(err, "out of disk space %s '%.180s': %s", what,
			    path, strerror(eno));
	else if (eno == EFBIG)
		peg_err_set(err, "out of disk space %s '%.180s': file size "
			    "limit reached", what, path);
	else if (eno == ENOMEM)
		peg_err_set(err, "out of memory %s '%.180s'", what, path);
	else
		peg_err_set(err, "cannot %s '%.180s': %s",
			    !strcmp(what, "writing") ? "write" : "read", path,
			    strerror(eno));
	return is_resource(eno) ? PEG_AFILE_ERESOURCE : PEG_AFILE_EINPUT;
}

static void afile_free(struct peg_afile *af)
{
	if (!af)
		return;
	if (af->xx)
		XXH3_freeState(af->xx);
	free(af->path);
	free(af->tmp);
	free(af);
}

int peg_afile_open(const char *path, struct peg_afile **out,
		   struct peg_err *err)
{
	struct peg_afile *af;
	struct stat st;
	size_t n;
	int fd = -1;

	*out = NULL;
	if (!*path) {
		peg_err_set(err, "empty file name");
		return PEG_AFILE_EINPUT;
	}
	af = calloc(1, sizeof(*af));
	if (!af)
		return fail(err, "writing", path, ENOMEM);
	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		af->path = realpath(path, NULL);
		if (!af->path) {
			int e = errno;

			afile_free(af);
			return fail(err, "writing", path, e);
		}
	} else {
		af->path = strdup(path);
	}
	n = af->path ? strlen(af->path) + 40 : 0;
	af->tmp = n ? malloc(n) : NULL;
	af->xx = XXH3_createState();
	if (!af->path || !af->tmp || !af->xx) {
		afile_free(af);
		return fail(err, "writing", path, ENOMEM);
	}
	if (!stat(af->path, &st) && !S_ISREG(st.st_mode)) {
		peg_err_set(err, "cannot write '%.180s': not a regular file",
			    path);
		afile_free(af);
		return PEG_AFILE_EINPUT;
	}
	/* an unnamed file in the directory (O_TMPFILE, Linux): a kill
	 * before commit leaves nothing behind; it needs /proc to be named */
	if (!access("/proc/self/fd", X_OK)) {
		char *dir = dir_of(af->path);

		if (dir)
			fd = open(dir, O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
		free(dir);
	}
	/* else a named one, O_EXCL: a name nobody else holds (another
	 * thread, a stale temporary of a killed run with the same pid) */
	for (int k = 0; k < 1000 && fd < 0; k++) {
		snprintf(af->tmp, n, "%s.%ld-%d.tmp", af->path,
			 (long)getpid(), k);
		fd = open(af->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
			  0666);
		af->named = fd >= 0;
		if (fd < 0 && errno != EEXIST)
			break;
	}
	if (fd < 0) {
		int e = errno, r = fail(err, "writing", path, e);

		afile_free(af);
		return r;
	}
	af->fp = fdopen(fd, "wb");
	if (!af->fp) {
		close(fd);
		if (af->named)
			unlink(af->tmp);
		afile_free(af);
		return fail(err, "writing", path, ENOMEM);
	}
	XXH3_64bits_reset(af->xx);
	*out = af;
	return 0;
}

int peg_afile_write(struct peg_afile *af, const void *p, size_t n)
{
	if (af->eno)
		return -1;
	if (n && fwrite(p, 1, n, af->fp) != n) {
		af->eno = errno ? errno : EIO;
		return -1;
	}
	XXH3_64bits_update(af->xx, p, n);
	return 0;
}

int peg_afile_printf(struct peg_afile *af, const char *fmt, ...)
{
	char buf[1024], *p = buf;
	va_list ap;
	int n, r;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0) {
		af->eno = af->eno ? af->eno : EINVAL;
		return -1;
	}
	if ((size_t)n >= sizeof(buf)) {
		p = malloc((size_t)n + 1);
		if (!p) {
			af->eno = af->eno ? af->eno : ENOMEM;
			return -1;
		}
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	r = peg_afile_write(af, p, (size_t)n);
	if (p != buf)
		free(p);
	return r;
}

uint64_t peg_afile_checksum(const struct peg_afile *af)
{
	return XXH3_64bits_digest(af->xx);
}

/* fsync the directory holding path, so the rename itself is durable
 * (best effort: some file systems refuse it). */
static void sync_dir(const char *path)
{
	char *dir = dir_of(path);
	int fd;

	if (!dir)
		return;
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
	free(dir);
}

int peg_afile_commit(struct peg_afile *af, struct peg_err *err)
{
	int eno = af->eno;

	if (fflush(af->fp) && !eno)
		eno = errno ? errno : EIO;
	if (ferror(af->fp) && !eno)
		eno = EIO;
	if (fsync(fileno(af->fp)) && !eno)
		eno = errno;
	if (!eno && !af->named && link_tmpfile(af, strlen(af->path) + 40))
		eno = errno;
	if (fclose(af->fp) && !eno)
		eno = errno ? errno : EIO;
	af->fp = NULL;
	if (!eno && rename(af->tmp, af->path))
		eno = errno;
	if (eno) {
		int r = fail(err, "writing", af->path, eno);

		if (af->named)
			unlink(af->tmp);
		afile_free(af);
		return r;
	}
	sync_dir(af->path);
	afile_free(af);
	return 0;
}

void peg_afile_abort(struct peg_afile *af)
{
	if (!af)
		return;
	if (af->fp)
		fclose(af->fp);
	if (af->named)
		unlink(af->tmp);
	afile_free(af);
}

FILE *peg_afile_read_open(const char *path, int nofollow, uint64_t *size,
			  int *status, struct peg_err *err)
{
	struct stat st;
	int fd, fl, dummy;
	FILE *fp;

	if (!status)
		status = &dummy;
	*status = PEG_AFILE_EINPUT;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC |
				(nofollow ? O_NOFOLLOW : 0));
	if (fd < 0) {
		if (errno == ELOOP && nofollow)
			peg_err_set(err, "cannot read '%.180s': a symbolic "
				    "link", path);
		else
			*status = fail(err, "reading", path, errno);
		return NULL;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		peg_err_set(err, "cannot read '%.180s': not a regular file",
			    path);
		close(fd);
		return NULL;
	}
	fl = fcntl(fd, F_GETFL);
	if (fl != -1)
		fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
	fp = fdopen(fd, "rb");
	if (!fp) {
		*status = fail(err, "reading", path, ENOMEM);
		close(fd);
		return NULL;
	}
	if (size)
		*size = (uint64_t)st.st_size;
	*status = 0;
	return fp;
}

int peg_afile_verify(FILE *fp, uint64_t size, const char *path,
		     struct peg_err *err)
{
	enum { BUF = 1 << 16 };
	unsigned char *buf, t[8];
	XXH3_state_t *xx;
	uint64_t left, want = 0;
	int r = 0;

	if (size < 8) {
		peg_err_set(err, "'%.180s' fails its checksum (truncated)",
			    path);
		return PEG_AFILE_EINPUT;
	}
	buf = malloc(BUF);
	xx = XXH3_createState();
	if (!buf || !xx) {
		free(buf);
		if (xx)
			XXH3_freeState(xx);
		return fail(err, "reading", path, ENOMEM);
	}
	XXH3_64bits_reset(xx);
	rewind(fp);
	for (left = size - 8; left && !r;) {
		size_t k = left < BUF ? (size_t)left : BUF;

		if (fread(buf, 1, k, fp) != k)
			r = -1;
		XXH3_64bits_update(xx, buf, k);
		left -= k;
	}
	if (!r && fread(t, 1, 8, fp) != 8)
		r = -1;
	for (int i = 0; i < 8 && !r; i++)
		want |= (uint64_t)t[i] << (8 * i);
	if (!r && (XXH3_64bits_digest(xx) != want || fgetc(fp) != EOF))
		r = -1;
	if (r) {
		peg_err_set(err, "'%.180s' fails its checksum (corrupt or "
			    "truncated)", path);
		r = PEG_AFILE_EINPUT;
	}
	free(buf);
	XXH3_freeState(xx);
	rewind(fp);
	return r;
}

uint64_t peg_afile_hash(const void *p, size_t n)
{
	return XXH3_64bits(p, n);
}
