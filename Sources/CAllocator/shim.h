// Settings of mimalloc, which only the shipped (release) binary links (Package.swift): the
// debug and sanitizer builds keep glibc's malloc. mi_option_set is referenced weakly, so one
// source serves both; the reference is null where mimalloc is not linked.
#include <mimalloc.h>

#pragma weak mi_option_set

// Memory a thread frees stays the process's, as with glibc, instead of going back to the
// system; set once at start-up (main.swift), as it applies to the memory mimalloc takes
// from the system after the call.
// - The watcher: at 100,000 specs mimalloc gave back about 16 MB when the start-up scan's
//   pool threads retired, a few seconds into what is otherwise idle time, and that madvise
//   cost 7 and 11 ms of CPU in two bench runs (the idle target: under 10 ms in 10 s).
// - check: each range given back while the other worker runs is a TLB shootdown, an
//   interrupt to the other CPU, waited for (under strace, up to 10 ms a call on this VM);
//   on the IB bench they were 3 to 15 % of check's samples in some runs.
static inline void higlint_keep_freed_memory(void) {
    if (!mi_option_set) return;
    mi_option_set(mi_option_allow_decommit, 0);
    // The segments made before the call (the runtime's and libraries' start-up allocations,
    // which the main thread goes on using) keep decommitting; their delay is read when a
    // decommit is due, so a delay of years keeps their memory too.
    mi_option_set(mi_option_decommit_delay, 1000L * 60 * 60 * 24 * 365 * 30);
}
