/* msets.c - pegsol-mpi sets and count: the arguments of pegsol sets and
 * pegsol count parsed with pegsol's option tables, the problem set up as
 * peg_sets_compute sets it up, then the run (mrun.c) of the code width
 * the board needs: mrun up to 64 holes, mrun_128 past that (dcode.h). */
#include "msets.h"

#include "mrun.h"

#include "cli.h"
#include "problem.h"
#include "sets_check.h"

#include "pegsol/sets.h"
#include "pegsol/solve.h"

#include "sets_prune.h"

#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int msets_setup(struct mjob *u, enum peg_group g, struct peg_err *err)
{
	const struct peg_board *b = u->b;
	const struct peg_problem *p = u->p;
	int n = b->n_holes, ns, nf, *grp;
	struct peg_sets *s;
	const unsigned char *fix[2];

	ns = peg_pos_count(p->start, n);
	nf = p->goal == PEG_GOAL_ANYWHERE ? 1 : peg_pos_count(p->finish, n);
	/* the library's check and message (peg_sets_compute) */
	if (ns < 1 || nf < 1 || nf > ns)
		return peg_err_set(err, "level sets need a start with at least "
				   "as many pegs as the finish (start %d, "
				   "finish %d)", ns, nf), -1;
	s = u->s = calloc(1, sizeof(*s));
	grp = malloc(sizeof(int) * (size_t)b->n_syms);
	if (!s || !grp || !(s->spec = strdup(b->spec))) {
		free(grp);
		peg_err_set(err, "out of memory computing the level sets");
		return -1;
	}
	s->group = grp;
	s->n_holes = n;
	s->wide = n > 64;
	s->group_kind = g;
	s->anywhere = p->goal == PEG_GOAL_ANYWHERE;
	s->start = peg_pos_to128(p->start, n);
	s->start_pegs = ns;
	s->finish_pegs = nf;
	if (!s->anywhere) {
		s->finish = peg_pos_to128(p->finish, n);
		peg_u128 full = n == 128 ? ~(peg_u128)0
					 : ((peg_u128)1 << n) - 1;

		s->complement = s->finish == (full ^ (uint64_t)s->start);
	}
	if (g == PEG_GROUP_FULL) {
		s->n_group = b->n_syms;
		for (int i = 0; i < b->n_syms; i++)
			grp[i] = i;
	} else if (g == PEG_GROUP_NONE) {
		s->n_group = 1;
		grp[0] = 0;
	} else {
		fix[0] = p->start;
		fix[1] = p->finish;
		s->n_group =
			peg_solve_stabilizer(b, fix, s->anywhere ? 1 : 2, grp);
	}
	return 0;
}

/* Parse the arguments as pegsol sets / pegsol count do.  0, or the exit
 * status (the error printed). */
struct args {
	int json, raw, progress, fwd, to, n_pos;
	int byidx, prune, allst;
	const char *check, *group, *outfile, *plot, *work, *pos[1];
	struct cli_problem_args pa;
	struct cli_sets_args sa;
};

static int parse(int argc, char **argv, int count, struct args *a,
		 struct peg_sets_opts *so)
{
	static const char cusage[] =
		"usage: mpirun -np K pegsol-mpi count BOARD [the options of "
		"pegsol count]\n(see pegsol count --help and pegsol-mpi "
		"--help)\n";
	static const char susage[] =
		"usage: mpirun -np K pegsol-mpi sets BOARD [the options of "
		"pegsol sets]\n(see pegsol sets --help and pegsol-mpi "
		"--help)\n";
	struct cli_opt sopts[] = {{"--json", CLI_FLAG, &a->json},
				  {"--check", CLI_STRING, &a->check},
				  {"--raw", CLI_FLAG, &a->raw},
				  CLI_PROBLEM_OPTS(a->pa),
				  {"--group", CLI_STRING, &a->group},
				  {"--out", CLI_STRING, &a->outfile},
				  {"--plot", CLI_STRING, &a->plot},
				  {"--by-index", CLI_FLAG, &a->byidx},
				  {"--all-starts", CLI_FLAG, &a->allst},
				  {"--progress", CLI_FLAG, &a->progress},
				  {"--forward-only", CLI_FLAG, &a->fwd},
				  {"--to", CLI_INT, &a->to},
				  {"--work", CLI_STRING, &a->work},
				  {"--prune", CLI_FLAG, &a->prune},
				  CLI_SETS_OPTS(a->sa)};
	struct cli_opt copts[] = {{"--json", CLI_FLAG, &a->json},
				  {"--progress", CLI_FLAG, &a->progress},
				  CLI_PROBLEM_OPTS(a->pa),
				  CLI_SETS_OPTS(a->sa)};
	int r = count ? cli_parse(argc, argv, copts, CLI_N(copts), a->pos, 1,
				  &a->n_pos, cusage)
		      : cli_parse(argc, argv, sopts, CLI_N(sopts), a->pos, 1,
				  &a->n_pos, susage);

