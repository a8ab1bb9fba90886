/* list_impls.h - --list-impls. */
#ifndef SIMDSUM_LIST_IMPLS_H
#define SIMDSUM_LIST_IMPLS_H

/* Prints the CPU, its features, and for every algorithm each compiled-in
 * implementation with its status and what auto picks. */
void list_impls_print(void);

#endif
