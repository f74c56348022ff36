/* SPDX-License-Identifier: MIT */
/* flametui - tests/bench/gen_perf.c: writes synthetic `perf script` text for benchmarks.
 * usage: gen_perf MB DISTINCT [SEED] > file
 * Writes records until MB megabytes. DISTINCT > 0: records pick from DISTINCT distinct
 * call paths (a small trie when DISTINCT is small); DISTINCT = 0: every record gets a new
 * call path (a large trie: about 5 new trie nodes per record).
 * Looks like real output: ~40 processes with 1-16 threads each ("comm pid/tid [cpu]
 * time: period event:" headers, comm names with spaces), leaf-first callchains of depth
 * 3-100 (mostly 8-30), kernel frames on top of user frames, long C++ and Java names,
 * symbol+0xoffset ([unknown] frames, perf-PID.map JIT), where only the leaf's offset varies
 * per sample: callers show their fixed return addresses, so most frame lines repeat byte
 * for byte, as in real profiles (92-95% of the frame lines of the corpus's big files). */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FT_N(a) (sizeof(a) / sizeof((a)[0]))

static uint64_t rng = 88172645463325252ull;
static uint64_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return rng;
}
static unsigned below(unsigned n)
{
    return (unsigned)(next() % n);
}

/* --- output buffer ---------------------------------------------------------------- */
static char obuf[1 << 20];
static size_t olen;
static unsigned long long total;
static void flush(void)
{
    fwrite(obuf, 1, olen, stdout);
    total += olen;
    olen = 0;
}
static void put(const char *s, size_t n)
{
    if (olen + n > sizeof obuf)
        flush();
    memcpy(obuf + olen, s, n);
    olen += n;
}
static void puts_(const char *s)
{
    put(s, strlen(s));
}
static void puthex(uint64_t v, int width)
{
    char b[24];
    int n = 0;
    do {
        b[n++] = "0123456789abcdef"[v & 15];
        v >>= 4;
    } while (v);
    while (n < width)
        b[n++] = ' ';
    char r[24];
    for (int i = 0; i < n; i++)
        r[i] = b[n - 1 - i];
    put(r, (size_t)n);
}
static void putdec(uint64_t v, int width, char pad)
{
    char b[24];
    int n = 0;
    do {
        b[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n < width)
        b[n++] = pad;
    char r[24];
    for (int i = 0; i < n; i++)
        r[i] = b[n - 1 - i];
    put(r, (size_t)n);
}

/* --- names ------------------------------------------------------------------------ */
static const char *const kern[] = {
    "do_syscall_64", "entry_SYSCALL_64_after_hwframe", "__x64_sys_read", "ksys_read",
    "vfs_read", "ext4_file_read_iter", "filemap_read", "copy_page_to_iter", "tcp_sendmsg",
    "tcp_sendmsg_locked", "__tcp_transmit_skb", "ip_finish_output2", "__dev_queue_xmit",
    "schedule", "__schedule", "pick_next_task_fair", "futex_wait", "do_futex",
    "__x64_sys_futex", "exc_page_fault", "do_user_addr_fault", "handle_mm_fault",
    "__handle_mm_fault", "clear_page_erms", "native_write_msr", "asm_sysvec_apic_timer_interrupt",
    "hrtimer_interrupt", "__softirqentry_text_start", "net_rx_action", "napi_poll"};
static const char *const ns[] = {"std::", "boost::asio::detail::", "folly::", "v8::internal::",
                                 "tokio::runtime::", "mysql::", "rocksdb::", "grpc_core::",
                                 "absl::lts_20230125::", "llvm::", "clang::", ""};
static const char *const cls[] = {"Thread", "Executor", "Buffer", "Parser", "Session",
                                  "Allocator", "Scheduler", "Handler", "Pipeline", "Codec",
                                  "Compaction", "MemTable", "Channel", "Reactor"};
static const char *const verb[] = {"run", "poll", "read", "write", "flush", "decode",
                                   "encode", "alloc", "dispatch", "process", "lookup",
                                   "operator()", "invoke", "handle"};
static const char *const args[] = {"()", "(int)", "(std::string const&)",
                                   "(unsigned long, void*)", "(char const*, unsigned long)",
                                   "(std::function<void (int)>&&)", "(Slice const&, bool)", ""};
static const char *const jpk[] = {"org/apache/kafka/clients/", "io/netty/channel/",
                                  "java/util/concurrent/", "com/example/service/",
                                  "org/springframework/web/"};
static const char *const libs[] = {"/usr/lib/x86_64-linux-gnu/libc.so.6",
                                   "/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30",
                                   "/usr/lib/x86_64-linux-gnu/libpthread.so.0",
                                   "/usr/sbin/mysqld", "/usr/lib/jvm/java-17/lib/server/libjvm.so",
                                   "/usr/bin/node", "/opt/app/bin/server"};

#define NUSER 40000
#define NJAVA 20000
struct sym {
    char *name;
    unsigned mod;   /* index in libs, or 100 + pid for a perf map, 200 = [unknown] */
    uint64_t addr;
};
static struct sym syms[NUSER + NJAVA];

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p)
        exit(1);
    return memcpy(p, s, n);
}

