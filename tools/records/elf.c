// SPDX-License-Identifier: GPL-2.0
/*
 * elf.c - find one section of an ELF64 little-endian object, read from
 * memory with every offset checked: an object is input like any other.
 */
#include <elf.h>
#include <stdint.h>
#include <string.h>
#include "lib/util.h"
#include "records/objects.h"

/* The tool reads the objects of the machine it runs on. */
#if defined(__x86_64__)
#define HOST_MACHINE	EM_X86_64
#elif defined(__aarch64__)
#define HOST_MACHINE	EM_AARCH64
#elif defined(__riscv) && __riscv_xlen == 64
#define HOST_MACHINE	EM_RISCV
#else
#define HOST_MACHINE	EM_NONE		/* any */
#endif

/* [off, off + n) lies inside a buffer of LEN bytes */
static bool inside(uint64_t off, uint64_t n, size_t len)
{
	return off <= len && n <= len - off;
}

static const Elf64_Shdr *shdr(const char *data, const Elf64_Ehdr *eh, size_t i)
{
	return (const Elf64_Shdr *)(data + eh->e_shoff + i * sizeof(Elf64_Shdr));
}

int lf_elf_section(const char *path, const char *data, size_t len,
		   const char *name, const char **sec, size_t *seclen)
{
	Elf64_Ehdr eh;
	const Elf64_Shdr *strtab;
	uint64_t shnum, shstrndx;
	bool found = false;

	if (len < EI_NIDENT || memcmp(data, ELFMAG, SELFMAG))
		lf_die("%s: not an ELF object", path);
	if (data[EI_CLASS] != ELFCLASS64 || data[EI_DATA] != ELFDATA2LSB)
		lf_die("%s: not a 64-bit little-endian ELF object (another architecture?)",
		       path);
	if (len < sizeof(eh))
		lf_die("%s: corrupt ELF object: cut in its header", path);
	memcpy(&eh, data, sizeof(eh));
	if (HOST_MACHINE != EM_NONE && eh.e_machine != HOST_MACHINE)
		lf_die("%s: ELF object of another architecture (machine %u, "
		       "this tool reads %u)", path, eh.e_machine, HOST_MACHINE);
	if (!eh.e_shoff)
		return 1;	/* no sections at all */
	if (eh.e_shentsize != sizeof(Elf64_Shdr) || (eh.e_shoff & 7) ||
	    !inside(eh.e_shoff, sizeof(Elf64_Shdr), len))
		lf_die("%s: corrupt ELF object: bad section header table", path);
	/* More sections than e_shnum holds: the count is in section 0. */
	shnum = eh.e_shnum ? eh.e_shnum : shdr(data, &eh, 0)->sh_size;
	shstrndx = eh.e_shstrndx == SHN_XINDEX ? shdr(data, &eh, 0)->sh_link :
						 eh.e_shstrndx;
	if (shnum > len / sizeof(Elf64_Shdr) ||
	    !inside(eh.e_shoff, shnum * sizeof(Elf64_Shdr), len) ||
	    shstrndx >= shnum)
		lf_die("%s: corrupt ELF object: bad section header table", path);
	strtab = shdr(data, &eh, shstrndx);
	if (!inside(strtab->sh_offset, strtab->sh_size, len))
		lf_die("%s: corrupt ELF object: section names past the end of the file",
		       path);
	for (uint64_t i = 1; i < shnum; i++) {
		const Elf64_Shdr *sh = shdr(data, &eh, i);
		const char *names = data + strtab->sh_offset;
		size_t want = strlen(name) + 1;

		if (sh->sh_name >= strtab->sh_size ||
		    strtab->sh_size - sh->sh_name < want ||
		    memcmp(names + sh->sh_name, name, want))
			continue;
		/* one section only: a second would be read or skipped
		 * depending on the order */
		if (found)
			lf_die("%s: two %s sections", path, name);
		if (sh->sh_type != SHT_PROGBITS ||
		    !inside(sh->sh_offset, sh->sh_size, len))
			lf_die("%s: section %s is truncated or corrupt", path, name);
		*sec = data + sh->sh_offset;
		*seclen = sh->sh_size;
		found = true;
	}
	return found ? 0 : 1;
}
