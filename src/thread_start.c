/* SPDX-License-Identifier: MIT */
#include "thread_start.h"

bool thread_start(pthread_t *thread, void *(*fn)(void *), void *arg)
{
	pthread_attr_t attr;
	size_t size = 0;

	if (pthread_getattr_default_np(&attr) != 0)
		return pthread_create(thread, NULL, fn, arg) == 0;
	pthread_attr_getstacksize(&attr, &size);
	pthread_attr_destroy(&attr);
	if (pthread_attr_init(&attr) != 0)
		return false;
	bool ok = pthread_attr_setstacksize(&attr, size > THREAD_STACK_MIN ? size : THREAD_STACK_MIN) == 0 &&
		  pthread_create(thread, &attr, fn, arg) == 0;
	pthread_attr_destroy(&attr);
	return ok;
}
