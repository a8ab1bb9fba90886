/* SPDX-License-Identifier: MIT */
/* peers.c - simdsum's transforms against their peers, OpenSSL's EVP
 * digests (SHA-1/256/512), ISA-L's crc32_iscsi (CRC-32C), ISA-L's
 * crc32_gzip_refl and zlib's crc32 (CRC-32), in one process, interleaved,
 * as throughput ratios per update size. CRC-32 and CRC-64/NVME (which
 * neither library has) also race CRC-32C's widest folding kernel: the
 * same folds from one template, so they should run at its speed.
 *
 * OpenSSL picks its code path once, when libcrypto loads, from the CPU
 * and the environment variable OPENSSL_ia32cap. So the program runs
 * itself once per OpenSSL path (--path=NAME) with OPENSSL_ia32cap set for
 * that path, and each child times a simdsum implementation against the
 * matching OpenSSL path within its own process. */
#include <errno.h>
#include <isa-l.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "cost_model.h"
#include "algo.h"
#include "bytes.h"
#include "cpu.h"
#include "cycles.h"
#include "hash.h"
#include "impl.h"

/* The update sizes of the comparison; each operation is one init, one
 * update of that size and one final. */
static const size_t sizes[] = { 16, 64, 256, 1024, 8192, 16384, 1 << 20 };
#define NSIZES (sizeof sizes / sizeof sizes[0])
#define MAX_SIZE (1 << 20)

/* A batch is timed as a whole; its length trades timer resolution
 * against the chance that an interrupt or a stolen vCPU lands in it. On
 * the shared 2-vCPU VM, medians of such batches moved by 10% from run to
 * run while the minimum over many interleaved batches repeated within a
 * few percent: the minimum is the run that nothing disturbed. */
#define BATCH_NS 250000u
#define DEFAULT_BATCHES 41

/* --- contestants ------------------------------------------------------- */

struct contestant {
	char label[32];
	void (*op)(const struct contestant *c, const uint8_t *p, size_t len, uint8_t *digest);
	/* simdsum */
	const struct algo *algo;
	struct dispatch dispatch;
	uint64_t crc_ones;      /* a CRC's register init, all ones */
	unsigned crc_width;     /* a CRC's width in bits: 32 or 64 */
	/* OpenSSL */
	EVP_MD *md;
	EVP_MD_CTX *ctx;
};

static void simdsum_op(const struct contestant *c, const uint8_t *p, size_t len, uint8_t *digest)
{
	struct hash_ctx ctx;

	hash_init(&ctx, c->algo, &c->dispatch);
	hash_update(&ctx, p, len);
	hash_final(&ctx, digest);
}

/* A CRC as ISA-L's functions are called: the register in and out,
 * through simdsum's dispatch (src/impl.h), with no hash_ctx.  The init
 * and the width are looked up once, in simdsum_contestant, and the
 * digest stored inline, as the peers' ops do: the family-table lookups
 * cost about 2.5 ns a call, a tenth of a 256-byte CRC on the Zen 5 VM. */
static void simdsum_crc_op(const struct contestant *c, const uint8_t *p, size_t len,
			   uint8_t *digest)
{
	crc_store_width(digest, c->crc_width,
			~dispatch_crc(&c->dispatch, c->crc_ones, p, len) & c->crc_ones);
}

static void openssl_op(const struct contestant *c, const uint8_t *p, size_t len, uint8_t *digest)
{
	unsigned n;

	if (!EVP_DigestInit_ex(c->ctx, c->md, NULL) || !EVP_DigestUpdate(c->ctx, p, len) ||
	    !EVP_DigestFinal_ex(c->ctx, digest, &n)) {
		fprintf(stderr, "peers: OpenSSL digest failed\n");
		exit(1);
	}
}

/* The same value simdsum's CRC-32C driver gives: crc32_iscsi works on the
 * raw register, so the caller inverts before and after. */
