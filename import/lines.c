/* SPDX-License-Identifier: MIT */
/*
 * What the importers share: a buffer read line by line, the checks that
 * tell an empty, binary or cut-off file from a real one, notes for the
 * user, and latencies as buckets, bounds or samples.
 */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "import/parse.h"
#include "lib/err.h"
#include "lib/stats.h"
#include "lib/utf8.h"

void
import_note(struct import_notes *notes, const char *fmt, ...)
{
	va_list ap;
	char *line;

	/* whole, however long an operation's name: err_warn shortens it for stderr */
	va_start(ap, fmt);
	line = xvasprintf(fmt, ap);
	va_end(ap);
	xgrow(&notes->lines, &notes->cap, notes->n + 1, sizeof *notes->lines);
	notes->lines[notes->n++] = line;
}

void
import_notes_free(struct import_notes *notes)
{
	if (notes == NULL)
		return;
	strv_free(notes->lines, notes->n);
	memset(notes, 0, sizeof *notes);
}

void
import_lines_init(struct import_lines *it, const char *buf, size_t len)
{
	*it = (struct import_lines){ buf, len, utf8_bom(buf, len), 0 };
}

int
import_lines_next(struct import_lines *it, struct import_line *line)
{
	const char *start, *nl;
	size_t rest;

	if (it->pos >= it->len)
		return 0;
	start = it->buf + it->pos;
	rest = it->len - it->pos;
	nl = memchr(start, '\n', rest);
	line->text = start;
	line->number = ++it->number;
	line->len = nl != NULL ? (size_t)(nl - start) : rest;
	line->ended = nl != NULL;
	it->pos += line->len + (size_t)line->ended;
	/* output captured on Windows ends its lines in CR LF */
	if (line->len > 0 && start[line->len - 1] == '\r')
		line->len--;
	return 1;
}

const char *
import_shown(char *buf, const char *s, size_t n)
{
	size_t i, m = n > 40 ? 40 : n;

	for (i = 0; i < m; i++)
		buf[i] = (unsigned char)s[i] < 0x20 || s[i] == 0x7f ? '?' : s[i];
	memcpy(buf + m, n > m ? "..." : "", n > m ? 4 : 1);
	return buf;
}

int
import_line_blank(const struct import_line *line)
{
	size_t i;

	for (i = 0; i < line->len; i++)
		if (line->text[i] != ' ' && line->text[i] != '\t')
			return 0;
	return 1;
}

int
import_each_line(const char *buf, size_t len, const char *name,
    const char *what, int (*fn)(void *ctx, const struct import_line *l,
    char *err), void *ctx, char *err)
{
	struct import_lines it;
	struct import_line line;

	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		if (import_line_blank(&line))
			continue;
		if (!line.ended)
			return import_truncated(err, name, line.number, what);
		if (fn != NULL && fn(ctx, &line, err) < 0)
			return -1;
	}
	return 0;
}

size_t
import_split(const char *t, size_t n, char sep, struct import_field *f,
    size_t max)
{
	size_t nf = 0, start = 0, i;

	for (i = 0; i <= n; i++) {
		if (i < n && t[i] != sep)
			continue;
		if (nf < max) {
			f[nf].s = t + start;
			f[nf].n = i - start;
		}
		nf++;
		start = i + 1;
	}
	return nf;
}

int
import_field_is(const struct import_field *f, const char *s)
{
	return strlen(s) == f->n && memcmp(f->s, s, f->n) == 0;
}

