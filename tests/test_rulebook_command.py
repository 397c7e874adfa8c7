"""`arbiter rulebook`: the whole code of laws, as Markdown and as one self-contained HTML page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest

from arbiter.cli import main
from arbiter.render.lawbook import SOURCE_URL
from arbiter.render.rulebook import rulebook_document
from arbiter.resources import cases_dir
from arbiter.rulebook.loader import load_rulebook
from arbiter.rulebook.model import SECTIONS

VOID = {"meta", "br", "hr", "img", "input", "link", "wbr"}


def run(capsys, *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exited:
        main(["rulebook", *args])
    out, err = capsys.readouterr()
    return exited.value.code, out, err


class Page(HTMLParser):
    """Reads the page: ids, links, every attribute value, the text, and whether the tags nest."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.hrefs: list[str] = []
        self.attribute_values: list[str] = []
        self.tags: list[str] = []
        self.articles: dict[str, str] = {}
        self.open: list[str] = []
        self.errors: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.tags.append(tag)
        self.attribute_values += [v for v in attrs.values() if v]
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "a" and "href" in attrs:
            self.hrefs.append(attrs["href"])
        if tag == "article":
            self.articles[attrs["id"]] = attrs.get("class", "")
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag):
        if not self.open or self.open[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.open[-1] if self.open else None}>")
        else:
            self.open.pop()

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def markdown():
    from arbiter.render.rulebook import render_rulebook_markdown
    from arbiter.rulebook.cases import case_titles
    from arbiter.rulebook.loader import load_rulebook

    book = load_rulebook()
    return render_rulebook_markdown(book, case_titles(book))


@pytest.fixture(scope="module")
def page():
    from arbiter.render.rulebook import render_rulebook_html
    from arbiter.rulebook.cases import case_titles
    from arbiter.rulebook.loader import load_rulebook

    book = load_rulebook()
    html = render_rulebook_html(book, case_titles(book))
    parsed = Page()
    parsed.feed(html)
    parsed.close()
    return html, parsed


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_markdown_is_the_default_and_carries_every_rule_with_its_words(capsys, rulebook, markdown):
    code, out, _ = run(capsys)
    assert code == 0 and out == markdown
    flat = _flat(markdown)
    for rule in rulebook.in_order():
        assert f'<a id="{rule.id}"></a>' in markdown
        assert f"### {rule.id}. {rule.title}" in markdown
        assert _flat(rule.text) in flat
        for interpretation in rule.interpretations:
            assert _flat(interpretation) in flat


def test_markdown_sections_follow_peel_and_d_and_a_rules_stand_with_their_topic(rulebook, markdown):
    headings = [line[3:] for line in markdown.splitlines() if line.startswith("## ") and line != "## Contents"]
    assert headings == ["The Deal", "The Ante", "The Play", "The Jack-pot", "The Draw", "The Betting",
                        "The Hands", "Disputes"]
    positions = {rule.id: markdown.index(f'<a id="{rule.id}"></a>') for rule in rulebook.in_order()}
    starts = [markdown.index(f'<a id="section-{s}"></a>') for s in SECTIONS] + [len(markdown)]
    for rule in rulebook.in_order():
        i = SECTIONS.index(rule.section)
        assert starts[i] < positions[rule.id] < starts[i + 1], f"{rule.id} outside {rule.section}"
    assert "*Peel's description of the game, p. 32. Enforced:" in markdown.split('<a id="D2">')[1]
    assert "*The arbiter's own rule, not Peel's. Enforced:" in markdown.split('<a id="A1">')[1]


def test_markdown_anchors_resolve(markdown):
    anchors = re.findall(r'<a id="([^"]+)"></a>', markdown)
    assert len(anchors) == len(set(anchors))
    links = re.findall(r"\]\(#([^)]+)\)", markdown)
    assert links and set(links) <= set(anchors)


def test_corrections_footnotes_parameters_and_not_shown_reasons(markdown):
    law46 = markdown.split('<a id="L46">')[1].split('<a id="L47">')[0]
    assert "Corrected misprint: printed \u201cIt there be a dispute\u201d, read \u201cIf there be a dispute\u201d." in law46
    law71 = markdown.split('<a id="L71">')[1].split('<a id="L72">')[0]
    assert "Peel's footnote: \u201cThis law, and the others" in law71
    assert '**Parameters:** `ace_in_sequences` = `"low"`' in law71
    law62 = markdown.split('<a id="L62">')[1].split('<a id="L63">')[0]
    assert "Why no log can show it:" in law62 and "**Example:** none" in law62


def test_each_rule_with_cases_names_an_example_case_by_its_title(rulebook, markdown):
    for rule in rulebook.in_order():
        body = markdown.split(f'<a id="{rule.id}"></a>')[1].split('<a id="')[0]
        if not rule.cases:
            assert "**Example:** none" in body
            continue
        (name,) = re.findall(r"\(\[`cases/([^`]+)\.json`\]", body)
        assert name in rule.cases
        case = json.loads((cases_dir() / f"{name}.json").read_text(encoding="utf-8"))
        assert f"**Example:** *{case['meta']['title']}*" in body
    # the example is the case named after the rule where there is one
    assert "cases/l13-foul-hand-lifted.json" in markdown.split('<a id="L13">')[1].split('<a id="L14">')[0]


