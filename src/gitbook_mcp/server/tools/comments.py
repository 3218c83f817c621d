"""Toolset ``comments``: triage the comments of a space or of a change request.

Resolving, editing and reacting are one API call (PUT), so they are one tool; a body edit is
additionally checked against the comment's own ``edit`` flag before anything is sent. The links
in the comments and replies shown are checked as a page's are (``links``: a page gone is said).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, Field

from gitbook_mcp.client.models.comments import Comment, CommentBody, CommentReply
from gitbook_mcp.server.rendering import (
    UntrustedBody,
    UntrustedLine,
    UntrustedRef,
    quoted,
    untrusted,
)
from gitbook_mcp.server.tooling import (
    Args,
    Permission,
    ToolContext,
    ToolFailure,
    read_tool,
    write_tool,
)
from gitbook_mcp.server.tools._arguments import Cursor, Limit, SpaceId, changed, need
from gitbook_mcp.server.tools._comment_inputs import Reaction, check_filters
from gitbook_mcp.server.tools._comment_links import BodyLinks, check_links, render_links
from gitbook_mcp.server.tools._deleting import Deleted, delete_tool
from gitbook_mcp.server.tools._listing import listing
from gitbook_mcp.server.toolsets import COMMENTS

__all__: list[str] = []

CrId = Field(default=None, description="Change request (omit: the space)")


class CommentView(BaseModel):
    id: str
    author: UntrustedLine
    author_id: str
    posted_at: str
    status: str | None = None
    replies: int = 0
    page: UntrustedRef | None = None
    page_id: str | None = None
    reactions: dict[UntrustedLine, int] = Field(default_factory=dict)
    markdown: UntrustedBody = ""
    links: BodyLinks | None = None
    """Its links checked as a page's (None: it has none, or they could not be checked)."""


class ReplyView(BaseModel):
    id: str
    author: UntrustedLine
    author_id: str
    posted_at: str
    markdown: UntrustedBody = ""
    links: BodyLinks | None = None


def _markdown(body: CommentBody) -> str:
    return untrusted(body.markdown or "")


def _view(comment: Comment) -> CommentView:
    page = comment.target.page
    return CommentView(
        id=comment.id,
        author=comment.postedBy.displayName,
        author_id=comment.postedBy.id,
        posted_at=comment.postedAt,
        status=comment.status,
        replies=comment.replies,
        page=page.path if page is not None else None,
        page_id=page.id if page is not None else None,
        reactions={r.emoji: r.count for r in comment.reactions if r.emoji},
        markdown=_markdown(comment.body),
    )


def _reply_view(reply: CommentReply) -> ReplyView:
    return ReplyView(
        id=reply.id,
        author=reply.postedBy.displayName,
        author_id=reply.postedBy.id,
        posted_at=reply.postedAt,
        markdown=_markdown(reply.body),
    )


def _render_comment(c: CommentView) -> str:
    state = c.status or "open"
    where = f" on {c.page}" if c.page else ""
    if c.page_id:
        where += f" [{c.page_id}]" if c.page else f" on page {c.page_id}"
    reactions = " ".join(f"{k}{v}" for k, v in c.reactions.items())
    head = f"[{c.id}] {c.author} ({c.author_id}), {c.posted_at}, {state}{where}, {c.replies} replies {reactions}".rstrip()
    return head + "\n" + quoted(c.markdown, label=f"Comment by {c.author}") + render_links(c.links)


class ListCommentsArgs(Args):
    space_id: SpaceId
    change_request_id: str | None = CrId
    comment_id: str | None = Field(default=None, description="One thread, with replies")
    reply_id: str | None = Field(default=None, description="With comment_id: one reply")
    status: Literal["open", "resolved", "all"] = Field(default="open")
    page_id: str | None = Field(default=None, description="Page id")
    authors: list[str] | None = Field(default=None, description="Author user ids")
    order: Literal["asc", "desc"] = Field(default="desc")
    cursor: Cursor
    limit: Limit


class CommentList(BaseModel):
    comments: list[CommentView]
    replies: list[ReplyView] | None = None
    next_cursor: str | None = None


def _render_list(r: CommentList) -> str:
    if r.replies and not r.comments:
        x = r.replies[0]
        return (
            f"reply [{x.id}] {x.author} ({x.author_id}), {x.posted_at}\n"
            + quoted(x.markdown, label=f"Reply by {x.author}")
            + render_links(x.links)
        )
    if r.replies is not None and r.comments:
        return _render_thread(CommentWithReplies(comment=r.comments[0], replies=r.replies))
    if not r.comments:
        return "No comments."
    body = "\n\n".join(_render_comment(c) for c in r.comments)
    return body + (f"\n\nMore: pass cursor={r.next_cursor!r}" if r.next_cursor else "")


