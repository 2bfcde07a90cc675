/*
 * xinao-box: warm boxes. bubblewrap builds a box's file system once (per submission); each run
 * in it (per test case) only copies that view and starts the program, about half a millisecond
 * where a fresh bubblewrap costs several (docs/decisions/judging-and-sandbox.md, "Warm boxes").
 *
 * The judge (Node, root) starts one keeper and talks to it over two pipes: requests on fd 0,
 * frames on fd 1; fd 3 carries the seccomp filter (read to its end at start). Requests are
 * [u32 length][NUL-separated strings]; frames are [u8 type][u32 id][u32 length][payload], all
 * little-endian.
 *
 *   box <id> <netns> <k> <k host files> <bubblewrap options…>
 *       Starts bubblewrap, as a user of its own (BOX_BUILDER_ID), with those options (an
 *       argument "@copy:i" is the descriptor of the i-th host file, for --ro-bind-data) holding
 *       `sleep infinity` in the held empty network namespace <netns> (a path, opened once; ""
 *       gives each run a fresh one). Frame 'B' when it stands, 'F' with the reason when it
 *       could not be started.
 *   run <id> <box> <stdin> <stdout> <proc 0|1> <tmp bytes> <cwd>
 *       <b> <b × host box ro|rw> <n> <n cgroup dirs> <m> <m rlimits name=value> <argc> <argv…>
 *       Runs argv in the box. stdin is "" (/dev/null), "file:<path>" (copied into a sealed
 *       memfd) or "fifo:<path>"; stdout is "pipe" or "fifo:<path>" (an interactive run's FIFOs,
 *       made and opened here, see struct fifo). Frames 'O' and 'E' carry its stdout and stderr;
 *       'X' (payload two int32: exit code or -1, signal or 0) comes once it has ended and its
 *       pipes are closed; 'F' when it could not be started.
 *   unbox <id>        Ends the box's processes; frame 'U' once they are gone.
 *   forget <path>     Drops the hold on a FIFO whose two ends were not both handed out.
 *
 * A run, in a child of the keeper (still host root, outside the box):
 *   1. stdin is copied into a sealed memfd (or is a FIFO's end); stdout and stderr are pipes
 *      owned by the sandbox user, relayed by the keeper, which stays outside the run's cgroup;
 *   2. it opens the run's cgroups (before the box's mount namespace, which has no /sys; it
 *      joins them once set up, so the run's CPU time is the program's) and takes detached
 *      copies of the host paths bound for this run alone;
 *   3. it joins the box's network and mount namespaces, then unshares mount, pid, ipc and uts
 *      namespaces of its own: the run's mounts, processes, System V objects and host name are
 *      its own and die with it, however the previous case ended;
 *   4. the run's binds over the box's mount points (read-only unless "rw"), a fresh tmpfs on
 *      /tmp and on /dev/shm (owned by the sandbox user, sized), a devpts of its own, /dev
 *      read-only, the rlimits; then it joins its cgroups and unshares a cgroup namespace rooted
 *      there;
 *   5. a child, pid 1 of the new pid namespace, mounts /proc for it (covering /proc/1, itself,
 *      with an empty read-only tmpfs) and forks the program; when the program ends, pid 1 exits
 *      with its status (128+n for signal n) and the kernel kills whatever is left;
 *   6. the program: setsid, cwd, an empty capability bounding set, uid and gid 65534 (which
 *      drops every capability: it is in no user namespace of its own), no_new_privs, the
 *      seccomp filter, fds 0-2 only, the environment PATH, HOME, LANG and PWD.
 * A failure before the program runs exits 125 with "xinao-box: …" on its stderr.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/stat.h>
#include <linux/mount.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define SANDBOX_ID 65534
/*
 * Who bubblewrap runs as while it holds a box: not the program's user, which would otherwise
 * own (with every capability in it) the user namespace of each box held on this machine.
 */
#define BOX_BUILDER_ID 65533
#define MAX_ARGS 4096
#define MAX_REQUEST (1 << 20)
#define MAX_RUNS 64
#define MAX_BOXES 64
#define START_TIMEOUT_MS 10000

struct box {
  int used;
  uint32_t id;
  pid_t bwrap;
  int bwrap_fd; /* pidfds: signals and waits never reach a process that took a reused pid */
  int first_fd; /* the box's first process, pid 1 of its pid namespace */
  int mnt;      /* the box's mount namespace */
  int net;      /* the held empty network namespace its runs join; -1: a fresh one per run */
};

