#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver, in the runtime that -sanitize=fuzzer links: declared
// here so the fuzz binary can keep its own main. Nothing else refers to it.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
