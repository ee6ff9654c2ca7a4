/* main.c - pegsol-mpi: pegsol sets and pegsol count on OpenMPI ranks
 * (docs/scale.md).  Every rank parses the same arguments with the
 * pegsol option tables (so a bad argument fails on every rank, before
 * any collective call, with exit 2); rank 0 prints the results and the
 * parse errors, the other ranks print only errors of their own. */
#include "msets.h"

#include "cli.h"

#include "pegsol/version.h"

#include <fcntl.h>
#include <malloc.h>
#include <mpi.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char usage[] =
	"usage: mpirun -np K pegsol-mpi sets BOARD [pegsol sets options]\n"
	"       mpirun -np K pegsol-mpi count BOARD [pegsol count options]\n"
	"       pegsol-mpi --version | --help\n\n"
	"pegsol sets and pegsol count on K OpenMPI ranks: each canonical\n"
	"position is owned by one rank (by a hash of its code), each level's\n"
	"children go to their owners with MPI_Alltoallv, in rounds of 16 MB\n"
	"a rank (--memory-mb M: M/16), and the solution counts are summed\n"
	"exactly (GMP) across ranks.  The results are those of pegsol for\n"
	"every K, boards of up to 128 holes (128-bit codes past 64); rank 0\n"
	"prints.  --memory-mb M is each rank's budget: its peak RSS stays\n"
	"under M + 64 MB (the level being made spilled to disk), or, when\n"
	"the levels a full run keeps do not fit, every rank exits 3 (one\n"
	"line from rank 0).\n"
	"With sets --forward-only --work DIR each rank keeps its levels in\n"
	"DIR/rank-R/ and a run with the same K resumes (docs/scale.md).\n"
	"--out gathers every level on rank 0 and writes pegsol's file;\n"
	"--prune filters each forward level on its rank; --plot draws the\n"
	"sizes on rank 0; --check FILE runs on rank 0 alone;\n"
	"--all-starts runs each start on the ranks in turn.  A rank whose\n"
	"share of a level would not fit --memory-mb spills it to sorted,\n"
	"checksummed runs under --tmpdir and merges them; --partitions P\n"
	"sends every level through the disk, P runs merged at once.\n"
	"Not here: --by-index, --work --prune without --forward-only (use\n"
	"pegsol; docs/scale.md).  --threads is accepted and ignored.\n"
	"PEGSOL_MPI_STATS=1: a line of cost a level, every rank's peak RSS.\n"
	"Exit status: 0 yes, 1 no, 2 bad input, 3 out of resources.\n";

int main(int argc, char **argv)
{
	int rank = 0, rc, all = 0, quiet = -1;

	/* a file size limit: EFBIG reported (exit 3), not a kill */
	signal(SIGXFSZ, SIG_IGN);
	/* blocks of 1 MB and more are mapped, so that a freed level or
	 * buffer leaves the RSS at once (the budget of --memory-mb, dist.h)
	 * instead of staying on the heap */
	mallopt(M_MMAP_THRESHOLD, 1 << 20);
	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	if (rank) {
		/* only rank 0 writes stdout; the parse errors are rank 0's
		 * too (every rank sees the same arguments) */
		int nul = open("/dev/null", O_WRONLY);

		quiet = dup(2);
		if (nul >= 0) {
			dup2(nul, 1);
			dup2(nul, 2);
			close(nul);
		}
	}
	if (argc < 2) {
		fputs(usage, stderr);
		rc = EXIT_USAGE;
	} else if (!strcmp(argv[1], "--version")) {
		printf("pegsol-mpi %s\n", PEG_VERSION);
		rc = EXIT_YES;
	} else if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
		   !strcmp(argv[1], "help")) {
		fputs(usage, stdout);
		rc = EXIT_YES;
	} else if (!strcmp(argv[1], "sets") || !strcmp(argv[1], "count")) {
		cli_cmd = argv[1];
		rc = msets_main(argc - 1, argv + 1, !strcmp(argv[1], "count"),
				quiet);
	} else {
		cli_error("unknown command '%s' (sets or count; see --help)",
			  cli_q(argv[1]));
		rc = EXIT_USAGE;
	}
	fflush(stdout);
	/* the worst status of any rank is every rank's */
	MPI_Allreduce(&rc, &all, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
	MPI_Finalize();
	return all;
}
