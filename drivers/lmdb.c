/* SPDX-License-Identifier: MIT */
/*
 * LMDB: one environment, keys as 8-byte big-endian integers so that byte
 * order is numeric order and a range is ten consecutive keys.  Reads use
 * a read-only transaction per connection, reset and renewed around each
 * operation; MDB_NOTLS ties its reader slot to the transaction rather
 * than to the thread that opened it.  A write is one write transaction
 * with one put: a durable commit by LMDB's defaults (the data synced,
 * then the meta page written synchronously); --lmdb-nosync sets
 * MDB_NOSYNC, which skips both.
 */
#include <lmdb.h>
#include <stdio.h>
#include <stdlib.h>

#include "drivers/run.h"
#include "lib/err.h"
#include "lib/rand.h"

#define MIN_MAP (64ULL << 20)

struct lmdb_db {
	MDB_env *env;
	MDB_dbi dbi;
};

struct lmdb_conn {
	struct lmdb_db *d;
	MDB_txn *rtxn;
	MDB_cursor *cur;
};

static const char *
lmdb_version(void)
{
	static char buf[32];
	int major, minor, patch;

	mdb_version(&major, &minor, &patch);
	snprintf(buf, sizeof buf, "%d.%d.%d", major, minor, patch);
	return buf;
}

static const char *
lmdb_settings(const struct bench_options *o)
{
	return o->a->lmdb_nosync ? "MDB_NOTLS|MDB_NOSYNC, commits not synced" :
	    "MDB_NOTLS, durable commits as by default";
}

static int
fail(const char *what, int rc, char *err)
{
	return errf(err, "lmdb: %s: %s", what, mdb_strerror(rc));
}

static void
put_key(unsigned char *buf, uint64_t k)
{
	int i;

	for (i = 7; i >= 0; i--, k >>= 8)
		buf[i] = (unsigned char)k;
}

/*
 * Room for the rows with the B-tree's slack, and for the pages that
 * copy-on-write commits hold until readers let go.  The map is address
 * space; the file grows only as pages are used.
 */
static size_t
map_size(const struct bench_options *o)
{
	unsigned long long need = (unsigned long long)o->a->rows *
	    ((unsigned long long)o->a->value_bytes + 64) * 8;

	need = (need + (1ULL << 20) - 1) & ~((1ULL << 20) - 1);
	return (size_t)(need < MIN_MAP ? MIN_MAP : need);
}

static void
lmdb_close(void *db)
{
	struct lmdb_db *d = db;

	mdb_env_close(d->env);
	free(d);
}

static void *
lmdb_open(const struct bench_options *o, const char *dir, char *err)
{
	struct lmdb_db *d = xcalloc(1, sizeof *d);
	unsigned flags = MDB_NOTLS | (o->a->lmdb_nosync ? MDB_NOSYNC : 0);
	const char *what;
	MDB_txn *txn;
	int rc;

	/* a failed create leaves d->env NULL, which mdb_env_close ignores */
	if ((rc = mdb_env_create(&d->env)) != 0)
		what = "mdb_env_create";
	else if ((rc = mdb_env_set_mapsize(d->env, map_size(o))) != 0 ||
	    (rc = mdb_env_set_maxreaders(d->env, (unsigned)o->a->concurrency + 2)) != 0 ||
	    (rc = mdb_env_open(d->env, dir, flags, 0600)) != 0)
		what = dir;
	else if ((rc = mdb_txn_begin(d->env, NULL, 0, &txn)) != 0)
		what = "mdb_txn_begin";
	else if ((rc = mdb_dbi_open(txn, NULL, 0, &d->dbi)) != 0) {
		mdb_txn_abort(txn);
		what = "mdb_dbi_open";
	} else if ((rc = mdb_txn_commit(txn)) != 0) {
		/* a commit frees its transaction, whether it succeeds or not */
		what = "mdb_txn_commit";
	} else {
		return d;
	}
	fail(what, rc, err);
	lmdb_close(d);
	return NULL;
}

