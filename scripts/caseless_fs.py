#!/usr/bin/python3
"""Mounts a folder again as a case-insensitive, case-preserving file system.

This is how macOS's disks behave by default (APFS and HFS+): `MapLang` and
`maplang` name the same entry, a new entry keeps the case it was created
with, and names are compared after Unicode normalization as well. Used by
`check-layout.sh` to load the package the way a Mac sees a clone of it.

usage: caseless_fs.py FOLDER MOUNTPOINT    (as root; runs until unmounted)

It needs Debian's `python3-fusepy` and, unless run as root, `fuse`. Reads and writes go straight
to FOLDER; only names are matched differently. It does not support memory
mapping well enough for a compiler, so the package is loaded here, not built.
"""

import errno
import os
import sys
import unicodedata

from fusepy import FUSE, FuseOSError, Operations


def folded(name):
    """The form two names share when a case-insensitive disk takes them as one."""
    return unicodedata.normalize("NFD", name).casefold()


class CaselessPassthrough(Operations):
    """Passes every call to FOLDER, matching each part of a path without case."""

    def __init__(self, root):
        self.root = os.path.realpath(root)

    def real(self, path):
        """The path in FOLDER of `path`: each part is the entry that matches it
        without case, or, where none does, the part as given (a new name)."""
        current = self.root
        for part in [p for p in path.split("/") if p]:
            candidate = os.path.join(current, part)
            if not os.path.lexists(candidate) and os.path.isdir(current):
                wanted = folded(part)
                for entry in sorted(os.listdir(current)):
                    if folded(entry) == wanted:
                        candidate = os.path.join(current, entry)
                        break
            current = candidate
        return current

    def call(self, function, *arguments):
        try:
            return function(*arguments)
        except OSError as error:
            raise FuseOSError(error.errno)

    # Metadata

    def getattr(self, path, fh=None):
        info = self.call(os.lstat, self.real(path))
        keys = ("st_mode", "st_nlink", "st_uid", "st_gid", "st_size", "st_atime", "st_mtime", "st_ctime")
        return {key: getattr(info, key) for key in keys}

    def access(self, path, amode):
        if not os.access(self.real(path), amode):
            raise FuseOSError(errno.EACCES)

    def chmod(self, path, mode):
        return self.call(os.chmod, self.real(path), mode)

    def chown(self, path, uid, gid):
        return self.call(os.lchown, self.real(path), uid, gid)

    def utimens(self, path, times=None):
        return self.call(os.utime, self.real(path), times)

    def statfs(self, path):
        info = self.call(os.statvfs, self.real(path))
        keys = ("f_bavail", "f_bfree", "f_blocks", "f_bsize", "f_favail", "f_ffree", "f_files", "f_flag",
                "f_frsize", "f_namemax")
        return {key: getattr(info, key) for key in keys}

    # Folders and links

    def readdir(self, path, fh):
        return [".", ".."] + self.call(os.listdir, self.real(path))

    def mkdir(self, path, mode):
        return self.call(os.mkdir, self.real(path), mode)

    def rmdir(self, path):
        return self.call(os.rmdir, self.real(path))

    def unlink(self, path):
        return self.call(os.unlink, self.real(path))

    def symlink(self, target, source):
        return self.call(os.symlink, source, self.real(target))

    def readlink(self, path):
        return self.call(os.readlink, self.real(path))

    def link(self, target, source):
        return self.call(os.link, self.real(source), self.real(target))

    def rename(self, old, new):
        source = self.real(old)
        destination = self.real(new)
        # Renaming to another case of the same name changes the case kept.
        if source == destination:
            destination = os.path.join(os.path.dirname(destination), os.path.basename(new))
        return self.call(os.rename, source, destination)

    # Files

    def open(self, path, flags):
        return self.call(os.open, self.real(path), flags)

    def create(self, path, mode, fi=None):
        return self.call(os.open, self.real(path), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode)

    def read(self, path, size, offset, fh):
        return self.call(os.pread, fh, size, offset)

    def write(self, path, data, offset, fh):
        return self.call(os.pwrite, fh, data, offset)

    def truncate(self, path, length, fh=None):
        if fh is not None:
            return self.call(os.ftruncate, fh, length)
        return self.call(os.truncate, self.real(path), length)

    def flush(self, path, fh):
        return 0

    def release(self, path, fh):
        return self.call(os.close, fh)

    def fsync(self, path, datasync, fh):
        return self.call(os.fdatasync if datasync else os.fsync, fh)


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: caseless_fs.py FOLDER MOUNTPOINT")
    FUSE(CaselessPassthrough(sys.argv[1]), sys.argv[2], foreground=True, nothreads=True, default_permissions=True)


if __name__ == "__main__":
    main()
