"""Prompts: one markdown file per prompt in the top-level ``prompts/`` folder.

A file starts with a small front matter naming the prompt and its arguments::

    ---
    name: fix_broken_links
    description: Find and fix the broken links of a change request
    arguments:
      - space_id: Space id (required)
      - change_request_id: Change request id or number (required)
      - site_id: Site whose redirects may fix links (optional)
    ---

and the body uses ``{argument}`` placeholders. ``needs: tool, tool`` names the tools the job
cannot do without: when one is not offered, the prompt says what is needed instead (toolset,
permission, profile). ``{?tool,tool: text | otherwise}`` keeps ``text`` only when those tools are
offered. So no prompt names a tool the agent cannot call. Files ship inside the wheel as
``gitbook_mcp/prompts``; a source checkout reads the repository folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from mcp.server.mcpserver.prompts.base import Prompt, PromptArgument

from gitbook_mcp.server.calls.availability import missing, needs_sentence
from gitbook_mcp.server.rendering import one_line

if TYPE_CHECKING:
    from gitbook_mcp.server.app import GitBookServer

__all__ = ["PromptFile", "load_prompt_files", "prompts_dir", "register_prompts"]


@dataclass(frozen=True)
class PromptFile:
    name: str
    description: str
    arguments: tuple[tuple[str, str, bool], ...]
    body: str
    needs: tuple[str, ...] = ()

    def render(self, values: dict[str, str | None], offered: set[str] | None = None) -> str:
        """The body for these argument values, keeping the parts whose tools are ``offered``."""
        text = self.body if offered is None else _kept(self.body, offered)
        for name, _, _ in self.arguments:
            # An argument is one line: a value cannot add lines (instructions) to the prompt.
            value = one_line(values.get(name) or "")
            text = text.replace("{" + name + "}", value) if value else _without(text, name)
        return text


def _without(text: str, name: str) -> str:
    """The text for an optional argument left out: a parenthesised aside naming it is dropped,
    any other mention asks the agent to get the value from the user."""
    aside = re.compile(r" ?\([^()\n]*\{" + re.escape(name) + r"\}[^()\n]*\)")
    return aside.sub("", text).replace("{" + name + "}", f"{name} (ask the user)")


def _kept(text: str, offered: set[str]) -> str:
    """``text`` with each ``{?tools: yes | no}`` replaced by ``yes`` if all tools are offered."""
    out: list[str] = []
    done = 0
    while (start := text.find("{?", done)) != -1:
        colon = text.find(":", start)
        names = {n.strip() for n in text[start + 2 : colon].split(",")}
        depth, end, bar = 0, colon + 1, -1
        while end < len(text) and (text[end] != "}" or depth):
            char = text[end]
            depth += (char == "{") - (char == "}")
            bar = end if char == "|" and not depth and bar < 0 else bar
            end += 1
        yes, no = (
            (text[colon + 1 : bar], text[bar + 1 : end])
            if bar >= 0
            else (text[colon + 1 : end], "")
        )
        out += [text[done:start], (yes if names <= offered else no).strip(" ")]
        done = end + 1
    return "".join(out) + text[done:]


def prompts_dir() -> Path:
    """The installed ``gitbook_mcp/prompts``, else the repository's ``prompts/``."""
    packaged = Path(__file__).resolve().parent.parent / "prompts"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[3] / "prompts"


def parse_prompt(text: str) -> PromptFile:
    if not text.startswith("---\n"):
        raise ValueError("a prompt file starts with a front matter block")
    header, _, body = text[4:].partition("\n---\n")
    name = description = ""
    needs: tuple[str, ...] = ()
    arguments: list[tuple[str, str, bool]] = []
    for line in header.splitlines():
        stripped = line.strip()
        if stripped.startswith("name:"):
            name = stripped[5:].strip()
        elif stripped.startswith("description:"):
            description = stripped[12:].strip()
        elif stripped.startswith("needs:"):
            needs = tuple(n.strip() for n in stripped[6:].split(",") if n.strip())
        elif stripped.startswith("- ") and ":" in stripped:
            arg, _, about = stripped[2:].partition(":")
            about = about.strip()
            required = "(required)" in about
            arguments.append(
                (
                    arg.strip(),
                    about.replace("(required)", "").replace("(optional)", "").strip(),
                    required,
                )
            )
    if not name:
        raise ValueError("a prompt file needs a name")
    return PromptFile(
        name=name,
        description=description,
        arguments=tuple(arguments),
        body=body.strip() + "\n",
        needs=needs,
    )


def load_prompt_files(folder: Path | None = None) -> list[PromptFile]:
    directory = folder or prompts_dir()
    return [parse_prompt(p.read_text(encoding="utf-8")) for p in sorted(directory.glob("*.md"))]


def register_prompts(server: GitBookServer, folder: Path | None = None) -> None:
    for spec in load_prompt_files(folder):
        server.add_prompt(_as_prompt(spec, server))


def _as_prompt(spec: PromptFile, server: GitBookServer) -> Prompt:
    async def render(**values: str | None) -> str:
        runtime = server.runtime
        await runtime.ensure_permissions()
        offered, withheld = runtime.offered_names(), server.withheld()
        lacking = [
            why
            for name in spec.needs
            if name not in offered and (why := missing(name, runtime, withheld)) is not None
        ]
        return needs_sentence(lacking) if lacking else spec.render(values, offered)

    # Built from the file, not from a function's signature: the arguments are the file's.
    arguments = [
        PromptArgument(name=name, description=about, required=required)
        for name, about, required in spec.arguments
    ]
    return Prompt(name=spec.name, description=spec.description, arguments=arguments, fn=render)
