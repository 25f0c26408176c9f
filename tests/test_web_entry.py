"""The engine in the page, in CPython: what `docs/play/` and `docs/playground/` call
(badugi_spec.web), and the build step that puts Pyodide under the site.

The browser side is tests/test_browser_pyodide.py; here the same functions run without a
browser, against `badugi-spec play` and `badugi-spec check` themselves.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from badugi_spec import __version__
from badugi_spec.docs.examples import example_html
from badugi_spec.docs.executed import execute
from badugi_spec.scenario.suite import parse_scenario
from badugi_spec.web import entry, play, playground, pyodide_build
from tests.support import Capsys, run_cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "scenarios" / "02-hand-values" / "worked-example-trip-to-badugi.badugi"


def cli_play(
    keys: Sequence[str], *args: str, capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> str:
    """`badugi-spec play --plain` with the keys piped in (in-process: a pipe echoes each
    key after its prompt, as here)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(key + "\n" for key in keys)))
    status, out, err = run_cli(["play", "--plain", *args], capsys)
    assert status == 0, err
    return out


def passive_key(table: dict[str, Any]) -> str:
    """Fold when folding is allowed, else check or call, and stand pat at every draw:
    a whole session in few keys, so in few replays."""
    keys = {action["key"] for action in table["actions"]}
    for key in ("f", "k", "c"):
        if key in keys:
            return key
    return "p"


