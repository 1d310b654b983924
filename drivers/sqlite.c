/* SPDX-License-Identifier: MIT */
/*
 * SQLite: one table of integer keys and blob values, in WAL mode, one
 * connection per thread.  A write is one UPDATE in autocommit mode, so
 * each is its own transaction, durable at synchronous=FULL (the WAL is
 * synced at every commit; at NORMAL only at checkpoints; at OFF never).
 * SQLite's automatic checkpoints stay on: a commit that triggers one pays
 * for it, as it would in an application.
 */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drivers/run.h"
#include "lib/err.h"
#include "lib/rand.h"

#define DBFILE "bench.db"
#define BUSY_MS 10000

struct sqlite_db {
	char *path;
	enum bench_sync sync;
	sqlite3 *main;          /* the loader's connection, kept open to the end */
};

struct sqlite_conn {
	sqlite3 *db;
	sqlite3_stmt *stmt[NOPS];
};

static const char *const sql[NOPS] = {
	"SELECT v FROM kv WHERE k = ?1",
	"SELECT k, v FROM kv WHERE k >= ?1 ORDER BY k LIMIT 10",
	"UPDATE kv SET v = ?2 WHERE k = ?1",
};

static const char *const sync_names[] = { "off", "normal", "full" };

static const char *
sqlite_settings(const struct bench_options *o)
{
	static char buf[128];

	snprintf(buf, sizeof buf, "journal_mode=wal, synchronous=%s, busy_timeout=%dms, "
	    "one connection per thread", sync_names[o->a->sqlite_sync], BUSY_MS);
	return buf;
}

static int
fail(sqlite3 *db, const char *what, char *err)
{
	return errf(err, "sqlite: %s: %s", what, db != NULL ? sqlite3_errmsg(db) :
	    "out of memory");
}

static int
exec(sqlite3 *db, const char *stmt, char *err)
{
	return sqlite3_exec(db, stmt, NULL, NULL, NULL) != SQLITE_OK ?
	    fail(db, stmt, err) : 0;
}

/* A connection with this run's settings; synchronous is per connection. */
static sqlite3 *
connect_db(const struct sqlite_db *d, char *err)
{
	sqlite3 *db = NULL;
	char pragma[64];

	if (sqlite3_open_v2(d->path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE |
	    SQLITE_OPEN_NOMUTEX, NULL) != SQLITE_OK) {
		fail(db, d->path, err);
	} else {
		sqlite3_busy_timeout(db, BUSY_MS);
		snprintf(pragma, sizeof pragma, "PRAGMA synchronous=%s", sync_names[d->sync]);
		if (exec(db, pragma, err) == 0)
			return db;
	}
	sqlite3_close(db);
	return NULL;
}

/* WAL is a property of the file, so it is set once, and checked. */
static int
set_wal(sqlite3 *db, char *err)
{
	sqlite3_stmt *st;
	int ok;

	if (sqlite3_prepare_v2(db, "PRAGMA journal_mode=WAL", -1, &st, NULL) != SQLITE_OK)
		return fail(db, "PRAGMA journal_mode=WAL", err);
	ok = sqlite3_step(st) == SQLITE_ROW &&
	    strcmp((const char *)sqlite3_column_text(st, 0), "wal") == 0;
	sqlite3_finalize(st);
	return ok ? 0 : errf(err, "sqlite: PRAGMA journal_mode=WAL: the database did "
	    "not switch to WAL");
}

static void
sqlite_close(void *db)
{
	struct sqlite_db *d = db;

	sqlite3_close(d->main);
	free(d->path);
	free(d);
}

static void *
sqlite_open(const struct bench_options *o, const char *dir, char *err)
{
	struct sqlite_db *d = xcalloc(1, sizeof *d);

	d->path = xasprintf("%s/%s", dir, DBFILE);
	d->sync = o->a->sqlite_sync;
	if ((d->main = connect_db(d, err)) == NULL || set_wal(d->main, err) < 0 ||
	    exec(d->main, "CREATE TABLE kv (k INTEGER PRIMARY KEY, v BLOB NOT NULL)",
	    err) < 0) {
		sqlite_close(d);
		return NULL;
	}
	return d;
}

