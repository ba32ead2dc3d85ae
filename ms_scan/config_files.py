"""The scanned project's experiment configuration files (YAML / JSON / TOML / INI): the values they give each key.

A training script often picks its layers from a config file: `PADDING[cfg.encoder.padding_mode]` with
`padding_mode = "reflect"` in experiment.toml. The second-order rule's cross-file pass (ms_scan.project) asks
this index which values a config field takes when no code of the scanned files says: a table entry that no
loaded config names is then off the path (and a `create_graph` flag a config sets is what it sets).

Which files count as loaded: the ones the code names in a string (`os.path.join(HERE, "experiment.toml")`,
`default="configs/r1_selu.yaml"`, `os.environ.get("CFG", "configs/fast.yaml")`) in the files the second-order
analysis reads, found next to the naming file, in a folder above it up to the scan root, or as the path ending of a
config file the folder walk found; each with its `_base_` files (mmcv style: a path or a list of paths relative
to the config, merged under it; a mapping of the child with `_delete_: true` replaces its base's). When the code
names none, every config file the walk found that is no other's base nor the project's tooling (TOOLING, hidden
folders). A key's values are the union over the loaded files (which one runs may be a command-line choice).

Static: files are parsed, never run: JSON (json), TOML (tomllib, Python 3.11+), INI (configparser without
interpolation: section -> key -> string), YAML (PyYAML's safe loader; libcst depends on PyYAML, and it is imported
only when a YAML file is read). A file over MAX_BYTES, unreadable or not parsing is left out, as are Python config
files (`Config.fromfile` runs them). What was read is kept with its digest (`deps`): the whole-scan memo of a
later scan holds only while those bytes are unchanged (ms_scan.scan).
"""
from __future__ import annotations

import functools
import hashlib
import os
import re


SUFFIXES = (".yaml", ".yml", ".json", ".toml", ".ini", ".cfg")
MAX_BYTES = 256 * 1024  # a bigger file is data, not an experiment config
MAX_FILES = 2000  # config files the walk keeps (the rest are left out)
MAX_DEPTH = 8  # `_base_` hops
MAX_TOTAL = 16 * 1024 * 1024  # bytes read over all the config files of a scan
MAX_LEAVES = 100_000  # mappings and scalars indexed of one loaded config
# files of the project's tooling, not of its experiments (left out unless the code names them)
TOOLING = frozenset({
    "pyproject.toml", "setup.cfg", "tox.ini", "pytest.ini", "mypy.ini", "mkdocs.yml", "mkdocs.yaml", "environment.yml",
    "environment.yaml", "codecov.yml", "codecov.yaml", "package.json", "package-lock.json", "tsconfig.json",
    "meta.yaml", "readthedocs.yml", "readthedocs.yaml", "citation.cff", "dependabot.yml", "docker-compose.yml",
    "docker-compose.yaml",
})


class Located(str):
    """A string value of a YAML config with where it is written: `where` = (file, line, column), the file the
    relpath under the scan root ("" for a config text in the source: line counted from the text's first line, 0
    based), the line 1-based for a file. A hydra `_target_: torch.nn.SELU` is reported there (display_of's places)."""

    where: tuple = ("", 0, 0)

    @classmethod
    def at(cls, text: str, where: tuple) -> "Located":
        out = cls(text)
        out.where = where
        return out


_NAMED = re.compile(rb"""["']([^"'\s\\]{1,240}\.(?:ya?ml|json|toml|ini|cfg))["']""")


def digest_of(path: str) -> str:
    """sha256 hex of a file's bytes; "" when it is absent, unreadable or over MAX_BYTES."""
    return _digest(read_bytes(path))


def _digest(data: bytes | None) -> str:
    return hashlib.sha256(data).hexdigest() if data is not None else ""


def read_bytes(path: str) -> bytes | None:
    """A config file's bytes, None when it is absent, unreadable or over MAX_BYTES."""
    try:
        if not os.path.isfile(path) or os.path.getsize(path) > MAX_BYTES:
            return None
        with open(path, "rb") as fh:
            return fh.read(MAX_BYTES + 1)
    except OSError:
        return None