def test_a_whole_session_in_the_page_is_the_terminal_session_line_for_line(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    inputs: list[str] = []
    answer = play.play(profile="house", seats=2, seed=11, inputs=inputs)
    before: list[str] = []
    while answer["status"] == "turn":
        assert answer["lines"][: len(before)] == before, "a replay changed what was shown"
        before = answer["lines"]
        inputs.append(passive_key(answer["table"]))
        answer = play.play(profile="house", seats=2, seed=11, inputs=inputs)
    assert answer["status"] == "over", answer
    assert answer["stopped"] is None
    assert answer["used"] == len(inputs)
    page = "\n".join(answer["lines"]) + "\n"
    assert "R6.4   The session is over" in page
    assert page == cli_play(inputs, "--seed", "11", capsys=capsys, monkeypatch=monkeypatch)


def test_a_stopped_session_and_a_refused_key_read_as_at_the_terminal(
    capsys: Capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    keys = ["c", "zz", "k", "d 1", "q"]
    answer = play.play(profile="pot-limit", seats=3, seed=4, inputs=keys)
    assert answer["status"] == "over"
    assert answer["stopped"] == "quit"
    text = "\n".join(answer["lines"]) + "\n"
    assert "Not a key: 'zz' is not a key" in text
    terminal = cli_play(
        keys,
        *("--seed", "4", "--profile", "pot-limit", "--players", "3"),
        capsys=capsys,
        monkeypatch=monkeypatch,
    )
    assert text == terminal


def test_the_table_gives_the_keys_and_big_bet_ranges_the_buttons_need() -> None:
    answer = play.play(profile="no-limit", seats=2, seed=2, inputs=[])
    assert answer["status"] == "turn"
    table = answer["table"]
    assert table["phase"] == "bet"
    assert len(table["cards"]) == 4
    assert {card["suit"] for card in table["cards"]} <= {"spades", "hearts", "diamonds", "clubs"}
    raise_ = next(a for a in table["actions"] if a["kind"] == "raise")
    assert raise_["key"] == "r"
    assert raise_["least"] < raise_["most"], raise_
    # The amount typed with the key is the raise's total, as the trainer reads it.
    amount = raise_["least"] + 1
    after = play.play(profile="no-limit", seats=2, seed=2, inputs=[f"r {amount}"])
    assert f"You raise to {amount}" in "\n".join(after["lines"])


def test_a_draw_table_offers_the_draw_and_marks_the_cards_that_play() -> None:
    answer = play.play(profile="house", seats=2, seed=3, inputs=["c"])
    table = answer["table"]
    assert table["phase"] == "draw"
    assert [a["kind"] for a in table["actions"]] == ["draw"]
    shown = next(line for line in answer["lines"] if line.startswith("  Your cards"))
    for card in table["cards"]:
        assert card["face"] in shown


@pytest.mark.parametrize(
    ("choice", "words"),
    [
        ({"profile": "no-such"}, "there is no profile 'no-such'"),
        ({"seats": 3}, "profile house seats 2 to 2 players (R8.2), not 3"),
        ({"seed": -1}, "a seed is a whole number"),
        ({"inputs": ["k"] * (play.MOST_INPUTS + 1)}, "at most 5000 keys"),
    ],
)
def test_a_choice_the_page_cannot_play_is_one_line(choice: dict[str, Any], words: str) -> None:
    args: dict[str, Any] = {"profile": "house", "seats": 2, "seed": 1, "inputs": [], **choice}
    answer = play.play(**args)
    assert answer["status"] == "error"
    assert words in answer["message"]
    assert "\n" not in answer["message"]


def test_a_passing_scenario_is_drawn_as_its_worked_example() -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    answer = playground.run(source)
    assert answer["status"] == "passed", answer
    assert answer["id"] == "house-worked-example"
    assert answer["version"] == __version__
    scenario = parse_scenario(source, playground.FILE_NAME)
    assert answer["html"] == example_html(execute(scenario))
    assert 'class="replayer' in answer["html"]
    assert '<span class="card diamonds' in answer["html"]


def check(path: Path, capsys: Capsys) -> str:
    status, out, _ = run_cli(["check", str(path)], capsys)
    assert status != 0
    return out


def test_a_failing_and_a_broken_scenario_read_as_check_prints_them(
    tmp_path: Path, capsys: Capsys
) -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    failing = source.replace("expect Bob wins", "expect Ann wins", 1)
    assert failing != source
    broken = source.replace("players Ann", "players: Ann", 1)
    path = tmp_path / "house.badugi"
    for text, status in ((failing, "failed"), (broken, "error")):
        path.write_text(text, encoding="utf-8")
        answer = playground.run(text, name=str(path))
        assert answer["status"] == status, answer
        assert answer["line"] > 0
        printed = check(path, capsys)
        for line in answer["lines"]:
            assert line in printed, (line, printed)
        row = text.splitlines()[answer["line"] - 1]
        assert ("Ann wins" if status == "failed" else "players:") in row


def test_a_text_too_long_is_refused_in_a_line() -> None:
    answer = playground.run("#" * (playground.MOST_CHARS + 1))
    assert answer["status"] == "error"
    assert answer["lines"] == [
        "playground.badugi: 256,001 characters; a scenario has at most 256,000"
    ]


def test_entry_answers_json_and_shows_a_python_error_as_a_message() -> None:
    about = json.loads(entry.call("about"))
    assert about["version"] == __version__
    assert about["fingerprint"] == entry.fingerprint(ROOT / "badugi_spec")
    assert "house" in [p["name"] for p in about["profiles"]]
    crash = json.loads(entry.call("run", json.dumps({"source": 5})))
    assert crash["status"] == "crash"
    assert crash["message"].startswith("TypeError: ")
    assert crash["where"].startswith("playground.py:")
    assert json.loads(entry.call("nothing"))["message"] == "KeyError: 'nothing'"


# ----- the build step --------------------------------------------------------------------


def fake_root(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "badugi_spec").mkdir(parents=True)
    (root / "badugi_spec" / "__init__.py").write_text("__version__ = '9'\n", encoding="utf-8")
    (root / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["lark>=1.1,<2"]\n', encoding="utf-8"
    )
    (root / "README.md").write_text("x\n", encoding="utf-8")
    return root


def fake_runtime(root: Path) -> Path:
    """Pyodide's runtime files where `npm ci` puts them, each holding its own name."""
    runtime = pyodide_build.runtime_dir(root)
    runtime.mkdir(parents=True)
    for name in pyodide_build.RUNTIME:
        (runtime / name).write_bytes(name.encode())
    return runtime


def test_without_the_runtime_or_with_the_flag_the_build_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = fake_root(tmp_path)
    monkeypatch.delenv(pyodide_build.ENV, raising=False)
    built = pyodide_build.install(root, tmp_path / "site")
    assert not built.enabled
    assert "npm ci" in built.reason
    manifest = json.loads((tmp_path / "site" / "pyodide" / "manifest.json").read_text())
    assert manifest == {"enabled": False, "reason": built.reason}
    assert sorted(p.name for p in (tmp_path / "site" / "pyodide").iterdir()) == ["manifest.json"]
    monkeypatch.setenv(pyodide_build.ENV, "0")
    assert pyodide_build.why_not(ROOT) == "BADUGI_PYODIDE=0 was set for this build"


def test_the_build_places_the_runtime_and_the_cached_wheels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(pyodide_build.ENV, raising=False)
    root = fake_root(tmp_path)
    runtime = fake_runtime(root)
    (runtime / "package.json").write_text('{"version": "0.0.1"}', encoding="utf-8")
    cache = root / "build" / "pyodide"
    # Wheels already in the cache under this source's digest and this Lark: no pip at all.
    ours = cache / f"wheel-{pyodide_build.source_digest(root)}" / "badugi_spec-9-py3-none-any.whl"
    lark = pyodide_build.lark_requirement(root).partition("==")[2]
    theirs = cache / f"lark-{lark}" / f"lark-{lark}-py3-none-any.whl"
    for wheel in (ours, theirs):
        wheel.parent.mkdir(parents=True)
        with zipfile.ZipFile(wheel, "w") as archive:
            archive.writestr("x.py", wheel.name)
    site = tmp_path / "site"
    built = pyodide_build.install(root, site)
    assert built.enabled and built.pyodide == "0.0.1"
    out = site / "pyodide"
    for name in pyodide_build.RUNTIME:
        assert (out / name).read_bytes() == name.encode()
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["wheels"][:2] == [ours.name, theirs.name]
    assert [w.split("-")[0] for w in manifest["wheels"][2:]] == list(pyodide_build.PURE)
    for wheel in (ours, theirs):
        placed = out / "wheels" / wheel.name
        assert placed.read_bytes() == wheel.read_bytes()
        assert manifest["sha256"][wheel.name] == hashlib.sha256(placed.read_bytes()).hexdigest()
    # A second build of the same site places the same files again, untouched.
    assert pyodide_build.install(root, site) == built
    # An edit to the package is a new digest: the cached wheel is no longer it.
    before = pyodide_build.source_digest(root)
    (root / "badugi_spec" / "__init__.py").write_text("__version__ = '10'\n", encoding="utf-8")
    assert pyodide_build.source_digest(root) != before


def test_the_lark_wheel_is_the_installed_lark_within_the_pin() -> None:
    requirement = pyodide_build.lark_requirement(ROOT)
    from importlib.metadata import version

    assert requirement == f"lark=={version('lark')}"
    major = int(version("lark").split(".")[0])
    assert major == 1  # pyproject.toml pins lark>=1.1,<2


def test_the_wheels_digest_follows_the_rulebook_through_its_link(tmp_path: Path) -> None:
    root = fake_root(tmp_path)
    (root / "rules").mkdir()
    chapter = root / "rules" / "01-x.md"
    chapter.write_text("# R1 X\n", encoding="utf-8")
    os.symlink("../rules", root / "badugi_spec" / "rulebook")
    before = pyodide_build.source_digest(root)
    chapter.write_text("# R1 Y\n", encoding="utf-8")
    assert pyodide_build.source_digest(root) != before


def test_make_serve_and_the_test_server_send_wasm_as_application_wasm() -> None:
    # Chromium compiles a .wasm as it streams in only when it is served as application/wasm;
    # Python 3.11's own table (no /etc/mime.types needed) gives it to both servers.
    import mimetypes

    from mkdocs.livereload import LiveReloadServer

    served = LiveReloadServer._guess_type("pyodide/pyodide.asm.wasm")  # type: ignore[no-untyped-call]
    assert served == "application/wasm"
    assert mimetypes.MimeTypes(filenames=()).guess_type("a.wasm")[0] == "application/wasm"


def test_a_wheel_that_cannot_be_made_leaves_the_engine_out_with_the_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(pyodide_build.ENV, raising=False)
    root = fake_root(tmp_path)
    fake_runtime(root)

    def offline(command: list[str], *, cwd: Path, what: str, env: object = None) -> None:
        raise pyodide_build.PyodideBuildError(f"{what} failed: no package index reached")

    monkeypatch.setattr(pyodide_build, "_quiet_run", offline)
    built = pyodide_build.install(root, tmp_path / "site")
    assert not built.enabled
    assert (
        built.reason
        == "installing the wheel's build requirements (pip install) failed: no package index reached"
    )
    manifest = json.loads((tmp_path / "site" / "pyodide" / "manifest.json").read_text())
    assert manifest == {"enabled": False, "reason": built.reason}


def test_every_profile_the_page_offers_deals_at_its_fewest_and_most_seats() -> None:
    offered = play.profile_choices()
    assert {"house", "badeucy", "pot-limit"} <= {p["name"] for p in offered}
    for choice in offered:
        for seats in {choice["min_seats"], choice["max_seats"]}:
            answer = play.play(profile=choice["name"], seats=seats, seed=5, inputs=[])
            assert answer["status"] == "turn", (choice, seats, answer.get("message"))
            assert answer["table"]["actions"], (choice, seats)
            assert len(answer["table"]["cards"]) in (4, 5)


def test_the_template_engine_goes_to_the_page_as_pure_python(tmp_path: Path) -> None:
    # The playground draws its example through Jinja: its wheels, unzipped alone on the
    # path (no site-packages, no C speed-up), must render an escaped template.
    target = tmp_path / "unpacked"
    for name in pyodide_build.PURE:
        wheel = pyodide_build.pure_wheel(name, tmp_path / "cache")
        with zipfile.ZipFile(wheel) as archive:
            assert not [n for n in archive.namelist() if n.endswith((".so", ".pyc"))]
            archive.extractall(target)
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import jinja2, markupsafe;"
        "assert markupsafe.__file__.startswith(sys.argv[1]);"
        "print(jinja2.Environment(autoescape=True).from_string('{{ x }}').render(x='<b>'))"
    )
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", code, str(target)],
        capture_output=True, text=True, check=False, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "&lt;b&gt;"
