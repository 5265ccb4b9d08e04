"""A friend watching the bot's turn on a busy phone: the page's frames stop coming for a
few seconds (its compositor or its rasterising behind, as under CI's load) while its
timers still run. The page took a move's moment to start a second after its picture was
drawn, painted or not: each move of the bot went by in a second and a half unseen, the
first one named above a stale board and never seen marked, the next ones never named at
all (CI: [(6, {... 'mark': False ...}), (7, None), (8, None), ...]). A move's moment
starts from the frame that paints it: every move is seen marked, in order, however long
the frames take."""

from __future__ import annotations

from .helpers import seeded
from .test_watching_a_whole_game import (
    ana_and_the_bot,
    never_seen_marked,
    one_turn_of_random_moves,
    the_bots_turn_watched,
)

# Each picture's answer held a moment in the page (its pictures are asked ahead, so the
# later moves' are in when their turn comes). The first that arrives while another's move
# is being shown stalls the page's frames (requestAnimationFrame's callbacks held, as a
# page that paints nothing holds them) for STALL ms; its timers run on.
STALL = 4000
STALLED_FRAMES = """(stall) => {
    const frame = window.requestAnimationFrame.bind(window);
    const held = [];
    let until = 0;
    window.requestAnimationFrame = (callback) => {
        if (performance.now() >= until) return frame(callback);
        held.push(callback);
        return 0;
    };
    const fetched = window.fetch;
    window.fetch = (url, options) => fetched(url, options).then((answer) =>
        String(url).includes('/picture')
            ? new Promise((resolve) => setTimeout(() => {
                if (!window.__stalled && document.querySelector('.pace-showing')) {
                    window.__stalled = true;
                    until = performance.now() + stall;
                    setTimeout(() => frame(() => { until = 0;
                        for (const callback of held.splice(0)) frame(callback); }), stall);
                }
                resolve(answer);
            }, 800)) : answer);
}"""


def test_each_move_of_the_bot_is_seen_marked_though_frames_stall(browser, server):
    stalling = f"({STALLED_FRAMES})({STALL})"
    with ana_and_the_bot(browser, server, stalling) as (page, table, token, errors):
        theirs, seen = the_bots_turn_watched(page, server, table, token)
        stalled = page.evaluate("window.__stalled")
    assert stalled  # the frames stalled while one of them was shown: the case is checked
    unmarked = never_seen_marked(theirs, seen)
    assert not unmarked, unmarked
    assert not errors, errors


# At the first frame a move of another's is shown with its own picture (its board marked
# pace-step), the screen is drawn again at once (the language's change redraws it, as a
# later move's picture arriving does): what that drawing made, read in the same look.
REDRAWN_MID_MOVE = """() => {
    const look = () => {
        const line = document.getElementById('move-line');
        const board = document.querySelector('.board-area svg.board.pace-step:not([data-stale])');
        if (board && document.querySelector('.pace-showing') && line?.dataset.n) {
            const n = line.dataset.n;
            window.dispatchEvent(new Event('langchange'));
            const again = document.querySelector('.board-area svg.board:not([data-stale])');
            window.__redrawn = {
                n: Number(n),
                line: Number(document.getElementById('move-line')?.dataset.n),
                board: again !== null && again !== board,
                step: Boolean(again?.classList.contains('pace-step')),
                fade: again ? getComputedStyle(again).animationName : null,
                mark: Boolean(again?.querySelector('[data-last-move]')),
            };
            return;
        }
        requestAnimationFrame(look);
    };
    look();
}"""


def test_a_move_drawn_again_mid_move_keeps_its_step_mark(browser, server):
    """A move's board drawn again in the middle of its moment (a later move's picture
    arriving) was a new board without the mark of the step shown (pace-step): its frames
    went marked, then unmarked for the rest of the move. Kept, and not faded in again."""
    slow = "localStorage.setItem('bgbot.pace', 'slow')"
    with ana_and_the_bot(browser, server, slow) as (page, table, token, errors):
        page.evaluate(REDRAWN_MID_MOVE)
        # Ana plays one turn (random moves), then the bot plays its own.
        one_turn_of_random_moves(server, table, token, 0, seeded(4))
        redrawn = page.wait_for_function("() => window.__redrawn", timeout=60_000).json_value()
    assert redrawn["board"] and redrawn["line"] == redrawn["n"], redrawn  # drawn anew, same move
    assert redrawn["step"] and redrawn["mark"], redrawn
    assert redrawn["fade"] in ("none", None), redrawn
    assert not errors, errors
