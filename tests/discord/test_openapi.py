"""The contract check itself: it finds the spec, rejects wrong payloads, and its exceptions are
exactly the listed ones."""

from __future__ import annotations

import pytest
from openapi_contract import OPENAPI_PATH, SPEC_EXCEPTIONS, apply_spec_exceptions, load_contract
from simcord import HttpLogEntry


@pytest.fixture
def contract():
    loaded = load_contract()
    if loaded is None:
        pytest.skip(f"Discord's OpenAPI description is not at {OPENAPI_PATH}: REST payloads are not checked")
    return loaded


def entry(method: str, path: str, body=None) -> HttpLogEntry:
    return HttpLogEntry(method, path, {}, body, None)


def test_openapi_reference_present(contract):
    assert contract.spec["info"]["version"] == "10"


def test_wrong_payloads_are_rejected(contract):
    problems = contract.problems([
        entry("POST", "/channels/1/messages", {"content": 5}),
        entry("POST", "/interactions/1/tok/callback", {"type": 4, "data": {"flags": "x"}}),
        entry("GET", "/no/such/route"),
        entry("PUT", "/applications/1/commands", [{"name": "move", "description": "d", "type": "chat"}]),
    ])
    assert len(problems) >= 4
    assert any("content" in p for p in problems) and any("no such operation" in p for p in problems)


def test_right_payloads_pass(contract):
    assert contract.problems([
        entry("POST", "/channels/1/messages", {"content": "hi", "allowed_mentions": {"parse": []}}),
        entry("POST", "/interactions/1/tok/callback", {"type": 5, "data": {"flags": 64}}),
        entry("PATCH", "/webhooks/1/tok/messages/@original", {"content": "done"}),
    ]) == []


def test_the_listed_exceptions_and_nothing_else_are_coerced(contract):
    body = {"content": "x", "attachments": [{"id": 0, "filename": "b.png"}],
            "allowed_mentions": {"users": [12], "parse": []}, "nonce": 7}
    coerced = apply_spec_exceptions(body)
    assert coerced["attachments"][0]["id"] == "0" and coerced["allowed_mentions"]["users"] == ["12"]
    assert coerced["nonce"] == 7 and body["attachments"][0]["id"] == 0
    assert len(SPEC_EXCEPTIONS) == 3
    assert contract.problems([entry("POST", "/channels/1/messages", body)]) == []


def test_a_direct_message_channel_may_name_its_recipient_by_an_integer_id(contract):
    opened = {"recipient_id": 1456074443980800012}
    assert apply_spec_exceptions(opened) == {"recipient_id": "1456074443980800012"}
    assert contract.problems([entry("POST", "/users/@me/channels", opened)]) == []
    assert contract.problems([entry("POST", "/users/@me/channels", {"recipient_id": "x"})])
