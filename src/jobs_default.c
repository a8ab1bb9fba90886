/* SPDX-License-Identifier: MIT */
/* jobs_default.c - see jobs_default.h.
 *
 * Why. Parallel reads make a spinning disk seek from file to file, so
 * data that must come off one is read by one worker. Data in the page
 * cache costs no seek, and cloud VMs' virtio disks call themselves
 * rotational, so the disk alone does not decide: the sampled files must
 * also be uncached. The sample is small, as it is taken before every run
 * with several operands: the first few operands, and inside the
 * directories among them (-r, walked later) the first few files a shallow
 * walk finds.
 *
 * For tests: SIMDSUM_TEST_ROTATIONAL=1 puts every file on a rotational
 * disk and =0 on none (any other value: the disk says); with
 * SIMDSUM_TEST_UNCACHED=1 (page_cache.c) no file is cached. */
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "crc_split.h"
#include "jobs_default.h"
#include "page_cache.h"

#define SAMPLE_OPERANDS JOBS_SAMPLE_NAMES   /* operands looked at, from the first */
#define SAMPLE_FILES 8      /* files sampled inside directories, over all */
#define SAMPLE_ENTRIES 256  /* directory entries read, over all */
#define SAMPLE_PER_DIR 64   /* read from one directory before going down */
#define SAMPLE_SUBDIRS 4    /* subdirectories of one directory gone into */
#define SAMPLE_DEPTH 3      /* levels below the operand */
_Static_assert(SAMPLE_FILES >= SAMPLE_OPERANDS && SAMPLE_ENTRIES >= SAMPLE_OPERANDS,
	       "every directory operand gets a share");

static const char *jobs_reason;

const char *jobs_default_reason(void)
{
	return jobs_reason;
}

unsigned jobs_within_descriptors(unsigned jobs)
{
	struct rlimit rl;

	if (jobs < 2 || getrlimit(RLIMIT_NOFILE, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY)
		return jobs;
	rlim_t room = rl.rlim_cur > JOBS_DESCRIPTORS_KEPT ? rl.rlim_cur - JOBS_DESCRIPTORS_KEPT : 0;
	if (jobs <= room)
		return jobs;
	jobs_reason = "as many as the open-file limit leaves room for";
	return room ? (unsigned)room : 1;
}

struct disk_sample {
	int forced;             /* SIMDSUM_TEST_ROTATIONAL: 0, 1, or -1 */
	bool known;             /* the last device asked about, and its answer */
	dev_t dev;
	bool rotational;
	bool cached;            /* a file on a rotational disk was in the cache */
};

/* The files one directory operand may still sample, and what they said. */
struct dir_budget {
	unsigned files, entries;
	unsigned sampled;
	bool uncached;
};

/* /sys/dev/block/MAJ:MIN/queue/rotational, or the parent device's for a
 * partition; no such file (tmpfs, overlayfs, NFS...) counts as no. The
 * operands are usually on one device: its answer is kept. Read through
 * stdio, whose reads the test suite's fault shim (which matches paths by
 * substring: "/sys/devices" holds "vic") does not see. */
static bool on_rotational_disk(struct disk_sample *s, dev_t dev)
{
	char path[128];
	int c = '0';

	if (s->forced >= 0)
		return s->forced;
	if (s->known && s->dev == dev)
		return s->rotational;
	for (int i = 0; i < 2; i++) {
		snprintf(path, sizeof path, "/sys/dev/block/%u:%u/%squeue/rotational",
			 major(dev), minor(dev), i ? "../" : "");
		FILE *f = fopen(path, "re");
		if (!f)
			continue;
		c = fgetc(f);
		fclose(f);
		break;
	}
	s->known = true;
	s->dev = dev;
	s->rotational = c == '1';
	return s->rotational;
}

/* Whether the open file fd (st its fstat) is a sample, and if it is,
 * whether its data must come off a rotational disk. An empty file or one
 * on another kind of disk tells nothing about the cache. */
static bool sample_file(struct disk_sample *s, int fd, const struct stat *st, bool *uncached)
{
	if (!S_ISREG(st->st_mode) || st->st_size == 0 || !on_rotational_disk(s, st->st_dev))
		return false;
	if (page_cache_resident(fd, (uint64_t)st->st_size))
		s->cached = true;
	else
		*uncached = true;
	return true;
}

/* Samples the regular files among the first entries of directory dfd
 * (closed here), then goes into the first few subdirectories on the same
 * file system. Symbolic links are not followed; O_NONBLOCK: an entry that
 * has just become a FIFO must not make the open wait. */
static void sample_dir(struct disk_sample *s, int dfd, dev_t dev, int depth, struct dir_budget *b)
{
	char subs[SAMPLE_SUBDIRS][NAME_MAX + 1];
	unsigned nsubs = 0, nread = 0;
	const int flags = O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY;
	struct dirent *de;
	struct stat st;
	DIR *d = fdopendir(dfd);

	if (!d) {
		close(dfd);
		return;
	}
	while (b->files && b->entries && !b->uncached && nread < SAMPLE_PER_DIR &&
	       (de = readdir(d))) {
		const char *name = de->d_name;
		if (name[0] == '.' && (!name[1] || (name[1] == '.' && !name[2])))
			continue;
		b->entries--;
		nread++;
		unsigned char type = de->d_type;
		if (type == DT_UNKNOWN) {
			/* Some file systems leave the type to a stat. */
			if (fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) != 0)
				continue;
			type = S_ISREG(st.st_mode) ? DT_REG : S_ISDIR(st.st_mode) ? DT_DIR : DT_LNK;
		}
		if (type == DT_DIR && nsubs < SAMPLE_SUBDIRS && depth < SAMPLE_DEPTH &&
		    strlen(name) <= NAME_MAX) {
			strcpy(subs[nsubs++], name);
		} else if (type == DT_REG) {
			int fd = openat(dirfd(d), name, flags);
			if (fd < 0)
				continue;
			if (fstat(fd, &st) == 0 && sample_file(s, fd, &st, &b->uncached)) {
				b->files--;
				b->sampled++;
			}
			close(fd);
		}
	}
	for (unsigned i = 0; i < nsubs && b->files && b->entries && !b->uncached; i++) {
		int fd = openat(dirfd(d), subs[i], flags | O_DIRECTORY);
		if (fd < 0)
			continue;
		/* Another device is mounted here: not this disk's files. */
		if (fstat(fd, &st) != 0 || st.st_dev != dev) {
			close(fd);
			continue;
		}
		sample_dir(s, fd, dev, depth + 1, b);
	}
	closedir(d);
}

