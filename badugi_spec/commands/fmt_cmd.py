"""`fmt`: lay scenario files out the canonical way (`scenario.layout`), or check they are.

Without `--check` each file that changes is written again in place, through a temporary
file in its folder that then replaces it with the file's own permissions, so an interrupted
run leaves every file whole. A file that does not parse is reported at its place and left
as it is. Inside a folder given, a link to a file outside it is not followed (a link names
a file someone else may own); a read-only file, a file with more than one hard link (a
rename would split them) and a file or folder that cannot be written are each refused
with one line, and the run goes on to the other files.
"""

from __future__ import annotations

import argparse
import difflib
import os
import stat
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from badugi_spec import outputs
from badugi_spec.errors import ScenarioError
from badugi_spec.scenario.layout import layout
from badugi_spec.scenario.report import safe
from badugi_spec.scenario.suite import empty_folder_error, read_source, scenario_files

CHANGED: Final = 1
"""`--check`'s status when a file is not laid out the canonical way."""
UNREADABLE: Final = 2
"""A file that does not parse or cannot be read: the status of every usage error."""
DIFF_CONTEXT: Final = 1
"""Lines of context around each change in `--diff`: the changes are small and many."""


def register(sub: Any) -> None:
    fmt = sub.add_parser("fmt", help="lay scenario files out the canonical way")
    fmt.add_argument("paths", nargs="+", help="scenario files or folders (read recursively)")
    fmt.add_argument(
        "--check",
        action="store_true",
        help="change nothing; list the files that would change and exit 1 if there are any",
    )
    fmt.add_argument("--diff", action="store_true", help="also print each change as a diff")
    fmt.set_defaults(run=run_fmt)


@dataclass
class _Tally:
    changed: list[Path] = field(default_factory=list)
    unchanged: int = 0
    errors: int = 0
    unwritten: int = 0


def run_fmt(args: argparse.Namespace) -> int:
    tally = _Tally()
    for given in args.paths:
        empty = empty_folder_error(Path(given))
        if empty is not None:
            _report(empty)
            tally.errors += 1
    for path in _files(args.paths, tally):
        try:
            text = read_source(path)
            formatted = layout(text, str(path))
        except ScenarioError as error:
            _report(error)
            tally.errors += 1
            continue
        if formatted == text:
            tally.unchanged += 1
            continue
        refused = None if args.check else _refusal(path)
        if refused is None and not args.check:
            try:
                replace(path, formatted)
            except OSError as error:
                refused = f"cannot write it: {error.strerror or error}"
        if refused is not None:
            _say(f"{path}: {refused}; not rewritten")
            tally.unwritten += 1
            continue
        tally.changed.append(path)
        print(safe(f"{'would reformat' if args.check else 'reformatted'} {path}"))
        if args.diff:
            print(diff(text, formatted, str(path)), end="")
    print(_summary(tally, check=args.check))
    if tally.errors or tally.unwritten:
        return UNREADABLE
    return CHANGED if args.check and tally.changed else 0


def _files(paths: list[str], tally: _Tally) -> list[Path]:
    """The scenario files under `paths`, but no link out of a folder given."""
    kept: list[Path] = []
    for given in paths:
        folder = Path(given)
        inside = folder.resolve() if folder.is_dir() else None
        for path in scenario_files([given]):
            if inside is not None and not path.resolve().is_relative_to(inside):
                _say(f"{path}: a link out of {given}; not followed")
                tally.errors += 1
                continue
            kept.append(path)
    return kept


def _refusal(path: Path) -> str | None:
    """Why `path` must not be replaced by a rewritten copy; None when it may be."""
    try:
        status = path.stat()
    except OSError as error:
        return f"cannot read it again: {error.strerror or error}"
    if not status.st_mode & 0o222 or not os.access(path, os.W_OK):
        return "read-only"
    if status.st_nlink > 1:
        return f"has {status.st_nlink} hard links, which a rewrite would split"
    return None


def _say(line: str) -> None:
    print(safe(f"badugi-spec: error: {line}"), file=sys.stderr)


def _report(error: ScenarioError) -> None:
    # As the command line reports any error: the located line, then the line itself with
    # a caret under the place. The other files are still laid out.
    first, *rest = error.render().splitlines()
    print(safe(f"badugi-spec: error: {first}"), file=sys.stderr)
    for line in rest:
        print(safe(line), file=sys.stderr)


def _summary(tally: _Tally, *, check: bool) -> str:
    def files(count: int) -> str:
        return f"{count} file{'' if count == 1 else 's'}"

    done = "would be reformatted" if check else "reformatted"
    kept = "already formatted" if check else "left unchanged"
    out = f"{files(len(tally.changed))} {done}, {files(tally.unchanged)} {kept}"
    if tally.errors:
        out += f", {files(tally.errors)} not read"
    if tally.unwritten:
        out += f", {files(tally.unwritten)} not written"
    return out


def diff(before: str, after: str, name: str) -> str:
    """A short unified diff of one file's change."""
    lines = difflib.unified_diff(
        before.splitlines(keepends=True),
        after.splitlines(keepends=True),
        fromfile=name,
        tofile=name,
        n=DIFF_CONTEXT,
    )
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def replace(path: Path, text: str) -> None:
    """Write `text` to `path` whole or not at all (`outputs.write`: a temporary file beside
    it, renamed over it), with the file's own permissions. A link is followed: its target
    is rewritten (`_files` has already refused one that leaves a folder given)."""
    target = path.resolve()
    mode = stat.S_IMODE(target.stat().st_mode)
    outputs.write(target, text, mode=mode, make_folders=False)
