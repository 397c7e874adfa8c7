"""arbiter's tests: a package, so that `pytest` run from the checkout imports their shared
helpers (`tests.conftest`) as `python -m pytest` does."""
