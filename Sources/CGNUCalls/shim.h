// The watcher's Linux calls that Glibc's Swift module leaves out (glibc declares them only
// under _GNU_SOURCE). Header-only, like CSignalFD: system calls, no library to link.
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

// renameat2(2) with RENAME_EXCHANGE: swaps the two names atomically, so each then names
// the other's file; both must exist. Returns 0, or -1 with errno (ENOENT when either is
// missing; EINVAL or ENOSYS where the file system or the kernel cannot exchange).
static inline int higlint_rename_exchange(const char *a, const char *b) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, a, AT_FDCWD, b, 2u /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// poll(2) with a timeout in nanoseconds (ppoll without a signal mask); a negative one waits
// for ever. poll's whole milliseconds would round every deadline up.
static inline int higlint_poll_nanoseconds(struct pollfd *descriptors, nfds_t count, long long nanoseconds) {
    if (nanoseconds < 0) return (int)syscall(SYS_ppoll, descriptors, count, NULL, NULL, (size_t)8);
    struct timespec wait = {(time_t)(nanoseconds / 1000000000LL), (long)(nanoseconds % 1000000000LL)};
    return (int)syscall(SYS_ppoll, descriptors, count, &wait, NULL, (size_t)8);
}
