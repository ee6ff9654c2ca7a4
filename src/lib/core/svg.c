/* svg.c - positions, solutions and level-size plots as SVG text (svg.h).
 * The text is written to an open_memstream buffer. */
#include "pegsol/svg.h"
#include "pegsol/solution.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PAD 0.7 /* margin around the holes, in lattice steps */

static void xml_text(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		if (*s == '<')
			fputs("&lt;", f);
		else if (*s == '>')
			fputs("&gt;", f);
		else if (*s == '&')
			fputs("&amp;", f);
		else
			fputc(*s, f);
	}
}

/* Screen position of every hole in lattice steps, and the bounding box. */
struct layout {
	double *px, *py;
	double x0, y0, w, h;
};

static int layout_make(const struct peg_board *b, struct layout *l)
{
	int n = b->n_holes;

	l->px = malloc(sizeof(double) * (size_t)(n ? n : 1));
	l->py = malloc(sizeof(double) * (size_t)(n ? n : 1));
	if (!l->px || !l->py) {
		free(l->px);
		free(l->py);
		return -1;
	}
	for (int h = 0; h < n; h++) {
		double x = b->hx[h], y = b->hy[h];

		if (b->lattice == PEG_LATTICE_TRI) {
			l->px[h] = x - y / 2;
			l->py[h] = y * 0.8660254037844386;
		} else if (b->lattice == PEG_LATTICE_SQUARE) {
			l->px[h] = x;
			l->py[h] = y;
		} else {
			double a = 2 * M_PI * h / n, r = fmax(1.5, n / 5.0);

			l->px[h] = r * sin(a);
			l->py[h] = -r * cos(a);
		}
	}
	l->x0 = l->y0 = 0;
	l->w = l->h = 0;
	for (int h = 0; h < n; h++) {
		if (!h || l->px[h] < l->x0)
			l->x0 = l->px[h];
		if (!h || l->py[h] < l->y0)
			l->y0 = l->py[h];
	}
	for (int h = 0; h < n; h++) {
		l->w = fmax(l->w, l->px[h] - l->x0);
		l->h = fmax(l->h, l->py[h] - l->y0);
	}
	l->x0 -= PAD;
	l->y0 -= PAD;
	l->w += 2 * PAD;
	l->h += 2 * PAD;
	return 0;
}

static void layout_free(struct layout *l)
{
	free(l->px);
	free(l->py);
}

static int cell_of(const struct peg_svg_opts *o)
{
	return o && o->cell > 0 ? o->cell : 36;
}

static const char style[] =
	"<style>.hole{fill:#f4ead5;stroke:#8a6d3b;stroke-width:0.06}"
	".peg{fill:#3b2a1a}.name{font:0.3px sans-serif;fill:#555;"
	"text-anchor:middle;dominant-baseline:central}"
	".peg+.name{fill:#fff}.move{fill:none;stroke:#c0392b;"
	"stroke-width:0.12;stroke-linecap:round;stroke-linejoin:round;"
	"stroke-opacity:0.85}"
	".start{fill:#c0392b}.label{font:0.42px sans-serif;fill:#333;"
	"text-anchor:middle}</style>\n";

/* The board's holes and pegs, translated by (dx, dy) lattice steps. */
static void draw_board(FILE *f, const struct peg_board *b,
		       const struct layout *l, const unsigned char *pegs,
		       int names, double dx, double dy)
{
	char name[64];

	fprintf(f, "<g transform=\"translate(%.3f %.3f)\">\n", dx - l->x0,
		dy - l->y0);
	for (int h = 0; h < b->n_holes; h++) {
		fprintf(f, "<circle class=\"hole\" cx=\"%.3f\" cy=\"%.3f\" "
			   "r=\"0.4\"/>",
			l->px[h], l->py[h]);
		if (pegs[h])
			fprintf(f, "<circle class=\"peg\" cx=\"%.3f\" "
				   "cy=\"%.3f\" r=\"0.3\"/>",
				l->px[h], l->py[h]);
		if (names) {
			peg_board_hole_name(b, h, name, sizeof(name));
			fprintf(f, "<text class=\"name\" x=\"%.3f\" "
				   "y=\"%.3f\">",
				l->px[h], l->py[h]);
			xml_text(f, name);
			fputs("</text>", f);
		}
		fputc('\n', f);
	}
}

