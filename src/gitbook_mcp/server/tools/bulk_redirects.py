"""Toolset ``bulk_redirects`` (opt-in): delete many of a site's redirects in one step, which the
user confirms against the list of what goes (opt-in, so the default tool list stays small)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.redirects import SiteRedirect
from gitbook_mcp.client.resources import SiteRedirects
from gitbook_mcp.server.calls.confirm import Plan, confirm, confirm_field, digest
from gitbook_mcp.server.rendering import REF_MAX_CHARS, UntrustedRef, one_line
from gitbook_mcp.server.tooling import Needs, ToolContext, ToolFailure, write_tool
from gitbook_mcp.server.tools._sites import SITE_ADMIN, SiteArgs
from gitbook_mcp.server.toolsets import BULK_REDIRECTS

__all__: list[str] = []

BULK_MAX = 100
"""Redirects deleted per call: a confirmation a person can still read."""
_SHOWN = 20
"""Redirects named one by one in the confirmation; the rest are counted."""


class DeleteManyArgs(SiteArgs):
    redirect_ids: list[str] = Field(
        min_length=1, max_length=BULK_MAX, description="From list_redirects"
    )
    confirm: str | None = confirm_field()


class DeletedMany(BaseModel):
    deleted: list[UntrustedRef]


def _line(r: SiteRedirect) -> str:
    dest = r.destination.model_dump(exclude_none=True)
    where = " ".join(str(v) for k, v in sorted(dest.items()) if k != "kind")
    return f"{one_line(r.source, max_chars=REF_MAX_CHARS)} -> {dest.get('kind')} {where} [{r.id}]"


async def _chosen(ctx: ToolContext, args: DeleteManyArgs) -> list[SiteRedirect]:
    """The redirects named, in order, or a tool error naming those the site does not have."""
    every = await ctx.client.redirects.list(args.organization_id, args.site_id).to_list()
    by_id = {r.id: r for r in every}
    wanted = list(dict.fromkeys(args.redirect_ids))
    missing = [i for i in wanted if i not in by_id]
    if missing:
        raise ToolFailure(
            f"Not redirects of site {args.site_id}: {', '.join(missing)}. Nothing deleted; "
            "see list_redirects."
        )
    return [by_id[i] for i in wanted]


async def _plan(ctx: ToolContext, args: DeleteManyArgs) -> Plan:
    """What goes, bound to each redirect's source and destination as listed now."""
    lines = [_line(r) for r in await _chosen(ctx, args)]
    more = f"; and {len(lines) - _SHOWN} more" if len(lines) > _SHOWN else ""
    summary = (
        f"Delete {len(lines)} redirect(s) of site {args.site_id}: "
        + "; ".join(lines[:_SHOWN])
        + more
        + "."
    )
    target = (args.organization_id, args.site_id, digest(sorted(args.redirect_ids)))
    return Plan("delete_redirects", target, digest(lines), summary)


@write_tool(
    BULK_REDIRECTS,
    permission=SITE_ADMIN,
    destructive=True,
    needs=Needs(
        (SiteRedirects.list, SiteRedirects.bulk_upsert),
        otherwise=(SiteRedirects.list, SiteRedirects.delete),
    ),
    render=lambda r: (
        f"Deleted {len(r.deleted)} redirect(s):\n" + "\n".join(f"- {x}" for x in r.deleted)
    ),
)
async def delete_redirects(ctx: ToolContext, args: DeleteManyArgs) -> DeletedMany:
    """Delete up to 100 redirects of a site at once, after the user confirms the list."""
    await confirm(ctx, args.confirm, lambda: _plan(ctx, args))
    chosen = await _chosen(ctx, args)
    site = (args.organization_id, args.site_id)
    if ctx.has(SiteRedirects.bulk_upsert):
        # One atomic call: all go, or none.
        gone = [{"source": r.source, "destination": None} for r in chosen]
        await ctx.client.redirects.bulk_upsert(*site, redirects=gone)
    else:
        for r in chosen:
            await ctx.client.redirects.delete(*site, r.id)
    return DeletedMany(deleted=[f"{r.source} [{r.id}]" for r in chosen])
