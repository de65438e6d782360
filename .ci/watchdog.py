#!/usr/bin/env python3
"""Runs a test command under a deadline and leaves nothing running behind it.

    python3 .ci/watchdog.py --seconds 900 --log LOG -- swift test --package-path Servers/TriviaServer

The command runs in a session of its own, its output going to LOG. Three things can happen:

- It ends by itself: every process still in its session (a server or a helper a test started
  and did not stop) is listed and killed, and PostgreSQL servers whose test process is gone are
  stopped. Anything left behind fails the run (exit status 3): a test that leaks a process is a
  bug, and the next run would find it.
- The deadline passes (a hang; every test has its own time limit, so this is the last guard):
  the tests that started and never ended are printed with the last progress marker of each,
  then a backtrace of every thread of the test process (`gdb`, saved next to LOG), then the whole
  session is killed with SIGKILL (the test binary too: SwiftPM starts it in a process group of
  its own, which `timeout` never reached) and the databases are stopped. Exit status 124.
- Otherwise the command's own exit status is returned.

Swift Testing prints "Test case passing ... started" for each argument of a parameterised test
and never says a case ended, so cases are not counted as pending tests: the test is, until its
own "passed" or "failed" line ("Test x() with 8 test cases passed").
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import time

STARTED = re.compile(r"^◇ (Test|Suite) (?!case )(.*) started\.$")
ENDED = re.compile(r"^[✔✘] (Test|Suite) (.*?)(?: with \d+ test cases?)? (passed|failed)")
PROGRESS = re.compile(r"^▷ ")
POSTGRES_ROOT = "/tmp"
POSTGRES_PREFIX = "trivia-pg-"
OWNER_FILE = "trivia-test-owner"


def session_processes(session):
    """Every live process (pid, command line) whose session id is `session`."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        pid = int(name)
        try:
            with open(f"/proc/{pid}/stat", encoding="utf-8", errors="replace") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
            # After "(comm)": state, ppid, pgrp, session, ...
            if int(fields[3]) != session or fields[0] == "Z":
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
            found.append((pid, command))
        except (OSError, IndexError, ValueError):
            continue
    return found


def pending(log_path):
    """Tests and suites that started and did not end, with the last progress marker of each."""
    started, ended, markers = [], set(), {}
    try:
        with open(log_path, encoding="utf-8", errors="replace") as log:
            for line in log:
                line = line.rstrip("\n")
                if match := STARTED.match(line):
                    started.append((match.group(1), match.group(2)))
                elif match := ENDED.match(line):
                    ended.add((match.group(1), match.group(2)))
                elif PROGRESS.match(line):
                    body = line.split("  ", 1)[-1]
                    test = body.split(": ", 1)[0]
                    markers[test] = line
    except OSError:
        return []
    result = []
    for kind, name in started:
        if (kind, name) in ended:
            continue
        marker = markers.get(name.strip('"'))
        result.append(f"  {kind.lower()} {name}" + (f"\n      last: {marker}" if marker else ""))
    return result


def backtraces(processes, log_path):
    """Backtraces of every thread of each test binary in `processes`, saved next to the log;
    returns the file names."""
    saved = []
    for pid, command in processes:
        if ".xctest" not in command:
            continue
        path = f"{log_path}.backtrace-{pid}"
        try:
            with open(path, "w", encoding="utf-8") as out:
                subprocess.run(
                    ["gdb", "-p", str(pid), "-batch", "-ex", "set pagination off", "-ex", "thread apply all bt 40"],
                    stdout=out, stderr=subprocess.STDOUT, timeout=120, check=False)
            saved.append(path)
        except (OSError, subprocess.TimeoutExpired) as error:
            print(f"watchdog: no backtrace of {pid}: {error}")
    return saved


