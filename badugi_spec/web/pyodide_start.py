"""The engine's start, prepared at build time by Pyodide itself under Node.

Measured in Chromium, a visit to /play/ spent most of its wait before the first deal on
work that is the same on every visit: Python compiling each module it imported (Pyodide's
npm package ships its standard library as `.py` sources, and the wheels are sources),
Pyodide's own start, importing the package, and unpacking the wheels with Python's zipfile
in WebAssembly. The build does that work once, in the very runtime the page runs (npm is
how the runtime was installed, so Node is there), and the page starts from its results:

- `snapshot.bin.gz`: the memory of a Pyodide that has started, imported the package, dealt
  the play page's first hand and imported the playground (Pyodide's memory snapshot,
  gzipped); the page restores it instead of starting Python;
- `files.bin.gz`: every file of the wheels and of the bytecode, which the page writes into
  Pyodide's file system from JavaScript (the snapshot holds memory, not files);
- `python_stdlib.zip`: Pyodide's own zip with `name.pyc` beside each module the page uses
  (zipimport takes a `.pyc` beside its `.py`), and `bytecode.zip`: the wheels' modules'
  `__pycache__/name.cpython-313.pyc`. The bytecode must come from Pyodide's CPython
  (3.13 for Pyodide 0.29; this checkout's may differ), so Pyodide compiles it. Each
  `.pyc` is hash-based and unchecked (PEP 552): taken without comparing time stamps,
  which a zip or a freshly written file would not match. The sources stay, for
  tracebacks and for the package's fingerprint.

All four are cached under `build/pyodide/bytecode-<key>/` by the runtime's version and the
wheels' digests. Without Node, or if this step fails, the page starts Python itself, from
the wheels' sources, as before: slower, never wrong.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

NODE_SCRIPT: Final = r"""
import { loadPyodide } from "RUNTIME_URL/pyodide.mjs";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import zlib from "node:zlib";
const [out, python, ...wheels] = process.argv.slice(2);
const archives = wheels.map((wheel) => new Uint8Array(fs.readFileSync(wheel)));
// First the compiling run, on Pyodide's own zip.
let py = await loadPyodide({ indexURL: "RUNTIME_PATH/" });
archives.forEach((archive) => py.unpackArchive(archive, "wheel"));
py.runPython(fs.readFileSync(out + "/compile.py", "utf8"));
fs.writeFileSync(out + "/stdlib-pyc.zip", py.FS.readFile("/tmp/stdlib-pyc.zip"));
fs.writeFileSync(out + "/bytecode.zip", py.FS.readFile("/tmp/bytecode.zip"));
// The bytecode put beside the sources in Pyodide's zip by this machine's Python (its zlib
// is native: deflating the whole zip in WebAssembly took seconds).
execFileSync(python, [out + "/merge.py", "RUNTIME_PATH/python_stdlib.zip", out]);
// Then the page's start, on the zip just written: the snapshot remembers where each
// module lies in it, so it must be the very zip the site serves.
const stdLibURL = out + "/python_stdlib.zip";
py = await loadPyodide({ indexURL: "RUNTIME_PATH/", stdLibURL, _makeSnapshot: true });
archives.forEach((archive) => py.unpackArchive(archive, "wheel"));
py.unpackArchive(new Uint8Array(fs.readFileSync(out + "/bytecode.zip")), "zip");
py.runPython(fs.readFileSync(out + "/start.py", "utf8"));
// Level 6, not 9: 1 % larger, five times quicker (level 9 cost 4 to 5 s of every build).
fs.writeFileSync(out + "/snapshot.bin.gz", zlib.gzipSync(py.makeMemorySnapshot(), { level: 6 }));
"""
"""Run by Node: Pyodide from the runtime folder twice. The wheels are unpacked as the page
unpacks them (into the working directory); `COMPILE_SCRIPT` writes the bytecode, `MERGE_SCRIPT`
(this machine's Python) puts the standard library's into its zip, then `START_SCRIPT` imports
and deals in a fresh runtime, whose memory is the snapshot."""

START_SCRIPT: Final = r"""
def _start():
    import importlib, json
    import badugi_spec.web.entry as entry
    # The play page's first deal, as play.js asks for it: what it imports lazily and the
    # caches it fills (rules, profiles) are in the snapshot, so the page's first deal is quick.
    answer = json.loads(entry.call("play", json.dumps({"profile": "pokerstars-2010",
        "seats": 6, "seed": 3, "hints": False, "inputs": [], "table_from": 1})))
    assert answer["status"] != "crash", answer
    importlib.import_module("badugi_spec.web.playground")  # the playground's page
_start()
del _start
"""

COMPILE_SCRIPT: Final = (
    START_SCRIPT
    + r"""
import importlib.util, os, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

stdlib = "/lib/python%d%d.zip" % sys.version_info[:2]
here = os.getcwd() + "/"
used = {m.__file__ for m in list(sys.modules.values()) if getattr(m, "__file__", None)}

def pyc(source, name):
    code = compile(source, name, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)

# Stored, not deflated: `MERGE_SCRIPT` deflates them natively.
with zipfile.ZipFile(stdlib) as old, zipfile.ZipFile("/tmp/stdlib-pyc.zip", "w") as new:
    for info in old.infolist():
        name = stdlib + "/" + info.filename
        if name in used and name.endswith(".py"):
            new.writestr(info.filename + "c", pyc(old.read(info), name))
deflated = zipfile.ZIP_DEFLATED
with zipfile.ZipFile("/tmp/bytecode.zip", "w", deflated) as new:
    for name in sorted(used):
        if name.startswith(here) and name.endswith(".py"):
            with open(name, "rb") as source:
                data = source.read()
            target = importlib.util.cache_from_source(name)[len(here):]
            new.writestr(target, pyc(data, name))
"""
)
"""Run by Pyodide's Python: import and deal, then compile what that loaded."""

MERGE_SCRIPT: Final = r"""
import sys, zipfile
source, out = sys.argv[1:]
with zipfile.ZipFile(source) as old, zipfile.ZipFile(out + "/stdlib-pyc.zip") as pycs:
    with zipfile.ZipFile(out + "/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED) as new:
        compiled = {info.filename: info for info in pycs.infolist()}
        for info in old.infolist():
            new.writestr(info, old.read(info))
            if info.filename + "c" in compiled:
                new.writestr(compiled[info.filename + "c"], pycs.read(info.filename + "c"),
                             zipfile.ZIP_DEFLATED)
"""
"""Run by this machine's Python between Node's two runs: Pyodide's zip, each module the page
uses with its `.pyc` beside its `.py` (in the zip's order, as before)."""

MADE: Final = ("python_stdlib.zip", "bytecode.zip", "snapshot.bin.gz")
"""What Node writes."""
FILES: Final = (*MADE, "files.bin.gz")
TIMEOUT: Final = 600.0
"""A build on a loaded 2-core machine takes well under a minute; ten is a hung Node."""


class BytecodeError(Exception):
    """The bytecode could not be made: one line; the build goes on without it."""


def node() -> str | None:
    return shutil.which("node") or shutil.which("nodejs")


def cache_key(version: str, wheels: Sequence[Path]) -> str:
    """The runtime's version, the wheels' contents and the scripts run."""
    scripts = f"{version}\0{NODE_SCRIPT}\0{COMPILE_SCRIPT}\0{MERGE_SCRIPT}"
    h = hashlib.sha256(scripts.encode())
    for wheel in wheels:
        h.update(wheel.name.encode() + b"\0" + hashlib.sha256(wheel.read_bytes()).digest())
    return h.hexdigest()[:16]


def compiled(runtime: Path, version: str, wheels: Sequence[Path], cache: Path) -> Path:
    """The folder holding `FILES` for these wheels, made once; BytecodeError if it cannot be."""
    folder = cache / f"bytecode-{cache_key(version, wheels)}"
    if all((folder / name).is_file() for name in FILES):
        return folder
    runner = node()
    if runner is None:
        raise BytecodeError("no node on this machine")
    if not (runtime / "pyodide.mjs").is_file():
        raise BytecodeError(f"{runtime / 'pyodide.mjs'} is missing")
    with tempfile.TemporaryDirectory(prefix="badugi-bytecode-") as temp:
        out = Path(temp)
        script = out / "compile.mjs"
        where = runtime.resolve()
        text = NODE_SCRIPT.replace("RUNTIME_URL", where.as_uri())
        script.write_text(text.replace("RUNTIME_PATH", where.as_posix()), encoding="utf-8")
        (out / "compile.py").write_text(COMPILE_SCRIPT, encoding="utf-8")
        (out / "start.py").write_text(START_SCRIPT, encoding="utf-8")
        (out / "merge.py").write_text(MERGE_SCRIPT, encoding="utf-8")
        python = sys.executable
        command = [runner, str(script), str(out), python, *(str(w.resolve()) for w in wheels)]
        try:
            done = subprocess.run(
                command, capture_output=True, text=True, timeout=TIMEOUT, check=False
            )
        except subprocess.TimeoutExpired:
            raise BytecodeError(f"node did not finish in {TIMEOUT:.0f} s") from None
        if done.returncode != 0 or not all((out / name).is_file() for name in MADE):
            raise BytecodeError(f"node failed: {_last_line(done.stderr or done.stdout)}")
        bundle([*wheels, out / "bytecode.zip"], out / "files.bin.gz")
        _publish([out / name for name in FILES], folder)
    _prune(cache, keep=folder)
    return folder


def _last_line(text: str) -> str:
    """Node's error: its last line naming one (a traceback ends with it), cut short."""
    lines = [line for line in text.strip().splitlines() if "Error" in line] or ["(no message)"]
    return lines[-1].strip()[:200]


def bundle(archives: Sequence[Path], target: Path) -> None:
    """Every file of `archives`, in order (a later one's file replaces an earlier one's),
    as one gzip the page writes into Pyodide's file system itself: a little-endian
    length, a JSON list of [path, size], then the files' bytes one after another.

    The browser ungzips it natively (DecompressionStream): unpacking the wheels with
    Python's zipfile in WebAssembly took a second or two of every visit."""
    files: dict[str, bytes] = {}
    for archive in archives:
        with zipfile.ZipFile(archive) as opened:
            for info in opened.infolist():
                if not info.is_dir():
                    files[info.filename] = opened.read(info)
    head = json.dumps([[name, len(data)] for name, data in files.items()]).encode()
    with gzip.open(target, "wb", compresslevel=6) as out:
        out.write(struct.pack("<I", len(head)) + head)
        for data in files.values():
            out.write(data)


def _publish(files: Sequence[Path], folder: Path) -> None:
    """Into the cache in one rename: two builds at once never see half of it."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=folder.name + ".", dir=folder.parent))
    for path in files:
        shutil.copy2(path, staging / path.name)
    try:
        staging.rename(folder)
    except OSError:  # another build published it first: theirs is the same
        shutil.rmtree(staging, ignore_errors=True)


def _prune(cache: Path, *, keep: Path, most: int = 2) -> None:
    """Each edit of the package makes a new folder (7 MB): keep the newest few."""
    old = sorted(
        (p for p in cache.glob("bytecode-*") if p.is_dir() and p != keep and "." not in p.name),
        key=lambda p: p.stat().st_mtime,
        reverse=True,
    )
    for path in old[most - 1 :]:
        shutil.rmtree(path, ignore_errors=True)