/* A move as a polyline through its holes, a dot on the first; ends the
 * group draw_board opened. */
static void draw_mark(FILE *f, const struct layout *l, const int *mark,
		      int n)
{
	if (n >= 2) {
		fputs("<polyline class=\"move\" points=\"", f);
		for (int i = 0; i < n; i++)
			fprintf(f, "%s%.3f,%.3f", i ? " " : "", l->px[mark[i]],
				l->py[mark[i]]);
		fputs("\"/>\n", f);
		fprintf(f, "<circle class=\"start\" cx=\"%.3f\" cy=\"%.3f\" "
			   "r=\"0.14\"/>\n",
			l->px[mark[0]], l->py[mark[0]]);
	}
	fputs("</g>\n", f);
}

static void open_svg(FILE *f, double w, double h, int cell)
{
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.3f %.3f\">\n",
		w * cell, h * cell, w, h);
	fputs(style, f);
}

/* Close the memstream: its buffer (set by fclose), or NULL with err. */
static char *close_stream(FILE *f, char **buf, struct peg_err *err)
{
	if (fclose(f)) {
		free(*buf);
		peg_err_set(err, "out of memory drawing the picture");
		return NULL;
	}
	return *buf;
}

static int too_large(long long holes, struct peg_err *err)
{
	if (holes <= PEG_SVG_MAX_HOLES)
		return 0;
	peg_err_set(err,
		    "the picture is too large to draw: %lld holes (at most "
		    "%ld)",
		    holes, PEG_SVG_MAX_HOLES);
	return 1;
}

char *peg_svg_position(const struct peg_board *b, const unsigned char *pegs,
		       const int *mark, int n_mark,
		       const struct peg_svg_opts *o, struct peg_err *err)
{
	struct layout l;
	char *buf = NULL;
	size_t len;
	FILE *f;

	if (too_large(b->n_holes, err))
		return NULL;
	if (layout_make(b, &l)) {
		peg_err_set(err, "out of memory drawing the picture");
		return NULL;
	}
	f = open_memstream(&buf, &len);
	if (!f) {
		layout_free(&l);
		peg_err_set(err, "out of memory drawing the picture");
		return NULL;
	}
	open_svg(f, l.w, l.h, cell_of(o));
	fputs("<title>", f);
	xml_text(f, b->title ? b->title : b->spec);
	fputs("</title>\n", f);
	draw_board(f, b, &l, pegs, o && o->names, 0, 0);
	draw_mark(f, &l, mark, n_mark);
	fputs("</svg>\n", f);
	layout_free(&l);
	return close_stream(f, &buf, err);
}

/* The holes a move visits: its first hole, then each landing hole. */
static int move_path(const struct peg_jump *j, int n, int *path)
{
	path[0] = j[0].from;
	for (int i = 0; i < n; i++)
		path[i + 1] = j[i].to;
	return n + 1;
}

/* Jumps in the move starting at jumps[i]: one peg's consecutive jumps. */
static int move_len(const struct peg_jump *jumps, int n, int i)
{
	int k = i + 1;

	while (k < n && jumps[k].from == jumps[k - 1].to)
		k++;
	return k - i;
}

