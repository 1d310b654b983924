/* SPDX-License-Identifier: MIT */
/*
 * Group commit: writers sync their own blocks of one file at once.  A
 * flush carries others' dirty data too, so each wait is the device's
 * answer to what a commit costs at that concurrency.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "lib/clock.h"
#include "lib/err.h"
#include "probe/group.h"
#include "probe/measure.h"

struct start_gate {
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int writers, waiting, open;
};

struct writer {
	pthread_t thread;
	struct scratch *s;
	const struct probe_method *m;
	struct start_gate *gate;
	long long first_slot, nslots;
	long count;             /* kept syncs asked; one warm-up precedes them */
	long taken;             /* kept syncs made: fewer when time ran out */
	double deadline_ns;     /* no sync starts after it, but the first */
	double *ns;
	unsigned char *buf;
	uint64_t seed;
	int failed;
	char err[ERRLEN];
};

static int
writer_sync(struct writer *w, long long slot, double *ns)
{
	struct scratch *s = w->s;
	double t0;
	int rc;

	if (w->m->write_timed)
		return scratch_write(s, s->sync_fd, w->buf, &w->seed, slot, ns, w->err);
	if (scratch_write(s, s->fd, w->buf, &w->seed, slot, NULL, w->err) < 0)
		return -1;
	t0 = clock_monotonic_ns();
	rc = w->m->sync(s->sync_fd);
	*ns = clock_monotonic_ns() - t0;
	if (rc < 0)
		return errf(w->err, "%s: %s of the scratch file by one of several "
		    "writers:", s->dir, w->m->word);
	return 0;
}

static void *
writer_main(void *arg)
{
	struct writer *w = arg;
	struct start_gate *g = w->gate;
	double warm;
	long i;

	/* held until every writer is ready, so their syncs overlap */
	pthread_mutex_lock(&g->mu);
	if (++g->waiting == g->writers) {
		g->open = 1;
		pthread_cond_broadcast(&g->cv);
	}
	while (!g->open)
		pthread_cond_wait(&g->cv, &g->mu);
	pthread_mutex_unlock(&g->mu);
	w->failed = writer_sync(w, w->first_slot, &warm) < 0;
	/* --max-time holds here too, after one kept sync from each writer */
	for (i = 0; !w->failed && i < w->count; i++) {
		if (i > 0 && clock_monotonic_ns() >= w->deadline_ns)
			break;
		w->failed = writer_sync(w, w->first_slot + (1 + i) % w->nslots,
		    &w->ns[i]) < 0;
	}
	w->taken = i;
	return NULL;
}

static void
summarize_group(struct writer *ws, int writers, double unit_ns,
    struct probe_group *g)
{
	size_t n = 0, i;
	int late = 0;

	for (i = 0; i < (size_t)writers; i++)
		n += (size_t)ws[i].taken;
	g->writers = writers;
	g->nsamples = 0;
	g->samples_ns = xmalloc(n * sizeof *g->samples_ns);
	for (i = 0; i < (size_t)writers; i++) {
		memcpy(g->samples_ns + g->nsamples, ws[i].ns,
		    (size_t)ws[i].taken * sizeof(double));
		g->nsamples += (size_t)ws[i].taken;
		late |= ws[i].taken < ws[i].count;
	}
	g->stopped_by = xstrdup(late ? "max-time" : "samples");
	probe_group_summarize(g, unit_ns);
}

static int
run_writers(struct writer *ws, int writers, char *err)
{
	int i, started, rc = 0;

	for (started = 0; started < writers; started++) {
		int e = pthread_create(&ws[started].thread, NULL, writer_main,
		    &ws[started]);

		if (e != 0) {
			errno = e;
			rc = errf(err, "starting writer %d of %d:", started + 1, writers);
			break;
		}
	}
	/* writers that did start still need the gate opened to finish */
	if (started < writers) {
		pthread_mutex_lock(&ws[0].gate->mu);
		ws[0].gate->open = 1;
		pthread_cond_broadcast(&ws[0].gate->cv);
		pthread_mutex_unlock(&ws[0].gate->mu);
	}
	for (i = 0; i < started; i++) {
		pthread_join(ws[i].thread, NULL);
		if (ws[i].failed && rc == 0) {
			memcpy(err, ws[i].err, ERRLEN);
			rc = -1;
		}
	}
	return rc;
}

int
probe_group(struct scratch *s, const struct probe_method *m,
    const struct group_plan *plan, struct probe_group *g, char *err)
{
	int writers = plan->writers, i, rc;
	struct start_gate gate = { PTHREAD_MUTEX_INITIALIZER,
	    PTHREAD_COND_INITIALIZER, writers, 0, 0 };
	struct writer *ws = xcalloc((size_t)writers, sizeof *ws);
	long long nslots = s->nslots / writers;

	clock_monotonic_ns();   /* sets its origin before any thread reads it */
	for (i = 0; i < writers; i++) {
		void *buf = NULL;

		if (posix_memalign(&buf, SCRATCH_ALIGN, (size_t)s->stride) != 0)
			die("out of memory for a %lld-byte buffer", s->stride);
		ws[i] = (struct writer){ .s = s, .m = m, .gate = &gate,
		    .nslots = nslots, .first_slot = i * nslots, .buf = buf,
		    .count = plan->per_writer, .deadline_ns = plan->deadline_ns,
		    .ns = xcalloc((size_t)plan->per_writer, sizeof(double)),
		    .seed = s->seed + 0x9E3779B97F4A7C15ULL * (uint64_t)(i + 1) };
	}
	rc = run_writers(ws, writers, err);
	if (rc == 0)
		summarize_group(ws, writers, plan->unit_ns, g);
	for (i = 0; i < writers; i++) {
		free(ws[i].ns);
		free(ws[i].buf);
	}
	free(ws);
	pthread_cond_destroy(&gate.cv);
	pthread_mutex_destroy(&gate.mu);
	return rc;
}
