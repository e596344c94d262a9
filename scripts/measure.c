/* measure: run a command N times; print, per run, its whole-process wall time in microseconds
 * and its peak RSS in KiB. scripts/bench builds and uses it.
 *
 *   measure N COMMAND [ARGUMENTS...]
 *
 * A helper in C rather than Python because Linux counts a process's peak RSS across exec:
 * a child forked from a 15 MiB Python interpreter would report at least 15 MiB. This program
 * is small, so the figure it reports is the command's own. "{n}" in an argument becomes the
 * run number, so that `add` gets a new text each time. With MEASURE_HOURLY_NOW=SECONDS in the
 * environment, run n gets CITEFEED_NOW = SECONDS + n hours (UTC), so that every `rotate` meets
 * a new slot. Output of the command goes to /dev/null. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char *substitute(const char *arg, int n) {
    const char *at = strstr(arg, "{n}");
    if (!at) return strdup(arg);
    char *out = malloc(strlen(arg) + 16);
    sprintf(out, "%.*s%d%s", (int)(at - arg), arg, n, at + 3);
    return out;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: measure N COMMAND [ARGUMENTS...]\n");
        return 64;
    }
    int runs = atoi(argv[1]);
    for (int n = 0; n < runs; n++) {
        char **args = calloc(argc - 1, sizeof(char *));
        for (int i = 2; i < argc; i++) args[i - 2] = substitute(argv[i], n);
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        pid_t pid = fork();
        if (pid == 0) {
            const char *base = getenv("MEASURE_HOURLY_NOW");
            if (base) {
                time_t t = (time_t)atol(base) + (time_t)n * 3600;
                struct tm tm;
                char stamp[32];
                gmtime_r(&t, &tm);
                strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &tm);
                setenv("CITEFEED_NOW", stamp, 1);
            }
            int null = open("/dev/null", O_WRONLY);
            dup2(null, 1);
            dup2(null, 2);
            execv(args[0], args);
            _exit(127);
        }
        int status;
        struct rusage usage;
        wait4(pid, &status, 0, &usage);
        clock_gettime(CLOCK_MONOTONIC, &end);
        long micros = (end.tv_sec - start.tv_sec) * 1000000L + (end.tv_nsec - start.tv_nsec) / 1000L;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            fprintf(stderr, "measure: %s exited with status %d\n", args[0], WIFEXITED(status) ? WEXITSTATUS(status) : -1);
            return 1;
        }
        printf("%ld %ld\n", micros, usage.ru_maxrss);
        for (int i = 0; i < argc - 2; i++) free(args[i]);
        free(args);
    }
    return 0;
}
