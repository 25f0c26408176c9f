"""Rule profiles as data (R8.1): the shipped files, their validation, overrides and the CLI."""

from __future__ import annotations

import pytest

from badugi_spec import profiles
from badugi_spec.profiles import HOUSE, PARAMETERS, Profile, ProfileError
from badugi_spec.profiles.load import from_json, from_mapping, parse_override
from badugi_spec.rules import load
from tests.support import Capsys, one_line_error, run_cli

HOUSE_JSON: dict[str, object] = {"name": "house"} | {
    k: list(v) if isinstance(v, tuple) else v for k, v in HOUSE.parameters().items()
}
SHIPPED = (
    "house",
    "pokerstars-2010",
    "wsop-2023",
    "pokerkit",
    "pot-limit",
    "no-limit",
    "half-pot",
    "spread-2-5",
    "wsop-live",
    "badeucy",
    "badacy",
)


def test_the_shipped_profiles_default_first() -> None:
    assert profiles.names() == SHIPPED
    assert profiles.names()[0] == profiles.DEFAULT


def test_the_house_file_is_the_engine_default() -> None:
    # house.toml writes out every value, so it must equal the defaults the engine uses.
    assert profiles.get("house").parameters() == HOUSE.parameters()


@pytest.mark.parametrize("name", SHIPPED)
def test_every_profile_has_its_rulebook_chapter(name: str) -> None:
    profile = profiles.get(name)
    chapters = {rule.chapter for rule in load().values()}
    assert profile.chapter in chapters
    assert profile.name == name and profile.title and profile.description


def test_every_parameter_cites_a_rule_of_the_rulebook() -> None:
    rules = load()
    for param in PARAMETERS.values():
        assert param.rule in rules, param.name
    # ...and every parameter is a field of the profile, and every field but the header one.
    fields = set(Profile.__dataclass_fields__) - {
        "name",
        "title",
        "chapter",
        "description",
        "extends",
    }
    assert fields == set(PARAMETERS)


def test_pokerstars_2010_is_the_measured_rule_set() -> None:
    ps = profiles.get("pokerstars-2010")
    assert (ps.cap, ps.cap_counts_blind, ps.cap_heads_up) == (4, True, "never")
    assert (ps.short_all_in, ps.complete_short_all_in) == ("half-bet-complete", True)
    assert ps.fold_when_free and ps.max_seats == 8
    assert not ps.own_discards_back


def test_pokerkit_cap_does_not_count_the_blind() -> None:
    pk = profiles.get("pokerkit")
    assert (pk.cap, pk.cap_counts_blind, pk.short_all_in) == (4, False, "largest-raise")
    # PokerKit counts bets and raises, short all-ins included (R13.1).
    assert pk.cap_counts_short_all_in and not profiles.get("house").cap_counts_short_all_in
    assert "current-discards" in pk.reshuffle and "stub" not in pk.reshuffle


def test_wsop_keeps_the_current_draw_out_of_the_reshuffle() -> None:
    wsop = profiles.get("wsop-2023")
    assert wsop.cap == 5 and wsop.last_card == "completes-round"
    assert "current-discards" not in wsop.reshuffle


def test_extends_starts_from_the_named_profile() -> None:
    data = {"name": "mine", "extends": "pokerstars-2010", "betting": {"cap": 5}}
    mine = from_mapping(data, where="mine.toml", resolve=profiles.get)
    assert mine.cap == 5 and mine.short_all_in == "half-bet-complete"


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"name": "x", "betting": {"capp": 5}}, "mine.toml: [betting] has no parameter 'capp'"),
        ({"name": "x", "table": {"cap": 5}}, "has no parameter 'cap' (it belongs in [betting])"),
        ({"name": "x", "betting": {"cap": "four"}}, "cap must be a whole number, not 'four'"),
        ({"name": "x", "betting": {"cap": -1}}, "cap must be at least 0, not -1"),
        ({"name": "x", "table": {"max_seats": 9}}, "max_seats must be at most 8, not 9"),
        ({"name": "x", "betting": {"fold_when_free": 1}}, "fold_when_free must be true or false"),
        ({"name": "x", "draws": {"reshuffle": ["muck"]}}, "reshuffle: 'muck' is not one of stub"),
        (
            {"name": "x", "betting": {"short_all_in": "half"}},
            "short_all_in must be one of full-bet",
        ),
        ({"name": "x", "forced": {"small_blind": 3}}, "small blind must not be larger"),
        ({"name": "x", "table": {"min_seats": 3}}, "min_seats 3 is more than max_seats"),
        ({"betting": {"cap": 5}}, "mine.toml: a profile needs a name"),
        ({"name": "x", "colour": "red"}, "mine.toml: unknown key 'colour'"),
        ({"name": "x", "betting": 5}, "[betting] must be a table of parameters"),
    ],
)
def test_a_bad_profile_names_the_file_and_the_key(data: dict[str, object], message: str) -> None:
    with pytest.raises(ProfileError) as info:
        from_mapping(data, where="mine.toml", resolve=profiles.get)
    assert message in str(info.value)


