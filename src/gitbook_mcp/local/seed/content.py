"""Demo content: page trees that link to each other (some links broken on purpose), files, and
change requests on the handbook. Ids named in the docs and tests are fixed here.

The handbook's published links: ``getting-started/install`` links to the removed page
``guides/old-page`` and ``getting-started/configure`` to the missing file ``spec-sheet.pdf``
(both broken); ``guides/writing`` has an in-app link. Change request #1 (open) rewrites Install
and adds ``getting-started/upgrade``, with new broken links (``verify.md``, ``migration.md``,
``upgrade.png``); #2 (draft) adds a troubleshooting page; #3 polished the introduction and was
merged, so #1 and #2 are outdated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gitbook_mcp.local.seed.ids import SPACES
from gitbook_mcp.local.store.access import Actor

if TYPE_CHECKING:
    from gitbook_mcp.local.store import Store

__all__ = [
    "CR_INSTALL",
    "CR_MERGED",
    "CR_REORGANISE",
    "CR_TROUBLESHOOT",
    "FILE_DIAGRAM",
    "FILE_PRICING",
    "PAGE_API_ERRORS",
    "PAGE_API_OVERVIEW",
    "PAGE_CHANGELOG_2026",
    "PAGE_CONFIGURE",
    "PAGE_FAQ",
    "PAGE_GETTING_STARTED",
    "PAGE_GLOBEX_INTRO",
    "PAGE_GUIDES",
    "PAGE_INSTALL",
    "PAGE_ONCALL",
    "PAGE_PUBLISHING",
    "PAGE_TROUBLESHOOTING",
    "PAGE_UPGRADE",
    "PAGE_WRITING",
    "seed",
]

PAGE_GETTING_STARTED = "pg_getting_started"
PAGE_INSTALL = "pg_install"
PAGE_CONFIGURE = "pg_configure"
PAGE_GUIDES = "pg_guides"
PAGE_WRITING = "pg_writing"
PAGE_PUBLISHING = "pg_publishing"
PAGE_FAQ = "pg_faq"
PAGE_UPGRADE = "pg_upgrade"
"""Added by change request #1 (not published)."""
PAGE_TROUBLESHOOTING = "pg_troubleshooting"
"""Added by change request #2 (not published)."""
PAGE_API_OVERVIEW = "pg_api_overview"
PAGE_API_ERRORS = "pg_api_errors"
PAGE_CHANGELOG_2026 = "pg_changelog_2026"
PAGE_ONCALL = "pg_oncall"
PAGE_GLOBEX_INTRO = "pg_globex_intro"
FILE_DIAGRAM = "fl_diagram"
"""``diagram.png`` (1200x800) in the handbook."""
FILE_PRICING = "fl_pricing"
"""``pricing.pdf`` in the handbook (no page links to it)."""
CR_INSTALL = "cr_install_rewrite"
"""#1 "Rewrite install guide", open, by the editor."""
CR_TROUBLESHOOT = "cr_troubleshooting"
"""#2 "Add troubleshooting", draft, by Dana."""
CR_MERGED = "cr_merged_intro"
"""#3 "Polish the introduction", merged, by the admin."""
CR_REORGANISE = "cr_reorganise_guides"
"""#4 "Reorganise the guides", open, by the editor: moves Writing to the root."""

HANDBOOK = [
    (
        PAGE_GETTING_STARTED,
        None,
        "Getting started",
        "getting-started",
        "## Welcome\n\nStart with [Install](install.md), then [Configure](configure.md).\n\n"
        "## Requirements\n\nYou need a workspace account. See the [FAQ](../faq.md).\n",
    ),
    (
        PAGE_INSTALL,
        PAGE_GETTING_STARTED,
        "Install",
        "install",
        "## Install the CLI\n\nDownload the installer and run it.\n\n"
        "![Architecture](../.gitbook/assets/diagram.png)\n\n"
        "Next: [Configure](configure.md). Old notes moved to [the legacy "
        "guide](../guides/old-page.md).\n",
    ),
    (
        PAGE_CONFIGURE,
        PAGE_GETTING_STARTED,
        "Configure",
        "configure",
        "## Configuration file\n\nEdit `config.yaml`. The [writing guide](../guides/writing.md) "
        "explains style.\n\n"
        "## Environment variables\n\nSet `ACME_TOKEN` before running. See the [spec "
        "sheet](../.gitbook/assets/spec-sheet.pdf).\n",
    ),
    (
        PAGE_GUIDES,
        None,
        "Guides",
        "guides",
        "# Guides\n\n- [Writing](writing.md)\n- [Publishing](publishing.md)\n",
    ),
    (
        PAGE_WRITING,
        PAGE_GUIDES,
        "Writing",
        "writing",
        "## Writing pages\n\nKeep sentences short. Link to [Publishing](publishing.md) when done.\n"
        "\n"
        "## Reviewing\n\nOpen a change request in the "
        "[app](https://app.gitbook.com/o/org_acme/s/spc_handbook).\n",
    ),
    (
        PAGE_PUBLISHING,
        PAGE_GUIDES,
        "Publishing",
        "publishing",
        "## Publishing a site\n\nPublish from the site settings. Read about "
        "[installing](../getting-started/install.md) first.\n"
        "More at [the vendor docs](https://example.com/docs).\n",
    ),
    (
        PAGE_FAQ,
        None,
        "FAQ",
        "faq",
        "# Frequently asked questions\n\n## How do I reset my token?\n\nAsk an admin. See "
        "[Configure](getting-started/configure.md).\n",
    ),
]


