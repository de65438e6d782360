#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

int cpt_open_pseudo_terminal(char *name, size_t size) {
    int master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0) return -1;
    if (grantpt(master) != 0 || unlockpt(master) != 0 || ptsname_r(master, name, size) != 0) {
        close(master);
        return -1;
    }
    return master;
}

short cpt_spawn_new_session_flag(void) { return POSIX_SPAWN_SETSID; }

int cpt_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int cpt_accept_close_on_exec(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC); }
