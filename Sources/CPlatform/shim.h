#ifndef CPLATFORM_SHIM_H
#define CPLATFORM_SHIM_H

/* C library calls that take variable arguments, which Swift cannot call: one wrapper per use. */

#include <spawn.h>

/* posix_spawn_file_actions_addchdir_np (glibc 2.29, musl 1.1.24), declared here because the
   C library declares it only under _GNU_SOURCE: the child starts in `path`. */
extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);

static inline int citefeed_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

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
