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

/* memmem (a GNU extension, declared by the C library only under _GNU_SOURCE): where `needle`
   first occurs in `haystack`, or NULL. */
extern void *memmem(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);

static inline int citefeed_contains_bytes(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length) {
    return memmem(haystack, haystack_length, needle, needle_length) != NULL;
}

/* syncfs (Linux 2.6.39, glibc 2.14; declared only under _GNU_SOURCE): every file of the file
   system holding `fd` written to the disk, once for many files written without a sync each. */
extern int syncfs(int fd);

static inline int citefeed_syncfs(int fd) { return syncfs(fd); }

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

#include <errno.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#ifndef SIGEV_THREAD_ID
#define SIGEV_THREAD_ID 4
#endif

static void citefeed_wake(int signal) { (void)signal; }

/* Waits for an exclusive flock(2) on `fd` for at most about `milliseconds`, asleep in the kernel,
   which wakes a waiter as soon as the holder lets go (no polling). A timer sends SIGALRM to this
   thread only, every `milliseconds`, so that the wait ends even when the first one came before
   flock began; SIGALRM is unblocked meanwhile (a caller may have inherited it blocked). Its
   handler does nothing and does not restart flock; it stays installed for the process (nothing
   else here uses SIGALRM), as putting the old one back would let a wait on another thread, or
   a signal on its way, meet the default action, which ends the process. 0: locked; 1: not
   within the time; -1: an error (errno). */
static inline int citefeed_flock_wait(int fd, int milliseconds) {
    if (milliseconds < 1) milliseconds = 1;
    struct sigaction action;
    action.sa_handler = citefeed_wake;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGALRM, &action, NULL);
    sigset_t alarm, saved;
    sigemptyset(&alarm);
    sigaddset(&alarm, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &alarm, &saved);
    struct sigevent event;
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = SIGALRM;
    event.sigev_value.sival_int = 0;
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    timer_t timer;
    int result = -1, error = 0;
    if (timer_create(CLOCK_MONOTONIC, &event, &timer) == 0) {
        struct itimerspec spec;
        spec.it_value.tv_sec = milliseconds / 1000;
        spec.it_value.tv_nsec = (long)(milliseconds % 1000) * 1000000L;
        spec.it_interval = spec.it_value;
        timer_settime(timer, 0, &spec, NULL);
        if (flock(fd, LOCK_EX) == 0) {
            result = 0;
        } else {
            error = errno;
            result = error == EINTR ? 1 : -1;
        }
        timer_delete(timer);
    } else {
        error = errno;
    }
    pthread_sigmask(SIG_SETMASK, &saved, NULL);
    errno = error;
    return result;
}

#ifdef __linux__
#include <sys/random.h>

/* Fills `length` bytes from the kernel's random source (getrandom(2), which waits only while the
   pool is not yet seeded, early at boot); 0 when done, -1 on an error (errno). */
static inline int citefeed_random_bytes(void *buffer, size_t length) {
    unsigned char *at = buffer;
    while (length > 0) {
        ssize_t n = getrandom(at, length, 0);
        if (n < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        at += n;
        length -= (size_t)n;
    }
    return 0;
}
#else
#include <stdlib.h>
static inline int citefeed_random_bytes(void *buffer, size_t length) { arc4random_buf(buffer, length); return 0; }
#endif

#ifdef __linux__
#include <sys/prctl.h>

/* Asks the kernel to send `signal` to this process when its parent ends (prctl(2),
   PR_SET_PDEATHSIG); 0 when done. */
static inline int citefeed_parent_death_signal(int signal) {
    return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}

#include <sys/inotify.h>
#include <sys/timerfd.h>

/* timerfd_settime(2)'s TFD_TIMER_CANCEL_ON_SET (an enumerator in glibc's header): a realtime
   timer that also fires when the clock is set, so a follower notices a changed clock at once. */
static inline int citefeed_tfd_timer_cancel_on_set(void) { return TFD_TIMER_CANCEL_ON_SET; }
#else
static inline int citefeed_parent_death_signal(int signal) { (void)signal; return -1; }
#endif

/* zlib's z_stream (zlib.h), declared here because zlib is loaded only when a zip is read
   (dlopen of libz.so.1, so that nothing else pays for it) and its header is not needed to build.
   The layout is zlib's since 1.0: pointers, unsigned int counts, unsigned long totals;
   inflateInit2_ is given sizeof(citefeed_z_stream) and refuses a size that is not its own. */
typedef struct citefeed_z_stream {
    const unsigned char *next_in;
    unsigned int avail_in;
    unsigned long total_in;
    unsigned char *next_out;
    unsigned int avail_out;
    unsigned long total_out;
    const char *msg;
    void *state;
    void *zalloc;
    void *zfree;
    void *opaque;
    int data_type;
    unsigned long adler;
    unsigned long reserved;
} citefeed_z_stream;

#endif
