"""A tiny game kept in the tests as a worked example of adding a game (docs/adding-a-game.md).

``rules_highcard.py`` is its rules side (what would be ``rules/highcard.py``), ``highcard.md``
its in-app rules text and ``app/highcard/`` its app side (what would be
``tabletop/games/highcard/``). It is never registered for the app: tests/test_example_game.py
registers it only for the length of a test.
"""
