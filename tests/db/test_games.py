"""Games and seats: creation, one open game per channel, lookups, lobby membership."""


import pytest
from store_fixtures import START, finish_game, minutes, new_game, raw_execute, started_game

from db import AlreadySeated, ChannelBusy, GameNotFound, TableFull
from db.sql import UniqueViolation


async def test_create_game_returns_the_stored_row(store):
    game = await new_game(store, channel_id=55, guild_id=3, host_id=9, players=4)
    assert (game.guild_id, game.channel_id, game.game_key, game.host_id) == (3, 55, "mor", 9)
    assert game.options == {"variant": "base"} and game.seed == 1234 and game.players == 4
    assert (game.status, game.version, game.reminder_seconds) == ("lobby", 0, 86400)
    assert game.created_at == game.updated_at == START
    assert game.last_move_at is None and game.board_message_id is None and game.board_jump_url is None
    assert await store.get_game(game.id) == game


async def test_get_game_of_unknown_id_is_none(store):
    assert await store.get_game(12345) is None


async def test_one_open_game_per_channel(store):
    first = await new_game(store, channel_id=100)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel_id=100)
    other_channel = await new_game(store, channel_id=101)
    assert await store.active_game(100) == first
    assert await store.active_game(101) == other_channel
    assert await store.active_game(102) is None


async def test_an_active_game_also_keeps_the_channel_busy(store):
    await started_game(store, channel_id=100)
    with pytest.raises(ChannelBusy):
        await new_game(store, channel_id=100)


@pytest.mark.parametrize("closing_status", ["finished", "abandoned"])
async def test_a_closed_game_frees_the_channel(store, closing_status):
    old = await started_game(store, channel_id=100)
    if closing_status == "finished":
        await finish_game(store, old, minutes(5))
    else:
        await store.close_game(old.id, "abandoned", minutes(5))
    assert await store.active_game(100) is None
    fresh = await new_game(store, channel_id=100)
    assert await store.active_game(100) == fresh
    with pytest.raises(UniqueViolation):  # the schema's own guard
        await raw_execute(store, "UPDATE games SET status = 'active' WHERE id = ?", (old.id,))
    assert (await store.get_game(old.id)).status == closing_status


async def test_close_game_reminder_and_board_message(store):
    game = await new_game(store)
    await store.close_game(game.id, "abandoned", minutes(1))
    await store.set_reminder_seconds(game.id, 3600, minutes(2))
    await store.set_board_message(game.id, 987654321012345678, "https://discord.com/channels/1/100/9")
    changed = await store.get_game(game.id)
    assert changed.status == "abandoned" and changed.reminder_seconds == 3600
    assert changed.updated_at == minutes(2)
    assert changed.board_message_id == 987654321012345678
    assert changed.board_jump_url == "https://discord.com/channels/1/100/9"
    assert changed.version == game.version


async def test_game_updates_refuse_bad_values_and_unknown_games(store):
    game = await new_game(store)
    with pytest.raises(ValueError):
        await store.close_game(game.id, "paused", START)
    with pytest.raises(ValueError):
        await store.set_reminder_seconds(game.id, 0, START)
    with pytest.raises(GameNotFound):
        await store.close_game(999, "abandoned", START)
    with pytest.raises(GameNotFound):
        await store.set_board_message(999, 1, None)


async def test_games_for_user_lists_open_games_where_the_user_sits(store):
    lobby = await new_game(store, channel_id=100)
    await store.add_seat(lobby.id, 8, "bea", now=START)
    playing = await started_game(store, channel_id=101, user_ids=(7, 8))
    done = await started_game(store, channel_id=102, user_ids=(8, 9))
    await finish_game(store, done, minutes(3))
    elsewhere = await new_game(store, channel_id=200, guild_id=2)
    await store.add_seat(elsewhere.id, 8, "bea", now=START)
    assert [g.id for g in await store.games_for_user(1, 8)] == [lobby.id, playing.id]
    assert [g.id for g in await store.games_for_user(1, 7)] == [playing.id]
    assert [g.id for g in await store.games_for_user(2, 8)] == [elsewhere.id]
    assert await store.games_for_user(1, 9) == []


async def test_active_games_lists_only_games_in_play(store):
    await new_game(store, channel_id=100)
    first = await started_game(store, channel_id=101)
    second = await started_game(store, channel_id=102)
    ended = await started_game(store, channel_id=103)
    await store.close_game(ended.id, "abandoned", minutes(1))
    assert [g.id for g in await store.active_games()] == [first.id, second.id]


async def test_add_seat_and_already_seated(store):
    game = await new_game(store)
    seat = await store.add_seat(game.id, 7, "ada", now=START)
    assert (seat.game_id, seat.seat, seat.user_id, seat.display_name, seat.is_bot, seat.joined_at) == (
        game.id, None, 7, "ada", False, START)
    with pytest.raises(AlreadySeated):
        await store.add_seat(game.id, 7, "ada again", now=minutes(1))
    robot = await store.add_seat(game.id, 0, "Lorenzo bot", is_bot=True, now=minutes(1))
    assert robot.is_bot is True
    assert [s.user_id for s in await store.seats(game.id)] == [7, 0]


