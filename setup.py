"""The build step pyproject.toml cannot say: compile the gettext catalogs (tui/locale/*.po)
to `.mo` files inside the built package, so an installed Gamenight reads them directly
(a source checkout compiles them in memory instead: tui/base/i18n.py)."""

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for po in Path("tui/locale").glob("*/LC_MESSAGES/*.po"):
            target = Path(self.build_lib) / po.with_suffix(".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            with po.open("rb") as source, target.open("wb") as out:
                write_mo(out, read_po(source))


setup(cmdclass={"build_py": BuildWithCatalogs})
