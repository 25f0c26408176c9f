"""`fmt`: lay scenario files out the canonical way (`scenario.layout`), or check they are.

Without `--check` each file that changes is written again in place, through a temporary
file in its folder that then replaces it, so an interrupted run leaves every file whole.
A file that does not parse is reported at its place and left as it is.
"""

from __future__ import annotations

import argparse
import difflib
import os
import stat
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

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


def run_fmt(args: argparse.Namespace) -> int:
    tally = _Tally()
    for given in args.paths:
        empty = empty_folder_error(Path(given))
        if empty is not None:
            _report(empty)
            tally.errors += 1
    for path in scenario_files(args.paths):
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
        tally.changed.append(path)
        if not args.check:
            replace(path, formatted)
        print(safe(f"{'would reformat' if args.check else 'reformatted'} {path}"))
        if args.diff:
            print(diff(text, formatted, str(path)), end="")
    print(_summary(tally, check=args.check))
    if tally.errors:
        return UNREADABLE
    return CHANGED if args.check and tally.changed else 0


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
    """Write `text` to `path` whole or not at all: a temporary file beside it, renamed over
    it, with the file's own permissions. A link is followed: its target is rewritten."""
    target = path.resolve()
    mode = stat.S_IMODE(target.stat().st_mode)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
