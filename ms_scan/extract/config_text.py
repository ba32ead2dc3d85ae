"""Configs written as text in the source: `CFG = json.loads('''{"meta": {"first_order": true}}''')`,
`yaml.safe_load('''meta:\n  first_order: true''')`. The second-order extractor reads them as the dict displays they
stand for (grads._record_assign), so a flag or a table key taken from them is as known as a dict literal's.

Static: JSON goes through the standard library's parser; YAML through a strict reader of the block subset such
configs use (nested mappings, `- item` lists, `[a, b]` flow lists, plain and quoted scalars). Anything else (anchors,
tags, multi-line scalars, flow mappings) gives None: the value stays unknown, as before. No YAML library is imported.
"""
from __future__ import annotations

import json
import re

import libcst as cst

# callees whose first argument is the config text (by dotted path through the file's imports)
JSON_READERS = ("json.loads",)
YAML_READERS = ("yaml.safe_load", "yaml.load", "yaml.full_load", "ruamel.yaml.safe_load")
_INT = re.compile(r"[-+]?(0|[1-9][0-9_]*)$")
_FLOAT = re.compile(r"[-+]?([0-9][0-9_]*\.[0-9_]*|\.[0-9_]+)([eE][-+][0-9]+)?$")  # (YAML 1.1, as PyYAML: 1e-3 is a string)


def config_display(path: str | None, call: cst.Call) -> cst.BaseExpression | None:
    """The dict (or list) display a `json.loads` / `yaml.safe_load` call of a string literal stands for, else None."""
    if path not in JSON_READERS + YAML_READERS or not call.args or call.args[0].keyword is not None:
        return None
    arg = call.args[0].value
    text = arg.evaluated_value if isinstance(arg, (cst.SimpleString, cst.ConcatenatedString)) else None
    if not isinstance(text, str):
        return None
    try:
        value = json.loads(text) if path in JSON_READERS else read_yaml(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(value, (dict, list)):
        return None
    try:
        return cst.parse_expression(repr(value))
    except Exception:  # noqa: BLE001 - a value whose repr is no expression (never for plain data)
        return None


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
    for raw in text.splitlines():
        if "\t" in raw[: len(raw) - len(raw.lstrip())]:
            raise ValueError("tab indentation")
        line = _strip_comment(raw)
        if line.strip() == "---" and lines:
            raise ValueError("several documents")
        if line.strip() in ("", "---"):
            continue
        lines.append((len(line) - len(line.lstrip(" ")), line.strip()))
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
                item, i = _scalar(rest), i + 1
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
            out[k], i = _scalar(rest), i + 1
        elif i + 1 < len(lines) and lines[i + 1][0] > indent:
            out[k], i = _block(lines, i + 1, lines[i + 1][0])
        elif i + 1 < len(lines) and lines[i + 1][0] == indent and lines[i + 1][1].startswith("-"):
            out[k], i = _block(lines, i + 1, indent)  # a list at the key's own indentation
        else:
            out[k], i = None, i + 1
    return out, i


def _key_of(line: str):
    """(key, rest) of a `key: value` line, else None."""
    m = re.match(r"""^("[^"]*"|'[^']*'|[A-Za-z0-9_.\-]+)\s*:(\s+(.*))?$""", line)
    if m is None:
        return None
    k = m.group(1)
    k = k[1:-1] if k[0] in "'\"" else _scalar(k)
    return (k if isinstance(k, (str, int, float, bool)) else str(k)), (m.group(3) or "").strip()
