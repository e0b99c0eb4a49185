// SPDX-License-Identifier: GPL-2.0
/*
 * lfvm-census - the census phase of lockfit's VM workload (docs/VM.md
 * "The census"): syscalls that take the rw locks of the whole-defconfig
 * census which a guest without hardware can reach.  One subcommand per
 * subsystem; each is bounded by its counts and by alarm(), prints what
 * failed on stderr and exits 1 on a failed step (the init logs it and
 * goes on).  Built `gcc -static` by scripts/vm.sh; busybox has no tool
 * for these (no pppd, keyctl, ip xfrm, sg_inq).
 *
 *   lfvm-census fasync               fasync_struct::fa_lock, fown_struct::lock
 *   lfvm-census mpol                 shared_policy::lock (mbind on shmem)
 *   lfvm-census keys                 keyring_name_lock
 *   lfvm-census xfrm                 xfrm_policy::lock
 *   lfvm-census rxrpc                rxrpc_sock, rxrpc_local, rxrpc_net locks
 *   lfvm-census sg DEV               sg_index_lock, sg_device::sfd_lock
 *   lfvm-census drm                  drm_vma_offset_node::vm_lock (vgem)
 *   lfvm-census ppp DEV PEER         pppoe_net::hash_lock, channel::upl
 *   lfvm-census ra DEV PEER          ip6_ra_lock
 *
 * ppp and ra send frames into DEV from its veth peer PEER with an
 * AF_PACKET socket, so that they take DEV's receive path.
 */
#define _GNU_SOURCE
#include <net/if.h>	/* before linux/if.h (via if_pppox.h): libc-compat */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/if_ether.h>
#include <linux/if_packet.h>
#include <linux/if_pppox.h>
#include <linux/keyctl.h>
#include <linux/mempolicy.h>
#include <linux/netlink.h>
#include <linux/ppp-ioctl.h>
#include <linux/rxrpc.h>
#include <linux/xfrm.h>
#include <netinet/in.h>
#include <scsi/sg.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <unistd.h>

static const char *prog = "lfvm-census";
static int failed;

/* note a failed step; the phase goes on with the next one */
static void bad(const char *what)
{
	fprintf(stderr, "%s: %s: %s\n", prog, what, strerror(errno));
	failed = 1;
}

/* ---- fasync: SIGIO on a pipe ---- */

static volatile sig_atomic_t sigios;
static void on_sigio(int sig) { (void)sig; sigios++; }

static void do_fasync(void)
{
	int p[2];
	char c = 'x';

	signal(SIGIO, on_sigio);
	if (pipe(p)) { bad("pipe"); return; }
	for (int i = 0; i < 200; i++) {
		/* F_SETOWN writes fown_struct::lock, O_ASYNC inserts the
		 * fasync entry; each write sends SIGIO through kill_fasync
		 * (fa_lock) and send_sigio (the owner's lock) */
		if (fcntl(p[0], F_SETOWN, getpid()) ||
		    fcntl(p[0], F_SETFL, O_ASYNC | O_NONBLOCK)) {
			bad("fcntl");
			break;
		}
		if (write(p[1], &c, 1) != 1 || read(p[0], &c, 1) != 1)
			bad("pipe i/o");
		if (fcntl(p[0], F_GETOWN) != getpid())
			bad("F_GETOWN");
		if (i % 2 && fcntl(p[0], F_SETFL, O_NONBLOCK))
			bad("fcntl clear O_ASYNC");
	}
	close(p[0]);
	close(p[1]);
	printf("fasync: %d SIGIO\n", (int)sigios);
}

/* ---- mpol: a shared policy on a shmem mapping ---- */

static void do_mpol(void)
{
	const size_t pg = 4096, n = 256;
	unsigned long node0 = 1;
	int fd = memfd_create("lfvm-mpol", 0);
	char *m;

	if (fd < 0 || ftruncate(fd, n * pg)) { bad("memfd"); return; }
	m = mmap(NULL, n * pg, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) { bad("mmap memfd"); return; }
	for (int round = 0; round < 4; round++) {
		/* mbind on shmem: shmem_set_policy() writes shared_policy::lock;
		 * every page then allocated looks the policy up (read) */
		for (size_t i = 0; i < n; i += 16)
			if (syscall(SYS_mbind, m + i * pg, 16 * pg,
				    round % 2 ? MPOL_PREFERRED : MPOL_BIND,
				    &node0, 8 * sizeof(node0), 0))
				bad("mbind");
		for (size_t i = 0; i < n; i++)
			m[i * pg] = (char)i;
		if (fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, 0, n * pg))
			bad("punch hole");
	}
	munmap(m, n * pg);
	close(fd);
	printf("mpol: %zu pages, 4 rounds\n", n);
}

