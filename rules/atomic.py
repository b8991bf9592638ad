"""Atomic file replacement, shared by every writer in the rules package (map files,
token templates): a crash or a full disk never leaves half a file behind."""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

__all__ = ["replace_atomically"]


def replace_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` in one step: a temporary file beside it is written,
    flushed and fsynced, then renamed over ``target``; on any failure the temporary file
    is removed and an existing ``target`` is untouched. A new file gets the usual
    permissions (``0o666`` less the umask); an existing one keeps its own. Raises OSError.
    """
    mode = _mode_for(target)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(target.parent)


def _mode_for(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask, read without changing it where the system allows (Linux)."""
    with suppress(OSError, ValueError), open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    return 0o022


def _fsync_directory(directory: Path) -> None:
    """Make the rename durable where the system allows it (POSIX); best effort."""
    if os.name != "posix":
        return
    with suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