static void isal_op(const struct contestant *c, const uint8_t *p, size_t len, uint8_t *digest)
{
	(void)c;
	store_be32(digest, ~crc32_iscsi((unsigned char *)p, (int)len, 0xffffffffu));
}

/* CRC-32: both take and return the standard (inverted) CRC. */
static void isal_gzip_op(const struct contestant *c, const uint8_t *p, size_t len,
			 uint8_t *digest)
{
	(void)c;
	store_be32(digest, crc32_gzip_refl(0, p, len));
}

static void zlib_op(const struct contestant *c, const uint8_t *p, size_t len, uint8_t *digest)
{
	(void)c;
	store_be32(digest, (uint32_t)crc32(0, p, (uInt)len));
}

static void simdsum_contestant(struct contestant *c, const struct algo *a, const struct impl *impl)
{
	memset(c, 0, sizeof *c);
	c->op = simdsum_op;
	c->algo = a;
	if (family_is_crc(a->family)) {
		c->crc_ones = crc_register_init(a->family);
		c->crc_width = family_crc_width(a->family);
	}
	if (impl) {
		impl_select_one(impl, &c->dispatch);
		snprintf(c->label, sizeof c->label, "simdsum %s", impl->name);
	} else {
		impl_select_auto(a->family, &c->dispatch);
		snprintf(c->label, sizeof c->label, "simdsum auto");
	}
}

static void openssl_contestant(struct contestant *c, const struct algo *a, const char *path)
{
	char name[16];

	memset(c, 0, sizeof *c);
	c->op = openssl_op;
	c->algo = a;
	/* OpenSSL's names are the tags: "SHA1", "SHA256". A fetched digest
	 * spares each init the name lookup, as a careful caller would. */
	snprintf(name, sizeof name, "%s", a->tag);
	c->md = EVP_MD_fetch(NULL, name, NULL);
	c->ctx = EVP_MD_CTX_new();
	if (!c->md || !c->ctx) {
		fprintf(stderr, "peers: OpenSSL has no %s\n", name);
		exit(1);
	}
	snprintf(c->label, sizeof c->label, "OpenSSL %s", path);
}

static void contestant_free(struct contestant *c)
{
	EVP_MD_CTX_free(c->ctx);
	EVP_MD_free(c->md);
}

/* --- timing ------------------------------------------------------------ */

static volatile uint8_t sink;

static uint64_t time_batch(const struct contestant *c, const uint8_t *buf, size_t len,
			   uint64_t ops)
{
	uint8_t digest[ALGO_MAX_DIGEST];
	uint64_t t0 = cycles_clock_ns();

	for (uint64_t i = 0; i < ops; i++)
		c->op(c, buf, len, digest);
	uint64_t dt = cycles_clock_ns() - t0;
	sink ^= digest[0];
	return dt ? dt : 1;
}

/* Operations that fill a batch, found by doubling (which also warms up). */
static uint64_t batch_ops(const struct contestant *c, const uint8_t *buf, size_t len)
{
	for (uint64_t n = 1;; n *= 2) {
		uint64_t dt = time_batch(c, buf, len, n);
		if (dt >= BATCH_NS / 4 || n >= (1u << 30))
			return n * BATCH_NS / dt + 1;
	}
}

/* Both contestants must compute the same digest before either is timed. */
static void check_same(const struct contestant *a, const struct contestant *b,
		       const uint8_t *buf, size_t len)
{
	uint8_t da[ALGO_MAX_DIGEST], db[ALGO_MAX_DIGEST];

	if (a->algo != b->algo)
		return;   /* a speed reference of another algorithm */
	a->op(a, buf, len, da);
	b->op(b, buf, len, db);
	if (memcmp(da, db, a->algo->digest_size) != 0) {
		fprintf(stderr, "peers: %s and %s disagree on %s of %zu bytes\n", a->label, b->label,
			a->algo->name, len);
		exit(1);
	}
}

/* Fastest batch of each, in bytes per second; the batches alternate
 * a, b, b, a, ... so that neither always runs first. */
