"""The engine in the page: Pyodide's runtime and the two wheels, put under `site/pyodide/`.

`docs/play/` and `docs/playground/` run the package itself in the browser: Pyodide (CPython
compiled to WebAssembly, from the npm package pinned in `package.json` and its lock file)
unpacks this project's wheel and Lark's into its file system. Nothing is fetched from
anywhere but the site at run time. The hook calls `install` after each build.

Each piece is cached under `build/pyodide/`, so a build only copies files:
- the project's wheel is built by setuptools (its build requirements installed by pip
  once) from a copy of the sources (the rulebook link followed), keyed by a digest of
  everything that goes into it;
- Lark's wheel is downloaded once, at the version installed here (which satisfies the pin
  of `pyproject.toml`, so the page runs the Lark the tests ran);
- the runtime is linked (or copied) from `node_modules/pyodide`.

`BADUGI_PYODIDE=0`, or no `node_modules/pyodide` (no npm on this machine), leaves it all
out: `manifest.json` then says why, and the two pages say the engine is not in this build.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Final

import badugi_spec
from badugi_spec.web import pyodide_start

ENV: Final = "BADUGI_PYODIDE"
OUT: Final = "pyodide"
"""The folder under the site that holds it all."""
RUNTIME: Final = (
    "pyodide.js",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What `loadPyodide` fetches to start, without any package of its own."""
_SOURCES: Final = ("*.py", "*.lark", "*.json", "*.toml", "*.md", "*.html", "*.svg", "py.typed")


class PyodideBuildError(Exception):
    """A piece of the engine in the page could not be made; one line, with the way out."""


@dataclass(frozen=True, slots=True)
class Built:
    """What `install` put under the site, for the hook's message and the tests."""

    enabled: bool
    reason: str = ""
    wheels: tuple[str, ...] = ()
    pyodide: str = ""
    bytecode: str = ""
    """Why the page runs from sources (no Node, say), or "" when it has the bytecode."""


def runtime_dir(root: Path) -> Path:
    return root / "node_modules" / "pyodide"


def why_not(root: Path) -> str | None:
    """Why this build leaves Pyodide out, or None when it puts it in."""
    if os.environ.get(ENV, "").strip() == "0":
        return f"{ENV}=0 was set for this build"
    missing = [name for name in RUNTIME if not (runtime_dir(root) / name).is_file()]
    if missing:
        return (
            "the Pyodide runtime is not installed (npm ci in the checkout installs it from"
            " package-lock.json)"
        )
    return None


def source_digest(root: Path) -> str:
    """Everything the project's wheel is made of: its metadata and every package file."""
    # The rulebook is a link into rules/, which a recursive glob does not follow.
    trees = (root / "badugi_spec", root / "rules")
    files = sorted(
        {
            path
            for tree in trees
            for pattern in _SOURCES
            for path in tree.rglob(pattern)
            if path.is_file() and "__pycache__" not in path.parts
        }
    )
    h = hashlib.sha256()
    for path in [root / "pyproject.toml", root / "README.md", *files]:
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _quiet_run(
    command: list[str], *, cwd: Path, what: str, env: dict[str, str] | None = None
) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["(no message)"])[-1]
        raise PyodideBuildError(f"{what} failed: {last}")