static int
lmdb_load(void *db, const struct bench_options *o, uint64_t *rng, char *err)
{
	struct lmdb_db *d = db;
	unsigned char kbuf[8], *val = xmalloc((size_t)o->a->value_bytes);
	MDB_val key = { sizeof kbuf, kbuf }, v = { (size_t)o->a->value_bytes, val };
	MDB_txn *txn = NULL;
	long long k;
	int rc;

	/* the load's commits unsynced, the whole synced once at its end */
	rc = mdb_env_set_flags(d->env, MDB_NOSYNC, 1);
	for (k = 0; k < o->a->rows && rc == 0; k++) {
		if (txn == NULL && (rc = mdb_txn_begin(d->env, NULL, 0, &txn)) != 0)
			break;
		put_key(kbuf, (uint64_t)k);
		rand_fill(val, (size_t)o->a->value_bytes, rng);
		/* keys arrive in order, so they can be appended */
		if ((rc = mdb_put(txn, d->dbi, &key, &v, MDB_APPEND)) != 0)
			break;
		if (k % LOAD_BATCH == LOAD_BATCH - 1 || k == o->a->rows - 1) {
			rc = mdb_txn_commit(txn);
			txn = NULL;
		}
	}
	mdb_txn_abort(txn);
	free(val);
	if (rc == 0 && (rc = mdb_env_sync(d->env, 1)) == 0)
		rc = mdb_env_set_flags(d->env, MDB_NOSYNC, o->a->lmdb_nosync);
	return rc == 0 ? 0 : fail("load", rc, err);
}

static void
lmdb_conn_close(void *conn)
{
	struct lmdb_conn *c = conn;

	/* LMDB's close and abort take NULL, as free does */
	mdb_cursor_close(c->cur);
	mdb_txn_abort(c->rtxn);
	free(c);
}

static void *
lmdb_conn_open(void *db, char *err)
{
	struct lmdb_conn *c = xcalloc(1, sizeof *c);
	int rc;

	c->d = db;
	if ((rc = mdb_txn_begin(c->d->env, NULL, MDB_RDONLY, &c->rtxn)) != 0 ||
	    (rc = mdb_cursor_open(c->rtxn, c->d->dbi, &c->cur)) != 0) {
		fail("a read transaction", rc, err);
		lmdb_conn_close(c);
		return NULL;
	}
	mdb_txn_reset(c->rtxn);
	return c;
}

static int
read_op(struct lmdb_conn *c, enum op_kind k, MDB_val *key, char *err)
{
	MDB_val v;
	int rc, rows = 0, want = k == OP_RANGE ? RANGE_ROWS : 1;
	volatile unsigned char touch = 0;

	if ((rc = mdb_txn_renew(c->rtxn)) != 0)
		return fail("mdb_txn_renew", rc, err);
	if ((rc = mdb_cursor_renew(c->rtxn, c->cur)) != 0) {
		mdb_txn_reset(c->rtxn);
		return fail("mdb_cursor_renew", rc, err);
	}
	rc = k == OP_POINT ? mdb_get(c->rtxn, c->d->dbi, key, &v) :
	    mdb_cursor_get(c->cur, key, &v, MDB_SET_RANGE);
	while (rc == 0) {
		/* a read that never looks at the value would not be one */
		touch ^= ((const unsigned char *)v.mv_data)[v.mv_size - 1];
		if (++rows == want)
			break;
		rc = mdb_cursor_get(c->cur, key, &v, MDB_NEXT);
	}
	mdb_txn_reset(c->rtxn);
	if (rc != 0 && rc != MDB_NOTFOUND)
		return fail(op_name(k), rc, err);
	return rows == want ? 0 : errf(err, "lmdb: %s found %d rows; expected %d",
	    op_name(k), rows, want);
}

static int
lmdb_op(void *conn, enum op_kind k, uint64_t key, const unsigned char *val,
    size_t vlen, char *err)
{
	struct lmdb_conn *c = conn;
	unsigned char kbuf[8];
	MDB_val kv = { sizeof kbuf, kbuf }, v = { vlen, (void *)(uintptr_t)val };
	MDB_txn *txn;
	int rc;

	put_key(kbuf, key);
	if (k != OP_WRITE)
		return read_op(c, k, &kv, err);
	if ((rc = mdb_txn_begin(c->d->env, NULL, 0, &txn)) != 0)
		return fail("mdb_txn_begin", rc, err);
	if ((rc = mdb_put(txn, c->d->dbi, &kv, &v, 0)) != 0) {
		mdb_txn_abort(txn);
		return fail("mdb_put", rc, err);
	}
	rc = mdb_txn_commit(txn);
	return rc == 0 ? 0 : fail("mdb_txn_commit", rc, err);
}

const struct engine_ops lmdb_engine = {
	"lmdb", lmdb_version, lmdb_settings, lmdb_open, lmdb_load,
	lmdb_conn_open, lmdb_op, lmdb_conn_close, lmdb_close,
};