static void race(const struct contestant *a, const struct contestant *b, const uint8_t *buf,
		 size_t len, unsigned batches, double *rate_a, double *rate_b)
{
	uint64_t ops_a = batch_ops(a, buf, len), ops_b = batch_ops(b, buf, len);
	double best_a = 1e300, best_b = 1e300;

	for (unsigned r = 0; r < batches; r++) {
		for (int k = 0; k < 2; k++) {
			bool first_a = (r & 1) == (unsigned)k;
			const struct contestant *c = first_a ? a : b;
			uint64_t ops = first_a ? ops_a : ops_b;
			double ns = (double)time_batch(c, buf, len, ops) / (double)ops;
			double *best = first_a ? &best_a : &best_b;
			if (ns < *best)
				*best = ns;
		}
	}
	*rate_a = (double)len * 1e9 / best_a;
	*rate_b = (double)len * 1e9 / best_b;
}

/* --- report ------------------------------------------------------------ */

static void print_size_header(void)
{
	static const char *const names[] = { "16 B", "64 B", "256 B", "1 KiB",
					     "8 KiB", "16 KiB", "1 MiB" };

	printf("%-8s %-22s", "", "MB/s (10^6 B/s)");
	for (size_t i = 0; i < NSIZES; i++)
		printf(" %7s", names[i]);
	putchar('\n');
}

/* Three lines: each contestant's rate per size, then simdsum/peer. */
static void compare(const struct contestant *ours, const struct contestant *peer,
		    const uint8_t *buf, unsigned batches)
{
	double r_ours[NSIZES], r_peer[NSIZES];

	for (size_t i = 0; i < NSIZES; i++) {
		check_same(ours, peer, buf, sizes[i]);
		race(ours, peer, buf, sizes[i], batches, &r_ours[i], &r_peer[i]);
	}
	printf("%-8s %-22s", ours->algo->name, ours->label);
	for (size_t i = 0; i < NSIZES; i++)
		printf(" %7.0f", r_ours[i] / 1e6);
	printf("\n%-8s %-22s", "", peer->label);
	for (size_t i = 0; i < NSIZES; i++)
		printf(" %7.0f", r_peer[i] / 1e6);
	printf("\n%-8s %-22s", "", "ratio simdsum/peer");
	for (size_t i = 0; i < NSIZES; i++)
		printf(" %7.2f", r_ours[i] / r_peer[i]);
	printf("\n\n");
	fflush(stdout);
}

/* --- OpenSSL's paths ----------------------------------------------------- */

#define FAM(f) (1u << FAMILY_##f)

/* OpenSSL 3's x86-64 SHA code (sha1-x86_64.pl, sha512-x86_64.pl) picks,
 * from OPENSSL_ia32cap: the SHA extensions (SHA-1/256 only); else AVX2
 * with BMI1 and BMI2; else AVX, but only on Intel CPUs (it tests its own
 * "Intel CPU" bit); else SSSE3 (SHA-1/256 only); else C. The masks clear
 * CPUID bits in its two words (CPUID.1:EDX|ECX<<32, CPUID.7:EBX|ECX<<32):
 * SHA 1<<29 and AVX2 1<<5 of the second; AVX 1<<60 and SSSE3 1<<41 of
 * the first. Each path is named after the simdsum implementation that
 * does the same job; "best" leaves OpenSSL free and races simdsum's auto. */
struct openssl_path {
	const char *name;
	const char *ia32cap;      /* NULL: OPENSSL_ia32cap unset */
	cpu_features needs;       /* what OpenSSL's path needs */
	bool intel_only;
	unsigned families;        /* where OpenSSL has this path */
};

