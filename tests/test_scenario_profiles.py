"""The scenario language's multi-way statements: what they build, and a located error for
each way of getting them wrong (profile, overrides, seats, pots, reshuffles, deck lines)."""

from __future__ import annotations

import pytest

from badugi_spec.errors import ScenarioError
from badugi_spec.profiles import get
from badugi_spec.rules import load as load_rules
from badugi_spec.scenario import parse_scenario
from badugi_spec.scenario.compile import compile_case, deck_order

RULES = set(load_rules())

HEAD = 'scenario s "t"\nrules R8.1\n'
THREE = "players Ann 100, Bob 100, Cy 100 dealer\n"
DEAL3 = "deal Ann 2♣ 3♠ 4♥ 5♦ / Bob A♠ 2♥ 3♦ 4♣ / Cy 6♣ 7♦ 8♥ 9♠\n"


def parse(text: str) -> object:
    return parse_scenario(text, "s.badugi", RULES)


def error_of(text: str) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        parse(text)
    return info.value


def where(text: str) -> tuple[int, int, str]:
    """(line, column, message) of the error `text` raises."""
    error = error_of(text)
    return error.line, error.column, error.message


# ----- what the statements build ---------------------------------------------------------------


def test_a_profile_line_with_overrides_sets_the_scenario_profile() -> None:
    text = HEAD + "profile pokerstars-2010 cap=5 ante=1\n" + THREE + DEAL3
    scenario = parse_scenario(text, "s.badugi", RULES)
    assert scenario.profile == get("pokerstars-2010").replace(cap=5, ante=1)
    assert scenario.overrides == (("cap", "5"), ("ante", "1"))
    case = compile_case(scenario)
    assert case["profile"]["name"] == "pokerstars-2010" and case["profile"]["cap"] == 5


def test_overrides_are_checked_together_in_any_order() -> None:
    for order in ("small_blind=10 big_blind=25", "big_blind=25 small_blind=10"):
        text = HEAD + f"profile pokerstars-2010 {order} bet_sizes=25,25,50,50\n" + THREE + DEAL3
        scenario = parse_scenario(text, "s.badugi", RULES)
        assert (scenario.profile.small_blind, scenario.profile.big_blind) == (10, 25)


def test_an_empty_list_is_written_none() -> None:
    text = HEAD + "profile pokerkit reshuffle=none\n" + THREE + DEAL3
    assert parse_scenario(text, "s.badugi", RULES).profile.reshuffle == ()


def test_no_profile_line_is_the_house_game() -> None:
    text = HEAD + "players Ann 100 dealer, Bob 100\ndeal Ann 2♣ 3♠ 4♥ 5♦ / Bob A♠ 2♥ 3♦ 4♣\n"
    profile = parse_scenario(text, "s.badugi", RULES).profile
    assert profile.parameters() == get("house").parameters()


def test_a_multi_way_deal_is_dealt_round_from_the_first_seat_left_of_the_button() -> None:
    scenario = parse_scenario(HEAD + "profile pokerstars-2010\n" + THREE + DEAL3, "s", RULES)
    order = [str(card) for card in deck_order(scenario, scenario.hands[0])[:12]]
    # Cy has the button: Ann, Bob, Cy, one card each, four times (R8.4).
    assert order[:6] == ["2c", "As", "6c", "3s", "2h", "7d"]


def test_consecutive_deck_lines_are_one_deck() -> None:
    text = HEAD + "profile pokerstars-2010\n" + THREE
    text += "deck 2♣ A♠ 6♣\ndeck 3♠ 2♥ 7♦\n# a comment does not end it\ndeck 4♥ 3♦ 8♥\n"
    (hand,) = parse_scenario(text, "s", RULES).hands
    assert hand.deck is not None and len(hand.deck) == 9


def test_a_deck_line_after_an_expectation_is_a_second_source() -> None:
    text = HEAD + "profile pokerstars-2010\n" + THREE + "deck 2♣ A♠ 6♣\nexpect pot 3\ndeck 3♠\n"
    line, column, message = where(text)
    assert (line, column) == (7, 6) and "already has its cards" in message


def test_a_stated_reshuffle_goes_into_the_case() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + DEAL3 + "reshuffle K♥ Q♥\nreshuffle J♥\n"
    case = compile_case(parse_scenario(text, "s", RULES))
    assert case["hands"][0]["reshuffles"] == [["Kh", "Qh"], ["Jh"]]


def test_pot_expectations_compile_with_their_names() -> None:
    text = HEAD + "profile pokerstars-2010\n" + THREE + DEAL3
    text += "expect pots 3; main pot 3 between Ann, Bob to Bob; side pot 2 4 between Cy\n"
    text += "expect Ann has A♠ 2♥ 3♦ 4♣; reshuffles 0; stub 40; session ended by hands\n"
    steps = compile_case(parse_scenario(text, "s", RULES))["hands"][0]["steps"]
    values = {step["what"]: step["value"] for step in steps if step["op"] == "expect"}
    assert values["pots"] == [3]
    assert values["cards"] == {"player": "Ann", "cards": ["As", "2h", "3d", "4c"]}
    assert values["session-reason"] == "hands" and values["stub"] == 40
    details = [step["value"] for step in steps if step["what"] == "pot-detail"]
    assert details == [
        {"pot": 0, "amount": 3, "eligible": ["Ann", "Bob"], "winners": ["Bob"], "shares": None},
        {"pot": 2, "amount": 4, "eligible": ["Cy"], "winners": None, "shares": None},
    ]


# ----- located errors --------------------------------------------------------------------------


