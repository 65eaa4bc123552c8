"""The table service on its own, with the store and a tiny test game (no Discord)."""

from __future__ import annotations

import asyncio
import random
from datetime import datetime, timedelta, timezone

import pytest

import games
from bot.drawing import ThreadRenderer
from bot.presentation import DiscordMarkup, post, text
from bot.table import Person, StaleAction, TableError, TableService, TurnSettings
from db import Store, TimerFilter
from games.core import IllegalAction

ALICE, BOB, CAROL, MOD = Person(1, "alice"), Person(2, "bob"), Person(3, "carol"), Person(9, "mod", True)
GUILD, CHANNEL = 100, 200


def said(reply):
    """A reply as Discord shows it."""
    return post(DiscordMarkup(), reply)


class FakeClock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs) -> None:
        self.now += timedelta(**kwargs)


@pytest.fixture(autouse=True)
def race_game(monkeypatch):
    monkeypatch.setitem(games._MODULES, "race", "tests.support.race")


@pytest.fixture
async def service(tmp_path):
    store = await Store.open(tmp_path / "bottega.db")
    clock = FakeClock()
    yield TableService(store, clock=clock, seed_source=lambda: 1234, renderer=None)
    await store.close()


async def started(service, *people):
    await service.new_game(GUILD, CHANNEL, people[0], "race", len(people))
    for person in people[1:]:
        await service.join(CHANNEL, person)
    return await service.start(CHANNEL, people[0])


async def current(service):
    table = await service.table(CHANNEL)
    actor = table.user_of(next(iter(table.game.actors(table.state))))
    return table, {p.id: p for p in (ALICE, BOB, CAROL)}[actor]


async def test_lobby_join_start_and_seats_drawn_from_the_seed(service):
    reply = said(await service.new_game(GUILD, CHANNEL, ALICE, "race", 2))
    assert "opened a table of **Race to Ten** for 2" in reply.text
    with pytest.raises(TableError, match="already have a seat"):
        await service.join(CHANNEL, ALICE)
    await service.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="full"):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(TableError, match="Only the host"):
        await service.start(CHANNEL, BOB)
    reply = said(await service.start(CHANNEL, ALICE))
    table = await service.table(CHANNEL)
    assert "begins" in reply.text and table.row.status == "active"
    assert reply.mentions == table.actor_users() and len(reply.mentions) == 1
    assert f"<@{reply.mentions[0]}>: Add 1 or 2." in reply.text


async def test_bad_table_requests_are_refused_clearly(service):
    with pytest.raises(IllegalAction, match="no game called 'chess'"):
        await service.new_game(GUILD, CHANNEL, ALICE, "chess", 2)
    with pytest.raises(TableError, match="for 1 to 4 players, not 7"):
        await service.new_game(GUILD, CHANNEL, ALICE, "race", 7)
    with pytest.raises(TableError, match="no game in this channel"):
        await service.act(CHANNEL, ALICE, "add 1")
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    with pytest.raises(TableError, match="already has a table"):
        await service.new_game(GUILD, CHANNEL, BOB, "race", 2)
    with pytest.raises(TableError, match="not started yet"):
        await service.act(CHANNEL, ALICE, "add 1")


