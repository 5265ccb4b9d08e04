"""The test PostgreSQL, one fresh schema per test (shared by the service and arena tests)."""

from __future__ import annotations

import contextlib
import os
import secrets

import sqlalchemy

POSTGRES = os.environ.get("BGBOT_TEST_DATABASE_URL")


@contextlib.contextmanager
def postgres_schema_url():
    """The test database URL on a fresh schema of its own, dropped afterwards."""
    schema = f"bgbot_test_{secrets.token_hex(6)}"
    admin = sqlalchemy.create_engine(POSTGRES)
    with admin.begin() as c:
        c.execute(sqlalchemy.text(f"create schema {schema}"))
    sep = "&" if "?" in POSTGRES else "?"
    try:
        yield f"{POSTGRES}{sep}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as c:
            c.execute(sqlalchemy.text(f"drop schema {schema} cascade"))
        admin.dispose()
