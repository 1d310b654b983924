/* SPDX-License-Identifier: MIT */
/*
 * go-ycsb's importer on arbitrary bytes, as `syncgate import` runs it
 * (fuzz_import).
 */
#include "fuzz/fuzz.h"

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return fuzz_import(data, size, import_go_ycsb_parse);
}
