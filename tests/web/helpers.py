"""Helpers for the browser tests: the REST API from Python (to set a table up quickly),
the lobby through the UI, and checks run in the page."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.request
from contextlib import contextmanager


def call(server, method, path, body=None, token=None):
    headers = {"Accept": "application/json"}
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(server + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read() or b"null")


def hot_seat_table(server, game, players, seed, options=None, names=None):
    """A table where every seat is a person holding a token (played from Python), named
    Ana, Bea, Cai, Dani unless `names` names them."""
    created = call(server, "POST", "/api/tables", {
        "game": game, "options": options or {}, "seed": seed,
        "seats": [{"kind": "person", "name": name}
                  for name in names or ["Ana", "Bea", "Cai", "Dani"][:players]]})
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    return created["table"]["id"], tokens


def friends_and_a_bot(server, game, seed, names=("Ana", "Bea"), level="random"):
    """A table of friends (people holding tokens: played from Python or from their pages)
    and a bot of `level` in the last seat: its id and the friends' tokens by seat."""
    created = call(server, "POST", "/api/tables", {
        "game": game, "options": {}, "seed": seed,
        "seats": [*({"kind": "person", "name": name} for name in names),
                  {"kind": "bot", "level": level}]})
    tokens = {s["seat"]: s["token"] for s in created["seats"] if s.get("token")}
    return created["table"]["id"], tokens


def view(server, table, token=None):
    return call(server, "GET", f"/api/tables/{table}/view", token=token)


def act(server, table, token, action):
    state = view(server, table, token)
    return call(server, "POST", f"/api/tables/{table}/actions",
                {"action": action, "state_id": state["state_id"]}, token)


def legal_notations(server, table, token):
    """The notations the seat holding ``token`` may play now."""
    return [a["notation"] for a in
            call(server, "GET", f"/api/tables/{table}/legal", token=token)["actions"]]


def play_first_legal(server, table, token):
    """The seat holding ``token`` plays the first action legal for it (as listed)."""
    legal = call(server, "GET", f"/api/tables/{table}/legal", token=token)
    return call(server, "POST", f"/api/tables/{table}/actions",
                {"action": legal["actions"][0]["notation"], "state_id": legal["state_id"]}, token)


def play_randomly(server, table, tokens, rng, until=lambda state: False, limit=5000):
    """Random legal actions for whoever is awaited, until the game ends or `until(state)`."""
    for _ in range(limit):
        state = view(server, table)
        if state["table"]["status"] != "playing" or until(state):
            return state
        seat = state["to_act"][0]
        legal = call(server, "GET", f"/api/tables/{table}/legal", token=tokens[seat])
        action = rng.choice(legal["actions"])["notation"]
        call(server, "POST", f"/api/tables/{table}/actions",
             {"action": action, "state_id": legal["state_id"]}, tokens[seat])
    return view(server, table)


def cartographers_after_a_season(page, server, lang):
    """A two-seat Cartographers table (seed 5) played at random until a season is scored,
    taken at seat 0 with its seasons' score table on screen."""
    open_lobby(page, server, lang)
    table, tokens = hot_seat_table(server, "cartographers", 2, seed=5)
    play_randomly(server, table, tokens, seeded(1),
                  until=lambda state: bool(state["view"]["players"][0]["seasons"]))
    take_seat(page, server, table, 0, tokens[0], "cartographers")
    page.wait_for_selector("table.seasons .season-total")


def open_lobby(page, server, lang=None):
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    if lang:
        page.select_option("#lang-select", lang)


def create_in_lobby(page, server, game, seats=None, players=None, seed=None, clock=None):
    open_lobby(page, server)
    page.click(f"#game-{game}")
    if players is not None:
        page.fill("#players", str(players))
        page.press("#players", "Tab")
    for index, kind in (seats or {}).items():
        page.select_option(f"#seat-{index}", kind)
    if clock:
        page.select_option("#clock", clock)
    if seed is not None:
        page.click("#advanced")
        page.fill("#seed", str(seed))
    page.click("#create-button")
    page.wait_for_url(re.compile(r"#/table/"))
    return page.url.rsplit("/", 1)[-1]


