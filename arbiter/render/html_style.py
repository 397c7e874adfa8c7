"""The style sheet of the HTML report, inlined in every page so a page needs nothing else.

No web fonts, no images: the felt, the cards and their backs are drawn in CSS alone, so
the page opens the same with no network at all. On a phone (375 px) nothing is wider than
the screen: the drawn table is drawn smaller, the rulings go under their events, and
tables of figures scroll inside their own box. In print, a page with rulings prints only
its sheets, one ruling to an A4 page, for the notice board.
"""

CSS = """
:root { --ink: #1d1d1f; --muted: #5f6368; --paper: #faf8f3; --rule: #d9d4c7; --felt: #1f6b45;
  --felt-edge: #5a3a1a; --red: #b3261e; --gold: #c9a227; --ruling: #2456a6; --irregularity: #b3261e; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
  font: 15px/1.45 "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; }
main { max-width: 1240px; margin: 0 auto; padding: 20px 24px 40px; overflow-wrap: break-word; }
h1 { font-size: 22px; margin: 0 0 4px; overflow-wrap: anywhere; }
h2 { font-size: 19px; margin: 28px 0 8px; border-bottom: 2px solid var(--rule); padding-bottom: 4px; }
h3 { font-size: 16px; margin: 18px 0 6px; }
p { margin: 4px 0; }
.muted { color: var(--muted); }
.badge { display: inline-block; padding: 1px 9px; border-radius: 10px; font-size: 13px; font-weight: bold;
  color: #fff; background: var(--muted); vertical-align: middle; }
.badge.ok { background: #2e7d32; } .badge.irregular { background: var(--irregularity); }
.badge.invalid { background: #6d1b7b; } .badge.ruling { background: var(--ruling); }
.badge.irregularity { background: var(--irregularity); }
.error { border: 2px solid #6d1b7b; background: #f6e8f8; padding: 10px 14px; border-radius: 6px; }
.summary-list { margin: 8px 0 0; padding-left: 20px; }
.summary-list a { color: inherit; }
/* the table: each seat's --x and --y say where it lies from the centre; --rx and --ry are the ring's radii */
.table-wrap { position: relative; height: 430px; margin: 12px auto 8px; max-width: 980px;
  --rx: 43%; --ry: 41%; --seat-scale: 1; --felt-x: 13%; }
.felt { position: absolute; left: var(--felt-x); right: var(--felt-x); top: 16%; bottom: 16%; border-radius: 50%;
  background: radial-gradient(ellipse at center, #2b8a5a 0%, var(--felt) 70%);
  border: 12px solid var(--felt-edge); box-shadow: inset 0 0 30px rgba(0,0,0,.45); }
.centre { position: absolute; left: 50%; top: 50%; transform: translate(-50%, -50%); text-align: center;
  color: #f3efe2; font-size: 14px; width: 40%; }
.centre .pool { font-size: 22px; font-weight: bold; }
.seat { position: absolute; left: calc(50% + var(--x) * var(--rx)); top: calc(50% + var(--y) * var(--ry));
  transform: translate(-50%, -50%) scale(var(--seat-scale)); background: #fff; border: 2px solid var(--rule);
  border-radius: 8px; padding: 4px 7px 5px; min-width: 128px; max-width: 200px; text-align: center;
  box-shadow: 0 1px 4px rgba(0,0,0,.2); }
.seat .name { font-weight: bold; overflow-wrap: anywhere; }
.seat.out { background: #e9e6de; border-style: dashed; }
.seat.out .name { color: var(--muted); }
.seat.winner { border-color: var(--gold); box-shadow: 0 0 0 3px rgba(201,162,39,.45); }
.seat .state { font-size: 12px; color: var(--muted); }
.seat .state b { color: var(--ink); }
.seat .foul { color: var(--red); font-weight: bold; }
.seat .row { white-space: nowrap; margin-top: 2px; }
.seat .row .label { font-size: 11px; color: var(--muted); display: inline-block; width: 36px; text-align: right;
  margin-right: 3px; vertical-align: middle; }
.button { display: inline-block; width: 20px; height: 20px; line-height: 18px; border-radius: 50%;
  background: #fff; border: 2px solid var(--ink); font-size: 11px; font-weight: bold; margin-left: 5px;
  vertical-align: middle; }
/* cards */
.card, .back { display: inline-block; width: 24px; height: 34px; border-radius: 3px; margin: 0 1px;
  vertical-align: middle; border: 1px solid #9a9a9a; font-size: 12px; line-height: 15px; text-align: center;
  background: #fff; font-weight: bold; padding-top: 2px; }
.card small { display: block; font-size: 14px; line-height: 14px; }
.card.red { color: var(--red); }
.card.joker { color: #6d1b7b; }
.back { background: repeating-linear-gradient(45deg, #2456a6 0 3px, #7fa2dc 3px 6px); border-color: #1b3f78; }
.event .card { width: 21px; height: 30px; font-size: 11px; line-height: 13px; }
.event .card small { font-size: 12px; line-height: 12px; }
/* the timeline, with the rulings beside the events */
.timeline { list-style: none; margin: 0; padding: 0; border-top: 1px solid var(--rule); }
.event { display: grid; grid-template-columns: 44px minmax(0, 1.35fr) 64px minmax(0, 1fr); gap: 0 12px;
  border-bottom: 1px solid var(--rule); padding: 3px 0; align-items: start; }
.event .k { color: var(--muted); text-align: right; font-variant-numeric: tabular-nums; }
.event .phase { font-size: 11px; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
.event .note { color: var(--muted); font-style: italic; }
.event .pool { font-size: 13px; color: var(--muted); text-align: right; }
.event.ruled { background: #fff7e6; }
.event.end { font-style: italic; background: #efeadf; }
.event:target { background: #ffeeba; }
.timeline .head { font-weight: bold; font-size: 12px; color: var(--muted); }
.finding { border-left: 5px solid var(--irregularity); background: #fff; padding: 6px 10px; margin: 2px 0 6px;
  border-radius: 0 6px 6px 0; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
.finding.finding-ruling { border-left-color: var(--ruling); }
.finding .id { font-weight: bold; font-size: 16px; margin-right: 6px; }
.finding .title { font-weight: bold; }
.finding ul { margin: 4px 0; padding-left: 18px; }
.finding blockquote { margin: 6px 0 2px; padding: 4px 10px; border-left: 3px solid var(--rule);
  font-family: "DejaVu Serif", Georgia, serif; font-size: 13.5px; color: #333; }
.finding .house { margin: 2px 0; font-weight: bold; color: var(--red); }
/* tables of figures, each in a box that scrolls sideways on its own */
.scroll { max-width: 100%; overflow-x: auto; }
table.figures { border-collapse: collapse; margin: 6px 0; font-variant-numeric: tabular-nums; }
table.figures th, table.figures td { border-bottom: 1px solid var(--rule); padding: 3px 10px; text-align: left;
  white-space: nowrap; }
table.figures th { background: #efeadf; }
table.figures td.num { text-align: right; }
.nets { display: flex; flex-wrap: wrap; gap: 8px; margin: 6px 0; }
.net { border: 1px solid var(--rule); border-radius: 6px; padding: 4px 12px; background: #fff; min-width: 0;
  overflow-wrap: anywhere; }
.net .v { font-weight: bold; margin-left: 6px; }
.net .v.plus { color: #2e7d32; } .net .v.minus { color: var(--red); }
footer { margin-top: 30px; color: var(--muted); font-size: 12px; }
.provenance { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 8px 0; }
.provenance dd { margin: 0; overflow-wrap: anywhere; }
code { overflow-wrap: anywhere; }
table.index td.log, table.index td.laws { white-space: normal; overflow-wrap: anywhere; min-width: 9em; }
/* a phone: the table drawn smaller on a narrower ring; the rulings under their events */
@media (max-width: 760px) {
  main { padding: 12px 12px 32px; }
  .table-wrap { --rx: 38%; --ry: 40%; --seat-scale: .75; --felt-x: 18%; height: 400px; }
  .centre { width: 72%; font-size: 12px; }
  .centre .pool { font-size: 18px; }
  .event { grid-template-columns: 30px minmax(0, 1fr) auto; gap: 0 8px; }
  .event > :nth-child(4) { grid-column: 2 / -1; }
  .timeline .head > :nth-child(4) { display: none; }
  .timeline .head > .k { visibility: hidden; }
}
@media (max-width: 520px) { .table-wrap { --rx: 34%; --ry: 40%; --seat-scale: .6; --felt-x: 20%; height: 420px; } }
@media (max-width: 360px) { .table-wrap { --rx: 33%; --seat-scale: .5; } }
/* print: the sheets, one ruling to an A4 page; a page without rulings prints as shown */
.sheets { display: none; }
@media print {
  @page { size: A4; margin: 14mm 16mm; }
  body { background: #fff; font-size: 11pt; }
  main { max-width: none; padding: 0; }
  * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  .sheeted main > :not(.sheets) { display: none; }
  .sheeted .sheets { display: block; }
  .sheet { break-after: page; break-inside: avoid; }
  .sheet:last-child { break-after: auto; }
  .sheet h2 { margin-top: 6px; }
  .sheet .id { margin-right: 4px; }
  .sheet blockquote { margin: 6px 0; padding: 4px 12px; border-left: 3px solid var(--rule);
    font-family: "DejaVu Serif", Georgia, serif; }
  .sheet .house { font-weight: bold; color: var(--red); }
  .table-wrap, .event, table.figures tr { break-inside: avoid; }
  .scroll { overflow: visible; }
}
"""
