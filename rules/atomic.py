"""Atomic file replacement, shared by every writer in the rules package (map files,
token templates): a crash or a full disk never leaves half a file behind.

The new content goes to a temporary file beside the target, named
``.<target name>.<8 random characters>.tmp`` (:func:`temporary_name_pattern`), which is
renamed over the target once complete. A process killed mid-write leaves that temporary
file; the next replacement of the same target removes it (:func:`remove_stale_temporaries`,
which the app may also call when it opens a file), once it is older than
:data:`STALE_AFTER`, so that a save another process is making is never disturbed.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "STALE_AFTER",
    "remove_stale_temporaries",
    "replace_atomically",
    "replace_atomically_with",
    "temporary_name_pattern",
]

STALE_AFTER = 600.0
"""Seconds since a temporary file was last written after which it is taken as left by an
interrupted save (a save in progress writes to it all the time, and finishes in seconds)."""

_RANDOM = r"[a-z0-9_]{8}"  # what tempfile.mkstemp puts between prefix and suffix


def replace_atomically(target: Path, data: bytes) -> None:
    """Write ``data`` to ``target`` in one step (:func:`replace_atomically_with`).
    Raises OSError."""
    replace_atomically_with(target, lambda handle: handle.write(data))


def replace_atomically_with(target: Path, write: Callable[[BinaryIO], object]) -> None:
    """Replace ``target`` in one step by what ``write(handle)`` writes to ``handle``, a
    temporary file beside it (so that nothing need hold the whole content in memory),
    which is then flushed, fsynced and renamed over ``target``. On any failure, in
    ``write`` too, the temporary file is removed, its exception propagates and an existing
    ``target`` is untouched. A new file gets the usual permissions (``0o666`` less the
    umask); an existing one keeps its own. Stale temporary files of ``target`` are removed
    first (:func:`remove_stale_temporaries`, judged by the folder's clock: the new
    temporary file's time). Raises OSError, or what ``write`` raises.
    """
    mode = _mode_for(target)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        # "now" by the folder's own clock (a network share's may differ from ours)
        remove_stale_temporaries(target, now=os.fstat(fd).st_mtime)
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, mode)
        os.replace(temp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(temp)
        raise
    _fsync_directory(target.parent)


def temporary_name_pattern(target: Path) -> re.Pattern[str]:
    """The names of the temporary files that replacing ``target`` writes beside it.

    >>> pattern = temporary_name_pattern(Path("/maps/cave.hexmap"))
    >>> [bool(pattern.fullmatch(name)) for name in (".cave.hexmap.k2x_9a0q.tmp", ".cave.tmp")]
    [True, False]
    """
    return re.compile(re.escape(f".{target.name}.") + _RANDOM + re.escape(".tmp"))


def remove_stale_temporaries(
    target: str | os.PathLike[str], older_than: float = STALE_AFTER, now: float | None = None
) -> list[Path]:
    """Remove the temporary files that interrupted replacements of ``target`` left beside
    it (and, if it is a symlink, beside the file it points to, which is where
    :func:`rules.mapfile.save` writes); the paths removed. Only regular files whose name
    matches :func:`temporary_name_pattern` exactly and that nothing has written to for
    ``older_than`` seconds are removed, so another process's save in progress is left
    alone. ``now`` is the time by the folder's clock (the modification time of a file
    just written there; a file server's clock may differ from this machine's), this
    machine's clock if not given. Best effort: never raises for a folder or file it
    cannot list, read or remove."""
    given = Path(target)
    places = dict.fromkeys([given, Path(os.path.realpath(given))])
    cutoff = (time.time() if now is None else now) - older_than
    removed: list[Path] = []
    for place in places:
        pattern = temporary_name_pattern(place)
        with suppress(OSError), os.scandir(place.parent) as entries:
            for entry in entries:
                if pattern.fullmatch(entry.name) and _is_stale(entry, cutoff):
                    with suppress(OSError):
                        os.unlink(entry.path)
                        removed.append(Path(entry.path))
    return removed


def _is_stale(entry: os.DirEntry[str], cutoff: float) -> bool:
    """Whether ``entry`` is a regular file (not a link) last modified before ``cutoff``."""
    try:
        info = entry.stat(follow_symlinks=False)
    except OSError:
        return False
    return stat.S_ISREG(info.st_mode) and info.st_mtime < cutoff


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
