"""The engine's start prepared at build time (badugi_spec/web/pyodide_start.py), without a
browser: the files bundle the page writes, the cache key, a build that cannot prepare it,
and the play page's first deal importing no Lark. Chromium runs the real thing in
tests/test_browser_pyodide.py."""

from __future__ import annotations

import gzip
import json
import shutil
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from badugi_spec.web import pyodide_build, pyodide_start
from tests.test_web_entry import fake_root, fake_runtime


def read_bundle(path: Path) -> dict[str, bytes]:
    """The bundle read as pyodide-engine.js's writeFiles reads it."""
    data = gzip.decompress(path.read_bytes())
    (length,) = struct.unpack("<I", data[:4])
    index = json.loads(data[4 : 4 + length])
    files, at = {}, 4 + length
    for name, size in index:
        files[name] = data[at : at + size]
        at += size
    assert at == len(data), "bytes after the last file"
    return files


def archive(path: Path, files: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        out.writestr("pkg/", b"")  # a folder entry, which the bundle leaves out
        for name, data in files.items():
            out.writestr(name, data)
    return path


def test_the_bundle_holds_every_file_and_a_later_archive_wins(tmp_path: Path) -> None:
    wheel = archive(tmp_path / "a.whl", {"pkg/__init__.py": b"x = 1\n", "pkg/data.json": b"{}"})
    code = archive(
        tmp_path / "b.zip", {"pkg/__init__.py": b"x = 2\n", "pkg/__pycache__/m.pyc": b"\0\1"}
    )
    pyodide_start.bundle([wheel, code], tmp_path / "files.bin.gz")
    assert read_bundle(tmp_path / "files.bin.gz") == {
        "pkg/__init__.py": b"x = 2\n",
        "pkg/data.json": b"{}",
        "pkg/__pycache__/m.pyc": b"\0\1",
    }


def test_the_cache_key_follows_the_runtime_and_the_wheels(tmp_path: Path) -> None:
    wheel = archive(tmp_path / "a.whl", {"pkg/__init__.py": b"x = 1\n"})
    first = pyodide_start.cache_key("0.29.5", [wheel])
    assert pyodide_start.cache_key("0.29.5", [wheel]) == first
    assert pyodide_start.cache_key("0.29.6", [wheel]) != first
    archive(wheel, {"pkg/__init__.py": b"x = 2\n"})
    assert pyodide_start.cache_key("0.29.5", [wheel]) != first


def test_a_build_that_cannot_prepare_the_start_says_why_and_the_page_starts_python(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(pyodide_build.ENV, raising=False)
    root = fake_root(tmp_path)
    runtime = fake_runtime(root)  # no pyodide.mjs: not a runtime Node can start
    (runtime / "package.json").write_text('{"version": "0.0.1"}', encoding="utf-8")
    cache = root / "build" / "pyodide"
    ours = cache / f"wheel-{pyodide_build.source_digest(root)}" / "badugi_spec-9-py3-none-any.whl"
    lark = pyodide_build.lark_requirement(root).partition("==")[2]
    for wheel in (ours, cache / f"lark-{lark}" / f"lark-{lark}-py3-none-any.whl"):
        wheel.parent.mkdir(parents=True)
        archive(wheel, {"x.py": b""})
    built = pyodide_build.install(root, tmp_path / "site")
    assert built.enabled
    assert built.bytecode in ("no node on this machine", f"{runtime / 'pyodide.mjs'} is missing")
    manifest = json.loads((tmp_path / "site" / "pyodide" / "manifest.json").read_text())
    assert manifest["snapshot"] is None and manifest["files"] is None
    assert manifest["bytecode"] is None
    # The runtime's own zip is served, untouched.
    placed = tmp_path / "site" / "pyodide" / "python_stdlib.zip"
    assert placed.read_bytes() == (runtime / "python_stdlib.zip").read_bytes()


def test_the_play_pages_first_deal_imports_no_lark() -> None:
    # The trainer saves a hand as a scenario (the parser, Lark) only when asked: the page's
    # entry and its first deal do without, so the snapshot and a fresh start are smaller.
    code = (
        "import json, sys; import badugi_spec.web.entry as e;"
        "a = json.loads(e.call('play', json.dumps({'profile': 'pokerstars-2010', 'seats': 6,"
        " 'seed': 3, 'inputs': []})));"
        "print(a['status'], 'lark' in sys.modules, 'badugi_spec.scenario.parser' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["turn", "False", "False"]


DEADLINE = """
globalThis.window = {};
require(process.argv[1]);
const { deadline } = window.badugiEngine;
const never = new Promise(() => {});
const started = Date.now();
Promise.all([
  deadline(never, 50, "the engine's snapshot").then(() => "settled", (e) => e.message),
  deadline(Promise.resolve("engine"), 50, "x"),
  deadline(Promise.reject(new Error("wasm")), 50, "x").catch((e) => e.message),
]).then((out) => console.log(JSON.stringify([...out, Date.now() - started])));
"""


@pytest.mark.skipif(not shutil.which("node"), reason="no node on PATH (Debian: nodejs)")
def test_a_snapshot_restore_that_never_settles_gives_way_to_a_fresh_start() -> None:
    """Pyodide 0.29 given a snapshot it cannot use prints "wasm instantiation failed!" and
    its promise never settles: the page's deadline turns that into the error that makes
    it start Python afresh, and leaves a restore that settles in time as it was."""
    engine = Path(__file__).resolve().parent.parent / "docs" / "javascripts" / "pyodide-engine.js"
    out = subprocess.run(
        ["node", "-e", DEADLINE, str(engine)],
        capture_output=True,
        text=True,
        timeout=30,
        check=True,
    )
    late, kept, failed, elapsed = json.loads(out.stdout)
    assert late == "the engine's snapshot did not start within 0.05 s"
    assert (kept, failed) == ("engine", "wasm")
    assert elapsed < 5_000  # the timer is cleared once the race is decided: node exits at once
