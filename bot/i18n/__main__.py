"""``python -m bot.i18n update|compile|check``: keep the translation catalogues (needs Babel:
``pip install -e ".[translate]"``)."""

from __future__ import annotations

import sys

from . import LANGUAGES
from .catalogues import compile_all, problems, update

USAGE = """usage: python -m bot.i18n COMMAND
  update   extract every English string and merge new ones into bot/i18n/locale/*/bottega.po
  compile  compile the .po files into the .mo files the bot loads
  check    list untranslated, fuzzy or mismatched strings (exit status 1 if any)"""


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        listed = [problem for language in LANGUAGES[1:] for problem in problems(language)]
        print("\n".join(listed) or "every string is translated")
        return 1 if listed else 0
    else:
        print(USAGE, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