struct run {
  int used;
  uint32_t id;
  pid_t pid;
  int out, err; /* read ends, -1 once closed */
  int reaped;
  int status;
};

static struct box boxes[MAX_BOXES];
static struct run runs[MAX_RUNS];
static struct sock_fprog filter;
static const char *bwrap_path = "/usr/bin/bwrap";

static void fail_child(const char *what) {
  dprintf(2, "xinao-box: %s: %s\n", what, strerror(errno));
  _exit(125);
}

static void fatal(const char *what) {
  dprintf(2, "xinao-box: %s: %s\n", what, strerror(errno));
  exit(1);
}

static int write_all(int fd, const void *data, size_t n) {
  const char *p = data;
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w < 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static int read_all(int fd, void *data, size_t n) {
  char *p = data;
  while (n > 0) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

static void frame(char type, uint32_t id, const void *payload, uint32_t len) {
  unsigned char head[9];
  head[0] = (unsigned char)type;
  memcpy(head + 1, &id, 4);
  memcpy(head + 5, &len, 4);
  /* The judge is gone: nothing is left to serve. */
  if (write_all(1, head, 9) < 0 || write_all(1, payload, len) < 0) exit(0);
}

static void frame_text(char type, uint32_t id, const char *text) {
  frame(type, id, text, (uint32_t)strlen(text));
}

static int read_whole(int fd, unsigned char **out, size_t *len) {
  size_t cap = 4096, n = 0;
  unsigned char *buf = malloc(cap);
  if (!buf) return -1;
  for (;;) {
    if (n == cap && !(buf = realloc(buf, cap *= 2))) return -1;
    ssize_t r = read(fd, buf + n, cap - n);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return -1;
    if (r == 0) break;
    n += (size_t)r;
  }
  *out = buf;
  *len = n;
  return 0;
}

/* Copies fd into a memfd sealed against writes, on fd 0. */
static void stdin_to_memfd(int src) {
  int fd = memfd_create("stdin", MFD_CLOEXEC | MFD_ALLOW_SEALING);
  if (fd < 0) fail_child("memfd_create");
  char buf[1 << 16];
  for (;;) {
    ssize_t n = read(src, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_child("read stdin");
    if (n == 0) break;
    if (write_all(fd, buf, (size_t)n) < 0) fail_child("write memfd");
  }
  if (lseek(fd, 0, SEEK_SET) < 0) fail_child("lseek");
  if (fcntl(fd, F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) < 0)
    fail_child("seal");
  if (dup2(fd, 0) < 0) fail_child("dup2 stdin");
  close(fd);
}

/* A child starts with the signals a program expects: nothing blocked, SIGPIPE fatal. */
static void reset_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  signal(SIGPIPE, SIG_DFL);
  if (sigprocmask(SIG_SETMASK, &none, NULL) < 0) fail_child("sigprocmask");
}

static int rlimit_id(const char *name) {
  if (strcmp(name, "fsize") == 0) return RLIMIT_FSIZE;
  if (strcmp(name, "stack") == 0) return RLIMIT_STACK;
  if (strcmp(name, "cpu") == 0) return RLIMIT_CPU;
  if (strcmp(name, "core") == 0) return RLIMIT_CORE;
  if (strcmp(name, "nofile") == 0) return RLIMIT_NOFILE;
  return -1;
}

static int exit_status(int status) {
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
  return 125;
}

/* The program: step 5 above. */
static void exec_program(const char *cwd, char **argv) {
  if (setsid() < 0) fail_child("setsid");
  if (chdir(cwd) < 0) fail_child(cwd);
  /* No file a program could exec may give back what the change of user takes away. */
  for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0) fail_child("drop capability bounding set");
  if (setgroups(0, NULL) < 0) fail_child("setgroups");
  if (setresgid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) < 0) fail_child("setresgid");
  if (setresuid(SANDBOX_ID, SANDBOX_ID, SANDBOX_ID) < 0) fail_child("setresuid");
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0) fail_child("no_new_privs");
  if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &filter) < 0) fail_child("seccomp");
  char pwd[4096];
  snprintf(pwd, sizeof pwd, "PWD=%s", cwd);
  /* What bubblewrap gives a fresh box: its --setenv ones, and PWD for its --chdir. */
  char *envp[] = {"PATH=/usr/bin:/bin", "HOME=/tmp", "LANG=C.UTF-8", pwd, NULL};
  execve(argv[0], argv, envp);
  fail_child(argv[0]);
}

