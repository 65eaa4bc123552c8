"""The turn card (issue 27): each board's message is a card of layout components, within
Discord's limits, accepted by its published schema, with alt text on every image; the final
card pings every player, shows the rating changes and offers Rematch; ``/game status`` after
the end shows the result."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from bottega_harness import Table, controls_of, text_of
from openapi_contract import load_contract

from bot.presentation import Post
from bot.table import Image
from bot.turn_card import COMPONENT_LIMIT, TEXT_LIMIT, card_files, turn_card
from bot.components import MenuButton, SinceButton
from cogs.community import AgainButton
from i18n import Message

import discord

COMPONENTS_V2 = 1 << 15
MEDIA = {11, 12}  # a thumbnail, a media gallery


@dataclass
class Sent:
    """A request as the schema check reads it."""

    method: str
    path: str
    json: dict


def count(components: list[dict]) -> int:
    """Every component, nested ones included (Discord's limit counts them all)."""
    total = 0
    for component in components:
        total += 1 + count(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            total += 1
    return total


def texts(components: list[dict]) -> list[str]:
    found = []
    for component in components:
        if component.get("type") == 10:
            found.append(component["content"])
        found += texts(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            found += texts([component["accessory"]])
    return found


def media(components: list[dict]) -> list[dict]:
    """Every image a card shows: gallery items and thumbnails."""
    found = []
    for component in components:
        if component.get("type") == 12:
            found += component["items"]
        if component.get("type") == 11:
            found.append(component)
        found += media(component.get("components", []))
        if isinstance(component.get("accessory"), dict):
            found += media([component["accessory"]])
    return found


def worst_post() -> Post:
    """A card at the edge: a story far over the limit, long prompts, all three images."""
    image = Image("mor-1-9.png", b"png", Message("The full board."))
    return Post(story="\n".join(f"Bartolomeo Colleoni takes row {n} from the market." * 3 for n in range(90)),
                rest="\n".join(f"<@{n}>: choose a leader to keep. Deadline <t:1800000000:R>" for n in range(40)),
                image=image, focus=Image("mor-1-9-now.png", b"png", Message("Ada to play.")),
                summary=Image("mor-1-summary.png", b"png", Message("The final scores.")))


def test_a_card_at_its_fullest_keeps_discords_limits_and_its_schema() -> None:
    controls = discord.ui.View(timeout=None)
    for item in (MenuButton(1, 9), SinceButton(1), AgainButton(1)):
        controls.add_item(item)
    shown = worst_post()
    card = turn_card(shown, controls, "en")
    components = card.to_components()
    assert count(components) <= COMPONENT_LIMIT
    assert sum(len(each) for each in texts(components)) <= TEXT_LIMIT
    assert texts(components)[0].startswith("…"), "the oldest lines of the story give way"
    shown_media = media(components)
    assert len(shown_media) == 3 and all(item.get("description") for item in shown_media), "every image has alt text"
    files = card_files(shown)
    assert {f"attachment://{file.filename}" for file in files} == {item["media"]["url"] for item in shown_media}
    contract = load_contract()
    if contract is None:
        pytest.skip("Discord's OpenAPI description is not available")
    body = {"flags": COMPONENTS_V2, "components": components,
            "attachments": [{"id": index, "filename": file.filename} for index, file in enumerate(files)],
            "allowed_mentions": {"parse": [], "users": []}}
    assert contract.problems([Sent("POST", "/channels/1/messages", body),
                              Sent("PATCH", "/channels/1/messages/2", body)]) == []


async def test_every_board_is_a_card_with_alt_text_and_the_turn_in_words_from_the_first(table: Table, env) -> None:
    board = await table.open()
    sent = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")][-1]
    assert sent.json["flags"] & COMPONENTS_V2
    assert all(item.get("description") for item in media(sent.json["components"]))
    assert "begins" in text_of(board) and "Your move" in [c.label for c in controls_of(board)]
    first = text_of(board)
    assert all(words in first for words in ("press **Your move**", "Turn time:", "/game undo", "/game since",
                                            "/game away")), "a new table's first message tells how to play here"
    mover = table.actor(board)
    await mover.slash(table.channel, "duel move", notation="add 3")
    turn = table.last()
    assert turn.id != board.id and "adds 3" in text_of(turn).split("\n")[0], "the card opens with the turn played"


async def test_the_final_card_pings_every_player_and_offers_a_rematch(table: Table, env, make_bot) -> None:
    await table.open(players=3)
    while "Game over." not in text_of(table.last()):
        await table.actor().slash(table.channel, "duel move", notation="add 3")
    final = table.last()
    posted = [r for r in env.http_requests if r.method == "POST" and r.path.endswith("/messages")][-1]
    players = {table.alice.id, table.bob.id, table.carol.id}
    assert {int(user) for user in posted.json["allowed_mentions"]["users"]} == players
    assert all(f"<@{user}>" in text_of(final) for user in players)
    assert "rating +" in text_of(final) and "rating -" in text_of(final)
    assert [c.label for c in controls_of(final)] == ["Rematch"]
    assert len(final.attachments) == 3, "the board, the focused image and the summary"
    status = await table.bob.slash(table.channel, "game status")
    assert "Game over." in status.response.content
    changes = [each for each in text_of(final).split("\n") if ", rating " in each]
    assert len(changes) == 3
    await env.restart_bot(await make_bot())  # the rating changes are the store's, not the process's
    status = await table.bob.slash(table.channel, "game status")
    assert [each for each in status.response.content.split("\n") if ", rating " in each] == changes
    opened = await table.bob.click(final, label="Rematch")
    assert "Rematch opened" in opened.response.content
    assert "opened a rematch" in text_of(table.last())