def test_html_is_one_well_formed_self_contained_page(capsys, page):
    html, parsed = page
    code, out, _ = run(capsys, "--format", "html")
    assert code == 0 and out == html
    assert html.startswith("<!DOCTYPE html>")
    assert not parsed.errors and not parsed.open
    assert {"script", "link", "img", "iframe", "object", "embed"}.isdisjoint(parsed.tags)
    assert "style" in parsed.tags and "@import" not in html and "url(" not in html
    external = [v for v in parsed.attribute_values if "//" in v]
    assert external == [SOURCE_URL]
    assert set(re.findall(r"https?://[^\s\"'<>)]+", html)) == {SOURCE_URL}


def test_html_has_every_rule_as_an_article_and_a_contents_that_resolves(rulebook, page):
    html, parsed = page
    assert len(parsed.ids) == len(set(parsed.ids))
    assert list(parsed.articles) == [r.id for s in SECTIONS for r in rulebook.in_order() if r.section == s]
    assert {parsed.articles[r.id] for r in rulebook.in_order() if r.id.startswith("D")} == {"description"}
    assert {parsed.articles[r.id] for r in rulebook.in_order() if r.id.startswith("A")} == {"arbiter"}
    internal = [h[1:] for h in parsed.hrefs if h.startswith("#")]
    assert set(internal) == set(parsed.ids) - {""}, "every rule and section is in the contents, and resolves"
    text = _flat(" ".join(parsed.text))
    for rule in rulebook.in_order():
        assert _flat(rule.text) in text


def test_house_rules_show_in_the_parameters_and_switched_off_rules(capsys, tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("name: test-house\nparameters: {ace_in_sequences: low_or_high}\ndisable: [L15]\n")
    code, out, _ = run(capsys, "--house", str(house))
    assert code == 0
    assert "House rules in force: **test-house**" in out
    assert '`ace_in_sequences` = `"low_or_high"`' in out.split('<a id="L71">')[1].split('<a id="L72">')[0]
    assert "Switched off by the house rules." in out.split('<a id="L15">')[1].split('<a id="L16">')[0]
    code, out, _ = run(capsys, "--house", "blaze", "--format", "html")
    assert code == 0 and "<strong>blaze</strong>" in out and "&quot;blaze&quot;" in out


def test_output_file(capsys, tmp_path, page):
    target = tmp_path / "laws.html"
    code, out, err = run(capsys, "--format", "html", "-o", str(target))
    assert code == 0 and out == ""
    assert target.read_text(encoding="utf-8") == page[0]
    assert f"wrote {target}" in err


def test_unwritable_output_is_one_line_and_exit_2(capsys, tmp_path):
    code, out, err = run(capsys, "-o", str(tmp_path / "no-such-folder" / "laws.md"))
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_json_is_the_same_document_as_data(capsys, rulebook):
    code, out, _ = run(capsys, "--format", "json")
    assert code == 0
    sections = json.loads(out)
    assert [s["section"] for s in sections] == list(SECTIONS)
    rules = {r["id"]: r for s in sections for r in s["rules"]}
    assert list(rules) == [r.id for s in SECTIONS for r in rulebook.in_order() if r.section == s]
    assert rules["L46"]["corrections"] and rules["L71"]["footnote"]
    assert rules["A3"]["authority_words"] == "the arbiter's own rule, not Peel's"
    assert rules["L13"]["example"]["path"] == "cases/l13-foul-hand-lifted.json"
    assert rules["L62"]["example"] is None


@pytest.mark.parametrize("folder", ["", "docs", "a/b"])
def test_written_markdown_opens_its_cases_from_where_it_is_written(capsys, tmp_path, monkeypatch, folder):
    """The case links of the Markdown written with -o open from the folder it is written
    to (docs/rulebook.md's as `../cases/...`); they were relative to the repository, and
    broken where the page is read."""
    monkeypatch.chdir(tmp_path)
    out = tmp_path / folder / "rulebook.md"
    out.parent.mkdir(parents=True, exist_ok=True)
    assert run(capsys, "-o", str(out))[0] == 0
    links = re.findall(r"\]\(([^)#:]+\.json)\)", out.read_text(encoding="utf-8"))
    assert links and all((out.parent / link).resolve().is_file() for link in links)


def test_each_rules_example_shows_it_at_work_where_a_case_named_after_it_can():
    """The example is the first case named after the rule in its list (rules/): where one of
    those has a finding of the rule, the example does, so that the rule book shows the rule
    at work (L19's was an ante of exactly half the limit, which breaks nothing)."""
    def fires(name: str, rule_id: str) -> bool:
        path = cases_dir() / f"{name}.json"
        expected = json.loads(path.read_text(encoding="utf-8"))["meta"]["expect"] if path.is_file() else {}
        return any(finding["id"] == rule_id for finding in expected.get("findings", ()))

    for section in rulebook_document(load_rulebook(), {}):
        for entry in section["rules"]:
            rule, example = entry["rule"], entry["example"]
            named = [c for c in rule.cases if example and c.split("-")[0] == example["name"].split("-")[0]]
            if any(fires(c, rule.id) for c in named):
                assert fires(example["name"], rule.id), (rule.id, example["name"])


def test_the_json_rule_book_carries_each_rule_as_law_json_does(capsys):
    """docs/laws.md: `--format json` gives each rule "as `arbiter law ID --format json` gives
    them"; `law` named the cases under cases/house/ that show a law (`house_cases`), and the
    rule book's JSON did not."""
    code, out, _ = run(capsys, "--format", "json")
    rules = {rule["id"]: rule for section in json.loads(out) for rule in section["rules"]}
    with pytest.raises(SystemExit):
        main(["law", "L30", "--format", "json"])
    law = json.loads(capsys.readouterr().out)
    assert code == 0 and rules["L30"]["house_cases"] == law["house_cases"] != []
    assert {key: rules["L30"][key] for key in law} == law
