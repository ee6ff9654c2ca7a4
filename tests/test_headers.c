/* test_headers.c - every public header in one translation unit, so a type,
 * enum or macro defined twice (issue #18: two enum peg_goal_kind) fails to
 * compile; and a check that the list below names every header in
 * include/pegsol/, so a new header cannot be left out. */
#include "pegsol/afile.h"
#include "pegsol/analyse.h"
#include "pegsol/blocks.h"
#include "pegsol/board.h"
#include "pegsol/construct.h"
#include "pegsol/count.h"
#include "pegsol/error.h"
#include "pegsol/fast.h"
#include "pegsol/hashset.h"
#include "pegsol/heuristic.h"
#include "pegsol/levelfile.h"
#include "pegsol/line.h"
#include "pegsol/moves.h"
#include "pegsol/oracle.h"
#include "pegsol/play.h"
#include "pegsol/pos.h"
#include "pegsol/problem.h"
#include "pegsol/purges.h"
#include "pegsol/puzzle.h"
#include "pegsol/resource.h"
#include "pegsol/session.h"
#include "pegsol/sets.h"
#include "pegsol/shortest.h"
#include "pegsol/solution.h"
#include "pegsol/solutions.h"
#include "pegsol/solve.h"
#include "pegsol/svg.h"
#include "pegsol/theory.h"
#include "pegsol/tricolor.h"
#include "pegsol/trigame.h"
#include "pegsol/version.h"
#include "pegsol/winsets.h"

#include "pegsol.h" /* the umbrella header, on top of them all */

#include "check.h"

#include <dirent.h>
#include <stdlib.h>

static const char *const included[] = {
	"afile.h",     "analyse.h",  "board.h",    "construct.h",
	"count.h",     "error.h",    "fast.h",     "hashset.h",
	"heuristic.h", "levelfile.h", "line.h",    "moves.h",
	"oracle.h",    "play.h",     "pos.h",      "problem.h",
	"purges.h",    "puzzle.h",   "resource.h", "session.h",
	"sets.h",      "shortest.h", "solution.h", "solve.h",
	"svg.h",       "theory.h",   "tricolor.h", "version.h",
	"winsets.h",   "solutions.h", "blocks.h",    "trigame.h",
};

#define N_INCLUDED (sizeof(included) / sizeof(included[0]))

static int listed(const char *name)
{
	for (size_t i = 0; i < N_INCLUDED; i++)
		if (!strcmp(included[i], name))
			return 1;
	return 0;
}

/* include/pegsol/ next to this file's tests/ (make builds from the
 * repository root, where tests/run.sh runs the programs). */
static void check_directory(void)
{
	const char *file = __FILE__, *tail = strstr(file, "tests/");
	char dir[4096];
	struct dirent *e;
	DIR *d;
	size_t found = 0;

	snprintf(dir, sizeof(dir), "%.*sinclude/pegsol",
		 (int)(tail ? tail - file : 0), file);
	d = opendir(dir);
	CHECK(d != NULL, "cannot open '%s'", dir);
	if (!d)
		return;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);

		if (len < 3 || strcmp(e->d_name + len - 2, ".h"))
			continue;
		found++;
		CHECK(listed(e->d_name),
		      "header '%s' is not included by tests/test_headers.c",
		      e->d_name);
	}
	closedir(d);
	CHECK_INT(found, N_INCLUDED, "headers in include/pegsol");
}

/* The goal vocabulary is one enum: the oracle's and the solver's kinds
 * are distinct values of it, and the outcome codes are the exit codes. */
static void check_vocabulary(void)
{
	struct peg_goal g = {PEG_GOAL_HOLE, 7};
	struct peg_goal any = {PEG_GOAL_ANYWHERE, -1};
	struct peg_problem p = {NULL, PEG_GOAL_POSITION, NULL};

	CHECK(PEG_GOAL_POSITION != PEG_GOAL_ANYWHERE &&
		      PEG_GOAL_POSITION != PEG_GOAL_HOLE &&
		      PEG_GOAL_POSITION != PEG_GOAL_COMPLEMENT,
	      "goal kinds must differ");
	CHECK_INT(peg_goal_finish(&g), 7, "finish hole of a hole goal");
	CHECK_INT(peg_goal_finish(&any), PEG_FINISH_ANYWHERE,
		  "finish hole of an anywhere goal");
	CHECK_INT(p.goal, PEG_GOAL_POSITION, "problem goal kind");
	CHECK_INT(PEG_SOLVE_FOUND, PEG_EXIT_YES, "solve found = exit 0");
	CHECK_INT(PEG_SOLVE_NONE, PEG_EXIT_NO, "solve none = exit 1");
	CHECK_INT(PEG_SOLVE_ERROR, PEG_EXIT_INPUT, "solve error = exit 2");
	CHECK_INT(PEG_SOLVE_LIMIT, PEG_EXIT_RESOURCE, "solve limit = exit 3");
	CHECK_INT(PEG_CONSTRUCT_NOMEM, PEG_EXIT_RESOURCE,
		  "construct nomem = exit 3");
}

int main(void)
{
	check_directory();
	check_vocabulary();
	return check_done();
}
