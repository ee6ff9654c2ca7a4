/* test_afile.c - atomic, checksummed files (afile.h): commit replaces the
 * file whole, abort and failures leave it as it was and no temporary, the
 * checksum trailer catches every flipped byte, reads refuse what is not a
 * regular file.  A full disk is in tests/cli/files.sh (it needs a small
 * file system or a file size limit).  XXH3-64 of "" is
 * 0x2d06800538d394c2, xxHash's own test vector (xxhsum -H3 of an empty
 * file). */
#include "check.h"
#include "pegsol/afile.h"

#include <dirent.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[] = "/tmp/pegsol_afile_XXXXXX";

static int entries(void)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

static char *slurp(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf = malloc(1 << 16);

	*n = f && buf ? fread(buf, 1, 1 << 16, f) : 0;
	if (f)
		fclose(f);
	return buf;
}

/* Write text + its checksum trailer to path through afile. */
static int write_checked(const char *path, const char *text)
{
	struct peg_afile *af;
	struct peg_err err;
	unsigned char t[8];
	uint64_t h;

	if (peg_afile_open(path, &af, &err))
		return -1;
	peg_afile_printf(af, "%s", text);
	h = peg_afile_checksum(af);
	for (int i = 0; i < 8; i++)
		t[i] = (unsigned char)(h >> (8 * i));
	peg_afile_write(af, t, 8);
	return peg_afile_commit(af, &err);
}

int main(void)
{
	char path[128], fifo[128];
	struct peg_afile *af;
	struct peg_err err;
	uint64_t size;
	size_t n;
	char *buf;
	FILE *fp;
	int st;

	CHECK(mkdtemp(dir) != NULL, "mkdtemp");
	snprintf(path, sizeof(path), "%s/f", dir);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	CHECK(peg_afile_hash("", 0) == 0x2d06800538d394c2ULL,
	      "XXH3-64 of the empty string");

	/* commit: the whole file, nothing else in the directory */
	CHECK(write_checked(path, "hello, pegs\n") == 0, "commit");
	buf = slurp(path, &n);
	CHECK(n == 12 + 8 && !memcmp(buf, "hello, pegs\n", 12), "contents");
	{
		uint64_t t = 0;

		for (int i = 0; i < 8; i++)
			t |= (uint64_t)(unsigned char)buf[12 + i] << (8 * i);
		CHECK(peg_afile_hash(buf, 12) == t,
		      "trailer = XXH3-64 of the bytes before it");
	}
	CHECK_INT(entries(), 1, "no temporary after commit");

	/* verify: good, then every single flipped byte, then truncations */
	fp = peg_afile_read_open(path, 1, &size, &st, &err);
	CHECK(fp && st == 0 && size == 20, "read_open a regular file");
	CHECK(fp && peg_afile_verify(fp, size, path, &err) == 0, "verify");
	if (fp)
		fclose(fp);
	for (size_t i = 0; i < n; i++) {
		FILE *w = fopen(path, "wb");

		buf[i] ^= 0x10;
		fwrite(buf, 1, n, w);
		fclose(w);
		buf[i] ^= 0x10;
		fp = peg_afile_read_open(path, 0, &size, NULL, &err);
		CHECK(fp && peg_afile_verify(fp, size, path, &err) ==
				    PEG_AFILE_EINPUT &&
			      strstr(err.msg, "fails its checksum"),
		      "flipped byte %zu detected", i);
		if (fp)
			fclose(fp);
	}
	for (size_t k = 0; k < n; k += 7) {
		FILE *w = fopen(path, "wb");

		fwrite(buf, 1, k, w);
		fclose(w);
		fp = peg_afile_read_open(path, 0, &size, NULL, &err);
		CHECK(fp && peg_afile_verify(fp, size, path, &err) ==
				    PEG_AFILE_EINPUT,
		      "truncated to %zu bytes detected", k);
		if (fp)
			fclose(fp);
	}

	/* abort: the old file stays, no temporary */
	CHECK(write_checked(path, "old\n") == 0, "rewrite");
	CHECK(peg_afile_open(path, &af, &err) == 0, "open");
	peg_afile_printf(af, "new contents that are never committed\n");
	peg_afile_abort(af);
	peg_afile_abort(NULL);
	free(buf);
	buf = slurp(path, &n);
	CHECK(n == 12 && !memcmp(buf, "old\n", 4), "abort keeps the old file");
	CHECK_INT(entries(), 1, "no temporary after abort");

	/* refusals: a FIFO (no blocking), a directory, no such directory */
	CHECK(mkfifo(fifo, 0600) == 0, "mkfifo");
	CHECK(peg_afile_read_open(fifo, 1, NULL, &st, &err) == NULL &&
		      st == PEG_AFILE_EINPUT &&
		      strstr(err.msg, "not a regular file"),
	      "read_open refuses a FIFO: %s", err.msg);
	CHECK(peg_afile_open(fifo, &af, &err) == PEG_AFILE_EINPUT,
	      "a FIFO is not replaced");
	CHECK(peg_afile_open(dir, &af, &err) == PEG_AFILE_EINPUT,
	      "a directory is not replaced");
	CHECK(peg_afile_read_open("/dev/zero", 0, NULL, &st, &err) == NULL,
	      "read_open refuses a device");
	CHECK(peg_afile_open("/nonexistent/dir/f", &af, &err) ==
			      PEG_AFILE_EINPUT &&
		      strstr(err.msg, "cannot write"),
	      "no such directory: %s", err.msg);
	unlink(fifo);
	/* a symbolic link: refused by a cache read (O_NOFOLLOW), written
	 * through by a commit */
	{
		char link[160];

		snprintf(link, sizeof(link), "%s/link", dir);
		CHECK(symlink("f", link) == 0, "symlink");
		CHECK(peg_afile_read_open(link, 1, NULL, &st, &err) == NULL,
		      "nofollow read refuses a link");
		fp = peg_afile_read_open(link, 0, NULL, &st, &err);
		CHECK(fp != NULL, "a plain read follows it");
		if (fp)
			fclose(fp);
		CHECK(write_checked(link, "through\n") == 0, "write through");
		free(buf);
		buf = slurp(path, &n);
		CHECK(n == 16 && !memcmp(buf, "through\n", 8),
		      "the link's target was replaced");
		unlink(link);
	}
	free(buf);
	unlink(path);
	CHECK_INT(entries(), 0, "directory empty");
	rmdir(dir);
	return check_done();
}
