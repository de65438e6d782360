#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

int cpt_open_pseudo_terminal(char *name, size_t size) {
#ifdef O_CLOEXEC
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
#else
    int master = posix_openpt(O_RDWR | O_NOCTTY);
#endif
    if (master < 0) return -1;
    fcntl(master, F_SETFD, FD_CLOEXEC);
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        close(master);
        return -1;
    }
    return master;
}

#ifdef __linux__

short cpt_spawn_new_session_flag(void) { return POSIX_SPAWN_SETSID; }

int cpt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int cpt_accept_close_on_exec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }

#else  // Compiles elsewhere; the terminal tests that use it run on Linux only.

short cpt_spawn_new_session_flag(void) { return 0; }

int cpt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    (void)actions;
    (void)lowest;
    return 0;
}

int cpt_accept_close_on_exec(int listener) {
    int socket = accept(listener, NULL, NULL);
    if (socket >= 0) fcntl(socket, F_SETFD, FD_CLOEXEC);
    return socket;
}

#endif
