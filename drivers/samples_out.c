/* SPDX-License-Identifier: MIT */
/*
 * A class's latencies in a samples_file beside the result
 * (docs/result-format.md), streamed from the array a line at a time: a
 * run of millions of operations as a JSON array costs gigabytes to build
 * and is more than the gate will read.  Each file is written to a
 * temporary name and renamed only just before the result is, so a
 * failed or interrupted run leaves neither behind.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "drivers/drivers.h"
#include "lib/cleanup.h"
#include "lib/err.h"

/*
 * The driver's class names are its own ("point-read", "range", "write"),
 * safe in a file name as they are.
 */
static int
write_one(struct sample_files *sf, size_t i, const struct result_class *c,
    const char *out, char *err)
{
	struct outfile *f = &sf->f[i];
	size_t j;

	sf->path[i] = sample_file_path(out, c->name);
	if (outfile_open(f, sf->path[i], err) < 0)
		return -1;
	if (f->tmp == NULL) {
		outfile_abort(f);
		return errf(err, "%s: not a regular file; expected a samples file "
		    "syncgate-bench may replace", sf->path[i]);
	}
	fprintf(f->fp, "# %s latencies in ns, one an operation (syncgate-bench)\n",
	    c->name);
	for (j = 0; j < c->nsamples; j++)
		fprintf(f->fp, "%.0f\n", c->samples_ns[j]);
	if (fflush(f->fp) != 0 || ferror(f->fp))
		return errf(err, "%s:", sf->path[i]);
	return 0;
}

char *
sample_file_path(const char *out, const char *kind)
{
	char *p = xmalloc(strlen(out) + strlen(kind) + 6);

	sprintf(p, "%s.%s.txt", out, kind);
	return p;
}

void
sample_files_init(struct sample_files *sf)
{
	size_t i;

	memset(sf, 0, sizeof *sf);
	for (i = 0; i < NOPS; i++)
		sf->slot[i] = -1;
}

void
sample_files_plan(const size_t *nsamples, size_t n, long long over,
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

int
sample_files_write(struct sample_files *sf, const struct result *r,
    const char *out, long long over, char *err)
{
	size_t i, n[NOPS] = { 0 };
	int tofile[NOPS];

	for (i = 0; i < r->nclasses && i < NOPS; i++)
		n[i] = r->classes[i].nsamples;
	sample_files_plan(n, i, over, BENCH_INLINE_MAX, tofile);
	for (i = 0; i < r->nclasses && i < NOPS; i++)
		if (tofile[i] && write_one(sf, i, &r->classes[i], out, err) < 0)
			return -1;
	return 0;
}

int
outfile_close_placed(struct outfile *o, int *placed, char *err)
{
	struct stat tmp, now;
	char *path;
	int rc, known;

	*placed = 0;
	if (o->tmp == NULL)
		return outfile_close(o, err);
	known = fstat(fileno(o->fp), &tmp) == 0;
	path = xstrdup(o->path);
	rc = outfile_close(o, err);
	/* the contract's one failure after the rename: the directory sync */
	*placed = rc == 0 || (known && stat(path, &now) == 0 &&
	    now.st_dev == tmp.st_dev && now.st_ino == tmp.st_ino);
	free(path);
	return rc;
}

int
sample_files_commit(struct sample_files *sf, char *err)
{
	sigset_t old;
	size_t i;
	int rc, placed;

	for (i = 0; i < NOPS; i++) {
		if (sf->path[i] == NULL)
			continue;
		/* in place but not yet named by a result: a signal removes it */
		cleanup_hold(&old);
		rc = outfile_close_placed(&sf->f[i], &placed, err);
		if (placed) {
			sf->committed[i] = 1;
			sf->slot[i] = cleanup_register(sf->path[i]);
		}
		cleanup_release(&old);
		if (rc < 0)
			return -1;
	}
	return 0;
}

void
sample_files_discard(struct sample_files *sf)
{
	size_t i;

	for (i = 0; i < NOPS; i++) {
		if (sf->f[i].fp != NULL)
			outfile_abort(&sf->f[i]);
		if (sf->committed[i])
			unlink(sf->path[i]);
		cleanup_forget(sf->slot[i]);
		sf->slot[i] = -1;
		sf->committed[i] = 0;
	}
}

void
sample_files_free(struct sample_files *sf)
{
	size_t i;

	for (i = 0; i < NOPS; i++) {
		cleanup_forget(sf->slot[i]);
		free(sf->path[i]);
	}
	sample_files_init(sf);
}
