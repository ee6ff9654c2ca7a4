/* main.c - the pegsol command: dispatch to one subcommand. */
#include "cli.h"

#include "pegsol/version.h"

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define CMD(name, summary) int cmd_##name(int argc, char **argv);
#include "commands.def"
#undef CMD

struct command {
	const char *name;
	int (*run)(int argc, char **argv);
	const char *summary;
};

static const struct command commands[] = {
#define CMD(name, summary) {#name, cmd_##name, summary},
#include "commands.def"
#undef CMD
};

#define N_COMMANDS (sizeof(commands) / sizeof(commands[0]))

static void usage(FILE *f)
{
	fputs("usage: pegsol COMMAND [ARGS] [--json] [--help]\n"
	      "       pegsol --version\n\n"
	      "pegsol solves and analyses peg solitaire on triangular, "
	      "square and graph boards.\n\ncommands:\n",
	      f);
	for (size_t i = 0; i < N_COMMANDS; i++)
		fprintf(f, "  %-10s %s\n", commands[i].name,
			commands[i].summary);
	fputs("\nboards: T5, triangle:N, hexagon:N, english, ... "
	      "(pegsol boards)\nholes: Bell's names (a1, c5, d4), (x,y), "
	      "(x,y,z), #k\nexit status: 0 yes, 1 no, 2 bad input, 3 out of "
	      "resources\n",
	      f);
}

#if defined(__SANITIZE_ADDRESS__)
#define NO_CEILING 1 /* ASan reserves terabytes of address space */
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NO_CEILING 1
#endif
#endif

/* A ceiling on the address space, so that an engine whose sets outgrow
 * the machine gets NULL from malloc and exits 3 ("out of memory") instead
 * of being killed by the kernel: 90% of MemAvailable at start, or
 * PEGSOL_MEMORY_CEILING_MB (0: none).  A lower limit already set (ulimit
 * -v, prlimit) is kept.  --memory-mb budgets are separate (docs/solve.md
 * "Limits"). */
static void memory_ceiling(void)
{
#ifndef NO_CEILING
	const char *e = getenv("PEGSOL_MEMORY_CEILING_MB");
	unsigned long long kb = 0;
	uint64_t lim;
	struct rlimit r;

	if (e && *e) {
		char *end;
		unsigned long long mb = strtoull(e, &end, 10);

		if (*end || mb == 0)
			return;
		lim = (uint64_t)mb << 20;
	} else {
		FILE *f = fopen("/proc/meminfo", "r");
		char line[128];

		if (!f)
			return;
		while (fgets(line, sizeof(line), f))
			if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
				break;
		fclose(f);
		if (!kb)
			return;
		lim = (uint64_t)kb * 1024 / 10 * 9;
		if (lim < (uint64_t)1 << 30)
			lim = (uint64_t)1 << 30; /* never below 1 GB */
	}
	if (getrlimit(RLIMIT_AS, &r))
		return;
	if (r.rlim_cur != RLIM_INFINITY && r.rlim_cur <= lim)
		return;
	r.rlim_cur = lim;
	if (r.rlim_max != RLIM_INFINITY && r.rlim_cur > r.rlim_max)
		r.rlim_cur = r.rlim_max;
	setrlimit(RLIMIT_AS, &r);
#endif
}

int main(int argc, char **argv)
{
	const char *name;

	if (argc < 2) {
		usage(stderr);
		return EXIT_USAGE;
	}
	name = argv[1];
	if (!strcmp(name, "--version") || !strcmp(name, "version")) {
		printf("pegsol %s\n", PEG_VERSION);
		return EXIT_YES;
	}
	if (!strcmp(name, "help") || !strcmp(name, "--help") ||
	    !strcmp(name, "-h")) {
		if (argc > 2) {
			for (size_t i = 0; i < N_COMMANDS; i++)
				if (!strcmp(argv[2], commands[i].name)) {
					char *a[] = {argv[2], "--help", NULL};

					cli_cmd = commands[i].name;
					return commands[i].run(2, a);
				}
			fprintf(stderr, "pegsol: unknown command '%s'\n",
				argv[2]);
			return EXIT_USAGE;
		}
		usage(stdout);
		return EXIT_YES;
	}
	for (size_t i = 0; i < N_COMMANDS; i++)
		if (!strcmp(name, commands[i].name)) {
			cli_cmd = commands[i].name;
			memory_ceiling();
			/* a file size limit (ulimit -f) makes a write fail
			 * with EFBIG, which every writer reports (exit 3, no
			 * partial file), instead of killing us half-way */
			signal(SIGXFSZ, SIG_IGN);
			return commands[i].run(argc - 1, argv + 1);
		}
	fprintf(stderr, "pegsol: unknown command '%s' (try 'pegsol help')\n",
		name);
	return EXIT_USAGE;
}
