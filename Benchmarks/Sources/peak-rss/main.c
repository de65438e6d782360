// Runs a command and prints its peak resident set size in bytes: `peak-rss COMMAND [ARGS...]`.
//
// Why a separate program, and why in C: Linux keeps a process's `ru_maxrss` across `execve`, and
// a child spawned by a big process starts from the parent's memory (vfork shares it until the
// exec), so `wait4` in the benchmark harness would report at least the harness's own 25 MB for
// every child. Spawned from this small process instead, the figure is the child's own peak, or
// this program's own size (about 5 MB: SwiftPM links even a C executable against the Swift
// runtime; `peak-rss true` prints it), whichever is larger.
// The command's stdout and stderr are discarded, its exit status is passed on, and the peak is
// printed on stdout.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>

extern char **environ;

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: peak-rss COMMAND [ARGS...]\n");
        return 2;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    pid_t pid;
    int spawned = posix_spawnp(&pid, argv[1], &actions, NULL, argv + 1, environ);
    if (spawned != 0) {
        fprintf(stderr, "peak-rss: cannot start %s: %s\n", argv[1], strerror(spawned));
        return 127;
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            perror("peak-rss: wait4");
            return 127;
        }
    }
    printf("%ld\n", usage.ru_maxrss * 1024L);
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    return 128 + WTERMSIG(status);
}
