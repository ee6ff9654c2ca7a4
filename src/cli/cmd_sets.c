/* cmd_sets.c - pegsol sets: the level sets F_n, B_n, W_n, L_n of a
 * problem as a table (seed 001 Tables 1 and 2), optionally written to a
 * binary file (docs/solve.md). */
#include "cli.h"
#include "problem.h"
#include "progress.h"
#include "sets_byindex.h"
#include "sets_check.h"
#include "sets_print.h"
#include "sets_winwork.h"
#include "svgout.h"

#include "pegsol/afile.h"
#include "pegsol/sets.h"
#include "pegsol/solve.h"

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
	"usage: pegsol sets BOARD [--vacate H,...] [--position P]\n"
	"                   [--finish H,... | --anywhere]\n"
	"                   [--group stab|full|none] [--raw] [--threads N]\n"
	"                   [--out FILE] [--plot FILE.svg] [--json]\n"
	"                   [--memory-mb M] [--partitions P] [--tmpdir DIR]\n"
	"                   [--progress] [--prune]\n"
	"       pegsol sets BOARD --forward-only [--to N] [--work DIR] ...\n"
	"       pegsol sets BOARD --work DIR [--prune] ...  (complement)\n"
	"       pegsol sets BOARD --work DIR --winning [--winning-dir WDIR]\n"
	"                   [--reverse-work GDIR] [--count] [--memory-mb M]\n"
	"                   [--json] [--progress]\n"
	"       pegsol sets BOARD --by-index [--vacate H]\n"
	"       pegsol sets BOARD --all-starts [--anywhere] ... (--help there)\n"
	"       pegsol sets --check FILE [--json]\n\n"
	"Compute the level sets of a problem (boards of up to 128 holes;\n"
	"one 64-bit word per position up to 64 holes, 128 bits past that): the\n"
	"forward sets F_n (reachable from the start), the backward sets B_n\n"
	"(the goal is reachable), the winning sets W_n = F_n & B_n and the\n"
	"one-jump losers L_n = D(W_n+1) - W_n, by number of pegs n, and print\n"
	"their sizes.  The problem options are those of pegsol solve (default:\n"
	"the complement problem of the --vacate holes).\n"
	"--group: canonical codes under the symmetries fixing start and goal\n"
	"(stab, default), the whole board group (full: Bell's mincode) or none\n"
	"(raw sets).  --raw adds the raw sizes (orbit sums).  --out writes the\n"
	"sets to FILE (format in docs/solve.md: version 5, the levels as\n"
	"compressed blocks with a checksum each), through a temporary file\n"
	"renamed over FILE: a full disk leaves an old FILE as it was.  --check\n"
	"FILE checks such a file (or one of versions 3 and 4) block by block:\n"
	"exit 0 when it is whole, 2 when it fails its checksum or does not\n"
	"load.\n"
	"--memory-mb: keep the finished levels compressed, and when a level's\n"
	"children need more than M MB, write them to temporary files in DIR\n"
	"(default $TMPDIR or /tmp) by code mod p and sort each partition alone\n"
	"(seed 001 section 3.1): the peak stays under about M + 64 MB;\n"
	"--partitions forces p partitions on every level.  The sets are the\n"
	"same.\n"
	"--plot FILE.svg draws the sizes of F_n, B_n and W_n against n on a\n"
	"log scale (docs/pictures.md; - = standard output).\n"
	"--progress reports each level on stderr (phase, pegs, positions,\n"
	"rate, seconds, disk partitions): one line rewritten on a terminal,\n"
	"else a line every 2 s and one a finished phase; also with --json.\n"
	"--forward-only: the forward sets F_n only, from the start down to\n"
	"--to N pegs (default: the finish's), no B, W or L (exit 0).  --work\n"
	"DIR keeps each finished level in DIR as a checksummed level file next\n"
	"to a manifest naming the problem; the same command run again resumes\n"
	"after the lowest level there (\"resuming from level N\" on stderr); a\n"
	"DIR of another problem, or a level file that fails its checksum, is\n"
	"refused (exit 2).  Only two levels are in memory at a time\n"
	"(docs/solve.md \"Long runs\"); with --memory-mb a level made\n"
	"through disk partitions goes straight to its file as it is merged,\n"
	"and the parent, held compressed, counts against M.  A full disk or\n"
	"a file size limit (ulimit -f) ends any write with exit 3 and no\n"
	"partial file; the run resumes.  With --prune and without\n"
	"--forward-only (complement problems) --work DIR computes F down to\n"
	"N/2 pegs through DIR the same way (resuming; a --forward-only run\n"
	"of the same problem leaves DIR ready), then reads the levels back\n"
	"for W and L.\n"
	"--prune drops from every forward level the positions that a pagoda\n"
	"function proves cannot reach the goal.  The functions are found for\n"
	"the goal by linear programming (GLPK) on positions sampled from the\n"
	"first levels, and tested with their images under the group\n"
	"(docs/performance.md \"Pagoda pruning\").  F_n is then pruned; B_n,\n"
	"W_n and L_n are exact (B_n of a complement problem, ~F_(N-n), is\n"
	"then not printed: - or null).  Works with --forward-only, --work\n"
	"(a pruned run has its own work directory) and --memory-mb; not\n"
	"with --out or --plot.\n"
	"--winning (with --work DIR, no --forward-only): the winning sets W_n of\n"
	"a problem that is its own time reverse (a symmetry sigma maps the\n"
	"reverse, start ~finish and finish ~start, onto it: every complement\n"
	"problem, and French b4 -> f4, e4 -> c4, e1 -> c1, e1 -> c7) from the\n"
	"forward levels DIR holds, which must reach N/2 pegs (a finished\n"
	"--forward-only --to N/2 --work DIR run of the same problem, read\n"
	"only): W_m = F_m & sigma(~F_(N-m)) at m = N/2, below it W_n =\n"
	"D(W_(n+1)) & sigma(~F_(N-n)), above it W_n = sigma(~W_(N-n)) (seed\n"
	"001 eq. 8).  Each W_n goes to WDIR/W-nnn.lvl (default DIR) next to a\n"
	"W-manifest; a rerun keeps the levels there and resumes.  Memory:\n"
	"sort buffers of about 1.25 x --memory-mb M (default 512), plus the\n"
	"compressed sorted runs (about a byte a code, not bounded by M) and\n"
	"the two packed levels in use.\n"
	"DIR may have been made for another goal when the start and the group\n"
	"are the same and it is not pruned (French e1 -> c7 from e1 -> c1's).\n"
	"--reverse-work GDIR: any problem s -> f (not only its own reverse):\n"
	"GDIR holds the forward levels of the reverse problem's start (f\n"
	"vacated) or of a symmetric image of it, down to N - N/2 - 1 pegs, with\n"
	"the group of the problem moved by the symmetry tau that maps its start\n"
	"onto f vacated (found and checked; GDIR's goal may be any, unpruned).\n"
	"Then B_n = ~tau(G_(N-n)): W below the middle as above, above it from\n"
	"the reverse problem's W (R-nnn.lvl in WDIR, made the same way from\n"
	"GDIR), and --count walks W from the start down to the finish.\n"
	"Prints |F_n| (- where DIR has no level) and |W_n|, the fastest dead\n"
	"end (seed 001 Table 6: the first level with F_n != W_n, a witness\n"
	"replayed from the start) and with --count the number of solutions\n"
	"(jump sequences, seed 001 Table 7; two W levels as arrays, 24 bytes\n"
	"a position).  64-bit codes (up to 64 holes).  JSON keys: board,\n"
	"work, winning_dir, symmetries, sigma, middle, levels [{pegs, F, W}],\n"
	"forward_goal_other, F_symmetries, W_total, solvable, dead_end\n"
	"{jumps, pegs, witness, position}, count, edges, resumed_levels,\n"
	"winning_bytes, seconds; with --reverse-work also reverse_work and tau\n"
	"(sigma null) (docs/solve.md).\n"
	"Exit 0 when the problem is solvable, 1 when W is empty.\n"
	"--by-index: the combined sets of seed 001 sections 5-6 for the type\n"
	"of vacancy H (default: the first hole that is a feasible vacancy):\n"
	"winning positions per peg count and index (the complement problems\n"
	"they occur in, Table 5) and the totals of Table 8; JSON keys\n"
	"problems [{index, vacate, degenerate, solvable}], levels [{pegs, any,\n"
	"by_index {index: count}}], codes_any_finish, codes_any_complement.\n"
	"JSON keys: board, title, holes, group, symmetries, complement,\n"
	"anywhere, solvable, levels [{pegs, F, F_raw, B, W, W_raw, L}],\n"
	"total {F, F_raw, B, W, L}, W_half, seconds, file, partitions,\n"
	"disk_bytes; with --forward-only: forward_only, to, levels [{pegs, F,\n"
	"F_raw}], total {F, F_raw}, work, resumed, work_bytes.  With --prune\n"
	"each level has pruned (positions dropped in this run) and prune\n"
	"{functions, tested, sample_pegs, lp_calls, lost, pagodas [{weights,\n"
	"goal, cut}]}: the weights in hole order, the least goal value and\n"
	"the positions each cut first.\n";