static int
sqlite_load(void *db, const struct bench_options *o, uint64_t *rng, char *err)
{
	struct sqlite_db *d = db;
	sqlite3_stmt *st = NULL;
	unsigned char *val = xmalloc((size_t)o->a->value_bytes);
	long long k;
	int rc = sqlite3_prepare_v2(d->main, "INSERT INTO kv (k, v) VALUES (?1, ?2)", -1,
	    &st, NULL) != SQLITE_OK ? fail(d->main, "INSERT", err) : 0;

	for (k = 0; k < o->a->rows && rc == 0; k++) {
		if (k % LOAD_BATCH == 0 && (rc = exec(d->main, "BEGIN", err)) < 0)
			break;
		rand_fill(val, (size_t)o->a->value_bytes, rng);
		sqlite3_bind_int64(st, 1, k);
		sqlite3_bind_blob(st, 2, val, (int)o->a->value_bytes, SQLITE_STATIC);
		if (sqlite3_step(st) != SQLITE_DONE)
			rc = fail(d->main, "INSERT", err);
		sqlite3_reset(st);
		if (rc == 0 && (k % LOAD_BATCH == LOAD_BATCH - 1 || k == o->a->rows - 1))
			rc = exec(d->main, "COMMIT", err);
	}
	/* the run starts from an empty log, not from the load's */
	if (rc == 0)
		rc = exec(d->main, "PRAGMA wal_checkpoint(TRUNCATE)", err);
	sqlite3_finalize(st);
	free(val);
	return rc;
}

static void
sqlite_conn_close(void *conn)
{
	struct sqlite_conn *c = conn;
	int k;

	for (k = 0; k < NOPS; k++)
		sqlite3_finalize(c->stmt[k]);
	sqlite3_close(c->db);
	free(c);
}

static void *
sqlite_conn_open(void *db, char *err)
{
	struct sqlite_conn *c = xcalloc(1, sizeof *c);
	int k, rc = (c->db = connect_db(db, err)) == NULL ? -1 : 0;

	for (k = 0; k < NOPS && rc == 0; k++)
		if (sqlite3_prepare_v2(c->db, sql[k], -1, &c->stmt[k], NULL) != SQLITE_OK)
			rc = fail(c->db, sql[k], err);
	if (rc == 0)
		return c;
	sqlite_conn_close(c);
	return NULL;
}

static int
sqlite_op(void *conn, enum op_kind k, uint64_t key, const unsigned char *val,
    size_t vlen, char *err)
{
	struct sqlite_conn *c = conn;
	sqlite3_stmt *st = c->stmt[k];
	int r = SQLITE_DONE, rows = 0, rc = 0, want = k == OP_RANGE ? RANGE_ROWS : 1;

	sqlite3_bind_int64(st, 1, (sqlite3_int64)key);
	if (k == OP_WRITE)
		sqlite3_bind_blob(st, 2, val, (int)vlen, SQLITE_STATIC);
	/* a read stepped to its end, touching every value */
	while (rc == 0 && (r = sqlite3_step(st)) == SQLITE_ROW) {
		if (sqlite3_column_blob(st, k == OP_RANGE ? 1 : 0) == NULL &&
		    sqlite3_errcode(c->db) == SQLITE_NOMEM)
			rc = fail(c->db, "SELECT", err);
		rows++;
	}
	if (rc == 0 && r != SQLITE_DONE)
		rc = fail(c->db, k == OP_WRITE ? "UPDATE" : sqlite3_sql(st), err);
	else if (k == OP_WRITE)
		rows = sqlite3_changes(c->db);
	sqlite3_reset(st);
	if (rc == 0 && rows != want)
		rc = errf(err, "sqlite: %s of key %llu found %d rows; expected %d",
		    op_name(k), (unsigned long long)key, rows, want);
	return rc;
}

const struct engine_ops sqlite_engine = {
	"sqlite", sqlite3_libversion, sqlite_settings, sqlite_open, sqlite_load,
	sqlite_conn_open, sqlite_op, sqlite_conn_close, sqlite_close,
};
