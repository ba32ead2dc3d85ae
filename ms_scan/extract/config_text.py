"""Configs written as text in the source: `CFG = json.loads('''{"meta": {"first_order": true}}''')`,
`yaml.safe_load('''meta:\n  first_order: true''')`, or given to a parser of the file named for the format
(`parse_flow_yaml(EXPERIMENT)`, read as `yaml.safe_load`). The second-order extractor reads them as the dict
displays they stand for (grads._record_assign), so a flag or a table key taken from them is as known as a dict
literal's.

Static: JSON goes through the standard library's parser; YAML through a strict reader of the block subset such
configs use (nested mappings, `- item` lists, `[a, b]` flow lists, plain and quoted scalars). Anything else (anchors,
tags, multi-line scalars, flow mappings) goes through PyYAML's safe loader (imported only then); a text neither
reads gives None: the value stays unknown, as before.

Configs read from a file (`with open("configs/run.yaml") as fh: cfg = yaml.safe_load(fh)`, `json.load(open(path))`,
`tomllib.loads(Path(p).read_text())`, `OmegaConf.load(p)`, mmcv's `Config.fromfile(p)` of a YAML / JSON file) are
read the same way when the scan gives the extractor a reader (ms_scan.config_files.ConfigReader: the file found next
to the script or in a folder above it, up to the scan root; parsed, never run) and the path is known: a string, or
the one config file of that kind the script names in a string (`default="configs/run.yaml"`). What was read is
kept with its digest (the reader's deps): the facts cache and the whole-scan memo hold only while those bytes do.
"""
from __future__ import annotations

import json
import re

import libcst as cst

from ms_scan.config_files import Located
from ms_scan.extract.visitor import dotted_name

# callees whose first argument is the config text (by dotted path through the file's imports)
JSON_READERS = ("json.loads",)
YAML_READERS = ("yaml.safe_load", "yaml.load", "yaml.full_load", "ruamel.yaml.safe_load")
# callees reading a config file -> (the suffixes read, what the first argument is: "stream" a file object or the
# text read from one, "path" a path (or a file object), whether the result reads as an attribute tree)
_YAMLS, _JSONS, _TOMLS = (".yaml", ".yml", ".json"), (".json",), (".toml",)
FILE_READERS = {
    "yaml.safe_load": (_YAMLS, "stream", False), "yaml.load": (_YAMLS, "stream", False),
    "yaml.full_load": (_YAMLS, "stream", False), "json.load": (_JSONS, "stream", False),
    "json.loads": (_JSONS, "stream", False), "tomllib.load": (_TOMLS, "stream", False),
    "tomllib.loads": (_TOMLS, "stream", False), "tomli.load": (_TOMLS, "stream", False),
    "tomli.loads": (_TOMLS, "stream", False), "toml.load": (_TOMLS, "path", False),
    "toml.loads": (_TOMLS, "stream", False), "omegaconf.OmegaConf.load": ((".yaml", ".yml"), "path", True),
    "mmcv.Config.fromfile": (_YAMLS, "path", True), "mmcv.utils.Config.fromfile": (_YAMLS, "path", True),
    "mmengine.Config.fromfile": (_YAMLS, "path", True), "mmengine.config.Config.fromfile": (_YAMLS, "path", True),
}
_OPENERS = ("open", "io.open", "codecs.open", "builtins.open")
_JOINS = ("os.path.join", "path.join", "osp.join", "posixpath.join")
_PATHS = ("Path", "PurePath", "PosixPath", "pathlib.Path", "pathlib.PurePath", "pathlib.PosixPath")
MAX_NODES = 20_000  # mappings, lists and scalars of a file's config turned into a display (a YAML alias bomb: None)
_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)$")
_FLOAT = re.compile(r"[-+]?([0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)([eE][-+][0-9]+)?$")  # (YAML 1.1, as PyYAML: 1e-3 is a string)


