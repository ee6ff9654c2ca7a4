/* pos.c - positions: parsing, pictures, codes, symmetry tables. */
#include "pegsol/pos.h"

#include <ctype.h>
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int peg_pos_count(const unsigned char *pegs, int n)
{
	int c = 0;

	for (int i = 0; i < n; i++)
		c += pegs[i] != 0;
	return c;
}

static int is_peg_glyph(int c)
{
	return c == 'x' || c == 'X' || c == '*' || c == '@';
}

static int is_empty_glyph(int c)
{
	return c == 'o' || c == 'O' || c == '.';
}

static int parse_code(const struct peg_board *b, const char *text,
		      unsigned char *pegs, struct peg_err *err)
{
	mpz_t z;
	int base = 10;
	const char *digits = text;

	if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
		base = 16;
		digits = text + 2;
	}
	if (!*digits || strlen(digits) > 1000000) {
		peg_err_set(err, "bad position code '%.40s'", text);
		return -1;
	}
	for (const char *p = digits; *p; p++)
		if (base == 10 ? !isdigit((unsigned char)*p)
			       : !isxdigit((unsigned char)*p)) {
			peg_err_set(err, "bad position code '%.40s'", text);
			return -1;
		}
	mpz_init(z);
	mpz_set_str(z, digits, base);
	if (mpz_sizeinbase(z, 2) > (size_t)b->n_holes && mpz_sgn(z) != 0) {
		peg_err_set(err,
			    "position code '%.40s' has more than %d bits "
			    "(the board's holes)",
			    text, b->n_holes);
		mpz_clear(z);
		return -1;
	}
	for (int i = 0; i < b->n_holes; i++)
		pegs[i] = (unsigned char)mpz_tstbit(z, (mp_bitcnt_t)i);
	mpz_clear(z);
	return 0;
}

static int only_picture_chars(const char *t)
{
	int glyphs = 0;

	for (; *t; t++) {
		if (is_peg_glyph((unsigned char)*t) ||
		    is_empty_glyph((unsigned char)*t))
			glyphs++;
		else if (!isspace((unsigned char)*t) && *t != '/')
			return 0;
	}
	return glyphs > 0;
}

int peg_pos_parse(const struct peg_board *b, const char *text,
		  unsigned char *pegs, struct peg_err *err)
{
	const char *t = text;
	int digits = 1;

	while (isspace((unsigned char)*t))
		t++;
	if (!*t) {
		peg_err_set(err, "empty position");
		return -1;
	}
	if (!strcmp(t, "full") || !strcmp(t, "empty")) {
		memset(pegs, t[0] == 'f', (size_t)b->n_holes);
		return 0;
	}
	for (const char *p = t; *p && !isspace((unsigned char)*p); p++)
		if (!isdigit((unsigned char)*p))
			digits = 0;
	if (digits || (t[0] == '0' && (t[1] == 'x' || t[1] == 'X'))) {
		char buf[64];
		size_t n = strcspn(t, " \t\r\n");

		if (t[n] && t[n + strspn(t + n, " \t\r\n")]) {
			peg_err_set(err, "bad position code '%.40s'", t);
			return -1;
		}
		if (n < sizeof(buf)) {
			memcpy(buf, t, n);
			buf[n] = '\0';
			return parse_code(b, buf, pegs, err);
		}
		return parse_code(b, t, pegs, err);
	}
	if (!strncmp(t, "pegs:", 5) || !strncmp(t, "empty:", 6)) {
		int full = t[0] == 'e';

		memset(pegs, 0, (size_t)b->n_holes);
		if (peg_board_parse_holes(b, t + (full ? 6 : 5), pegs, err) < 0)
			return -1;
		if (full)
			for (int i = 0; i < b->n_holes; i++)
				pegs[i] = !pegs[i];
		return 0;
	}
	if (only_picture_chars(t)) {
		int n = 0;

		for (const char *p = t; *p; p++) {
			int peg = is_peg_glyph((unsigned char)*p);

			if (!peg && !is_empty_glyph((unsigned char)*p))
				continue;
			if (n == b->n_holes) {
				peg_err_set(err,
					    "position picture has more than %d "
					    "holes (board '%s')",
					    b->n_holes, b->spec);
				return -1;
			}
			pegs[n++] = (unsigned char)peg;
		}
		if (n != b->n_holes) {
			peg_err_set(err,
				    "position picture has %d holes, board '%s' "
				    "has %d",
				    n, b->spec, b->n_holes);
			return -1;
		}
		return 0;
	}
	memset(pegs, 0, (size_t)b->n_holes);
	return peg_board_parse_holes(b, t, pegs, err) < 0 ? -1 : 0;
}

char *peg_pos_code_string(const unsigned char *pegs, int n)
{
	mpz_t z;
	char *s, *r;

	mpz_init(z);
	for (int i = 0; i < n; i++)
		if (pegs[i])
			mpz_setbit(z, (mp_bitcnt_t)i);
	s = mpz_get_str(NULL, 10, z);
	mpz_clear(z);
	/* copy into malloc'd memory so callers free() it */
	r = s ? strdup(s) : NULL;
	if (s) {
		void (*freefn)(void *, size_t);

		mp_get_memory_functions(NULL, NULL, &freefn);
		freefn(s, strlen(s) + 1);
	}
	return r;
}