/* ---- keys: named keyrings ---- */

static void do_keys(void)
{
	char name[32];
	int made = 0, joined = 0;

	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "lfvm-ring-%d", i % 10);
		/* a named keyring is published (keyring_name_lock write) */
		if (syscall(SYS_add_key, "keyring", name, NULL, 0,
			    KEY_SPEC_PROCESS_KEYRING) >= 0)
			made++;
		else
			bad("add_key keyring");
		/* joining by name looks it up (read), or makes one */
		if (syscall(SYS_keyctl, KEYCTL_JOIN_SESSION_KEYRING, name) >= 0)
			joined++;
		else
			bad("keyctl join");
	}
	if (syscall(SYS_keyctl, KEYCTL_CLEAR, KEY_SPEC_PROCESS_KEYRING))
		bad("keyctl clear");
	printf("keys: %d keyrings added, %d joined\n", made, joined);
}

/* ---- xfrm: policies through NETLINK_XFRM ---- */

static int nl_xfrm(int fd, int type, const void *body, size_t len)
{
	struct {
		struct nlmsghdr h;
		char body[512];
	} req = { 0 };
	char reply[1024];
	struct nlmsgerr *e;

	req.h.nlmsg_len = NLMSG_LENGTH(len);
	req.h.nlmsg_type = type;
	req.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	memcpy(req.body, body, len);
	if (send(fd, &req, req.h.nlmsg_len, 0) < 0)
		return -1;
	if (recv(fd, reply, sizeof(reply), 0) < (ssize_t)NLMSG_LENGTH(sizeof(*e)))
		return -1;
	e = NLMSG_DATA((struct nlmsghdr *)reply);
	errno = -e->error;
	return e->error ? -1 : 0;
}

static void xfrm_sel(struct xfrm_selector *s, int i)
{
	memset(s, 0, sizeof(*s));
	s->family = AF_INET;
	s->prefixlen_d = 24;
	s->daddr.a4 = htonl(0x0a090000 | (i << 8));	/* 10.9.i.0/24 */
}

static void do_xfrm(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW, NETLINK_XFRM), ok = 0;

	if (fd < 0 || bind(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		bad("netlink xfrm");
		return;
	}
	for (int round = 0; round < 3; round++) {
		for (int i = 0; i < 20; i++) {
			struct xfrm_userpolicy_info p = { 0 };

			xfrm_sel(&p.sel, i);
			p.lft.soft_byte_limit = p.lft.hard_byte_limit = XFRM_INF;
			p.lft.soft_packet_limit = p.lft.hard_packet_limit = XFRM_INF;
			p.priority = 100 + i;
			p.dir = XFRM_POLICY_OUT;
			p.action = XFRM_POLICY_ALLOW;
			if (nl_xfrm(fd, XFRM_MSG_NEWPOLICY, &p, sizeof(p)))
				bad("XFRM_MSG_NEWPOLICY");
			else
				ok++;
		}
		/* the policy timer runs a second after the insert (read) */
		sleep(2);
		for (int i = 0; i < 20; i++) {
			struct xfrm_userpolicy_id id = { 0 };

			xfrm_sel(&id.sel, i);
			id.dir = XFRM_POLICY_OUT;
			/* xfrm_policy_kill() (write) */
			if (nl_xfrm(fd, XFRM_MSG_DELPOLICY, &id, sizeof(id)))
				bad("XFRM_MSG_DELPOLICY");
		}
	}
	close(fd);
	printf("xfrm: %d policies added and deleted\n", ok);
}

/* ---- rxrpc: calls to a service on the loopback ---- */

static void rx_addr(struct sockaddr_rxrpc *a, int port)
{
	memset(a, 0, sizeof(*a));
	a->srx_family = AF_RXRPC;
	a->srx_service = 4242;
	a->transport_type = SOCK_DGRAM;
	a->transport_len = sizeof(a->transport.sin);
	a->transport.sin.sin_family = AF_INET;
	a->transport.sin.sin_port = htons(port);
	a->transport.sin.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
}

