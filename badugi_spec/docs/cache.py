"""What a docs build may reuse from the one before: keyed by content, never by time.

A scenario's run depends only on its text, the profiles and the engine's code, so its run
and drawn pieces are kept under a key of those: an edit to one file under `make serve`
costs one scenario, not the suite. The pages drawn from the code alone (figures, odds,
rankings) are kept under the code's key on disk too, for the next `make docs`. The code's
key is taken once per process: `mkdocs serve` does not reload Python modules anyway.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Final, TypeVar

import badugi_spec

T = TypeVar("T")

_PACKAGE: Final = Path(badugi_spec.__file__).resolve().parent
_SUFFIXES: Final = (".py", ".lark", ".toml", ".json", ".md", ".html", ".svg")
DISK: Final = "BADUGI_DOCS_CACHE"
"""Names the folder of the on-disk cache; `off` (or empty) keeps everything in memory."""


def digest(*parts: str | bytes) -> str:
    hasher = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        hasher.update(len(data).to_bytes(8, "little"))
        hasher.update(data)
    return hasher.hexdigest()[:32]


@cache
def code_key() -> str:
    """Every file of the package that can change a page: its code, grammar and data."""
    files = sorted(p for p in _PACKAGE.rglob("*") if p.suffix in _SUFFIXES and p.is_file())
    return digest(*(f"{p.relative_to(_PACKAGE)}\0".encode() + p.read_bytes() for p in files))


def tree_key(root: Path, pattern: str) -> str:
    """The files under `root` matching `pattern`, by name and content (read every build)."""
    if not root.is_dir():
        return digest(str(root), "absent")
    files = sorted(p for p in root.glob(pattern) if p.is_file())
    return digest(*(f"{p.relative_to(root)}\0".encode() + p.read_bytes() for p in files))


class Memo:
    """Values by key for one process (all `mkdocs serve`'s rebuilds), with an optional
    JSON copy on disk for a new process (`make docs`)."""

    def __init__(self, name: str, *, keep: int = 0) -> None:
        self.name = name
        self.keep = keep
        """Keep up to this many values used in earlier builds (0: only this build's): a
        value asked for only inside another kept one (a hand's tables, inside a drawn
        example) is not asked while that one is found, yet needed once it is drawn again."""
        self._values: dict[str, object] = {}
        self._used: set[str] = set()
        self.misses = 0  # values made rather than found: a test counts a rebuild's
        MEMOS.append(self)

    def get(self, key: str, make: Callable[[], T], *, disk: bool = False) -> T:
        self._used.add(key)
        if key in self._values:
            return self._values[key]  # type: ignore[return-value]
        path = _disk_path(self.name, key) if disk else None
        if path is not None and path.is_file():
            try:
                value: T = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                pass  # a torn or foreign file: make the value again
            else:
                self._values[key] = value
                return value
        self.misses += 1
        value = make()
        self._values[key] = value
        if path is not None:
            _write(path, json.dumps(value))
        return value

    def forget_unused(self) -> None:
        """Forget the values not asked for since the last call (scenarios edited or gone),
        so that a session of edits under `make serve` does not grow."""
        if len(self._values) > self.keep:
            for key in [k for k in self._values if k not in self._used]:
                del self._values[key]
        self._used = set()


MEMOS: list[Memo] = []


def build_done() -> None:
    for memo in MEMOS:
        memo.forget_unused()


def _disk_path(name: str, key: str) -> Path | None:
    folder = os.environ.get(DISK, str(Path("build") / "docs-cache"))
    if not folder or folder == "off":
        return None
    return Path(folder) / f"{name}-{key}.json"


def _write(path: Path, text: str) -> None:
    """Written whole (a temporary file renamed into place): never a torn value."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    except OSError:
        pass  # a read-only checkout builds all the same, only without the disk copy