def summarize_backtrace(path, limit=80):
    """Each thread's frames that are this package's (or a wait), demangled, to print."""
    ours = re.compile(r"Trivia|Cluster|ChildProcess|Postgres|Testing|sem_wait|futex|epoll_wait|ppoll|wait4|waitpid|libc_read")
    keep, thread = [], None
    try:
        with open(path, encoding="utf-8", errors="replace") as backtrace:
            for line in backtrace:
                if line.startswith("Thread "):
                    thread = line.split("(", 1)[0].strip()
                elif line.startswith("#") and ours.search(line):
                    frame = re.sub(r" \(.*?\) at ", " at ", line.strip())
                    keep.append(f"{thread}: {frame}")
    except OSError:
        return []
    try:
        demangled = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(keep), capture_output=True, text=True,
                                   timeout=60, check=False).stdout.splitlines()
        if len(demangled) == len(keep):
            keep = demangled
    except (OSError, subprocess.TimeoutExpired):
        pass
    return [line[:200] for line in keep[:limit]]


def stop_databases(owner, wait_seconds):
    """Stops the PostgreSQL servers of test process `owner` (or of any dead test process) that
    are still running after `wait_seconds` (their reapers usually stop them within a second or
    two); returns what had to be stopped."""
    deadline = time.monotonic() + wait_seconds
    while True:
        leftover = []
        for name in os.listdir(POSTGRES_ROOT):
            if not name.startswith(POSTGRES_PREFIX):
                continue
            directory = os.path.join(POSTGRES_ROOT, name)
            try:
                with open(os.path.join(directory, OWNER_FILE), encoding="utf-8") as file:
                    pid = int(file.read().strip())
            except (OSError, ValueError):
                continue
            if pid != owner and os.path.exists(f"/proc/{pid}"):
                continue  # another live run's
            leftover.append(directory)
        if not leftover or time.monotonic() >= deadline:
            break
        time.sleep(0.5)
    stopped = []
    for directory in leftover:
        data = os.path.join(directory, "data")
        if os.path.exists(os.path.join(data, "postmaster.pid")):
            binaries = sorted(
                (d for d in os.listdir("/usr/lib/postgresql") if d.isdigit()), key=int)[-1:] if os.path.isdir("/usr/lib/postgresql") else []
            for version in binaries:
                subprocess.run(
                    ["runuser", "-u", "postgres", "--", f"/usr/lib/postgresql/{version}/bin/pg_ctl", "-D", data, "-m", "immediate",
                     "-w", "stop"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
            stopped.append(directory)
        subprocess.run(["rm", "-rf", directory], check=False)
    return stopped


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, required=True, help="the deadline")
    parser.add_argument("--log", required=True, help="where the command's output goes")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command")
    options = parser.parse_args()
    command = options.command[1:] if options.command[:1] == ["--"] else options.command
    if not command:
        parser.error("no command")

    with open(options.log, "wb") as log:
        child = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    session = child.pid
    test_process = None
    status = None
    deadline = time.monotonic() + options.seconds
    while status is None:
        try:
            status = child.wait(timeout=1)
        except subprocess.TimeoutExpired:
            if test_process is None:
                test_process = next((pid for pid, cmd in session_processes(session) if ".xctest" in cmd), None)
            if time.monotonic() >= deadline:
                break

    if status is None:
        print(f"HUNG: not ended after {options.seconds:.0f} s; the tests still pending:")
        for line in pending(options.log)[:30]:
            print(line)
        processes = session_processes(session)
        for path in backtraces(processes, options.log):
            print(f"backtrace of every thread: {path}; this package's frames and the waits:")
            for line in summarize_backtrace(path):
                print(f"  {line}")
        for pid, _ in processes:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        child.wait()
        time.sleep(1)
        left = session_processes(session)
        stopped = stop_databases(test_process or -1, wait_seconds=5)
        print(f"killed {len(processes)} processes of the run; {len(left)} survived; stopped {len(stopped)} PostgreSQL servers")
        return 124

    left = session_processes(session)
    for pid, _ in left:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass
    stopped = stop_databases(test_process or -1, wait_seconds=10)
    if left or stopped:
        print("LEFT BEHIND by the tests (now killed): " + "; ".join(
            [f"process {pid} {command[:120]}" for pid, command in left] + [f"PostgreSQL in {d}" for d in stopped]))
        return 3
    return status


if __name__ == "__main__":
    sys.exit(main())
