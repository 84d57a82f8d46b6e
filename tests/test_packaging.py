"""The standalone build (issue #10): resources through one helper, a spec that ships every
data file by pattern, what it drops never loaded, the Linux desktop entry, the start-up probe.

The build itself (PyInstaller, ~10 s) and the frozen ``--selftest`` run in ``.ci/run``; these
are the fast checks that keep the spec and the code in step.
"""

from __future__ import annotations

import ast
import configparser
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import rules
from tabletop import fonts, resources, theme

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "tabletop.spec"
DESKTOP = ROOT / "packaging" / "linux" / "tabletop.desktop"
ICON = ROOT / "assets" / "icons" / "tabletop.png"


def spec_constant(name: str) -> object:
    """A literal assigned at the top of the spec (read, not run: running needs PyInstaller)."""
    for node in ast.parse(SPEC.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == name for t in node.targets
        ):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{name} is not assigned in {SPEC.name}")


# ---- resources: one helper, the same from source and frozen ----------------------------


def test_every_font_and_the_theme_are_found_through_the_helper() -> None:
    names = set(fonts.FACES.values())
    for regular, bold in theme.FONT_FILES.values():
        names |= {regular, bold}
    for name in sorted(names):
        assert resources.asset_path("fonts", name).is_file(), name
    assert resources.asset_path("themes", "tabletop.json").is_file()
    assert set(resources.asset_files()) >= {resources.asset_path("fonts", n) for n in names}


def test_a_frozen_bundle_is_looked_up_where_pyinstaller_unpacked_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    assert resources.app_root() == ROOT
    assert not resources.is_frozen()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert resources.is_frozen()
    assert (
        resources.asset_path("fonts", "DejaVuSans.ttf") == tmp_path / "assets/fonts/DejaVuSans.ttf"
    )


def test_no_module_finds_files_by_its_own_location() -> None:
    """Paths built from ``__file__`` break in a bundle; only resources.py may do it (and does
    so only outside one). Rules texts go through importlib.resources."""
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("tabletop", "rules")
        for path in (ROOT / folder).rglob("*.py")
        if path != ROOT / "tabletop" / "resources.py"
        and "__file__" in path.read_text(encoding="utf-8")
    ]
    assert offenders == []


def test_every_rules_text_loads_and_matches_the_specs_pattern() -> None:
    """The spec collects rules texts by pattern (games arrive as modules or packages)."""
    spec_text = SPEC.read_text(encoding="utf-8")
    assert 'collect_data_files("rules", includes=["**/*.md"])' in spec_text
    for game_id, spec in rules.GAMES.items():
        assert rules.rules_text(game_id).strip(), game_id
        rel = Path(spec.rules_file)
        assert rel.suffix == ".md" and not rel.is_absolute() and ".." not in rel.parts, game_id


def test_the_spec_ships_the_whole_assets_folder_and_every_rules_text() -> None:
    """The spec collects assets/ whole and the rules texts by pattern. That the frozen app
    really finds every one is checked by the built binary's --selftest in .ci/run, which
    reads every rules text and font (PyInstaller itself is not installed for this run)."""
    spec_text = SPEC.read_text(encoding="utf-8")
    assert '(str(ROOT / "assets"), "assets")' in spec_text
    assert "**/*.md" in spec_text
    root = Path(rules.__file__).parent
    for spec in rules.GAMES.values():
        assert (root / spec.rules_file).is_file(), spec.id


# ---- what the spec drops is never loaded -----------------------------------------------


def test_dropped_pygame_gui_fonts_are_not_loaded_by_the_title_screen() -> None:
    """pygame-gui loads its default fonts for the UI's locale at start-up; the spec drops the
    non-Latin ones. Open the real title screen and check none of those was loaded."""
    dropped = spec_constant("UNUSED_DATA")
    assert isinstance(dropped, tuple) and dropped
    from tabletop.app import App
    from tabletop.scenes.title import TitleScene
    from tabletop.storage import Settings

    app = App((1280, 720), settings=Settings(animation_speed=0.0), persist_settings=False)
    try:
        app.push(TitleScene(app))
        for _ in range(3):
            app.step(1 / 60)
        loaded = app.ui.get_theme().get_font_dictionary().loaded_fonts.values()
        used = set()
        for font in loaded:
            location = font.location  # a PackageResource for pygame-gui's own fonts
            if hasattr(location, "package"):
                used.add(f"{location.package.replace('.', '/')}/{location.resource}")
        assert used, "no font loaded: the check would prove nothing"
        assert not [u for u in used if u.startswith(dropped)]
    finally:
        app.quit()


def test_the_spec_keeps_what_pygame_gui_always_loads() -> None:
    dropped = spec_constant("UNUSED_DATA")
    assert isinstance(dropped, tuple)
    for kept in ("NotoSans-Regular.ttf", "FiraCode-Regular.ttf", "default_theme.json"):
        assert not f"pygame_gui/data/{kept}".startswith(dropped), kept


# ---- build script and outputs ----------------------------------------------------------


def test_build_script_writes_under_build_and_outputs_are_untracked() -> None:
    sys.path.insert(0, str(ROOT / "build"))
    try:
        import build as build_script  # build/build.py
    finally:
        sys.path.remove(str(ROOT / "build"))
    command = build_script.pyinstaller_command()
    assert str(SPEC) in command
    assert command[command.index("--distpath") + 1] == str(ROOT / "build" / "dist")
    assert command[command.index("--workpath") + 1] == str(ROOT / "build" / "work")
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert "build/dist/" in ignored and "build/work/" in ignored


def test_the_build_is_named_and_versioned_like_the_package() -> None:
    """The spec takes the version from ``tabletop.__version__``; pip's comes from pyproject."""
    import tomllib

    import tabletop

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert project["version"] == tabletop.__version__
    assert spec_constant("NAME") == project["name"] == "tabletop"
    assert "VERSION = tabletop.__version__" in SPEC.read_text(encoding="utf-8")


# ---- Linux desktop integration ---------------------------------------------------------


def test_desktop_entry_has_what_a_menu_needs() -> None:
    entry = configparser.ConfigParser(interpolation=None)
    entry.optionxform = str  # type: ignore[assignment,method-assign]  (keys are case-sensitive)
    entry.read(DESKTOP, encoding="utf-8")
    fields = entry["Desktop Entry"]
    assert fields["Type"] == "Application"
    assert fields["Name"] == "tabletop"
    assert fields["Exec"] == "tabletop" and fields["Icon"] == "tabletop"
    assert fields["Terminal"] == "false"
    assert "Game" in fields["Categories"].split(";")


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils")
def test_desktop_entry_validates() -> None:
    done = subprocess.run(
        ["desktop-file-validate", str(DESKTOP)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0 and not done.stdout.strip(), done.stdout + done.stderr


def test_icon_is_a_square_png_big_enough_for_a_menu() -> None:
    image = pygame.image.load(str(ICON))
    assert image.get_size() == (256, 256)


# ---- start-up probe (used by tests/benchmarks/bench_startup.py) ------------------------


def test_startup_probe_reports_the_first_title_frame_and_exits() -> None:
    env = {**os.environ, "TABLETOP_STARTUP_PROBE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    match = re.search(r"startup-probe: first frame at (\d+\.\d+) s", done.stdout)
    assert match, done.stdout
