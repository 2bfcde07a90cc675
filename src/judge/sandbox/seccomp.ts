/**
 * The sandbox's syscall filter: a classic-BPF seccomp program that bubblewrap installs
 * (`--seccomp FD`) just before it runs the command, after no_new_privs.
 *
 * It refuses, with EPERM, what a contest program or a compiler never needs and what has been
 * the door of kernel exploits: io_uring, perf events, ptrace and cross-process memory access,
 * bpf, userfaultfd, the kernel keyring, mounts and namespaces, kexec and kernel modules, and the
 * other administrative calls below. Everything else is allowed: the filter narrows the kernel's
 * surface, the namespaces, cgroup and uid remain the walls. A call made through another
 * syscall table (the 32-bit `int 0x80` or x32 ABI) is refused as a whole. clone3 answers
 * ENOSYS, so the C library falls back to clone, whose flags the filter can read: new
 * namespaces are refused there.
 *
 * Written for x86-64, the architecture this judge runs on; `seccompFilter` throws elsewhere
 * rather than run programs unfiltered (sandbox.ts).
 */

/** The x86-64 numbers of the refused calls (arch/x86/entry/syscalls/syscall_64.tbl). */
export const REFUSED_SYSCALLS_X86_64: Readonly<Record<string, number>> = {
  ptrace: 101,
  syslog: 103,
  uselib: 134,
  pivot_root: 155,
  chroot: 161,
  acct: 163,
  settimeofday: 164,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  iopl: 172,
  ioperm: 173,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  lookup_dcookie: 212,
  clock_settime: 227,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  perf_event_open: 298,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  // Compares another process's kernel objects: nothing a solution needs.
  kcmp: 312,
  finit_module: 313,
  kexec_file_load: 320,
  bpf: 321,
  userfaultfd: 323,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
  // Copies another process's descriptor under the same check as /proc/<pid>/mem: bubblewrap's
  // pid 1 runs as the program's user, outside this filter.
  pidfd_getfd: 438,
  mount_setattr: 442,
};

const CLONE_X86_64 = 56;
const CLONE3_X86_64 = 435;
/** CLONE_NEWNS … CLONE_NEWNET and CLONE_NEWTIME: any of them asks for a new namespace. */
const CLONE_NAMESPACE_FLAGS = 0x7e020080;
/** Set in the number of an x32-ABI call. */
const X32_SYSCALL_BIT = 0x40000000;
const AUDIT_ARCH_X86_64 = 0xc000003e;

const EPERM = 1;
const ENOSYS = 38;

// struct seccomp_data: int nr; u32 arch; u64 instruction_pointer; u64 args[6].
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;
/** The low 32 bits of args[0] (little-endian). */
const OFFSET_ARG0_LOW = 16;

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_JSET_K = 0x45;
const BPF_RET_K = 0x06;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const SECCOMP_RET_ERRNO = 0x00050000;

type Label = 'allow' | 'eperm' | 'enosys';
/** A jump's target: a named return, or the next instruction. */
type Target = Label | 'next';

interface Instruction {
  code: number;
  k: number;
  jt?: Target;
  jf?: Target;
  label?: Label;
}

const load = (offset: number): Instruction => ({ code: BPF_LD_W_ABS, k: offset });
const jump = (code: number, k: number, jt: Target, jf: Target): Instruction => ({
  code,
  k,
  jt,
  jf,
});

/** The filter as instructions with symbolic targets; `assemble` turns them into bytes. */
function program(): Instruction[] {
  const refused = Object.values(REFUSED_SYSCALLS_X86_64);
  return [
    load(OFFSET_ARCH),
    jump(BPF_JEQ_K, AUDIT_ARCH_X86_64, 'next', 'eperm'),
    load(OFFSET_NR),
    jump(BPF_JGE_K, X32_SYSCALL_BIT, 'eperm', 'next'),
    ...refused.map((nr) => jump(BPF_JEQ_K, nr, 'eperm', 'next')),
    jump(BPF_JEQ_K, CLONE3_X86_64, 'enosys', 'next'),
    jump(BPF_JEQ_K, CLONE_X86_64, 'next', 'allow'),
    load(OFFSET_ARG0_LOW),
    jump(BPF_JSET_K, CLONE_NAMESPACE_FLAGS, 'eperm', 'allow'),
    { code: BPF_RET_K, k: SECCOMP_RET_ALLOW, label: 'allow' },
    { code: BPF_RET_K, k: SECCOMP_RET_ERRNO | EPERM, label: 'eperm' },
    { code: BPF_RET_K, k: SECCOMP_RET_ERRNO | ENOSYS, label: 'enosys' },
  ];
}

/** struct sock_filter { u16 code; u8 jt; u8 jf; u32 k; }, little-endian, 8 bytes each. */
function assemble(instructions: Instruction[]): Buffer {
  const at = new Map<Label, number>();
  instructions.forEach((ins, i) => ins.label && at.set(ins.label, i));
  const offset = (from: number, target: Target | undefined): number => {
    if (target === undefined || target === 'next') return 0;
    const distance = at.get(target)! - from - 1;
    // Classic BPF jumps are one byte: the program must stay short enough for that.
    if (distance < 0 || distance > 255) throw new Error(`seccomp jump out of range: ${target}`);
    return distance;
  };
  const out = Buffer.alloc(instructions.length * 8);
  instructions.forEach((ins, i) => {
    out.writeUInt16LE(ins.code, i * 8);
    out.writeUInt8(offset(i, ins.jt), i * 8 + 2);
    out.writeUInt8(offset(i, ins.jf), i * 8 + 3);
    out.writeUInt32LE(ins.k >>> 0, i * 8 + 4);
  });
  return out;
}

let compiled: Buffer | undefined;

/** The compiled filter for bubblewrap's --seccomp, for this machine's architecture. */
export function seccompFilter(arch: string = process.arch): Buffer {
  if (arch !== 'x64') {
    throw new Error(`the sandbox's syscall filter is written for x86-64, not ${arch}`);
  }
  return (compiled ??= assemble(program()));
}
