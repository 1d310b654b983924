/* SPDX-License-Identifier: MIT */
/*
 * A folder's tree removed whole, links not followed, and never anything
 * below a mount point inside it.
 */
#ifndef SYNCGATE_TREE_H
#define SYNCGATE_TREE_H

/*
 * Removes dir and everything under it, links not followed, never
 * entering a mount inside it (a bind mount or a tmpfs left there): such
 * a mount and the folders above it stay.  A folder left unreadable
 * inside is opened to its owner first.  A dir already gone is removed.
 * Returns 0, or -1 with err saying what was left and why.
 */
int tree_remove(const char *dir, char *err);

#endif
