/* cmd_serve.c - pegsol serve: the web game (pegsol-web).  Parses the
 * options and runs the HTTP face of src/web/ (web.h) over the game service
 * (play.h); the limits are in docs/play.md, "Limits". */
#include "cli.h"

#include "../web/web.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: pegsol serve [--port P] [--host ADDR] [--budget NODES]\n"
	"                    [--root DIR] [--sets off|auto|all] [--cache DIR]\n"
	"                    [--memory-mb M] [--request-ms MS] [--workers N]\n"
	"                    [--queue N] [--max-connections N] [--per-ip N]\n"
	"                    [--timeout S]\n\n"
	"Serve the web game on http://ADDR:P/ (default 127.0.0.1:8080; port 0\n"
	"picks a free port).  The first line on stdout is the address.\n"
	"--budget caps the oracle's search per request (default 300000\n"
	"positions); past it jumps are marked 'unknown'.  --root serves the\n"
	"page from DIR instead of the copy built in.  --sets: precomputed\n"
	"winning sets answer the hints on small boards (auto: up to 25 holes\n"
	"and English; all: up to 36 holes), computed once when their\n"
	"estimated peak fits in the memory budget, one at a time, in the\n"
	"background past a small size, and cached in --cache DIR (default\n"
	"$PEGSOL_CACHE, $XDG_CACHE_HOME/pegsol or ~/.cache/pegsol).\n"
	"Limits (docs/play.md): --memory-mb for everything the engines keep\n"
	"(default 1024), --request-ms per request (default 10000), --workers\n"
	"threads for requests on boards past 21 holes (default 2) and --queue\n"
	"waiting places (default 16; 503 past them), --max-connections\n"
	"(default 512), --per-ip connections per client address (default 64;\n"
	"on a loopback --host all clients are one address: no extra limit),\n"
	"--timeout seconds for a request to arrive and for an idle connection\n"
	"(default 10).  Stop with Ctrl-C or SIGTERM.\n"
	"API: docs/play.md.\n";

int cmd_serve(int argc, char **argv)
{
	int port = 8080, np, r, workers = 2, queue = 16, max_conn = 512;
	int per_ip = -1, timeout = 10, request_ms = 10000;
	const char *host = "127.0.0.1", *budget = NULL, *root = NULL;
	const char *sets = "auto", *cache = NULL, *memory = NULL;
	char cache_buf[1024];
	const char *pos[1];
	struct cli_opt opts[] = {{"--port", CLI_INT, &port},
				 {"--host", CLI_STRING, &host},
				 {"--budget", CLI_STRING, &budget},
				 {"--root", CLI_STRING, &root},
				 {"--sets", CLI_STRING, &sets},
				 {"--cache", CLI_STRING, &cache},
				 {"--memory-mb", CLI_STRING, &memory},
				 {"--request-ms", CLI_INT, &request_ms},
				 {"--workers", CLI_INT, &workers},
				 {"--queue", CLI_INT, &queue},
				 {"--max-connections", CLI_INT, &max_conn},
				 {"--per-ip", CLI_INT, &per_ip},
				 {"--timeout", CLI_INT, &timeout}};
	struct web_config cfg;
	uint64_t u;

	r = cli_parse(argc, argv, opts, (int)(sizeof(opts) / sizeof(opts[0])),
		      pos, 0, &np, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (cli_int_range("--port", port, 0, 65535) ||
	    cli_int_range("--request-ms", request_ms, 100, 3600000) ||
	    cli_int_range("--workers", workers, 1, 64) ||
	    cli_int_range("--queue", queue, 0, 100000) ||
	    cli_int_range("--max-connections", max_conn, 4, 100000) ||
	    (per_ip >= 0 && cli_int_range("--per-ip", per_ip, 1, 100000)) ||
	    cli_int_range("--timeout", timeout, 1, 3600))
		return EXIT_USAGE;
	memset(&cfg, 0, sizeof(cfg));
	cfg.budget = 300000;
	if (budget) {
		if (cli_parse_u64("--budget", budget, 1, 1000000000000ull, &u))
			return EXIT_USAGE;
		cfg.budget = (long)u;
	}
	cfg.memory = (size_t)PEG_PLAY_MEMORY_MB << 20;
	if (memory && cli_parse_mb("--memory-mb", memory, 1 << 24, &cfg.memory))
		return EXIT_USAGE;
	cfg.root = root;
	cfg.sets_mode = peg_play_sets_parse(sets);
	if (cfg.sets_mode < 0) {
		cli_error("bad --sets '%s' (off, auto or all)", cli_q(sets));
		return EXIT_USAGE;
	}
	cfg.cache_dir = peg_play_cache_dir(cache, cache_buf, sizeof(cache_buf));
	cfg.request_ms = request_ms;
	cfg.workers = workers;
	cfg.queue_max = queue;
	cfg.max_conn = max_conn;
	cfg.per_ip = per_ip;
	cfg.timeout = (unsigned)timeout;
	cfg.port = port;
	cfg.host = host;
	return web_serve(&cfg);
}
