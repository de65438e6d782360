// The glibc calls the terminal tests need that Swift's Glibc module does not show (they are
// X/Open or GNU extensions, hidden unless _GNU_SOURCE is defined before the headers).
#ifndef C_PSEUDO_TERMINAL_H
#define C_PSEUDO_TERMINAL_H

#include <spawn.h>
#include <stddef.h>

/// Opens a new pseudo-terminal (close-on-exec, not the caller's controlling terminal), writes
/// the path of its other end into `name`; returns the descriptor, or -1 with errno set.
int cpt_open_pseudo_terminal(char *name, size_t size);

/// The posix_spawn flag that starts the child in a session of its own (POSIX_SPAWN_SETSID).
short cpt_spawn_new_session_flag(void);

/// Has the child close every descriptor from `lowest` up before it runs (inherited sockets of
/// the test process must not keep connections open).
int cpt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// accept(2) with the new socket close-on-exec from the start.
int cpt_accept_close_on_exec(int listener);

#endif