static const struct openssl_path paths[] = {
	{ "best", NULL, 0, false, FAM(SHA1) | FAM(SHA256) | FAM(SHA512) | FAM(MD5) },
	{ "shani", NULL, CPUF(SHA) | CPUF(SSSE3) | CPUF(SSE41), false, FAM(SHA1) | FAM(SHA256) },
	{ "avx2", ":~0x20000000", CPUF(AVX2) | CPUF(BMI1) | CPUF(BMI2), false,
	  FAM(SHA1) | FAM(SHA256) | FAM(SHA512) },
	{ "avx", ":~0x20000020", CPUF(AVX), true, FAM(SHA1) | FAM(SHA256) | FAM(SHA512) },
	{ "ssse3", "~0x1000000000000000:~0x20000020", CPUF(SSSE3), false, FAM(SHA1) | FAM(SHA256) },
	{ "generic", "~0x1000020000000000:~0x20000020", 0, false,
	  FAM(SHA1) | FAM(SHA256) | FAM(SHA512) },
};
#define NPATHS (sizeof paths / sizeof paths[0])

/* OpenSSL's MD5 (md5-x86_64.pl) has one path whatever OPENSSL_ia32cap
 * says: it races in "best" only. */
static const char *const sha_algos[] = { "sha1", "sha256", "sha512", "md5" };

/* --algo=NAME: race only this algorithm (NULL: all). */
static const char *only_algo;

static bool wanted(const char *algo)
{
	return !only_algo || strcmp(only_algo, algo) == 0;
}

static bool is_intel(void)
{
	return strstr(cpu_brand(), "Intel") != NULL;
}

/* Why OpenSSL cannot take this path here, or NULL. */
static const char *path_unavailable(const struct openssl_path *p)
{
	if (p->needs & ~cpu_features_get())
		return "this CPU lacks what OpenSSL's path needs";
	if (p->intel_only && !is_intel())
		return "OpenSSL takes its AVX path only on Intel CPUs";
	return NULL;
}

static const struct openssl_path *path_named(const char *name)
{
	for (size_t i = 0; i < NPATHS; i++)
		if (strcmp(paths[i].name, name) == 0)
			return &paths[i];
	return NULL;
}

static void skip_line(const char *algo, const char *what, const char *why)
{
	printf("%-8s %s: not compared (%s)\n\n", algo, what, why);
}

/* simdsum's implementations that no OpenSSL path matches (avx512, ...)
 * race OpenSSL's best. */
static bool has_matching_path(const char *impl_name)
{
	const struct openssl_path *p = path_named(impl_name);
	return p && p != &paths[0];
}

static void race_openssl(const struct openssl_path *p, const struct algo *a, const uint8_t *buf,
			 unsigned batches)
{
	struct contestant ours, peer;
	char what[64];

	if (!(p->families & (1u << a->family))) {
		snprintf(what, sizeof what, "simdsum %s vs OpenSSL %s", p->name, p->name);
		skip_line(a->name, what, "OpenSSL 3 has no such path for this algorithm");
		return;
	}
	openssl_contestant(&peer, a, p->name);
	if (p == &paths[0]) {
		simdsum_contestant(&ours, a, NULL);
		compare(&ours, &peer, buf, batches);
		for (const struct impl *i = impl_table(a->family); i->name; i++) {
			if (has_matching_path(i->name) || impl_is_multibuffer(i) || impl_missing(i))
				continue;
			simdsum_contestant(&ours, a, i);
			compare(&ours, &peer, buf, batches);
		}
	} else {
		const struct impl *impl = impl_find(a->family, p->name);
		snprintf(what, sizeof what, "simdsum %s vs OpenSSL %s", p->name, p->name);
		if (!impl)
			skip_line(a->name, what, "simdsum has no such implementation in this build");
		else if (impl_missing(impl))
			skip_line(a->name, what, "this CPU cannot run simdsum's");
		else {
			simdsum_contestant(&ours, a, impl);
			compare(&ours, &peer, buf, batches);
		}
	}
	contestant_free(&peer);
}

/* Every implementation of a CRC and auto against a peer called the same
 * way, one function on a raw register (dispatch_crc against the peer's
 * function); auto is also raced through the generic hash_ctx, what a
 * caller hashing any algorithm pays. */
