/* SPDX-License-Identifier: MIT */
/* replay.c - runs a fuzz target's LLVMFuzzerTestOneInput over files
 * (the seed corpus, crash reproducers) without libFuzzer, so that any
 * compiler builds the targets and `make check` replays the corpus. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t size);

static int replay_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	size_t len = 0, cap = 0, n;

	if (!f) {
		perror(path);
		return -1;
	}
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 4096;
			unsigned char *p = realloc(buf, cap);
			if (!p)
				abort();
			buf = p;
		}
		n = fread(buf + len, 1, cap - len, f);
		len += n;
	} while (n > 0);
	fclose(f);
	/* An exact-size copy, so the sanitizers see reads past the input. */
	unsigned char *exact = malloc(len ? len : 1);
	if (!exact)
		abort();
	memcpy(exact, buf, len);
	free(buf);
	LLVMFuzzerTestOneInput(exact, len);
	free(exact);
	return 0;
}

/* A directory's regular files, or the path itself. */
static int replay(const char *path, unsigned *count)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode)) {
		(*count)++;
		return replay_file(path);
	}
	DIR *d = opendir(path);
	struct dirent *e;
	int rc = 0;
	if (!d) {
		perror(path);
		return -1;
	}
	while ((e = readdir(d))) {
		char sub[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		if (replay(sub, count) != 0)
			rc = -1;
	}
	closedir(d);
	return rc;
}

int main(int argc, char **argv)
{
	unsigned count = 0;
	int rc = 0;

	for (int i = 1; i < argc; i++)
		if (replay(argv[i], &count) != 0)
			rc = 1;
	printf("%s: %u inputs replayed\n", argv[0], count);
	return rc;
}