def test_an_unknown_profile_lists_the_known_ones() -> None:
    with pytest.raises(ProfileError, match="unknown profile 'nope'; the profiles are house"):
        profiles.get("nope")


@pytest.mark.parametrize(
    ("key", "text", "check"),
    [
        ("cap", "5", lambda p: p.cap == 5),
        ("fold_when_free", "true", lambda p: p.fold_when_free),
        ("reshuffle", "discards,burns", lambda p: p.reshuffle == ("discards", "burns")),
        ("burns_per_draw", "0", lambda p: p.burns_per_draw == 0),
        ("bet_sizes", "10,10,20,20", lambda p: p.bet_sizes == (10, 10, 20, 20)),
        ("last_card", "never", lambda p: p.last_card == "never"),
    ],
)
def test_an_override_sets_one_parameter(key: str, text: str, check: object) -> None:
    changed = parse_override(HOUSE, key, text)
    assert check(changed)  # type: ignore[operator]
    assert {k for k, v in changed.parameters().items() if v != HOUSE.parameters()[k]} == {key}


def test_none_empties_a_pile_list() -> None:
    assert parse_override(profiles.get("pokerkit"), "reshuffle", "none").reshuffle == ()


@pytest.mark.parametrize(
    ("key", "text", "message"),
    [
        ("capp", "5", "no profile parameter 'capp'"),
        ("cap", "five", "cap is a whole number, not 'five'"),
        ("fold_when_free", "yes", "fold_when_free is true or false, not 'yes'"),
        ("bet_sizes", "2,x", "bet_sizes: 'x' is not a whole number"),
        ("cap", "9" * 20, "cap is a whole number"),
        ("last_card", "sometimes", "last_card must be one of dealt, never, completes-round"),
    ],
)
def test_a_bad_override_says_why(key: str, text: str, message: str) -> None:
    with pytest.raises(ProfileError, match=message):
        parse_override(HOUSE, key, text)


def test_the_protocol_form_round_trips() -> None:
    ps = profiles.get("pokerstars-2010")
    as_json = {"name": ps.name} | {
        k: list(v) if isinstance(v, tuple) else v for k, v in ps.parameters().items()
    }
    assert from_json(as_json).parameters() == ps.parameters()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "a profile is an object of parameters"),
        ({"name": 3}, "profile.name must be text"),
        ({**HOUSE_JSON, "cap": True}, "cap must be a whole number"),
        ({"name": "x", "hats": 2}, "no parameter 'hats'"),
        # Issue 23 item 8: nothing is taken from the house game, no header is ignored.
        ({"name": "badeucy"}, r"'min_seats', 'max_seats', 'starting_stack' and \d+ more missing"),
        ({**HOUSE_JSON, "extends": "house"}, "no parameter 'extends'"),
        ({**HOUSE_JSON, "title": "Mine"}, "no parameter 'title'"),
    ],
)
def test_a_bad_protocol_profile_is_refused(data: object, message: str) -> None:
    with pytest.raises(ProfileError, match=message):
        from_json(data)