char *peg_pos_mincode_string(const struct peg_board *b,
			     const unsigned char *pegs)
{
	int n = b->n_holes;
	unsigned char *img = malloc((size_t)n), *best = malloc((size_t)n);
	char *r = NULL;

	if (!img || !best)
		goto done;
	memcpy(best, pegs, (size_t)n);
	for (int s = 1; s < b->n_syms; s++) {
		const int *p = b->sym + (size_t)s * n;
		int cmp = 0;

		for (int i = 0; i < n; i++)
			img[p[i]] = pegs[i];
		/* compare as numbers: the highest differing bit decides */
		for (int i = n - 1; i >= 0 && !cmp; i--)
			if (img[i] != best[i])
				cmp = img[i] < best[i] ? -1 : 1;
		if (cmp < 0)
			memcpy(best, img, (size_t)n);
	}
	r = peg_pos_code_string(best, n);
done:
	free(img);
	free(best);
	return r;
}

/* A growable string. */
struct sbuf {
	char *s;
	size_t n, cap;
	int oom;
};

static void sb_putc(struct sbuf *sb, char c)
{
	if (sb->oom)
		return;
	if (sb->n + 2 > sb->cap) {
		size_t cap = sb->cap ? 2 * sb->cap : 256;
		char *ns = realloc(sb->s, cap);

		if (!ns) {
			sb->oom = 1;
			return;
		}
		sb->s = ns;
		sb->cap = cap;
	}
	sb->s[sb->n++] = c;
	sb->s[sb->n] = '\0';
}

static void sb_puts(struct sbuf *sb, const char *s)
{
	while (*s)
		sb_putc(sb, *s++);
}

static char *sb_done(struct sbuf *sb)
{
	if (sb->oom) {
		free(sb->s);
		return NULL;
	}
	if (!sb->s)
		return calloc(1, 1);
	return sb->s;
}

char *peg_pos_picture_cells(const struct peg_board *b,
			    const char *const *cells)
{
	struct sbuf sb = {0};
	int w = 1, mincol = 0, unit;

	for (int h = 0; h < b->n_holes; h++) {
		int l = (int)strlen(cells[h]);

		if (l > w)
			w = l;
	}
	if (b->lattice == PEG_LATTICE_GRAPH) {
		for (int h = 0; h < b->n_holes; h++) {
			sb_puts(&sb, b->labels[h]);
			sb_putc(&sb, ':');
			sb_puts(&sb, cells[h]);
			sb_putc(&sb, h + 1 < b->n_holes ? ' ' : '\n');
		}
		return sb_done(&sb);
	}
	/* column of hole h in half-cells: triangular 2x - y, square 2x */
	if (b->lattice == PEG_LATTICE_TRI) {
		mincol = 0;
		for (int h = 0; h < b->n_holes; h++)
			if (2 * b->hx[h] - b->hy[h] < mincol)
				mincol = 2 * b->hx[h] - b->hy[h];
	}
	unit = (w + 2) / 2; /* characters per half-cell */
	for (int y = 0; y < b->height; y++) {
		int pos = 0;

		for (int h = b->row_first[y]; h < b->row_first[y + 1]; h++) {
			int col = b->lattice == PEG_LATTICE_TRI
					  ? 2 * b->hx[h] - b->hy[h] - mincol
					  : 2 * b->hx[h];
			int at = col * unit;

			while (pos < at) {
				sb_putc(&sb, ' ');
				pos++;
			}
			sb_puts(&sb, cells[h]);
			pos += (int)strlen(cells[h]);
		}
		sb_putc(&sb, '\n');
	}
	return sb_done(&sb);
}

char *peg_pos_picture(const struct peg_board *b, const unsigned char *pegs,
		      int names)
{
	static const char *const glyph[3] = {".", "x", "o"};
	char **cells = calloc((size_t)b->n_holes + 1, sizeof(*cells));
	char *out = NULL, name[64];
	int h = 0;

	if (!cells)
		return NULL;
	for (; h < b->n_holes; h++) {
		if (!names)
			cells[h] = (char *)glyph[!pegs ? 2 : pegs[h] ? 1 : 0];
		else if (!(cells[h] = strdup(peg_board_hole_name(
				   b, h, name, sizeof(name)))))
			goto out;
	}
	out = peg_pos_picture_cells(b, (const char *const *)cells);
out:
	if (names)
		while (h-- > 0)
			free(cells[h]);
	free(cells);
	return out;
}

char *peg_pos_list(const struct peg_board *b, const unsigned char *pegs)
{
	struct sbuf sb = {0};
	char name[64];
	int first = 1;

	for (int h = 0; h < b->n_holes; h++) {
		if (!pegs[h])
			continue;
		if (!first)
			sb_putc(&sb, ',');
		first = 0;
		sb_puts(&sb, peg_board_hole_name(b, h, name, sizeof(name)));
	}
	return sb_done(&sb);
}

uint64_t peg_pos_to64(const unsigned char *pegs, int n)
{
	uint64_t c = 0;

	for (int i = 0; i < n && i < 64; i++)
		if (pegs[i])
			c |= (uint64_t)1 << i;
	return c;
}

void peg_pos_from64(uint64_t code, int n, unsigned char *pegs)
{
	for (int i = 0; i < n; i++)
		pegs[i] = i < 64 ? (unsigned char)((code >> i) & 1) : 0;
}

peg_u128 peg_pos_to128(const unsigned char *pegs, int n)
{
	peg_u128 c = 0;

	for (int i = 0; i < n && i < 128; i++)
		if (pegs[i])
			c |= (peg_u128)1 << i;
	return c;
}

void peg_pos_from128(peg_u128 code, int n, unsigned char *pegs)
{
	for (int i = 0; i < n; i++)
		pegs[i] = i < 128 ? (unsigned char)((code >> i) & 1) : 0;
}

char *peg_u128_str(peg_u128 v, char *buf)
{
	char tmp[48];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v);
	for (int i = 0; i < n; i++)
		buf[i] = tmp[n - 1 - i];
	buf[n] = '\0';
	return buf;
}

#define WBITS 64
#include "symtab_impl.h"
#undef WBITS
#define WBITS 128
#include "symtab_impl.h"
#undef WBITS
