// The glibc calls ChildProcesses needs that Swift's Glibc module does not show (GNU extensions,
// hidden unless _GNU_SOURCE is defined before the headers).
#ifndef C_SPAWN_H
#define C_SPAWN_H

#include <sys/types.h>

/// `csp_spawn`'s value for a standard stream that reads from or writes to /dev/null.
#define CSP_NULL_DEVICE (-1)
/// `csp_spawn`'s value for standard error that goes where standard output goes.
#define CSP_SAME_AS_OUTPUT (-2)

/// Starts `path` (a path to an executable file) with `argv` and `envp`, both NULL-terminated.
///
/// The child gets `input`, `output` and `error` as its descriptors 0, 1 and 2 (each may be
/// CSP_NULL_DEVICE; `error` may be CSP_SAME_AS_OUTPUT) and **no other descriptor**: every one
/// from 3 up is closed in the child as it starts (`posix_spawn_file_actions_addclosefrom_np`),
/// whatever other threads of this process opened meanwhile. Its signal mask is empty and the
/// signals a test process or a server commonly ignores or handles (SIGPIPE, SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT, SIGCHLD, SIGUSR1, SIGUSR2) are back to their default actions. With
/// `new_session` it starts a session of its own (it then has no controlling terminal and is not
/// in its parent's process group).
///
/// Returns 0 and stores the child's id in `pid`, or returns an errno value.
int csp_spawn(pid_t *pid, const char *path, char *const argv[], char *const envp[], int input, int output, int error,
              int new_session);

/// pipe2(2) with both ends close-on-exec: a child started by anyone, any way, never inherits
/// them by accident. Returns 0, or -1 with errno set.
int csp_pipe(int descriptors[2]);

#endif