def test_the_protocol_form_is_the_schema_and_nothing_else() -> None:
    """Issue 23 item 8: what `from_json` takes is what `profile.json` admits (and no less:
    every shipped profile fits both), and what the schema refuses it refuses."""
    from badugi_spec.protocol import validate

    for refused in ({"name": "badeucy"}, {**HOUSE_JSON, "extends": "house"}):
        assert validate(refused, "profile")
        with pytest.raises(ProfileError):
            from_json(refused)
    assert not validate(HOUSE_JSON, "profile")
    assert from_json(HOUSE_JSON).parameters() == HOUSE.parameters()
    # The schema's bounds are the checks' bounds: 10^12 chips, 8 betting rounds.
    for name, value in (("starting_stack", 10**12 + 1), ("bet_sizes", [2] * 9)):
        assert validate({**HOUSE_JSON, name: value}, "profile"), name
        with pytest.raises(ProfileError):
            from_json({**HOUSE_JSON, name: value})


def test_profiles_lists_every_profile(capsys: Capsys) -> None:
    status, out, _ = run_cli(["profiles"], capsys)
    assert status == 0
    assert [line.split()[0] for line in out.splitlines()] == list(SHIPPED)
    assert "(default)" in out.splitlines()[0]


@pytest.mark.parametrize("name", SHIPPED)
def test_profiles_show_prints_every_parameter_with_its_rule(name: str, capsys: Capsys) -> None:
    status, out, _ = run_cli(["profiles", "show", name], capsys)
    assert status == 0
    rows = {line.split()[0].lstrip("*"): line for line in out.splitlines()[1:] if "  " in line}
    for param in PARAMETERS.values():
        assert param.name in rows, param.name
        assert f" {param.rule} " in rows[param.name]


def test_profiles_show_marks_what_a_profile_changes(capsys: Capsys) -> None:
    _, out, _ = run_cli(["profiles", "show", "pokerkit"], capsys)
    assert " *cap_counts_blind " in out and "  cap " in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["profiles", "show", "nope"], "unknown profile 'nope'"),
        (["profiles", "show"], "profiles show needs a name"),
        (["profiles", "house"], "to see one profile: badugi-spec profiles show house"),
    ],
)
def test_profiles_errors_are_one_line(argv: list[str], message: str, capsys: Capsys) -> None:
    status, out, err = run_cli(argv, capsys)
    assert message in one_line_error(status, out, err)


def test_the_profile_schema_is_generated_from_the_parameters() -> None:
    from importlib import resources

    from badugi_spec.profiles.schema import profile_schema_text

    shipped = resources.files("badugi_spec.protocol").joinpath("schemas", "profile.json")
    assert shipped.read_text("utf-8") == profile_schema_text(), (
        "regenerate: python -m badugi_spec.profiles.schema > badugi_spec/protocol/schemas/profile.json"
    )


def test_split_games_name_their_halves() -> None:
    assert HOUSE.halves == ("badugi",)
    assert profiles.get("badeucy").halves == ("badugi-ace-high", "low-2-7")
    assert profiles.get("badacy").halves == ("badugi", "low-a-5")
    with pytest.raises(ProfileError, match="hand_size must be 5"):
        HOUSE.replace(split_ranking="low-2-7")
    with pytest.raises(ProfileError, match="odd_chip_between_halves must be one of"):
        HOUSE.replace(odd_chip_between_halves="to-the-dealer")


def test_the_profile_schema_lists_every_parameter() -> None:
    from badugi_spec.protocol import schema, validate

    shipped = schema("profile")
    assert set(shipped["required"]) == {"name", *PARAMETERS}
    for name in SHIPPED:
        profile = profiles.get(name)
        as_json = {"name": name} | {
            k: list(v) if isinstance(v, tuple) else v for k, v in profile.parameters().items()
        }
        assert validate(as_json, "profile") == [], name
    assert validate({"name": "x"}, "profile"), "a profile object must be complete"


def test_the_profiles_page_compares_every_parameter() -> None:
    from badugi_spec.docs.profiles_page import profiles_md

    page = profiles_md(lambda rule: f"<{rule}>", [], lambda _: None)
    header = next(line for line in page.splitlines() if line.startswith("| parameter"))
    assert [cell.strip(" `") for cell in header.split("|")[3:-1]] == list(SHIPPED)
    for param in PARAMETERS.values():
        assert f"| `{param.name}` | <{param.rule}> |" in page
    row = next(line for line in page.splitlines() if line.startswith("| `short_all_in`"))
    assert "**half-bet-complete**" in row and "| full-bet |" in row
    for name in SHIPPED:
        assert f"## {name}\n" in page