/* sendmsg on an rxrpc socket: DATA (may be NULL) for call ID, with
 * command CMD (0: none), to TO (NULL: an existing call) */
static int rx_send(int fd, unsigned long id, int cmd, const char *data,
		   size_t len, struct sockaddr_rxrpc *to)
{
	char ctl[CMSG_SPACE(sizeof(id)) + CMSG_SPACE(0)] = { 0 };
	struct iovec iov = { (void *)data, len };
	struct msghdr m = { .msg_name = to, .msg_namelen = to ? sizeof(*to) : 0,
			    .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = ctl, .msg_controllen = sizeof(ctl) };
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);

	c->cmsg_level = SOL_RXRPC;
	c->cmsg_type = RXRPC_USER_CALL_ID;
	c->cmsg_len = CMSG_LEN(sizeof(id));
	memcpy(CMSG_DATA(c), &id, sizeof(id));
	if (cmd) {
		c = CMSG_NXTHDR(&m, c);
		c->cmsg_level = SOL_RXRPC;
		c->cmsg_type = cmd;
		c->cmsg_len = CMSG_LEN(0);
	} else {
		m.msg_controllen = CMSG_SPACE(sizeof(id));
	}
	return sendmsg(fd, &m, 0) < 0 ? -1 : 0;
}

/* one recvmsg on FD; its user call ID in *ID, *MORE: more data of the
 * call to come, *EOR: the call is over; the data length, -1 */
static ssize_t rx_recv(int fd, unsigned long *id, int *more, int *eor)
{
	char buf[256], ctl[256];
	struct iovec iov = { buf, sizeof(buf) };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1,
			    .msg_control = ctl, .msg_controllen = sizeof(ctl) };
	ssize_t n = recvmsg(fd, &m, 0);

	*id = 0;
	for (struct cmsghdr *c = CMSG_FIRSTHDR(&m); n >= 0 && c; c = CMSG_NXTHDR(&m, c))
		if (c->cmsg_level == SOL_RXRPC && c->cmsg_type == RXRPC_USER_CALL_ID)
			memcpy(id, CMSG_DATA(c), sizeof(*id));
	*more = n >= 0 && (m.msg_flags & MSG_MORE);
	*eor = n >= 0 && (m.msg_flags & MSG_EOR);
	return n;
}

static void do_rxrpc(void)
{
	struct sockaddr_rxrpc srv, to;
	int s = socket(AF_RXRPC, SOCK_DGRAM, PF_INET);
	int c = socket(AF_RXRPC, SOCK_DGRAM, PF_INET);
	int calls = 0, replies = 0;
	struct timeval tmo = { 3, 0 };	/* a lost packet fails one call */

	if (s < 0 || c < 0) { bad("socket AF_RXRPC"); return; }
	setsockopt(s, SOL_SOCKET, SO_RCVTIMEO, &tmo, sizeof(tmo));
	setsockopt(c, SOL_SOCKET, SO_RCVTIMEO, &tmo, sizeof(tmo));
	rx_addr(&srv, 7042);
	/* bind and listen: rxrpc_local::services_lock (write) */
	/* a backlog above net.rxrpc.max_backlog (10) is refused */
	if (bind(s, (struct sockaddr *)&srv, sizeof(srv)) || listen(s, 8)) {
		bad("rxrpc bind/listen");
		return;
	}
	rx_addr(&to, 7042);
	for (int i = 1; i <= 20; i++) {
		unsigned long id;
		int more, eor;

		/* charge the accept pool (rxrpc_sock::call_lock, write) */
		if (rx_send(s, 1000 + i, RXRPC_CHARGE_ACCEPT, NULL, 0, NULL))
			bad("RXRPC_CHARGE_ACCEPT");
		/* a client call: a new connection (rxrpc_net::conn_lock) */
		if (rx_send(c, i, 0, "ping", 4, &to)) {
			bad("rxrpc client sendmsg");
			continue;
		}
		calls++;
		/* the server reads the request, replies on the same call
		 * (found by its user ID: call_lock read) */
		do {
			if (rx_recv(s, &id, &more, &eor) < 0) { bad("rxrpc server recvmsg"); break; }
		} while (more && !eor);
		if (id && !eor && rx_send(s, id, 0, "pong", 4, NULL))
			bad("rxrpc server reply");
		do {
			if (rx_recv(c, &id, &more, &eor) < 0) { bad("rxrpc client recvmsg"); break; }
		} while (!eor);
		if (eor)
			replies++;
		/* the final ACK goes to the server: its call ends there */
		do {
			if (rx_recv(s, &id, &more, &eor) < 0) { bad("rxrpc server end"); break; }
		} while (!eor);
	}
	close(c);
	close(s);
	printf("rxrpc: %d calls, %d replies\n", calls, replies);
}