char *peg_svg_solution(const struct peg_board *b, const unsigned char *start,
		       const struct peg_jump *jumps, int n_jumps,
		       const struct peg_svg_opts *o, struct peg_err *err)
{
	int frames = peg_jumps_count_moves(jumps, n_jumps) + 1;
	int animate = o && o->animate, cols, rows, cell = cell_of(o);
	double secs = o && o->seconds > 0 ? o->seconds : 1.0, fw, fh;
	unsigned char *pegs = NULL;
	int *path = NULL;
	struct layout l;
	char *buf = NULL;
	size_t len;
	FILE *f;

	if (too_large((long long)b->n_holes * frames, err))
		return NULL;
	if (layout_make(b, &l)) {
		peg_err_set(err, "out of memory drawing the picture");
		return NULL;
	}
	pegs = malloc((size_t)b->n_holes);
	path = malloc(sizeof(int) * (size_t)(n_jumps + 1));
	f = pegs && path ? open_memstream(&buf, &len) : NULL;
	if (!f) {
		free(pegs);
		free(path);
		layout_free(&l);
		peg_err_set(err, "out of memory drawing the picture");
		return NULL;
	}
	memcpy(pegs, start, (size_t)b->n_holes);
	if (peg_jumps_replay(b, jumps, n_jumps, pegs, err)) {
		fclose(f);
		free(buf);
		free(pegs);
		free(path);
		layout_free(&l);
		return NULL;
	}
	memcpy(pegs, start, (size_t)b->n_holes);
	cols = animate ? 1
	       : o && o->columns > 0
		       ? o->columns
		       : (int)ceil(sqrt((double)frames * l.h / l.w));
	if (cols > frames)
		cols = frames;
	rows = animate ? 1 : (frames + cols - 1) / cols;
	fw = l.w;
	fh = l.h + 0.6; /* room for the frame's caption */
	open_svg(f, fw * cols, fh * rows, cell);
	fputs("<title>", f);
	xml_text(f, b->title ? b->title : b->spec);
	fprintf(f, ": %d moves</title>\n", frames - 1);
	for (int fr = 0, i = 0; fr < frames; fr++) {
		int k = i < n_jumps ? move_len(jumps, n_jumps, i) : 0;
		int np = k ? move_path(jumps + i, k, path) : 0;
		double dx = animate ? 0 : (fr % cols) * fw;
		double dy = animate ? 0 : (fr / cols) * fh;

		if (animate) {
			/* frame fr shows during [fr, fr + 1) of frames */
			fprintf(f, "<g opacity=\"%d\"><animate "
				   "attributeName=\"opacity\" "
				   "calcMode=\"discrete\" dur=\"%.3fs\" "
				   "repeatCount=\"indefinite\" values=\"",
				fr ? 0 : 1, secs * frames);
			for (int v = 0; v < frames; v++)
				fprintf(f, "%s%d", v ? ";" : "", v == fr);
			fputs("\" keyTimes=\"", f);
			for (int v = 0; v < frames; v++)
				fprintf(f, "%s%.4f", v ? ";" : "",
					(double)v / frames);
			fputs("\"/>\n", f);
		}
		draw_board(f, b, &l, pegs, o && o->names, dx, dy);
		draw_mark(f, &l, path, np);
		fprintf(f, "<text class=\"label\" x=\"%.3f\" y=\"%.3f\">%s %d"
			   "</text>\n",
			dx + fw / 2, dy + l.h + 0.35, k ? "move" : "end",
			k ? fr + 1 : fr);
		if (animate)
			fputs("</g>\n", f);
		for (int j = 0; j < k; j++)
			peg_jump_apply(pegs, &jumps[i + j]);
		i += k;
	}
	fputs("</svg>\n", f);
	free(pegs);
	free(path);
	layout_free(&l);
	return close_stream(f, &buf, err);
}

/* Plot area in user units (1 unit = 1 px). */
#define PW 640.0
#define PH 400.0
#define ML 70.0
#define MR 150.0
#define MT 40.0
#define MB 50.0

static const char *const colours[] = {"#1f77b4", "#d62728", "#2ca02c",
				       "#9467bd", "#ff7f0e", "#8c564b"};

char *peg_svg_plot(const char *title, const char *xlabel, const char *ylabel,
		   const struct peg_svg_series *s, int n_series,
		   struct peg_err *err)
{
	double xmin = 0, xmax = 0, lmin = 0, lmax = 0;
	int any = 0;
	char *buf = NULL;
	size_t len;
	FILE *f;

