/* SPDX-License-Identifier: MIT */
/* write_full.c - writing a whole buffer to a descriptor. */
#include <errno.h>
#include <unistd.h>

#include "write_full.h"

int write_full(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? errno : EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}
