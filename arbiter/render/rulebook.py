"""The whole code of laws as one document (`arbiter rulebook`): Markdown, or one HTML page.

The laws are grouped by Peel's sections (The Deal … Disputes); the rules of Peel's
description (D) and the arbiter's own (A) stand in the section of their topic, each
marked for what it is. Every rule carries its words, corrections, footnote, parameters,
what the arbiter does with it, its interpretations and an example case, so a reader
can learn the laws and see how the arbiter reads them in one place.

The HTML page stands alone: inline CSS, no script, no font or image fetched, and the
only address outside it is the link to Peel's book on Project Gutenberg. Its title comes
first in the page, so that a phone, which shows one column, opens on the title rather
than on ninety-odd entries of contents; a wide screen still draws the contents beside it.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any, Mapping, Sequence

from arbiter.render.lawbook import SOURCE_URL, law_detail, pages_cited
from arbiter.rulebook.house import case_path
from arbiter.rulebook.model import SECTIONS, Rule, Rulebook
from arbiter.words import value_text

SECTION_TITLES = {
    "deal": "The Deal", "ante": "The Ante", "play": "The Play", "jack-pot": "The Jack-pot",
    "draw": "The Draw", "betting": "The Betting", "hands": "The Hands", "disputes": "Disputes",
}
BOOK = "W. H. Peel, Round Games with Cards (London, 1891), chapter \u201cPoker\u201d"


def rule_label(rule: Rule) -> str:
    """How a quotation of the rule is introduced: "Law 13", "D2 (Peel's description, p. 32)"."""
    if rule.authority == "law":
        return f"Law {rule.number}"
    return f"{rule.id} ({authority_words(rule)})"


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def authority_words(rule: Rule) -> str:
    """Whose words these are: Peel's law, Peel's description of the game, the arbiter's, or the club's."""
    where = pages_cited(rule)
    return {"law": f"Peel's law{where}", "description": f"Peel's description of the game{where}",
            "arbiter": "the arbiter's own rule, not Peel's",
            "house": "the club's own rule by law 81, not Peel's"}[rule.authority]


def _example(rule: Rule) -> str | None:
    """The case that best shows the rule: one named after it, else the first it lists."""
    prefix = f"{rule.id[0].lower()}{rule.number:02d}-" if rule.authority == "law" else f"{rule.id.lower()}-"
    named = [stem for stem in rule.cases if stem.startswith(prefix)]
    candidates = named or list(rule.cases)
    return candidates[0] if candidates else None


def rulebook_document(rulebook: Rulebook, case_titles: Mapping[str, str],
                      house_cases: Mapping[str, Sequence[Mapping[str, str]]] | None = None) -> list[dict[str, Any]]:
    """The sections in Peel's order, each with its rules as data both formats render.

    `case_titles` maps a case's name (`l13-foul-hand-lifted`) to its `meta.title`;
    `house_cases` a rule's ID to the cases under a house file that show it (the JSON's).
    """
    sections = []
    for section in SECTIONS:
        rules = [r for r in rulebook.in_order() if r.section == section]
        laws = [r.number for r in rules if r.authority == "law"]
        others = [r.id for r in rules if r.authority != "law"]
        span = (f"Laws {min(laws)}\u2013{max(laws)}" if laws else "") + (
            f", with {', '.join(others)}" if others else "")
        entries = []
        for rule in rules:
            detail = law_detail(rule, rulebook, (house_cases or {}).get(rule.id, ()))
            example = _example(rule)
            entries.append({
                "rule": rule,
                "detail": detail,
                "anchor": rule.id,
                "authority": authority_words(rule),
                "enforced": detail["enforced"],
                "active": detail["active"],
                "parameters": detail["parameters_in_force"],
                "house_notes": detail["house_rules"],
                "does": detail["machine_form_in_words"],
                "example": example and {"name": example, "title": case_titles.get(example, example),
                                        "path": f"cases/{case_path(rule, example)}.json"},
                "other_cases": [c for c in rule.cases if c != example],
            })
        sections.append({"name": section, "anchor": f"section-{section}", "title": SECTION_TITLES[section],
                         "span": span, "rules": entries})
    return sections


def club_rules_words(rulebook: Rulebook) -> str:
    """", and the club's own rules of its house file (H1, H2)", where the house file has any (law 81)."""
    club = [r.id for r in rulebook.in_order() if r.authority == "house"]
    return f", and the club's own rules of its house file ({', '.join(club)})" if club else ""


def _intro(rulebook: Rulebook) -> str:
    count = len(rulebook.rules)
    laws = sum(r.authority == "law" for r in rulebook.rules.values())
    return (f"The {laws} laws of Draw Poker from {BOOK}, with the rules the arbiter takes from Peel's own "
            f"description of the game (D) and its own rules where Peel says nothing (A)"
            f"{club_rules_words(rulebook)}: {count} in all. "
            "Each gives the words, what the arbiter does with them, the readings it adopts where the "
            "words leave a point open, and a hand log that shows the rule at work.")


def render_rulebook_json(rulebook: Rulebook, case_titles: Mapping[str, str],
                         house_cases: Mapping[str, Sequence[Mapping[str, str]]] | None = None) -> str:
    """The same document as data: each section with its rules as `arbiter law ID --format json` gives
    them, plus the anchor, whose words they are, and the example case."""
    sections = rulebook_document(rulebook, case_titles, house_cases)
    return json.dumps([
        {"section": s["name"], "title": s["title"], "span": s["span"], "anchor": s["anchor"],
         "rules": [{**e["detail"], "anchor": e["anchor"], "authority_words": e["authority"],
                    "example": e["example"], "other_cases": e["other_cases"]} for e in s["rules"]]}
        for s in sections
    ], indent=2, ensure_ascii=False) + "\n"


# --- Markdown ----------------------------------------------------------------------------
def render_rulebook_markdown(rulebook: Rulebook, case_titles: Mapping[str, str], links_from: str = "") -> str:
    """The rule book as Markdown; `links_from`: the way from the folder the page is read in
    to the one that holds `cases/` (`../` for docs/rulebook.md), that its case links open."""
    sections = rulebook_document(rulebook, case_titles)
    lines = ["# The laws of Draw Poker", "", _intro(rulebook), "", f"Source: [{BOOK}]({SOURCE_URL}).", ""]
    lines += _markdown_house(rulebook)
    lines += ["## Contents", ""]
    for section in sections:
        links = " \u00b7 ".join(f"[{e['rule'].id}](#{e['anchor']})" for e in section["rules"])
        lines.append(f"- [{section['title']}](#{section['anchor']}): {links}")
    for section in sections:
        lines += ["", f'<a id="{section["anchor"]}"></a>', "", f"## {section['title']}", "", f"*{section['span']}*"]
        for entry in section["rules"]:
            for block in _markdown_rule(entry, links_from):
                lines += ["", block]
    return "\n".join(lines) + "\n"


def _markdown_house(rulebook: Rulebook) -> list[str]:
    if not rulebook.house:
        return []
    return [f"House rules in force: **{rulebook.house['name']}**; parameters and rules below are as it sets "
            "them.", ""]


def _markdown_rule(entry: Mapping[str, Any], links_from: str) -> list[str]:
    """One rule as Markdown blocks (the caller puts a blank line between blocks)."""
    rule: Rule = entry["rule"]
    status = "" if entry["active"] else " Switched off by the house rules."
    blocks = [f'<a id="{entry["anchor"]}"></a>', f"### {rule.id}. {rule.title}",
              f"*{_capital(entry['authority'])}. Enforced: {entry['enforced']}.*{status}",
              "> " + " ".join(rule.text.split())]
    blocks += [f"**{note}**" for note in entry["house_notes"]]
    blocks += [f"Corrected misprint: printed \u201c{c['printed']}\u201d, read \u201c{c['reading']}\u201d."
               for c in rule.corrections]
    if rule.footnote:
        blocks.append(f"Peel's footnote: \u201c{' '.join(rule.footnote.split())}\u201d")
    if rule.not_shown_because:
        blocks.append(f"Why no log can show it: {' '.join(rule.not_shown_because.split())}")
    if rule.stays_on_because:
        blocks.append(f"Why a house cannot switch it off: {' '.join(rule.stays_on_because.split())}")
    if entry["parameters"]:
        blocks.append("**Parameters:** " + ", ".join(f"`{name}` = `{value_text(value)}`"
                                                     for name, value in entry["parameters"].items()))
    for heading, items in (("What the arbiter does", entry["does"]), ("Interpretations", rule.interpretations)):
        if items:
            blocks.append(f"**{heading}:**\n\n" + "\n".join(f"- {' '.join(item.split())}" for item in items))
    blocks.append(_markdown_example(entry, links_from))
    return blocks


def _no_example(rule: Rule) -> str:
    """Why a rule has no example: no log can show it, or (a club's rule) its house file names no case."""
    return "no hand log can show this rule" if rule.enforced_by == "not_shown" else "its house file names no case"


def _markdown_example(entry: Mapping[str, Any], links_from: str) -> str:
    example = entry["example"]
    if example is None:
        return f"**Example:** none ({_no_example(entry['rule'])})."
    told = f"**Example:** *{example['title']}* ([`{example['path']}`]({links_from}{example['path']}))"
    others = entry["other_cases"]
    return told + (f"; also shown in {len(others)} other case{'s' if len(others) > 1 else ''}: "
                   + ", ".join(f"`{c}`" for c in others) + "." if others else ".")


# --- HTML --------------------------------------------------------------------------------
CSS = """
:root { --ink: #1d1b16; --muted: #6b6455; --rule: #d9d2c3; --paper: #fdfbf6; --accent: #7a2e1f; }
* { box-sizing: border-box; }
body { margin: 0; background: var(--paper); color: var(--ink);
       font: 17px/1.6 Georgia, "Iowan Old Style", "Palatino Linotype", Palatino, serif; }
.page { display: grid; grid-template-columns: 17rem minmax(0, 46rem); grid-template-areas: "nav header" "nav main";
        column-gap: 3rem; max-width: 68rem; margin: 0 auto; padding: 2rem 1.5rem 4rem; }
.page > header { grid-area: header; }
.page > main { grid-area: main; }
nav { grid-area: nav; position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto;
      padding: 1rem 0; font-size: 0.85rem; line-height: 1.45; }
nav ol { list-style: none; padding-left: 0; margin: 0.2rem 0 0.8rem; }
nav ol ol { padding-left: 0.9rem; }
nav a { color: var(--ink); text-decoration: none; }
nav a:hover, nav a:focus { color: var(--accent); text-decoration: underline; }
nav .section-link { font-weight: bold; }
h1 { font-size: 2.1rem; line-height: 1.2; margin: 0 0 0.5rem; overflow-wrap: anywhere; }
h2 { font-size: 1.5rem; margin: 3rem 0 0.2rem; border-bottom: 2px solid var(--ink); }
h3 { font-size: 1.15rem; margin: 2.4rem 0 0.3rem; }
h3 .id { color: var(--accent); margin-right: 0.4rem; }
h4 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--muted);
     margin: 1rem 0 0.2rem; }
.span, .meta { color: var(--muted); font-style: italic; margin: 0.2rem 0; }
.off, .house { color: var(--accent); font-style: normal; font-weight: bold; }
blockquote { margin: 0.6rem 0; padding: 0.4rem 1rem; border-left: 3px solid var(--accent);
             background: #f6f1e6; font-size: 1.05rem; }
article { border-bottom: 1px solid var(--rule); padding-bottom: 1rem; }
article.arbiter { background: #f3f4f6; padding: 0 1rem 1rem; border-radius: 4px; }
ul { padding-left: 1.2rem; margin: 0.2rem 0; }
li { margin: 0.25rem 0; }
code { font: 0.85em/1.4 "DejaVu Sans Mono", Menlo, Consolas, monospace; background: #efe9dc;
       padding: 0 0.2em; border-radius: 3px; overflow-wrap: anywhere; }
.note { font-size: 0.95rem; }
a { color: var(--accent); }
/* a narrow screen: the title first, then the contents as rows of IDs (each with its title to hover), then the laws */
@media (max-width: 60rem) {
  .page { grid-template-columns: minmax(0, 1fr); grid-template-areas: "header" "nav" "main";
          padding: 1rem 0.8rem 3rem; }
  nav { position: static; max-height: none; border-bottom: 1px solid var(--rule); }
  nav ol ol { padding-left: 0; }
  nav ol ol li { display: inline-block; margin: 0 0.5rem 0 0; }
  nav ol ol .title { display: none; }
  nav ol ol a { display: inline-block; min-width: 2.75rem; min-height: 2.75rem; line-height: 2.75rem; }
}
@media print { nav { display: none; } .page { display: block; } }
"""


def _h(text: str) -> str:
    """Escaped text, with `code` spans as <code>: the rule files write names that way."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(" ".join(text.split())))


def render_rulebook_html(rulebook: Rulebook, case_titles: Mapping[str, str]) -> str:
    sections = rulebook_document(rulebook, case_titles)
    toc = []
    for section in sections:
        items = "".join(f'<li><a href="#{e["anchor"]}" title="{html.escape(e["rule"].title)}">{e["rule"].id}'
                        f'<span class="title"> {html.escape(e["rule"].title)}</span></a></li>'
                        for e in section["rules"])
        toc.append(f'<li><a class="section-link" href="#{section["anchor"]}">{html.escape(section["title"])}</a>'
                   f"<ol>{items}</ol></li>")
    body = []
    for section in sections:
        body.append(f'<section id="{section["anchor"]}"><h2>{html.escape(section["title"])}</h2>'
                    f'<p class="span">{html.escape(section["span"])}</p>')
        body += [_html_rule(entry) for entry in section["rules"]]
        body.append("</section>")
    house = (f'<p class="note">House rules in force: <strong>{html.escape(rulebook.house["name"])}</strong>; '
             "parameters and rules below are as it sets them.</p>") if rulebook.house else ""
    return "\n".join([
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>The laws of Draw Poker (Peel, 1891)</title>",
        f"<style>{CSS}</style></head>",
        '<body><div class="page">',
        "<header><h1>The laws of Draw Poker</h1>",
        f'<p>{html.escape(_intro(rulebook))}</p><p class="note">Source: <a href="{SOURCE_URL}">'
        f"{html.escape(BOOK)}</a> (Project Gutenberg).</p>{house}</header>",
        f'<nav aria-label="Contents"><strong>Contents</strong><ol>{"".join(toc)}</ol></nav>',
        "<main>",
        *body,
        "</main></div></body></html>",
    ]) + "\n"


def _html_rule(entry: Mapping[str, Any]) -> str:
    rule: Rule = entry["rule"]
    off = "" if entry["active"] else ' <span class="off">Switched off by the house rules.</span>'
    parts = [f'<article id="{entry["anchor"]}" class="{rule.authority}">',
             f'<h3><span class="id">{rule.id}</span>{html.escape(rule.title)}</h3>',
             f'<p class="meta">{html.escape(_capital(entry["authority"]))}. Enforced: {html.escape(entry["enforced"])}.'
             f"{off}</p>",
             f"<blockquote>{_h(rule.text)}</blockquote>"]
    parts += [f'<p class="house">{html.escape(note)}</p>' for note in entry["house_notes"]]
    parts += [f'<p class="note">Corrected misprint: printed \u201c{html.escape(c["printed"])}\u201d, read '
              f'\u201c{html.escape(c["reading"])}\u201d.</p>' for c in rule.corrections]
    if rule.footnote:
        parts.append(f'<p class="note">Peel\'s footnote: \u201c{_h(rule.footnote)}\u201d</p>')
    if rule.not_shown_because:
        parts.append(f'<p class="note">Why no log can show it: {_h(rule.not_shown_because)}</p>')
    if rule.stays_on_because:
        parts.append(f'<p class="note">Why a house cannot switch it off: {_h(rule.stays_on_because)}</p>')
    if entry["parameters"]:
        parts.append("<h4>Parameters</h4><ul>" + "".join(
            f"<li><code>{html.escape(name)}</code> = <code>{html.escape(value_text(value))}</code></li>"
            for name, value in entry["parameters"].items()) + "</ul>")
    for heading, items in (("What the arbiter does", entry["does"]), ("Interpretations", rule.interpretations)):
        if items:
            parts.append(f"<h4>{heading}</h4><ul>" + "".join(f"<li>{_h(item)}</li>" for item in items) + "</ul>")
    parts.append(f"<h4>Example</h4><p>{_html_example(entry)}</p></article>")
    return "\n".join(parts)


def _html_example(entry: Mapping[str, Any]) -> str:
    example = entry["example"]
    if example is None:
        return f"None: {_no_example(entry['rule'])}."
    told = f"<cite>{html.escape(example['title'])}</cite> (<code>{html.escape(example['path'])}</code>)"
    others = entry["other_cases"]
    if others:
        told += (f"; also shown in {len(others)} other case{'s' if len(others) > 1 else ''}: "
                 + ", ".join(f"<code>{html.escape(c)}</code>" for c in others))
    return told + "."