INTRO_POLISHED = (
    "## Welcome\n\nNew here? Start with [Install](install.md), then [Configure](configure.md).\n\n"
    "## Requirements\n\nYou need a workspace account. See the [FAQ](../faq.md).\n"
)


# Over 60 lines: the demo's content written out in order (revisions, pages, files, change
# requests); each step uses what the one before created, so it reads best as one sequence.
def seed(store: Store) -> None:
    revisions = store.content.revisions
    handbook = store.change_requests.rows.publish_empty(SPACES["handbook"])
    for page_id, parent, title, slug, markdown in HANDBOOK:
        revisions.add_page(
            handbook, page_id=page_id, parent_id=parent, title=title, slug=slug, markdown=markdown
        )
    revisions.add_file(
        handbook,
        file_id=FILE_DIAGRAM,
        name="diagram.png",
        content_type="image/png",
        size=48213,
        width=1200,
        height=800,
    )
    revisions.add_file(
        handbook,
        file_id=FILE_PRICING,
        name="pricing.pdf",
        content_type="application/pdf",
        size=120340,
    )

    others = {
        "api": [
            (
                PAGE_API_OVERVIEW,
                "Overview",
                "overview",
                "# API overview\n\nAuthenticate with a bearer token. See [Errors](errors.md).\n",
            ),
            (
                PAGE_API_ERRORS,
                "Errors",
                "errors",
                "# Errors\n\nEvery error has a code and a message. Rate limits answer 429.\n",
            ),
        ],
        "changelog": [
            (
                PAGE_CHANGELOG_2026,
                "2026",
                "2026",
                "# 2026\n\n## March\n\nNew search. See [the "
                "API](https://app.gitbook.com/o/org_acme/s/spc_api).\n",
            )
        ],
        "runbooks": [
            (
                PAGE_ONCALL,
                "On-call",
                "on-call",
                "# On-call\n\nPage the incident channel, then restart the worker.\n",
            )
        ],
        "globex": [
            (
                PAGE_GLOBEX_INTRO,
                "Introduction",
                "introduction",
                "# Globex platform\n\nInternal platform notes.\n",
            )
        ],
    }
    revisions.relink(handbook)
    for key, pages in others.items():
        revision = store.change_requests.rows.publish_empty(SPACES[key])
        for page_id, title, slug, markdown in pages:
            revisions.add_page(revision, page_id=page_id, title=title, slug=slug, markdown=markdown)
        revisions.relink(revision)

    cr_revision = _change_request(store, CR_INSTALL, "Rewrite install guide", "open", "usr_editor")
    revisions.set_markdown(
        cr_revision,
        PAGE_INSTALL,
        "## Install the CLI\n\nUse the package manager: `acme install`.\n\n"
        "![Architecture](../.gitbook/assets/diagram.png)\n\n"
        "Then [configure it](configure.md) and [verify the setup](verify.md).\n",
    )
    revisions.add_page(
        cr_revision,
        page_id=PAGE_UPGRADE,
        parent_id=PAGE_GETTING_STARTED,
        title="Upgrade",
        slug="upgrade",
        markdown="## Upgrading\n\nRead [Install](install.md) and the [migration "
        "notes](../guides/migration.md).\n"
        "Screenshots: ![upgrade](../.gitbook/assets/upgrade.png)\n",
    )
    revisions.relink(cr_revision)
    draft_revision = _change_request(
        store, CR_TROUBLESHOOT, "Add troubleshooting", "draft", "usr_dana"
    )
    revisions.add_page(
        draft_revision,
        page_id=PAGE_TROUBLESHOOTING,
        title="Troubleshooting",
        slug="troubleshooting",
        markdown="# Troubleshooting\n\n## The installer stops\n\nRun it again with `--verbose`, "
        "then read [Install](getting-started/install.md) and the [FAQ](faq.md).\n",
    )
    revisions.relink(draft_revision)
    merged_revision = _change_request(
        store, CR_MERGED, "Polish the introduction", "open", "usr_admin"
    )
    revisions.set_markdown(merged_revision, PAGE_GETTING_STARTED, INTRO_POLISHED)
    store.change_requests.rows.merge(CR_MERGED)
    _reorganise(store)


def _reorganise(store: Store) -> None:
    """#4 (open): moves Writing to the root through a content batch, so the links to
    ``guides/writing`` (from Guides and from Configure) break in that change request."""
    _change_request(store, CR_REORGANISE, "Reorganise the guides", "open", "usr_editor")
    move = {"operation": "update_page", "page": PAGE_WRITING, "into": None}
    store.change_requests.batch.apply(
        Actor("usr_editor"), SPACES["handbook"], CR_REORGANISE, [move]
    )


def _change_request(store: Store, cr_id: str, subject: str, status: str, author: str) -> str:
    """A change request on the handbook with a fixed id, and its revision (to fill in)."""
    _, revision = store.change_requests.rows.create(
        SPACES["handbook"],
        subject=subject,
        status=status,
        created_by=author,
        change_request_id=cr_id,
    )
    return revision
