"""Which reader a file needs, and every hand history under a list of paths."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from badugi_spec.errors import BadugiError
from badugi_spec.interop import phh, pokerstars
from badugi_spec.interop.record import HandRecord, HistoryError

PHH_SUFFIXES: Final = (".phh", ".phhs")
TEXT_SUFFIXES: Final = (".txt",)
_KINDS: Final = (
    (stat.S_ISFIFO, "a FIFO, not a file"),
    (stat.S_ISSOCK, "a socket, not a file"),
    (stat.S_ISCHR, "a character device, not a file"),
    (stat.S_ISBLK, "a block device, not a file"),
)


class SourceError(BadugiError):
    """A path that holds no hand history this tool reads."""


@dataclass(frozen=True, slots=True)
class Scan:
    files: list[Path] = field(default_factory=list)
    skipped: list[HistoryError] = field(default_factory=list)
    """Entries of a folder named like a hand history that are not a file to read (a FIFO,
    a link to nowhere), and folders that cannot be listed: line 0, the path as a whole."""


def scan(paths: Sequence[str]) -> Scan:
    """The files named, and the hand histories (`.phh`, `.phhs`, `.txt`) under folders.

    A folder entry that cannot be read is in `skipped`, so that the command can say so:
    a run over a folder must not quietly leave out a history. A named path that is not a
    file is a SourceError. Links to folders are not followed (as `Path.rglob`).
    """
    found = Scan()
    for text in paths:
        path = Path(text)
        if path.is_dir():
            _walk(path, found)
        elif path.is_file():
            found.files.append(path)
        else:
            raise SourceError(f"{text}: {_kind(path) or 'no such file or folder'}")
    return found


def files(paths: Sequence[str]) -> list[Path]:
    return scan(paths).files


def _walk(top: Path, into: Scan) -> None:
    def unlisted(error: OSError) -> None:
        where = error.filename or str(top)
        reason = f"cannot list the folder: {error.strerror or error}; skipped"
        into.skipped.append(HistoryError(reason, path=str(where), line=0))

    readable: list[Path] = []
    skipped: list[HistoryError] = []
    for folder, folders, names in os.walk(top, onerror=unlisted):
        for name in (*folders, *names):
            entry = Path(folder, name)
            if entry.suffix not in (*PHH_SUFFIXES, *TEXT_SUFFIXES):
                continue
            kind = _kind(entry)
            if kind is None:
                readable.append(entry)
            elif kind:  # "" is a real folder, which the walk goes into
                skipped.append(HistoryError(f"{kind}; skipped", path=str(entry), line=0))
    into.files.extend(sorted(readable))
    into.skipped.extend(sorted(skipped, key=lambda error: error.path))


def _kind(path: Path) -> str | None:
    """None for a file to read, "" for a folder, else why the path is not read."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "a link to nowhere" if path.is_symlink() else "no such file or folder"
    except OSError as error:
        return f"cannot read: {error.strerror or error}"
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a link to a folder, not followed" if path.is_symlink() else ""
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")


def format_of(path: Path) -> str:
    """`phh` or `pokerstars`: by the suffix, else by the first line."""
    if path.suffix in PHH_SUFFIXES:
        return "phh"
    with open(path, "rb") as stream:
        head = stream.read(200).lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"PokerStars") or path.suffix in TEXT_SUFFIXES:
        return "pokerstars"
    if head.startswith((b"[", b"variant", b"#")):
        return "phh"
    raise SourceError(
        f"{path}: not a hand history this tool reads (PHH .phh/.phhs, or PokerStars text)"
    )


def hands(path: Path) -> Iterator[HandRecord | HistoryError]:
    """The hands of one file, streamed."""
    reader = phh.read if format_of(path) == "phh" else pokerstars.read
    return reader(path)
