/* progress.h - the --progress line of the commands that run the level
 * engines (sets, count, deadend): a struct cli_progress is the ctx of the
 * engines' progress callback (problem.h).  On a terminal one line on
 * stderr rewritten in place (at most 10 times a second) and cleared at
 * the end; otherwise plain lines, at most one every CLI_PROGRESS_SECS plus
 * the last level of each phase ("... done").  stdout is never touched, so
 * --json output stays as it is. */
#ifndef PEGSOL_CLI_PROGRESS_H
#define PEGSOL_CLI_PROGRESS_H

#include "pegsol/problem.h"

#define CLI_PROGRESS_SECS 2.0

struct cli_progress {
	int tty;     /* stderr is a terminal */
	int shown;   /* a rewritten line is open (tty) */
	int pending; /* last not printed yet */
	int have;    /* last holds a report */
	double t0, t_phase, t_print, t_last;
	struct peg_progress last;
};

/* Start the clock; tty from isatty(2). */
void cli_progress_init(struct cli_progress *p);

/* Start p when on (the --progress flag) and hand the engine its callback:
 * *fn and *ctx are the fields of the engine's options (left as they are
 * when off; cli_progress_end is then a no-op). */
void cli_progress_use(struct cli_progress *p, int on, peg_progress_fn **fn,
		      void **ctx);

/* The engines' callback: ctx is a struct cli_progress. */
void cli_progress_report(void *ctx, const struct peg_progress *p);

/* Finish: the last report of the phase (not a tty), or the line cleared
 * (tty).  Call it before printing anything else on stderr. */
void cli_progress_end(struct cli_progress *p);

#endif