/* Pid 1 of the run's pid namespace: step 4 above. */
static void run_init(int with_proc, const char *cwd, char **argv) {
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) fail_child("prctl");
  if (with_proc) {
    unsigned long flags = MS_NOSUID | MS_NODEV | MS_NOEXEC;
    if (mount("proc", "/proc", "proc", flags, NULL) < 0) fail_child("mount /proc");
    if (mount("tmpfs", "/proc/1", "tmpfs", flags | MS_RDONLY, "mode=0000,size=4096") < 0)
      fail_child("mount /proc/1");
  }
  pid_t program = fork();
  if (program < 0) fail_child("fork");
  if (program == 0) exec_program(cwd, argv);
  for (;;) {
    int status;
    pid_t pid = wait(&status);
    if (pid < 0 && errno == EINTR) continue;
    if (pid < 0) _exit(125);
    if (pid == program) _exit(exit_status(status));
  }
}

/* A run request, parsed: see the top of this file. */
struct run_request {
  const char *stdin_spec, *stdout_spec, *tmp_bytes, *cwd;
  int with_proc;
  int binds;
  char **bind; /* host, box, "ro" | "rw" for each */
  int groups;
  char **group;
  int limits;
  char **limit;
  char **argv;
};

/* Fills req from a[0..n); 0 when every count stays inside the request. */
static int parse_run(char **a, int n, struct run_request *req) {
  if (n < 8) return -1;
  req->stdin_spec = a[0];
  req->stdout_spec = a[1];
  req->with_proc = strcmp(a[2], "1") == 0;
  req->tmp_bytes = a[3];
  req->cwd = a[4];
  int i = 5;
  req->binds = atoi(a[i++]);
  if (req->binds < 0 || req->binds > 16 || i + 3 * req->binds >= n) return -1;
  req->bind = a + i;
  i += 3 * req->binds;
  req->groups = atoi(a[i++]);
  if (req->groups < 0 || req->groups > 8 || i + req->groups >= n) return -1; /* group[8] */
  req->group = a + i;
  i += req->groups;
  req->limits = atoi(a[i++]);
  if (req->limits < 0 || req->limits > 8 || i + req->limits >= n) return -1;
  req->limit = a + i;
  i += req->limits;
  int argc = atoi(a[i++]);
  if (argc < 1 || i + argc != n) return -1;
  req->argv = a + i; /* NULL-terminated by split() */
  return 0;
}

static int child_high(int fd, const char *what) {
  if (fd < 0) fail_child(what);
  int h = fcntl(fd, F_DUPFD_CLOEXEC, 200);
  if (h < 0) fail_child(what);
  close(fd);
  return h;
}

/*
 * The run's first child, host root until the program: steps 1 to 3 above. `in_fd` is a FIFO's
 * end already open (an interactive run) or -1 to copy stdin_spec's file; out_w and err_w are
 * the write ends of the run's stdout and stderr.
 */