def config_display(path: str | None, call: cst.Call, places: dict | None = None,
                   constant=lambda name: None) -> cst.BaseExpression | None:
    """The dict (or list) display a `json.loads` / `yaml.safe_load` call of a string literal stands for, else None.
    `places` gets, for each string of a YAML text written on a line of its own, id(its node) -> ("", the literal,
    line in the text, column): the literal's position placed later (a triple-quoted text's lines are the file's
    lines). `constant(name)`: the string literal a module-level name is bound to (`yaml.safe_load(CONFIG_YAML)`)."""
    if path not in JSON_READERS + YAML_READERS or not call.args or call.args[0].keyword is not None:
        return None
    arg = call.args[0].value
    if isinstance(arg, cst.Name):
        arg = constant(arg.value)
    text = arg.evaluated_value if isinstance(arg, (cst.SimpleString, cst.ConcatenatedString)) else None
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text) if path in JSON_READERS else read_yaml(text)
    except (ValueError, RecursionError):
        value = _safe_yaml(text) if path in YAML_READERS else None
        if value is None:
            return None
    if not isinstance(value, (dict, list)):
        return None
    try:
        shown = cst.parse_expression(repr(value))
    except Exception:  # noqa: BLE001 - a value whose repr is no expression (never for plain data)
        return None
    if places is not None and isinstance(arg, cst.SimpleString) and arg.raw_value.count("\n") == text.count("\n"):
        # (the text's n-th line is the literal's: no escaped newline before it; the first line starts after the quotes)
        lead = len(arg.prefix) + len(arg.quote)
        _mark(shown, value, places, lambda w: ("", arg, w[1], w[2] + (lead if w[1] == 0 else 0)), arg)
    elif places is not None:
        _mark(shown, value, places, lambda w: ("", arg, 0, 0), arg)
    return shown


def _safe_yaml(text: str):
    """A YAML text outside the block subset (`model: {hidden: 32, act: prelu}`, flow mappings) through PyYAML's
    safe loader (libcst's dependency, imported only here); None when it does not parse or is too big."""
    if len(text) > 64 * 1024:
        return None
    from ms_scan.config_files import _load_yaml

    try:  # (aliases share nodes: _plain counts each visit, so an alias bomb is refused)
        return _plain(_load_yaml(text, None), [MAX_NODES])
    except Exception:  # noqa: BLE001 - PyYAML's errors (and a missing PyYAML), too big: the value stays unknown
        return None


def _plain(v, budget: list, depth: int = 0):
    """A parsed config as plain data (a date or other value as its text); ValueError past budget[0] mappings,
    lists and scalars (each visit of a shared one counted) or 32 levels."""
    budget[0] -= 1
    if budget[0] < 0 or depth > 32:
        raise ValueError("too big")
    if isinstance(v, dict):
        return {k if isinstance(k, (str, int, float, bool)) else str(k): _plain(x, budget, depth + 1)
                for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_plain(x, budget, depth + 1) for x in v]
    if v is None or isinstance(v, (str, int, bool)) or isinstance(v, float) and v == v and abs(v) != float("inf"):
        return v
    return str(v)


def _mark(node, value, places: dict, where, anchor=None) -> None:
    """places[id(n)] = where(s.where) for each Located string s of `value` and the node n of its display `node`
    (made from value's repr: the same items in the same order); ("", anchor, 0, 0) for any other string when an
    anchor is given (a JSON / TOML file's: the node of the code reading it)."""
    if isinstance(value, dict) and isinstance(node, cst.Dict) and len(node.elements) == len(value):
        for el, v in zip(node.elements, value.values()):
            if isinstance(el, cst.DictElement):
                _mark(el.value, v, places, where, anchor)
    elif isinstance(value, (list, tuple)) and isinstance(node, (cst.List, cst.Tuple)) and \
            len(node.elements) == len(value):
        for el, v in zip(node.elements, value):
            _mark(el.value, v, places, where, anchor)
    elif isinstance(value, Located) and isinstance(node, cst.SimpleString):
        places[id(node)] = where(value.where)
    elif anchor is not None and isinstance(value, str) and isinstance(node, cst.SimpleString):
        places[id(node)] = ("", anchor, 0, 0)


def file_display(path: str | None, call: cst.Call, bound, reader, named=lambda: [],
                 places: dict | None = None) -> cst.BaseExpression | None:
    """The display a call reading a config file (FILE_READERS) stands for: the dict the file holds, wrapped in
    `OmegaConf.create(...)` for a reader giving an attribute tree; None when the reader is None, the call reads no
    file or the file is not known. `bound(name)`: the value the current function last bound to a name (`fh` of
    `with open(...) as fh`); `named()`: the config file names the module's strings and paths give (named_paths)."""
    spec = FILE_READERS.get(path or "")
    if spec is None or reader is None or not call.args or call.args[0].keyword is not None or call.args[0].star:
        return None
    suffixes, kind, attrs = spec
    arg = call.args[0].value
    where = _opened(arg, bound)
    if where is None and kind == "path":
        where = arg
    if where is None:
        return None
    name = _path_text(where)
    if name is None:  # (a path the code makes elsewhere: the one such file the module names)
        names = [n for n in named() if n.lower().endswith(suffixes)]
        name = names[0] if len(names) == 1 else None
    doc = reader.read(name, suffixes) if name is not None else None
    shown = display_of(doc, places, call)
    return attr_tree(shown) if attrs and shown is not None else shown


