"""Tikal's auction variant on a phone's 40x24 terminal, one person against three
computers: the auction's own lines (its heading on two rows, four tiles on display a
row each, who still bids, who passed, the amulets) pushed the top of the board away on
269 of 444 screens of seeded games (every eighth prompt, seeds 0-9, three languages);
then 30, each by the scores' history's second row (four players' history wraps at 40
columns from the second scoring on), until the history kept to the latest scorings
that fit."""

from __future__ import annotations

import re

import pytest

from tests.test_terminal_small_screens_cartographers import (
    board_line_alone_under_computers,
    prompt_screens,
)


def history_said(lines: list[str], lang: str) -> str | None:
    """The scores' history on the screen, its rows joined: whole ("Scorings: p1: 3→1,
    …") or its latest scorings, numbered ("Scoring 3: p1 2, …"); None where none is."""
    from boardgamesbot.games.tikal.catalog import say

    headings = []
    for key in ("history", "history.last", "history.latest"):
        said = re.escape(say(lang, f"tikal.term.dense.{key}", first="\1", last="\2",
                             rounds="\3"))
        headings.append(said.replace(re.escape("\1"), r"\d+").replace(
            re.escape("\2"), r"\d+").replace(re.escape("\3"), ""))
    start = next((at for at, line in enumerate(lines)
                  if any(re.match(heading, line) for heading in headings)), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith("  "):
        end += 1
    return " ".join(line.strip() for line in lines[start:end])


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_four_player_auction_keeps_to_a_phones_rows(lang):
    """Over seeded random four-player auction games (seeds 0-9), every screen at the
    prompt is within 40 columns and 24 rows, the scores' history's rows too: it says at
    least the latest scoring, each seat's points after it, and where it says fewer, the
    line naming 'board' is folded onto the computers' line; a scoring round's note is on
    one row; a bidder's screen still shows each tile on display by its number, the bid
    so far and who is still bidding."""
    from boardgamesbot.cli.words import say as cli_say
    from boardgamesbot.games.tikal.catalog import say, seat_tag

    your_move = cli_say(lang, "turn.short", kinds="").split(":")[0] + ":"
    over, checked, bids, rounds = [], 0, 0, 0
    for seed in range(10):
        for _, view, lines in prompt_screens("tikal", 4, seed, lang, 24, 40, every=8,
                                             variant="auction"):
            checked += 1
            text = "\n".join(lines)
            if len(lines) > 24 or max(len(line) for line in lines) > 40:
                over.append(f"seed {seed}, {len(lines)} rows:\n{text}")
                continue
            if view["score_history"]:
                history = history_said(lines, lang)
                assert history is not None, text
                latest = view["score_history"][-1]
                for seat, points in enumerate(latest):
                    assert re.search(rf"\b{seat_tag(seat, lang)}:? (\d+→)*{points}\b",
                                     history), text
                shortened = history.count("→") < (len(view["score_history"]) - 1) * 4
                # (where the history is cut short, the line naming 'board' does not take
                # a row of its own under "Computers: 8 actions ('log')")
                assert not shortened or not board_line_alone_under_computers(lines, lang), \
                    text
                # (nor before the turn's line keeps to one row: the history is cut last)
                turn = next(at for at, line in enumerate(lines) if line.startswith(your_move))
                assert not shortened or turn == len(lines) - 2, text
            if view["round"]:  # (the scoring round's note on one row: it wrapped)
                key = f"tikal.term.dense.round.{view['round']}"
                queue = ", ".join(seat_tag(seat, lang) for seat in view["queue"])
                order = ", ".join(seat_tag(seat, lang) for seat in
                                  [view["current"][0], *view["queue"]])
                said = (say(lang, key, queue=queue or say(lang, "tikal.term.nobody")),
                        say(lang, f"{key}.order", order=order))
                assert any(note in line for line in lines for note in said), text
                rounds += 1
            auction = view["auction"]
            if not auction["bidding"] or auction["to_act"] != 0:
                continue
            flat = " ".join(text.split())
            for tile in auction["display"]:
                assert f"{tile['index']}. " in flat, text
            if auction["bidder"] is not None:
                assert f"{auction['bid']}" in flat, text
                assert seat_tag(auction["bidder"], lang) in flat, text
            assert all(seat_tag(seat, lang) in flat for seat in auction["bidding"]), text
            bids += 1
    assert not over, f"{len(over)} of {checked} screens over:\n\n" + "\n\n".join(over[:3])
    assert checked > 100 and bids > 10 and rounds > 10


@pytest.mark.parametrize("lang", ["en", "pt-BR", "ca"])
def test_a_screen_too_short_for_the_whole_history_keeps_its_latest_scorings(lang):
    """Decision (docs/cli.md): on a screen too short for everything, the scores' history
    shows the latest scorings that fit, numbered. A four-player auction after its second
    scoring, its half map drawn at 40 columns as densely as it goes: four players' whole
    history took two rows there, and the board went over the rows it was given."""
    import io
    import random

    from rich.console import Console

    from boardgamesbot.engine import load_game
    from boardgamesbot.games.tikal.catalog import seat_tag

    game = load_game("tikal")
    rng = random.Random(0)
    state = game.new(4, seed=0, variant="auction")
    while len(state.view(0)["score_history"]) < 2 or 0 not in state.current_players():
        player = state.current_players()[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    view = state.view(0)
    legal = [str(action) for action in state.legal_actions(0)]

    def drawn(height: int) -> list[str]:
        console = Console(file=io.StringIO(), width=40, height=height, record=True,
                          force_terminal=True, color_system=None)
        console.print(game.render_text(view, lang, None, legal), height=height)
        return console.export_text().splitlines()

    densest = len(drawn(1))
    lines = drawn(densest)
    history = history_said(lines, lang)
    assert history is not None and "→" not in history, "\n".join(lines)
    assert re.match(r"\S+ 2: ", history), history  # (the second scoring, numbered)
    for seat, points in enumerate(view["score_history"][-1]):
        assert f"{seat_tag(seat, lang)} {points}" in history, history
    # (one row more: the whole history, where it takes two rows, is not drawn in it)
    assert len(drawn(densest + 1)) <= densest + 1