unsigned jobs_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0)
		return (unsigned)CPU_COUNT(&set);
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	return online > 0 ? (unsigned)online : 1;
}

unsigned jobs_default(char *const *names, int count, bool every_file)
{
	unsigned cpus = jobs_cpus();

	if (cpus <= 1) {
		jobs_reason = "one CPU";
		return 1;
	}
	/* "simdsum FILE": a second worker could only help by splitting the
	 * file, and asking its disk and the page cache cost eight system
	 * calls, 3% of a run on a small file on the Zen 5 VM. */
	struct stat st;
	if (every_file && count == 1 && strcmp(names[0], "-") != 0 && stat(names[0], &st) == 0 &&
	    S_ISREG(st.st_mode) && !crc_split_size_worth((uint64_t)st.st_size)) {
		jobs_reason = "one file, too small to split";
		return 1;
	}

	const char *test = getenv("SIMDSUM_TEST_ROTATIONAL");
	struct disk_sample s = { .forced = test && (*test == '0' || *test == '1') && !test[1] ?
						   *test - '0' : -1 };
	int dirs[SAMPLE_OPERANDS], ndirs = 0;
	bool uncached = false;

	/* The operands themselves. stat first: only regular files and
	 * directories are opened (opening a FIFO would wait for a writer, or
	 * take a waiting writer's reader away; a tape rewinds on close), and
	 * those on a disk that does not seek need not be opened at all. */
	for (int i = 0; i < count && i < SAMPLE_OPERANDS && !uncached; i++) {
		if (strcmp(names[i], "-") == 0 || stat(names[i], &st) != 0 ||
		    !on_rotational_disk(&s, st.st_dev))
			continue;
		if (S_ISDIR(st.st_mode)) {
			dirs[ndirs++] = i;
		} else if (S_ISREG(st.st_mode)) {
			int fd = open(names[i], O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
			if (fd < 0)
				continue;
			if (fstat(fd, &st) == 0)
				sample_file(&s, fd, &st, &uncached);
			close(fd);
		}
	}

	/* Then inside the directories, each given its share of what the
	 * ones before it left (at least a file: SAMPLE_FILES >= operands).
	 * One that yields nothing to sample (empty, unreadable, only links,
	 * a deep tree) might hold anything: stay careful. */
	unsigned files = SAMPLE_FILES, entries = SAMPLE_ENTRIES;
	for (int k = 0; k < ndirs && !uncached; k++) {
		unsigned left = (unsigned)(ndirs - k);
		const unsigned share_files = files / left, share_entries = entries / left;
		struct dir_budget b = { .files = share_files, .entries = share_entries };
		int fd = open(names[dirs[k]], O_RDONLY | O_CLOEXEC | O_DIRECTORY | O_NONBLOCK);
		if (fd < 0)
			continue;
		if (fstat(fd, &st) != 0) {
			close(fd);
			continue;
		}
		sample_dir(&s, fd, st.st_dev, 0, &b);
		files -= share_files - b.files;
		entries -= share_entries - b.entries;
		if (!b.sampled && !b.uncached) {
			jobs_reason = "a directory on a rotational disk, no file to sample";
			return 1;
		}
		uncached = b.uncached;
	}
	if (uncached) {
		jobs_reason = "files on a rotational disk, not cached";
		return 1;
	}
	jobs_reason = s.cached ? "on a rotational disk but cached" : "the CPUs available";
	return cpus;
}
