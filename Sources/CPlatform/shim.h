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

/* posix_spawn_file_actions_addclosefrom_np (glibc 2.34): the child closes every descriptor from
   `from` on, so it holds nothing of ours or of whoever started us (Foundation's Process, in the
   tests, learns that its child ended when a socket it handed down closes). */
extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);

static inline int citefeed_spawn_closefrom(posix_spawn_file_actions_t *actions, int from) {
    return posix_spawn_file_actions_addclosefrom_np(actions, from);
}

/* posix_spawnattr flags: the child in a process group of its own (so a timeout can stop it and
   everything it started), or in a session of its own (detached from a bar's process group and
   terminal). POSIX_SPAWN_SETSID is glibc 2.26's (and musl's) extension. */
#ifndef POSIX_SPAWN_SETSID
#define POSIX_SPAWN_SETSID 0x80
#endif
static inline short citefeed_spawn_flag_setpgroup(void) { return (short)POSIX_SPAWN_SETPGROUP; }
static inline short citefeed_spawn_flag_setsid(void) { return (short)POSIX_SPAWN_SETSID; }
static inline short citefeed_spawn_flag_setsigdef(void) { return (short)POSIX_SPAWN_SETSIGDEF; }
static inline short citefeed_spawn_flag_setsigmask(void) { return (short)POSIX_SPAWN_SETSIGMASK; }

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
