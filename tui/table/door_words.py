"""The doors' own words (a refusal before the game, the browser door's page) in each person's
language, from the TUI's catalogs: `net` has none, so the table hands its doors this
`net.door_access.Wording` when it opens them. A door's program is then started in the person's
language too (`door_command`'s `--lang`)."""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from functools import cache

from tui.base import i18n
from tui.base.bidi import visual


class CatalogWording:
    """The doors' words from the catalogs (tui/locale); the host's language for a person whose
    language is unknown or has none."""

    def language(self, wanted: Sequence[str]) -> str:
        return door_language(wanted) or i18n.current()

    def words(self, language: str, text: str, /, **params: object) -> str:
        translated = _catalog(language).gettext(text)
        return translated.format(**params) if params else translated

    def for_terminal(self, language: str, text: str, /, **params: object) -> str:
        return visual(self.words(language, text, **params), self.right_to_left(language))

    def right_to_left(self, language: str) -> bool:
        return language in i18n.RIGHT_TO_LEFT


@cache
def _catalog(language: str) -> gettext.NullTranslations:
    return i18n.load(language)


def door_language(languages: Sequence[str]) -> str | None:
    """The language to start a door's program in: the person's first one there are words for
    (None: the program chooses as on the host, by its settings and locale)."""
    return next((code for code in languages if code in i18n.LANGUAGES), None)