static void run_case(struct box *box, struct run_request *req, int in_fd, int out_w, int err_w) {
  if (dup2(err_w, 2) < 0 || dup2(out_w, 1) < 0) fail_child("dup2 output");
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) fail_child("prctl");
  reset_signals();
  if (in_fd >= 0 && dup2(in_fd, 0) < 0) fail_child("dup2 stdin");
  /* First of all, let go of everything else of the keeper's: other runs' pipes, and the holds
     on an interactive pair's FIFOs, which must not outlive their handing out. */
  if (dup2(box->mnt, 3) < 0 || (box->net >= 0 && dup2(box->net, 4) < 0)) fail_child("dup2 box");
  if (syscall(SYS_close_range, box->net >= 0 ? 5U : 4U, ~0U, 0) < 0) fail_child("close_range");
  if (in_fd < 0) {
    const char *path = strncmp(req->stdin_spec, "file:", 5) == 0 ? req->stdin_spec + 5 : "/dev/null";
    int src = open(path, O_RDONLY | O_CLOEXEC);
    if (src < 0) fail_child(path);
    stdin_to_memfd(src);
  }
  /* Opened before the box's mount namespace, which has no /sys and none of the host's files;
     joined only once the run is set up, so that its CPU time is the program's. */
  int group[8];
  for (int g = 0; g < req->groups; g++) {
    char path[4096];
    snprintf(path, sizeof path, "%s/cgroup.procs", req->group[g]);
    group[g] = child_high(open(path, O_WRONLY | O_CLOEXEC), path);
  }
  /* A run's own files (an interactor's input, answer and tout; a file-I/O folder): detached
     copies of the host's mounts, attached inside once the run has its own mount namespace. */
  int tree[16];
  for (int b = 0; b < req->binds; b++) {
    const char *host = req->bind[3 * b];
    tree[b] = child_high((int)syscall(SYS_open_tree, AT_FDCWD, host, OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC), host);
  }
  for (int b = 0; b < req->binds; b++)
    if (dup2(tree[b], 5 + b) < 0) fail_child("dup2 tree");
  int keep = 5 + req->binds;
  for (int g = 0; g < req->groups; g++) {
    if (dup2(group[g], keep) < 0) fail_child("dup2 cgroup");
    group[g] = keep++;
  }
  if (syscall(SYS_close_range, (unsigned)keep, ~0U, 0) < 0) fail_child("close_range");
  if (box->net >= 0 ? setns(4, CLONE_NEWNET) < 0 : unshare(CLONE_NEWNET) < 0)
    fail_child("network namespace");
  if (setns(3, CLONE_NEWNS) < 0) fail_child("setns(mnt)");
  if (unshare(CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWIPC | CLONE_NEWUTS) < 0) fail_child("unshare");
  /* The copied mounts may propagate back into the box: this run's stay its own. */
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0) fail_child("make-rprivate");
  if (sethostname("box", 3) < 0) fail_child("sethostname");
  for (int b = 0; b < req->binds; b++) {
    const char *where = req->bind[3 * b + 1];
    if (syscall(SYS_move_mount, 5 + b, "", AT_FDCWD, where, MOVE_MOUNT_F_EMPTY_PATH) < 0)
      fail_child(where);
    unsigned long ro = strcmp(req->bind[3 * b + 2], "rw") == 0 ? 0 : MS_RDONLY;
    if (mount(NULL, where, NULL, MS_REMOUNT | MS_BIND | MS_NOSUID | MS_NODEV | ro, NULL) < 0)
      fail_child(where);
  }
  char opts[128];
  if (req->tmp_bytes[0])
    snprintf(opts, sizeof opts, "mode=0755,uid=%d,gid=%d,size=%s", SANDBOX_ID, SANDBOX_ID, req->tmp_bytes);
  else
    snprintf(opts, sizeof opts, "mode=0755,uid=%d,gid=%d", SANDBOX_ID, SANDBOX_ID);
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0) fail_child("mount /tmp");
  /* The box's /dev is shared by its runs: read-only for each, with a /dev/shm of its own. */
  if (mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, opts) < 0)
    fail_child("mount /dev/shm");
  /* Its own pseudo-terminals too: the box's devpts belongs to its user, who could leave marks
     on it (modes, times) for the next case to read. */
  if (mount("devpts", "/dev/pts", "devpts", MS_NOSUID | MS_NOEXEC,
            "newinstance,ptmxmode=0666,mode=620") < 0)
    fail_child("mount /dev/pts");
  if (mount(NULL, "/dev", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) < 0)
    fail_child("remount /dev");
  for (int l = 0; l < req->limits; l++) {
    char *spec = req->limit[l];
    char *eq = strchr(spec, '=');
    int id = eq ? (*eq = 0, rlimit_id(spec)) : -1;
    if (id < 0) {
      errno = EINVAL;
      fail_child(spec);
    }
    struct rlimit rl;
    rl.rlim_cur = rl.rlim_max = strtoull(eq + 1, 0, 10);
    if (setrlimit(id, &rl) < 0) fail_child(spec);
  }
  char pid[32];
  snprintf(pid, sizeof pid, "%d\n", (int)getpid());
  for (int g = 0; g < req->groups; g++)
    if (write(group[g], pid, strlen(pid)) < 0) fail_child("join cgroup");
  /* Once joined: the run's cgroups are the root of what /proc/self/cgroup shows. */
  if (unshare(CLONE_NEWCGROUP) < 0) fail_child("unshare(CLONE_NEWCGROUP)");
  if (syscall(SYS_close_range, 3U, ~0U, 0) < 0) fail_child("close_range");
  pid_t init = fork();
  if (init < 0) fail_child("fork");
  if (init == 0) run_init(req->with_proc, req->cwd, req->argv);
  int status;
  while (waitpid(init, &status, 0) < 0)
    if (errno != EINTR) fail_child("waitpid");
  _exit(exit_status(status));
}

