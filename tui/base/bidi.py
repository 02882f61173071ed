"""Persian in a terminal: terminals lay cells left to right, and most (the tmux, xterm and VTE
family) neither reorder right-to-left text nor join Arabic-script letters. So a Persian line is
shaped (each letter in the form its neighbours call for, arabic-reshaper) and then put in
visual order (the Unicode bidirectional algorithm, python-bidi's `bidi.algorithm`, which also
mirrors brackets; its faster `bidi.get_display` does not) before it reaches the screen:
the terminal then shows, left to right, what a reader of Persian reads right to left. Numbers,
names and tile or card codes written in Latin letters stay left to right inside the line, as
the algorithm keeps them.

A terminal that does its own bidi (mlterm, Konsole with bidi on) would reorder these lines a
second time; the README names the terminals that show Persian properly.
"""

from __future__ import annotations

import unicodedata

RTL = ("R", "AL")  # the bidi classes of Hebrew and Arabic-script letters


def visual(text: str, right_to_left: bool) -> str:
    """`text` as a left-to-right terminal must draw it (unchanged unless `right_to_left`);
    each line is laid out by itself, right-to-left as its base direction."""
    if not right_to_left or not any(unicodedata.bidirectional(ch) in RTL for ch in text):
        return text  # nothing right to left in it (a name, an English text not yet translated)
    import arabic_reshaper
    from bidi.algorithm import get_display  # the implementation that mirrors brackets

    return "\n".join(
        get_display(arabic_reshaper.reshape(line), base_dir="R") for line in text.split("\n")
    )