static void make_names(void)
{
    char b[512];
    for (unsigned i = 0; i < NUSER; i++) {
        unsigned k = below(10);
        if (k < 7)
            snprintf(b, sizeof b, "%s%s%u::%s%s", ns[below(FT_N(ns))], cls[below(FT_N(cls))],
                     i % 97, verb[below(FT_N(verb))], args[below(FT_N(args))]);
        else if (k < 9)
            snprintf(b, sizeof b, "%s_%s_%u", verb[below(FT_N(verb))], cls[below(FT_N(cls))], i);
        else
            snprintf(b, sizeof b, "[unknown]");
        syms[i].name = xstrdup(b);
        syms[i].mod = k == 9 && below(2) ? 200 : below(FT_N(libs));
        syms[i].addr = 0x7f0000000000ull + next() % 0xffffffffffull;
    }
    for (unsigned i = 0; i < NJAVA; i++) {
        snprintf(b, sizeof b, "L%s%s%u;::%s", jpk[below(FT_N(jpk))], cls[below(FT_N(cls))], i % 300,
                 verb[below(FT_N(verb))]);
        syms[NUSER + i].name = xstrdup(b);
        syms[NUSER + i].mod = 100;
        syms[NUSER + i].addr = 0x7f1000000000ull + next() % 0xfffffffffull;
    }
}
/* --- processes and call paths ------------------------------------------------------ */
struct proc {
    char comm[32];
    unsigned pid, nthreads;
    bool java;
};
#define NPROC 40
static struct proc procs[NPROC];
static const char *const comms[] = {"java", "mysqld", "node", "V8 WorkerThread", "server",
                                    "Chrome_IOThread", "kworker/u8:2", "grpc_global_tim",
                                    "rocksdb:low", "python3", "tokio-runtime-w", "postgres"};

/* a call path: a prefix of another path plus a few new frames (root first) */
struct path {
    uint32_t parent;  /* UINT32_MAX: none */
    uint8_t cut, n, proc, kdepth;
    uint32_t f[8];
};
static struct path *paths;
static size_t npaths, cap_paths;

static unsigned depth_of(uint32_t i)
{
    return paths[i].cut + paths[i].n;
}

static uint32_t new_path(void)
{
    if (npaths == cap_paths) {
        cap_paths = cap_paths ? cap_paths * 2 : 4096;
        paths = realloc(paths, cap_paths * sizeof *paths);
        if (!paths)
            exit(1);
    }
    struct path *p = &paths[npaths];
    if (npaths < NPROC * 4 || below(100) == 0) {
        p->parent = UINT32_MAX;
        p->cut = 0;
        p->proc = (uint8_t)below(NPROC);
        p->n = (uint8_t)(3 + below(5));
    } else {
        uint32_t par = (uint32_t)(next() % npaths);
        unsigned d = depth_of(par);
        /* mostly keep most of the parent: deep, shared prefixes */
        unsigned cut = d > 2 ? d - 1 - below(d < 8 ? d - 1 : 8) : d;
        if (d < 92 && below(4) == 0)
            cut = d;
        p->parent = par;
        p->cut = (uint8_t)cut;
        p->proc = paths[par].proc;
        p->n = (uint8_t)(1 + below(depth_of(par) > 60 ? 3 : 8));
    }
    bool java = procs[p->proc].java;
    for (unsigned k = 0; k < p->n; k++)
        p->f[k] = java && below(3) ? NUSER + below(NJAVA) : below(NUSER);
    p->kdepth = (uint8_t)(below(3) == 0 ? 2 + below(10) : 0);
    return (uint32_t)npaths++;
}

