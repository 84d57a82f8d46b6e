"""The frozen app's entry script: PyInstaller needs a file to run, and ``tabletop/__main__.py``
uses relative imports, so it cannot be that file itself."""

import sys

from tabletop.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
