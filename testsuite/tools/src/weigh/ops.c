/* The entry points of chan.c's functions, bound in this unit. */
struct chan;
struct file_operations {
	long (*write)(struct chan *pch);
	long (*unlocked_ioctl)(struct chan *pch, unsigned int cmd, struct chan *b);
};
struct packet_type {
	void (*func)(struct chan *pch);
};

extern long chan_write(struct chan *pch);
extern long chan_ioctl(struct chan *pch, unsigned int cmd, struct chan *b);
extern void chan_input(struct chan *pch);

const struct file_operations chan_fops = {
	.write = chan_write,
	.unlocked_ioctl = chan_ioctl,
};

static void chan_rcv(struct chan *pch)
{
	chan_input(pch);
}

struct packet_type chan_ptype = { .func = chan_rcv };
