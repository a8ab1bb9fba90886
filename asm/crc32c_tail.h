/* SPDX-License-Identifier: MIT */
/* crc32c_tail.h - the last len mod 8 bytes of a CRC-32C, through the crc32 instruction. */
#ifndef SIMDSUM_CRC32C_TAIL_H
#define SIMDSUM_CRC32C_TAIL_H

/* CRC32_TAIL data, crc, lenb: the 0 to 7 bytes at data that follow the
 * last whole qword go into crc (the register's 32-bit name) with one
 * crc32 of each size the count needs, 4, 2 and 1 bytes in that order;
 * lenb is the low byte of the length, whose bits 2, 1 and 0 give that
 * count.  data is advanced past all but the last piece.  Every CRC
 * kernel ends this way, whether its bulk was folded or chained. */
.macro CRC32_TAIL data, crc, lenb
	test	$4, \lenb
	jz	.Ltail_2\@
	crc32l	(\data), \crc
	add	$4, \data
.Ltail_2\@:
	test	$2, \lenb
	jz	.Ltail_1\@
	crc32w	(\data), \crc
	add	$2, \data
.Ltail_1\@:
	test	$1, \lenb
	jz	.Ltail_done\@
	crc32b	(\data), \crc
.Ltail_done\@:
.endm

#endif /* SIMDSUM_CRC32C_TAIL_H */
