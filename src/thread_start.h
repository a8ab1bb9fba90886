/* SPDX-License-Identifier: MIT */
/* thread_start.h - every thread simdsum starts, with a stack whose size
 * does not follow ulimit -s. Layer: platform. */
#ifndef SIMDSUM_THREAD_START_H
#define SIMDSUM_THREAD_START_H

#include <pthread.h>
#include <stdbool.h>

/* pthread_create with a stack of at least THREAD_STACK_MIN bytes (more
 * when the default is larger). glibc sizes a new thread's stack from
 * RLIMIT_STACK, so under "ulimit -s 24" a worker got 24 KiB and died of
 * a stack overflow in the first file. false when the thread did not
 * start; every caller then does the work itself or with fewer threads. */
bool thread_start(pthread_t *thread, void *(*fn)(void *), void *arg);

#define THREAD_STACK_MIN (1024 * 1024)

#endif