@read_tool(COMMENTS, render=_render_list)
async def list_comments(ctx: ToolContext, args: ListCommentsArgs) -> CommentList:
    """Comments of a space or change request; or one thread by comment_id."""
    if args.reply_id:
        comment_id = need(args.comment_id, "comment_id", "Reading a reply")
        if args.change_request_id:
            reply = await ctx.client.change_request_comments.get_reply(
                args.space_id, args.change_request_id, comment_id, args.reply_id, format="markdown"
            )
        else:
            reply = await ctx.client.comments.get_reply(
                args.space_id, comment_id, args.reply_id, format="markdown"
            )
        replies = [_reply_view(reply)]
        await check_links(ctx, args.space_id, args.change_request_id, [], replies)
        return CommentList(comments=[], replies=replies)
    if args.comment_id:
        thread = await _thread(ctx, args.space_id, args.change_request_id, args.comment_id)
        comments = [thread.comment]
        await check_links(ctx, args.space_id, args.change_request_id, comments, thread.replies)
        return CommentList(comments=comments, replies=thread.replies)
    options: dict[str, Any] = {"status": args.status, "order": args.order}
    if args.page_id:
        options["target_page"] = args.page_id
    if args.authors:
        options["authors"] = args.authors
    if args.change_request_id:
        page = await ctx.client.change_request_comments.list(
            args.space_id, args.change_request_id, page=args.cursor, limit=args.limit, **options
        )
    else:
        page = await ctx.client.comments.list(
            args.space_id, page=args.cursor, limit=args.limit, **options
        )
    if not page.items and not args.cursor:
        await check_filters(ctx, args.space_id, args.change_request_id, args.page_id, args.authors)
    views = [_view(c) for c in page.items]
    await check_links(ctx, args.space_id, args.change_request_id, views, [])
    return CommentList(comments=views, next_cursor=page.next_cursor)


class CommentersArgs(Args):
    space_id: SpaceId
    change_request_id: str = Field(min_length=1, description="Change request id or number")
    cursor: Cursor
    limit: Limit


class Commenter(BaseModel):
    id: str
    name: UntrustedLine
    role: str | None = None


class CommenterList(BaseModel):
    commenters: list[Commenter]
    next_cursor: str | None = None


@read_tool(
    COMMENTS,
    render=lambda r: listing(
        [f"- {c.name} ({c.role}) [{c.id}]" for c in r.commenters],
        r.next_cursor,
        empty="No commenters.",
    ),
)
async def list_commenters(ctx: ToolContext, args: CommentersArgs) -> CommenterList:
    """Who commented on a change request."""
    page = await ctx.client.change_request_comments.list_commenters(
        args.space_id, args.change_request_id, page=args.cursor, limit=args.limit
    )
    return CommenterList(
        commenters=[Commenter(id=m.id, name=m.user.displayName, role=m.role) for m in page.items],
        next_cursor=page.next_cursor,
    )


class CommentRef(Args):
    space_id: SpaceId
    comment_id: str = Field(min_length=1, description="From list_comments")
    change_request_id: str | None = CrId


class CommentWithReplies(BaseModel):
    comment: CommentView
    replies: list[ReplyView] = Field(default_factory=list)


async def _thread(
    ctx: ToolContext, space_id: str, change_request_id: str | None, comment_id: str
) -> CommentWithReplies:
    if change_request_id:
        comment = await ctx.client.change_request_comments.get(
            space_id, change_request_id, comment_id, format="markdown"
        )
        replies = await ctx.client.change_request_comments.list_replies(
            space_id, change_request_id, comment_id, format="markdown"
        ).to_list(max_items=50)
        return CommentWithReplies(comment=_view(comment), replies=[_reply_view(r) for r in replies])
    comment = await ctx.client.comments.get(space_id, comment_id, format="markdown")
    return CommentWithReplies(comment=_view(comment))


def _render_thread(r: CommentWithReplies) -> str:
    parts = [_render_comment(r.comment)]
    parts += [
        f"  reply [{x.id}] {x.author}, {x.posted_at}\n"
        + quoted(x.markdown, label=f"Reply by {x.author}")
        + render_links(x.links)
        for x in r.replies
    ]
    if r.comment.replies and not r.replies:
        parts.append(
            f"({r.comment.replies} replies; replies of space comments are read one by one)"
        )
    return "\n".join(parts)


class Written(BaseModel):
    """What a comment write returns: the id, and the comment's status after it."""

    id: str
    status: str | None = None


class PostCommentArgs(Args):
    space_id: SpaceId
    markdown: str = Field(min_length=1, max_length=20000, description="Comment text (markdown)")
    change_request_id: str | None = CrId
    page_id: str | None = Field(default=None, description="Page id")


COMMENT = Permission("space", "comment", "space_id")


