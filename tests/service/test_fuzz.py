"""Fuzz the HTTP API from its own OpenAPI schema (schemathesis): no server errors, every
status code documented, and every answer — success or error — matches its schema.

Random ids and tokens only ever reach "unknown table" and "bad token", so the
answers worth checking would never come. Schemathesis' own way to use real data is a
hook (``map_case``, docs: "Extending Schemathesis"): here it aims most generated
requests at tables made for the run (`World`) — one being played, one over, one
waiting for a friend (a fresh one for each leave) — with a seat's token, and, for
actions, at a legal action on the current state. The schema states the registry's
games, levels, options and player counts (`boardgamesbot.service.openapi`), so
generated tables can be created.
Every route must have answered successfully a few times (`MIN_SUCCESSES`), so that
the fuzz cannot quietly slide back to checking nothing but errors.
"""

from __future__ import annotations

import collections
import zlib

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from boardgamesbot.engine import load_game
from boardgamesbot.service.api import create_app
from boardgamesbot.service.lobby import Limits

# The schema does not depend on the database: it is read once, from an app that is never
# started; each test gets an app of its own on its database (db_url: SQLite, PostgreSQL).
schema = schemathesis.openapi.from_asgi("/api/openapi.json", create_app(db="sqlite://"))
NO_LIMITS = Limits(tables_per_client=0, bot_seats_per_client=0, spectators_per_table=0,
                   connections_per_client=0)
PEOPLE = [{"kind": "person", "name": "Ann"}, {"kind": "person", "name": "Bob"}]
# Successful answers every route must have given, per database.
MIN_SUCCESSES = 3

answered: collections.Counter = collections.Counter()  # (database, method, path) -> 2xx
asked: set = set()


class World:
    """Tables made for the fuzz, through the API itself, and how to aim a case at them."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.over = self._finished()
        self.playing = self._playing()
        self.open = self._open()

    def _create(self, **body) -> dict:
        created = self.client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        return created.json()

    def _playing(self) -> dict:
        return self._create(game="hidden-nim", seats=PEOPLE, options={"pile": "large"})

    def _open(self) -> dict:
        return self._create(game="hidden-nim", seats=[{"kind": "person"}, {"kind": "open"}])

    def _finished(self) -> dict:
        created = self._playing()
        while (table := self.table(created))["status"] != "over":
            self._play(created, table)
        return created

    def table(self, created: dict) -> dict:
        return self.client.get(f"/api/tables/{created['table']['id']}").json()

    def _play(self, created: dict, table: dict) -> None:
        token = self.token(created, table)
        legal = self.client.get(f"/api/tables/{table['id']}/legal",
                                headers={"Authorization": f"Bearer {token}"}).json()
        self.client.post(f"/api/tables/{table['id']}/actions",
                         headers={"Authorization": f"Bearer {token}"},
                         json={"action": legal["actions"][0]["notation"],
                               "state_id": legal["state_id"]})

    def _take(self, created: dict, table: dict) -> None:
        self.client.post(f"/api/tables/{table['id']}/actions",
                         headers={"Authorization": f"Bearer {self.token(created, table)}"},
                         json={"action": "take", "state_id": table["state_id"]})

    @staticmethod
    def token(created: dict, table: dict) -> str:
        """The token of the seat to act (else the first)."""
        seat = table["to_act"][0] if table["to_act"] else 0
        return next(s["token"] for s in created["seats"] if s["seat"] == seat)

    def aim(self, case):
        """Most cases at a real table with a real token (a few keep what was generated:
        unknown tables and tokens are answers to check too); actions at a legal one."""
        choice = zlib.crc32(repr((case.path_parameters, case.query, case.body)).encode())
        if choice % 6 == 0:
            return case
        path = case.operation.path
        parameters = case.path_parameters
        if parameters is not None and "table_id" in parameters:
            created = self._target(path)
            table = self.table(created)
            parameters["table_id"] = table["id"]
            if choice % 5 or path.endswith("/actions"):
                case.headers = {**(case.headers or {}),
                                "Authorization": f"Bearer {self.token(created, table)}"}
            # An action the game can read (legal or not), not only generated text, which
            # seldom parses: "why not?" answers a readable action with its rule.
            if path.endswith(("/actions", "/preview", "/why")) and isinstance(case.body, dict) \
                    and table["status"] == "playing":
                case.body["action"] = "take" if choice % 3 else "end"
            # Open seats filled by a real level: a generated one seldom names a level, and
            # how seldom depends on what else the run registered (levels, games).
            if path.endswith("/start") and isinstance(case.body, dict) and choice % 3:
                case.body["fill"] = "random"
            if path.endswith("/undo") and table["status"] == "playing":
                self._take(created, table)  # something of this seat's to take back
                table = self.table(created)
            if isinstance(case.body, dict) and "state_id" in case.body:
                case.body["state_id"] = table["state_id"]
        elif parameters is not None and "invite" in parameters and self.open["invite"]:
            parameters["invite"] = self.open["invite"]
            self.open = self._open()  # the next join needs a seat again
        elif parameters is not None and "game" in parameters:
            parameters["game"] = "tikal" if choice % 2 else "hidden-nim"
        elif parameters is not None and "name" in parameters and path.endswith("/picture"):
            parameters["name"] = "tikal"  # a game with a renderer; mostly a real view (a
            if choice % 4:                # generated body alone would seldom be one)
                case.body = {"view": load_game("tikal").new(2, seed=choice).view(0)}
        elif parameters is not None and "name" in parameters:
            parameters["name"] = "hidden-nim" if "view-schema" in path else "tikal-rules"
        return case

    def _target(self, path: str) -> dict:
        if "/replay" in path:
            return self.over
        if path.endswith("/rematch"):
            return self._finished()  # a table of its own: its first rematch is the one to check
        if path.endswith("/leave"):
            return self._open()  # a table of its own: leaving empties the creator's seat
        if path.endswith(("/start", "/name")):
            if self.table(self.open)["status"] != "open":
                self.open = self._open()
            return self.open
        if self.table(self.playing)["status"] != "playing":
            self.playing = self._playing()
        return self.playing


world: World | None = None


@schema.hook
def map_case(context, case):
    return world.aim(case) if world is not None else case


@pytest.fixture
def client(db_url):
    global world
    app = create_app(db=db_url, jobs=False, limits=NO_LIMITS)
    with TestClient(app, raise_server_exceptions=False) as client:
        world = World(client)
        yield client
    world = None


@pytest.fixture(scope="module", autouse=True)
def every_route_answered_successfully():
    yield
    few = {route: answered[route] for route in asked if answered[route] < MIN_SUCCESSES}
    assert not few, f"routes that answered 2xx too rarely for their schemas to be checked: {few}"


@schema.parametrize()
@settings(max_examples=25, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case, client, db_url):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    body = {}
    if "json" in kwargs:
        body["json"] = kwargs["json"]
    elif kwargs.get("data") is not None:
        data = kwargs["data"]
        body["content"] = data if isinstance(data, (bytes, str)) else str(data)
    response = client.request(kwargs["method"], kwargs["url"], params=kwargs.get("params"),
                              headers=kwargs.get("headers"), **body)
    route = (db_url.split(":")[0], case.operation.method.upper(), case.operation.path)
    asked.add(route)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                              content_type_conformance,
                                              response_schema_conformance])
    if response.status_code < 300 and case.method.upper() == route[1]:  # not another verb
        answered[route] += 1
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and isinstance(error["params"], dict)
