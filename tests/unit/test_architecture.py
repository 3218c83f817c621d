"""The package has no import cycle and keeps its layers, counting imports under
``if TYPE_CHECKING:`` and imports inside functions: each module's imports are read with `ast`,
any strongly connected group of modules is reported with one cycle through it, and every import
that breaks a layer rule (`ONLY`, `LAYERS`) is reported by name. A class of the local store has
at most one class of ours above it (`test_store_classes_have_at_most_one_base_of_ours`)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import subprocess
import sys
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import gitbook_mcp

ROOT = Path(gitbook_mcp.__file__).parent
PACKAGE = "gitbook_mcp"

KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()
"""Cycles other packages' reshaping has yet to remove (server/, client/); the lead empties this
list when they are gone. Each entry is the set of modules of one strongly connected group."""


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in sorted(ROOT.rglob("*.py"))}


def _imported(node: ast.AST, module: str, is_package: bool, known: set[str]) -> Iterator[str]:
    if isinstance(node, ast.Import):
        for alias in node.names:
            if alias.name in known:
                yield alias.name
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = module.split(".")
            anchor = anchor if is_package else anchor[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        for alias in node.names:
            child = f"{base}.{alias.name}"
            if child in known:
                yield child
            elif base in known:
                yield base


@cache
def _tree(path: Path) -> ast.Module:
    """A source file's syntax tree, parsed once per test process (read, never changed)."""
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def import_graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports, wherever the import statement stands (a new
    graph at each call: the files are parsed once, see `_tree`)."""
    return {module: set(targets) for module, targets in _graph().items()}


@cache
def _graph() -> dict[str, frozenset[str]]:
    modules = _modules()
    known = set(modules)
    graph: dict[str, frozenset[str]] = {}
    for name, path in modules.items():
        tree = _tree(path)
        is_package = path.name == "__init__.py"
        graph[name] = frozenset(
            target
            for node in ast.walk(tree)
            for target in _imported(node, name, is_package, known)
            if target != name
        )
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's groups of more than one module (iterative, so deep graphs cannot overflow)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group: list[str] = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return groups


def one_cycle(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest cycle through the group's first module, to print."""
    members = set(group)
    start = group[0]
    paths = {start: [start]}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for node in frontier:
            for child in sorted(graph[node] & members):
                if child == start:
                    return [*paths[node], start]
                if child not in paths:
                    paths[child] = [*paths[node], child]
                    following.append(child)
        frontier = following
    return group


def test_the_graph_sees_type_checking_and_function_level_imports() -> None:
    graph = import_graph()
    # `local.http.call` imports the store only under TYPE_CHECKING; `cli` imports lazily.
    assert "gitbook_mcp.local.store" in graph["gitbook_mcp.local.http.call"]
    assert "gitbook_mcp.local.http.serve" in graph["gitbook_mcp.cli.local_api"]


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert strongly_connected(graph) == [["a", "b", "c"]]
    assert one_cycle(graph, ["a", "b", "c"]) == ["a", "b", "c", "a"]


BASE: frozenset[str] = frozenset(
    {PACKAGE, "gitbook_mcp.api", "gitbook_mcp.logs", "gitbook_mcp.sentinel"}
)
"""Below every layer: the package's version, the API's operations table, the logger and the
sentinel type. Each imports nothing of ours (`ONLY` holds them to it)."""

ONLY: dict[str, frozenset[str]] = {
    "gitbook_mcp.api": frozenset(),
    "gitbook_mcp.logs": frozenset(),
    "gitbook_mcp.sentinel": frozenset(),
    "gitbook_mcp.document": frozenset(),
    "gitbook_mcp.client": BASE,
}
"""Package -> the only packages of ours it may import besides itself (an allow-list): `document`
is the bottom layer of the link checker, the tools and the local workspace (its `gitsync` reads
a Git Sync folder for both the local workspace's import and the link checker, so it imports
neither); `client` is the API client, which knows nothing of the server, the local workspace or
the tools."""

