"""The architecture page: the layers `make layers` checks (pyproject.toml), each described
by its package's docstring and counted from the tree, and one hand's way through them,
whose modules must exist (the build fails on one gone, so the page follows a move).
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from badugi_spec.errors import BadugiError

from .templating import data, render

PACKAGE: Final = Path(__file__).resolve().parent.parent
PYPROJECT: Final = PACKAGE.parent / "pyproject.toml"

WALKS: Final = data("architecture")
"""A hand's way through the code, the engine's parts and a lesson's way to the site."""


class ArchitectureError(BadugiError):
    """The page's sources disagree with the tree (a module moved, a layer unknown)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One package (or one-module layer) of a floor."""

    name: str
    summary: str
    modules: int
    lines: int


@dataclass(frozen=True, slots=True)
class Layer:
    parts: tuple[Part, ...]
    """The packages or modules on this floor (siblings may not import each other)."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(part.name for part in self.parts)


def layer_contract(pyproject: Path = PYPROJECT) -> tuple[tuple[str, ...], ...]:
    """The layers, top first, as `make layers` checks them."""
    try:
        config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        contracts = config["tool"]["importlinter"]["contracts"]
        (layers,) = [c["layers"] for c in contracts if c.get("type") == "layers"]
    except (OSError, KeyError, ValueError, tomllib.TOMLDecodeError) as error:
        raise ArchitectureError(f"{pyproject}: no layers contract to draw ({error})") from None
    return tuple(tuple(part.strip() for part in str(floor).split("|")) for floor in layers)


def _path_of(dotted: str) -> Path:
    relative = dotted.removeprefix("badugi_spec").lstrip(".").replace(".", "/")
    folder = PACKAGE / relative
    if folder.is_dir():
        return folder
    module = folder.with_suffix(".py")
    if module.exists():
        return module
    raise ArchitectureError(f"the layer {dotted} is neither a package nor a module")


def _summary(path: Path) -> str:
    source = path / "__init__.py" if path.is_dir() else path
    doc = ast.get_docstring(ast.parse(source.read_text(encoding="utf-8"))) or ""
    return doc.split("\n\n")[0].replace("\n", " ").strip()


def layers(pyproject: Path = PYPROJECT) -> list[Layer]:
    found = []
    for floor in layer_contract(pyproject):
        parts = []
        for name in floor:
            path = _path_of(name)
            files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
            lines = sum(len(f.read_text(encoding="utf-8").splitlines()) for f in files)
            parts.append(Part(name, _summary(path), len(files), lines))
        found.append(Layer(tuple(parts)))
    return found


def _short(dotted: str) -> str:
    return dotted.removeprefix("badugi_spec.")


def _checked_walks() -> None:
    named = [f for f, _ in WALKS["flow"]] + [m for _, m, _ in WALKS["lesson_path"]]
    named += [f"engine/{module}" for module, _ in WALKS["engine_parts"]]
    for module in named:
        if not (PACKAGE / module).exists():
            raise ArchitectureError(f"the architecture page names badugi_spec/{module}, now gone")


def architecture_md(pyproject: Path = PYPROJECT) -> str:
    floors = layers(pyproject)
    _checked_walks()
    every = [part for floor in floors for part in floor.parts]
    return render(
        "pages/architecture.md",
        modules=sum(part.modules for part in every),
        lines=sum(part.lines for part in every),
        floors=floors,
        short=_short,
        **WALKS,
    )