class Signal:
    """A page's connection to its table that can drop and come back, as a phone's on a
    Wi-Fi that goes for a moment: set on the page before it opens the table. While `away`,
    every attempt the page makes to connect again fails; once back, its next one goes through."""

    def __init__(self, page):
        self.away = False
        self.socket = None
        page.route_web_socket(re.compile(r"/ws/tables/"), self.connect)

    def connect(self, socket):
        if self.away:
            socket.close()
            return
        socket.connect_to_server()
        self.socket = socket

    def drop(self, page):
        """The connection gone (the page shows it lost: its badge)."""
        self.away = True
        self.socket.close()
        page.wait_for_selector(".connection:not([hidden])")

    def back(self):
        self.away = False


def in_viewport(page, selector) -> bool:
    return page.evaluate("""sel => {
        const el = document.querySelector(sel);
        if (!el) return false;
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight"""
        """ && r.left >= 0 && r.right <= innerWidth;
    }""", selector)


def seeded(seed):
    return random.Random(seed)


def take_seat(page, server, table, seat, token, game):
    """Open `table` in the page as the person in `seat` (what the lobby remembers)."""
    page.goto(f"{server}/")
    page.wait_for_selector("#create-button")
    page.evaluate("""([table, info]) => {
        const seats = JSON.parse(localStorage.getItem("bgbot.seats") || "{}");
        seats[table] = info;
        localStorage.setItem("bgbot.seats", JSON.stringify(seats));
    }""", [table, {"seat": seat, "token": token, "game": game}])
    page.goto(f"{server}/#/table/{table}")


def unfold_tools(page):
    """Open the toolbar's "More" menu when the screen folds it (a phone): the table's
    settings, "What can I do?", the rules and the way back to the lobby are in it. On a
    wide screen its items stand in the toolbar and nothing is clicked."""
    page.wait_for_selector("#more-button", state="attached")
    more = page.locator("#more-button")
    if more.is_visible() and more.get_attribute("aria-expanded") != "true":
        more.click()
        page.wait_for_selector("#more-tools.open")


def open_table_rules(page):
    """The rules of the table's game, from the table's toolbar (through "More" on a phone)."""
    unfold_tools(page)
    page.click('#more-tools [data-key="rules"]')
    page.wait_for_selector("#rules-dialog[open]")


def fold_tools(page):
    """Close the toolbar's "More" menu again (it lies over the page on a phone)."""
    more = page.locator("#more-button")
    if more.is_visible() and more.get_attribute("aria-expanded") == "true":
        more.click()
        page.wait_for_selector("#more-tools.open", state="detached")


def set_confirm_setting(page, on: bool):
    """The table's "Ask before moves that cannot be undone" setting, through "More" on a phone."""
    unfold_tools(page)
    page.set_checked("#confirm-setting", on)
    fold_tools(page)


# A phone as friends hold one: Chrome on Android, touch, the page's own script errors kept.
ANDROID = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
           "(KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36")


def phone_page(browser, width=390, height=844):
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height},
                                  is_mobile=True, has_touch=True, user_agent=ANDROID,
                                  locale="en-US")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def laptop_page(browser, width, height, lang):
    """A laptop's page speaking ``lang`` (before any page loads), and its script errors."""
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": height},
                                  locale="en-US")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r})")
    return context, page, errors


# What a page shows in one look: the server's state drawn by a table's screen (its
# state_id, data-state), whether its legal actions are drawn (data-legal), and whether
# anything is still on its way — another's move being shown (Skip, #pace-skip), a board's
# picture being drawn (data-stale, or the loading mark before the first). Null parts on a
# page that is no table (the lobby, a replay).
SHOWN = """() => {
    const screen = document.querySelector('.table-screen');
    return {
        state: screen ? Number(screen.dataset.state) : null,
        legal: screen?.dataset.legal ? Number(screen.dataset.legal) : null,
        yours: Boolean(document.querySelector('#status-line.yours')),
        pacing: Boolean(document.getElementById('pace-skip')),
        drawing: Boolean(document.querySelector('svg.board[data-stale], .board-loading')),
    };
}"""