@write_tool(COMMENTS, permission=COMMENT, render=lambda c: f"Posted comment {c.id}.")
async def post_comment(ctx: ToolContext, args: PostCommentArgs) -> Written:
    """Comment on a space or change request."""
    body = {"markdown": args.markdown}
    page: Any = args.page_id if args.page_id else None
    extra: dict[str, Any] = {"page": page} if page else {}
    if args.change_request_id:
        comment = await ctx.client.change_request_comments.create(
            args.space_id, args.change_request_id, body=body, **extra
        )
    else:
        comment = await ctx.client.comments.create(args.space_id, body=body, **extra)
    return Written(id=comment.id, status=comment.status)


class ReplyArgs(CommentRef):
    markdown: str = Field(min_length=1, max_length=20000, description="Reply text (markdown)")


@write_tool(COMMENTS, permission=COMMENT, render=lambda r: f"Posted reply {r.id}.")
async def reply_to_comment(ctx: ToolContext, args: ReplyArgs) -> Written:
    """Reply to a comment."""
    body = {"markdown": args.markdown}
    if args.change_request_id:
        reply = await ctx.client.change_request_comments.create_reply(
            args.space_id, args.change_request_id, args.comment_id, body=body
        )
    else:
        reply = await ctx.client.comments.create_reply(args.space_id, args.comment_id, body=body)
    return Written(id=reply.id)


class TargetRef(CommentRef):
    reply_id: str | None = Field(default=None, description="A reply of it (in a change request)")


@dataclass(frozen=True)
class _Target:
    """The comment or reply a write names: its operations and their ids."""

    get: Callable[..., Awaitable[Any]]
    update: Callable[..., Awaitable[Any]]
    delete: Callable[..., Awaitable[bool]]
    ids: tuple[str, ...]


def _target(ctx: ToolContext, args: TargetRef) -> _Target:
    on_cr = ctx.client.change_request_comments
    if args.reply_id:
        if not args.change_request_id:
            # The API (seed and live) has no operation to edit or delete a space comment's reply.
            raise ToolFailure(
                "The API cannot edit or delete a reply to a space comment (only replies in a "
                "change request): reply again, or edit or delete the comment itself. Nothing "
                "was sent."
            )
        cr = args.change_request_id
        reply_ids = (args.space_id, cr, args.comment_id, args.reply_id)
        return _Target(on_cr.get_reply, on_cr.update_reply, on_cr.delete_reply, reply_ids)
    if args.change_request_id:
        ids = (args.space_id, args.change_request_id, args.comment_id)
        return _Target(on_cr.get, on_cr.update, on_cr.delete, ids)
    on_space = ctx.client.comments
    return _Target(on_space.get, on_space.update, on_space.delete, (args.space_id, args.comment_id))


class UpdateCommentArgs(TargetRef):
    resolved: bool | None = Field(default=None, description="true resolves, false reopens")
    markdown: str | None = Field(
        default=None, max_length=20000, description="New text (your own comments)"
    )
    add_reactions: list[Reaction] | None = Field(default=None, description="Emoji to add")
    remove_reactions: list[Reaction] | None = Field(default=None, description="Emoji to remove")


@write_tool(
    COMMENTS,
    permission=COMMENT,
    idempotent=True,
    render=lambda c: f"Updated comment {c.id}: {c.status or 'open'}.",
)
async def update_comment(ctx: ToolContext, args: UpdateCommentArgs) -> Written:
    """Resolve, reopen, edit or react to a comment or reply."""
    if args.resolved is not None and args.reply_id:
        raise ToolFailure("A reply is not resolved on its own: resolve its comment.")
    changes = changed(
        "resolved, markdown, add_reactions or remove_reactions",
        resolved=args.resolved,
        added_reactions=args.add_reactions or None,
        removed_reactions=args.remove_reactions or None,
        body=None if args.markdown is None else {"markdown": args.markdown},
    )
    target = _target(ctx, args)
    if args.markdown is not None:
        current = await target.get(*target.ids)
        if not current.permissions.edit:
            raise ToolFailure(
                "Refused: editing the text needs the 'edit' permission on this comment (its "
                "author or a space admin). Nothing was sent."
            )
    updated = await target.update(*target.ids, **changes)
    return Written(id=updated.id, status=getattr(updated, "status", None))


@delete_tool(
    COMMENTS, permission=Permission("comment", "delete", "comment_id"), method_arg="method"
)
async def delete_comment(ctx: ToolContext, args: TargetRef) -> Deleted:
    """Delete a comment (with its replies) or one reply."""
    target = _target(ctx, args)
    what = f"reply {args.reply_id}" if args.reply_id else f"comment {args.comment_id}"
    return Deleted(deleted=await target.delete(*target.ids), target=what)
