// Glibc's Swift module leaves out <sys/signalfd.h>; this module brings in signalfd() and
// struct signalfd_siginfo from the C library itself (no library to link).
#include <sys/signalfd.h>
