"""Check the sdist and wheel that ``python -m build`` made: ``python tools/check_dist.py DIST``.

DIST must hold exactly one ``tabletop-*.whl`` and one ``tabletop-*.tar.gz`` of the version in
``tabletop/__init__.py``. The wheel must carry every file under ``assets/`` (the fonts, the
theme, the icon) as ``tabletop/assets/…``, every rules text and the game night's phone page
(``tabletop/net/static/``), and no tests; the sdist must carry the tests, the assets, the rules
texts and the phone page. Expected files are read from this checkout, so
a new font, asset or game is checked without a change here. Exits 1 with one line per problem.
"""

from __future__ import annotations

import sys
import tarfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def expected_wheel_files(root: Path = ROOT) -> list[str]:
    """Paths the wheel must hold: each asset under ``tabletop/assets/``, each rules text."""
    assets = root / "assets"
    names = [
        "tabletop/assets/" + p.relative_to(assets).as_posix()
        for p in assets.rglob("*")
        if p.is_file()
    ]
    names += [p.relative_to(root).as_posix() for p in (root / "rules").rglob("*.md")]
    names += phone_page_files(root)
    return sorted(names)


def phone_page_files(root: Path = ROOT) -> list[str]:
    """The game night's phone page: ``tabletop/net/static/*`` (HTML, CSS, JavaScript)."""
    static = root / "tabletop" / "net" / "static"
    return sorted(p.relative_to(root).as_posix() for p in static.glob("*") if p.is_file())


def expected_sdist_files(root: Path = ROOT) -> list[str]:
    """Paths (below the sdist's top folder) the sdist must hold: tests, assets, rules texts."""
    names = [p.relative_to(root).as_posix() for p in (root / "tests").glob("*.py")]
    names += [p.relative_to(root).as_posix() for p in (root / "assets").rglob("*") if p.is_file()]
    names += [p.relative_to(root).as_posix() for p in (root / "rules").rglob("*.md")]
    names += phone_page_files(root)
    return sorted(names)


def wheel_problems(names: list[str], root: Path = ROOT) -> list[str]:
    """What is wrong with a wheel holding ``names``."""
    have = set(names)
    problems = [f"wheel lacks {n}" for n in expected_wheel_files(root) if n not in have]
    for required in ("tabletop/assets/themes/tabletop.json", "tabletop/__main__.py"):
        if required not in have:
            problems.append(f"wheel lacks {required}")
    if not any(n.startswith("tabletop/assets/fonts/") and n.endswith(".ttf") for n in have):
        problems.append("wheel holds no font")
    if not any(n.startswith("rules/") and n.endswith(".md") for n in have):
        problems.append("wheel holds no rules text")
    problems += [f"wheel holds a test: {n}" for n in sorted(have) if n.split("/")[0] == "tests"]
    problems += [
        f"wheel holds a top-level assets file: {n}" for n in sorted(have) if n.startswith("assets/")
    ]
    return problems


def sdist_problems(names: list[str], root: Path = ROOT) -> list[str]:
    """What is wrong with an sdist holding ``names`` (paths below its top folder)."""
    have = set(names)
    problems = [f"sdist lacks {n}" for n in expected_sdist_files(root) if n not in have]
    if not any(n.startswith("tests/test_") for n in have):
        problems.append("sdist holds no tests")
    return problems


def check(dist: Path, version: str) -> list[str]:
    wheels = sorted(dist.glob("tabletop-*.whl"))
    sdists = sorted(dist.glob("tabletop-*.tar.gz"))
    if len(wheels) != 1 or len(sdists) != 1:
        return [f"{dist} must hold one wheel and one sdist, not {wheels + sdists}"]
    problems = []
    if not wheels[0].name.startswith(f"tabletop-{version}-"):
        problems.append(f"{wheels[0].name} is not version {version}")
    if sdists[0].name != f"tabletop-{version}.tar.gz":
        problems.append(f"{sdists[0].name} is not version {version}")
    with zipfile.ZipFile(wheels[0]) as wheel:
        problems += wheel_problems(wheel.namelist())
    with tarfile.open(sdists[0]) as sdist:
        names = [n.split("/", 1)[1] for n in sdist.getnames() if "/" in n]
    problems += sdist_problems(names)
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(__doc__.splitlines()[0], file=sys.stderr)
        return 2
    sys.path.insert(0, str(ROOT))
    import tabletop

    problems = check(Path(args[0]), tabletop.__version__)
    for problem in problems:
        print(f"check_dist: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check_dist: the wheel and sdist of tabletop {tabletop.__version__} hold what they must")
    return 0


if __name__ == "__main__":
    sys.exit(main())