async def test_an_ai_seat_keeps_its_level_in_every_read(store):
    game = await new_game(store)
    await store.add_seat(game.id, 7, "ada", now=START)
    robot = await store.add_seat(game.id, -1, "Bottega AI (strong)", is_bot=True, ai_level="strong", now=START)
    assert (robot.is_bot, robot.ai_level) == (True, "strong")
    assert [(s.user_id, s.ai_level) for s in await store.seats(game.id)] == [(7, None), (-1, "strong")]
    loaded = await store.load_game(game.id)
    assert [(s.user_id, s.ai_level) for s in loaded.seats] == [(7, None), (-1, "strong")]


async def test_a_full_table_refuses_another_seat_and_a_freed_seat_can_be_taken(store):
    game = await new_game(store, players=2)
    for user_id in (7, 8):
        await store.add_seat(game.id, user_id, f"u{user_id}", now=START)
    with pytest.raises(TableFull, match="full"):
        await store.add_seat(game.id, 9, "late", now=minutes(1))
    with pytest.raises(AlreadySeated):
        await store.add_seat(game.id, 8, "u8 again", now=minutes(1))
    assert [s.user_id for s in await store.seats(game.id)] == [7, 8]
    await store.remove_seat(game.id, 8)
    await store.add_seat(game.id, 9, "late", now=minutes(2))
    assert [s.user_id for s in await store.seats(game.id)] == [7, 9]


async def test_remove_seat_reports_whether_a_seat_was_freed(store):
    game = await new_game(store)
    await store.add_seat(game.id, 7, "ada", now=START)
    assert await store.remove_seat(game.id, 7) is True
    assert await store.remove_seat(game.id, 7) is False
    assert await store.seats(game.id) == []
    await store.add_seat(game.id, 7, "ada", now=minutes(1))


@pytest.mark.parametrize("order", [[20, 30, 10], [10, 20, 30]])
async def test_seats_are_ordered_by_seat_then_join_time(store, order):
    game = await new_game(store, players=3)
    for offset, user_id in enumerate((30, 10, 20)):
        await store.add_seat(game.id, user_id, f"u{user_id}", now=minutes(offset))
    assert [s.user_id for s in await store.seats(game.id)] == [30, 10, 20]
    await store.record_start(game.id, expected_version=game.version, snapshot="{}", now=minutes(3),
                             seat_order=order)
    assert [(s.seat, s.user_id) for s in await store.seats(game.id)] == list(enumerate(order))


@pytest.mark.parametrize("order", [[7], [7, 8, 9], [7, 7], [7, 99]])
async def test_the_seat_order_of_a_start_must_name_every_seated_user_once(store, order):
    game = await new_game(store)
    await store.add_seat(game.id, 7, "ada", now=START)
    await store.add_seat(game.id, 8, "bea", now=START)
    with pytest.raises(ValueError):
        await store.record_start(game.id, expected_version=game.version, snapshot="{}", now=START,
                                 seat_order=order)
    assert [s.seat for s in await store.seats(game.id)] == [None, None]


async def test_discord_snowflakes_and_63_bit_seeds_round_trip(store):
    snowflake = 1_234_567_890_123_456_789
    game = await store.create_game(guild_id=snowflake, channel_id=snowflake + 1, game_key="opera",
                                   options={"nested": {"list": [1, "two"]}}, seed=2**63 - 1, players=1,
                                   host_id=snowflake + 2, now=START)
    await store.add_seat(game.id, snowflake + 2, "ada", now=START)
    assert await store.get_game(game.id) == game
    assert (game.guild_id, game.seed, game.options) == (snowflake, 2**63 - 1, {"nested": {"list": [1, "two"]}})
    assert [g.id for g in await store.games_for_user(snowflake, snowflake + 2)] == [game.id]


async def test_the_last_played_game_of_a_channel_is_its_game_in_play_else_its_last_one(store):
    assert await store.last_played_game(100) is None
    lobby = await new_game(store, channel_id=100)
    assert await store.last_played_game(100) is None, "a table in the lobby has not been played"
    await store.close_game(lobby.id, "abandoned", minutes(1))
    played = await started_game(store, channel_id=100)
    assert (await store.last_played_game(100)).id == played.id
    await finish_game(store, played, minutes(2))
    waiting = await new_game(store, channel_id=100)
    assert (await store.last_played_game(100)).id == played.id
    await store.close_game(waiting.id, "abandoned", minutes(3))
    again = await started_game(store, channel_id=100)
    assert (await store.last_played_game(100)).id == again.id
    assert await store.last_played_game(101) is None


async def test_a_tables_language_follows_its_server_until_chosen(store):
    game = await new_game(store)
    assert game.language is None
    await store.set_language(game.id, "ja", minutes(3))
    chosen = await store.get_game(game.id)
    assert chosen.language == "ja" and chosen.updated_at == minutes(3)
    assert (await store.load_game(game.id)).game.language == "ja"
    await store.set_language(game.id, None, minutes(4))
    assert (await store.get_game(game.id)).language is None
    with pytest.raises(ValueError):
        await store.set_language(game.id, "fr", START)
    with pytest.raises(GameNotFound):
        await store.set_language(999, "ko", START)
