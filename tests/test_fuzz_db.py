"""`fuzz --db DIR`: a findings database replayed before any trial (issue 39, item 3).

The command-line test runs `fuzz` against a mutant served over the protocol (a buggy
implementation), then again with the same database: the stored finding is replayed and
reported still failing before the new trials, and against our own server (the bug
fixed) as fixed. The in-process tests check the files: deterministic names, sightings
merged on read, several processes writing one database at once, and bad files refused in
one line that names the file.
"""

from __future__ import annotations

import multiprocessing
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

from badugi_spec.cli import main
from badugi_spec.fuzz import db

MUTANT = "dealer-first-after-draw"
"""Found in the first trial of seed 1 (`fuzz-mutants`)."""


def _serve(*extra: str) -> str:
    return " ".join([sys.executable, "-m", "badugi_spec", "serve", *extra])


def _finding(**changes: Any) -> dict[str, Any]:
    finding = {"signature": "pot: -1", "rule": "R8.15", "kind": "pot", "status": "failed",
               "seed": 3, "trial": 41, "scenario": "scenario s \"x\"\nrules R2.1\n",
               "verified": True, "repeats": 2}  # fmt: skip
    return {**finding, **changes}


WHO = {"name": "engine", "version": "1.0", "profiles": "any"}


def test_a_second_run_replays_the_stored_finding_before_any_trial(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    store = tmp_path / "db"
    common = ["--hands", "1", "--budget", "10", "--no-variants", "-q", "--db", str(store)]
    buggy = ["fuzz", "--impl", _serve("--mutant", MUTANT), *common]
    assert main([*buggy, "--out", str(tmp_path / "a")]) == 1
    (stored,) = store.glob("*.badugi")
    assert "new " + str(stored) in capsys.readouterr().out

    # The same bug again: replayed first, still failing; the new finding is the stored one.
    assert main([*buggy, "--out", str(tmp_path / "b")]) == 1
    out = capsys.readouterr().out
    still = out.index(f"still failing  {stored}")
    assert still < out.index("1 trials (")  # before the campaign's own summary
    assert f"met again {stored}: 3 trials in 2 runs" in out  # the replay counts one
    assert list(store.glob("*.badugi")) == [stored]
    assert len(list((store / "runs").glob("*.toml"))) == 2

    # Fixed: our own server passes it; the quick regression check exits 0, and 1 when not.
    assert main(["fuzz", "--impl", _serve(), "--db", str(store), "--replay-only"]) == 0
    assert f"fixed          {stored}" in capsys.readouterr().out
    assert main(["fuzz", "--impl", _serve("--mutant", MUTANT), "--db", str(store),
                 "--replay-only"]) == 1  # fmt: skip
    out = capsys.readouterr().out
    assert "still failing" in out and "last failed" in out and " 1 trials (" not in out
    seen = db.open_db(store).seen[stored.stem]
    assert (seen.runs, seen.latest) == (3, "still failing")


def test_names_are_the_difference_digested() -> None:
    a, b = db.finding_id("pot: -1"), db.finding_id("pot: +1")
    assert a.startswith("pot-1-") and a != b and db.finding_id("pot: -1") == a
    assert db.identity(_finding(signature="")) == "failed R8.15 pot"


def test_a_finding_met_again_updates_it_and_runs_merge_on_read(tmp_path: Path) -> None:
    store = db.open_db(tmp_path / "db")
    first, new = db.add(
        store, _finding(), command="c", implementation=WHO, when="2026-01-01T00:00:00Z"
    )
    again, new_again = db.add(store, _finding(trial=99, scenario="other"), command="c",
                              implementation=WHO, when="2026-01-02T00:00:00Z")  # fmt: skip
    assert new and not new_again and again.path == first.path
    text = first.path.read_text("utf-8")
    assert text.startswith('scenario s "x"') and 'first_seen = "2026-01-01T00:00:00Z"' in text
    for when, trials in (("2026-01-01T00:00:00Z", 3), ("2026-01-05T00:00:00Z", 1)):
        db.write_run(store, [{"id": first.id, "result": "met again", "trials": trials}],
                     command="c", implementation=WHO, when=when)  # fmt: skip
    db.write_run(store, [{"id": first.id, "result": "fixed", "trials": 0}], command="c",
                 implementation=WHO, when="2026-01-09T00:00:00Z")  # fmt: skip
    seen = db.open_db(tmp_path / "db").seen[first.id]
    assert (seen.first, seen.last, seen.trials, seen.runs, seen.latest) == (
        "2026-01-01T00:00:00Z", "2026-01-05T00:00:00Z", 4, 2, "fixed"
    )  # fmt: skip


def _shard(folder: str, index: int) -> None:
    store = db.open_db(folder)
    for n in range(5):
        found, _ = db.add(store, _finding(trial=index * 10 + n), command=f"shard {index}",
                          implementation=WHO, when="2026-01-01T00:00:00Z")  # fmt: skip
        db.write_run(store, [{"id": found.id, "result": "met again", "trials": 2}],
                     command="c", implementation=WHO, when="2026-01-01T00:00:00Z")  # fmt: skip


def test_shards_writing_one_database_at_once_lose_nothing(tmp_path: Path) -> None:
    folder = str(tmp_path / "db")
    context = multiprocessing.get_context("fork")
    workers = [context.Process(target=_shard, args=(folder, i)) for i in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    store = db.open_db(folder)
    (only,) = store.stored
    assert store.seen[only].trials == 4 * 5 * 2
    assert not list((tmp_path / "db").glob(".*"))  # no temporary file left behind


def test_toml_values_read_back() -> None:
    odd = 'a "quote", \\ back\nnew line, tab\t, DEL \x7f, lone \ud800 and ♣'
    value = {"s": odd, "n": 7, "yes": True, "list": ["x", 2], "t": {"k-1": "v"}}
    line = "v = " + db.toml_value(value)
    back = tomllib.loads(line)["v"]
    assert back["s"] == odd.replace("\ud800", "\\ud800") and back["list"] == ["x", 2]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("pot-1-0000000000.badugi", 'scenario s "x"\n', "no '# badugi-spec findings database 1'"),
        ("pot-1-0000000000.badugi", f"x\n{db.MARK}\n# rule = \n", "not a finding of the database"),
        ("runs/r.toml", 'run = "r"\nwhen = 5\n', "no 'when' (str)"),
        ("runs/r.toml", "run = [", "not a run of the findings database"),
        ("runs/r.toml", b"\xff\xfe", "not UTF-8"),
    ],
)
def test_a_bad_file_is_one_line_naming_it(
    tmp_path: Path, name: str, text: str | bytes, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "db" / name
    path.parent.mkdir(parents=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    code = main(["fuzz", "--impl", _serve(), "--db", str(tmp_path / "db"), "--replay-only"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1, err
    assert str(path) in err and message in err


def test_a_renamed_finding_is_refused(tmp_path: Path) -> None:
    store = db.open_db(tmp_path)
    found, _ = db.add(
        store, _finding(), command="c", implementation=WHO, when="2026-01-01T00:00:00Z"
    )
    found.path.rename(tmp_path / "renamed.badugi")
    with pytest.raises(db.DbError, match=r"renamed\.badugi: its signature names the file pot-1-"):
        db.open_db(tmp_path)


def test_replay_only_needs_a_database(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["fuzz", "--impl", _serve(), "--replay-only"]) == 2
    assert "--replay-only: needs --db DIR" in capsys.readouterr().err
