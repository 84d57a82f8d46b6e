"""The packages of the wheel, found rather than listed: every package under rules/ and
tabletop/ (a new game's folders with them), and the repository's top-level assets/ as
tabletop.assets, the folder pyproject.toml maps into the package. Everything else about the
build is in pyproject.toml; a mapped folder is no package that pyproject's own finder can
find, hence this file. Tests stay out of the wheel (MANIFEST.in puts them in the sdist)."""

from setuptools import find_packages, setup

setup(
    packages=[
        *find_packages(include=["rules", "rules.*", "tabletop", "tabletop.*"]),
        "tabletop.assets",
    ]
)
