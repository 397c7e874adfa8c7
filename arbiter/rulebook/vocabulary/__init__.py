"""The vocabulary of the rules' machine form: the contract between `rules/` and the engine.

Each word is declared once, in the module of its kind (`persons`, `numbers`, `facts`,
`functions`, `predicates`, `effects`), with its English phrase and its meaning on a
board (`board.BoardView`); `grammar` holds the rest of the language and the checks that
refuse a rule file using a word not declared. rules/README.md explains it at length.
"""
