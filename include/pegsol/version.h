/* version.h - the version of libpegsol and the pegsol command.
 *
 * Semantic versioning: MAJOR.MINOR.PATCH.  The major number is also the
 * shared library's soname number (libpegsol.so.0 while MAJOR is 0).
 * CHANGELOG.md says what each version changed. */
#ifndef PEGSOL_VERSION_H
#define PEGSOL_VERSION_H

#define PEG_VERSION_MAJOR 0
#define PEG_VERSION_MINOR 3
#define PEG_VERSION_PATCH 0
#define PEG_VERSION "0.3.0"

#endif