static struct box *find_box(uint32_t id) {
  for (int i = 0; i < MAX_BOXES; i++)
    if (boxes[i].used && boxes[i].id == id) return &boxes[i];
  return NULL;
}

/* Moves fd above the descriptors a child arranges, so dup2 into place never clobbers it. */
static int high(int fd) {
  int h = fcntl(fd, F_DUPFD_CLOEXEC, 200);
  if (h < 0) fatal("fcntl");
  close(fd);
  return h;
}

/* Waits up to START_TIMEOUT_MS for fd to be readable; 0 when it is. */
static int wait_readable(int fd) {
  struct pollfd p = {fd, POLLIN, 0};
  int r;
  while ((r = poll(&p, 1, START_TIMEOUT_MS)) < 0 && errno == EINTR) {
  }
  return r == 1 ? 0 : -1;
}

/* Kills the process behind a pidfd and waits for it, if it is still ours to reap. */
static void kill_and_reap(int pidfd) {
  if (pidfd < 0) return;
  syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
  siginfo_t info;
  /* ECHILD: reaped already (by bubblewrap, or by reap() when it died on its own). */
  while (waitid(P_PIDFD, (id_t)pidfd, &info, WEXITED) < 0 && errno == EINTR) {
  }
  close(pidfd);
}

/*
 * Killing the box's pid 1 ends every process in it; once bubblewrap is reaped, that pid 1 is
 * ours (we are the subreaper) unless bubblewrap reaped it, and reaping it means the box is gone.
 * Pidfds, not pids: a box that died on its own may have had its pids reused, even by a run.
 */
static void end_box(struct box *box) {
  if (box->first_fd >= 0) syscall(SYS_pidfd_send_signal, box->first_fd, SIGKILL, NULL, 0);
  kill_and_reap(box->bwrap_fd);
  kill_and_reap(box->first_fd);
  if (box->mnt >= 0) close(box->mnt);
  if (box->net >= 0) close(box->net);
  box->bwrap_fd = box->first_fd = box->mnt = box->net = -1;
}