def project_wheel(root: Path, cache: Path) -> Path:
    """The project's wheel, built by pip once per source digest."""
    folder = cache / f"wheel-{source_digest(root)}"
    found = sorted(folder.glob("badugi_spec-*.whl"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="badugi-wheel-") as temp:
        tree = Path(temp) / "src"
        tree.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy2(root / name, tree / name)
        # `rulebook` is a link to rules/ in a checkout: the wheel must hold the files. The
        # conformance suite (`suite`, a link to scenarios/) is for `verify`, never run in the
        # page: left out, it spares every reader's browser its download.
        shutil.copytree(
            root / "badugi_spec",
            tree / "badugi_spec",
            ignore=_left_out_of_the_page,
        )
        out = Path(temp) / "out"
        out.mkdir()
        # The build backend called as pip would call it, from the requirements installed
        # once: pip's own isolated build installed them anew into a fresh folder each
        # time, most of the wheel's 8 CPU-seconds.
        backend = f"import setuptools.build_meta as b; b.build_wheel({str(out)!r})"
        _quiet_run(
            [sys.executable, "-c", backend],
            cwd=tree,
            what="building the project's wheel (setuptools)",
            env=os.environ | {"PYTHONPATH": str(build_requirements(root, cache))},
        )
        built = sorted(out.glob("badugi_spec-*.whl"))
        if not built:
            raise PyodideBuildError("setuptools made no badugi_spec wheel")
        _publish(out, folder)
    _prune(cache, "wheel-", keep=folder)
    return sorted(folder.glob("badugi_spec-*.whl"))[0]


def build_requirements(root: Path, cache: Path) -> Path:
    """A folder holding `[build-system] requires` of `pyproject.toml` (setuptools),
    installed by pip once per requirement list and this Python: the wheel's build path."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    # Without a [build-system] table pip assumes setuptools (PEP 518).
    requires = sorted(project.get("build-system", {}).get("requires", ["setuptools>=40.8.0"]))
    key = hashlib.sha256(f"{sys.version}\0{requires}".encode()).hexdigest()[:16]
    folder = cache / f"build-requires-{key}"
    if (folder / "setuptools").is_dir():
        return folder
    with tempfile.TemporaryDirectory(prefix="badugi-requires-") as temp:
        target = Path(temp) / "made"
        _quiet_run(
            [sys.executable, "-m", "pip", "install", "-q", "--target", str(target), *requires],
            cwd=root,
            what="installing the wheel's build requirements (pip install)",
        )
        folder.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # another build published it first: the same
            target.rename(folder)
    return folder


def _left_out_of_the_page(folder: str, names: list[str]) -> set[str]:
    """`copytree`'s ignore: caches, and the package's own suite folder."""
    dropped = set(shutil.ignore_patterns("__pycache__", "*.pyc")(folder, names))
    if Path(folder).name == "badugi_spec" and "suite" in names:
        dropped.add("suite")
    return dropped


def _prune(cache: Path, prefix: str, *, keep: Path, most: int = 3) -> None:
    """Drop all but the newest few wheels of earlier sources (each edit makes one)."""
    old = sorted(
        (p for p in cache.glob(prefix + "*") if p.is_dir() and p != keep and "." not in p.name),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in old[most - 1 :]:
        shutil.rmtree(path, ignore_errors=True)


def lark_requirement(root: Path) -> str:
    """Lark at the version installed here, checked against the pin of `pyproject.toml`."""
    project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    pins = [d for d in project["project"]["dependencies"] if d.replace(" ", "").startswith("lark")]
    if not pins:
        raise PyodideBuildError("pyproject.toml names no lark dependency")
    return f"lark=={importlib.metadata.version('lark')}"


def lark_wheel(root: Path, cache: Path) -> Path:
    """Lark's own wheel from the package index, downloaded once per version."""
    requirement = lark_requirement(root)
    version = requirement.partition("==")[2]
    folder = cache / f"lark-{version}"
    found = sorted(folder.glob("lark-*.whl"))
    if found:
        return found[0]
    with tempfile.TemporaryDirectory(prefix="badugi-lark-") as temp:
        _quiet_run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                requirement,
                "--no-deps",
                "--only-binary=:all:",
                "-q",
                "-d",
                temp,
            ],
            cwd=root,
            what=f"downloading {requirement}'s wheel (pip download)",
        )
        _publish(Path(temp), folder)
    found = sorted(folder.glob("lark-*.whl"))
    if not found:
        raise PyodideBuildError(f"pip download gave no wheel for {requirement}")
    return found[0]


PURE: Final = ("jinja2", "markupsafe")
"""Installed here and wanted in the page: the docs' templates (`badugi_spec.docs.templating`)
draw the playground's example. Their pure-Python files are zipped as they are installed."""


def pure_wheel(name: str, cache: Path) -> Path:
    """An installed distribution's Python files as a wheel, made once per version.

    MarkupSafe publishes no wheel for any platform Pyodide is; its C speed-up is optional
    (it falls back to `_native`), so its Python files alone are a working package."""
    dist = importlib.metadata.distribution(name)
    folder = cache / f"{name}-{dist.version}"
    wheel = folder / f"{name}-{dist.version}-py3-none-any.whl"
    if wheel.exists():
        return wheel
    skipped = ("INSTALLER", "RECORD", "direct_url.json", "REQUESTED")
    with tempfile.TemporaryDirectory(prefix=f"badugi-{name}-") as temp:
        with zipfile.ZipFile(Path(temp) / wheel.name, "w", zipfile.ZIP_DEFLATED) as archive:
            for file in dist.files or ():
                path = Path(str(dist.locate_file(file)))
                if "__pycache__" in file.parts or file.suffix in (".so", ".c", ".pyd"):
                    continue
                if file.name in skipped or not path.is_file():
                    continue
                archive.write(path, file.as_posix())
        _publish(Path(temp), folder)
    return wheel