def attr_tree(shown: cst.BaseExpression) -> cst.Call:
    """A display read as an attribute tree (grad_dicts' wrappers): `OmegaConf.create(<display>)`."""
    return cst.Call(cst.parse_expression("OmegaConf.create"), [cst.Arg(shown)])


def named_paths(module: cst.Module) -> list[str]:
    """The distinct config file names (by suffix, FILE_READERS') the module's strings and path expressions give, in
    order: `"configs/run.yaml"`, `os.path.join(ROOT, "configs", "critic.yaml")` -> "configs/critic.yaml" (the
    whole path, not its last string)."""
    suffixes = tuple({x for spec in FILE_READERS.values() for x in spec[0]})
    out: list[str] = []
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.SimpleString, cst.ConcatenatedString, cst.Call, cst.BinaryOperation)):
            name = _path_text(node)
            if name is not None and len(name) <= 240 and name.lower().endswith(suffixes):
                if name not in out:
                    out.append(name)
                continue
        stack.extend(reversed(node.children))
    return out


def _opened(expr, bound, depth: int = 0):
    """The path expression a file object (or the text read from it) comes from: `open(p)`, `open(p).read()`,
    `Path(p).open()`, `Path(p).read_text()`, `fh` bound by `with open(p) as fh` / `fh = open(p)`; None otherwise."""
    if depth > 3:
        return None
    if isinstance(expr, cst.Name):
        value = bound(expr.value)
        return _opened(value, bound, depth + 1) if value is not None else None
    if not isinstance(expr, cst.Call):
        return None
    func = expr.func
    name = dotted_name(func) or ""
    if name in _OPENERS:
        return expr.args[0].value if expr.args and expr.args[0].keyword is None and not expr.args[0].star else None
    if isinstance(func, cst.Attribute):
        attr = func.attr.value
        receiver = func.value  # (`Path(p).open("rb")`: the Path object is the path; not `ZipFile(z).open(name)`)
        if attr in ("read_text", "read_bytes", "open") and not any(a.keyword is None for a in expr.args[1:]) and \
                (isinstance(receiver, (cst.Name, cst.Attribute, cst.BinaryOperation)) or
                 isinstance(receiver, cst.Call) and (dotted_name(receiver.func) or "") in _PATHS):
            return receiver
        if attr == "read" and not expr.args:
            return _opened(func.value, bound, depth + 1)
    return None


def _path_text(expr, depth: int = 0) -> str | None:
    """The file name a path expression gives when its last parts are strings: `"configs/run.yaml"`,
    `os.path.join(HERE, "configs", "run.yaml")`, `Path(__file__).parent / "run.yaml"` (the strings after the
    first part that is not one: "configs/run.yaml", "run.yaml"); None when it ends in anything else."""
    if depth > 8:
        return None
    if isinstance(expr, (cst.SimpleString, cst.ConcatenatedString)):
        text = expr.evaluated_value
        return text if isinstance(text, str) and text else None
    if isinstance(expr, cst.Call):
        name = dotted_name(expr.func) or ""
        args = [a.value for a in expr.args if a.keyword is None and not a.star]
        if name in _JOINS and args and len(args) == len(expr.args):
            tail = []
            for a in reversed(args):
                got = _path_text(a, depth + 1) if isinstance(a, (cst.SimpleString, cst.ConcatenatedString)) else None
                if got is None:
                    break
                tail.append(got)
            return "/".join(reversed(tail)) if tail else None
        if name in _PATHS and len(args) == 1 and len(expr.args) == 1:
            return _path_text(args[0], depth + 1)
        if isinstance(expr.func, cst.Attribute) and not expr.args and \
                expr.func.attr.value in ("resolve", "absolute", "expanduser"):
            return _path_text(expr.func.value, depth + 1)
        return None
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.Divide):
        right = _path_text(expr.right, depth + 1)
        if right is None:
            return None
        left = _path_text(expr.left, depth + 1) if isinstance(expr.left, cst.BinaryOperation) else None
        return f"{left}/{right}" if left else right
    return None


