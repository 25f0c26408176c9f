"""A PHH file cut into hands, and each hand's TOML loaded on its own, within limits.

A `.phhs` file is one TOML table per hand (`[1]`, `[2]` ...); a `.phh` file is one hand
without a header. Each hand is cut at its header and parsed alone, so a broken hand is one
`HistoryError` with its line and the next hand still reads. Before TOML sees a hand its
size and shape are bounded: a hand over `MAX_HAND_BYTES` is refused unparsed (its lines
are counted, not kept), and so is one nested deeper than `MAX_DEPTH` (tomllib recurses
once per level and fails with RecursionError near 1,000) or with a key of more dotted
parts than `MAX_DOTS` (tomllib's time grows with the square of their number: 60,000
parts took 88 s). No PHH hand comes near either: fields are flat, arrays one level deep.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final

from badugi_spec.interop.record import MAX_HAND_BYTES, HistoryError, too_large

MAX_DEPTH: Final = 32
"""Arrays and inline tables nested in a hand, at most."""
MAX_DOTS: Final = 100
"""Dots outside strings and comments on one line, at most (a dotted key's parts)."""
_TABLE_HEADER: Final = re.compile(r"^\s*\[(?P<name>[^\[\]]+)\]\s*(#.*)?$")
_TOML_PLACE: Final = re.compile(r"\(at line (?P<line>[0-9]+), column (?P<column>[0-9]+)\)")
_STRINGS_AND_COMMENTS: Final = re.compile(
    r'"""[\s\S]*?"""|\'\'\'[\s\S]*?\'\'\'|"(?:[^"\\\n]|\\.)*"|\'[^\'\n]*\'|#[^\n]*'
)
_BRACKET: Final = re.compile(r"[\[\]{}]")


@dataclass(frozen=True, slots=True)
class Chunk:
    """One hand's lines, as the file has them (none kept past the size cap)."""

    lines: Sequence[bytes]
    start: int
    """The file line of the hand's first line (its header, if it has one)."""
    name: str | None
    """The table name (`1` for `[1]`), None for a `.phh` file's single hand."""
    size: int
    """Bytes the hand has in the file, counted past the cap."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A hand's TOML: the fields, and its lines as text for locating fields."""

    data: dict[str, Any]
    lines: list[str]


def chunks(lines: Iterable[bytes], *, path: str) -> Iterator[Chunk | HistoryError]:
    """The hands of a file, cut at the table headers; an empty file is an error."""
    kept: list[bytes] = []
    start, name = 1, None
    seen_header = False
    number = size = 0
    for number, raw in enumerate(lines, start=1):
        header = _header(raw)
        if header is not None:
            if seen_header or _has_content(kept) or size > MAX_HAND_BYTES:
                yield Chunk(kept, start, name, size)
            kept, start, name, seen_header, size = [], number, header, True, 0
        size += len(raw)
        if size <= MAX_HAND_BYTES:
            kept.append(raw)
    if (kept and (seen_header or _has_content(kept))) or size > MAX_HAND_BYTES:
        yield Chunk(kept, start, name, size)
    elif number == 0:
        yield HistoryError("the file is empty", path=path, line=1)


def _header(raw: bytes) -> str | None:
    try:
        match = _TABLE_HEADER.match(raw.decode("utf-8").removeprefix("\ufeff"))
    except UnicodeDecodeError:
        return None
    return match["name"].strip().strip("'\"") if match else None


def _has_content(chunk: Sequence[bytes]) -> bool:
    return any(line.strip() and not line.strip().startswith(b"#") for line in chunk)


def load(chunk: Chunk, *, path: str) -> Loaded | HistoryError:
    """The hand's fields (its table's, for a named hand), or the located reason not."""
    start, name = chunk.start, chunk.name
    if chunk.size > MAX_HAND_BYTES:
        return too_large(path=path, line=start, hand=name)
    lines: list[str] = []
    for offset, raw in enumerate(chunk.lines):
        try:
            lines.append(raw.decode("utf-8").removeprefix("\ufeff"))
        except UnicodeDecodeError as error:
            return HistoryError(
                f"not UTF-8 text: byte 0x{raw[error.start]:02x} at column {error.start + 1}",
                path=path,
                line=start + offset,
                hand=name,
            )
    text = "".join(lines)
    shape = _shape_problem(text)
    if shape is not None:
        line, reason = shape
        return HistoryError(reason, path=path, line=start + line, hand=name)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        message = str(error)
        place = _TOML_PLACE.search(message)
        last = start + max((i for i, text in enumerate(lines) if text.strip()), default=0)
        line = start + int(place["line"]) - 1 if place else start
        reason = _TOML_PLACE.sub("", message).strip()
        if "end of document" in message:
            line, reason = last, reason.replace("(at end of document)", "").strip()
            reason += " at the end of the hand (it may be truncated)"
        return HistoryError(f"not valid TOML: {reason}", path=path, line=line, hand=name)
    if name is not None:
        data = data.get(name, data)
        if not isinstance(data, dict):
            return HistoryError("a hand is a table of fields", path=path, line=start, hand=name)
    return Loaded(data, [line.rstrip("\r\n") for line in lines])


def _shape_problem(text: str) -> tuple[int, str] | None:
    """(line from 0, reason) if the hand nests too deep or dots a key too often.

    Strings and comments are blanked out first (their newlines kept, so lines still
    count); an approximation of TOML's own lexing is enough, since either limit is far
    from any hand and only bounds the work tomllib is given.
    """
    bare = _STRINGS_AND_COMMENTS.sub(lambda m: "\n" * m[0].count("\n"), text)
    for number, line in enumerate(bare.split("\n")):
        if line.count(".") > MAX_DOTS:
            return number, f"more than {MAX_DOTS} dots in one line's keys: not a PHH hand"
    depth = 0
    for match in _BRACKET.finditer(bare):
        depth += 1 if match[0] in "[{" else -1
        if depth > MAX_DEPTH:
            return bare.count(
                "\n", 0, match.start()
            ), f"arrays or tables nested more than {MAX_DEPTH} deep: not a PHH hand"
    return None
