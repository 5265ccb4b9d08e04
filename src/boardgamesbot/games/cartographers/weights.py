"""The Cartographers evaluation's tunable numbers, in one place (issue 32, session 50).

`heuristics` reads every hand-set weight of its evaluation from one `Weights`: the
defaults are the values it was written and measured with (docs/bots.md), so a
default `Weights` plays exactly as before. A set tuned jointly by self-play
(`tuning`, ``bgbot train cartographers --target tune``) is a small JSON file read
by `load`, which refuses names it does not know and values outside `BOUNDS`: a
tuning run clips every step to them, so a value outside is a file edited by hand
or written for another version, not a tuned one.

A level may play with a few of them changed (`heuristics.LEVEL_WEIGHTS`, issue 32,
session 53: what helps a one-ply greedy bot need not help the search); every other
level reads the defaults.

The frozen reference ``hard-2026.11`` keeps its own pinned copy of the
heuristics and never reads these.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from boardgamesbot.engine import GameError

__all__ = ["BOUNDS", "NAMES", "Weights", "constant_name", "field_name", "load", "other_seed",
           "save"]


@dataclass(frozen=True)
class Weights:
    """The evaluation's hand-set numbers (what each one prices: `heuristics`)."""

    # Monster exposure: a star per exposed space at each remaining scoring, but the
    # seat fills most exposed spaces within a season or two, so later scorings count
    # at this fraction.
    monster_later: float = 0.55
    # A coin still to come from a mountain with k empty neighbours is this likely per
    # missing neighbour (1 empty neighbour: usually closed soon).
    mountain_close: float = 0.5
    # A coin on its way is worth a star at each later scoring, less this much (it is
    # closed some time into the season, not at once).
    coin_wait: float = 0.5
    # A ruins card with no open ruins space costs a shape (a 1×1 instead): ~3 stars.
    ruins_shortfall: float = 3.0
    # Ruins cards each later season is expected to reveal (both are shuffled back in
    # and about half the deck is revealed).
    ruins_later: float = 0.9
    # An empty space walled in on all four sides: only Rift Lands or a forced 1×1 fills
    # it, so it usually stays empty and blocks lines, squares and surrounded forests.
    pocket: float = 0.5
    # The explore deck holds 16 time in 11 cards: about 1.45 time per card, and
    # half-built work needs a couple of cards to be finished.
    time_per_card: float = 1.45
    # Progress credits are partial stars: what is half built is usually finished, but
    # not always, so each card's credit is well below the stars a finished one earns.
    line_credit: float = 0.45      # Borderlands / Broken Road: e spaces short earns 6·0.45^e
    tree_one_side: float = 0.45    # Treetower: a forest with 1 open side
    tree_two_sides: float = 0.15   # Treetower: a forest with 2 open sides
    link_decay: float = 0.72       # Stoneside Forest: per space still needed to reach a mountain
    link_lone: float = 6.0         # Stoneside Forest: linking a lone mountain pays both ends
    link_more: float = 3.0         # Stoneside Forest: one more mountain on a linked cluster
    greengold_two: float = 1.2     # Greengold Plains: a village cluster touching 2 kinds already
    # Wildholds: a growing village of k spaces earns wildholds_credit·(k/6)^wildholds_power
    # (8 stars · 0.7 at six spaces; a five-space one is most of the way).
    wildholds_credit: float = 5.6
    wildholds_power: float = 1.5
    # Issue 32, session 51 (off by default; docs/bots.md): the shape of the empty space.
    # An empty group of two spaces (walled in but for each other) takes only the
    # smallest shapes: per space, like `pocket` for a walled-in single space.
    fragment: float = 0.0
    # An empty space next to a monster in a group of one or two usually stays empty,
    # so it costs a star at every scoring left, not `monster_later` of the later
    # ones: this share of the difference is charged.
    stuck_monster: float = 0.0
    # An explore card still to come this season that fits nowhere is drawn as a 1×1:
    # its shape's spaces and coin lost, stars per such card (times its chance to come).
    room: float = 0.0


