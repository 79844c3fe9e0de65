"""Performance benchmarks: commands that time a piece of the engine and print the figures.

Run one from the repository root, e.g. ``python -m benchmarks.danese_draw``. These are never
timed unit tests: they print numbers for a person to read and compare, and fail nobody's build.
"""