void
import_clean(char *s)
{
	for (; *s != '\0'; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			*s = '?';
}

int
import_begin(const char *buf, size_t len, const char *name,
    const char *what, struct result *out, char *err)
{
	struct import_lines it;
	struct import_line line;
	int any = 0;

	memset(out, 0, sizeof *out);
	out->concurrency = -1;
	for (import_lines_init(&it, buf, len); import_lines_next(&it, &line);) {
		size_t ok = utf8_valid_prefix(line.text, line.len);

		if (memchr(line.text, '\0', line.len) != NULL)
			return errf(err, "%s: line %zu: a NUL byte; expected %s, "
			    "which is text", name, line.number, what);
		if (ok < line.len)
			return errf(err, "%s: line %zu: not UTF-8: byte 0x%02x; "
			    "expected %s, which is text", name, line.number,
			    (unsigned)(unsigned char)line.text[ok], what);
		any |= !import_line_blank(&line);
	}
	return any ? 0 : errf(err, "%s: empty; expected %s", name, what);
}

int
import_truncated(char *err, const char *name, size_t line, const char *what)
{
	return errf(err, "%s: truncated at line %zu: the file ends inside a line; "
	    "expected %s, whose every line ends in a newline", name, line, what);
}

int
import_in_list(const char *const *list, const char *s)
{
	for (; *list != NULL; list++)
		if (strcmp(*list, s) == 0)
			return 1;
	return 0;
}

void
import_histogram(struct result_class *c, struct result_bucket *rows, size_t nrows)
{
	long long n = 0;
	size_t i;

	for (i = 0; i < nrows; i++)
		n += rows[i].count;
	c->buckets = rows;
	c->nbuckets = nrows;
	c->count = n;
	result_buckets_quantile(rows, nrows, n, 0.5, &c->p50_lo_ns, &c->p50_hi_ns);
	result_buckets_quantile(rows, nrows, n, 0.99, &c->p99_lo_ns, &c->p99_hi_ns);
	/* a low of 0 is unknown: the point is taken from 1 ns, as result.c does */
	c->p50_lo_ns = fmax(c->p50_lo_ns, RESULT_MIN_NS);
	c->p99_lo_ns = fmax(c->p99_lo_ns, RESULT_MIN_NS);
	c->p50_ns = fmin(fmax(result_buckets_point(rows, nrows, n, 0.5),
	    c->p50_lo_ns), c->p50_hi_ns);
	c->p99_ns = fmin(fmax(result_buckets_point(rows, nrows, n, 0.99),
	    c->p99_lo_ns), c->p99_hi_ns);
}

void
import_points(struct result_class *c, double p50, double p99)
{
	if (p50 >= c->p50_lo_ns && p50 <= c->p50_hi_ns)
		c->p50_ns = p50;
	if (p99 >= c->p99_lo_ns && p99 <= c->p99_hi_ns)
		c->p99_ns = p99;
}

void
import_bound_add(struct import_bounds *b, long long rank, double ns, int above)
{
	xgrow(&b->v, &b->cap, b->n + 1, sizeof *b->v);
	b->v[b->n++] = (struct import_bound){ rank, ns, above };
}

void
import_bound_percentile(struct import_bounds *b, long long n, double p,
    double lo, double hi)
{
	long long r = (long long)floor(p * (double)n);

	import_bound_add(b, r < 1 ? 1 : r > n ? n : r, hi, 1);
	import_bound_add(b, r + 1 > n ? n : r + 1 < 1 ? 1 : r + 1, lo, 0);
}

void
import_bounds_free(struct import_bounds *b)
{
	free(b->v);
	memset(b, 0, sizeof *b);
}

static int
by_rank(const void *a, const void *b)
{
	const struct import_bound *x = a, *y = b;

	return (x->rank > y->rank) - (x->rank < y->rank);
}

static int
by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/*
 * A low said of a rank holds for every rank above, a high for every one
 * below: the running max of lows and min of highs change only where a
 * bound starts, so the ranks fall into runs.
 */
int
import_bounds_histogram(struct import_bounds *b, long long n, struct result_class *c)
{
	long long *start = xmalloc((b->n + 1) * sizeof *start), end;
	double *suffix = xmalloc((b->n + 1) * sizeof *suffix), lo = 0, hi;
	struct result_bucket *rows = NULL;
	size_t ns = 1, i, j, k, nrows = 0, cap = 0;
	int rc = -1;

	qsort(b->v, b->n, sizeof *b->v, by_rank);
	start[0] = 1;
	for (i = 0; i < b->n; i++) {
		end = b->v[i].rank + (b->v[i].above ? 1 : 0);
		if (end > 1 && end <= n)
			start[ns++] = end;
	}
	qsort(start, ns, sizeof *start, by_value);
	for (i = 1, k = 1; i < ns; i++)
		if (start[i] != start[k - 1])
			start[k++] = start[i];
	ns = k;
	suffix[b->n] = RESULT_MAX_NS;
	for (i = b->n; i-- > 0;)
		suffix[i] = b->v[i].above ? fmin(suffix[i + 1], b->v[i].ns) : suffix[i + 1];
	for (i = 0, j = 0, k = 0; i < ns; i++) {
		for (; j < b->n && b->v[j].rank <= start[i]; j++)
			if (!b->v[j].above)
				lo = fmax(lo, b->v[j].ns);
		while (k < b->n && b->v[k].rank < start[i])
			k++;
		hi = suffix[k];
		if (lo > hi)
			goto out;
		end = i + 1 < ns ? start[i + 1] : n + 1;
		if (nrows > 0 && rows[nrows - 1].lo_ns == lo && rows[nrows - 1].hi_ns == hi) {
			rows[nrows - 1].count += end - start[i];
			continue;
		}
		xgrow(&rows, &cap, nrows + 1, sizeof *rows);
		rows[nrows++] = (struct result_bucket){ lo, hi, end - start[i] };
	}
	import_histogram(c, rows, nrows);
	rows = NULL;
	rc = 0;
out:
	free(rows);
	free(start);
	free(suffix);
	import_bounds_free(b);
	return rc;
}

size_t
import_line_at(const char *buf, size_t pos)
{
	size_t line = 1, i;

	for (i = 0; i < pos; i++)
		line += buf[i] == '\n';
	return line;
}

const char *
import_find(const char *s, size_t n, const char *needle)
{
	size_t k = strlen(needle), i;

	for (i = 0; i + k <= n; i++)
		if (s[i] == needle[0] && memcmp(s + i, needle, k) == 0)
			return s + i;
	return NULL;
}

void
import_sample(struct result *out, const char *name, enum class_kind kind,
    size_t *cls, size_t *cap, double v)
{
	struct result_class *c;

	if (*cls == 0) {
		result_add_class(out, name, kind);
		*cls = out->nclasses;
	}
	c = &out->classes[*cls - 1];
	xgrow(&c->samples_ns, cap, c->nsamples + 1, sizeof *c->samples_ns);
	c->samples_ns[c->nsamples++] = v;
}

void
import_samples_done(struct result *out)
{
	size_t i;

	for (i = 0; i < out->nclasses; i++) {
		stats_sort(out->classes[i].samples_ns, out->classes[i].nsamples);
		out->classes[i].count = (long long)out->classes[i].nsamples;
	}
}
