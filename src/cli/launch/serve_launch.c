/* serve_launch.c - `pegsol serve` in the main binary: run the web server
 * binary pegsol-web that sits next to it.  Only the server links
 * libmicrohttpd (and through it GnuTLS, p11-kit, ...), whose load-time cost
 * (about 10 ms of dynamic linking and constructors per process, measured
 * with hyperfine) every other subcommand would otherwise pay. */
#include "../cli.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cmd_serve(int argc, char **argv)
{
	char path[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 16);
	char *slash, **nargv;

	if (n <= 0) {
		cli_error("cannot find the pegsol binary: %s", strerror(errno));
		return EXIT_RESOURCES;
	}
	path[n] = '\0';
	slash = strrchr(path, '/');
	strcpy(slash ? slash + 1 : path, "pegsol-web");
	nargv = calloc((size_t)argc + 2, sizeof(char *));
	if (!nargv) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	nargv[0] = path;
	for (int i = 0; i < argc; i++)
		nargv[i + 1] = argv[i]; /* argv[0] is "serve" */
	execv(path, nargv);
	cli_error("cannot run the web server '%s': %s", path, strerror(errno));
	free(nargv);
	return EXIT_RESOURCES;
}
