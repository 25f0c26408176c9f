"""Where `import` writes its scenarios, and how, so that nothing is lost.

- Every file is `--out/<scenario id>.badugi`, and a scenario ID is a slug
  (`importer.scenario_id`): no name can leave the folder.
- One run never writes two hands to one file: a hand whose ID another hand of the run has
  already taken (two files both numbering their hands `[1]`, `[2]`; `a b` and `a-b`) gets
  `-2`, `-3` ..., in the order the hands are read, so a run again gives the same names.
- An existing file is never replaced without `--force`; with it the new text goes to a
  temporary file that is then renamed over the old name, so a link there is replaced, not
  followed, and a failed write leaves the old file whole. An input of the run is never
  replaced, even with `--force`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterable
from pathlib import Path
from typing import Final

from badugi_spec import outputs
from badugi_spec.errors import BadugiError
from badugi_spec.interop.importer import refuse
from badugi_spec.interop.record import HandRecord

SUFFIX: Final = ".badugi"
_SAFE: Final = re.compile(r"[a-z0-9][a-z0-9-]{0,99}")


class OutputError(BadugiError):
    """`--out` cannot hold scenarios at all: the run stops with one line."""


class Output:
    """The folder one run writes into, and the scenario IDs the run has given out."""

    def __init__(self, folder: Path, *, force: bool, inputs: Iterable[Path]) -> None:
        if folder.exists() and not folder.is_dir():
            raise OutputError(f"--out {folder}: not a folder")
        self.folder = folder
        self.force = force
        self._inputs = {_identity(os.stat(path)) for path in inputs if path.exists()}
        self._taken: set[str] = set()
        self._made = False

    def claim(self, base: str) -> str:
        """An ID no hand of this run has had: `base`, else `base-2`, `base-3` ...

        Called for every hand read, written or not, so that a hand's name depends only on
        the hands before it in the input, not on which of them could be imported."""
        name, number = base, 1
        while name in self._taken:
            number += 1
            name = f"{base}-{number}"
        self._taken.add(name)
        return name

    def write(self, record: HandRecord, name: str, text: str) -> Path:
        """Write `text` as scenario `name`; HandImportError (naming the hand) if refused."""
        if not _SAFE.fullmatch(name):
            # scenario_id and claim make only slugs; this keeps the promise if one changes.
            raise refuse(record, f"{name!r} is not a safe scenario ID")
        target = self.folder / f"{name}{SUFFIX}"
        self._make_folder()
        try:
            existing: os.stat_result | None = os.lstat(target)
        except FileNotFoundError:
            existing = None
        except OSError as error:
            raise refuse(record, f"cannot write {target}: {error.strerror or error}") from None
        if existing is not None:
            if _identity(existing) in self._inputs:
                raise refuse(
                    record, f"{target} is an input of this run; not replaced, even with --force"
                )
            if not self.force:
                raise refuse(record, f"{target} exists; --force replaces it")
            if stat.S_ISDIR(existing.st_mode):
                raise refuse(record, f"{target} is a folder; not replaced")
        data = text.encode("utf-8")
        try:
            if existing is None:
                outputs.create(target, data)  # O_EXCL: a link at the name is not followed
            else:
                outputs.write(target, data, make_folders=False)  # renamed over: not followed
        except FileExistsError:
            # Made by someone else since the check above: still never overwritten.
            raise refuse(record, f"{target} exists; --force replaces it") from None
        except OSError as error:
            raise refuse(record, f"cannot write {target}: {error.strerror or error}") from None
        return target

    def _make_folder(self) -> None:
        # Only when a hand is written: a run that writes nothing leaves no empty folder.
        if self._made:
            return
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise OutputError(
                f"--out {self.folder}: cannot make the folder: {error.strerror or error}"
            ) from None
        self._made = True


def _identity(status: os.stat_result) -> tuple[int, int]:
    return status.st_dev, status.st_ino
