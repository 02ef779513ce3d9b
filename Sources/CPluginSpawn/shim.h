// Starting a plugin needs work between fork and exec that posix_spawn cannot do: asking
// the kernel to kill the child when higlint dies (PR_SET_PDEATHSIG), so a plugin never
// outlives its host. Header-only, like CSignalFD: there is no library to link.
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <unistd.h>

// Forks; the child sets its parent-death signal, unblocks every signal and restores
// SIGPIPE (higlint's mask and ignored SIGPIPE would otherwise pass across exec), moves
// the three pipe ends to 0, 1 and 2, enters `directory` and execs argv[0], searched on
// PATH. If it cannot, it writes errno to `report_fd` (close-on-exec: the parent reads
// end-of-file when the exec worked) and exits 127. Returns the child's pid, or -errno.
static inline pid_t higlint_spawn(char *const argv[], const char *directory, int in_fd, int out_fd, int err_fd,
                                  int report_fd) {
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid != 0) return pid < 0 ? -errno : pid;
    int error = 0;
    sigset_t all;
    sigemptyset(&all);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent) error = errno ? errno : ESRCH;
    if (!error) sigprocmask(SIG_SETMASK, &all, NULL);
    if (!error) signal(SIGPIPE, SIG_DFL);
    if (!error && (dup2(in_fd, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)) error = errno;
    if (!error && directory && chdir(directory) != 0) error = errno;
    if (!error) {
        execvp(argv[0], argv);
        error = errno;
    }
    ssize_t written = write(report_fd, &error, sizeof error);
    (void)written;
    _exit(127);
}

// glibc declares pipe2 only under _GNU_SOURCE, which this header may not define: the
// system headers must read the same here as in Swift's own Glibc module.
int pipe2(int ends[2], int flags);

// A pipe whose ends are closed on exec: only the three a child is given survive into it.
static inline int higlint_pipe(int ends[2]) { return pipe2(ends, O_CLOEXEC); }