	if (r)
		return r > 0 ? -1 : EXIT_USAGE;
	if (a->check) {
		if (a->n_pos) {
			cli_error("--check FILE takes no board (the file "
				  "names it)");
			return EXIT_USAGE;
		}
		return 0;
	}
	if (a->byidx) {
		/* a loop over the problems of a board in one process */
		cli_error("--by-index is not in pegsol-mpi (use pegsol sets "
			  "--by-index)");
		return EXIT_USAGE;
	}
	if (a->n_pos < 1) {
		cli_error("need a board (see --help)");
		return EXIT_USAGE;
	}
	if (cli_sets_opts(&a->sa, so))
		return EXIT_USAGE;
	/* --all-starts takes pegsol's options of it (allstarts.c) */
	if (a->allst && (a->pa.vacate || a->pa.position || a->pa.finish)) {
		cli_error("--all-starts takes no --vacate, --position or "
			  "--finish (every hole is a start)");
		return EXIT_USAGE;
	}
	if (a->allst && (a->raw || a->outfile || a->plot || a->fwd ||
			 a->to || a->work || a->prune)) {
		cli_error("--all-starts takes no --raw, --out, --plot, "
			  "--forward-only, --to, --work or --prune");
		return EXIT_USAGE;
	}
	if (a->work && a->prune && !a->fwd) {
		cli_error("--work --prune without --forward-only is not in "
			  "pegsol-mpi (use pegsol, or --forward-only)");
		return EXIT_USAGE;
	}
	if ((a->to || a->work) && !a->fwd) {
		cli_error("--to and --work need --forward-only");
		return EXIT_USAGE;
	}
	/* pegsol sets' refusals, in its words */
	if (a->fwd && (a->outfile || a->plot)) {
		cli_error("--forward-only computes F only: no --out, --plot "
			  "or --by-index");
		return EXIT_USAGE;
	}
	if (a->prune && (a->outfile || a->plot)) {
		cli_error("--prune leaves F pruned: no --out or --plot");
		return EXIT_USAGE;
	}
	if (a->group && strcmp(a->group, "stab") && strcmp(a->group, "full") &&
	    strcmp(a->group, "none")) {
		cli_error("bad --group '%s' (stab, full or none)",
			  cli_q(a->group));
		return EXIT_USAGE;
	}
	return 0;
}

int msets_main(int argc, char **argv, int count, int quiet)
{
	struct args a;
	struct peg_sets_opts so = {0};
	struct mjob j;
	struct peg_board *b = NULL;
	struct cli_problem pr = {0};
	struct peg_err err = {{0}};
	enum peg_group g = PEG_GROUP_STAB;
	int rc, fail;
	static char who[64];

	memset(&a, 0, sizeof(a));
	memset(&j, 0, sizeof(j));
	rc = parse(argc, argv, count, &a, &so);
	if (rc)
		return rc < 0 ? EXIT_YES : rc;
	if (a.check) {
		/* a file, no ranks needed: rank 0 checks it (its status is
		 * every rank's, main.c) */
		int rank;

		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		return rank ? EXIT_YES : cli_sets_check(a.check, a.json);
	}
	if (a.group && !strcmp(a.group, "full"))
		g = PEG_GROUP_FULL;
	else if (a.group && !strcmp(a.group, "none"))
		g = PEG_GROUP_NONE;
	b = cli_board_max(a.pos[0], PEG_SETS_MAX_HOLES);
	if (!b)
		rc = cli_exit_code();
	else if (a.allst && b->n_holes < 2)
		rc = cli_fail("all starts need a board of 2 to 128 holes", 0);
	else if (!a.allst && cli_problem(b, &a.pa, &pr, &rc))
		rc = rc ? rc : EXIT_USAGE;
	else {
		rc = 0;
		j.b = b;
		j.p = &pr.p;
		j.raw = a.raw;
		j.count = count;
		j.fwd = a.fwd;
		j.to = a.to;
		j.work = a.work;
		j.json = a.json;
		j.progress = a.progress;
		j.outfile = a.outfile;
		j.plot = a.plot;
		/* under a budget a round is 1/16 of it (3 rounds' buffers
		 * are counted against it, dist.h) */
		j.budget = so.memory;
		j.chunk = so.memory / 16;
		j.tmpdir = so.tmpdir;
		j.partitions = so.partitions;
		if (a.allst)
			; /* each start is set up in turn (mall.c) */
		else if (msets_setup(&j, g, &err))
			rc = cli_fail(err.msg, 0);
		/* every rank finds the same functions (the LP is
		 * deterministic), with pegsol's default of 2 threads */
		else if (a.prune &&
			 peg_prune_new(b, &pr.p, g, j.s->group, j.s->n_group,
				       so.threads > 0 ? so.threads : 2,
				       &j.s->prune, &err))
			rc = cli_fail(err.msg, 0);
	}
	/* the board and the start may come from files, which another node
	 * may lack: every rank agrees before the first collective call */
	MPI_Allreduce(&rc, &fail, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	if (fail) {
		if (!rc && quiet < 0)
			cli_error("another rank could not read the board or the "
				  "position (a file missing on its node?)");
		rc = rc ? rc : fail;
		goto out;
	}
	/* from here on every rank reports its own errors */
	if (quiet >= 0) {
		int rank;

		MPI_Comm_rank(MPI_COMM_WORLD, &rank);
		dup2(quiet, 2);
		snprintf(who, sizeof(who), "%s (rank %d)", argv[0], rank);
		cli_cmd = who;
	}
	if (a.allst)
		rc = mall_run(&j, g, a.pa.anywhere, a.group, a.json);
	else
		rc = j.s->wide ? mrun_128(&j) : mrun(&j);
out:
	peg_sets_free(j.s);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
