"""The link checker fed by a Git Sync folder on disk: ``check-links PATH``, with no API and no token.

The folder is read as the local workspace's import reads it (`gitbook_mcp.document.gitsync`: the same
files, pages, paths and titles), and each page's markdown goes through the checker's markdown
reading (`gitbook_mcp.linkcheck.markdown`, the project's own parser), so the folder checked
directly and the same folder imported and checked over the API give the same findings. Each
finding then points at its file and line in the repository. What only the files can say is
checked too: a ``SUMMARY.md`` entry or a ``.gitbook.yaml`` redirect naming no file.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Iterator
from contextlib import AsyncExitStack
from dataclasses import dataclass, replace
from pathlib import Path

import anyio

from gitbook_mcp.document.gitsync import (
    FolderReader,
    RepoPage,
    Repository,
    Titled,
    read_repository,
    titled,
)
from gitbook_mcp.document.gitsync.config import CONFIG_FILE
from gitbook_mcp.linkcheck.external.checker import ExternalChecker
from gitbook_mcp.linkcheck.folder_scan import BatchScanner
from gitbook_mcp.linkcheck.model import (
    FileNode,
    Finding,
    Link,
    PageBody,
    PageNode,
    Progress,
    RevisionContent,
    ScanResult,
    Target,
)
from gitbook_mcp.linkcheck.scan import LinkScanner

__all__ = [
    "FOLDER_MAX_FILES",
    "FolderCheck",
    "FolderContentReader",
    "check_folder",
    "repository_findings",
]

FOLDER_MAX_FILES = 100_000
"""Files a checked folder may hold: the user's own checkout, sized for a site of many thousand
pages (the import's lower cap guards a server reading what a caller names)."""


class FolderContentReader:
    """`ContentReader` over a repository read into memory: one revision, its pages by file."""

    def __init__(
        self,
        repository: Repository,
        space_id: str,
        skip_file: Callable[[str], bool] | None = None,
    ) -> None:
        """``skip_file``: files whose pages the scan does not read (``--exclude-path``), never
        scanned ahead (a link to one may still ask its anchors: it is scanned then, alone)."""
        self.space_id = space_id
        self.files: dict[str, str] = {}
        """The repository file (from its top) of each page that has one, by page id."""
        self._bodies: dict[str, Titled] = {}
        self._pages = list(self._flatten(repository, repository.pages, None, ""))
        self._assets = [FileNode(id=a.name, name=a.name) for a in repository.assets]
        texts = {page_id: body.body for page_id, body in self._bodies.items()}
        order = [p.id for p in self._pages if p.id in texts]
        if skip_file is not None:
            order = [page_id for page_id in order if not skip_file(page_id)]
        self._scanner = BatchScanner(texts, order)

    def _flatten(
        self, repository: Repository, pages: list[RepoPage], parent: str | None, at: str
    ) -> Iterator[PageNode]:
        for page in pages:
            path = f"{at}/{page.slug}" if at else page.slug
            page_id = repository.file(page.file) if page.file else f"{path}/"
            if page.file is not None and page.text is not None:
                self.files[page_id] = page_id
                self._bodies[page_id] = titled(page.text, page.title)
            yield PageNode(
                id=page_id,
                title=page.title,
                path=path,
                slug=page.slug,
                parent_id=parent,
                readme=page.readme,
            )
            yield from self._flatten(repository, page.pages, page_id, path)

    def file_line(self, page_id: str, line: int | None) -> int | None:
        """The file's line of a line of a page's body (its title heading is not in the body)."""
        body = self._bodies.get(page_id)
        return body.file_line(line) if body is not None and line is not None else line

    async def revision(self, space_id: str, change_request_id: str | None) -> RevisionContent:  # noqa: ARG002 - the ContentReader protocol; a folder has no change requests
        """The folder's pages in tree order and its assets (another space: none)."""
        if space_id != self.space_id:
            raise LookupError(f"a folder check reads no other space ({space_id})")
        return RevisionContent(list(self._pages), list(self._assets))

    async def page(
        self,
        space_id: str,
        change_request_id: str | None,  # noqa: ARG002 - the ContentReader protocol
        page_id: str,
    ) -> PageBody | None:
        """A page's markdown as the import stores it (its title heading left out), and its
        links and anchors, scanned with the next pages in one hop (`BatchScanner`)."""
        body = self._bodies.get(page_id) if space_id == self.space_id else None
        if body is None:
            return PageBody(markdown="") if space_id == self.space_id else None
        scanned = await self._scanner.scan(page_id)
        return PageBody(markdown=body.body, scanned=scanned, size=len(body.body))

    async def space_exists(self, space_id: str) -> bool | None:
        """This folder exists; any other space cannot be told without the API (None)."""
        return True if space_id == self.space_id else None


@dataclass
class FolderCheck:
    """A folder's check: the scan's result (lines are the files'), and each page's file."""

    result: ScanResult
    files: dict[str, str]
    repository: Repository
    name: str
    """The folder's name (the id its pages are checked under, and the reports' label)."""


def _at_file_lines(result: ScanResult, reader: FolderContentReader) -> None:
    """Each finding's line as the file's (the body the checker read lacks the title)."""
    result.findings = [
        replace(f, link=replace(f.link, line=reader.file_line(f.page_id, f.link.line)))
        for f in result.findings
    ]


def _meta_finding(file: str, text: str, target: str, line: int, reason: str) -> Finding:
    link = Link(text, Target("page", page_path=target, raw_kind="url"), "git-sync", line=line)
    return Finding(file, file, posixpath.basename(file), link, reason)


def repository_findings(repository: Repository) -> list[Finding]:
    """A ``SUMMARY.md`` entry or a ``.gitbook.yaml`` redirect naming a file that is not there."""
    files = set(repository.page_files())
    found: list[Finding] = []
    for entry in repository.summary or []:
        if entry.file not in files:
            reason = f"no file {repository.file(entry.file)} in the repository"
            found.append(
                _meta_finding(repository.summary_file, entry.title, entry.file, entry.line, reason)
            )
    config = CONFIG_FILE
    for redirect in repository.config.redirects:
        target = redirect.target
        if target not in files:
            reason = f"the redirect from /{redirect.source} leads to no page ({target})"
            found.append(_meta_finding(config, redirect.source, target, redirect.line, reason))
    return found


def _read(path: Path) -> tuple[Repository, str]:
    """The repository, and its folder's name (what reports call it)."""
    return read_repository(
        path, FolderReader(FOLDER_MAX_FILES)
    ), path.resolve().name or "repository"


async def check_folder(
    path: Path,
    *,
    external: bool = False,
    external_checker: Callable[[], ExternalChecker] = ExternalChecker,
    skip_file: Callable[[str], bool] | None = None,
    progress: Progress | None = None,
) -> FolderCheck:
    """Every link of the Git Sync folder at ``path`` checked (`FolderError`: not readable);
    ``skip_file``: the repository files whose links are not checked (``--exclude-path``)."""
    repository, name = await anyio.to_thread.run_sync(_read, path)
    reader = FolderContentReader(repository, name, skip_file)
    async with AsyncExitStack() as stack:
        checker = None
        if external:
            checker = await stack.enter_async_context(external_checker())
        skip = None
        if skip_file is not None:
            excluded = skip_file

            def skip(page: PageNode) -> bool:
                file = reader.files.get(page.id)
                return file is not None and excluded(file)

        scanner = LinkScanner(reader, external=checker, skip_page=skip, progress=progress)
        result = await scanner.scan(reader.space_id, None)
    _at_file_lines(result, reader)
    meta = repository_findings(repository)
    result.findings = meta + result.findings
    files = dict(reader.files)
    files.update({f.page_id: f.page_id for f in meta})
    return FolderCheck(result, files, repository, name)