static void race_crc(const char *name, const struct contestant *peer, const uint8_t *buf,
		     unsigned batches)
{
	const struct algo *a = algo_by_name(name);
	struct contestant ours;

	for (const struct impl *i = impl_table(a->family); i->name; i++) {
		if (impl_is_multibuffer(i) || impl_missing(i))
			continue;
		simdsum_contestant(&ours, a, i);
		ours.op = simdsum_crc_op;
		compare(&ours, peer, buf, batches);
	}
	simdsum_contestant(&ours, a, NULL);
	ours.op = simdsum_crc_op;
	compare(&ours, peer, buf, batches);
	simdsum_contestant(&ours, a, NULL);
	snprintf(ours.label, sizeof ours.label, "simdsum auto, hash_ctx");
	compare(&ours, peer, buf, batches);
}

static struct contestant library_peer(const char *algo, const char *label,
				      void (*op)(const struct contestant *, const uint8_t *,
						 size_t, uint8_t *))
{
	struct contestant peer;

	memset(&peer, 0, sizeof peer);
	peer.op = op;
	peer.algo = algo_by_name(algo);
	snprintf(peer.label, sizeof peer.label, "%s", label);
	return peer;
}

/* CRC-32C's widest folding row that this CPU runs (vpclmul, vpclmul256,
 * pclmul), or CRC-32C auto where it runs none. */
static void folding_reference(struct contestant *peer)
{
	static const char *const widest_first[] = { "vpclmul", "vpclmul256", "pclmul" };
	const struct algo *c32c = algo_by_name("crc32c");
	const struct impl *fold = NULL;

	for (size_t k = 0; k < sizeof widest_first / sizeof *widest_first && !fold; k++) {
		fold = impl_find(FAMILY_CRC32C, widest_first[k]);
		if (fold && impl_missing(fold))
			fold = NULL;
	}
	simdsum_contestant(peer, c32c, fold);
	peer->op = simdsum_crc_op;
	snprintf(peer->label, sizeof peer->label, "crc32c %s", fold ? fold->name : "auto");
}

static void race_crcs(const uint8_t *buf, unsigned batches)
{
	struct contestant peer;

	if (wanted("crc32c")) {
		peer = library_peer("crc32c", "ISA-L crc32_iscsi", isal_op);
		race_crc("crc32c", &peer, buf, batches);
	}
	if (wanted("crc32")) {
		peer = library_peer("crc32", "ISA-L crc32_gzip_refl", isal_gzip_op);
		race_crc("crc32", &peer, buf, batches);
		peer = library_peer("crc32", "zlib crc32", zlib_op);
		race_crc("crc32", &peer, buf, batches);
	}
	if (wanted("crc32") || wanted("crc64nvme")) {
		/* The speed the other CRCs are held to: CRC-32C's widest folding
		 * kernel this CPU runs, the same folds from the same template.
		 * (CRC-32C auto may be a blend with crc32 instructions, which
		 * no other polynomial has.) No library computes CRC-64/NVME. */
		folding_reference(&peer);
		if (wanted("crc32"))
			race_crc("crc32", &peer, buf, batches);
		if (wanted("crc64nvme"))
			race_crc("crc64nvme", &peer, buf, batches);
	}
}

/* --- processes ---------------------------------------------------------- */

static int run_child(const struct openssl_path *p, unsigned batches)
{
	uint8_t *buf = aligned_alloc(64, MAX_SIZE);

	if (!buf)
		return 1;
	for (size_t i = 0; i < MAX_SIZE; i++)
		buf[i] = (uint8_t)(i * 131 + (i >> 9));
	printf("== OpenSSL path: %s (OPENSSL_ia32cap%s%s%s)\n\n", p->name, p->ia32cap ? "=\"" : " unset",
	       p->ia32cap ? p->ia32cap : "", p->ia32cap ? "\"" : "");
	print_size_header();
	for (size_t k = 0; k < sizeof sha_algos / sizeof sha_algos[0]; k++)
		if (wanted(sha_algos[k]))
			race_openssl(p, algo_by_name(sha_algos[k]), buf, batches);
	if (p == &paths[0])
		race_crcs(buf, batches);
	free(buf);
	return 0;
}

