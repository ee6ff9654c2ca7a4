/* pegsol_cdef.h - the part of the public C API (include/pegsol/*.h) that
 * the Python binding calls, in cffi's cdef dialect.
 *
 * Copied by hand from the headers; drift is caught when the binding is
 * built (python/build_pegsol.py, docs/python.md "Keeping in step"):
 *   - structs end in "...;": cffi takes their layout from the compiler and
 *     checks the type of every field named here;
 *   - every function prototype below is assigned to a pointer of the type
 *     written here and compiled with -Werror=incompatible-pointer-types,
 *     so a changed signature in a header stops `make python`;
 *   - enums and constants take their values from the headers ("...").
 * One prototype per declaration, each ending in ';' (the build script
 * splits on it).  No peg_u128: cffi has no 128-bit integers (counts come
 * as decimal text).
 */

/* libc */
void free(void *p);

/* error.h */
struct peg_err {
	char msg[...];
};

/* version.h */
static char *const PEG_VERSION;

/* board.h */
enum peg_lattice { PEG_LATTICE_TRI, PEG_LATTICE_SQUARE, PEG_LATTICE_GRAPH, ... };

struct peg_jump {
	int from, over, to;
};

struct peg_board {
	char *spec;
	char *title;
	enum peg_lattice lattice;
	int diagonal;
	int n_holes;
	int *hx, *hy;
	char **labels;
	int n_jumps;
	struct peg_jump *jumps;
	int n_syms;
	int *sym;
	int name_x0, name_y0;
	...;
};

struct peg_family_info {
	const char *name;
	const char *params;
	const char *summary;
	const char *example;
};

struct peg_board *peg_board_parse_max(const char *spec, long max_holes, struct peg_err *err);
void peg_board_free(struct peg_board *b);
char *peg_board_hole_name(const struct peg_board *b, int h, char *buf, size_t size);
int peg_board_parse_hole(const struct peg_board *b, const char *text, struct peg_err *err);
int peg_board_parse_holes(const struct peg_board *b, const char *text, unsigned char *out, struct peg_err *err);
int peg_board_hole_orbit_min(const struct peg_board *b, int h);
const struct peg_family_info *peg_board_families(void);

/* pos.h */
int peg_pos_parse(const struct peg_board *b, const char *text, unsigned char *pegs, struct peg_err *err);
int peg_pos_count(const unsigned char *pegs, int n);
char *peg_pos_code_string(const unsigned char *pegs, int n);
char *peg_pos_mincode_string(const struct peg_board *b, const unsigned char *pegs);
char *peg_pos_picture(const struct peg_board *b, const unsigned char *pegs, int names);

/* problem.h */
enum peg_goal_kind { PEG_GOAL_ANYWHERE, PEG_GOAL_POSITION, ... };

struct peg_problem {
	const unsigned char *start;
	enum peg_goal_kind goal;
	const unsigned char *finish;
	...;
};

/* solve.h */
struct peg_solve_opts {
	size_t table_mb;
	uint64_t max_nodes;
	...;
};

enum peg_solve_status { PEG_SOLVE_FOUND, PEG_SOLVE_NONE, PEG_SOLVE_ERROR, PEG_SOLVE_LIMIT, ... };
enum peg_solve_reason { PEG_REASON_NONE, PEG_REASON_PEGS, PEG_REASON_CLASS, PEG_REASON_SEARCH, ... };

struct peg_solve_result {
	enum peg_solve_status status;
	enum peg_solve_reason reason;
	struct peg_jump *jumps;
	int n_jumps;
	uint64_t nodes;
	size_t dead;
	int n_group;
	char why[...];
	...;
};

int peg_solve(const struct peg_board *b, const struct peg_problem *p, const struct peg_solve_opts *opts, struct peg_solve_result *res, struct peg_err *err);
void peg_solve_result_release(struct peg_solve_result *res);

/* sets.h */
#define PEG_SETS_MAX_HOLES ...

enum peg_group { PEG_GROUP_STAB, PEG_GROUP_FULL, PEG_GROUP_NONE, ... };