NAMES = tuple(field.name for field in fields(Weights))

# What a weight may be: wide enough for any sensible reading of what it prices, narrow
# enough that a typo (15 for 1.5) or a run gone astray is refused. A tuning run's
# steps stay inside (it clips), so a tuned file always passes.
BOUNDS: dict[str, tuple[float, float]] = {
    "monster_later": (0.0, 1.5),
    "mountain_close": (0.05, 0.95),
    "coin_wait": (0.0, 1.0),
    "ruins_shortfall": (0.0, 8.0),
    "ruins_later": (0.0, 2.0),
    "pocket": (0.0, 3.0),
    "time_per_card": (0.5, 4.0),
    "line_credit": (0.05, 0.9),
    "tree_one_side": (0.0, 1.5),
    "tree_two_sides": (0.0, 1.0),
    "link_decay": (0.1, 0.98),
    "link_lone": (0.0, 12.0),
    "link_more": (0.0, 8.0),
    "greengold_two": (0.0, 3.0),
    "wildholds_credit": (0.0, 8.0),
    "wildholds_power": (0.5, 4.0),
    "fragment": (0.0, 3.0),
    "stuck_monster": (0.0, 1.5),
    "room": (0.0, 8.0),
}
assert set(BOUNDS) == set(NAMES)  # every weight has its bounds (checked on import)


def constant_name(name: str) -> str:
    """The name a weight goes by on a command line (``--set MONSTER_LATER=0.8``)."""
    return name.upper()


def field_name(constant: str) -> str | None:
    """The weight a ``--set`` name means (``MONSTER_LATER`` → ``monster_later``), or None."""
    name = constant.lower()
    return name if constant.isupper() and name in NAMES else None


def checked(values: dict[str, Any], origin: str = "weights") -> Weights:
    """``values`` (names to numbers; the missing ones keep their defaults) as `Weights`,
    or ValueError naming what is wrong: an unknown name, a value that is not a finite
    number, or one outside `BOUNDS`."""
    unknown = sorted(set(values) - set(NAMES))
    if unknown:
        raise GameError(f"{origin}: unknown weight(s) {', '.join(unknown)} "
                        f"(known: {', '.join(NAMES)})", "unknown_weight", origin=origin,
                        names=", ".join(unknown), known=", ".join(NAMES))
    numbers: dict[str, float] = {}
    for name, value in values.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) \
                or not math.isfinite(value):
            raise GameError(f"{origin}: {name} must be a number, not {value!r}",
                            "weight_not_number", origin=origin, name=name, value=repr(value))
        low, high = BOUNDS[name]
        if not low <= value <= high:
            raise GameError(f"{origin}: {name} = {value} is outside its bounds "
                            f"[{low}, {high}]", "weight_outside", origin=origin, name=name,
                            # as written in the file, not rounded as a face says numbers
                            value=str(value), low=str(low), high=str(high))
        numbers[name] = float(value)
    return Weights(**numbers)


def load(path: str | Path) -> Weights:
    """The weights of a JSON file: ``{"weights": {name: value, …}, …}`` (a tuning
    checkpoint is one), checked by `checked`. ValueError if it cannot be read."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise GameError(f"{path}: not a readable weights file ({error})", "weights_unreadable",
                        path=str(path), reason=str(error)) from error
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise GameError(f"{path}: not a weights file (no \"weights\" mapping)",
                        "not_weights", path=str(path))
    return checked(data["weights"], str(path))


def other_seed(path: str | Path, found: object, seed: int) -> GameError:
    """The refusal to resume, with ``seed``, a training run ``path`` holds of seed ``found``."""
    return GameError(f"{path} holds a run of seed {found}, not {seed}: "
                     "use another --out or the same --seed to resume it", "other_seed",
                     path=str(path), found=found, seed=seed)


def save(weights: Weights, path: str | Path, **about: Any) -> None:
    """Write ``weights`` (and what ``about`` says of them) where `load` reads them."""
    Path(path).write_text(json.dumps({"weights": asdict(weights), **about}, indent=1) + "\n",
                          encoding="utf-8")
