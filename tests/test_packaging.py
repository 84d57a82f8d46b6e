"""The standalone build and the installable package: resources through
one helper that finds the assets alike in a checkout, an installed wheel and a bundle; a spec
and a pyproject that ship every data file by pattern; one version; what the spec drops never
loaded; the Linux desktop entry; the start-up probe.

The builds themselves (PyInstaller ~10 s, sdist + wheel ~5 s), the frozen ``--selftest`` and
the wheel's ``--selftest`` in a fresh virtual environment run in ``.ci/run``; these are the
fast checks that keep the spec, pyproject.toml and the code in step.
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
import tabletop
from tabletop import fonts, resources, theme

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "build" / "tabletop.spec"
PYPROJECT = ROOT / "pyproject.toml"
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


def pyproject() -> dict:
    import tomllib

    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))


def check_dist_module():  # tools/check_dist.py, what .ci/run checks the built wheel with
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import check_dist
    finally:
        sys.path.remove(str(ROOT / "tools"))
    return check_dist


# ---- resources: one helper, the same from source and frozen ----------------------------


def test_every_font_and_the_theme_are_found_through_the_helper() -> None:
    names = set(fonts.FACES.values())
    for regular, bold in theme.FONT_FILES.values():
        names |= {regular, bold}
    for name in sorted(names):
        assert resources.asset_path("fonts", name).is_file(), name
    assert resources.asset_path("themes", "tabletop.json").is_file()
    assert set(resources.asset_files()) >= {resources.asset_path("fonts", n) for n in names}


def test_in_a_checkout_the_assets_are_the_repositorys_top_level_folder() -> None:
    assert resources.package_folder() == ROOT / "tabletop"
    assert resources.assets_root() == ROOT / "assets"
    assert resources.asset_path("themes", "tabletop.json") == ROOT / "assets/themes/tabletop.json"
    assert resources.install_kind() == "checkout"


def _fake_package(tmp_path: Path, *, inside: bool, beside: bool) -> Path:
    package = tmp_path / "site-packages" / "tabletop"
    package.mkdir(parents=True)
    for folder, wanted in ((package / "assets", inside), (package.parent / "assets", beside)):
        if wanted:
            (folder / "themes").mkdir(parents=True)
            (folder / "themes" / "tabletop.json").write_text("{}", encoding="utf-8")
    return package


@pytest.fixture
def fake_package_folder(monkeypatch: pytest.MonkeyPatch):
    """Point the lookup at another package folder (clearing its cache before and after)."""

    def use(folder: Path) -> None:
        monkeypatch.setattr(resources, "package_folder", lambda: folder)
        resources.assets_root.cache_clear()

    yield use
    resources.assets_root.cache_clear()


def test_an_installed_package_or_a_bundle_finds_the_assets_inside_the_package(
    tmp_path: Path, fake_package_folder
) -> None:
    """A wheel (pyproject maps assets/ to tabletop/assets) and a PyInstaller bundle (the spec
    puts it at tabletop/assets) hold the assets inside the package; they win over a stray
    ``assets/`` beside it (another distribution's, in site-packages)."""
    package = _fake_package(tmp_path, inside=True, beside=True)
    fake_package_folder(package)
    assert resources.assets_root() == package / "assets"
    assert (
        resources.asset_path("fonts", "DejaVuSans.ttf") == package / "assets/fonts/DejaVuSans.ttf"
    )
    assert resources.install_kind() == "installed"  # what --selftest reports


def test_missing_assets_name_every_place_looked_in(tmp_path: Path, fake_package_folder) -> None:
    package = _fake_package(tmp_path, inside=False, beside=False)
    fake_package_folder(package)
    with pytest.raises(FileNotFoundError) as caught:
        resources.assets_root()
    assert str(package / "assets") in str(caught.value)
    assert str(package.parent / "assets") in str(caught.value)


def test_the_package_folder_comes_from_importlib_resources() -> None:
    """One lookup for all three cases: PyInstaller and installed packages answer
    importlib.resources from their own folder, so nothing depends on ``sys._MEIPASS``."""
    from importlib.resources import files

    assert resources.package_folder() == files("tabletop")
    assert "_MEIPASS" not in (ROOT / "tabletop" / "resources.py").read_text(encoding="utf-8")


def test_no_module_finds_files_by_its_own_location() -> None:
    """Paths built from ``__file__`` break in a bundle or an installed package; assets go
    through resources.py, which asks importlib.resources, and rules texts go through
    importlib.resources directly. No module, resources.py included, uses ``__file__``."""
    offenders = [
        str(path.relative_to(ROOT))
        for folder in ("tabletop", "rules")
        for path in (ROOT / folder).rglob("*.py")
        if "__file__" in path.read_text(encoding="utf-8")
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
    assert '(str(ROOT / "assets"), "tabletop/assets")' in spec_text
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
    """The spec takes the version from ``tabletop.__version__``, and so does pip (pyproject
    reads it as a dynamic field); the Windows version resource is built from it."""
    project = pyproject()["project"]
    assert spec_constant("NAME") == project["name"] == "tabletop"
    assert "VERSION = tabletop.__version__" in SPEC.read_text(encoding="utf-8")
    assert re.fullmatch(r"\d+\.\d+\.\d+", tabletop.__version__), tabletop.__version__


# ---- the installable package: one version, the wheel's contents -------------------------


def test_the_version_is_written_once() -> None:
    """``tabletop/__init__.py`` holds the only copy: pyproject reads it, the spec imports it,
    ``tabletop --version`` prints it."""
    config = pyproject()
    assert "version" not in config["project"]
    assert "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "tabletop.__version__"}
    literal = f'"{tabletop.__version__}"'
    candidates = [PYPROJECT, SPEC, *(ROOT / "build").glob("*.py")]
    candidates += [*(ROOT / "tabletop").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]
    holders = [
        path.relative_to(ROOT).as_posix()
        for path in candidates
        if literal in path.read_text(encoding="utf-8")
    ]
    assert holders == ["tabletop/__init__.py"]


def test_version_flag_prints_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    from tabletop.__main__ import parse_args

    with pytest.raises(SystemExit) as done:
        parse_args(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"tabletop {tabletop.__version__}"


def setup_packages() -> tuple[list[str], list[str]]:
    """What setup.py hands setuptools: the include patterns of its package finder and the
    packages it adds by name (read, not run: running it would build)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    call = next(
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "setup"
    )
    (packages,) = [k.value for k in call.keywords if k.arg == "packages"]
    assert isinstance(packages, ast.List)
    finder = packages.elts[0]
    assert isinstance(finder, ast.Starred) and isinstance(finder.value, ast.Call)
    assert getattr(finder.value.func, "id", "") == "find_packages"
    (include,) = [k.value for k in finder.value.keywords if k.arg == "include"]
    named = [ast.literal_eval(e) for e in packages.elts[1:]]
    return ast.literal_eval(include), named


def found_packages(root: Path) -> set[str]:
    from setuptools import find_packages

    include, named = setup_packages()
    return {*find_packages(where=str(root), include=include), *named}


def code_packages(root: Path) -> set[str]:
    return {
        ".".join(init.parent.relative_to(root).parts)
        for folder in ("rules", "tabletop")
        for init in (root / folder).rglob("__init__.py")
    }


def test_the_packages_are_found_and_the_assets_mapped_into_the_package() -> None:
    """setup.py finds the packages (so a new game's folders need no line anywhere) and adds
    the assets folder, which pyproject.toml maps to tabletop/assets; tests stay out. The
    wheel itself is built and checked in .ci/run."""
    setuptools_config = pyproject()["tool"]["setuptools"]
    assert "packages" not in setuptools_config  # found by setup.py, not listed
    found = found_packages(ROOT)
    assert found == code_packages(ROOT) | {"tabletop.assets"}
    assert not [p for p in found if p.split(".")[0] == "tests"]
    assert setuptools_config["package-dir"] == {"tabletop.assets": "assets"}
    assert setuptools_config["package-data"]["tabletop.assets"] == ["**/*"]
    assert setuptools_config["package-data"]["rules"] == ["**/*.md"]
    assert setuptools_config["package-data"]["tabletop.net"] == ["static/*"]
    # The spec puts the assets where the wheel has them, and resources.py looks there first.
    assert resources.assets_candidates()[0] == resources.package_folder() / "assets"


def test_a_new_games_folders_are_found_without_a_line_in_the_build(tmp_path: Path) -> None:
    for folder in ("rules/newgame", "tabletop/games/newgame", "tabletop/games", "tests"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "__init__.py").write_text("", encoding="utf-8")
    for module in ("rules/__init__.py", "tabletop/__init__.py", "rules/other.py"):
        (tmp_path / module).write_text("", encoding="utf-8")
    found = found_packages(tmp_path)
    assert found == code_packages(tmp_path) | {"tabletop.assets"}
    assert {"rules.newgame", "tabletop.games.newgame"} <= found and "tests" not in found


def test_setuptools_builds_outside_build_and_leaves_nothing_tracked() -> None:
    """build/ holds the PyInstaller files: setuptools' own scratch folder (its default is
    build/, which an sdist always leaves out and an in-checkout install litters) is elsewhere,
    and ignored."""
    build_base = pyproject()["tool"]["distutils"]["build"]["build-base"]
    assert build_base.strip("/") not in ("build", "") and not build_base.startswith("build/")
    assert f"/{build_base}/" in (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    manifest = (ROOT / "MANIFEST.in").read_text(encoding="utf-8").splitlines()
    assert "graft tests" in manifest and "graft assets" in manifest


def test_the_wheel_check_knows_every_asset_and_rules_text() -> None:
    """tools/check_dist.py (run on the built wheel in .ci/run) expects what the app reads."""
    check_dist = check_dist_module()
    expected = check_dist.expected_wheel_files()
    for path in resources.asset_files():
        assert "tabletop/assets/" + path.relative_to(ROOT / "assets").as_posix() in expected
    for spec in rules.GAMES.values():
        assert f"rules/{Path(spec.rules_file).as_posix()}" in expected, spec.id
    assert "tabletop/assets/themes/tabletop.json" in expected
    for name in ("phone.html", "phone.js", "phone.css"):
        assert f"tabletop/net/static/{name}" in expected
        assert f"tabletop/net/static/{name}" in check_dist.expected_sdist_files()


def test_the_phone_page_ships_as_package_data_in_the_wheel_and_the_bundle() -> None:
    """The game night's phone page is data of tabletop.net: the wheel carries it (package-data),
    the sdist too (MANIFEST.in) and the PyInstaller spec collects it; the server serves every
    file of it."""
    from tabletop.net.server import STATIC_FILES

    spec_text = SPEC.read_text(encoding="utf-8")
    assert 'collect_data_files("tabletop.net", includes=["static/*"])' in spec_text
    assert "graft tabletop/net/static" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    static = ROOT / "tabletop" / "net" / "static"
    on_disk = {p.name for p in static.iterdir() if p.is_file()}
    assert on_disk == {"phone.html", *STATIC_FILES}


def test_the_wheel_check_refuses_a_wheel_missing_a_font_or_holding_tests() -> None:
    check_dist = check_dist_module()
    good = [*check_dist.expected_wheel_files(), "tabletop/__main__.py", "rules/__init__.py"]
    assert check_dist.wheel_problems(good) == []
    font = next(n for n in good if n.endswith(".ttf"))
    assert check_dist.wheel_problems([n for n in good if n != font]) == [f"wheel lacks {font}"]
    assert check_dist.wheel_problems([*good, "tests/test_cli.py"]) == [
        "wheel holds a test: tests/test_cli.py"
    ]
    sdist = check_dist.expected_sdist_files()
    assert check_dist.sdist_problems(sdist) == []
    assert "tests/test_packaging.py" in sdist
    assert check_dist.sdist_problems([n for n in sdist if not n.startswith("tests/")])


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


def test_the_title_screen_shows_the_version(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The one version is shown in the app too, quietly, on the title screen."""
    from scene_helpers import make_app, pump, use_private_home

    import tabletop
    from tabletop.scenes import title

    use_private_home(tmp_path, monkeypatch)
    drawn: list[str] = []
    real_get_font = title.get_font

    class Recording:
        def __init__(self, font: pygame.font.Font) -> None:
            self.font = font

        def render(self, text: str, *args: object) -> pygame.Surface:
            drawn.append(text)
            return self.font.render(text, *args)

    monkeypatch.setattr(title, "get_font", lambda *a: Recording(real_get_font(*a)))
    app = make_app((1280, 720), "desktop")
    try:
        app.push(title.TitleScene(app))
        pump(app)
    finally:
        app.quit()
    assert f"tabletop {tabletop.__version__}" in drawn
