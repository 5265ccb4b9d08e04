"""The arena's statistics and tables: wins with confidence intervals, ratings, times.

Everything here is computed from finished `GameResult`s, so a tournament's
standings are the same whichever backend played it.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce
from rich import box
from rich.table import Table

from boardgamesbot.arena.local import Arena, GameResult, rotation_length

__all__ = ["BotStanding", "Standings", "Z_95", "seats_table", "standings_table", "summarize",
           "wilson_interval"]

Z_95 = 1.959963984540054  # the normal quantile for a two-sided 95% interval


# Statistics ------------------------------------------------------------------------------


def wilson_interval(wins: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for a success rate of ``wins`` out of ``n``.

    Unlike the textbook p ± z·sqrt(p(1-p)/n), it stays inside [0, 1] and does
    not collapse to a point at 0% or 100%, which bot matches often reach.
    Shared wins make ``wins`` fractional; the formula takes them as they are.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, centre - half), min(1.0, centre + half))


def _quantile(values: list[float], q: float) -> float:
    """The ``q`` quantile, interpolated between order statistics (0 if empty)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass
class BotStanding:
    """One bot's line in the results table (all its seats taken together)."""

    name: str
    games: int = 0                  # games it took part in
    seats: int = 0                  # seats it held, summed over games
    wins: float = 0.0               # a win shared by k winners counts 1/k
    scores: list[int] = field(default_factory=list)
    decision_seconds: list[float] = field(default_factory=list)
    mu: float | None = None
    sigma: float | None = None
    solo: list[dict[str, Any]] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        """Wins per seat held, so chance is 1/players for every bot."""
        return self.wins / self.seats if self.seats else 0.0

    @property
    def win_interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    @property
    def score_mean(self) -> float:
        return statistics.fmean(self.scores) if self.scores else 0.0

    @property
    def score_sd(self) -> float:
        return statistics.stdev(self.scores) if len(self.scores) > 1 else 0.0

    @property
    def ordinal(self) -> float | None:
        """openskill's conservative skill estimate, mu - 3 sigma."""
        if self.mu is None or self.sigma is None:
            return None
        return self.mu - 3 * self.sigma

    def to_dict(self) -> dict[str, Any]:
        solo = None
        if self.solo:
            solo = {
                "games": len(self.solo),
                "mean_rating": statistics.fmean(s["rating"] for s in self.solo),
                "titles": dict(sorted(Counter(s["title"] for s in self.solo).items())),
            }
        rating = None
        if self.mu is not None:
            rating = {"mu": self.mu, "sigma": self.sigma, "ordinal": self.ordinal}
        return {
            "name": self.name,
            "games": self.games,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.win_rate,
            "win_rate_ci95": list(self.win_interval),
            "score_mean": self.score_mean,
            "score_sd": self.score_sd,
            "rating": rating,
            "decisions": len(self.decision_seconds),
            "decision_seconds": {  # None: no times (the games came from the store)
                "median": _quantile(self.decision_seconds, 0.5) if self.decision_seconds
                else None,
                "p95": _quantile(self.decision_seconds, 0.95) if self.decision_seconds
                else None,
            },
            "solo": solo,
        }


@dataclass
class Standings:
    """The whole run's results: one `BotStanding` per bot, plus per-seat tallies."""

    arena: Arena
    bots: list[BotStanding]
    seat_wins: list[float]
    seat_scores: list[float]
    elapsed_seconds: float = 0.0
    workers: int = 1

    def to_dict(self) -> dict[str, Any]:
        """Everything, JSON-ready. Only ``elapsed_seconds``, ``workers`` and the
        ``decision_seconds`` depend on the machine; the rest is reproducible."""
        return {
            "game": self.arena.game,
            "options": self.arena.options,
            "players": self.arena.players,
            "lineup": list(self.arena.lineup),
            "rotation": rotation_length(self.arena.lineup),
            "games": self.arena.games,
            "seed": self.arena.seed,
            "bots": [bot.to_dict() for bot in self.bots],
            "by_seat": [
                {"seat": seat + 1, "wins": wins, "score_mean": score}
                for seat, (wins, score) in enumerate(zip(self.seat_wins, self.seat_scores))
            ],
            "elapsed_seconds": self.elapsed_seconds,
            "workers": self.workers,
        }


def summarize(arena: Arena, results: list[GameResult], elapsed_seconds: float = 0.0,
              workers: int = 1) -> Standings:
    """Tally ``results`` (in game order, which the ratings depend on) per bot and seat."""
    bots = {name: BotStanding(name) for name in arena.bots}
    for result in results:  # stored runs rated together may have different lineups
        for name in result.seats:
            bots.setdefault(name, BotStanding(name))
    seat_wins = [0.0] * arena.players
    seat_scores = [0.0] * arena.players
    for result in sorted(results, key=lambda r: r.index):
        share = 1 / len(result.winners) if result.winners else 0.0
        for name in dict.fromkeys(result.seats):
            bots[name].games += 1
        for seat, name in enumerate(result.seats):
            bot = bots[name]
            bot.seats += 1
            bot.scores.append(result.scores[seat])
            if result.decision_seconds:  # empty: a stored game, times not kept
                bot.decision_seconds.extend(result.decision_seconds[seat])
            if seat in result.winners:
                bot.wins += share
                seat_wins[seat] += share
            seat_scores[seat] += result.scores[seat]
        if result.solo is not None:
            bots[result.seats[0]].solo.append(result.solo)
    seat_scores = [total / len(results) if results else 0.0 for total in seat_scores]
    if arena.players > 1:
        _rate(bots, results)
    return Standings(arena, list(bots.values()), seat_wins, seat_scores,
                     elapsed_seconds, workers)


