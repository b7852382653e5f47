"""The import rule of docs/architecture.md, checked on the source: no import cycles between modules, the
runtime (``medical_agent``) never imports the command-line shell (``index_builder``), and the runtime's layers
import only downwards. Function-level imports count: a cycle hidden inside a function is still a cycle."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

from medical_agent.settings import PROJECT_ROOT

PACKAGES = ("medical_agent", "index_builder")
# The runtime's layers, lowest first. A unit (a subpackage or a top-level module of medical_agent) may import
# units of lower layers only; units in one layer do not import each other.
LAYERS: tuple[frozenset[str], ...] = tuple(frozenset(layer.split()) for layer in (
    "text settings prompts logging_setup evidence number_words safety_words",
    "llm tracing red_flags",
    "embeddings storage",
    "context",
    "retrieval web",
    "safety cache",
    "generation",
    "verify",
    "refine indexing",
    "collections",
    "graph",
    "composition",
    "tools",
    "ui",
    "eval",
    "cli",
    "__main__",
))


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PROJECT_ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> Iterator[str]:
    """Every project module ``path`` imports, at any depth of the file."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            target = ".".join([*base, *([node.module] if node.module else [])])
            # `from . import x` and `from .pkg import module` name modules, not attributes
            targets = [f"{target}.{a.name}" if _is_module(f"{target}.{a.name}") else target for a in node.names]
        else:
            continue
        yield from (t for t in targets if t.split(".")[0] in PACKAGES)


def _is_module(name: str) -> bool:
    path = PROJECT_ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def import_graph() -> dict[str, set[str]]:
    files = [p for package in PACKAGES for p in (PROJECT_ROOT / package).rglob("*.py")]
    return {module_name(p): set(imports(p)) - {module_name(p)} for p in files}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def unit(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def rank(module: str) -> int:
    name = unit(module)
    return next(i for i, layer in enumerate(LAYERS) if name in layer)


def test_no_import_cycles():
    assert cycles(import_graph()) == []


def test_runtime_never_imports_the_command_line_shell():
    graph = import_graph()
    offenders = sorted(f"{m} -> {t}" for m, targets in graph.items() if m.startswith("medical_agent")
                       for t in targets if t.startswith("index_builder"))
    assert offenders == []


def test_every_runtime_unit_has_a_layer():
    units = {unit(m) for m in import_graph() if m.startswith("medical_agent.")}
    assert units - set().union(*LAYERS) == set()


def test_layers_import_only_downwards():
    graph = import_graph()
    offenders = sorted(f"{m} -> {t}" for m, targets in graph.items() if m.startswith("medical_agent.")
                       for t in targets if t.startswith("medical_agent.") and unit(t) != unit(m)
                       and rank(t) >= rank(m))
    assert offenders == []


def test_the_checks_catch_what_they_claim():
    """A cycle and an upward import written into the graph are found (the checks can fail)."""
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert rank("medical_agent.graph.agent") > rank("medical_agent.retrieval.hybrid")
    assert rank("medical_agent.context.assembly") < rank("medical_agent.retrieval.factory")
