"""Names a package imports on first use (PEP 562), shared by the package and `scenario`.

A package that re-exports names from its modules makes every import of it pay for them:
`badugi-spec --help` would load the rankings, and `serve` Lark. `names(package, homes)`
gives the package's module-level `__getattr__` and `__dir__` instead, which import a
name's module only when the name is first read and then keep it as an ordinary global.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping


def names(
    package: str, homes: Mapping[str, str]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """`__getattr__` and `__dir__` for `package`, whose lazy names live in `homes`
    (name -> the module that defines it)."""

    def getattr_(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home), name)
        vars(sys.modules[package])[name] = value  # the next lookup is an ordinary one
        return value

    def dir_() -> list[str]:
        return sorted({*vars(sys.modules[package]), *homes})

    return getattr_, dir_