def _rate(bots: dict[str, BotStanding], results: list[GameResult]) -> None:
    """Rate every game from its final ranking with openskill's Plackett-Luce model.

    Each seat is a one-player team. A bot in several seats of one game (hard
    against three greedy) enters each seat with its current rating and then
    takes the mean of those seats' new ratings: one game counts as one game's
    evidence, and a bot playing itself neither gains nor loses on average.
    """
    model = PlackettLuce()
    ratings = {name: model.rating(name=name) for name in bots}
    for result in sorted(results, key=lambda r: r.index):
        teams = [[model.rating(mu=ratings[name].mu, sigma=ratings[name].sigma)]
                 for name in result.seats]
        rated = model.rate(teams, ranks=[float(rank) for rank in result.ranks()])
        for name in dict.fromkeys(result.seats):
            mine = [rated[seat][0] for seat, other in enumerate(result.seats) if other == name]
            ratings[name] = model.rating(mu=statistics.fmean(r.mu for r in mine),
                                         sigma=statistics.fmean(r.sigma for r in mine))
    for name, bot in bots.items():
        bot.mu, bot.sigma = ratings[name].mu, ratings[name].sigma


# Presentation ----------------------------------------------------------------------------


def _duration(seconds: float | None) -> str:
    if seconds is None:  # not measured: stored games keep no times
        return "–"
    if seconds < 0.001:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"


def _count(value: float) -> str:
    """Shared wins are fractions; show them without noise (12, 12.5, 12.33)."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def standings_table(standings: Standings, title: str | None = None,
                    caption: str | None = None,
                    headings: Mapping[str, str] | None = None) -> Table:
    """The results as a rich table, one row per bot (columns: docs/arena.md).

    ``title`` and ``caption`` replace the run's (seed, lineup, time taken), e.g.
    for stored games of several runs, or say it in another language; ``headings``
    gives columns their headings in the reader's language (by the English one: "win
    rate"), the others keep theirs."""
    headings = headings or {}
    arena = standings.arena
    options = "".join(f", {key} {value}" for key, value in arena.options.items())
    table = Table(
        title=title or f"{arena.game}{options}, {arena.players} player(s), {arena.games} "
                       f"games, seed {arena.seed}",
        caption=caption or f"lineup {','.join(arena.lineup)}, moved on one seat every game; "
                           f"{standings.elapsed_seconds:.1f} s with {standings.workers} "
                           f"worker(s)",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    rows = [bot.to_dict() for bot in standings.bots]
    columns = ["bot", "games"]
    if any(row["seats"] != row["games"] for row in rows):
        columns.append("seats")
    columns += ["wins", "win rate", "95% CI", "score", "sd"]
    if any(row["rating"] for row in rows):
        columns += ["μ", "σ", "ordinal"]
    if any(row["solo"] for row in rows):
        columns += ["solo rating", "titles"]
    columns += ["time median", "time p95"]
    for column in columns:  # two-word headers on two lines keep the table narrow
        table.add_column(headings.get(column, column).replace(" ", "\n"),
                         no_wrap=column != "titles",
                         justify="left" if column in ("bot", "titles") else "right")
    for row in rows:
        low, high = row["win_rate_ci95"]
        rating, solo = row["rating"] or {}, row["solo"] or {}
        cells = {
            "bot": row["name"],
            "games": str(row["games"]),
            "seats": str(row["seats"]),
            "wins": _count(row["wins"]),
            "win rate": f"{row['win_rate']:.1%}",
            "95% CI": f"{100 * low:.1f}–{100 * high:.1f}%",
            "score": f"{row['score_mean']:.1f}",
            "sd": f"{row['score_sd']:.1f}",
            "μ": f"{rating['mu']:.2f}" if rating else "",
            "σ": f"{rating['sigma']:.2f}" if rating else "",
            "ordinal": f"{rating['ordinal']:.2f}" if rating else "",
            "solo rating": f"{solo['mean_rating']:+.1f}" if solo else "",
            "titles": ", ".join(f"{title} ×{n}" for title, n in solo.get("titles", {}).items()),
            "time median": _duration(row["decision_seconds"]["median"]),
            "time p95": _duration(row["decision_seconds"]["p95"]),
        }
        table.add_row(*(cells[column] for column in columns))
    return table


def seats_table(standings: Standings, headings: Mapping[str, str] | None = None) -> Table:
    """Wins and mean score by seat: shows the seat advantage the rotation cancels out.
    ``headings``: the title ("by seat") and columns in the reader's language, as in
    `standings_table`."""
    headings = headings or {}
    table = Table(title=headings.get("by seat", "by seat"), box=box.SIMPLE_HEAD)
    for column in ("seat", "wins", "mean score"):
        table.add_column(headings.get(column, column), justify="right")
    for seat, (wins, score) in enumerate(zip(standings.seat_wins, standings.seat_scores)):
        table.add_row(str(seat + 1), _count(wins), f"{score:.1f}")
    return table