def display_of(doc, places: dict | None = None, anchor=None) -> cst.BaseExpression | None:
    """The dict display of a parsed config (plain data only: a date or other value as its text), None over
    MAX_NODES or for anything but a mapping. `places` gets id(node) -> (file, None, line, column) of each string
    the YAML reader located (Located), ("", anchor, 0, 0) of any other (the code reading the file)."""
    if not isinstance(doc, dict):
        return None
    try:
        data = _plain(doc, [MAX_NODES])
        shown = cst.parse_expression(repr(data))
    except Exception:  # noqa: BLE001 - too big, or (never for plain data) no expression
        return None
    if places is not None:
        _mark(shown, data, places, lambda w: (w[0], None, w[1], w[2]), anchor)
    return shown


def _scalar(text: str):
    t = text.strip()
    if not t or t in ("~", "null", "Null", "NULL"):
        return None
    if t in ("true", "True", "TRUE", "yes", "Yes", "YES", "on", "On", "ON"):
        return True
    if t in ("false", "False", "FALSE", "no", "No", "NO", "off", "Off", "OFF"):
        return False
    if t[0] in "'\"":
        if len(t) < 2 or t[-1] != t[0]:
            raise ValueError("unterminated quoted scalar")
        return t[1:-1]
    if t[0] in "[{":
        if t[0] == "{" or t[-1] != "]":
            raise ValueError("flow mapping or unterminated flow list")
        inner = t[1:-1].strip()
        return [_scalar(p) for p in inner.split(",")] if inner else []
    if t[0] in "&*!|>%@`":
        raise ValueError("YAML feature not read")
    if _INT.match(t):
        return int(t.replace("_", ""))
    if _FLOAT.match(t):
        return float(t.replace("_", ""))
    return t


def _strip_comment(line: str) -> str:
    out, quote = [], None
    for i, ch in enumerate(line):
        if quote:
            quote = None if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1] in " \t"):
            break
        out.append(ch)
    return "".join(out).rstrip()


def read_yaml(text: str):
    """The value of a YAML document in the block subset above; ValueError for anything outside it."""
    lines = []
    for n, raw in enumerate(text.split("\n")):  # (n: the line in the text, its string values Located there)
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        line = _strip_comment(raw.rstrip("\r"))
        if line.strip() == "---" and lines:
            raise ValueError("several documents")
        if line.strip() in ("", "---"):
            continue
        lines.append((len(line) - len(line.lstrip(" ")), line.strip(), n, line))
    if not lines:
        return None
    value, end = _block(lines, 0, lines[0][0])
    if end != len(lines):
        raise ValueError("unexpected indentation")
    return value


def _block(lines: list, i: int, indent: int):
    if lines[i][1].startswith("- ") or lines[i][1] == "-":
        out = []
        while i < len(lines) and lines[i][0] == indent and (lines[i][1].startswith("- ") or lines[i][1] == "-"):
            rest = lines[i][1][1:].strip()
            if not rest:
                if i + 1 < len(lines) and lines[i + 1][0] > indent:
                    item, i = _block(lines, i + 1, lines[i + 1][0])
                else:
                    item, i = None, i + 1
            elif _key_of(rest) is not None:
                raise ValueError("mapping inside a list item")
            else:
                item, i = _located(_scalar(rest), lines[i], rest), i + 1
            out.append(item)
        return out, i
    out = {}
    while i < len(lines) and lines[i][0] == indent:
        key = _key_of(lines[i][1])
        if key is None:
            raise ValueError("not a mapping line")
        k, rest = key
        if k in out:
            raise ValueError("duplicate key")
        if rest:
            out[k], i = _located(_scalar(rest), lines[i], rest), i + 1
        elif i + 1 < len(lines) and lines[i + 1][0] > indent:
            out[k], i = _block(lines, i + 1, lines[i + 1][0])
        elif i + 1 < len(lines) and lines[i + 1][0] == indent and lines[i + 1][1].startswith("-"):
            out[k], i = _block(lines, i + 1, indent)  # a list at the key's own indentation
        else:
            out[k], i = None, i + 1
    return out, i


def _located(value, line: tuple, rest: str):
    """A string value read from `rest` of a line as Located there (its column: where rest starts)."""
    return Located.at(value, ("", line[2], line[3].rfind(rest))) if isinstance(value, str) else value


def _key_of(line: str):
    """(key, rest) of a `key: value` line, else None."""
    m = re.match(r"""^("[^"]*"|'[^']*'|[A-Za-z0-9_.\-]+)\s*:(\s+(.*))?$""", line)
    if m is None:
        return None
    k = m.group(1)
    k = k[1:-1] if k[0] in "'\"" else _scalar(k)
    return (k if isinstance(k, (str, int, float, bool)) else str(k)), (m.group(3) or "").strip()