static const char *start_box(struct box *box, char **a, int n) {
  const char *netns = a[0];
  int copies = atoi(a[1]);
  box->net = -1;
  /* Opened once for the box's life: a path could name another namespace after a pid reuse. */
  if (netns[0] && (box->net = open(netns, O_RDONLY | O_CLOEXEC)) < 0) return "cannot open the network namespace";
  if (box->net >= 0) box->net = high(box->net);
  if (copies < 0 || copies > 32 || 2 + copies > n) return "bad request";
  int copy_fd[32];
  for (int c = 0; c < copies; c++) {
    int fd = open(a[2 + c], O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
      for (int d = 0; d < c; d++) close(copy_fd[d]);
      if (box->net >= 0) close(box->net);
      return "cannot open a copied file";
    }
    copy_fd[c] = high(fd);
  }
  int args[2], info[2], ready[2];
  if (pipe2(args, O_CLOEXEC) < 0 || pipe2(info, O_CLOEXEC) < 0 || pipe2(ready, O_CLOEXEC) < 0)
    fatal("pipe");
  for (int k = 0; k < 2; k++) {
    args[k] = high(args[k]);
    info[k] = high(info[k]);
    ready[k] = high(ready[k]);
  }
  pid_t pid = fork();
  if (pid < 0) fatal("fork");
  if (pid == 0) {
    reset_signals();
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (null < 0 || dup2(null, 0) < 0 || dup2(ready[1], 1) < 0 || dup2(args[0], 3) < 0 ||
        dup2(info[1], 4) < 0)
      fail_child("dup2");
    for (int c = 0; c < copies; c++)
      if (dup2(copy_fd[c], 5 + c) < 0) fail_child("dup2 copy");
    if (box->net >= 0 && setns(box->net, CLONE_NEWNET) < 0) fail_child("setns(net)");
    if (syscall(SYS_close_range, (unsigned)(5 + copies), ~0U, 0) < 0) fail_child("close_range");
    if (setsid() < 0) fail_child("setsid");
    if (setgroups(0, NULL) < 0 || setresgid(BOX_BUILDER_ID, BOX_BUILDER_ID, BOX_BUILDER_ID) < 0 ||
        setresuid(BOX_BUILDER_ID, BOX_BUILDER_ID, BOX_BUILDER_ID) < 0)
      fail_child("drop to the box builder's user");
    /* After the change of user, which clears it; bubblewrap's --die-with-parent does the rest. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() == 1) fail_child("prctl");
    char *argv[] = {"bwrap", "--args", "3", "--info-fd", "4", "--", "/usr/bin/sh", "-c",
                    "echo ready && exec /usr/bin/sleep infinity", NULL};
    char *envp[] = {NULL};
    execve(bwrap_path, argv, envp);
    fail_child(bwrap_path);
  }
  close(args[0]);
  close(info[1]);
  close(ready[1]);
  for (int c = 0; c < copies; c++) close(copy_fd[c]);
  box->bwrap = pid;
  box->bwrap_fd = high((int)syscall(SYS_pidfd_open, pid, 0));
  box->first_fd = -1;
  box->mnt = -1;
  const char *why = NULL;
  for (int j = 2 + copies; j < n && !why; j++) {
    char fdname[16];
    const char *arg = a[j];
    int c;
    char end;
    if (strncmp(arg, "@copy:", 6) == 0) {
      if (sscanf(arg + 6, "%d%c", &c, &end) != 1 || c < 0 || c >= copies) why = "bad copy reference";
      snprintf(fdname, sizeof fdname, "%d", 5 + c);
      arg = fdname;
    }
    if (!why && write_all(args[1], arg, strlen(arg) + 1) < 0) why = "bubblewrap did not read its options";
  }
  close(args[1]);
  /* bubblewrap writes {"child-pid": N} once it has cloned the box's first process. */
  unsigned char *json = NULL;
  size_t json_len = 0;
  char ok = 0;
  if (!why && (wait_readable(info[0]) < 0 || read_whole(info[0], &json, &json_len) < 0))
    why = "bubblewrap did not start";
  if (!why && (wait_readable(ready[0]) < 0 || read(ready[0], &ok, 1) != 1 || ok != 'r'))
    why = "the box did not come up (bubblewrap's message is in the judge's log)";
  close(info[0]);
  close(ready[0]);
  if (!why) {
    json = realloc(json, json_len + 1);
    json[json_len] = 0;
    char *at = strstr((char *)json, "\"child-pid\"");
    int child = at ? atoi(strchr(at, ':') + 1) : 0;
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/ns/mnt", child);
    if (child <= 0 || (box->first_fd = (int)syscall(SYS_pidfd_open, child, 0)) < 0 ||
        (box->mnt = open(path, O_RDONLY | O_CLOEXEC)) < 0)
      why = "box has no mount namespace";
  }
  free(json);
  if (why) {
    end_box(box);
    return why;
  }
  box->first_fd = high(box->first_fd);
  box->mnt = high(box->mnt);
  return NULL;
}

/*
 * The FIFOs joining an interactive run's two sides. Each end is opened here, in the order the
 * requests come, while a read-write descriptor of the FIFO is held: on Linux that open never
 * waits, and a side that starts before the other has its end sees a quiet pipe, not its end.
 * The hold is dropped once both ends are handed out (or when the judge says `forget`).
 */
struct fifo {
  char path[4096];
  int hold;
  int given; /* 1 read end, 2 write end */
};
static struct fifo fifos[16];

static struct fifo *find_fifo(const char *path) {
  for (int i = 0; i < 16; i++)
    if (fifos[i].hold >= 0 && strcmp(fifos[i].path, path) == 0) return &fifos[i];
  return NULL;
}

static void drop_fifo(struct fifo *f) {
  close(f->hold);
  f->hold = -1;
  f->given = 0;
}

/* Opens one end of the FIFO at path (O_RDONLY or O_WRONLY); -1 with errno on failure. */
static int fifo_end(const char *path, int mode) {
  struct fifo *f = find_fifo(path);
  if (!f) {
    for (int i = 0; i < 16 && !f; i++)
      if (fifos[i].hold < 0) f = &fifos[i];
    if (!f || strlen(path) >= sizeof f->path) {
      errno = ENFILE;
      return -1;
    }
    /* Made here when the judge has not: Node has no mkfifo, and spawning one costs a ms. */
    if (mkfifo(path, 0600) < 0 && errno != EEXIST) return -1;
    int hold = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW);
    if (hold < 0) return -1;
    struct stat st;
    if (fstat(hold, &st) < 0 || !S_ISFIFO(st.st_mode)) {
      close(hold);
      errno = EINVAL;
      return -1;
    }
    /* Both boxes run as the sandbox user, and /dev/stdin reopens the FIFO through
       /proc/self/fd, which checks the owner. */
    if (fchown(hold, SANDBOX_ID, SANDBOX_ID) < 0) {
      close(hold);
      return -1;
    }
    strcpy(f->path, path);
    f->hold = hold;
    f->given = 0;
  }
  int end = open(path, mode | O_CLOEXEC | O_NOFOLLOW);
  if (end < 0) return -1;
  f->given |= mode == O_RDONLY ? 1 : 2;
  if (f->given == 3) drop_fifo(f);
  return high(end);
}

