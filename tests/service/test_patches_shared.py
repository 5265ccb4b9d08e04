"""Patches to watchers (`outbox.PendingState.patch_from`): the watchers of one seat sent
the same state get one patch to the next, made once and shared; a patch turns what a
watcher had into the new state exactly; and what a pending state made goes with it
(no cache of the service's keeps old states alive)."""

from __future__ import annotations

import asyncio
import gc
import json
import weakref

from boardgamesbot import jsontext
from boardgamesbot.service import outbox
from boardgamesbot.service.lobby import Limits, Lobby, PendingState
from boardgamesbot.service.patches import apply
from boardgamesbot.store import Store

NO_QUOTAS = Limits(tables_per_client=0, bot_seats_per_client=0, spectators_per_table=0)
PEOPLE = [{"kind": "person"}, {"kind": "person"}]


async def next_state(watcher) -> PendingState:
    """The next state in the watcher's outbox (events come before it)."""
    while True:
        item = await watcher.outbox.get()
        if isinstance(item, PendingState):
            return item


def test_watchers_of_one_seat_share_one_patch_that_rebuilds_the_new_state(
        tmp_path, monkeypatch):
    made = []
    diff = outbox.diff

    def counted(old, new):
        made.append(1)
        return diff(old, new)

    monkeypatch.setattr(outbox, "diff", counted)

    async def run():
        lobby = Lobby(Store(f"sqlite:///{tmp_path / 'service.db'}"), limits=NO_QUOTAS)
        table_id = lobby.create("tikal", {}, PEOPLE, None, 5)["table"]["id"]
        watchers = [lobby.watch(lobby.get(table_id), 0, patches=True) for _ in range(3)]
        for watcher in watchers:  # the whole state first: nothing to patch from yet
            lobby.render(watcher, await next_state(watcher))

        async def move():
            table = lobby.get(table_id)
            seat = table.awaited()[0]
            await lobby.act(table_id, seat, str(table.state.legal_actions(seat)[0]),
                            table.version)
            items = [await next_state(watcher) for watcher in watchers]
            bases = [watcher.sent[1] for watcher in watchers]
            return bases, [lobby.render(w, i) for w, i in zip(watchers, items)], items

        await move()  # each watcher had a state of its own (sent as it came): 3 patches
        made.clear()
        bases, texts, items = await move()  # now all three had the one shared state
        for watcher in watchers:
            lobby.unwatch(watcher)
        await lobby.close()
        lobby.store.close()
        return bases, texts, [item.message for item in items]

    bases, texts, news = asyncio.run(run())
    assert all(base is bases[0] for base in bases)  # one state message for the seat
    assert len(set(texts)) == 1 and len(made) == 1  # one patch, made once, for the three
    patch = json.loads(texts[0])
    assert patch["type"] == "patch" and patch["state_id"] == news[0]["state_id"]
    rebuilt = apply(json.loads(jsontext.text(bases[0])),
                    patch["ops"])
    assert rebuilt == json.loads(jsontext.text(news[0]))


def test_a_pending_state_dropped_takes_its_patches_and_their_bases_with_it():
    class Base(dict):  # a dict that a weak reference can follow
        __slots__ = ("__weakref__",)

    base = Base({"state_id": 1, "view": {"a": [1, 2]}})
    pending = PendingState(2, {"state_id": 2, "view": {"a": [1, 3]}})
    text = pending.patch_from(base)
    assert pending.patch_from(base) is text  # made once
    gone = weakref.ref(base)
    del base
    assert gone() is not None  # the pending state holds its base while it lives
    del pending
    gc.collect()
    assert gone() is None
