/* SPDX-License-Identifier: MIT */
/* build_info.c - the compiler and flags this binary was built with. */
#include "build_info.h"

#ifndef SIMDSUM_CFLAGS
#define SIMDSUM_CFLAGS "(not recorded by this build)"
#endif

const char *build_compiler(void)
{
#if defined(__clang__)
	return __VERSION__;   /* already says "clang" */
#elif defined(__GNUC__)
	return "gcc " __VERSION__;
#else
	return "unknown compiler";
#endif
}

const char *build_cflags(void)
{
	return SIMDSUM_CFLAGS;
}
