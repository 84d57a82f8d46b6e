"""One layout per game: where each zone sits for a window size."""
