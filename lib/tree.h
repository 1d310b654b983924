/* SPDX-License-Identifier: MIT */
/* A folder's tree removed, links not followed, mounts in it never entered. */
#ifndef SYNCGATE_TREE_H
#define SYNCGATE_TREE_H

/*
 * Removes dir and all under it but a mount inside it (a bind mount, a
 * tmpfs) and the folders above one; an unreadable folder is opened to its
 * owner first; a dir gone is removed.  0, or -1 with err saying what stays.
 */
int tree_remove(const char *dir, char *err);

#endif