struct peg_sets_opts {
	enum peg_group group;
	int threads;
	int raw;
	size_t memory;
	const char *tmpdir;
	...;
};

struct peg_level {
	size_t n;
	uint64_t raw;
	int have;
	...;
};

struct peg_sets {
	int n_holes;
	int n_group;
	int anywhere;
	int complement;
	int start_pegs, finish_pegs;
	struct peg_level F[...];
	struct peg_level W[...];
	struct peg_level L[...];
	uint64_t children;
	int partitions;
	uint64_t disk_bytes;
	...;
};

int peg_sets_compute(const struct peg_board *b, const struct peg_problem *p, const struct peg_sets_opts *opts, struct peg_sets **out, struct peg_err *err);
void peg_sets_free(struct peg_sets *s);
size_t peg_sets_backward_size(const struct peg_sets *s, int n);

/* count.h */
struct peg_count_result {
	char *text;
	int wide;
	uint64_t edges;
	size_t positions;
	...;
};

int peg_count_solutions_opts(const struct peg_board *b, const struct peg_problem *p, const struct peg_sets_opts *o, struct peg_count_result *r, struct peg_sets **sets_out, struct peg_err *err);
void peg_count_result_release(struct peg_count_result *r);

/* shortest.h */
static const int PEG_SHORTEST_OK;
static const int PEG_SHORTEST_BAD;
static const int PEG_SHORTEST_RESOURCES;

struct peg_shortest_opts {
	int threads;
	uint64_t max_states;
	int max_moves;
	...;
};

struct peg_shortest_result {
	int solved;
	int moves;
	int lower_bound;
	int finish;
	struct peg_jump *jumps;
	int n_jumps;
	uint64_t nodes;
	uint64_t peak_states;
	int iterations;
	int capped;
	int dfs_bounds;
	...;
};

void peg_shortest_result_release(struct peg_shortest_result *r);
int peg_shortest_pos(const struct peg_board *b, const unsigned char *start, int finish, const struct peg_shortest_opts *opts, struct peg_shortest_result *res, struct peg_err *err);
int peg_shortest_bound_pos(const struct peg_board *b, const unsigned char *pos, int finish);

/* solution.h */
struct peg_moves {
	int n_moves;
	...;
};

void peg_moves_free(struct peg_moves *m);
int peg_moves_parse(const struct peg_board *b, const char *text, struct peg_moves *out, struct peg_err *err);
int peg_moves_replay(const struct peg_board *b, const struct peg_moves *mv, unsigned char *pegs, struct peg_jump **jumps, int *n_jumps, struct peg_err *err);
int peg_jumps_replay(const struct peg_board *b, const struct peg_jump *jumps, int n, unsigned char *pegs, struct peg_err *err);
int peg_jumps_count_moves(const struct peg_jump *jumps, int n);
char *peg_jumps_format(const struct peg_board *b, const struct peg_jump *jumps, int n);

/* construct.h */
enum peg_construct_status { PEG_CONSTRUCT_OK, PEG_CONSTRUCT_NO, PEG_CONSTRUCT_BAD, PEG_CONSTRUCT_NOMEM, ... };
#define PEG_CONSTRUCT_MAX_SIDE ...

struct peg_construct;

int peg_construct_plan(int n, int vx, int vy, struct peg_construct **out, struct peg_err *err);
int peg_construct_plan_pair(int n, int vx, int vy, int fx, int fy, struct peg_construct **out, struct peg_err *err);
int peg_construct_jumps(const struct peg_construct *c, struct peg_jump **jumps, long *n_jumps, struct peg_err *err);
void peg_construct_free(struct peg_construct *c);
size_t peg_construct_memory(int n, int collect);

/* theory.h */
int peg_theory_class(const struct peg_board *b, const unsigned char *pegs, unsigned *cls, struct peg_err *err);
char *peg_theory_class_name(const struct peg_board *b, unsigned cls, char *buf, size_t size);
int peg_theory_finish_holes(const struct peg_board *b, const unsigned char *pegs, unsigned char *out, struct peg_err *err);
int peg_theory_triangle_side(const struct peg_board *b);
