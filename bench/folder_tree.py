"""A large Git Sync tree built from the two real corpora (``tests/corpora/``), for the folder
check's bench: each corpus copied whole into numbered folders until the tree holds the pages
asked for, so the content mix (tags, HTML, tables, anchors, broken links) is the real one.

Each copy keeps its files under ``copy-NN-<corpus>/`` (its pages' paths renamed by that prefix;
their relative links, written from the page, still lead to the same page of the same copy), and
its ``.gitbook/`` folder (assets, includes) there, so that a checker resolving relative paths on
disk (lychee) finds them; the root's ``.gitbook/assets`` holds every asset's name once, which is
where GitBook looks for them. One root ``SUMMARY.md`` lists every copy's summary, prefixed."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

__all__ = ["CORPORA", "NAMES", "build_tree", "corpus_pages"]

CORPORA = Path(__file__).resolve().parents[1] / "tests" / "corpora"
NAMES = ("cheqd-product-docs", "beefree-sdk-docs")
_LINK = "]("


def corpus_pages(name: str) -> int:
    """Pages a corpus's summary lists (each a page of the check)."""
    text = (CORPORA / name / "SUMMARY.md").read_text(encoding="utf-8")
    return sum(1 for line in text.splitlines() if line.lstrip().startswith("* ["))


def _prefixed_summary(name: str, prefix: str, number: int) -> list[str]:
    """A corpus's summary with every entry's file under ``prefix`` and its groups numbered."""
    out: list[str] = []
    for line in (CORPORA / name / "SUMMARY.md").read_text(encoding="utf-8").splitlines():
        stripped = line.lstrip()
        if stripped.startswith("# "):
            continue  # the one title is the root summary's
        if stripped.startswith("## "):
            out.append(f"## {stripped[3:].split(' <a ', 1)[0]} (copy {number})")
        elif stripped.startswith("* [") and _LINK in line:
            head, _, tail = line.partition(_LINK)
            out.append(f"{head}{_LINK}{prefix}/{tail}")
        else:
            out.append(line)
    return out


def _copy(name: str, into: Path) -> None:
    """The corpus's markdown and ``.gitbook`` folder (hard links: nothing is written to them)."""
    source = CORPORA / name
    for folder, dirs, files in os.walk(source):
        dirs.sort()
        rel = Path(folder).relative_to(source)
        (into / rel).mkdir(parents=True, exist_ok=True)
        for file in files:
            if file.endswith(".md") or rel.parts[:1] == (".gitbook",):
                try:
                    os.link(Path(folder) / file, into / rel / file)
                except OSError:
                    shutil.copyfile(Path(folder) / file, into / rel / file)


def build_tree(root: Path, pages: int) -> int:
    """A tree of at least ``pages`` pages at ``root`` (emptied first); the pages it holds."""
    if root.exists():
        shutil.rmtree(root)
    root.mkdir(parents=True)
    assets = root / ".gitbook" / "assets"
    assets.mkdir(parents=True)
    summary = ["# Table of contents", "", "* [Overview](README.md)", ""]
    readme = ["# Overview", "", "Copies of two real documentation sites.", ""]
    total, number = 1, 0
    while total < pages:
        name = NAMES[number % len(NAMES)]
        number += 1
        prefix = f"copy-{number:02d}-{name}"
        _copy(name, root / prefix)
        for asset in (CORPORA / name / ".gitbook" / "assets").iterdir():
            if not (assets / asset.name).exists():
                os.link(asset, assets / asset.name)
        summary += [*_prefixed_summary(name, prefix, number), ""]
        readme.append(f"* [{name}, copy {number}]({prefix}/README.md)")
        total += corpus_pages(name)
    (root / ".gitbook.yaml").write_text(
        "root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n", encoding="utf-8"
    )
    (root / "SUMMARY.md").write_text("\n".join(summary) + "\n", encoding="utf-8")
    (root / "README.md").write_text("\n".join(readme) + "\n", encoding="utf-8")
    return total