async def test_refused_moves_change_nothing(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    waiting = BOB if actor is ALICE else ALICE
    before = table.game.dumps(table.state), table.row.version
    with pytest.raises(IllegalAction) as out_of_turn:
        await service.act(CHANNEL, waiting, "add 1")
    assert out_of_turn.value.rule == "CORE-TURN"
    with pytest.raises(IllegalAction) as malformed:
        await service.act(CHANNEL, actor, "jump 3")
    assert malformed.value.rule == "CORE-NOTATION" and "`add 1`" in malformed.value.message
    with pytest.raises(TableError, match="not playing"):
        await service.act(CHANNEL, CAROL, "add 1")
    table = await service.table(CHANNEL)
    assert (table.game.dumps(table.state), table.row.version) == before


async def test_stale_button_and_double_press_apply_once(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    version = table.row.version
    await service.act(CHANNEL, actor, "add 2", interaction_id=555, expected_version=version)
    with pytest.raises(StaleAction) as stale:
        await service.act(CHANNEL, actor, "add 2", interaction_id=556, expected_version=version)
    assert stale.value.current is not None and stale.value.current.version == version + 1
    table, actor = await current(service)
    with pytest.raises(TableError, match="already recorded"):
        await service.act(CHANNEL, actor, "add 1", interaction_id=555)
    assert (await service.table(CHANNEL)).row.version == version + 1


async def test_concurrent_moves_on_one_version_apply_once(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    version = table.row.version
    outcomes = await asyncio.gather(
        service.act(CHANNEL, actor, "add 1", expected_version=version),
        service.act(CHANNEL, actor, "add 2", expected_version=version),
        return_exceptions=True,
    )
    assert sum(not isinstance(o, Exception) for o in outcomes) == 1
    assert (await service.table(CHANNEL)).row.version == version + 1


async def test_reload_equals_live_state_through_a_whole_game(service):
    await started(service, ALICE, BOB, CAROL)
    for turn in range(40):
        table, actor = await current(service)
        reply = said(await service.act(CHANNEL, actor, "add 2" if turn % 3 else "add 1"))
        if "Game over" in reply.text:
            break
        fresh = await service.table(CHANNEL)
        replayed = fresh.game.replay(3, fresh.row.seed, fresh.row.options,
                                     [(m.seat, m.notation) for m in await service.store.moves(fresh.row.id)])
        assert fresh.game.dumps(replayed) == fresh.game.dumps(fresh.state)
    assert "Winner:" in reply.text and sorted(reply.mentions) == [ALICE.id, BOB.id, CAROL.id], "the end pings everyone"
    assert await service.store.active_game(CHANNEL) is None


async def test_public_replies_never_show_a_secret(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    reply = said(await service.act(CHANNEL, actor, "add 1"))
    mine = said(await service.private(CHANNEL, actor))
    secret = table.state["secrets"][table.seat_of(actor.id)]
    assert str(secret) not in reply.text
    assert mine.ephemeral and not mine.text


async def test_reminders_follow_the_player_who_must_act(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    service.clock.advance(hours=23)
    assert await service.due_reminders() == []
    service.clock.advance(hours=2)
    due = await service.due_reminders()
    assert [r.user_ids for r in due] == [[actor.id]] and "waiting since <t:" in text(DiscordMarkup(), due[0].lines)
    assert await service.due_reminders() == []  # at most once per interval
    await service.act(CHANNEL, actor, "add 1")
    service.clock.advance(hours=25)
    due = await service.due_reminders()
    assert len(due) == 1 and due[0].user_ids != [actor.id]


async def test_status_shows_when_the_next_reminder_is_due(service):
    await started(service, ALICE, BOB)
    service.clock.advance(hours=3)
    reply = said(await service.status(CHANNEL))
    since = int(datetime(2026, 1, 5, 12, 0, tzinfo=timezone.utc).timestamp())
    assert f"Waiting since <t:{since}:R>. Next reminder <t:{since + 24 * 3600}:R>." in reply.text


async def test_reminder_interval_is_bounded_and_for_managers(service):
    await started(service, ALICE, BOB)
    with pytest.raises(TableError, match="between 1 hour and 7 days"):
        await service.settings(CHANNEL, ALICE, 0.5)
    with pytest.raises(TableError, match="Only the host"):
        await service.settings(CHANNEL, BOB, 2)
    reply = said(await service.settings(CHANNEL, MOD, 48))
    assert "2 days" in reply.text


async def test_abandon_by_majority_vote_or_host(service):
    await started(service, ALICE, BOB, CAROL)
    reply = said(await service.abandon(CHANNEL, BOB))
    assert "1/2 votes" in reply.text
    reply = said(await service.abandon(CHANNEL, CAROL))
    assert "abandoned" in reply.text
    assert await service.store.active_game(CHANNEL) is None


async def test_mine_lists_games_waiting_on_me(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    reply = said(await service.mine(GUILD, actor))
    assert "**Your move:**" in reply.ephemeral and "Add 1 or 2." in reply.ephemeral


async def test_corrupted_snapshot_is_reported_and_changes_nothing(service):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    async with service.store._write() as db:
        await db.execute("UPDATE snapshots SET state = 'not json' WHERE game_id = ?", (table.row.id,))
    with pytest.raises(TableError, match="damaged"):
        await service.act(CHANNEL, actor, "add 1")
    assert (await service.store.get_game(table.row.id)).version == table.row.version


async def test_start_waits_for_every_announced_seat(service):
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 3)
    await service.join(CHANNEL, BOB)
    with pytest.raises(TableError, match="for 3 players and 2 are seated"):
        await service.start(CHANNEL, ALICE)


def with_automatic_moves(game, state):
    """``state`` after the moves the table plays by itself (``Game.automatic``)."""
    while game.result(state) is None:
        owed = [(seat, action) for seat in sorted(game.actors(state))
                if (action := game.automatic(state, seat)) is not None]
        if not owed:
            return state
        state, _ = game.apply(state, *owed[0])
    return state


@pytest.mark.parametrize("key", ["mor", "lim", "opera"])
async def test_reload_equals_live_state_after_every_move_of_a_random_game(service, key):
    """Through the store: latest snapshot plus later moves always equals the engine's live state."""
    people = (ALICE, BOB)
    await service.new_game(GUILD, CHANNEL, ALICE, key, 2)
    await service.join(CHANNEL, BOB)
    await service.start(CHANNEL, ALICE)
    chooser = random.Random(key)
    table = await service.table(CHANNEL)
    live, game = table.state, table.game
    for _ in range(60):  # more than two snapshot intervals
        seat = chooser.choice(sorted(game.actors(live)))
        action = chooser.choice(game.legal_actions(live, seat))
        person = next(p for p in people if p.id == table.user_of(seat))
        await service.act(CHANNEL, person, game.notation(action))
        live = with_automatic_moves(game, game.apply(live, seat, action)[0])
        if game.result(live) is not None:  # a finished game leaves the channel free
            assert await service.store.active_game(CHANNEL) is None
            break
        reloaded = (await service.table(CHANNEL)).state
        assert game.dumps(reloaded) == game.dumps(live)


async def test_refusals_name_the_players_instead_of_seat_placeholders(service, monkeypatch):
    """An engine's refusal may name seats as ``{p0}``; the player reads their names."""
    from tests.support.race import Race

    monkeypatch.setattr(Race, "waiting_message",
                        lambda self, state, seat: f"It is not your turn: waiting for {{p{state['turn']}}}.")
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    other = BOB if actor is ALICE else ALICE
    with pytest.raises(IllegalAction, match=f"^It is not your turn: waiting for {actor.name}.$") as refused:
        await service.act(CHANNEL, other, "add 1")
    assert refused.value.rule == "CORE-TURN"
    assert table.waiting_message(table.seat_of(other.id)) == f"It is not your turn: waiting for {actor.name}."


async def test_the_board_image_shows_the_latest_line_without_discord_markdown(service, monkeypatch):
    import rendering

    drawn = []
    monkeypatch.setattr(rendering, "render", lambda key, view, *, names, highlight, caption, language: drawn.append(highlight) or b"")
    drawing = TableService(service.store, clock=service.clock, seed_source=lambda: 1234, renderer=ThreadRenderer())
    await drawing.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    await drawing.join(CHANNEL, BOB)
    reply = said(await drawing.start(CHANNEL, ALICE))
    assert reply.text.startswith("**Race to Ten** begins")
    assert drawn == [reply.text.split("\n")[0].replace("**", "")]


def move_during_the_next_load(service, monkeypatch, person, notation) -> list[asyncio.Task]:
    """Make ``person``'s move arrive while the service next loads a game by id (a timer pass does);
    the returned list then holds the move's task."""
    real_load, moves = service.store.load_game, []

    async def load_while_a_move_arrives(game_id):
        loaded = await real_load(game_id)
        if not moves:
            moves.append(asyncio.create_task(service.act(CHANNEL, person, notation)))
            await asyncio.wait(moves, timeout=1)  # without the lock, the move completes here
        return loaded

    monkeypatch.setattr(service.store, "load_game", load_while_a_move_arrives)
    return moves


async def test_a_move_made_during_a_reminder_pass_leaves_no_reminder_for_the_mover(service, monkeypatch):
    """The reminder pass and a move take the same channel lock: a move that lands while the pass
    reads the game is applied after it, and its timers are the ones that remain."""
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    service.clock.advance(hours=25)
    moves = move_during_the_next_load(service, monkeypatch, actor, "add 1")
    due = await service.due_reminders()
    await moves[0]
    assert [r.user_ids for r in due] == [[actor.id]], "the pass ran before the move"
    waiting = (await service.table(CHANNEL)).actor_users()
    reminded = {t.user_id for t in await service.store.timers(table.row.id) if t.kind == "reminder"}
    assert reminded == set(waiting) and actor.id not in waiting


async def test_a_damaged_move_is_logged_without_its_contents(service, caplog):
    await started(service, ALICE, BOB)
    table, actor = await current(service)
    await service.act(CHANNEL, actor, "add 2")
    async with service.store._write() as db:
        await db.execute("UPDATE moves SET notation = 'add 7 secret-card' WHERE game_id = ?", (table.row.id,))
    restarted = TableService(service.store, clock=service.clock, renderer=None)  # nothing kept in memory
    with pytest.raises(TableError, match="damaged"):
        await restarted.status(CHANNEL)
    logged = " ".join(record.getMessage() for record in caplog.records)
    assert "cannot be loaded: move" in logged and "secret-card" not in logged


async def test_a_reply_reads_as_discord_text_or_as_plain_text(service):
    """The service writes no markup: mentions, times and emphasis are parts that each adapter
    writes its own way (pings and timestamps on Discord, @names and UTC in a terminal)."""
    from bot.presentation import PlainText

    await started(service, ALICE, BOB)
    _, actor = await current(service)
    reply = await service.status(CHANNEL)
    discord_text = said(reply).text
    terminal = post(PlainText(lambda channel_id: "tavern"), reply).text
    assert f"<@{actor.id}>: Add 1 or 2." in discord_text and "<t:" in discord_text
    assert f"@{actor.name}: Add 1 or 2." in terminal and "2026-01-05 12:00 UTC" in terminal
    assert "<@" not in terminal and "<t:" not in terminal and "**" not in terminal
    lobby = await service.mine(GUILD, ALICE)
    assert "**" in said(lobby).ephemeral and "**" not in post(PlainText(str), lobby).ephemeral
    assert reply.image is None, "a service without a renderer posts no images"


# --------------------------------------------------------------------------- damage, timers, votes
OTHER_CHANNEL = 201


async def two_tables(service):
    """An older table in CHANNEL (alice, bob) and a newer one in OTHER_CHANNEL (alice, carol)."""
    await started(service, ALICE, BOB)
    await service.new_game(GUILD, OTHER_CHANNEL, ALICE, "race", 2)
    await service.join(OTHER_CHANNEL, CAROL)
    await service.start(OTHER_CHANNEL, ALICE)
    return await service.table(CHANNEL), await service.table(OTHER_CHANNEL)


async def damage(service, sql, game_id):
    async with service.store._write() as db:
        await db.execute(sql, (game_id,))


async def test_a_damaged_game_is_skipped_by_reminders_and_mine_and_its_channel_told_once(service, caplog):
    older, healthy = await two_tables(service)
    await service.turn_settings(OTHER_CHANNEL, ALICE, TurnSettings(turn_hours="off"))  # reminders only
    await damage(service, "UPDATE snapshots SET state = '{' WHERE game_id = ?", older.row.id)
    service.clock.advance(days=3)
    first = {r.channel_id: r for r in await service.due_reminders()}
    assert first[OTHER_CHANNEL].user_ids == healthy.actor_users()
    notice = first[CHANNEL]
    assert notice.user_ids == [] and "saved state is damaged" in text(DiscordMarkup(), notice.lines)
    service.clock.advance(days=1)
    assert [r.channel_id for r in await service.due_reminders()] == [OTHER_CHANNEL]
    logged = [record.getMessage() for record in caplog.records if "damaged" in record.getMessage()]
    assert logged and all(f"game {older.row.id}" in message for message in logged)
    mine = said(await service.mine(GUILD, ALICE)).ephemeral
    assert "saved state is damaged" in mine
    assert "Your move:" in mine if ALICE.id in healthy.actor_users() else "waiting on others" in mine


DAMAGE = {
    "an empty snapshot": "UPDATE snapshots SET state = '{}' WHERE game_id = ?",
    "a time that is not a time": "UPDATE games SET updated_at = 'yesterday' WHERE id = ?",
    "a seat past the table": "UPDATE seats SET seat = 7 WHERE game_id = ? AND seat = 1",
    "a garbled timer": "UPDATE timers SET due_at = 'soon' WHERE game_id = ?",
    "text that does not decode": "UPDATE seats SET display_name = CAST(X'FFFE41' AS TEXT) WHERE game_id = ?",
    "an unknown game": "UPDATE games SET game_key = 'chess' WHERE id = ?",
}


@pytest.mark.parametrize("kind", DAMAGE)
async def test_every_kind_of_damage_gets_the_documented_message(service, kind):
    table, actor = await current_after_start(service)
    await damage(service, DAMAGE[kind], table.row.id)
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    for call in (lambda s: s.status(CHANNEL), lambda s: s.act(CHANNEL, actor, "add 1"),
                 lambda s: s.private(CHANNEL, actor), lambda s: s.game(table.row.id),
                 lambda s: s.table(CHANNEL)):
        for tables in (service, restarted):
            with pytest.raises(TableError, match="saved state is damaged"):
                await call(tables)
    await service.mine(GUILD, actor)  # the damaged game is listed or left out, never an error
    service.clock.advance(days=2)
    await service.due_reminders()


async def current_after_start(service):
    await started(service, ALICE, BOB)
    return await current(service)


async def test_a_move_writes_the_next_players_reminder_in_its_own_transaction(service, monkeypatch):
    """A kill between the move and a separate timer write would lose the reminder: there is none."""
    table, actor = await current_after_start(service)

    async def killed(*args, **kwargs):
        raise SystemExit("killed")

    with monkeypatch.context() as kill:
        kill.setattr(service.store, "update_timers", killed)
        await service.act(CHANNEL, actor, "add 1")
    waiting = (await service.table(CHANNEL)).actor_users()
    reminded = {t.user_id for t in await service.store.timers(table.row.id) if t.kind == "reminder"}
    assert reminded == set(waiting) and actor.id not in waiting


async def test_missing_timers_are_rebuilt_from_who_must_act_at_start_up(service):
    table, actor = await current_after_start(service)
    await service.act(CHANNEL, actor, "add 1")
    moved_at = service.clock()
    waiting = (await service.table(CHANNEL)).actor_users()
    await service.store.update_timers(table.row.id, clear=[TimerFilter()])
    service.clock.advance(hours=30)
    restarted = TableService(service.store, clock=service.clock, renderer=None)
    assert await restarted.rebuild_timers() == 1
    timers = [t for t in await service.store.timers(table.row.id) if t.kind == "reminder"]
    assert [(t.user_id, t.due_at) for t in timers] == [(waiting[0], moved_at + timedelta(days=1))]
    assert await restarted.rebuild_timers() == 0
    [reminder] = await restarted.due_reminders()
    assert reminder.user_ids == waiting


async def test_an_abandon_vote_leaves_with_its_seat(service):
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 3)
    await service.join(CHANNEL, BOB)
    await service.abandon(CHANNEL, BOB)
    await service.leave(CHANNEL, BOB)
    await service.join(CHANNEL, CAROL)
    reply = said(await service.abandon(CHANNEL, CAROL))
    assert "(1/2 votes needed)" in reply.text
    assert (await service.table(CHANNEL)).row.status == "lobby"
    await service.join(CHANNEL, BOB)
    reply = said(await service.abandon(CHANNEL, BOB))
    assert "voted: the game is abandoned" in reply.text


async def test_a_cached_state_is_served_only_at_its_version(service):
    """The state of each game is kept in memory by version: a change written by another service
    on the same store (a stale version here) is reloaded, never answered from memory."""
    table, actor = await current_after_start(service)
    other = TableService(service.store, clock=service.clock, renderer=None)
    await other.act(CHANNEL, actor, "add 2")
    fresh = await service.table(CHANNEL)
    assert fresh.row.version == table.row.version + 1
    assert fresh.state == (await other.table(CHANNEL)).state != table.state


async def test_a_seat_taken_by_another_process_a_moment_ago_is_refused_in_one_sentence(service, monkeypatch):
    """With several bot processes on one PostgreSQL database, the last seat can be taken between
    this process reading the table and seating the player: the store refuses (TableFull), and the
    player reads one sentence, not an error id."""
    await service.new_game(GUILD, CHANNEL, ALICE, "race", 2)
    lobby = service._lobby
    before = await lobby.tables.in_channel(CHANNEL)
    await service.store.add_seat(before.row.id, BOB.id, BOB.name, now=service.clock())

    async def as_read_before(channel_id):
        return before

    monkeypatch.setattr(lobby.tables, "in_channel", as_read_before)
    with pytest.raises(TableError, match="^This table is full.$"):
        await service.join(CHANNEL, CAROL)
    with pytest.raises(TableError, match="already have a seat"):
        await lobby.tables.seat(before.row.id, BOB, service.clock())
