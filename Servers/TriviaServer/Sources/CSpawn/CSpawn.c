#define _GNU_SOURCE
#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <unistd.h>

static int csp_stream(posix_spawn_file_actions_t *actions, int target, int source, int null_flags) {
    if (source == CSP_NULL_DEVICE) return posix_spawn_file_actions_addopen(actions, target, "/dev/null", null_flags, 0);
    if (source == CSP_SAME_AS_OUTPUT) return posix_spawn_file_actions_adddup2(actions, STDOUT_FILENO, target);
    // dup2 onto the target clears its close-on-exec flag; the source itself is closed by closefrom.
    return posix_spawn_file_actions_adddup2(actions, source, target);
}

int csp_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int input, int output, int error,
              int new_session) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    if (result == 0) result = csp_stream(&actions, STDIN_FILENO, input, O_RDONLY);
    if (result == 0) result = csp_stream(&actions, STDOUT_FILENO, output, O_WRONLY);
    if (result == 0) result = csp_stream(&actions, STDERR_FILENO, error, O_WRONLY);
#ifdef __linux__
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    int reset[] = {SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2};
    for (unsigned index = 0; index < sizeof reset / sizeof reset[0]; index++) sigaddset(&defaults, reset[index]);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
#ifdef POSIX_SPAWN_SETSID
    if (new_session) flags |= POSIX_SPAWN_SETSID;
#endif
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &defaults);
    if (result == 0) result = posix_spawnattr_setflags(&attributes, flags);
    if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}

int csp_pipe(int descriptors[2]) {
#ifdef __linux__
    return pipe2(descriptors, O_CLOEXEC);
#else
    if (pipe(descriptors) != 0) return -1;
    fcntl(descriptors[0], F_SETFD, FD_CLOEXEC);
    fcntl(descriptors[1], F_SETFD, FD_CLOEXEC);
    return 0;
#endif
}