def _publish(made: Path, folder: Path) -> None:
    """Move a finished folder into the cache in one rename: two builds at once (test
    workers) never see half of it."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
    for path in made.iterdir():
        if path.is_file():
            shutil.copy2(path, staging / path.name)
    try:
        staging.rename(folder)
    except OSError:  # another build published it first: theirs is the same
        shutil.rmtree(staging, ignore_errors=True)


def _place(source: Path, target: Path) -> None:
    """A hard link where the file system allows (12 MB per build is no copy), else a copy."""
    if target.exists():
        if target.stat().st_size == source.stat().st_size and target.samefile(source):
            return
        target.unlink()
    try:
        os.link(source, target)
    except OSError:
        shutil.copy2(source, target)


def pyodide_version(root: Path) -> str:
    package = json.loads((runtime_dir(root) / "package.json").read_text(encoding="utf-8"))
    return str(package["version"])


@dataclass(frozen=True, slots=True)
class Prepared:
    """What `prepare` made in the cache, for `place` to put under a site."""

    wheels: tuple[Path, ...] = ()
    version: str = ""
    compiled: Path | None = None
    unused: str = ""
    """Why there is no prepared start (`Built.bytecode`), or ""."""
    reason: str | None = None
    """Why the engine is left out of this build, or None."""


def prepare(root: Path) -> Prepared:
    """The wheels and the engine's prepared start, each made once per key in
    `build/pyodide/` (a fresh checkout: a pip wheel and a Node run, some 20 CPU-seconds;
    afterwards: a few digests). It writes nothing under the site, so the hook runs it
    beside the pages' drawing (`start_preparing`)."""
    reason = why_not(root)
    if reason is not None:
        return Prepared(reason=reason)
    cache = root / "build" / "pyodide"
    try:
        wheels = (
            project_wheel(root, cache),
            lark_wheel(root, cache),
            *(pure_wheel(name, cache) for name in PURE),
        )
    except PyodideBuildError as error:
        # No package index here, say: the rest of the site is still built, and the two
        # pages give this reason instead of an engine.
        return Prepared(reason=str(error))
    version = pyodide_version(root)
    try:
        compiled = pyodide_start.compiled(runtime_dir(root), version, wheels, cache)
    except pyodide_start.BytecodeError as error:
        return Prepared(wheels, version, None, str(error))
    return Prepared(wheels, version, compiled)


class Preparing:
    """`prepare` in a thread of its own, started before the pages are drawn: its work is
    pip's and Node's processes, so on two cores it costs the build next to nothing."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._outcome: list[Prepared | BaseException] = []
        self._thread = threading.Thread(target=self._run, name="badugi-pyodide", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._outcome.append(prepare(self.root))
        except BaseException as error:  # handed to the build's thread by `result`
            self._outcome.append(error)

    def result(self) -> Prepared:
        self._thread.join()
        outcome = self._outcome[0]
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome


def install(root: Path, site: Path, prepared: Prepared | None = None) -> Built:
    """Put the runtime, the wheels and `manifest.json` under `site/pyodide/`."""
    out = site / OUT
    out.mkdir(parents=True, exist_ok=True)
    if prepared is None:
        prepared = prepare(root)
    if prepared.reason is not None:
        _write_json(out / "manifest.json", {"enabled": False, "reason": prepared.reason})
        return Built(enabled=False, reason=prepared.reason)
    wheels, version, compiled = prepared.wheels, prepared.version, prepared.compiled
    for name in RUNTIME:
        source = runtime_dir(root) / name
        if compiled is not None and (compiled / name).is_file():
            source = compiled / name  # the same zip with the bytecode of what the page uses
        _place(source, out / name)
    (out / "wheels").mkdir(exist_ok=True)
    for wheel in wheels:
        _place(wheel, out / "wheels" / wheel.name)
    if compiled is not None:
        for name in ("bytecode.zip", "snapshot.bin.gz", "files.bin.gz"):
            _place(compiled / name, out / "wheels" / name)
    _write_json(
        out / "manifest.json",
        {
            "enabled": True,
            "pyodide": version,
            "version": badugi_spec.__version__,
            "wheels": [wheel.name for wheel in wheels],
            "sha256": {wheel.name: _sha256(wheel) for wheel in wheels},
            # The started engine and its files, prepared by the build (pyodide_start.py);
            # null when it could not be: the page then starts Python from the wheels.
            "snapshot": None if compiled is None else "snapshot.bin.gz",
            "files": None if compiled is None else "files.bin.gz",
            "bytecode": None if compiled is None else "bytecode.zip",
        },
    )
    return Built(
        enabled=True,
        wheels=tuple(w.name for w in wheels),
        pyodide=version,
        bytecode=prepared.unused,
    )


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def rule_pages() -> dict[str, str]:
    """Each rule's place in the built site (`generated/03-betting/#R3.6`), for the
    narration's links: the chapters cut into parts put a rule where this build put it."""
    from badugi_spec.docs.places import page_of_anchor
    from badugi_spec.rules import load

    out = {}
    for rule_id in load():
        page = page_of_anchor(rule_id)
        if page is not None:
            out[rule_id] = f"generated/{Path(page).stem}/#{rule_id}"
    return out


def after_build(
    root: Path, site: Path, scenarios_dir: Path, prepared: Prepared | None = None
) -> Built:
    """The hook's step: the engine in the page, the rules' places and the suite's texts
    (a worked example's "try it" link opens its own scenario in the playground)."""
    from badugi_spec.scenario.suite import load_suite

    built = install(root, site, prepared)
    if built.enabled:
        suite = load_suite([scenarios_dir])
        _write_json(site / OUT / "scenarios.json", {s.id: s.source for s in suite.scenarios})
        _write_json(site / OUT / "rules.json", rule_pages())
    return built