def test_an_unknown_profile_is_located_at_its_name() -> None:
    line, column, message = where(HEAD + "profile pokerstarz\n" + THREE)
    assert (line, column) == (3, 9)
    assert "unknown profile 'pokerstarz'" in message and "pokerstars-2010" in message


def test_an_unknown_parameter_is_located_at_the_key_with_a_suggestion() -> None:
    line, column, message = where(HEAD + "profile pokerstars-2010 capp=5\n" + THREE)
    assert (line, column) == (3, 25)
    assert "no parameter 'capp'" in message and "did you mean cap?" in message


@pytest.mark.parametrize(
    ("override", "words"),
    [
        ("cap=five", "cap is a whole number"),
        ("cap_counts_blind=yes", "true or false"),
        ("cap_heads_up=sometimes", "cap_heads_up must be one of never"),
        ("reshuffle=stub,muck", "'muck' is not one of"),
        ("max_seats=9", "max_seats is a whole number from 2 to 8, not '9' (R8.2)"),
        ("bet_sizes=2,x", "'x' is not a whole number"),
    ],
)
def test_a_bad_value_is_located_after_the_equals_sign(override: str, words: str) -> None:
    line, column, message = where(HEAD + f"profile pokerkit {override}\n" + THREE)
    key = override.split("=")[0]
    assert (line, column) == (3, 18 + len(key) + 1), message
    assert words in message and message.startswith(override)


def test_overrides_that_do_not_fit_together_are_located_at_the_first() -> None:
    line, column, message = where(HEAD + "profile pokerkit ante=0 small_blind=5\n" + THREE)
    assert (line, column) == (3, 18)
    assert "with these overrides" in message and "small blind must not be larger" in message


def test_a_parameter_overridden_twice_is_an_error() -> None:
    line, column, message = where(HEAD + "profile pokerkit cap=5 cap=6\n" + THREE)
    assert (line, column) == (3, 24) and "overridden twice" in message


def test_a_profile_line_after_the_players_is_an_error() -> None:
    text = HEAD + "players Ann 100 dealer, Bob 100\nprofile pokerkit\n"
    line, column, message = where(text)
    assert (line, column) == (4, 9) and "comes before the players" in message


def test_a_second_profile_line_is_an_error() -> None:
    line, _, message = where(HEAD + "profile pokerkit\nprofile wsop-2023\n" + THREE)
    assert line == 4 and "already named at line 3" in message


def test_three_players_under_the_house_profile_is_an_error() -> None:
    line, column, message = where(HEAD + THREE)
    assert (line, column) == (3, 9) and "heads-up: 2 players, not 3" in message


def test_nine_players_is_more_than_any_profile_seats() -> None:
    players = ", ".join(f"P{i} 100" for i in range(9))
    line, _, message = where(HEAD + f"profile pokerstars-2010\nplayers {players}\n")
    assert line == 4 and "seats 2 to 8 players, not 9" in message


def test_a_deal_that_leaves_out_a_player_is_an_error() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + "deal Ann 2♣ 3♠ 4♥ 5♦ / Bob A♠ 2♥ 3♦ 4♣\n"
    line, _, message = where(text)
    assert line == 5 and "give cards to Cy too" in message


def test_side_pot_zero_is_located_at_its_number() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + DEAL3 + "expect side pot 0 4\n"
    line, column, message = where(text)
    assert (line, column) == (6, 17) and "side pots are numbered from 1" in message


@pytest.mark.parametrize(
    "expectation",
    ["main pot 3 between Ann, Zed", "side pot 1 4 to Zed", "Zed has A♠ 2♥ 3♦ 4♣"],
)
def test_an_unknown_player_in_a_pot_or_has_is_an_error(expectation: str) -> None:
    text = HEAD + "profile pokerkit\n" + THREE + DEAL3 + f"expect {expectation}\n"
    line, _, message = where(text)
    assert line == 6 and "unknown player 'Zed'" in message


def test_a_reshuffle_under_a_profile_that_never_reshuffles_is_an_error() -> None:
    text = HEAD + "profile pokerkit reshuffle=none\n" + THREE + DEAL3 + "reshuffle K♥ Q♥\n"
    line, column, message = where(text)
    assert (line, column) == (6, 11) and "never reshuffles" in message


def test_a_reshuffle_before_the_cards_is_an_error() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + "reshuffle K♥ Q♥\n"
    line, _, message = where(text)
    assert line == 5 and "after the hand's cards" in message


def test_a_reshuffle_that_lists_a_card_twice_is_an_error() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + DEAL3 + "reshuffle K♥ Q♥ K♥\n"
    line, _, message = where(text)
    assert line == 6 and "lists a card twice" in message


def test_takes_under_declared_draws_go_where_the_delivery_deals_them() -> None:
    """Under after-all-declare the cards come once everyone has declared; `takes` still
    places them in the deck, in the order of the draw after the burn (R8.16, R8.17)."""
    text = HEAD + "profile wsop-2023\n" + THREE + DEAL3
    text += "Cy calls 2; Ann calls 1; Bob checks\n"
    text += "Ann discards 5♦ takes 6♦; Bob discards 4♣ takes 5♣; Cy stands pat\n"
    scenario = parse_scenario(text, "s", RULES)
    order = [str(card) for card in deck_order(scenario, scenario.hands[0])]
    assert order[13:15] == ["6d", "5c"] and order[12] not in ("6d", "5c")


def test_an_unknown_session_reason_is_a_syntax_error() -> None:
    text = HEAD + "profile pokerkit\n" + THREE + DEAL3 + "expect session ended by boredom\n"
    line, column, message = where(text)
    assert (line, column) == (6, 25) and "'bust' or 'hands'" in message
