/* progress.c - the --progress line of sets, count and deadend
 * (progress.h). */
#include "progress.h"

#include "cli.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *phase_name(enum peg_phase ph)
{
	switch (ph) {
	case PEG_PHASE_FORWARD:
		return "forward";
	case PEG_PHASE_BACKWARD:
		return "backward";
	case PEG_PHASE_WINNING:
		return "winning";
	case PEG_PHASE_LOSERS:
		return "losers";
	case PEG_PHASE_LIFT:
		return "lift";
	case PEG_PHASE_COUNT:
		return "count walk";
	case PEG_PHASE_DEADEND:
		return "dead-end search";
	}
	return "?";
}

/* One report as text: the phase, the level, its positions, the phase's
 * total and rate, the seconds since the start, the disk when spilling. */
static void format(const struct cli_progress *p, int done, char *buf,
		   size_t n)
{
	const struct peg_progress *r = &p->last;
	double el = p->t_last - p->t_phase, rate;
	char rs[32], disk[64] = "";

	rate = el > 1e-6 ? (double)r->total / el : 0;
	if (el <= 1e-6)
		snprintf(rs, sizeof(rs), "- /s");
	else if (rate >= 1e6)
		snprintf(rs, sizeof(rs), "%.2f M/s", rate / 1e6);
	else if (rate >= 1e3)
		snprintf(rs, sizeof(rs), "%.1f k/s", rate / 1e3);
	else
		snprintf(rs, sizeof(rs), "%.0f /s", rate);
	if (r->partitions)
		snprintf(disk, sizeof(disk), ", disk: %d partitions, %.1f MB",
			 r->partitions, (double)r->disk_bytes / 1e6);
	snprintf(buf, n,
		 "pegsol %s: %s%s, %d peg%s: %llu position%s, %llu in the "
		 "phase, %s, %.1f s%s",
		 cli_cmd, phase_name(r->phase), done ? " done" : "", r->pegs,
		 r->pegs == 1 ? "" : "s", (unsigned long long)r->positions,
		 r->positions == 1 ? "" : "s",
		 (unsigned long long)r->total, rs, p->t_last - p->t0, disk);
}

static void print_plain(struct cli_progress *p, int done)
{
	char buf[256];

	format(p, done, buf, sizeof(buf));
	fprintf(stderr, "%s\n", buf);
	p->pending = 0;
	p->t_print = p->t_last;
}

void cli_progress_init(struct cli_progress *p)
{
	*p = (struct cli_progress){0};
	p->tty = isatty(2);
	p->t0 = p->t_phase = p->t_print = p->t_last = cli_now();
}

void cli_progress_report(void *ctx, const struct peg_progress *r)
{
	struct cli_progress *p = ctx;
	double t = cli_now();
	char buf[256];

	if (p->have && r->phase != p->last.phase) {
		if (p->pending && !p->tty)
			print_plain(p, 1);
		p->t_phase = p->t_last;
	}
	p->last = *r;
	p->have = 1;
	p->pending = 1;
	p->t_last = t;
	if (!p->tty) {
		if (t - p->t_print >= CLI_PROGRESS_SECS)
			print_plain(p, 0);
		return;
	}
	if (p->shown && t - p->t_print < 0.1)
		return;
	format(p, 0, buf, sizeof(buf));
	fprintf(stderr, "\r%s\033[K", buf);
	p->shown = 1;
	p->pending = 0;
	p->t_print = t;
}

void cli_progress_end(struct cli_progress *p)
{
	if (p->tty) {
		if (p->shown)
			fputs("\r\033[K", stderr);
		p->shown = 0;
	} else if (p->pending) {
		print_plain(p, 1);
	}
	p->pending = 0;
}

void cli_progress_use(struct cli_progress *p, int on, peg_progress_fn **fn,
		      void **ctx)
{
	if (!on) {
		/* off: cli_progress_end does nothing */
		memset(p, 0, sizeof(*p));
		return;
	}
	cli_progress_init(p);
	*fn = cli_progress_report;
	*ctx = p;
}