SETTLED = f"""(present) => {{
    const shown = ({SHOWN})();
    if (shown.pacing || shown.drawing) return null;
    // (a page that is no game's screen: the lobby, a replay, a table's waiting room)
    if (present === null) return shown;
    // A table that has a present is settled only once its screen shows it: a page still
    // loading (its first state on its way, no table screen yet) was taken as settled, and on
    // a loaded CI machine a test then looked for a map the page had not drawn yet.
    // The server's present (or a newer state: a bot moved since it was asked), and on the
    // person's turn its legal actions drawn too (the board's targets, the turn's buttons).
    if (shown.state === null || shown.state < present) return null;
    return !shown.yours || shown.legal === shown.state ? shown : null;
}}"""


def wait_settled(page, look=None, timeout=20_000):
    """Wait until the page shows the server's current state, drawn whole: a table's screen
    at the state the server is at (asked now) with, on the person's turn, its legal actions,
    no move of another's being shown one at a time and no picture being drawn. Returns the
    page's look then (SHOWN).

    `look`: a script function of no argument that reads what a test checks, in the same
    moment as the page is seen settled; its value (null or false: not ready, looked again)
    is returned instead. Read afterwards in steps of their own (find an element, then read
    its box), the parts could come from two drawings: a redraw in between detached the
    element found, and its box read 0 × 0 at the page's corner."""
    match = re.search(r"#/table/([^/?#]+)", page.url)
    present = None
    if match:
        origin = re.match(r"https?://[^/]+", page.url).group(0)
        try:
            present = view(origin, match.group(1))["state_id"]
        except urllib.error.HTTPError:  # a table not started yet (its waiting room)
            present = None
    settled = SETTLED if look is None else f"""(present) => {{
        if (!({SETTLED})(present)) return null;
        return ({look})() || null; }}"""
    return page.wait_for_function(settled, arg=present, timeout=timeout).json_value()


def settled_boxes(page, *selectors, timeout=20_000):
    """The boxes on screen of the first element of each of `selectors` ({selector: {top,
    bottom, left, right, width, height}}), read in one look once the page is settled and
    all are there (wait_settled): boxes read one by one could come from two drawings."""
    wanted = json.dumps(selectors)
    return wait_settled(page, f"""() => {{
        const found = {wanted}.map((selector) => document.querySelector(selector));
        return found.every(Boolean) && Object.fromEntries(
            found.map((e, i) => [{wanted}[i], e.getBoundingClientRect().toJSON()])); }}""",
                        timeout=timeout)


#: A person's own map on a Cartographers screen, drawn (not another's, not a stale picture).
OWN_MAP = 'svg.sheet[data-key="sheet"]:not([data-stale])'


@contextmanager
def three_maps_on_a_phone(browser, server, lang, pace):
    """A Cartographers table of three friends (Ana, Bea, Cai; seed 4) on a 390×844 phone
    speaking `lang`, others' moves shown at `pace`, opened as Ana's with her map's targets
    drawn: yields (page, table, tokens by seat, the page's script errors); the page's
    context is closed after."""
    table, tokens = hot_seat_table(server, "cartographers", 3, seed=4)
    context, page, errors = phone_page(browser, 390, 844)
    try:
        page.add_init_script(f"localStorage.setItem('bgbot.lang', {lang!r});"
                             f" localStorage.setItem('bgbot.pace', {pace!r})")
        take_seat(page, server, table, 0, tokens[0], "cartographers")
        page.wait_for_selector(f"{OWN_MAP} .target")
        yield page, table, tokens, errors
    finally:
        context.close()
