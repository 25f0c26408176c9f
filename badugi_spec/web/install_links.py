"""The install page's download: the project's wheel and Lark's, as this build of the site
carries them (`pyodide_build` puts both under `site/pyodide/wheels/` for the engine in the
page), with the `pip install` command that installs them.

The project publishes no public address (`pyproject.toml` names none), so these files are
the one download the site can offer that is sure to exist: the wheels the play page runs.
The section is written into `install.md` where it holds `<!-- install:wheels -->`, by the
site hook, before the page is drawn. A build without the engine in the page carries no
wheel: the section then says so, and why, rather than link to nothing.

The wheel holds the package and the rulebook, not the conformance suite (`scenarios/`,
which the page never runs): `verify` and `coverage` need a copy of the source.
"""

from __future__ import annotations

import importlib.metadata
from pathlib import Path
from typing import Final

import badugi_spec
from badugi_spec.web.pyodide_build import OUT, why_not

MARK: Final = "<!-- install:wheels -->"


def wheel_names() -> tuple[str, str]:
    """The file names of the project's wheel and Lark's, as `pyodide_build` writes them."""
    lark = importlib.metadata.version("lark")
    return (
        f"badugi_spec-{badugi_spec.__version__}-py3-none-any.whl",
        f"lark-{lark}-py3-none-any.whl",
    )


def section(root: Path, *, up: str = "../") -> str:
    """The Markdown (with plain HTML links, which the site's link check leaves alone) of
    the download; `up` leads from the page to the site's root."""
    reason = why_not(root)
    if reason is not None:
        return (
            "This build of the site carries no wheel to download (" + reason + "); a build"
            " with the engine in the page does. Use the source, below."
        )
    ours, lark = wheel_names()
    link = f"{up}{OUT}/wheels/"
    return "\n".join(
        [
            "This site carries the package as a wheel, the very file the"
            " [play page](play/index.md) runs in your browser, and the one library it needs:",
            "",
            f'- <a class="install-wheel" href="{link}{ours}" download>{ours}</a> (the'
            " package: every command, the rulebook, the profiles);",
            f'- <a class="install-wheel" href="{link}{lark}" download>{lark}</a>'
            " (Lark, which reads the scenario language).",
            "",
            "Download both into one folder, then, in that folder:",
            "",
            "```sh",
            "python3 -m venv .venv",
            f".venv/bin/python -m pip install {ours} {lark}",
            "```",
            "",
            "That needs no network once the two files are here (without Lark's file, pip"
            " fetches Lark from the package index instead). You then have"
            " `.venv/bin/badugi-spec` with `hand`, `compare`, `odds`, `rules`, `play`,"
            " `profiles`, `check` (of your own scenarios), `serve` and the rest. What the"
            " wheel leaves out is the conformance suite (`scenarios/`): `verify` and"
            " `coverage` need it, so to test an engine against the suite, get the source.",
        ]
    )


def fill(markdown: str, root: Path) -> str:
    """`install.md` with its mark replaced by the download section."""
    return markdown.replace(MARK, section(root)) if MARK in markdown else markdown


__all__ = ["MARK", "fill", "section", "wheel_names"]
