/* serve_launch.c - `pegsol serve` in the main binary: run the web server
 * binary pegsol-web.  Only the server links libmicrohttpd (and through it
 * GnuTLS, p11-kit, ...), whose load-time cost (about 10 ms of dynamic
 * linking and constructors per process, measured with hyperfine) every
 * other subcommand would otherwise pay.
 *
 * Where pegsol-web is: $PEGSOL_WEB when set, else next to the running
 * binary (build/, or the bindir `make install` put both in; symbolic
 * links to pegsol are resolved first), else the first on $PATH. */
#include "../cli.h"

#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* path := the directory of the running binary + "/pegsol-web"; false when
 * it cannot be read or the result does not fit */
static bool web_next_to_self(char *path, size_t size)
{
	ssize_t n = readlink("/proc/self/exe", path, size);
	char *slash;

	if (n <= 0 || (size_t)n >= size)
		return false;
	path[n] = '\0';
	slash = strrchr(path, '/');
	if (!slash || (size_t)(slash + 1 - path) + sizeof("pegsol-web") > size)
		return false;
	strcpy(slash + 1, "pegsol-web");
	return true;
}

int cmd_serve(int argc, char **argv)
{
	char path[PATH_MAX];
	const char *web = getenv("PEGSOL_WEB");
	char **nargv;

	if (!web || !*web) {
		web = "pegsol-web"; /* execvp searches $PATH */
		if (web_next_to_self(path, sizeof(path)) &&
		    access(path, X_OK) == 0)
			web = path;
	}
	nargv = calloc((size_t)argc + 2, sizeof(char *));
	if (!nargv) {
		cli_error("out of memory");
		return EXIT_RESOURCES;
	}
	nargv[0] = (char *)web;
	for (int i = 0; i < argc; i++)
		nargv[i + 1] = argv[i]; /* argv[0] is "serve" */
	execvp(web, nargv);
	cli_error("cannot run the web server '%s': %s", web, strerror(errno));
	free(nargv);
	return EXIT_RESOURCES;
}