static void start_run(uint32_t id, struct box *box, char **a, int n) {
  struct run *run = NULL;
  for (int i = 0; i < MAX_RUNS && !run; i++)
    if (!runs[i].used) run = &runs[i];
  struct run_request req;
  if (!run || parse_run(a, n, &req) < 0) {
    frame_text('F', id, run ? "bad run request" : "too many runs at once");
    return;
  }
  int in_fd = -1, out[2] = {-1, -1}, err[2];
  if (strncmp(req.stdin_spec, "fifo:", 5) == 0 && (in_fd = fifo_end(req.stdin_spec + 5, O_RDONLY)) < 0) {
    frame_text('F', id, "cannot open the FIFO given as stdin");
    return;
  }
  if (strncmp(req.stdout_spec, "fifo:", 5) == 0) {
    if ((out[1] = fifo_end(req.stdout_spec + 5, O_WRONLY)) < 0) {
      if (in_fd >= 0) close(in_fd);
      frame_text('F', id, "cannot open the FIFO given as stdout");
      return;
    }
  } else {
    if (pipe2(out, O_CLOEXEC) < 0) fatal("pipe");
    /* open("/dev/stdout") reopens the pipe through /proc/self/fd/1, which checks its owner. */
    if (fchown(out[1], SANDBOX_ID, SANDBOX_ID) < 0) fatal("fchown");
    out[0] = high(out[0]);
    out[1] = high(out[1]);
    /* The program can read its own stdout back through /proc/self/fd/1: a read that poll
       announced may then find nothing, and must not stall every other run. */
    if (fcntl(out[0], F_SETFL, O_NONBLOCK) < 0) fatal("fcntl");
  }
  if (pipe2(err, O_CLOEXEC) < 0) fatal("pipe");
  if (fchown(err[1], SANDBOX_ID, SANDBOX_ID) < 0) fatal("fchown");
  err[0] = high(err[0]);
  err[1] = high(err[1]);
  if (fcntl(err[0], F_SETFL, O_NONBLOCK) < 0) fatal("fcntl");
  pid_t pid = fork();
  if (pid < 0) fatal("fork");
  if (pid == 0) run_case(box, &req, in_fd, out[1], err[1]);
  if (in_fd >= 0) close(in_fd);
  close(out[1]);
  close(err[1]);
  *run = (struct run){1, id, pid, out[0], err[0], 0, 0};
}

/* Splits a request into its strings; returns how many. */
static int split(char *buf, uint32_t len, char **out) {
  int n = 0;
  for (uint32_t i = 0; i < len && n < MAX_ARGS - 1;) {
    out[n++] = buf + i;
    while (i < len && buf[i]) i++;
    i++;
  }
  out[n] = NULL;
  return n;
}

static void handle_request(void) {
  uint32_t len;
  if (read_all(0, &len, 4) < 0) exit(0); /* the judge closed the pipe */
  if (len == 0 || len > MAX_REQUEST) fatal("bad request length");
  char *buf = malloc(len + 1);
  if (!buf || read_all(0, buf, len) < 0) exit(0);
  buf[len] = 0;
  static char *a[MAX_ARGS];
  int n = split(buf, len, a);
  uint32_t id = n > 1 && strcmp(a[0], "forget") != 0 ? (uint32_t)strtoul(a[1], 0, 10) : 0;
  if (n >= 4 && strcmp(a[0], "box") == 0) {
    struct box *box = NULL;
    for (int i = 0; i < MAX_BOXES && !box; i++)
      if (!boxes[i].used) box = &boxes[i];
    const char *why = box ? start_box(box, a + 2, n - 2) : "too many boxes";
    if (why) {
      frame_text('F', id, why);
    } else {
      box->used = 1;
      box->id = id;
      frame('B', id, "", 0);
    }
  } else if (n >= 2 && strcmp(a[0], "unbox") == 0) {
    struct box *box = find_box(id);
    if (box) {
      end_box(box);
      box->used = 0;
    }
    frame('U', id, "", 0);
  } else if (n >= 2 && strcmp(a[0], "forget") == 0) {
    struct fifo *f = find_fifo(a[1]);
    if (f) drop_fifo(f);
  } else if (n >= 9 && strcmp(a[0], "run") == 0) {
    struct box *box = find_box((uint32_t)strtoul(a[2], 0, 10));
    if (box) start_run(id, box, a + 3, n - 3);
    else frame_text('F', id, "no such box");
  } else {
    frame_text('F', id, "unknown request");
  }
  free(buf);
}

