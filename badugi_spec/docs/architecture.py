"""The architecture page: the package's layers and one hand's way through them, drawn.

Nothing here is written by hand twice. The layers are the contract that `make layers`
checks (pyproject.toml, `[tool.importlinter]`), each described by its package's own
docstring, with its modules and lines counted from the tree. The path of a hand names
modules, and the build fails if one of them is gone, so the page cannot fall behind a
move.
"""

from __future__ import annotations

import ast
import html
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Final

from badugi_spec.errors import BadugiError

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


def layers_svg(floors: list[Layer]) -> str:
    """One box per package, a floor per layer, top first; the arrows point down."""
    width, row, gap = 640, 34, 14
    height = len(floors) * (row + gap)
    parts = [
        f'<svg class="layers" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}"'
        ' role="img" aria-label="The package layers, each importing only those below it">'
    ]
    for i, floor in enumerate(floors):
        y = i * (row + gap)
        box = (width - 40 - 12 * (len(floor.names) - 1)) / len(floor.names)
        for j, name in enumerate(floor.names):
            x = 20 + j * (box + 12)
            parts.append(
                f'<rect x="{x:.0f}" y="{y}" width="{box:.0f}" height="{row}" rx="6"'
                ' fill="none" stroke="currentColor"/>'
                f'<text x="{x + box / 2:.0f}" y="{y + row / 2 + 5}" text-anchor="middle"'
                f' font-size="14" fill="currentColor">{html.escape(_short(name))}</text>'
            )
        if i + 1 < len(floors):
            mid, top = width / 2, y + row
            parts.append(
                f'<path d="M{mid:.0f} {top + 2} v{gap - 4} m-4 -5 l4 5 l4 -5"'
                ' fill="none" stroke="currentColor"/>'
            )
    parts.append("</svg>")
    return "".join(parts)


def _checked_flow() -> list[tuple[str, str]]:
    for module, _ in FLOW:
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
    modules = sum(part.modules for part in every)
    lines = sum(part.lines for part in every)
    out = [
        "# Architecture",
        "",
        "How the package is laid out, for anyone reading or changing the code. It is one",
        f"package of {modules} modules ({lines:,} lines) in {len(floors)} layers, and each",
        "layer imports only the layers below it. `make layers` checks this on every",
        "`make test` (the contract is in `pyproject.toml`, under `[tool.importlinter]`);",
        "packages drawn side by side are siblings that may not import each other, and",
        "`pokerkit` is imported only under `interop/pokerkit`.",
        "",
        f'<figure class="layers-figure">{layers_svg(floors)}</figure>',
        "",
        "Top floor first; the summary is the package's own docstring.",
        "",
        "| floor | package | what it holds | modules | lines |",
        "| ---: | --- | --- | ---: | ---: |",
    ]
    for number, floor in zip(range(len(floors), 0, -1), floors, strict=True):
        for part in floor.parts:
            out.append(
                f"| {number} | `{_short(part.name)}` | {part.summary} | {part.modules}"
                f" | {part.lines:,} |"
            )
    out += [
        "",
        "## One hand, from a scenario line to a report",
        "",
        "`badugi-spec check` and `verify` take the same road; only the implementation at",
        "step 6 differs (our engine in-process, or another program over the protocol).",
        "",
    ]
    out += [f"{i}. `{module}`: {what}." for i, (module, what) in enumerate(flow, start=1)]
    out += [
        "",
        "## The engine by phase",
        "",
        "`engine/hand.py` is a coordinator: it sets the table up, owns the turn and answers",
        "what the state is. Each phase is a part in a module of its own, holding the state",
        "it owns (`engine/table.py` says which, and a test checks that no part rebinds",
        "another's):",
        "",
    ]
    out += [f"- `engine/{module}`: {what}." for module, what in ENGINE_PARTS]
    out += [
        "",
        "The parts are mixin classes of `Hand`, not objects it holds: every action passes",
        "through several of them, and a part reading the hand's chips through a reference",
        "would pay an extra attribute read in the hottest loops, which the engine benchmark",
        "(`make bench`, against PokerKit) would show. It also keeps each rule decision a",
        "method that a mutant (`badugi_spec/mutants`) overrides by name.",
        "",
    ]
    return "\n".join(out)