/* Runs this program again for one path, with OPENSSL_ia32cap set (or
 * removed) before libcrypto loads. */
static bool spawn_path(const char *self, const struct openssl_path *p, unsigned batches)
{
	char patharg[32], batcharg[32], algoarg[32];

	fflush(stdout);
	pid_t pid = fork();
	if (pid < 0) {
		perror("peers: fork");
		return false;
	}
	if (pid == 0) {
		if (p->ia32cap)
			setenv("OPENSSL_ia32cap", p->ia32cap, 1);
		else
			unsetenv("OPENSSL_ia32cap");
		snprintf(patharg, sizeof patharg, "--path=%s", p->name);
		snprintf(batcharg, sizeof batcharg, "--batches=%u", batches);
		snprintf(algoarg, sizeof algoarg, "--algo=%s", only_algo ? only_algo : "");
		execl(self, self, patharg, batcharg, only_algo ? algoarg : (char *)NULL,
		      (char *)NULL);
		perror("peers: exec");
		_exit(127);
	}
	int status;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static int run_parent(unsigned batches)
{
	bool ok = true;

	printf("simdsum vs OpenSSL (EVP) and ISA-L, one process per OpenSSL path\n");
	printf("CPU: %s\n", cpu_brand());
	printf("OpenSSL: %s\n", OpenSSL_version(OPENSSL_VERSION));
	printf("method: each operation hashes one message of the size from a cached buffer:\n"
	       "  SHA as init, update, final (simdsum through its driver, hash_ctx);\n"
	       "  a CRC as one call on the register, the way crc32_iscsi is called\n"
	       "  (simdsum's auto also through hash_ctx). Per size, %u batches of about\n"
	       "  %u us per contestant, alternating which goes first; the fastest batch\n"
	       "  of each. Ratios above 1 mean simdsum is faster.\n\n",
	       batches, BATCH_NS / 1000);
	for (size_t i = 0; i < NPATHS; i++) {
		const char *why = path_unavailable(&paths[i]);
		if (only_algo && strncmp(only_algo, "crc", 3) == 0 && i > 0)
			break;   /* the CRCs race in the "best" process only */
		if (why) {
			printf("== OpenSSL path: %s: not compared (%s)\n\n", paths[i].name, why);
			continue;
		}
		if (!spawn_path("/proc/self/exe", &paths[i], batches))
			ok = false;
	}
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *path = NULL;
	unsigned batches = DEFAULT_BATCHES;

	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "--path=", 7) == 0)
			path = argv[i] + 7;
		else if (strncmp(argv[i], "--batches=", 10) == 0 && atoi(argv[i] + 10) > 0)
			batches = (unsigned)atoi(argv[i] + 10);
		else if (strncmp(argv[i], "--algo=", 7) == 0 &&
			 (strcmp(argv[i] + 7, "crc32c") == 0 || strcmp(argv[i] + 7, "crc32") == 0 ||
			  strcmp(argv[i] + 7, "crc64nvme") == 0 || strcmp(argv[i] + 7, "sha1") == 0 ||
			  strcmp(argv[i] + 7, "sha256") == 0 || strcmp(argv[i] + 7, "sha512") == 0 ||
			  strcmp(argv[i] + 7, "md5") == 0))
			only_algo = argv[i] + 7;
		else {
			fprintf(stderr,
				"usage: %s [--batches=N] [--algo=sha1|sha256|sha512|md5|crc32c|crc32|crc64nvme]"
				" [--path=NAME]\n",
				argv[0]);
			return 2;
		}
	}
	if (!path)
		return run_parent(batches);
	const struct openssl_path *p = path_named(path);
	if (!p) {
		fprintf(stderr, "peers: unknown path '%s'\n", path);
		return 2;
	}
	return run_child(p, batches);
}
