/* crc32c_ref.c - an independent CRC-32C for the CLI tests: ISA-L's
 * crc32_iscsi over each named file, printed as simdsum -a crc32c does
 * ("%08x  NAME"). Shares no code with simdsum. */
#include <fcntl.h>
#include <isa-l.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CHUNK (1 << 20)

static int crc_file(const char *name, unsigned *out)
{
	static unsigned char buf[CHUNK];
	unsigned reg = 0xffffffffu;   /* crc32_iscsi takes the raw register */
	int fd = open(name, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -1;
	while ((n = read(fd, buf, CHUNK)) > 0)
		reg = crc32_iscsi(buf, (int)n, reg);
	close(fd);
	*out = ~reg;
	return n < 0 ? -1 : 0;
}

int main(int argc, char **argv)
{
	int status = 0;

	for (int i = 1; i < argc; i++) {
		unsigned crc;
		if (crc_file(argv[i], &crc) != 0) {
			perror(argv[i]);
			status = 1;
			continue;
		}
		printf("%08x  %s\n", crc, argv[i]);
	}
	return status;
}
