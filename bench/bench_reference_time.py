"""CPU per decision of the frozen reference `hard-2026.11` along the recorded games.

The positions are those of tests/data/reference_2026_11_games.json (every decision is
checked against the recording), so two versions of the reference can be compared on
the same work: run it once per version (e.g. an older checkout on PYTHONPATH) and
compare. Prints JSON: per game, the CPU seconds of each decision.

    python bench/bench_reference_time.py
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from boardgamesbot.bots import REFERENCE, SeatView, make_bot
from boardgamesbot.engine import load_game

RECORDED = Path(__file__).resolve().parents[1] / "tests" / "data" / "reference_2026_11_games.json"


def main() -> None:
    data = json.loads(RECORDED.read_text())
    times: dict[str, list[float]] = {}
    for record in data["games"]:
        state = load_game(record["game"]).new(record["players"], record["seed"],
                                              **record["options"])
        bots = [make_bot(REFERENCE, record["seed"] + seat) for seat in range(record["players"])]
        for seat, recorded in record["moves"]:
            start = time.process_time()
            action = bots[seat].choose(SeatView(state.clone(), seat), seat)
            times.setdefault(record["game"], []).append(time.process_time() - start)
            if str(action) != recorded:
                raise SystemExit(f"{record['game']} seed {record['seed']}: {action} played, "
                                 f"{recorded} recorded: the reference changed")
            state.apply(seat, action)
    print(json.dumps(times))


if __name__ == "__main__":
    main()
