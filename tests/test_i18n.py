"""The languages: every message and command string has a Japanese and a Korean translation with
the same placeholders, translation happens by message id, and a missing one falls back to English.

``test_every_string_is_translated`` extracts the strings afresh from the source and the command
tree, so a new English string fails it until ``python -m bot.i18n update`` has merged it and a
translator has filled it in (its message lists each untranslated string).
"""

from __future__ import annotations

import json
import pickle
import re
from datetime import UTC, datetime, timedelta

import pytest
from babel.messages.catalog import Catalog

import games
from i18n import LANGUAGES, catalogue, language_of, translate
from bot.i18n.catalogues import problems, read, template
from bot.table.model import Strong, TableError, line
from bot.table.presence import Absence, Presence, new_absence, time_zone
from bot.table.turns import decode, encode
from games.core import IllegalAction, Message, Name, clone, counted, refuse
from games.core.message import placeholders

TRANSLATED = LANGUAGES[1:]


@pytest.fixture(scope="module")
def wanted() -> Catalog:
    return template()


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_string_is_translated(language, wanted):
    listed = problems(language, {entry.id for entry in wanted if entry.id and not entry.context})
    terms = problems(language, {entry.id for entry in wanted if entry.context}, context="term")
    assert not listed + terms, "run `python -m bot.i18n update`, translate, then compile:\n" + "\n".join(
        listed + terms)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_the_translated_one(language):
    compiled = catalogue(language)
    stale = [entry.id for entry in read(language) if entry.id and entry.string and not entry.context
             and (compiled.gettext(entry.id) != entry.string if isinstance(entry.id, str)
                  else compiled.ngettext(*entry.id, 2) != entry.string[0])]
    assert not stale, "run `python -m bot.i18n compile`: " + ", ".join(map(repr, stale[:5]))


def test_a_missing_or_mismatched_translation_is_listed(tmp_path):
    found = Catalog(locale="ja")
    found.add("You have {count} moves.", "{count}手あります。")
    found.add("Take {card}.", "{cards}を取ります。")
    found.add("Untranslated.", "")
    listed = problems("ja", {"You have {count} moves.", "Take {card}.", "Untranslated.", "Unknown."}, found=found)
    assert listed == [
        "ja: placeholders differ: 'Take {card}.' -> '{cards}を取ります。'",
        "ja: untranslated: 'Unknown.'",
        "ja: untranslated: 'Untranslated.'",
    ]


def test_a_message_is_its_english_text_and_keeps_its_template():
    said = Message("{player} bought {card}.", player="{p1}", card="c19")
    assert said == "{p1} bought c19." and said.template == "{player} bought {card}."
    named = said.with_names(["Ada", "Bea"])
    assert named == "Bea bought c19." and named.params["card"] == "c19"
    assert pickle.loads(pickle.dumps(named)).template == named.template  # states are cloned by pickle
    assert placeholders(said.template) == {"player", "card"}


def test_translation_is_by_message_id_and_falls_back_to_english():
    assert translate(Message("It is not your turn."), "ja") == "あなたの手番ではありません。"
    assert translate(Message("It is not your turn."), "ko") == "당신의 차례가 아닙니다."
    assert translate(Message("A sentence no catalogue has, {n}.", n=3), "ja") == "A sentence no catalogue has, 3."
    assert translate("plain text is shown as it is", "ko") == "plain text is shown as it is"


def test_game_terms_and_amounts_in_parameters_are_translated():
    gained = Message("{player} took {line}: {add_counts}.", player="Ada", line="row-2", add_counts="2 coin, 1 stone")
    assert translate(gained, "ja") == "Ada さんがrow-2を取りました：コイン×2、石×1。"
    assert translate(gained, "ko") == "Ada 님이 row-2을(를) 가져왔습니다: 동전 ×2, 돌 ×1."


def test_an_engine_refusal_keeps_its_rule_id_in_every_language():
    mor = games.get("mor")
    state = mor.setup(2, 7)
    with pytest.raises(IllegalAction) as refused:
        mor.play(state, 0, "market row-1")
    english = refused.value.message
    assert english.endswith(f"({refused.value.rule})")
    for language in TRANSLATED:
        shown = translate(english, language)
        assert refused.value.rule in shown and shown != english
    assert translate(refuse("MOR-BUY-14", "The {deck} deck is empty.", deck="green-1").message, "ja") == (
        "green-1 の山札は空です。（MOR-BUY-14）")


def test_engine_messages_survive_the_state_copy():
    mor = games.get("mor")
    after, events = mor.play(mor.setup(2, 7), 0, mor.notation(mor.legal_actions(mor.setup(2, 7), 0)[0]))
    assert isinstance(events[0]["text"], Message) and clone(after) == after


