/* SPDX-License-Identifier: MIT */
/* The methods' words; probe/method.c builds on the same SYNC_ROW_ lines. */
#include <stddef.h>
#include <string.h>

#include "model/sync_words.h"

/* Size and blocks are settled first: a data sync writes the data alone. */
#define CARRIES_DATA "only the data goes out (the file's size and blocks " \
	"were settled beforehand, and its modification time is left)"
#define CARRIES_MTIME "the data goes out, and with it the inode's " \
	"modification time when the write moved it on, which fdatasync leaves"
#define CARRIES_CACHED "O_DIRECT accepted but the page cache was not " \
	"bypassed (the page the trial write wrote was in it afterwards, by " \
	"mincore), so the data goes through memory; " CARRIES_DATA

static const struct sync_words words[] = {
	{ SYNC_ROW_FDATASYNC, CARRIES_DATA },
	{ SYNC_ROW_FSYNC, CARRIES_MTIME },
	{ SYNC_ROW_DSYNC, CARRIES_DATA },
	{ SYNC_ROW_DIRECT_DSYNC, "the data goes from the buffer, past any page "
	  "cache; " CARRIES_DATA },
	{ SYNC_ROW_FULL, CARRIES_MTIME "; then the drive is asked to empty its "
	  "cache" },
	{ SYNC_ROW_BARRIER, CARRIES_MTIME "; then a barrier orders the drive's "
	  "cache, which is not emptied" },
};

#define NWORDS (sizeof words / sizeof words[0])

const struct sync_words *
sync_words_lookup(const char *name)
{
	size_t i;

	for (i = 0; name != NULL && i < NWORDS; i++)
		if (strcmp(words[i].name, name) == 0)
			return &words[i];
	return NULL;
}

/* Built from the table, so the list never drifts. */
const char *
sync_words_names(void)
{
	static char names[NWORDS * 16];
	size_t i;

	if (names[0] != '\0')
		return names;
	for (i = 0; i < NWORDS; i++) {
		if (i > 0)
			strcat(names, ", ");
		strcat(names, words[i].name);
	}
	return names;
}

const char *
sync_words_carries(const struct sync_words *w, int cached)
{
	return w->direct && cached ? CARRIES_CACHED : w->carries;
}

const char *
sync_words_clean(const struct sync_words *w, const char *os)
{
	if (!w->write_timed)
		return w->word;
	return os != NULL && strncmp(os, "Darwin", 6) == 0 ? "fsync" : "fdatasync";
}
