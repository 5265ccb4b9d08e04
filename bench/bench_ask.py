"""Answer latency of the rules search (issue 28): every question of the test set, timed.

Builds each game's index in each language once (timed apart: it happens once per
process), then answers every question of ``tests/ask/questions.py`` (and the
off-topic ones) ``--runs`` times; reports the median, 95th percentile and worst
answer time per game, and the build times. The target is ≤ 50 ms per question.

    .venv/bin/python bench/bench_ask.py
    .venv/bin/python bench/bench_ask.py --runs 20
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the question set lives in tests/

from boardgamesbot.help import LANGUAGES  # noqa: E402
from boardgamesbot.help.search import ask, index  # noqa: E402
from tests.ask.questions import OFF_TOPIC, QUESTIONS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=10, help="answers per question")
    runs = parser.parse_args().runs
    print(f"{'game':<14} {'index build (3 languages)':>26} {'questions':>9} "
          f"{'median':>8} {'p95':>8} {'worst':>8}")
    for game, questions in QUESTIONS.items():
        started = time.perf_counter()
        for lang in LANGUAGES:
            index(game, lang)
        built = time.perf_counter() - started
        asked = [(lang, q) for lang, q, _ in questions] + list(OFF_TOPIC)
        times: list[float] = []
        for _ in range(runs):
            for lang, question in asked:
                start = time.perf_counter()
                ask(game, question, lang)
                times.append(time.perf_counter() - start)
        times.sort()
        p95 = times[int(0.95 * (len(times) - 1))]
        print(f"{game:<14} {built * 1000:>23.0f} ms {len(asked):>9} "
              f"{statistics.median(times) * 1000:>6.2f}ms {p95 * 1000:>6.2f}ms "
              f"{times[-1] * 1000:>6.2f}ms")


if __name__ == "__main__":
    main()
