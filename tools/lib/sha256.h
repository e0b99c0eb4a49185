/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sha256.h - SHA-256 of a byte stream, as sha256sum prints it.
 */
#ifndef LOCKFIT_SHA256_H
#define LOCKFIT_SHA256_H

#include <stddef.h>
#include <stdint.h>

struct lf_sha256 {
	uint32_t h[8];
	uint64_t len;
	unsigned char buf[64];
};

void lf_sha256_init(struct lf_sha256 *s);
void lf_sha256_add(struct lf_sha256 *s, const void *data, size_t n);
/* Finish: 64 hex digits and a NUL in HEX. */
void lf_sha256_hex(struct lf_sha256 *s, char hex[65]);

#endif
