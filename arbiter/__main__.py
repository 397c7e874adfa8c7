"""`python -m arbiter` is the `arbiter` command."""

from arbiter.cli import main

main()
