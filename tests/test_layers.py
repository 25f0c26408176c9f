"""The layer contract (pyproject.toml, `make layers`) holds, and it would catch a breach.

The contract itself runs in `make test` before pytest; these tests run it on a copy of
the package with one import planted, to show that it fails for what it should.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"

pytestmark = pytest.mark.skipif(not LINT_IMPORTS.exists(), reason="import-linter not installed")


def lint_copy(
    tmp_path: Path, *, plant: tuple[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """lint-imports over a copy of the package, with `plant` = (module file, line) added."""
    shutil.copytree(ROOT / "badugi_spec", tmp_path / "badugi_spec",
                    ignore=shutil.ignore_patterns("__pycache__"))  # fmt: skip
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if plant is not None:
        path = tmp_path / "badugi_spec" / plant[0]
        path.write_text(path.read_text(encoding="utf-8") + f"\n{plant[1]}\n", encoding="utf-8")
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


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
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
    ],
)
def test_a_planted_import_breaks_the_contract(
    tmp_path: Path, module: str, line: str, broken: str
) -> None:
    done = lint_copy(tmp_path, plant=(module, line))
    assert done.returncode == 1, done.stdout + done.stderr
    assert "1 broken" in done.stdout
    assert f"{broken}" in done.stdout.split("Broken contracts")[-1]


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
