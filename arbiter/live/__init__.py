"""`arbiter table`: a live session that records a game in the text notation as it is
played, keeps the log safe on disk line by line, and rules the moment a law applies.

- `journal.py`: the log file, appended to durably;
- `position.py`: the log replayed, and who acts next (`next`'s words);
- `words.py`: the words players say (`calls`, `raises 2`), read as the engine has the game;
- `rulings.py`: what changed, in words (rulings with the law's text, games ended);
- `completion.py`: Tab completion of names and event words;
- `session.py`: the session and its commands (the terminal's loop is `arbiter/cli/table.py`'s).
"""
