"""The scenario grammar's parser, kept on disk between processes (issue 40).

Lark builds the LALR tables of `grammar.lark` in about 0.1 to 0.2 s, which every
`check`, `fmt`, `verify` and test process paid; loading the saved tables takes about a
tenth of that. The saved parser is a pickle, so it is kept only where nobody else can
write: a folder of the user's own cache (`$XDG_CACHE_HOME/badugi-spec`, else
`~/.cache/badugi-spec`; `%LOCALAPPDATA%/badugi-spec/cache` on Windows) that is not
writable by others.

A file is never stale: its name is a digest of everything the tables depend on (the
grammar's text, the options, Lark's and Python's versions), so a changed grammar or an
upgraded Lark reads another name and builds anew (the few latest files of each parser are
kept, the older deleted). Files are written whole to a temporary name and renamed, so a
process never reads half of one another is writing; a file that still fails to load is
rebuilt and replaced. When the folder cannot be made or written, the parser is built in
memory, silently: a cache is never a reason to fail. `BADUGI_GRAMMAR_CACHE` names another
folder, or `off` to build every time.
"""

from __future__ import annotations

import hashlib
import os
import re
import stat
import sys
from pathlib import Path
from typing import Any, Final

import lark

ENV: Final = "BADUGI_GRAMMAR_CACHE"
"""A folder for the saved parsers, or `off` (or empty) to build them in every process."""
DIGITS: Final = 32
_OTHER_FILE: Final = re.compile(r"^\s*%import\s+(?!common\.)", re.MULTILINE)
"""A grammar that imports a file of its own: the digest of its text would not see that
file change, so such a grammar is built every time (ours imports only Lark's `common`)."""
KEEP: Final = 4
"""Files kept per parser: a few checkouts of different grammars sharing the cache (branches,
worktrees) then each find theirs, rather than each deleting the others' and building anew."""


def folder() -> Path | None:
    """Where the saved parsers live, or None when they are not to be kept."""
    chosen = os.environ.get(ENV)
    if chosen is not None:
        return None if chosen.strip() in ("", "off") else Path(chosen)
    if sys.platform == "emscripten":  # the engine in the page: no disk worth keeping
        return None
    if os.name == "nt":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "badugi-spec" / "cache" if base else None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "badugi-spec"


def key(grammar: str, options: dict[str, Any]) -> str:
    """The digest naming the saved parser of `grammar` built with `options`."""
    parts = [grammar, repr(sorted(options.items())), lark.__version__, sys.version]
    return hashlib.sha256("\0".join(parts).encode("utf-8")).hexdigest()[:DIGITS]


def parser(name: str, grammar: str, **options: Any) -> lark.Lark:
    """`lark.Lark(grammar, **options)`, loaded from the cache when it holds it. `name` says
    which parser it is (a grammar may be built with other options elsewhere): the cache
    keeps one file per name, the latest."""
    where = folder()
    if where is None or _OTHER_FILE.search(grammar) or not _ours(where, make=True):
        return lark.Lark(grammar, **options)
    path = where / f"{name}-{key(grammar, options)}.lark"
    if _ours(path):
        try:
            with path.open("rb") as saved:
                loaded: lark.Lark = lark.Lark.load(saved)
            return loaded
        except Exception:  # any damage (a cut pickle, a foreign file...): build and replace
            pass
    built = lark.Lark(grammar, **options)
    _save(built, path)
    return built


def _ours(path: Path, *, make: bool = False) -> bool:
    """Whether `path` is a folder (made if `make`) or a file that only this user can have
    written: a pickle from anyone else could run their code here."""
    try:
        if make:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = path.lstat()
    except OSError:
        return False
    kind = stat.S_ISDIR if make else stat.S_ISREG
    if os.name == "nt":  # no owner bits to check: the folder is in the user's profile
        return kind(info.st_mode)
    return (
        kind(info.st_mode)
        and info.st_uid == os.getuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


def _save(built: lark.Lark, path: Path) -> None:
    """Write the parser to `path` whole, then drop the same parser's files but the `KEEP`
    latest (of other grammars or Lark versions); a failure leaves the folder as it was."""
    import tempfile  # only when writing, which is rare

    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=".lark")
        try:
            with os.fdopen(handle, "wb") as out:
                built.save(out)
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
        name = path.name.rsplit("-", 1)[0]
        mine = path.parent.glob(f"{name}-{'?' * DIGITS}.lark")
        for old in sorted(mine, key=lambda file: file.stat().st_mtime_ns)[:-KEEP]:
            if old != path:
                old.unlink(missing_ok=True)
    except Exception:  # unwritable, full, read-only...: the parser is built each time instead
        return
