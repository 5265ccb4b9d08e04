"""POST /api/games/<name>/picture with the renderer's options (issue 29): the browser
shows the game's own SVG, e.g. one seat's Cartographers sheet without its side panel."""

from __future__ import annotations

from boardgamesbot.engine import load_game


def test_the_renderers_options_are_passed_and_bad_ones_refused(client):
    view = load_game("cartographers").new(2, seed=3).view(0)
    plain = client.post("/api/games/cartographers/picture", json={"view": view})
    assert plain.status_code == 200
    assert plain.json()["svg"] == load_game("cartographers").render_svg(view)
    assert 'class="panel"><text' in plain.json()["svg"]
    asked = client.post("/api/games/cartographers/picture",
                        json={"view": view, "options": {"seat": 1, "panel": False, "size": None}})
    assert asked.status_code == 200
    svg = asked.json()["svg"]
    assert svg == load_game("cartographers").render_svg(view, seat=1, panel=False, size=None)
    assert 'data-seat="1"' in svg and 'data-seat="1"' not in plain.json()["svg"]
    assert 'class="panel"></g>' in svg and 'width="' not in svg.split(">", 1)[0]
    # An option the renderer does not take, or a value it cannot use: 422, with its code.
    for options in ({"colour": "red"}, {"seat": 9}, {"lang": "xx"}, {"highlight": ["Z99"]}):
        refused = client.post("/api/games/cartographers/picture",
                              json={"view": view, "options": options})
        assert refused.status_code == 422, options
        assert refused.json()["error"]["code"] == "bad_request", options
    assert client.post("/api/games/cartographers/picture",
                       json={"view": view, "options": "seat 1"}).status_code == 422
