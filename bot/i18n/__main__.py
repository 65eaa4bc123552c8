"""``python -m bot.i18n update|compile|check``: keep the translation catalogues (needs Babel:
``pip install -e ".[translate]"``)."""

from __future__ import annotations

import sys

from i18n import LANGUAGES, TERM_CONTEXT
from .catalogues import compile_all, problems, update

USAGE = """usage: python -m bot.i18n COMMAND
  update   extract every English string and merge new ones into i18n/locale/*/bottega.po
  compile  compile the .po files into the .mo files the bot loads
  check    list untranslated, fuzzy or mismatched strings (exit status 1 if any)
  fonts [ROOT]  rebuild the fonts shipped in rendering/fonts/ (after the catalogues change) from
           Debian's fonts-dejavu-core and fonts-noto-cjk, installed or unpacked under ROOT
           (`apt-get download fonts-noto-cjk && dpkg-deb -x fonts-noto-cjk_*.deb ROOT`)"""


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command == "check":
        listed = [problem for language in LANGUAGES[1:] for context in (None, TERM_CONTEXT)
                  for problem in problems(language, context=context)]
        print("\n".join(listed) or "every string is translated")
        return 1 if listed else 0
    elif command == "fonts":
        from .fonts import SOURCES, build

        root = argv[1].rstrip("/") if len(argv) > 1 else ""
        for name, codes in build({name: root + path for name, path in SOURCES.items()}).items():
            print(f"{name}: {len(codes)} characters")
    else:
        print(USAGE, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
