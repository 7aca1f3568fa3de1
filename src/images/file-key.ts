import type { Stats } from "fs"

/**
 * What the build's caches of pictures (the content check's widths, the
 * gallery's digests) key a file by, so that an unchanged picture is not read
 * again: its path, size, inode, modification time and change time. The
 * change time is the one a program cannot set back (utimes sets it to now):
 * any write into the file moves it, even one that keeps the size and puts the
 * modification time back (rsync --inplace --times, a tool "preserving" dates),
 * which gatsby-source-filesystem's key (modification time and inode) misses.
 */
export const fileKey = (file: string, stat: Stats): string => `${file}:${stat.size}:${stat.ino}:${stat.mtimeMs}:${stat.ctimeMs}`
