"""The one guard for every file a command writes: reports, scenarios, cases, saved hands.

`check_outputs` runs before any work and refuses, each with one line naming the option:
a path that is an input of the run (never written over, even with `--force`), a `.badugi`
file inside an input folder (the next run would read it as a scenario), a path given for
two options, a folder where a file is wanted (or a file where a folder is), an existing
file without `--force`, and a place where no file can be made. `write` then puts the
bytes in a temporary file beside the target and renames it over the target, so a run
that fails or is interrupted leaves the old file whole and no temporary file behind;
`create` makes a file that must be new (`O_EXCL`, a link at the name is not followed).

The commands that write call these; `OutputError` is a `BadugiError`, the command line's
one-line refusal with status 2.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Collection, Mapping, Sequence
from pathlib import Path
from typing import Final

from badugi_spec.errors import BadugiError

SCENARIO_SUFFIX: Final = ".badugi"
_CREATE: Final = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


class OutputError(BadugiError):
    """A path a command would write that it must not, or cannot."""


def check_outputs(
    outputs: Mapping[str, str | os.PathLike[str] | None],
    *,
    inputs: Sequence[Path] = (),
    files: Sequence[Path] = (),
    force: bool = False,
    folders: Collection[str] = (),
    protected: Sequence[Path] = (),
) -> dict[str, Path]:
    """Refuse the paths a run must not write, before the run; the paths it will write.

    `outputs` maps each option (`--json`) to its path (None or `-`: not asked for);
    `folders` names the options whose path is a folder to write into. `inputs` are the
    paths given on the command line and `files` the files found under them; `protected`
    are folders whose files are never replaced, even with `--force` (the scenario suite).
    """
    chosen: dict[str, Path] = {}
    seen: dict[Path, str] = {}
    input_folders = [p.resolve() for p in inputs if p.is_dir()]
    for option, given in outputs.items():
        if given is None or str(given) in ("", "-"):
            continue
        path = Path(given)
        where = f"{option} {path}"
        if option in folders:
            if path.exists() and not path.is_dir():
                raise OutputError(f"{where}: is a file, not a folder")
        elif path.is_dir():
            raise OutputError(f"{where}: is a folder, not a file")
        if any(_same_file(path, source) for source in (*inputs, *files)):
            kind = "scenario file" if path.suffix == SCENARIO_SUFFIX else "file"
            raise OutputError(f"{where}: is an input {kind}; choose another path")
        resolved = path.resolve()
        if path.suffix == SCENARIO_SUFFIX and any(f in resolved.parents for f in input_folders):
            raise OutputError(
                f"{where}: a .badugi file in an input folder would be read as a scenario"
            )
        if resolved in seen:
            raise OutputError(f"{seen[resolved]} and {option} name the same file: {path}")
        seen[resolved] = option
        if option not in folders:
            refuse_existing(path, option=option, force=force, protected=protected)
            _probe(path, where)
        chosen[option] = path
    return chosen


def refuse_existing(
    path: Path, *, option: str, force: bool, protected: Sequence[Path] = ()
) -> None:
    """Refuse to write over an existing `path`: always inside `protected`, else without
    `--force`."""
    if not os.path.lexists(path):
        return
    where = f"{option} {path}" if option else str(path)
    resolved = path.resolve()
    if any(folder.resolve() in resolved.parents for folder in protected):
        raise OutputError(f"{where}: is a file of the scenario suite; never replaced")
    if not force:
        raise OutputError(f"{where}: exists; --force replaces it")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def _probe(path: Path, where: str) -> None:
    """That a file can be made beside `path`: it is written there, then renamed."""
    folder = path.absolute().parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent  # made when the file is written, not before the run
    if not folder.is_dir():
        raise OutputError(f"{where}: {folder} is not a folder")
    try:
        if path.exists() and not os.access(path, os.W_OK):
            raise OutputError(f"{where}: cannot be written (permission denied)")
        fd, probe = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".probe")
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        raise OutputError(f"{where}: cannot be written ({error.strerror or error})") from None


def write(
    path: str | os.PathLike[str],
    data: bytes | str,
    *,
    mode: int | None = None,
    make_folders: bool = True,
) -> None:
    """The whole file or none of it: a temporary file beside `path`, renamed over it, removed
    on every failure. `mode`: the permissions (default: an existing file's, else 0666 less
    the umask); `make_folders`: make the folders on the way (a report's), or not."""
    target = Path(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    if make_folders:
        target.parent.mkdir(parents=True, exist_ok=True)
    if mode is None:
        mode = _mode_of(target)
    fd, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(payload)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def create(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Make a new file at `path` (FileExistsError if anything is there, a link included);
    a failed write removes the part written."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    fd = os.open(path, _CREATE, 0o666)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(payload)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(path)
        raise


def _mode_of(target: Path) -> int:
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask
