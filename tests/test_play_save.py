"""`play --save`: a played hand becomes a scenario that `check` passes.

Seeded sessions under every profile are played by a script (calling, so that pots grow,
side pots form and split pots are halved); each hand is saved and the saved files are run
by the scenario runner, which checks the deal, every action, the pots, the halves and the
stacks against the engine's play. `make play-save-round-trip` runs 200 hands
(BADUGI_SAVED_HANDS=200); the suite a sample.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from badugi_spec import profiles
from badugi_spec.cli import main
from badugi_spec.scenario.engine_impl import EngineImplementation
from badugi_spec.scenario.layout import layout
from badugi_spec.scenario.suite import load_suite, run_suite
from badugi_spec.trainer import Script, Trainer
from badugi_spec.trainer.faces import Faces
from badugi_spec.trainer.save import SaveError, scenario_text
from tests.test_trainer_cli import play

HANDS = int(os.environ.get("BADUGI_SAVED_HANDS", "30"))
CALLING = ["c", "k", "p"] * 3000
PER_SESSION = 3


def saved_hands(count: int, folder: Path) -> list[tuple[Path, tuple[int, ...]]]:
    """`count` hands across the profiles and seat counts, saved as files, with the stacks
    each ended with in play."""
    out: list[tuple[Path, tuple[int, ...]]] = []
    names = profiles.names()
    seed = 0
    while len(out) < count:
        seed += 1
        profile = profiles.get(names[seed % len(names)])
        seats = (2, 3, 6)[seed % 3] if profile.max_seats > 2 else 2
        seats = min(seats, profile.max_seats)
        trainer = Trainer(
            console=Script(CALLING),
            profile=profile,
            seed=seed,
            faces=Faces(colour=False),
            seats=seats,
        )
        trainer.run()
        names_of = [trainer.names(s) for s in range(seats)]
        taken = 0
        # The last hands of a session: by then the stacks differ and side pots form.
        for hand, log in reversed(list(zip(trainer.session.hands, trainer.logs, strict=False))):
            if not hand.is_over or len(out) >= count or taken == PER_SESSION:
                continue
            try:
                text = scenario_text(hand, log, names=names_of, seed=seed)
            except SaveError:
                continue  # a seat without chips: said in one line, see the test below
            path = folder / f"{profile.name}-{seed}-{log.number}.badugi"
            path.write_text(text, encoding="utf-8")
            out.append((path, tuple(hand.stacks)))
            taken += 1
    return out


def test_saved_hands_pass_check_and_replay_to_the_same_stacks(tmp_path: Path) -> None:
    saved = saved_hands(HANDS, tmp_path)
    suite = load_suite([tmp_path])
    assert not suite.errors, suite.errors[:3]
    results = run_suite(EngineImplementation(), suite)
    failed = [(r.id, r.message) for r in results if r.status != "passed"]
    assert not failed, failed[:3]
    assert len(results) == len(saved) == HANDS
    for path, stacks in saved:
        text = path.read_text(encoding="utf-8")
        assert layout(text, str(path)) == text, "fmt-canonical"
        line = next(x for x in text.splitlines() if x.startswith("expect stacks"))
        assert [int(part.split()[-1]) for part in line.split(", ")] == list(stacks)
    kinds = {path.name.rsplit("-", 2)[0] for path, _ in saved}
    assert len(kinds) == min(len(profiles.names()), HANDS // PER_SESSION)


def test_the_save_key_and_the_option(tmp_path: Path) -> None:
    target = tmp_path / "last.badugi"
    done = play("c\nk\np\n" * 40 + "s\n", "--seed", "3", "--plain", "--save", str(target))
    assert done.returncode == 0, done.stderr
    assert "Saved hand" in done.stdout and target.exists()
    text = target.read_text(encoding="utf-8")
    assert text.startswith("scenario played-house-seed-3-hand-")
    assert "(edit this title)" in text and "rules R" in text


def test_nothing_to_save_yet_is_one_line() -> None:
    console = Script(["s", "q"])
    Trainer(console=console, profile=profiles.get("house"), seed=1, faces=Faces(colour=False)).run()
    assert "No hand has ended yet: s saves the last finished hand." in console.lines


@pytest.mark.parametrize("where", ["/nonexistent-folder/x.badugi"])
def test_a_file_that_cannot_be_written_is_one_line(where: str) -> None:
    done = play("c\nk\np\n" * 40, "--seed", "3", "--plain", "--save", where)
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "Not saved: cannot write /nonexistent-folder/x.badugi" in done.stdout


@pytest.mark.parametrize(
    ("profile", "seats", "seed"), [("badacy", 3, 2), ("pokerstars-2010", 5, 6)]
)
def test_a_saved_session_passes_check_hand_after_hand(
    tmp_path: Path, profile: str, seats: int, seed: int
) -> None:
    """`play --save-session`: every finished hand in one scenario, each a `hand` block,
    the stacks carried over; check replays them all to the stacks the session ended with."""
    target = tmp_path / "session.badugi"
    trainer = Trainer(
        console=Script(CALLING),
        profile=profiles.get(profile),
        seed=seed,
        faces=Faces(colour=False),
        seats=seats,
        session_to=str(target),
    )
    trainer.run()
    finished = [hand for hand in trainer.session.hands if hand.is_over]
    assert len(finished) >= 3
    suite = load_suite([tmp_path])
    assert not suite.errors, suite.errors[:3]
    (result,) = run_suite(EngineImplementation(), suite)
    assert result.status == "passed", result.message
    text = target.read_text(encoding="utf-8")
    assert layout(text, str(target)) == text, "fmt-canonical"
    assert text.count("\nhand ") == len(finished) - 1
    last = [x for x in text.splitlines() if x.startswith("expect stacks")][-1]
    assert [int(part.split()[-1]) for part in last.split(", ")] == list(finished[-1].stacks)
    assert f"The first {len(finished)} hands of `badugi-spec play --seed {seed}" in text


def test_the_session_option_through_a_pipe(tmp_path: Path) -> None:
    target = tmp_path / "all.badugi"
    keys = "c\nk\np\n" * 12 + "q\n"  # a few hands, then quit during one: it is left out
    done = play(keys, "--seed", "5", "--plain", "--save-session", str(target))
    assert done.returncode == 0, done.stderr
    assert "Saved the session's " in done.stdout and target.exists()
    text = target.read_text(encoding="utf-8")
    assert text.startswith("scenario played-house-seed-5-session ")
    nothing = play("q\n", "--seed", "5", "--plain", "--save-session", str(tmp_path / "x.badugi"))
    assert "Session not saved: no hand has ended yet" in nothing.stdout
    assert not (tmp_path / "x.badugi").exists()


def test_save_never_overwrites_without_force_nor_a_suite_scenario(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 41: `--save` and `--save-session` refuse an existing file before the session;
    `--force` replaces one, never a scenario of the suite; the same file for both is refused."""
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "mine.badugi"
    mine.write_text("keep\n", encoding="utf-8")
    suite = tmp_path / "scenarios" / "01-x"
    suite.mkdir(parents=True)
    (suite / "a.badugi").write_text("suite\n", encoding="utf-8")
    for argv, words in [
        (["--save", "mine.badugi"], "--save mine.badugi: exists; --force replaces it"),
        (["--save-session", "mine.badugi"], "exists; --force replaces it"),
        (["--save", "scenarios/01-x/a.badugi", "--force"], "scenario suite; never replaced"),
        (["--save", str(suite / "a.badugi"), "--force"], "scenario suite; never replaced"),
        (["--save", "n.badugi", "--save-session", "n.badugi"], "name the same file"),
        (["--save", "scenarios"], "is a folder, not a file"),
    ]:
        assert main(["play", "--seed", "1", *argv]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err
    assert mine.read_text(encoding="utf-8") == "keep\n"
    assert (suite / "a.badugi").read_text(encoding="utf-8") == "suite\n"


def test_the_save_key_never_writes_over_a_file_it_did_not_make(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for number in range(1, 60):
        (tmp_path / f"played-house-3-hand-{number}.badugi").write_text("old\n", encoding="utf-8")
    console = Script(["c", "k", "p"] * 6 + ["s", "q"])
    Trainer(console=console, profile=profiles.get("house"), seed=3, faces=Faces(colour=False)).run()
    assert any("exists; play --save FILE --force replaces it" in line for line in console.lines)
    assert {p.read_text(encoding="utf-8") for p in tmp_path.iterdir()} == {"old\n"}
    owned = tmp_path / "owned.badugi"
    owned.write_text("old\n", encoding="utf-8")  # cleared by `play --force` before a session
    console = Script(["c", "k", "p"] * 6 + ["s", "q"])
    trainer = Trainer(
        console=console,
        profile=profiles.get("house"),
        seed=3,
        faces=Faces(colour=False),
        save_to=str(owned),
    )
    trainer.run()
    assert owned.read_text(encoding="utf-8").startswith("scenario played-house")
