#ifndef CPLATFORM_SHIM_H
#define CPLATFORM_SHIM_H

/* C library calls that take variable arguments, which Swift cannot call: one wrapper per use. */

#ifdef __linux__
#include <sys/prctl.h>

/* Asks the kernel to send `signal` to this process when its parent ends (prctl(2),
   PR_SET_PDEATHSIG); 0 when done. */
static inline int citefeed_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
#else
static inline int citefeed_parent_death_signal(int signal) { (void)signal; return -1; }
#endif

#endif
