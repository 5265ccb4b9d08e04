"""Fuzz the HTTP API from its own OpenAPI schema (schemathesis): no server errors, every
status code documented, and every answer — success or error — matches its schema."""

from __future__ import annotations

import tempfile

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

from boardgamesbot.service.api import create_app

_DB = tempfile.mkdtemp(prefix="bgbot-fuzz-")
APP = create_app(db=f"sqlite:///{_DB}/fuzz.db")
schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@pytest.fixture(scope="module")
def client():
    with TestClient(APP, raise_server_exceptions=False) as client:
        # A table to aim at, so that some cases reach past "unknown table".
        client.post("/api/tables", json={"game": "tikal", "seats": [
            {"kind": "person"}, {"kind": "open"}]})
        yield client


@schema.parametrize()
@settings(max_examples=20, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_request_makes_the_server_fail(case, client):
    kwargs = case.as_transport_kwargs(base_url="http://testserver")
    body = {}
    if "json" in kwargs:
        body["json"] = kwargs["json"]
    elif kwargs.get("data") is not None:
        data = kwargs["data"]
        body["content"] = data if isinstance(data, (bytes, str)) else str(data)
    response = client.request(kwargs["method"], kwargs["url"], params=kwargs.get("params"),
                              headers=kwargs.get("headers"), **body)
    assert response.status_code < 500, (case.method, case.formatted_path, response.text)
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                              content_type_conformance,
                                              response_schema_conformance])
    if response.status_code >= 400:
        error = response.json()["error"]
        assert isinstance(error["code"], str) and error["code"]
        assert isinstance(error["message"], str) and isinstance(error["params"], dict)
