"""The corpus oracle's own rules, on hand-made snippets (it must be right before it judges)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.oracle import (
    Verdict,
    check_space,
    links_of,
    load_space,
    page_anchors,
    plain_slug,
)


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        # §9's observed derivations, and the issue's all-capital example
        ("Relative links", "relative-links"),
        ("GitBook's global privacy practices", "gitbooks-global-privacy-practices"),
        ("1. Create a new application in Auth0", "id-1.-create-a-new-application-in-auth0"),
        (
            "3. Configure Auth0 for Adaptive content (optional)",
            "id-3.-configure-auth0-for-adaptive-content-optional",
        ),
        ("2. Call atclient_put_public_key", "id-2.-call-atclient_put_public_key"),
        ("Step 2: Create an Issuer DID", "step-2-create-an-issuer-did"),
        ("SSL certificate", "ssl-certificate"),
        ("Café", "café"),
    ],
)
def test_plain_slug(heading: str, anchor: str) -> None:
    assert plain_slug(heading) == anchor


def test_page_anchors_are_headings_custom_ids_tabs_and_summaries() -> None:
    page = "\n".join(
        [
            "---",
            "description: >-",
            "  ## not a heading",
            "---",
            "# The title",
            "",
            "## Install the **agent** `now`",
            "",
            '## Renamed <a href="#old-id" id="old-id"></a>',
            "",
            '{% tabs %}\n{% tab title="macOS" %}\nx\n{% endtab %}\n{% endtabs %}',
            "",
            "<details>\n\n<summary>Trouble shooting</summary>\n\nbody\n\n</details>",
            "",
            "```md\n## In code\n```",
        ]
    )
    anchors = page_anchors(page)
    assert anchors.ids == {"install-the-agent-now", "old-id", "macos", "trouble-shooting"}


def _space(tmp_path: Path, files: dict[str, str], summary: list[str]) -> list[Verdict]:
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    lines = ["# Summary", ""] + [f"* [{p}]({p})" for p in summary]
    (tmp_path / "SUMMARY.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return check_space(load_space(tmp_path))


def _verdicts(verdicts: list[Verdict]) -> dict[str, str]:
    return {v.link.target: v.status for v in verdicts}


def test_paths_resolve_from_the_page_file_readme_included(tmp_path: Path) -> None:
    files = {
        "README.md": "# Home\n",
        "guide/README.md": "# Guide\n\n## Section\n\n[self](./#section) [up](../README.md) [sib](install.md#step)"
        " [dotted](0.1.x.md) [folder](sub/) [gone](sub/missing.md)\n",
        "guide/install.md": "# Install\n\n## Step\n",
        "guide/0.1.x.md": "# Dotted\n",
        "guide/sub/README.md": "# Sub\n",
        "guide/unlisted.md": "# Unlisted\n\n[u](unlisted.md)\n",
    }
    pages = [
        "README.md",
        "guide/README.md",
        "guide/install.md",
        "guide/0.1.x.md",
        "guide/sub/README.md",
    ]
    found = _verdicts(_space(tmp_path, files, pages))
    assert found == {
        "./#section": "ok",
        "../README.md": "ok",
        "install.md#step": "ok",
        "0.1.x.md": "ok",
        "sub/": "ok",
        "sub/missing.md": "broken",
    }


def test_assets_escapes_brackets_spaces_and_percent_decoding(tmp_path: Path) -> None:
    (tmp_path / ".gitbook/assets").mkdir(parents=True)
    for name in ("button_be.png", "shot (1).png", "a b.png"):
        (tmp_path / ".gitbook/assets" / name).write_bytes(b"")
    page = (
        "# P\n\n## Café au lait\n\n![](.gitbook/assets/button\\_be.png) ![](<.gitbook/assets/shot (1).png>)"
        ' ![](.gitbook/assets/a%20b.png) <img src=".gitbook/assets/a b.png"> [c](#caf%C3%A9-au-lait)'
        " [d](#nope) [x](https://example.com) [b](broken-reference) `[code](missing.md)`\n\n"
        '{% content-ref url="missing.md" %}\n[missing.md](missing.md)\n{% endcontent-ref %}\n\n'
        '{% file src=".gitbook/assets/none.pdf" %}\n'
    )
    verdicts = _space(tmp_path, {"README.md": page}, ["README.md"])
    found = [(v.link.target, v.status) for v in verdicts]
    assert found == [
        (".gitbook/assets/button_be.png", "ok"),
        (".gitbook/assets/shot%20(1).png", "ok"),
        (".gitbook/assets/a%20b.png", "ok"),
        (".gitbook/assets/a b.png", "ok"),
        ("#caf%C3%A9-au-lait", "ok"),
        ("#nope", "broken"),
        ("https://example.com", "external"),
        ("broken-reference", "broken"),
        ("missing.md", "broken"),
        (".gitbook/assets/none.pdf", "broken"),
    ]


def test_unknown_parts_of_the_rule_are_unsure(tmp_path: Path) -> None:
    page = (
        "# P\n\n## Step 2: Done.\n\n## Video #3:  Part\n\n## Focus\n\n## Focus\n\n## 3. Go\n\n"
        "[a](#step-2-done) [b](#video-3-part) [c](#focus-1) [d](#3-go) [e](#id-3.-go)\n"
    )
    found = _verdicts(_space(tmp_path, {"README.md": page}, ["README.md"]))
    assert found == {
        "#step-2-done": "unsure",
        "#video-3-part": "unsure",
        "#focus-1": "unsure",
        "#3-go": "broken",  # §9 shows the `id-` prefix and the kept `.`: this is not GitBook's id
        "#id-3.-go": "ok",
    }


def test_links_outside_the_root_and_out_of_summary_pages_are_broken(tmp_path: Path) -> None:
    files = {
        "README.md": "# H\n\n[a](../elsewhere.md) [b](notes.md) [c](notes.md#x)\n",
        "notes.md": "# N\n",
    }
    found = _verdicts(_space(tmp_path, files, ["README.md"]))
    assert found == {"../elsewhere.md": "broken", "notes.md": "broken", "notes.md#x": "broken"}


def test_gitbook_yaml_root_and_structure(tmp_path: Path) -> None:
    (tmp_path / ".gitbook.yaml").write_text(
        "root: ./docs/\nstructure:\n  readme: intro.md\n  summary: toc.md\n"
    )
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/intro.md").write_text("# Intro\n\n[next](next.md) [missing](README.md)\n")
    (tmp_path / "docs/next.md").write_text("# Next\n")
    (tmp_path / "docs/toc.md").write_text("# Summary\n\n* [Intro](intro.md)\n* [Next](next.md)\n")
    space = load_space(tmp_path)
    assert space.pages == {"intro.md", "next.md"}
    assert _verdicts(check_space(space)) == {"next.md": "ok", "README.md": "broken"}


def test_links_of_reads_html_cards_and_tags() -> None:
    page = (
        '<table data-view="cards"><thead><tr><th data-hidden data-card-target data-type="content-ref"></th>'
        '</tr></thead><tbody><tr><td><a href="a.md">a</a></td></tr></tbody></table>\n\n'
        '<figure><img src="x.png" alt=""><figcaption></figcaption></figure>\n\n'
        '{% embed url="https://youtu.be/x" %}\n\n{% include ".gitbook/includes/f.md" %}\n'
    )
    assert [(link.form, link.target) for link in links_of(page, "p.md")] == [
        ("html-href", "a.md"),
        ("html-src", "x.png"),
        ("embed-url", "https://youtu.be/x"),
        ("include-src", ".gitbook/includes/f.md"),
    ]
