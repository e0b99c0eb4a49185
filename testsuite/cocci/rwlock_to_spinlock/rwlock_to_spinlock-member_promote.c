// A struct member with -D promote=irqsave: the reader gets the flags
// word, the _bh writer keeps its variant.
struct sock {
	rwlock_t cb_lock;
	void *data;
};

void *sock_data(struct sock *sk)
{
	void *d;

	read_lock(&sk->cb_lock);
	d = sk->data;
	read_unlock(&sk->cb_lock);
	return d;
}

void sock_set(struct sock *sk, void *d)
{
	write_lock_bh(&sk->cb_lock);
	sk->data = d;
	write_unlock_bh(&sk->cb_lock);
}
