"""The architecture page: the package's layers and one hand's way through them, drawn.

Nothing here is written by hand twice. The layers are the contract that `make layers`
checks (pyproject.toml, `[tool.importlinter]`), each described by its package's own
docstring, with its modules and lines counted from the tree. The path of a hand names
modules, and the build fails if one of them is gone, so the page cannot fall behind a
move.
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from badugi_spec.errors import BadugiError

from .templating import render

PACKAGE: Final = Path(__file__).resolve().parent.parent
PYPROJECT: Final = PACKAGE.parent / "pyproject.toml"

# One hand's way from a scenario line to a report: (module under the package, what it does).
FLOW: Final = (
    ("scenario/suite.py", "finds the `.badugi` files and loads each; a bad one is a located error"),
    ("scenario/parser.py", "parses a file with the Lark grammar (`scenario/grammar.lark`)"),
    ("scenario/assemble.py", "checks the statements and builds a frozen `Scenario`"),
    ("scenario/compile.py", "compiles it to a flat, language-neutral case of plain JSON"),
    ("scenario/runner.py", "drives an implementation through the case, step by step"),
    ("scenario/engine_impl.py", "our engine as the implementation (`protocol/client.py`: another)"),
    ("engine/hand.py", "the hand: posting, betting rounds, draws, the stub, the showdown"),
    ("engine/snapshot.py", "the state after each step, as the protocol's JSON"),
    ("scenario/runner_expect.py", "each `expect` line against that state: met, or the difference"),
    ("scenario/report.py", "the report: the first divergence at its line, as text, JSON or JUnit"),
)  # fmt: skip

ENGINE_PARTS: Final = (
    ("posting.py", "antes, blinds, the deal"),
    ("betting_round.py", "turn, bets, folds, the round's end"),
    ("betting_options.py", "the options and refusals"),
    ("reopening.py", "what a raise reopens"),
    ("draw_round.py", "draw order, burns, replacements"),
    ("stub.py", "the stub, last card, reshuffles"),
    ("settlement.py", "pots, odd chips, halves, result"),
)


LESSON_PATH: Final = (
    (
        "Markdown",
        "docs/lessons",
        "a lesson is a Markdown page beside the scenario files that hold its hands, and a"
        " worked example a scenario file whose story is Markdown; neither is Python",
    ),
    (
        "hook",
        "docs/hook.py",
        "MkDocs calls `on_config`, which draws every generated page in memory"
        " (`docs/build.py`, `render_site`) before the navigation is read",
    ),
    (
        "scenario",
        "scenario/suite.py",
        "the scenario files are loaded, checked and compiled to cases"
        " (`scenario/compile.py`), exactly as `badugi-spec check` does",
    ),
    (
        "engine",
        "scenario/runner.py",
        "the runner plays each case on the engine (`engine/hand.py`), and"
        " `docs/replayer_record.py` keeps the engine's events as it goes",
    ),
    (
        "data",
        "docs/examples.py",
        "Python turns the run into what a page shows, as plain data: a hand's rows and"
        " result (`docs/hand_table.py`, `docs/hand_rows.py`), the replayer's frames"
        " (`docs/replayer_frames.py`), the pots, the odds, a lesson's figures",
    ),
    (
        "template",
        "docs/templating.py",
        "`render(name, **data)` fills a Jinja template under `docs/templates/`, escaped,"
        " and a field the data lacks stops the build; the markup lives only there",
    ),
    (
        "page",
        "docs/hook.py",
        "the pages become MkDocs files from memory (`on_files`), each hand's tables go"
        " into its slot once the search has read the page (`on_page_context`), and MkDocs"
        " writes the site",
    ),
)
"""A generated page's way to the site, for the page's last section."""


class ArchitectureError(BadugiError):
    """The page's sources disagree with the tree (a module moved, a layer unknown)."""


@dataclass(frozen=True, slots=True)
class Part:
    """One package (or one-module layer) of a floor, with its own docstring's summary."""

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


def layers_svg(floors: list[Layer]) -> dict[str, Any]:
    """One box per package, a floor per layer, top first; the arrows point down."""
    width, row, gap = 640, 34, 14
    drawn = []
    for i, floor in enumerate(floors):
        y = i * (row + gap)
        box = (width - 40 - 12 * (len(floor.names) - 1)) / len(floor.names)
        boxes = [
            {"name": _short(name), "x": f"{x:.0f}", "middle": f"{x + box / 2:.0f}"}
            for x, name in ((20 + j * (box + 12), name) for j, name in enumerate(floor.names))
        ]
        mid, top = width / 2, y + row
        arrow = f"M{mid:.0f} {top + 2} v{gap - 4} m-4 -5 l4 5 l4 -5" if i + 1 < len(floors) else ""
        drawn.append(
            {
                "y": y,
                "width": f"{box:.0f}",
                "text_y": y + row / 2 + 5,
                "boxes": boxes,
                "arrow": arrow,
            }
        )
    return {"width": width, "height": len(floors) * (row + gap), "row": row, "floors": drawn}


def _checked_flow() -> list[tuple[str, str]]:
    for module, _ in FLOW:
        if not (PACKAGE / module).exists():
            raise ArchitectureError(f"the architecture page names badugi_spec/{module}, now gone")
    for _, module, _ in LESSON_PATH:
        if not (PACKAGE / module).exists():
            raise ArchitectureError(f"the architecture page names badugi_spec/{module}, now gone")
    for module, _ in ENGINE_PARTS:
        if not (PACKAGE / "engine" / module).exists():
            raise ArchitectureError(f"the architecture page names engine/{module}, now gone")
    return list(FLOW)


def architecture_md(pyproject: Path = PYPROJECT) -> str:
    floors = layers(pyproject)
    flow = _checked_flow()
    every = [part for floor in floors for part in floor.parts]
    return render(
        "pages/architecture.md",
        modules=sum(part.modules for part in every),
        lines=sum(part.lines for part in every),
        floors=floors,
        svg=layers_svg(floors),
        short=_short,
        flow=flow,
        engine_parts=ENGINE_PARTS,
        lesson_path=LESSON_PATH,
    )
