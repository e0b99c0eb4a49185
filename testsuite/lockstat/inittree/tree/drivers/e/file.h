/* struct efile's owner is a struct eown */
struct eown {
	rwlock_t lock;
	int pid;
};

struct efile {
	int mode;
	struct eown owner;
};
