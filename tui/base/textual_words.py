"""The descriptions of Textual's own bindings (a list's arrows, a field's editing keys, Tab,
Ctrl+Q), which Textual writes in English, in the catalogs: the help (`?`) lists them in the
reader's language. Each is marked in its own context, since our own keys may use the same
English words for something else (Rummikub's "Select")."""

from __future__ import annotations

from tui.base.i18n import NC_, words_in

TEXTUAL_WORDS = {
    "Quit the app and return to the command prompt.": NC_(
        "a key of Textual's", "Quit the app and return to the command prompt."
    ),
    "Focus Next": NC_("a key of Textual's", "Focus Next"),
    "Focus Previous": NC_("a key of Textual's", "Focus Previous"),
    "Copy selected text": NC_("a key of Textual's", "Copy selected text"),
    "Up": NC_("a key of Textual's", "Up"),
    "Down": NC_("a key of Textual's", "Down"),
    "First": NC_("a key of Textual's", "First"),
    "Last": NC_("a key of Textual's", "Last"),
    "Page Up": NC_("a key of Textual's", "Page Up"),
    "Page Down": NC_("a key of Textual's", "Page Down"),
    "Select": NC_("a key of Textual's", "Select"),
    "Scroll Up": NC_("a key of Textual's", "Scroll Up"),
    "Scroll Down": NC_("a key of Textual's", "Scroll Down"),
    "Scroll Left": NC_("a key of Textual's", "Scroll Left"),
    "Scroll Right": NC_("a key of Textual's", "Scroll Right"),
    "Scroll Home": NC_("a key of Textual's", "Scroll Home"),
    "Scroll End": NC_("a key of Textual's", "Scroll End"),
    "Page Left": NC_("a key of Textual's", "Page Left"),
    "Page Right": NC_("a key of Textual's", "Page Right"),
    "Move cursor left": NC_("a key of Textual's", "Move cursor left"),
    "Move cursor left and select": NC_("a key of Textual's", "Move cursor left and select"),
    "Move cursor left a word": NC_("a key of Textual's", "Move cursor left a word"),
    "Move cursor left a word and select": NC_(
        "a key of Textual's", "Move cursor left a word and select"
    ),
    "Move cursor right or accept the completion suggestion": NC_(
        "a key of Textual's", "Move cursor right or accept the completion suggestion"
    ),
    "Move cursor right and select": NC_("a key of Textual's", "Move cursor right and select"),
    "Move cursor right a word": NC_("a key of Textual's", "Move cursor right a word"),
    "Move cursor right a word and select": NC_(
        "a key of Textual's", "Move cursor right a word and select"
    ),
    "Delete character left": NC_("a key of Textual's", "Delete character left"),
    "Select all": NC_("a key of Textual's", "Select all"),
    "Go to start": NC_("a key of Textual's", "Go to start"),
    "Go to end": NC_("a key of Textual's", "Go to end"),
    "Select line start": NC_("a key of Textual's", "Select line start"),
    "Select line end": NC_("a key of Textual's", "Select line end"),
    "Delete character right": NC_("a key of Textual's", "Delete character right"),
    "Submit": NC_("a key of Textual's", "Submit"),
    "Delete left to start of word": NC_("a key of Textual's", "Delete left to start of word"),
    "Delete all to the left": NC_("a key of Textual's", "Delete all to the left"),
    "Delete right to start of word": NC_("a key of Textual's", "Delete right to start of word"),
    "Delete all to the right": NC_("a key of Textual's", "Delete all to the right"),
    "Cut selected text": NC_("a key of Textual's", "Cut selected text"),
    "Paste text from the clipboard": NC_("a key of Textual's", "Paste text from the clipboard"),
    "Cursor up": NC_("a key of Textual's", "Cursor up"),
    "Cursor down": NC_("a key of Textual's", "Cursor down"),
    "Cursor right": NC_("a key of Textual's", "Cursor right"),
    "Cursor left": NC_("a key of Textual's", "Cursor left"),
    "Page up": NC_("a key of Textual's", "Page up"),
    "Page down": NC_("a key of Textual's", "Page down"),
    "Top": NC_("a key of Textual's", "Top"),
    "Bottom": NC_("a key of Textual's", "Bottom"),
    "Home": NC_("a key of Textual's", "Home"),
    "End": NC_("a key of Textual's", "End"),
    "Press button": NC_("a key of Textual's", "Press button"),
}
"""Textual's English descriptions (`Binding.description` or `tooltip`) -> their marked texts."""


def textual_words(description: str) -> str:
    """A binding's description in the reader's words when it is one of Textual's own; any
    other (ours, already worded) as it is."""
    if description in TEXTUAL_WORDS:
        return words_in("a key of Textual's", TEXTUAL_WORDS[description])
    return description
