/* glpk.h - the WebAssembly build's stand-in for GLPK (make wasm): the
 * pagoda search (resource.c) builds its linear programs as usual, and the
 * solver calls fail, so the search reports "not settled" (an error the
 * callers already handle) instead of the module linking GLPK. */
#ifndef PEGSOL_WASM_GLPK_H
#define PEGSOL_WASM_GLPK_H

#include <stdlib.h>

typedef struct {
	int dummy;
} glp_prob;

/* the members of GLPK 5.0's control structures, so any setting compiles */
typedef struct {
	int msg_lev, meth, pricing, r_test;
	double tol_bnd, tol_dj, tol_piv, obj_ll, obj_ul;
	int it_lim, tm_lim, out_frq, out_dly, presolve, excl, shift, aorn;
} glp_smcp;

typedef struct {
	int dummy;
} glp_tree;

typedef struct {
	int msg_lev, br_tech, bt_tech;
	double tol_int, tol_obj;
	int tm_lim, out_frq, out_dly;
	void (*cb_func)(glp_tree *T, void *info);
	void *cb_info;
	int cb_size, pp_tech;
	double mip_gap;
	int mir_cuts, gmi_cuts, cov_cuts, clq_cuts, presolve, binarize;
	int fp_heur, ps_heur, ps_tm_lim, sr_heur, use_sol;
	const char *save_sol;
	int alien;
} glp_iocp;

enum { GLP_MIN = 1, GLP_MAX, GLP_FR = 1, GLP_LO, GLP_UP, GLP_DB, GLP_FX };
enum { GLP_CV = 1, GLP_IV, GLP_BV };
enum { GLP_UNDEF = 1, GLP_FEAS, GLP_INFEAS, GLP_NOFEAS, GLP_OPT, GLP_UNBND };
enum { GLP_MSG_OFF = 0, GLP_OFF = 0, GLP_ON = 1 };
enum { GLP_EFAIL = 0x05, GLP_ETMLIM = 0x09, GLP_ENOPFS = 0x0A, GLP_ESTOP = 0x0D };

static inline glp_prob *glp_create_prob(void)
{
	return calloc(1, sizeof(glp_prob));
}
static inline void glp_delete_prob(glp_prob *p) { free(p); }
static inline int glp_free_env(void) { return 0; }
static inline void glp_term_hook(int (*f)(void *, const char *), void *i) {}
static inline void glp_init_smcp(glp_smcp *p) { *p = (glp_smcp){0}; }
static inline void glp_init_iocp(glp_iocp *p) { *p = (glp_iocp){0}; }
static inline void glp_ios_tree_size(glp_tree *T, int *a_cnt, int *n_cnt,
				     int *t_cnt)
{
	if (a_cnt)
		*a_cnt = 0;
	if (n_cnt)
		*n_cnt = 0;
	if (t_cnt)
		*t_cnt = 0;
}
static inline void glp_ios_terminate(glp_tree *T) {}
static inline void glp_set_obj_dir(glp_prob *p, int d) {}
static inline int glp_add_cols(glp_prob *p, int n) { return 1; }
static inline int glp_add_rows(glp_prob *p, int n) { return 1; }
static inline void glp_set_col_bnds(glp_prob *p, int j, int t, double lb,
				    double ub) {}
static inline void glp_set_row_bnds(glp_prob *p, int i, int t, double lb,
				    double ub) {}
static inline void glp_set_obj_coef(glp_prob *p, int j, double c) {}
static inline void glp_set_col_kind(glp_prob *p, int j, int k) {}
static inline void glp_load_matrix(glp_prob *p, int ne, const int ia[],
				   const int ja[], const double ar[]) {}
static inline int glp_simplex(glp_prob *p, const glp_smcp *c) { return GLP_EFAIL; }
static inline int glp_exact(glp_prob *p, const glp_smcp *c) { return GLP_EFAIL; }
static inline int glp_intopt(glp_prob *p, const glp_iocp *c) { return GLP_EFAIL; }
static inline int glp_get_status(glp_prob *p) { return GLP_UNDEF; }
static inline int glp_mip_status(glp_prob *p) { return GLP_UNDEF; }
static inline double glp_mip_col_val(glp_prob *p, int j) { return 0; }
static inline double glp_get_obj_val(glp_prob *p) { return 0; }
static inline double glp_get_col_prim(glp_prob *p, int j) { return 0; }

#endif