LAYERS: dict[str, frozenset[str]] = {
    "gitbook_mcp.local": frozenset(
        {"gitbook_mcp.client", "gitbook_mcp.server", "gitbook_mcp.linkcheck", "gitbook_mcp.cli"}
    ),
    "gitbook_mcp.local.http": frozenset(
        {"gitbook_mcp.local.app", "gitbook_mcp.local.routes", "gitbook_mcp.local.handlers"}
    ),
    "gitbook_mcp.local.store": frozenset(
        {"gitbook_mcp.local.app", "gitbook_mcp.local.routes", "gitbook_mcp.local.handlers"}
    ),
    "gitbook_mcp.server.http.auth": frozenset(
        {"gitbook_mcp.server.app", "gitbook_mcp.server.runner"}
    ),
    "gitbook_mcp.server": frozenset({"gitbook_mcp.local", "gitbook_mcp.cli"}),
    "gitbook_mcp.server.calls": frozenset({"gitbook_mcp.server.tools"}),
    "gitbook_mcp.server.resources": frozenset({"gitbook_mcp.server.tools"}),
    "gitbook_mcp.server.prompts": frozenset({"gitbook_mcp.server.tools"}),
    "gitbook_mcp.config": frozenset({"gitbook_mcp.server", "gitbook_mcp.local", "gitbook_mcp.cli"}),
    "gitbook_mcp.linkcheck": frozenset(
        {"gitbook_mcp.server", "gitbook_mcp.local", "gitbook_mcp.cli"}
    ),
}
"""Package -> the packages it must not import: the local workspace serves the API as moto
does, without the client (it reads the operations table), the server or the link checker (the
dialect's path rules are `document`'s); its HTTP layer and its store sit below the route table
and the handlers; the server's authentication sits below the app it is wired into, and a tool
call's path, the resources and the prompts below the tools; the server never opens the local
workspace (`gitbook_mcp.cli.wiring` chooses the API and hands the server a client factory);
what a user sets (`config`) and the link checker sit below the server, the workspace and the
command line."""


def _within(module: str, package: str) -> bool:
    if package == PACKAGE:  # the package's own __init__, not everything under it
        return module == package
    return module == package or module.startswith(package + ".")


def broken_layers(graph: dict[str, set[str]]) -> list[str]:
    """Every import that breaks `ONLY` or `LAYERS`, as ``module imports target``."""
    broken = []
    for module, targets in graph.items():
        for target in targets:
            for package, allowed in ONLY.items():
                outside = _within(module, package) and not _within(target, package)
                if outside and not any(_within(target, other) for other in allowed):
                    broken.append(f"{module} imports {target} (only {sorted(allowed)})")
            for package, forbidden in LAYERS.items():
                if _within(module, package) and any(_within(target, f) for f in forbidden):
                    broken.append(f"{module} imports {target}")
    return sorted(broken)


def test_layers_are_respected() -> None:
    broken = broken_layers(import_graph())
    assert not broken, "layer rules broken:\n" + "\n".join(broken)


def test_the_layer_rules_see_their_packages() -> None:
    modules = import_graph()
    for package in [*ONLY, *LAYERS]:
        assert any(_within(module, package) for module in modules), package


def test_the_layer_rules_catch_an_upward_import() -> None:
    graph = {
        "gitbook_mcp.client._base": {"gitbook_mcp.api", "gitbook_mcp.server.app"},
        "gitbook_mcp.local.routes": {"gitbook_mcp.client.models"},
        "gitbook_mcp.document.nodes": {"gitbook_mcp.sentinel"},
    }
    assert broken_layers(graph) == [
        "gitbook_mcp.client._base imports gitbook_mcp.server.app (only "
        "['gitbook_mcp', 'gitbook_mcp.api', 'gitbook_mcp.logs', 'gitbook_mcp.sentinel'])",
        "gitbook_mcp.document.nodes imports gitbook_mcp.sentinel (only [])",
        "gitbook_mcp.local.routes imports gitbook_mcp.client.models",
    ]


KERNEL: frozenset[str] = frozenset({"api.py", "asgi.py", "logs.py", "sentinel.py"})
"""The package root's own modules besides ``__init__`` and ``__main__``: at most four, each
imported by every room (the operations table, the ASGI type, the logger, the sentinel)."""

ROOMS: frozenset[str] = frozenset(
    {"cli", "config", "client", "server", "local", "linkcheck", "document"}
)
"""The packages at the root: the command line, what a user sets, the API client, the MCP
server, the local workspace, the link checker and the document model."""


def root_entries(root: Path) -> set[str]:
    """The package root's modules and packages, by file name (caches and ``py.typed`` aside)."""
    return {
        entry.name
        for entry in root.iterdir()
        if (entry.is_file() and entry.suffix == ".py")
        or (entry.is_dir() and (entry / "__init__.py").exists())
    }


def test_the_root_holds_only_the_kernel_and_the_rooms() -> None:
    assert len(KERNEL) <= 4
    assert root_entries(ROOT) == {"__init__.py", "__main__.py", *KERNEL, *ROOMS}
    assert (ROOT / "py.typed").is_file()


def test_the_root_check_sees_a_stray_module(tmp_path: Path) -> None:
    (tmp_path / "stray.py").write_text("")
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "__init__.py").write_text("")
    (tmp_path / "__pycache__").mkdir()
    assert root_entries(tmp_path) == {"stray.py", "room"}