static void note_resumed(void *ctx, int pegs)
{
	(void)ctx;
	fprintf(stderr, "pegsol sets: resuming from level %d\n", pegs);
}

/* --forward-only: F_n from the start down to the bottom (no B, W, L). */
#include "allstarts.h" /* pegsol sets BOARD --all-starts */

int cmd_sets(int argc, char **argv)
{
	int json = 0, raw = 0, n_pos = 0, r;
	int byidx = 0, progress = 0, fwd = 0, to = 0, prune = 0;
	int winning = 0, count = 0;
	int rc = EXIT_USAGE, solvable;
	const char *posv[1];
	const char *group = NULL, *outfile = NULL, *plot = NULL;
	const char *check = NULL, *work = NULL, *wdir = NULL, *rwork = NULL;
	struct cli_problem_args pa = {0};
	struct cli_sets_args sa = {0};
	struct cli_opt opts[] = {{"--json", CLI_FLAG, &json},
				 {"--check", CLI_STRING, &check},
				 {"--raw", CLI_FLAG, &raw},
				 CLI_PROBLEM_OPTS(pa),
				 {"--group", CLI_STRING, &group},
				 {"--out", CLI_STRING, &outfile},
				 {"--plot", CLI_STRING, &plot},
				 {"--by-index", CLI_FLAG, &byidx},
				 {"--progress", CLI_FLAG, &progress},
				 {"--forward-only", CLI_FLAG, &fwd},
				 {"--to", CLI_INT, &to},
				 {"--work", CLI_STRING, &work},
				 {"--prune", CLI_FLAG, &prune},
				 {"--winning", CLI_FLAG, &winning},
				 {"--winning-dir", CLI_STRING, &wdir},
				 {"--reverse-work", CLI_STRING, &rwork},
				 {"--count", CLI_FLAG, &count},
				 CLI_SETS_OPTS(sa)};
	struct peg_board *b = NULL;
	struct cli_problem pr = {0};
	struct peg_sets_opts so = {0};
	struct peg_sets *s = NULL;
	struct peg_err err;
	struct cli_progress prog;
	double secs;

	if (cli_all_starts_asked(argc, argv))
		return cli_sets_all_starts(argc, argv);
	r = cli_parse(argc, argv, opts, CLI_N(opts), posv, 1, &n_pos, usage);
	if (r)
		return r > 0 ? EXIT_YES : EXIT_USAGE;
	if (check) {
		if (n_pos) {
			cli_error("--check FILE takes no board (the file "
				  "names it)");
			return EXIT_USAGE;
		}
		return cli_sets_check(check, json);
	}
	if (n_pos < 1) {
		cli_error("need a board (see --help)");
		return EXIT_USAGE;
	}
	if (cli_sets_opts(&sa, &so))
		return EXIT_USAGE;
	if (wdir || rwork)
		winning = 1;
	if ((winning || count) && (!work || fwd || !winning || outfile ||
				   plot || byidx || raw)) {
		cli_error("--winning needs --work DIR and no --forward-only, "
			  "--out, --plot, --by-index or --raw; --count needs "
			  "--winning");
		return EXIT_USAGE;
	}
	if ((to || (work && !prune && !winning)) && !fwd) {
		cli_error("--to and --work need --forward-only (--work also "
			  "goes with --prune)");
		return EXIT_USAGE;
	}
	if (fwd && (outfile || plot || byidx)) {
		cli_error("--forward-only computes F only: no --out, --plot "
			  "or --by-index");
		return EXIT_USAGE;
	}
	if (prune && (outfile || plot)) {
		/* the file and the plot would carry a pruned F (and a wrong
		 * B for a complement problem) as if it were the real one */
		cli_error("--prune leaves F pruned: no --out or --plot");
		return EXIT_USAGE;
	}
	if (to < 0) {
		cli_error("bad --to %d (a number of pegs)", to);
		return EXIT_USAGE;
	}
	so.forward_only = fwd;
	so.prune = prune;
	so.to = to;
	so.work = work;
	so.resumed = note_resumed;
	/* under a budget the levels are kept compressed (sets.h), and
	 * blocks of 1 MB and more are mapped, so that a freed pool or sort
	 * buffer leaves the RSS at once instead of staying on the heap (as
	 * pegsol-mpi does, src/mpi/main.c) */
	so.pack = so.memory > 0;
#ifdef __GLIBC__
	if (so.memory > 0)
		mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
	so.raw = raw;
	if (!group || !strcmp(group, "stab"))
		so.group = PEG_GROUP_STAB;
	else if (!strcmp(group, "full"))
		so.group = PEG_GROUP_FULL;
	else if (!strcmp(group, "none"))
		so.group = PEG_GROUP_NONE;
	else {
		cli_error("bad --group '%s' (stab, full or none)", group);
		return EXIT_USAGE;
	}
	b = cli_board_max(posv[0], PEG_SETS_MAX_HOLES);
	if (!b)
		return cli_exit_code();
	if (byidx) {
		rc = cli_sets_by_index(b, pa.vacate, sa.threads, json);
		goto out;
	}
	if (cli_problem(b, &pa, &pr, &rc))
		goto out;
	if (winning) {
		struct cli_winwork wa = {work, wdir, rwork, so.memory, prune,
					 count, json, progress};

		rc = cli_sets_winning(b, &pr.p, &wa);
		goto out;
	}
	cli_progress_use(&prog, progress, &so.progress, &so.progress_ctx);
	secs = cli_now();
	r = peg_sets_compute(b, &pr.p, &so, &s, &err);
	cli_progress_end(&prog);
	if (r) {
		rc = cli_fail(err.msg, 0);
		goto out;
	}
	secs = cli_now() - secs;
	if (fwd) {
		cli_sets_print_forward(b, s, secs, raw, json, so.work);
		rc = EXIT_YES;
		goto out;
	}
	solvable = s->W[s->finish_pegs].n > 0;
	if (outfile && (r = peg_sets_save(s, outfile, &err))) {
		rc = cli_fail(err.msg, r == PEG_AFILE_ERESOURCE);
		goto out;
	}
	if (plot && (rc = svgout_plot_sets(plot, b, s)))
		goto out;
	if (plot && !strcmp(plot, "-")) {
		rc = solvable ? EXIT_YES : EXIT_NO;
		goto out;
	}
	cli_sets_print(b, s, secs, raw, json, outfile);
	rc = solvable ? EXIT_YES : EXIT_NO;
out:
	peg_sets_free(s);
	cli_problem_release(&pr);
	peg_board_free(b);
	return rc;
}