def test_a_turns_stored_lines_are_still_translated():
    """A calm channel's turn message is edited from the lines kept in the store: they come back
    as messages (template and parameters, nested ones too), not as their English text."""
    vote = Message("{who} ({votes}/{people}) voted: the game is abandoned.",
                   who=Message("A majority of the players"), votes=2, people=3)
    lines = [line(vote), line(Message("{who} abandoned the game. The channel is free for a new table.",
                                      who=Strong("Ada"))), line(Strong("Ada"), " plain")]
    stored = decode(json.loads(json.dumps(encode(lines))))
    assert stored == lines
    for language in TRANSLATED:
        assert [translate(part, language) for each in stored for part in each] == [
            translate(part, language) for each in lines for part in each]
    assert translate(stored[0][0], "ja") == "プレイヤーの過半数（2/3）が投票しました：ゲームは放棄されました。"


def test_the_refusals_of_vacations_and_time_zones_are_translated_with_their_numbers():
    """Refusals built from numbers (how many days are left) are templates, not English f-strings."""
    noon = datetime(2026, 3, 1, 12, tzinfo=UTC)
    been_away = Presence(absences=(Absence(noon - timedelta(days=25), noon - timedelta(days=5)),))
    refusals = []
    for refused in (lambda: new_absence(been_away, noon, 15), lambda: new_absence(Presence(), noon, 40),
                    lambda: time_zone("Mars/Olympus")):
        with pytest.raises(TableError) as caught:
            refused()
        refusals.append(caught.value.message)
    assert refusals[0] == ("You may be away at most 30 days in any 90, and you have been away 20 of them, "
                           "which leaves at most 10 more days now.")
    assert translate(refusals[0], "ja") == (
        "不在にできるのは90日間で最大30日までで、そのうち20日はすでに不在でした。今の残りは最大あと10日です。")
    for language in TRANSLATED:
        for refusal in refusals:
            assert translate(refusal, language) != refusal and not re.search(r"\b(days?|away|zone)\b",
                                                                              translate(refusal, language))


@pytest.mark.parametrize(("locale", "language"), [("ja", "ja"), ("ko", "ko"), ("en-GB", "en"), ("fr", "en")])
def test_discord_locales_choose_a_language(locale, language):
    assert language_of(locale) == language


def test_a_component_name_keeps_its_component_through_a_stored_turn_and_a_pickle():
    named = Message("{p0} took {card}.", card=Name("lim", "some-card", "Some Card"))
    stored = decode(encode([line(named)]))[0][0]
    for kept in (stored.params["card"], pickle.loads(pickle.dumps(named)).params["card"]):
        assert isinstance(kept, Name) and (kept.game, kept.ident, str(kept)) == ("lim", "some-card", "Some Card")
    # a language with no name for it writes the English one
    assert translate(stored, "ja").count("Some Card") == 1


def test_a_hand_made_plural_is_listed():
    found = Catalog(locale="ja")
    found.add("{n} card{s}", "カード{n}枚")
    found.add("{count} {verb} seated", "{count}人")
    found.add("Choose {count} privilege(s).", "特権を{count}つ")
    listed = problems("ja", {"{n} card{s}", "{count} {verb} seated", "Choose {count} privilege(s)."}, found=found)
    flagged = [line for line in listed if "hand-made plural" in line]
    assert len(flagged) == 3 and all(text in "".join(flagged) for text in ("card{s}", "{verb}", "privilege(s)"))


def test_plurals_go_through_ngettext_in_every_language():
    one, three = (counted("{player} scores {gained} victory point for faith.",
                          "{player} scores {gained} victory points for faith.",
                          by="gained", player="Ada", gained=n) for n in (1, 3))
    assert one == "Ada scores 1 victory point for faith."
    assert three == "Ada scores 3 victory points for faith."
    assert translate(one, "ja") == "Ada さんが信仰で勝利ポイントを1得ました。"
    assert translate(three, "ko") == "Ada 님이 신앙으로 승점 3점을 얻었습니다."
    assert translate(counted("{n} game", "{n} games", n=1), "en", render=str) == "1 game"
    named = pickle.loads(pickle.dumps(counted("{p0} has {n} card", "{p0} has {n} cards", n=2).with_names(["Ada"])))
    assert named == "Ada has 2 cards" and named.plural == "{p0} has {n} cards"


def test_the_catalogue_template_has_both_english_forms_of_a_counted_message(wanted):
    plural = {entry.id for entry in wanted if isinstance(entry.id, tuple)}
    assert ("{n} day", "{n} days") in plural and len(plural) >= 21
