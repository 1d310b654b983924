/* SPDX-License-Identifier: MIT */
/*
 * Latencies streamed to samples files a line at a time: millions of them
 * as a JSON array cost gigabytes and are more than the gate reads.  Each
 * is renamed in just before the result, so a failed run leaves neither.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/err.h"
#include "lib/json.h"
#include "lib/path.h"
#include "model/samples.h"
#include "model/result_files.h"

/* The samples files of one result, one a class at most. */
struct sample_files {
	size_t n;
	struct outfile *f;          /* open until committed */
	char **path;                /* NULL where the class stays inline */
	const char **base;          /* what the result names */
	int *committed;
};

char *
result_samples_path(const char *out, const char *kind)
{
	return xasprintf("%s.%s.txt", out, kind);
}

void
result_files_plan(const size_t *nsamples, size_t n, long long over,
    size_t budget, int *tofile)
{
	size_t i, big, inline_total = 0;

	for (i = 0; i < n; i++) {
		tofile[i] = (long long)nsamples[i] > over;
		if (!tofile[i])
			inline_total += nsamples[i];
	}
	while (inline_total > budget) {
		big = n;
		for (i = 0; i < n; i++)
			if (!tofile[i] && (big == n || nsamples[i] > nsamples[big]))
				big = i;
		if (big == n)
			break;
		tofile[big] = 1;
		inline_total -= nsamples[big];
	}
}

/*
 * One latency a line at p (room for 32); returns the end.  Whole ns by
 * hand: "%.0f" costs as much as a run's reads at a few hundred thousand
 * lines.  Anything else in the fewest digits that read back exactly.
 */
static char *
put_latency(char *p, double x)
{
	char digits[24], *d = digits + sizeof digits;
	unsigned long long v;
	size_t n;

	if (!(x >= 0 && x < 1e15 && x == floor(x))) {
		d = digits;
		n = strlen(json_shortest(digits, sizeof digits, x));
	} else {
		v = (unsigned long long)x;
		do
			*--d = (char)('0' + v % 10);
		while ((v /= 10) != 0);
		n = (size_t)(digits + sizeof digits - d);
	}
	memcpy(p, d, n);
	p[n] = '\n';
	return p + n + 1;
}

/* c's latencies to fp in chunks, held ones in place and in their order. */
static void
put_latencies(FILE *fp, const struct result_class *c)
{
	char chunk[1 << 16], *p = chunk;
	size_t j;

	for (j = 0; j < c->nsamples; j++) {
		if (p > chunk + sizeof chunk - 32) {
			fwrite(chunk, 1, (size_t)(p - chunk), fp);
			p = chunk;
		}
		p = put_latency(p, c->samples_ns != NULL ? c->samples_ns[j] :
		    samples_value(&c->held, j));
	}
	fwrite(chunk, 1, (size_t)(p - chunk), fp);
}

static int
write_one(struct sample_files *sf, size_t i, const struct result_class *c,
    const char *out, struct outfile_later *later, char *err)
{
	struct outfile *f = &sf->f[i];
	/* the class's name in the file's, or classN where it holds more */
	size_t k = strspn(c->name, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_");
	char *word = c->name[k] != '\0' ? xasprintf("class%zu", i + 1) : NULL;

	sf->path[i] = result_samples_path(out, word != NULL ? word : c->name);
	free(word);
	sf->base[i] = path_base(sf->path[i]);
	if (outfile_open(f, sf->path[i], err) < 0)
		return -1;
	f->later = later;
	if (f->tmp == NULL) {
		outfile_abort(f);
		return errf(err, "%s: not a regular file; expected a samples file "
		    "to replace", sf->path[i]);
	}
	fprintf(f->fp, "# %s latencies in ns, one an operation\n", c->name);
	put_latencies(f->fp, c);
	if (fflush(f->fp) != 0 || ferror(f->fp))
		return errf(err, "%s:", sf->path[i]);
	return 0;
}

static int
files_write(struct sample_files *sf, const struct result *r,
    const struct outfile *out, long long over, size_t budget, char *err)
{
	size_t i, *n = xcalloc(r->nclasses + 1, sizeof *n);
	int *tofile = xcalloc(r->nclasses + 1, sizeof *tofile), rc = 0;

	for (i = 0; i < r->nclasses; i++)
		n[i] = r->classes[i].nsamples;
	result_files_plan(n, r->nclasses, over, budget, tofile);
	for (i = 0; i < r->nclasses && rc == 0; i++)
		if (tofile[i])
			rc = write_one(sf, i, &r->classes[i], out->path, out->later,
			    err);
	free(n);
	free(tofile);
	return rc;
}

static int
files_commit(struct sample_files *sf, char *err)
{
	size_t i;

	for (i = 0; i < sf->n; i++)
		if (sf->path[i] != NULL &&
		    outfile_close_placed(&sf->f[i], &sf->committed[i], err) < 0)
			return -1;
	return 0;
}

/* Frees sf; with discard, its files are taken out first. */
static void
files_free(struct sample_files *sf, int discard)
{
	size_t i;

	for (i = 0; i < sf->n; i++) {
		if (discard && sf->f[i].fp != NULL)
			outfile_abort(&sf->f[i]);
		if (discard && sf->committed[i])
			unlink(sf->path[i]);
		free(sf->path[i]);
	}
	free(sf->f);
	free(sf->path);
	free(sf->base);
	free(sf->committed);
}

int
result_write_files(struct outfile *out, const struct result *r, long long over,
    size_t budget, char *err)
{
	struct sample_files sf;
	sigset_t old;
	int rc = -1, placed = 0;

	sf.n = r->nclasses;
	sf.f = xcalloc(sf.n + 1, sizeof *sf.f);
	sf.path = xcalloc(sf.n + 1, sizeof *sf.path);
	sf.base = xcalloc(sf.n + 1, sizeof *sf.base);
	sf.committed = xcalloc(sf.n + 1, sizeof *sf.committed);
	if (out->tmp != NULL &&
	    files_write(&sf, r, out, over, budget, err) < 0)
		goto out;
	if (json_print_and_delete(out->fp, result_to_json(r, sf.base)) < 0 ||
	    fflush(out->fp) != 0) {
		errf(err, "%s:", out->path != NULL ? out->path : "standard output");
		goto out;
	}
	/* the files the result names are renamed in, then the result */
	cleanup_hold(&old);
	if (files_commit(&sf, err) == 0 &&
	    outfile_close_placed(out, &placed, err) == 0)
		rc = 0;
	cleanup_release(&old);
out:
	files_free(&sf, rc < 0 && !placed);
	return rc;
}
