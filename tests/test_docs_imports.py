"""The docs package has no import circle: each module's imports of its siblings, deferred
ones inside functions and typing-only ones included, form a graph without a cycle.

A circle is how `chapters` → `examples` → `replayer` → `chapters` grew: a deferred import
hides it from Python but not from a reader, who can no longer tell which module is below
which. The layer contract (`make layers`) checks between packages; this checks inside one.
"""

from __future__ import annotations

import ast
from pathlib import Path

DOCS = Path(__file__).resolve().parent.parent / "badugi_spec" / "docs"


def module_name(path: Path, root: Path = DOCS) -> str:
    parts = path.relative_to(root.parent.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, names: set[str], root: Path = DOCS) -> set[str]:
    """The package's modules that `path` imports, wherever in the file the import is."""
    here = module_name(path, root)
    package = here if path.name == "__init__.py" else here.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            modules = {f"{base}.{alias.name}" for alias in node.names} & names
            # `from . import fragments` imports a module, not the package's own names.
            found.update(modules or {base})
    return {name for name in found if name in names and name != here}


def graph(root: Path = DOCS) -> dict[str, set[str]]:
    paths = sorted(root.rglob("*.py"))
    names = {module_name(p, root) for p in paths}
    return {module_name(p, root): imports_of(p, names, root) for p in paths}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in sorted(edges.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1 or node in edges.get(node, ()):
                out.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return out


def test_the_docs_package_has_no_import_circle() -> None:
    found = circles(graph())
    assert not found, f"import circles inside badugi_spec/docs: {found}"


def test_a_planted_circle_is_found(tmp_path: Path) -> None:
    package = tmp_path / "badugi_spec" / "docs"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "a.py").write_text("from .b import x\n", encoding="utf-8")
    # Deferred, as the one in the replayer was: still a circle.
    (package / "b.py").write_text("def f():\n    from badugi_spec.docs import a\n", "utf-8")
    (package / "c.py").write_text("from . import a\n", encoding="utf-8")
    assert circles(graph(package)) == [["badugi_spec.docs.a", "badugi_spec.docs.b"]]
