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
 *   4. close every descriptor above 2, or above `--keep-fds N` (bubblewrap passes inherited
 *      descriptors through; the kept ones carry its arguments and seccomp filter),
 *   5. execve(argv after "--", envp = {}).
 *
 * Before all that, so that neither is charged to the run's cgroup:
 *   - `--stdin-memfd` copies stdin into a sealed memfd: the program reads a seekable file, as
 *     on judges that give stdin as a file, whose /proc/self/fd/0 names no host path;
 *   - `--pipe-output` gives the command real pipes for stdout and stderr and forks a relay that
 *     copies them to the sockets Node gave us. Linux refuses to open a socket through
 *     /proc/self/fd/1, so without pipes `open("/dev/stdout")` fails in a correct program. The
 *     relay stays outside the cgroup (its copying is not the program's time) and exits when
 *     both pipes are closed, that is when every process of the run is gone;
 *   - `--pipe-stderr` does the same for stderr alone: an interactive run's stdin and stdout are
 *     the FIFOs joining the program and the interactor, given as they are.
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
#include <poll.h>
#include <sys/mman.h>
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

/* Copies stdin into a memfd sealed against writes and puts it on fd 0. */
static void stdin_to_memfd(void) {
  int fd = memfd_create("stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) die("memfd_create");
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(0, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) die("read stdin");
    if (n == 0) break;
    for (ssize_t off = 0; off < n;) {
      ssize_t w = write(fd, buf + off, n - off);
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) die("write memfd");
      off += w;
    }
  }
  if (lseek(fd, 0, SEEK_SET) < 0) die("lseek");
  if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) < 0)
    die("seal");
  if (dup2(fd, 0) < 0) die("dup2 stdin");
  close(fd);
}

/* Copies both pipes to fds 1 and 2 until both are closed by every writer. */
static void relay(int out_r, int err_r) {
  struct pollfd fds[2] = {{out_r, POLLIN, 0}, {err_r, POLLIN, 0}};
  int dest[2] = {1, 2};
  int open_pipes = out_r < 0 ? 1 : 2; /* poll ignores a negative fd */
  char buf[1 << 16];
  while (open_pipes > 0) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      _exit(1);
    }
    for (int k = 0; k < 2; k++) {
      if (fds[k].fd < 0 || !(fds[k].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      ssize_t n = read(fds[k].fd, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        close(fds[k].fd);
        fds[k].fd = -1;
        open_pipes--;
        continue;
      }
      for (ssize_t off = 0; off < n;) {
        ssize_t w = write(dest[k], buf + off, n - off);
        if (w < 0 && errno == EINTR) continue;
        /* The reader is gone (Node stopped listening): nothing left to deliver to. */
        if (w < 0) _exit(0);
        off += w;
      }
    }
  }
  _exit(0);
}

/*
 * `uid`/`gid`: who the command runs as, who must own the pipes to reopen them by path.
 * `with_stdout`: 0 leaves fd 1 as given and relays stderr alone.
 */
static void pipe_output(long uid, long gid, int with_stdout) {
  int out[2] = {-1, -1}, err[2];
  if ((with_stdout && pipe2(out, O_CLOEXEC) < 0) || pipe2(err, O_CLOEXEC) < 0) die("pipe");
  /* open("/dev/stdout") reopens the pipe through /proc/self/fd/1, which checks its owner. */
  if (uid >= 0 && ((with_stdout && fchown(out[1], uid, gid) < 0) || fchown(err[1], uid, gid) < 0))
    die("fchown");
  pid_t pid = fork();
  if (pid < 0) die("fork");
  if (pid == 0) {
    /* Only the pipes and fds 1 and 2: the relay holds nothing else of the run open. A stdout
       given as it is (an interactive run's FIFO) is closed here, or the relay would keep the
       interactor from seeing the program's end of input. */
    int o = with_stdout ? fcntl(out[0], F_DUPFD_CLOEXEC, 100) : -1;
    int e = fcntl(err[0], F_DUPFD_CLOEXEC, 100);
    if ((with_stdout && o < 0) || e < 0) _exit(1);
    close(0);
    if (!with_stdout) {
      int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
      if (null < 0 || dup2(null, 1) < 0) _exit(1);
      close(null);
    }
    syscall(SYS_close_range, 3U, 99U, 0);
    syscall(SYS_close_range, (unsigned)(o > e ? o : e) + 1, ~0U, 0);
    relay(o, e);
  }
  if (with_stdout) close(out[0]);
  close(err[0]);
  if ((with_stdout && dup2(out[1], 1) < 0) || dup2(err[1], 2) < 0) die("dup2 output");
  if (with_stdout) close(out[1]);
  close(err[1]);
}

int main(int argc, char **argv) {
  long uid = -1, gid = -1;
  unsigned keep_fds = 2;
  int want_memfd = 0, want_pipes = 0, want_stderr_pipe = 0;
  if (argc == 2 && strcmp(argv[1], "--hold-netns") == 0) return hold_netns();
  /* The flags that act before joining the cgroup are read first. */
  for (int j = 1; j < argc && strcmp(argv[j], "--") != 0; j++) {
    if (strcmp(argv[j], "--stdin-memfd") == 0) want_memfd = 1;
    else if (strcmp(argv[j], "--pipe-output") == 0) want_pipes = 1;
    else if (strcmp(argv[j], "--pipe-stderr") == 0) want_stderr_pipe = 1;
    else if (strcmp(argv[j], "--uid") == 0 && j + 1 < argc) uid = strtol(argv[j + 1], 0, 10);
    else if (strcmp(argv[j], "--gid") == 0 && j + 1 < argc) gid = strtol(argv[j + 1], 0, 10);
  }
  if (want_memfd) stdin_to_memfd();
  if (want_pipes || want_stderr_pipe) pipe_output(uid, gid, want_pipes);
  int i = 1;
  char pid[32];
  snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  for (; i < argc; i++) {
    if (strcmp(argv[i], "--stdin-memfd") == 0 || strcmp(argv[i], "--pipe-output") == 0 ||
        strcmp(argv[i], "--pipe-stderr") == 0)
      continue;
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
    } else if (strcmp(argv[i], "--keep-fds") == 0) {
      keep_fds = (unsigned)strtoul(argv[++i], 0, 10);
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
  if (syscall(SYS_close_range, keep_fds + 1, ~0U, 0) < 0) die("close_range");
  char *envp[] = {NULL};
  execve(argv[i], argv + i, envp);
  die(argv[i]);
  return 125;
}
