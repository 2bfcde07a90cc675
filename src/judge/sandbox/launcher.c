/*
 * xinao-launch: the tiny privileged step between the judge (root, Node) and bubblewrap.
 *
 * Node cannot join a cgroup, set rlimits, drop its uid or close inherited descriptors for a
 * child before exec, so this helper does exactly that, in this order, and then execs the
 * given command (bubblewrap) with an empty environment:
 *   1. write its own pid into every `--cgroup <dir>/cgroup.procs` (the sandbox's cgroups) and
 *      join `--netns <path>` (an empty network namespace held by `--hold-netns`, see below),
 *   2. apply `--rlimit name=value` (fsize, stack, cpu, core, nofile),
 *   3. setsid(), drop supplementary groups, setresgid/setresuid to `--uid/--gid`,
 *   4. close every descriptor above 2 (bubblewrap passes inherited descriptors through),
 *   5. execve(argv after "--", envp = {}).
 * Any failure exits with status 125 and a message on stderr, before the command runs.
 *
 * `xinao-launch --hold-netns` creates an empty network namespace (only a loopback device, which
 * stays down) and sleeps holding it until its parent dies. Creating a network namespace per run
 * costs a few ms of the per-case budget; joining a held one costs microseconds. The judge keeps
 * one holder per concurrent run, so two running programs never share a namespace, and every
 * process of a run is killed before its namespace is handed to the next run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

static void die(const char *what) {
  dprintf(2, "xinao-launch: %s: %s\n", what, strerror(errno));
  _exit(125);
}

static int rlimit_id(const char *name) {
  if (strcmp(name, "fsize") == 0) return RLIMIT_FSIZE;
  if (strcmp(name, "stack") == 0) return RLIMIT_STACK;
  if (strcmp(name, "cpu") == 0) return RLIMIT_CPU;
  if (strcmp(name, "core") == 0) return RLIMIT_CORE;
  if (strcmp(name, "nofile") == 0) return RLIMIT_NOFILE;
  return -1;
}

static int hold_netns(void) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) die("prctl");
  if (getppid() == 1) _exit(0); /* the parent is already gone */
  if (unshare(CLONE_NEWNET) < 0) die("unshare(CLONE_NEWNET)");
  if (syscall(SYS_close_range, 3U, ~0U, 0) < 0) die("close_range");
  if (write(1, "ready\n", 6) != 6) die("write");
  for (;;) pause();
}

int main(int argc, char **argv) {
  long uid = -1, gid = -1;
  if (argc == 2 && strcmp(argv[1], "--hold-netns") == 0) return hold_netns();
  int i = 1;
  char pid[32];
  snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--") == 0) { i++; break; }
    if (i + 1 >= argc) { errno = EINVAL; die(argv[i]); }
    if (strcmp(argv[i], "--cgroup") == 0) {
      char path[4096];
      snprintf(path, sizeof path, "%s/cgroup.procs", argv[++i]);
      int fd = open(path, O_WRONLY | O_CLOEXEC);
      if (fd < 0) die(path);
      if (write(fd, pid, strlen(pid)) < 0) die(path);
      close(fd);
    } else if (strcmp(argv[i], "--netns") == 0) {
      const char *path = argv[++i];
      int fd = open(path, O_RDONLY | O_CLOEXEC);
      if (fd < 0) die(path);
      if (setns(fd, CLONE_NEWNET) < 0) die("setns");
      close(fd);
    } else if (strcmp(argv[i], "--rlimit") == 0) {
      char *spec = argv[++i];
      char *eq = strchr(spec, '=');
      if (!eq) { errno = EINVAL; die(spec); }
      *eq = 0;
      int id = rlimit_id(spec);
      if (id < 0) { errno = EINVAL; die(spec); }
      struct rlimit rl;
      rl.rlim_cur = rl.rlim_max = strcmp(eq + 1, "inf") == 0 ? RLIM_INFINITY : strtoull(eq + 1, 0, 10);
      if (setrlimit(id, &rl) < 0) die(spec);
    } else if (strcmp(argv[i], "--uid") == 0) {
      uid = strtol(argv[++i], 0, 10);
    } else if (strcmp(argv[i], "--gid") == 0) {
      gid = strtol(argv[++i], 0, 10);
    } else {
      errno = EINVAL;
      die(argv[i]);
    }
  }
  if (i >= argc) { errno = EINVAL; die("missing command after --"); }
  if (setsid() < 0) die("setsid");
  if (gid >= 0) {
    if (setgroups(0, NULL) < 0) die("setgroups");
    if (setresgid(gid, gid, gid) < 0) die("setresgid");
  }
  if (uid >= 0 && setresuid(uid, uid, uid) < 0) die("setresuid");
  if (syscall(SYS_close_range, 3U, ~0U, 0) < 0) die("close_range");
  char *envp[] = {NULL};
  execve(argv[i], argv + i, envp);
  die(argv[i]);
  return 125;
}
