"""Run the main menu headless in one language (its own process: the language is chosen once,
before the screens are imported) and print what it shows as JSON: the entries, the footer's
keys, and whether every entry fits on one line at 80x24."""

from __future__ import annotations

import asyncio
import json
import sys

from tui.base import i18n


async def main(language: str) -> None:
    i18n.use(language)
    from textual.widgets import OptionList

    from tui.app import GamenightApp

    app = GamenightApp(bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        options = app.screen.query_one("#menu-options", OptionList)
        entries = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        keys = [b.binding.description for b in app.screen.active_bindings.values()]
        box = app.screen.query_one("#menu-box").region
        print(
            json.dumps(
                {
                    "entries": entries,
                    "keys": keys,
                    "one_line_each": options.virtual_size.height == options.option_count,
                    "fits": box.right <= 80 and box.bottom <= 24,
                }
            )
        )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1]))
