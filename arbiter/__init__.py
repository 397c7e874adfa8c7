"""arbiter: settles disputes at the Draw Poker table by W. H. Peel's laws (1891)."""

__version__ = "0.1.0"