/* ---- sg: SG_IO on a scsi_debug disk ---- */

static void do_sg(const char *dev)
{
	int ok = 0;

	for (int i = 0; i < 50; i++) {
		unsigned char cdb[6] = { 0x12, 0, 0, 0, 96, 0 };	/* INQUIRY */
		unsigned char buf[96], sense[32];
		struct sg_io_hdr h = { 0 };
		/* each open looks the device up (sg_index_lock, read) and
		 * adds a file (sg_device::sfd_lock, write) */
		int fd = open(dev, O_RDWR);

		if (fd < 0) { bad(dev); return; }
		h.interface_id = 'S';
		h.dxfer_direction = SG_DXFER_FROM_DEV;
		h.cmd_len = sizeof(cdb);
		h.cmdp = cdb;
		h.dxfer_len = sizeof(buf);
		h.dxferp = buf;
		h.mx_sb_len = sizeof(sense);
		h.sbp = sense;
		h.timeout = 5000;
		if (ioctl(fd, SG_IO, &h) || (h.info & SG_INFO_OK_MASK) != SG_INFO_OK)
			bad("SG_IO INQUIRY");
		else
			ok++;
		close(fd);
	}
	printf("sg: %d INQUIRY\n", ok);
}

/* ---- drm: dumb buffers of vgem, mapped ---- */

/* the uapi of include/uapi/drm/drm.h and drm_mode.h (no libdrm here) */
struct lf_drm_version {
	int major, minor, patch;
	size_t name_len;
	char *name;
	size_t date_len;
	char *date;
	size_t desc_len;
	char *desc;
};
struct lf_drm_gem_close { uint32_t handle, pad; };
struct lf_drm_create_dumb { uint32_t height, width, bpp, flags, handle, pitch; uint64_t size; };
struct lf_drm_map_dumb { uint32_t handle, pad; uint64_t offset; };
#define LF_DRM_VERSION		_IOWR('d', 0x00, struct lf_drm_version)
#define LF_DRM_GEM_CLOSE	_IOW('d', 0x09, struct lf_drm_gem_close)
#define LF_DRM_CREATE_DUMB	_IOWR('d', 0xB2, struct lf_drm_create_dumb)
#define LF_DRM_MAP_DUMB		_IOWR('d', 0xB3, struct lf_drm_map_dumb)

static void do_drm(void)
{
	char path[32], name[16];
	int fd = -1, mapped = 0;

	for (int i = 0; i < 8 && fd < 0; i++) {
		struct lf_drm_version v = { .name_len = sizeof(name) - 1, .name = name };

		snprintf(path, sizeof(path), "/dev/dri/card%d", i);
		memset(name, 0, sizeof(name));
		fd = open(path, O_RDWR);
		if (fd >= 0 && (ioctl(fd, LF_DRM_VERSION, &v) || strcmp(name, "vgem"))) {
			close(fd);
			fd = -1;
		}
	}
	if (fd < 0) { errno = ENODEV; bad("no vgem card in /dev/dri"); return; }
	for (int i = 0; i < 100; i++) {
		/* a handle allows this file the object (vm_lock, write);
		 * mmap checks it (read); closing it revokes (write) */
		struct lf_drm_create_dumb cd = { .height = 16, .width = 256, .bpp = 32 };
		struct lf_drm_map_dumb md = { 0 };
		struct lf_drm_gem_close gc = { 0 };
		char *p;

		if (ioctl(fd, LF_DRM_CREATE_DUMB, &cd)) { bad("DRM create dumb"); break; }
		md.handle = gc.handle = cd.handle;
		if (ioctl(fd, LF_DRM_MAP_DUMB, &md)) {
			bad("DRM map dumb");
		} else {
			p = mmap(NULL, cd.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, md.offset);
			if (p == MAP_FAILED) {
				bad("mmap dumb");
			} else {
				p[0] = 1;
				munmap(p, cd.size);
				mapped++;
			}
		}
		if (ioctl(fd, LF_DRM_GEM_CLOSE, &gc))
			bad("DRM gem close");
	}
	close(fd);
	printf("drm: %d vgem buffers mapped (%s)\n", mapped, path);
}

