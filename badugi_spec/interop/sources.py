"""Which reader a file needs, and every hand history under a list of paths."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Final

from badugi_spec.errors import BadugiError
from badugi_spec.interop import phh, pokerstars
from badugi_spec.interop.record import HandRecord, HistoryError

PHH_SUFFIXES: Final = (".phh", ".phhs")
TEXT_SUFFIXES: Final = (".txt",)


class SourceError(BadugiError):
    """A path that holds no hand history this tool reads."""


def files(paths: Sequence[str]) -> list[Path]:
    """The files named, and the hand histories (`.phh`, `.phhs`, `.txt`) under folders."""
    found: list[Path] = []
    for text in paths:
        path = Path(text)
        if path.is_dir():
            found += sorted(
                p
                for p in path.rglob("*")
                if p.is_file() and p.suffix in (*PHH_SUFFIXES, *TEXT_SUFFIXES)
            )
        elif path.is_file():
            found.append(path)
        else:
            raise SourceError(f"{text}: no such file or folder")
    return found


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