def parse(path: str, data: bytes, name: str | None = None):
    """The mapping a config file holds (by its suffix), None when it is not one that parses. A YAML file's strings
    are Located at (name, line, column) when a name (the relpath under the scan root) is given."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None
    suffix = os.path.splitext(path)[1].lower()
    try:
        if suffix == ".json":
            import json

            value = json.loads(text)
        elif suffix == ".toml":
            import tomllib

            value = tomllib.loads(text)
        elif suffix in (".ini", ".cfg"):
            import configparser

            parser = configparser.ConfigParser(interpolation=None, strict=False)
            parser.read_string(text)
            value = {name: dict(parser[name]) for name in parser.sections()}
        else:
            value = _load_yaml(text, name)
    except Exception:  # noqa: BLE001 - any parser's error (or no tomllib before 3.11): not a config read here
        return None
    return value if isinstance(value, dict) else None


def _load_yaml(text: str, name: str | None):
    import yaml

    if name is None:
        return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # noqa: S506 - a safe loader
    loader = _locating_loader()(text)
    loader.ms_name = name
    try:
        return loader.get_single_data()
    finally:
        loader.dispose()


@functools.cache
def _locating_loader():
    """PyYAML's safe loader (the C one when built) whose strings are Located where they are written."""
    import yaml

    class Locating(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
        pass

    def located(loader, node):
        mark = node.start_mark
        return Located.at(loader.construct_scalar(node), (loader.ms_name, mark.line + 1, mark.column))

    Locating.add_constructor("tag:yaml.org,2002:str", located)
    return Locating


def merged(base, child, depth: int = 0):
    """`child` over `base` (mmcv's merge): mappings key by key, a child mapping with `_delete_: true` in place of
    its base's, anything else the child's (below 32 levels, the child's as it is)."""
    if not isinstance(base, dict) or not isinstance(child, dict) or child.get("_delete_") is True or depth > 32:
        return {k: v for k, v in child.items() if k != "_delete_"} if isinstance(child, dict) else child
    out = dict(base)
    for k, v in child.items():
        out[k] = merged(out.get(k), v, depth + 1) if k in out else merged(None, v)
    return out


class ConfigFiles:
    """The config files of one scan: `found` (relpaths under `root` the folder walk kept) and the names the
    code gives (`named_in`); values(field) answers from the ones loaded (see the module docstring)."""

    def __init__(self, root: str, found: list[str] | tuple = ()):
        self.root = os.path.abspath(root)
        self.found = list(found)  # (discover keeps at most MAX_FILES)
        self.deps: dict[str, str] = {}  # each file read (or looked for) -> digest_of it ("" absent)
        self._sources: list[str] = []
        self._index: dict[str, set] | None = None
        self._parsed: dict[str, object] = {}
        self._spent = 0

    def named_in(self, relpaths) -> None:
        """The Python files (relpaths) whose strings name the configs to load; before the first values()."""
        self._sources = sorted(set(relpaths))
        self._index = None

    def values(self, field: str) -> set[str] | None:
        """The reprs of the scalars the loaded configs hold under `field` ("cfg.encoder.padding_mode": the
        longest ending of its dotted parts that some key path ends with: ("encoder", "padding_mode"), else
        ("padding_mode",)), None when no loaded config has such a key."""
        parts = tuple(p for p in field.split(".") if p)
        if not parts:
            return None
        index = self._leaves()
        rows = index.get(parts[-1].lower())
        if not rows:
            return None
        for n in range(len(parts), 0, -1):
            tail = tuple(p.lower() for p in parts[-n:])
            got = {value for path, value in rows if path[-n:] == tail}
            if got:
                return got
        return None

    # --- which files are loaded ---------------------------------------------------------------------

    def _load(self, path: str):
        if path not in self._parsed:
            data = read_bytes(path) if self._spent < MAX_TOTAL else None
            self._spent += len(data) if data is not None else 0
            self.deps[path] = _digest(data)
            name = os.path.relpath(path, self.root).replace(os.sep, "/")
            self._parsed[path] = parse(path, data, name) if data is not None else None
        return self._parsed[path]

    def _named(self) -> list[str]:
        """Absolute paths of the config files the sources' strings name, in order."""
        out: list[str] = []
        for rel in self._sources:
            data = _read_source(os.path.join(self.root, rel))
            for m in _NAMED.finditer(data or b""):
                try:
                    name = m.group(1).decode("utf-8")
                except UnicodeDecodeError:
                    continue
                for path in self._resolve(name, os.path.dirname(os.path.join(self.root, rel))):
                    if path not in out:
                        out.append(path)
        return out

    def _resolve(self, name: str, here: str) -> list[str]:
        """The files a named config may be: next to the naming file or in a folder above it up to the root,
        else the walk's files whose relpath ends with the name."""
        name = name.replace("\\", "/")
        if os.path.isabs(name):
            path = os.path.normpath(name)
            return [path] if self._inside(path) and self._load(path) is not None else []
        stripped = name[2:] if name.startswith("./") else name
        d = here
        while True:
            path = os.path.normpath(os.path.join(d, stripped))
            if self._inside(path) and self._load(path) is not None:
                return [path]
            if d == self.root or not self._inside(d) or os.path.dirname(d) == d:
                break
            d = os.path.dirname(d)
        ending = "/" + stripped.lstrip("/")
        return [os.path.join(self.root, rel) for rel in self.found
                if ("/" + rel).endswith(ending) and self._load(os.path.join(self.root, rel)) is not None]

    def _inside(self, path: str) -> bool:
        return path == self.root or path.startswith(self.root.rstrip(os.sep) + os.sep)

    def _bases(self, path: str, doc: dict) -> list[str]:
        base = doc.get("_base_")
        names = [base] if isinstance(base, str) else [b for b in base if isinstance(b, str)] \
            if isinstance(base, list) else []
        out = []
        for b in names:
            p = os.path.normpath(os.path.join(os.path.dirname(path), b))
            if self._inside(p):
                out.append(p)
        return out

    def _merged(self, path: str, depth: int = 0):
        doc = self._load(path)
        if not isinstance(doc, dict) or depth > MAX_DEPTH:
            return None
        out = None
        for b in self._bases(path, doc):
            under = self._merged(b, depth + 1)
            out = merged(out, under) if out is not None and under is not None else (under or out)
        child = {k: v for k, v in doc.items() if k != "_base_"}
        return merged(out, child) if out is not None else child

    def loaded(self) -> list[str]:
        named = self._named()
        if named:
            return named
        paths = [os.path.join(self.root, rel) for rel in self.found if not _tooling(rel)]
        bases = {b for p in paths if isinstance(self._load(p), dict) for b in self._bases(p, self._load(p))}
        return [p for p in paths if p not in bases and self._load(p) is not None]

    def _leaves(self) -> dict[str, set]:
        """last key (lower case) -> {(key path, repr of the scalar)} over the loaded configs."""
        if self._index is None:
            self._index = {}
            for path in self.loaded():
                doc = self._merged(path)
                if doc is not None:
                    _flatten(doc, self._index)
        return self._index


class ConfigReader:
    """The config files one Python file reads at extraction time (ms_scan.extract.config_text.file_display):
    `read(name, suffixes)` finds a name as ConfigFiles does without the walk's list (next to the file, then in each
    folder above it up to `root`) and gives its mapping merged over its `_base_` files; `deps` holds each file read
    or looked for (relpath under root -> digest_of it, "" when absent), which the facts of the file keep."""

    def __init__(self, root: str, relpath: str):
        self.root = os.path.abspath(root)
        self.here = os.path.dirname(os.path.join(self.root, relpath))
        self._files = ConfigFiles(self.root)

    @property
    def deps(self) -> dict[str, str]:
        return {os.path.relpath(p, self.root).replace(os.sep, "/"): d for p, d in self._files.deps.items()}

    def read(self, name: str, suffixes: tuple) -> dict | None:
        if not name.lower().endswith(suffixes):
            return None
        paths = self._files._resolve(name, self.here)
        return self._files._merged(paths[0]) if len(paths) == 1 else None

    def hydra(self, config_path: str | None, config_name: str) -> dict | None:
        """The config `@hydra.main(config_path=..., config_name=...)` composes, read statically: the primary file
        (config_path relative to the script) with its `defaults` list: `group: option` (`override` / `optional`
        too) is <config_path>/<group>/<option>.yaml under key `group` (at the root with a `# @package _global_`
        header), a plain name a file merged at the root, `_self_` where the primary's own keys go (last when not
        listed). None when the primary is not found or an entry names a file that is not (a package rename
        `group@pkg`, a nested defaults list of a group file: not read)."""
        folder = os.path.normpath(os.path.join(self.here, config_path or "."))
        if not self._files._inside(folder):
            return None
        name = config_name if config_name.endswith((".yaml", ".yml")) else f"{config_name}.yaml"
        primary = self._files._load(os.path.join(folder, name))
        if not isinstance(primary, dict):
            return None
        own = {k: v for k, v in primary.items() if k != "defaults"}
        defaults = primary.get("defaults", [])
        if not isinstance(defaults, list):
            return None
        out: dict = {}
        placed = False
        for entry in defaults:
            if entry == "_self_":
                out, placed = merged(out, own), True
                continue
            if isinstance(entry, str):
                doc, at = self._files._load(os.path.join(folder, f"{entry}.yaml")), None
            elif isinstance(entry, dict) and len(entry) == 1:
                (group, option), = entry.items()
                group = str(group).split()[-1]  # (`override model`, `optional model`)
                if option is None:
                    continue
                if not isinstance(option, str) or "@" in group or "/" in option and ".." in option:
                    return None
                path = os.path.join(folder, group, f"{option}.yaml")
                doc, at = self._files._load(path), group
                if isinstance(doc, dict) and _global_package(path):
                    at = None
            else:
                return None
            if not isinstance(doc, dict) or "defaults" in doc:
                return None
            for part in reversed(at.split("/")) if at else ():
                doc = {part: doc}
            out = merged(out, doc)
        return merged(out, own) if not placed else out


def _global_package(path: str) -> bool:
    """Whether a hydra config file starts with a `# @package _global_` header."""
    data = read_bytes(path) or b""
    return any(line.strip().replace(b" ", b"") == b"#@package_global_" for line in data.splitlines()[:5])


def deps_hold(root: str, deps: dict[str, str]) -> bool:
    """Whether each file of `deps` (relpath under root, or absolute path -> digest) still has that digest."""
    return all(digest_of(os.path.join(root, rel)) == d for rel, d in deps.items())


def _tooling(rel: str) -> bool:
    """A tooling file (TOOLING), or one hidden or under a hidden folder (`.github/`, `.pre-commit-config.yaml`)."""
    parts = rel.split("/")
    return parts[-1].lower() in TOOLING or any(p.startswith(".") for p in parts)


def _flatten(value, out: dict, budget: int = MAX_LEAVES) -> None:
    """Each scalar leaf of a config under its key path (lower case), at most `budget` mappings and leaves visited (a
    YAML file's aliases can make a small file an exponential tree: `a: &a [*b, *b]` ...)."""
    from collections import deque

    queue = deque([((), value)])  # (breadth first: the top-level keys before any alias's depths)
    while queue and budget > 0:
        path, v = queue.popleft()
        budget -= 1
        if isinstance(v, dict) and len(path) < 32:
            queue.extend((path + (k.lower(),), x) for k, x in v.items() if isinstance(k, str))
        elif path and isinstance(v, (str, bool, int, float)):
            out.setdefault(path[-1], set()).add((path, repr(v)))


def _read_source(path: str, limit: int = 8 * 1024 * 1024) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return None