/* ---- frames into DEV from its veth peer ---- */

static int peer_fd = -1, peer_ifindex;
static unsigned char dev_mac[6], peer_mac[6];

static int if_mac(const char *ifname, unsigned char *mac)
{
	struct ifreq r = { 0 };
	int fd = socket(AF_INET, SOCK_DGRAM, 0), rc;

	snprintf(r.ifr_name, sizeof(r.ifr_name), "%s", ifname);
	rc = fd < 0 ? -1 : ioctl(fd, SIOCGIFHWADDR, &r);
	if (!rc)
		memcpy(mac, r.ifr_hwaddr.sa_data, 6);
	if (fd >= 0)
		close(fd);
	return rc;
}

static int open_peer(const char *dev, const char *peer)
{
	peer_ifindex = if_nametoindex(peer);
	if (!peer_ifindex || if_mac(dev, dev_mac) || if_mac(peer, peer_mac)) {
		bad("veth pair");
		return -1;
	}
	peer_fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (peer_fd < 0) { bad("AF_PACKET"); return -1; }
	return 0;
}

/* an Ethernet frame of TYPE with BODY, from PEER to DEV */
static void send_frame(int type, const void *body, size_t len)
{
	unsigned char f[1514];
	struct sockaddr_ll to = { .sll_family = AF_PACKET, .sll_ifindex = peer_ifindex,
				  .sll_halen = 6 };

	memcpy(f, dev_mac, 6);
	memcpy(f + 6, peer_mac, 6);
	f[12] = type >> 8;
	f[13] = type & 0xff;
	memcpy(f + 14, body, len);
	memcpy(to.sll_addr, dev_mac, 6);
	if (sendto(peer_fd, f, 14 + len, 0, (struct sockaddr *)&to, sizeof(to)) < 0)
		bad("sendto AF_PACKET");
}

/* ---- ppp: a PPPoE session on DEV, its channel on a ppp unit ---- */

static void do_ppp(const char *dev, const char *peer)
{
	int got = 0;

	if (open_peer(dev, peer))
		return;
	for (int round = 0; round < 5; round++) {
		struct sockaddr_pppox sa = { .sa_family = AF_PPPOX, .sa_protocol = PX_PROTO_OE };
		int s = socket(AF_PPPOX, SOCK_STREAM, PX_PROTO_OE), chan, unitfd, chfd;
		int unit = -1, sid = 0x100 + round;
		unsigned char ses[6 + 2 + 8];
		char buf[64];

		if (s < 0) { bad("socket AF_PPPOX"); return; }
		sa.sa_addr.pppoe.sid = htons(sid);
		memcpy(sa.sa_addr.pppoe.remote, peer_mac, 6);
		snprintf(sa.sa_addr.pppoe.dev, sizeof(sa.sa_addr.pppoe.dev), "%s", dev);
		/* the session goes into pppoe_net's hash (hash_lock, write)
		 * and registers a ppp channel */
		if (connect(s, (struct sockaddr *)&sa, sizeof(sa))) { bad("connect PPPoE"); close(s); return; }
		if (ioctl(s, PPPIOCGCHAN, &chan)) { bad("PPPIOCGCHAN"); close(s); return; }
		unitfd = open("/dev/ppp", O_RDWR | O_NONBLOCK);
		chfd = open("/dev/ppp", O_RDWR | O_NONBLOCK);
		if (unitfd < 0 || chfd < 0) { bad("/dev/ppp"); close(s); return; }
		if (ioctl(unitfd, PPPIOCNEWUNIT, &unit) || ioctl(chfd, PPPIOCATTCHAN, &chan))
			bad("PPPIOCNEWUNIT/ATTCHAN");
		/* channel::upl, write: connect the channel to the unit */
		else if (ioctl(chfd, PPPIOCCONNECT, &unit))
			bad("PPPIOCCONNECT");
		/* PPPoE session frames from the peer: pppoe_rcv() finds the
		 * session (hash_lock, read), ppp_input() the unit (upl, read);
		 * LCP frames queue on the channel's file */
		ses[0] = 0x11;
		ses[1] = 0;
		ses[2] = sid >> 8;
		ses[3] = sid & 0xff;
		ses[4] = 0;
		ses[5] = 10;
		ses[6] = 0xc0;	/* LCP, Echo-Request id 1, length 8 */
		ses[7] = 0x21;
		memcpy(ses + 8, "\x09\x01\x00\x08\x00\x00\x00\x00", 8);
		for (int i = 0; i < 40; i++) {
			send_frame(ETH_P_PPP_SES, ses, sizeof(ses));
			if (i % 4 == 3) {
				usleep(1000);
				while (read(chfd, buf, sizeof(buf)) > 0)
					got++;
			}
		}
		/* frames out through the channel (ppp_channel_push: upl, read) */
		for (int i = 0; i < 20; i++)
			if (write(chfd, "\xc0\x21\x09\x02\x00\x08\x00\x00\x00\x00", 10) != 10)
				bad("write ppp channel");
		usleep(20000);
		while (read(chfd, buf, sizeof(buf)) > 0)
			got++;
		if (ioctl(chfd, PPPIOCDISCONN))	/* upl, write */
			bad("PPPIOCDISCONN");
		close(chfd);
		close(unitfd);
		close(s);	/* out of the hash (hash_lock, write) */
	}
	printf("ppp: 5 sessions, %d frames read from the channels\n", got);
}

