/* SPDX-License-Identifier: MIT */
/*
 * The helpers the host's identity (probe/host.c) and the volume's share:
 * the hashed machine id, UUIDs, and strings from the system, each
 * bounded and stripped of control bytes.
 */
#ifndef SYNCGATE_PROBE_IDENTITY_H
#define SYNCGATE_PROBE_IDENTITY_H

#include <stddef.h>
#include <stdint.h>

#include "model/probe_record.h"

/* Longest string kept from the system, paths aside; longer ones are cut. */
#define IDENTITY_MAX 512

/*
 * The machine id hashed (salted FNV-1a), so no record publishes the id
 * itself, into hex: /etc/machine-id's text, macOS's gethostuuid, else
 * hostname.  Returns where it came from: "machine-id", "hostuuid" or
 * "hostname".  The probe's host.id and a result's host.machine_id are
 * this one hash, so the two can be compared.
 */
#define IDENTITY_HASH_LEN 16
const char *identity_machine_hash(const char *hostname,
    char hex[IDENTITY_HASH_LEN + 1]);

/* FNV-1a, 64 bits, of n bytes, continuing from h (start with IDENTITY_FNV). */
#define IDENTITY_FNV 0xcbf29ce484222325ULL
uint64_t identity_fnv1a(uint64_t h, const void *p, size_t n);

/*
 * The n bytes of a filesystem UUID as text (the caller frees): the
 * 8-4-4-4-12 form for 16 bytes, plain hex otherwise.  NULL when n is 0
 * or more than 64, or every byte is zero: an unset UUID, which images
 * cloned from one another share, names no volume.
 */
char *identity_uuid(const unsigned char *b, size_t n);

/*
 * A copy of s (the caller frees) with surrounding white space trimmed,
 * control characters and malformed UTF-8 in the visible forms the text
 * outputs use (\x1b, \u009b), cut to at most max bytes without splitting
 * a character or such a form.
 */
char *identity_clean(const char *s, size_t max);

/*
 * As identity_clean for a path, kept whole: neither trimmed nor cut,
 * since a path cut or trimmed names another directory.  The caller frees.
 */
char *identity_clean_path(const char *path);

/* Appends "; hint" to *virt (allocating it when NULL). */
void identity_add_virt(char **virt, const char *hint);

#endif
