"""`arbiter serve`: the table's arbiter as a page that every phone at the table opens.

The same session as `arbiter table` (`arbiter/live/`) keeps the same file; this package
only carries it to the web (an optional extra: `pip install 'arbiter[serve]'`).

- `game.py`: the game file and its session, what the page may ask, the state it draws;
- `app.py`: the Starlette app: the page's files, the state, the live stream, recording;
- `server.py`: uvicorn as it serves the app: connections capped, and timed while they
  owe a request; HTTPS;
- `terminal.py`: what is printed while it serves: names without terminal escapes, log
  lines one at a time and never waited for;
- `page.html`, `page.css`, `page.js`: the page, with nothing fetched from elsewhere.
"""
