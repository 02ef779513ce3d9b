// Settings of mimalloc, which only the shipped (release) binary links (Package.swift): the
// debug and sanitizer builds keep glibc's malloc. mi_option_set is referenced weakly, so one
// source serves both; the reference is null where mimalloc is not linked.
#include <mimalloc.h>

#pragma weak mi_option_set

// Memory a thread frees stays the process's, as with glibc, instead of going back to the
// system. For the watcher: at 100,000 specs mimalloc gave back about 16 MB when the start-up
// scan's pool threads retired, a few seconds into what is otherwise idle time, and that
// madvise cost 7 and 11 ms of CPU in two bench runs (the idle target: under 10 ms in 10 s).
// It applies to the memory mimalloc takes from the system after the call, so it is made
// before the scan.
static inline void higlint_keep_freed_memory(void) {
    if (mi_option_set) mi_option_set(mi_option_allow_decommit, 0);
}
