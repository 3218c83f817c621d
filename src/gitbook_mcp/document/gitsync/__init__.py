"""A Git Sync repository on disk, read as GitBook reads it: below both the local workspace's
import and the link check of a folder, so that both see the same pages (it imports neither)."""

from gitbook_mcp.document.gitsync.config import GitSyncConfig, Redirect, parse_config
from gitbook_mcp.document.gitsync.files import Asset, Doc, Folder, FolderError, FolderReader
from gitbook_mcp.document.gitsync.layout import RepoPage, Titled, page_slug, titled
from gitbook_mcp.document.gitsync.names import SEGMENT_CHARACTERS, file_segment
from gitbook_mcp.document.gitsync.repository import (
    Repository,
    Skipped,
    is_git_sync,
    read_repository,
)
from gitbook_mcp.document.gitsync.summary import SummaryEntry, parse_summary

__all__ = [
    "SEGMENT_CHARACTERS",
    "Asset",
    "Doc",
    "Folder",
    "FolderError",
    "FolderReader",
    "GitSyncConfig",
    "Redirect",
    "RepoPage",
    "Repository",
    "Skipped",
    "SummaryEntry",
    "Titled",
    "file_segment",
    "is_git_sync",
    "page_slug",
    "parse_config",
    "parse_summary",
    "read_repository",
    "titled",
]
