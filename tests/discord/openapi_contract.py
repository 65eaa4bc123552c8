"""Discord's published OpenAPI description as a contract for the bot's REST requests.

Each recorded request is matched to the most literal path template of the spec, and its JSON body
(for multipart requests: the ``payload_json`` part, which simcord records as the body) is validated
against the operation's request schema. The few places where discord.py's wire format is accepted
by Discord but typed differently by the (preview) specification are listed in
:data:`SPEC_EXCEPTIONS`, with the reason, and nowhere else.
"""

from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

OPENAPI_PATH = Path(__file__).resolve().parents[2].parent / "shared/reference/discord/openapi.json"
SPEC_URI = "https://discord.com/api/v10/openapi.json"

SPEC_EXCEPTIONS: dict[str, str] = {
    "attachments[].id": (
        "discord.py sends the upload index of a new file as an integer (0, 1, ...); the spec types "
        "it as a string snowflake, while Discord's documentation and servers accept the integer."
    ),
    "allowed_mentions.users / allowed_mentions.roles": (
        "discord.py serialises the ids to ping as integers; the spec types them as string "
        "snowflakes, while Discord accepts either form."
    ),
    "recipient_id (POST /users/@me/channels)": (
        "discord.py opens a direct message channel with the recipient's id as an integer; the spec "
        "types it as a string snowflake, while Discord accepts either form."
    ),
}
"""Deliberate deviations from the spec; each one is coerced by :func:`apply_spec_exceptions`."""


def apply_spec_exceptions(body: Any) -> Any:
    """A copy of ``body`` with exactly the :data:`SPEC_EXCEPTIONS` fields coerced to strings."""
    body = copy.deepcopy(body)
    if isinstance(body, dict) and isinstance(body.get("recipient_id"), int):
        body["recipient_id"] = str(body["recipient_id"])
    for message in _message_bodies(body):
        for attachment in message.get("attachments") or []:
            if isinstance(attachment, dict) and isinstance(attachment.get("id"), int):
                attachment["id"] = str(attachment["id"])
        mentions = message.get("allowed_mentions")
        if isinstance(mentions, dict):
            for key in ("users", "roles"):
                if isinstance(mentions.get(key), list):
                    mentions[key] = [str(v) if isinstance(v, int) else v for v in mentions[key]]
    return body


def _message_bodies(body: Any) -> list[dict[str, Any]]:
    """The message-shaped objects of a request: the body itself, or an interaction callback's data."""
    if not isinstance(body, dict):
        return []
    found = [body]
    if isinstance(body.get("data"), dict):
        found.append(body["data"])
    return found


@dataclass(frozen=True)
class Operation:
    template: str
    method: str
    validator: Draft202012Validator | None
    body_required: bool


class OpenApiContract:
    """Matches recorded requests to the spec's operations and validates their bodies."""

    def __init__(self, spec: dict[str, Any]) -> None:
        self.spec = spec
        resource = Resource.from_contents(spec, default_specification=DRAFT202012)
        self.registry = Registry().with_resource(SPEC_URI, resource)
        self.templates = [
            (template, self._pattern(template), template.count("{")) for template in spec["paths"]
        ]
        self._operations: dict[tuple[str, str], Operation] = {}

    @staticmethod
    def _pattern(template: str) -> re.Pattern[str]:
        parts = re.split(r"(\{[^}]+\})", template)
        regex = "".join("[^/]+" if p.startswith("{") else re.escape(p) for p in parts)
        return re.compile(regex + "/?")

    def template_for(self, path: str) -> str | None:
        """The most literal path template matching ``path`` (``/messages/@original`` over ``{id}``)."""
        matches = [(params, t) for t, pattern, params in self.templates if pattern.fullmatch(path)]
        return min(matches)[1] if matches else None

    def operation(self, method: str, path: str) -> Operation | None:
        template = self.template_for(path)
        if template is None:
            return None
        key = (template, method.lower())
        if key not in self._operations:
            op = self.spec["paths"][template].get(method.lower())
            if op is None:
                return None
            body = op.get("requestBody")
            validator = None
            if body:
                media = "application/json" if "application/json" in body["content"] else "multipart/form-data"
                pointer = "/".join(
                    part.replace("~", "~0").replace("/", "~1")
                    for part in ("paths", template, method.lower(), "requestBody", "content", media, "schema")
                )
                validator = Draft202012Validator(
                    {"$ref": f"{SPEC_URI}#/{pointer}"}, registry=self.registry
                )
            self._operations[key] = Operation(
                template, method.upper(), validator, bool(body and body.get("required"))
            )
        return self._operations[key]

    def problems(self, requests: list[Any]) -> list[str]:
        """One line per request that the published API does not accept."""
        found = []
        for request in requests:
            op = self.operation(request.method, request.path)
            where = f"{request.method} {request.path}"
            if op is None:
                found.append(f"{where}: no such operation in the published API")
                continue
            if request.json is None:
                if op.body_required:
                    found.append(f"{where}: the operation needs a body and none was sent")
                continue
            if op.validator is None:
                found.append(f"{where}: a body was sent to an operation that takes none")
                continue
            errors = sorted(
                op.validator.iter_errors(apply_spec_exceptions(request.json)), key=lambda e: e.path
            )
            for error in errors[:3]:
                location = "/".join(str(p) for p in error.absolute_path) or "(body)"
                found.append(f"{where} ({op.template}): {location}: {error.message[:300]}")
        return found


@cache
def load_contract() -> OpenApiContract | None:
    if not OPENAPI_PATH.is_file():
        return None
    return OpenApiContract(json.loads(OPENAPI_PATH.read_text(encoding="utf-8")))
