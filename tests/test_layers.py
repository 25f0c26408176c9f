"""The layer contract (pyproject.toml, `make layers`) holds, and it would catch a breach.

The contract itself runs in `make test` before pytest; these tests run it on a copy of
the package with one import planted, to show that it fails for what it should.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


def lint_copy(
    tmp_path: Path, *, plants: Sequence[tuple[str, str]] = ()
) -> subprocess.CompletedProcess[str]:
    """lint-imports over a copy of the package, with each of `plants` = (module file,
    line) added."""
    shutil.copytree(ROOT / "badugi_spec", tmp_path / "badugi_spec",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for module, line in plants:
        path = tmp_path / "badugi_spec" / module
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-logo", "--no-cache"],
        cwd=tmp_path,
        env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_package_keeps_its_contracts(tmp_path: Path) -> None:
    done = lint_copy(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout  # the layers, PokerKit and pygls where they belong


PLANTS = [
    # The engine reaching up to the scenario runner: a lower layer importing a higher.
    ("engine/pots.py", "import badugi_spec.scenario.runner", "Layers"),
    # Cards, the ground floor, importing the commands.
    ("cards.py", "from badugi_spec import commands", "Layers"),
    # Two siblings: the trainer may not use the mutants.
    ("trainer/hints.py", "import badugi_spec.mutants.catalogue", "Layers"),
    # The trainer may not use the docs above it.
    ("trainer/bot.py", "from badugi_spec.docs import learn", "Layers"),
    # PokerKit outside interop.pokerkit.
    ("scenario/runner.py", "import pokerkit", "PokerKit"),
    # The language server's library outside lsp.server.
    ("lsp/hover.py", "import pygls", "pygls"),
]


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The report of one lint-imports run over a copy with every import of `PLANTS`
    planted (each run reads the whole package: half a CPU-second): each import must be
    named, on its own, under the contract it breaks."""
    done = lint_copy(tmp_path_factory.mktemp("planted"), plants=[p[:2] for p in PLANTS])
    assert done.returncode == 1, done.stdout + done.stderr
    assert "Contracts: 0 kept, 3 broken." in done.stdout
    return done.stdout


def _broken_section(report: str, contract: str) -> str:
    """What the report says under the broken contract whose name starts with `contract`."""
    body = report.split("Broken contracts")[-1]
    heads = [m.start() for m in re.finditer(r"^\S[^\n]*\n-{5,}$", body, re.MULTILINE)]
    for start, end in zip(heads, [*heads[1:], len(body)], strict=True):
        if body.startswith(contract, start):
            return body[start:end]
    raise AssertionError(f"{contract} is not among the broken contracts:\n{report}")


def _imported(line: str) -> str:
    """The module a planted line imports: `from a import b` imports `a.b` here."""
    words = line.split()
    return f"{words[1]}.{words[3]}" if words[0] == "from" else words[1]


@pytest.mark.parametrize(("module", "line", "broken"), PLANTS)
def test_a_planted_import_breaks_the_contract(
    planted: str, module: str, line: str, broken: str
) -> None:
    importer = "badugi_spec." + module.removesuffix(".py").replace("/", ".")
    section = _broken_section(planted, broken)
    assert f"{importer} -> {_imported(line)} (l." in section, section


# --- the shape of the package ------------------------------------------------------------

PACKAGE = ROOT / "badugi_spec"
MOST_LINES = 500
DATA_TABLE = "A table of data"  # a module that starts so is exempt from the size limit


def test_no_module_is_over_500_lines() -> None:
    too_long = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > MOST_LINES and DATA_TABLE not in text[:400]:
            too_long.append(f"{path.relative_to(ROOT)}: {len(text.splitlines())}")
    assert not too_long, f"split by what they do: {too_long}"


def test_every_package_says_what_it_holds_and_which_layers_it_may_use() -> None:
    for init in sorted(PACKAGE.rglob("__init__.py")):
        if init.parent == PACKAGE:
            continue  # the top level is the public API, not a layer
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8"))) or ""
        assert doc, f"{init.relative_to(ROOT)} has no docstring"
        assert "may use" in doc, f"{init.relative_to(ROOT)} does not say which layers it may use"
