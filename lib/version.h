/* SPDX-License-Identifier: MIT */
/* syncgate's version, printed by --version and recorded in what it writes. */
#ifndef SYNCGATE_VERSION_H
#define SYNCGATE_VERSION_H

#define SYNCGATE_VERSION "0.1.0"

#endif