static uint32_t frames[256];
static unsigned collect(uint32_t i)
{
    const struct path *p = &paths[i];
    unsigned d = p->parent == UINT32_MAX ? 0 : collect(p->parent);
    if (d > p->cut)
        d = p->cut;
    for (unsigned k = 0; k < p->n && d < 200; k++)
        frames[d++] = p->f[k];
    return d;
}

static void write_record(uint32_t i, uint64_t *clock)
{
    const struct path *p = &paths[i];
    const struct proc *pr = &procs[p->proc];
    unsigned tid = pr->pid + below(pr->nthreads);
    /* header, in one of two perf layouts */
    puts_(pr->comm);
    put(" ", 1);
    putdec(pr->pid, 6, ' ');
    put("/", 1);
    putdec(tid, 0, ' ');
    put(" [", 2);
    putdec(below(64), 3, '0');
    put("] ", 2);
    *clock += 1 + below(2000);
    putdec(100000 + *clock / 1000000, 0, ' ');
    put(".", 1);
    putdec(*clock % 1000000, 6, '0');
    put(":", 1);
    putdec(250000 + below(10) * 1000, 10, ' ');
    puts_(" cycles: \n");
    /* leaf first: kernel frames, then the user path from leaf to root */
    for (unsigned k = 0; k < p->kdepth; k++) {
        unsigned ki = (k * 7 + p->kdepth) % FT_N(kern);
        unsigned off = k == 0 ? below(0x400) : (ki * 2654435761u + k) % 0x400;
        put("\tffffffff", 9);
        puthex(0x81000000u + ki * 0x10000 + off, 8);
        put(" ", 1);
        puts_(kern[ki]);
        put("+0x", 3);
        puthex(off, 0);
        puts_(" ([kernel.kallsyms])\n");
    }
    unsigned d = collect(i);
    for (unsigned k = d; k > 0; k--) {
        const struct sym *s = &syms[frames[k - 1]];
        /* a caller's return address depends on the call site (caller, callee) */
        unsigned off = k == d && p->kdepth == 0
                           ? below(0x800)
                           : (unsigned)((frames[k - 1] * 2654435761u) ^
                                        ((k < d ? frames[k] : 7u) * 40503u)) % 0x800;
        put("\t", 1);
        puthex(s->addr + off, 16);
        put(" ", 1);
        puts_(s->name);
        if (s->mod < 100) {
            put("+0x", 3);
            puthex(off, 0);
        }
        put(" (", 2);
        if (s->mod < 100) {
            puts_(libs[s->mod]);
        } else if (s->mod == 100) {
            put("/tmp/perf-", 10);
            putdec(pr->pid, 0, ' ');
            put(".map", 4);
        } else {
            put("[unknown]", 9);
        }
        put(")\n", 2);
    }
    put("\n", 1);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: gen_perf MB DISTINCT [SEED]\n");
        return 2;
    }
    double mb = atof(argv[1]);
    long distinct = atol(argv[2]);
    if (argc > 3)
        rng ^= strtoull(argv[3], NULL, 10) * 0x9e3779b97f4a7c15ull;
    make_names();
    for (unsigned i = 0; i < NPROC; i++) {
        struct proc *p = &procs[i];
        snprintf(p->comm, sizeof p->comm, "%s", comms[i % FT_N(comms)]);
        p->pid = 1000 + i * 977;
        p->nthreads = 1 + below(16);
        p->java = strcmp(p->comm, "java") == 0 || below(5) == 0;
    }
    if (distinct > 0)
        for (long i = 0; i < distinct; i++)
            new_path();
    unsigned long long limit = (unsigned long long)(mb * 1e6);
    uint64_t clock = 0; /* microseconds: 32 bits wrapped after ~4M records */
    while (total + olen < limit) {
        uint32_t i = distinct > 0 ? (uint32_t)(next() % npaths) : new_path();
        write_record(i, &clock);
    }
    flush();
    fprintf(stderr, "gen_perf: %.1f MB, %zu distinct call paths\n", (double)total / 1e6,
            npaths);
    return 0;
}
