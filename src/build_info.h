/* SPDX-License-Identifier: MIT */
/* build_info.h - how this binary was built, for the benchmark's header.
 * Layer: platform. */
#ifndef SIMDSUM_BUILD_INFO_H
#define SIMDSUM_BUILD_INFO_H

/* "gcc 12.2.0", "Debian Clang 14.0.6", ... */
const char *build_compiler(void);

/* The CFLAGS the Makefile compiled with (passed to build_info.c alone,
 * so changing them does not rebuild everything). */
const char *build_cflags(void);

#endif
