/* the fake tree is configured (lockfit patch checks for this file) */