/* Relays what is readable on a run's pipe; closes it at its end. */
static void relay(struct run *run, int *fd, char type) {
  char buf[1 << 16];
  ssize_t n = read(*fd, buf, sizeof buf);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n <= 0) {
    close(*fd);
    *fd = -1;
    return;
  }
  frame(type, run->id, buf, (uint32_t)n);
}

static void finish_if_done(struct run *run) {
  if (!run->reaped || run->out >= 0 || run->err >= 0) return;
  int32_t result[2] = {-1, 0};
  if (WIFEXITED(run->status)) result[0] = WEXITSTATUS(run->status);
  else if (WIFSIGNALED(run->status)) result[1] = WTERMSIG(run->status);
  frame('X', run->id, result, sizeof result);
  run->used = 0;
}

/* Reaps every child that has ended: runs, and orphans handed to us as the subreaper. */
static void reap(void) {
  int status;
  pid_t pid;
  while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
    for (int i = 0; i < MAX_RUNS; i++) {
      if (!runs[i].used || runs[i].pid != pid) continue;
      runs[i].reaped = 1;
      runs[i].status = status;
      finish_if_done(&runs[i]);
    }
  }
}

int main(int argc, char **argv) {
  if (argc > 1) bwrap_path = argv[1];
  unsigned char *code;
  size_t len;
  if (read_whole(3, &code, &len) < 0 || len == 0 || len % sizeof(struct sock_filter) != 0)
    fatal("seccomp filter on fd 3");
  /* Nothing inherited beyond the three pipes and the filter stays open in the keeper. */
  if (syscall(SYS_close_range, 3U, ~0U, 0) < 0) fatal("close_range");
  filter.len = (unsigned short)(len / sizeof(struct sock_filter));
  filter.filter = (struct sock_filter *)code;
  signal(SIGPIPE, SIG_IGN);
  for (int i = 0; i < 16; i++) fifos[i].hold = -1;
  if (prctl(PR_SET_CHILD_SUBREAPER, 1) < 0) fatal("prctl");
  sigset_t chld;
  sigemptyset(&chld);
  sigaddset(&chld, SIGCHLD);
  if (sigprocmask(SIG_BLOCK, &chld, NULL) < 0) fatal("sigprocmask");
  int children = signalfd(-1, &chld, SFD_CLOEXEC | SFD_NONBLOCK);
  if (children < 0) fatal("signalfd");
  /* A judge killed outright closes our stdin too, but a box must not outlive it a moment. */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) fatal("prctl");
  for (;;) {
    struct pollfd fds[2 + 2 * MAX_RUNS];
    struct run *owner[2 + 2 * MAX_RUNS];
    int n = 0;
    fds[n++] = (struct pollfd){0, POLLIN, 0};
    fds[n++] = (struct pollfd){children, POLLIN, 0};
    for (int i = 0; i < MAX_RUNS; i++) {
      struct run *r = &runs[i];
      if (!r->used) continue;
      if (r->out >= 0) owner[n] = r, fds[n++] = (struct pollfd){r->out, POLLIN, 0};
      if (r->err >= 0) owner[n] = r, fds[n++] = (struct pollfd){r->err, POLLIN, 0};
    }
    if (poll(fds, (nfds_t)n, -1) < 0) {
      if (errno == EINTR) continue;
      fatal("poll");
    }
    for (int k = 2; k < n; k++) {
      if (!fds[k].revents) continue;
      struct run *r = owner[k];
      if (!r->used) continue; /* finished by an earlier descriptor of this round */
      if (fds[k].fd == r->out) relay(r, &r->out, 'O');
      else if (fds[k].fd == r->err) relay(r, &r->err, 'E');
      finish_if_done(r);
    }
    if (fds[1].revents) {
      struct signalfd_siginfo info;
      while (read(children, &info, sizeof info) > 0) {
      }
      reap();
    }
    if (fds[0].revents) handle_request();
  }
}
