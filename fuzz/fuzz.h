/* SPDX-License-Identifier: MIT */
/*
 * What the libFuzzer targets share: libFuzzer's entry points, a parsed
 * tree from the input, a sink for rendered output, and an empty folder
 * that a fuzzed result's samples_file resolves against, so no input can
 * make a target read a file of the machine it runs on.
 */
#ifndef SYNCGATE_FUZZ_H
#define SYNCGATE_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <cjson/cJSON.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The input parsed as syncgate parses a file; NULL when it is not JSON. */
cJSON *fuzz_json(const uint8_t *data, size_t size);

/* /dev/null, opened once, for the renderers. */
FILE *fuzz_sink(void);

/*
 * A fresh folder made once per process under $TMPDIR (removed at exit,
 * with any file fuzz_file put there).  Returns its path.
 */
const char *fuzz_dir(void);

/*
 * Writes data to name inside fuzz_dir(), replacing what was there.
 * Returns the full path (static storage), or aborts on an I/O error.
 */
const char *fuzz_file(const char *name, const uint8_t *data, size_t size);

#endif