/* ---- ra: IPv6 router alert, forwarded ---- */

static void do_ra(const char *dev, const char *peer)
{
	int s = socket(AF_INET6, SOCK_RAW, IPPROTO_RAW), one = 1, got = 0;
	unsigned char pkt[40 + 8];
	char buf[128];

	if (s < 0) { bad("socket raw6"); return; }
	/* ip6_ra_chain: the socket joins with selector 1 (ip6_ra_lock,
	 * write) */
	if (setsockopt(s, IPPROTO_IPV6, IPV6_ROUTER_ALERT, &one, sizeof(one))) {
		bad("IPV6_ROUTER_ALERT");
		close(s);
		return;
	}
	fcntl(s, F_SETFL, O_NONBLOCK);
	if (open_peer(dev, peer)) { close(s); return; }
	/* an IPv6 packet to be forwarded (2001:db8:99::1, routed on DEV by
	 * the init) with a hop-by-hop router alert: ip6_forward() offers
	 * it to the chain (ip6_ra_lock, read) */
	memset(pkt, 0, sizeof(pkt));
	pkt[0] = 0x60;
	pkt[5] = 8;		/* payload: the hop-by-hop header */
	pkt[6] = 0;		/* next header: hop-by-hop */
	pkt[7] = 64;
	inet_pton(AF_INET6, "2001:db8:98::2", pkt + 8);
	inet_pton(AF_INET6, "2001:db8:99::1", pkt + 24);
	memcpy(pkt + 40, "\x3b\x00\x05\x02\x00\x01\x01\x00", 8);	/* no next, RA 1, PadN */
	for (int i = 0; i < 50; i++) {
		send_frame(ETH_P_IPV6, pkt, sizeof(pkt));
		if (i % 10 == 9) {
			usleep(2000);
			while (recv(s, buf, sizeof(buf), 0) > 0)
				got++;
		}
	}
	close(s);	/* leaves the chain (write) */
	printf("ra: 50 packets sent, %d delivered to the router-alert socket\n", got);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";

	alarm(60);	/* a stuck socket must not hold up the workload */
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(cmd, "fasync"))
		do_fasync();
	else if (!strcmp(cmd, "mpol"))
		do_mpol();
	else if (!strcmp(cmd, "keys"))
		do_keys();
	else if (!strcmp(cmd, "xfrm"))
		do_xfrm();
	else if (!strcmp(cmd, "rxrpc"))
		do_rxrpc();
	else if (!strcmp(cmd, "sg") && argc == 3)
		do_sg(argv[2]);
	else if (!strcmp(cmd, "drm"))
		do_drm();
	else if (!strcmp(cmd, "ppp") && argc == 4)
		do_ppp(argv[2], argv[3]);
	else if (!strcmp(cmd, "ra") && argc == 4)
		do_ra(argv[2], argv[3]);
	else {
		fprintf(stderr, "usage: %s fasync|mpol|keys|xfrm|rxrpc|drm | sg DEV | ppp|ra DEV PEER\n", prog);
		return 2;
	}
	return failed;
}
