/* SPDX-License-Identifier: MIT */
/* crc32c_ref.c - an independent CRC for the CLI tests, printed as simdsum
 * prints it ("HEX  NAME"): ISA-L's crc32_iscsi for CRC-32C (the default),
 * with -a crc32 ISA-L's crc32_gzip_refl, with -a crc64nvme a byte table
 * built here from the CRC catalogue's polynomial (ISA-L has no CRC-64/NVME).
 * Shares no code with simdsum. */
#include <fcntl.h>
#include <isa-l.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK (1 << 20)

enum kind { CRC32C, CRC32, CRC64NVME };

static uint64_t table64[256];

static void build_table64(void)
{
	for (unsigned b = 0; b < 256; b++) {
		uint64_t r = b;
		for (int k = 0; k < 8; k++)
			r = (r >> 1) ^ (0x9a6c9329ac4bc9b5ull & (0 - (r & 1)));
		table64[b] = r;
	}
}

/* The standard CRC of the file (init and final xor all ones). */
static int crc_file(const char *name, enum kind kind, uint64_t *out)
{
	static unsigned char buf[CHUNK];
	uint64_t reg = ~(uint64_t)0;
	uint32_t std32 = 0;   /* crc32_gzip_refl works on the standard CRC */
	int fd = open(name, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, CHUNK)) > 0) {
		if (kind == CRC32C)
			reg = crc32_iscsi(buf, (int)n, (uint32_t)reg);
		else if (kind == CRC32)
			std32 = crc32_gzip_refl(std32, buf, (uint64_t)n);
		else
			for (ssize_t i = 0; i < n; i++)
				reg = (reg >> 8) ^ table64[(reg ^ buf[i]) & 0xff];
	}
	close(fd);
	*out = kind == CRC32 ? std32 : kind == CRC32C ? ~reg & 0xffffffffu : ~reg;
	return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
	enum kind kind = CRC32C;
	int status = 0, first = 1;

	if (argc > 2 && strcmp(argv[1], "-a") == 0) {
		if (strcmp(argv[2], "crc32") == 0)
			kind = CRC32;
		else if (strcmp(argv[2], "crc64nvme") == 0)
			kind = CRC64NVME;
		else if (strcmp(argv[2], "crc32c") != 0) {
			fprintf(stderr, "crc32c_ref: -a crc32c, crc32 or crc64nvme\n");
			return 2;
		}
		first = 3;
	}
	build_table64();
	for (int i = first; i < argc; i++) {
		uint64_t crc;
		if (crc_file(argv[i], kind, &crc) != 0) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		printf(kind == CRC64NVME ? "%016llx  %s\n" : "%08llx  %s\n", (unsigned long long)crc,
		       argv[i]);
	}
	return status;
}