def importing_both(graph: dict[str, set[str]], first: str, second: str) -> list[str]:
    """The modules outside `gitbook_mcp.cli` whose own imports reach both packages."""
    return sorted(
        module
        for module, targets in graph.items()
        if not _within(module, "gitbook_mcp.cli")
        and any(_within(t, first) for t in targets)
        and any(_within(t, second) for t in targets)
    )


def test_only_the_command_line_imports_both_the_server_and_the_workspace() -> None:
    graph = import_graph()
    assert importing_both(graph, "gitbook_mcp.server", "gitbook_mcp.local") == []
    # the rule sees the one module that must import both
    wiring = graph["gitbook_mcp.cli.wiring"]
    assert any(_within(t, "gitbook_mcp.server") for t in wiring)
    assert any(_within(t, "gitbook_mcp.local") for t in wiring)


def test_the_both_rule_catches_a_module_outside_the_command_line() -> None:
    graph = {
        "gitbook_mcp.cli.wiring": {"gitbook_mcp.server.runner", "gitbook_mcp.local"},
        "gitbook_mcp.linkcheck.run": {"gitbook_mcp.server.app", "gitbook_mcp.local.store"},
    }
    both = importing_both(graph, "gitbook_mcp.server", "gitbook_mcp.local")
    assert both == ["gitbook_mcp.linkcheck.run"]


def test_no_import_cycle() -> None:
    graph = import_graph()
    found = [group for group in strongly_connected(graph) if frozenset(group) not in KNOWN_CYCLES]
    report = "\n".join(" -> ".join(one_cycle(graph, group)) for group in found)
    assert not found, f"import cycles (TYPE_CHECKING and function-level imports count):\n{report}"


def project_bases(cls: type) -> list[type]:
    """The classes of ours in ``cls``'s MRO beyond itself; Protocols, `object`, the stdlib's
    and pydantic's bases are not ours."""
    return [
        base
        for base in cls.__mro__[1:]
        if base.__module__.split(".")[0] == PACKAGE and not getattr(base, "_is_protocol", False)
    ]


def store_classes() -> list[type]:
    """Every class defined in a module of the local workspace's store."""
    store = importlib.import_module("gitbook_mcp.local.store")
    found: list[type] = []
    for info in pkgutil.walk_packages(store.__path__, store.__name__ + "."):
        module = importlib.import_module(info.name)
        found.extend(
            cls
            for cls in vars(module).values()
            if inspect.isclass(cls) and cls.__module__ == module.__name__
        )
    return found


def test_store_classes_have_at_most_one_base_of_ours() -> None:
    """A store class reads top to bottom: at most one class of ours above it (`StorePart`),
    what it shares is composed (a helper it calls), never climbed to."""
    classes = store_classes()
    assert len(classes) > 20, "the walk of the store found too few classes"
    deep = {
        f"{cls.__module__}.{cls.__qualname__}": [base.__name__ for base in bases]
        for cls in classes
        if len(bases := project_bases(cls)) > 1
    }
    assert not deep, f"store classes with more than one base of ours: {deep}"


def test_the_mro_rule_counts_only_our_bases() -> None:
    class Base:
        pass

    class Middle(Base):
        pass

    class Leaf(Middle, Exception):
        pass

    for cls in (Base, Middle, Leaf):
        cls.__module__ = "gitbook_mcp.local.store.example"
    assert project_bases(Middle) == [Base]
    assert project_bases(Leaf) == [Middle, Base]


def _class_homes(root: Path) -> dict[str, set[str]]:
    """Every class name defined under ``root``, with the modules that define it."""
    homes: dict[str, set[str]] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.ClassDef):
                homes.setdefault(node.name, set()).add(str(path.relative_to(root)))
    return homes


def test_each_class_name_means_one_thing() -> None:
    root = Path(gitbook_mcp.__file__).parent
    twice = {name: sorted(where) for name, where in _class_homes(root).items() if len(where) > 1}
    assert twice == {}


def test_the_class_name_check_sees_a_name_defined_twice(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("class Paging:\n    pass\n")
    (tmp_path / "b.py").write_text("class Paging:\n    pass\n\nclass Other:\n    pass\n")
    assert _class_homes(tmp_path) == {"Paging": {"a.py", "b.py"}, "Other": {"b.py"}}


def test_the_local_api_process_does_not_load_the_mcp_sdk() -> None:
    """``local-api`` is no MCP server: loading the SDK cost each of its processes about a second
    of CPU at start, for one Host check (now `local.http.guard`)."""
    code = (
        "import sys\n"
        "import gitbook_mcp.cli.local_api, gitbook_mcp.local.app, gitbook_mcp.local.http.serve\n"
        "print(sorted(m for m in sys.modules if m == 'mcp' or m.startswith(('mcp.', 'mcp_types'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