	for (int k = 0; k < n_series; k++)
		for (int i = 0; i < s[k].n; i++) {
			double x = s[k].x[i], y = s[k].y[i];

			if (y <= 0)
				continue;
			if (!any || x < xmin)
				xmin = x;
			if (!any || x > xmax)
				xmax = x;
			if (!any || log10(y) < lmin)
				lmin = log10(y);
			if (!any || log10(y) > lmax)
				lmax = log10(y);
			any = 1;
		}
	if (!any) {
		peg_err_set(err, "nothing to plot: every level is empty");
		return NULL;
	}
	lmin = floor(lmin);
	lmax = ceil(lmax);
	if (lmax <= lmin)
		lmax = lmin + 1;
	if (xmax <= xmin)
		xmax = xmin + 1;
	f = open_memstream(&buf, &len);
	if (!f) {
		peg_err_set(err, "out of memory drawing the plot");
		return NULL;
	}
	fprintf(f,
		"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
		"height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\" "
		"font-family=\"sans-serif\" font-size=\"13\">\n",
		ML + PW + MR, MT + PH + MB, ML + PW + MR, MT + PH + MB);
	fputs("<rect width=\"100%\" height=\"100%\" fill=\"#fff\"/>\n", f);
	fputs("<text x=\"", f);
	fprintf(f, "%.0f\" y=\"24\" text-anchor=\"middle\" "
		   "font-size=\"16\">",
		ML + PW / 2);
	xml_text(f, title);
	fputs("</text>\n", f);
	/* axes, decade lines and peg-count ticks */
	for (double e = lmin; e <= lmax; e++) {
		double y = MT + PH - (e - lmin) / (lmax - lmin) * PH;

		fprintf(f, "<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.1f\" "
			   "y2=\"%.1f\" stroke=\"#ddd\"/>"
			   "<text x=\"%.0f\" y=\"%.1f\" text-anchor=\"end\" "
			   "dominant-baseline=\"central\">1e%.0f</text>\n",
			ML, ML + PW, y, y, ML - 6, y, e);
	}
	{
		double step = ceil((xmax - xmin) / 16);

		if (step < 1)
			step = 1;
		for (double x = xmin; x <= xmax; x += step) {
			double px = ML + (x - xmin) / (xmax - xmin) * PW;

			fprintf(f, "<line x1=\"%.1f\" x2=\"%.1f\" "
				   "y1=\"%.0f\" y2=\"%.0f\" stroke=\"#333\"/>"
				   "<text x=\"%.1f\" y=\"%.0f\" "
				   "text-anchor=\"middle\">%.0f</text>\n",
				px, px, MT + PH, MT + PH + 5, px,
				MT + PH + 20, x);
		}
	}
	fprintf(f, "<rect x=\"%.0f\" y=\"%.0f\" width=\"%.0f\" "
		   "height=\"%.0f\" fill=\"none\" stroke=\"#333\"/>\n",
		ML, MT, PW, PH);
	fprintf(f, "<text x=\"%.0f\" y=\"%.0f\" text-anchor=\"middle\">",
		ML + PW / 2, MT + PH + 42);
	xml_text(f, xlabel);
	fprintf(f, "</text>\n<text transform=\"translate(16 %.0f) "
		   "rotate(-90)\" text-anchor=\"middle\">",
		MT + PH / 2);
	xml_text(f, ylabel);
	fputs("</text>\n", f);
	for (int k = 0; k < n_series; k++) {
		const char *c = colours[k % 6];
		int first = 1;

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" "
			   "stroke-width=\"2\" points=\"",
			c);
		for (int i = 0; i < s[k].n; i++) {
			if (s[k].y[i] <= 0)
				continue;
			fprintf(f, "%s%.1f,%.1f", first ? "" : " ",
				ML + (s[k].x[i] - xmin) / (xmax - xmin) * PW,
				MT + PH -
					(log10(s[k].y[i]) - lmin) /
						(lmax - lmin) * PH);
			first = 0;
		}
		fprintf(f, "\"/>\n<line x1=\"%.0f\" x2=\"%.0f\" y1=\"%.0f\" "
			   "y2=\"%.0f\" stroke=\"%s\" stroke-width=\"2\"/>"
			   "<text x=\"%.0f\" y=\"%.0f\" "
			   "dominant-baseline=\"central\">",
			ML + PW + 12, ML + PW + 36, MT + 12 + 20.0 * k,
			MT + 12 + 20.0 * k, c, ML + PW + 42,
			MT + 12 + 20.0 * k);
		xml_text(f, s[k].name);
		fputs("</text>\n", f);
	}
	fputs("</svg>\n", f);
	return close_stream(f, &buf, err);
}
