/* SPDX-License-Identifier: MIT */
/*
 * What the host's identity and the volume's share: the hashed machine id,
 * UUIDs, and system strings bounded and stripped of control bytes.
 */
#ifndef SYNCGATE_PROBE_IDENTITY_H
#define SYNCGATE_PROBE_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

#define IDENTITY_MAX 512        /* longest system string kept, paths aside */

/*
 * The machine id hashed (salted FNV-1a) into hex, so no record publishes
 * it: /etc/machine-id, macOS's gethostuuid, else hostname, as the return
 * says.  A probe's host.id and a result's host.machine_id so compare.
 */
#define IDENTITY_HASH_LEN 16
const char *identity_machine_hash(const char *hostname,
    char hex[IDENTITY_HASH_LEN + 1]);

/* FNV-1a, 64 bits, of n bytes, continuing from h (start with IDENTITY_FNV). */
#define IDENTITY_FNV 0xcbf29ce484222325ULL
uint64_t identity_fnv1a(uint64_t h, const void *p, size_t n);

/*
 * A filesystem UUID as text (the caller frees), 8-4-4-4-12 for 16 bytes.
 * NULL for n 0 or over 64, or all zero: an unset UUID, which cloned
 * images share, names no volume.
 */
char *identity_uuid(const unsigned char *b, size_t n);

/*
 * A copy of s (the caller frees), trimmed, with control characters and
 * bad UTF-8 in the text outputs' visible forms (\x1b, \u009b), cut to
 * max bytes without splitting a character or a form.
 */
char *identity_clean(const char *s, size_t max);

/* The same for a path, neither trimmed nor cut: that names another one. */
char *identity_clean_path(const char *path);

/* Appends "; hint" to *virt (allocating it when NULL). */
void identity_add_virt(char **virt, const char *hint);

#endif
