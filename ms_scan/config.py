"""`[tool.ms-scan]` in pyproject.toml (or an `ms-scan.toml`), found from the scan root upward.

Reads and validates only: a bad key or value is a `ConfigError` (the CLI turns it into exit 2).
Merging with command-line flags happens in the CLI, where a flag that was given wins.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from ms_scan.findings import CONFIDENCES, SEVERITIES
from ms_scan.settings import MODES, TARGETS

CONFIG_FILES = ("ms-scan.toml", "pyproject.toml")
CODE_PREFIX = re.compile(r"^MS[0-9]{0,3}$")

# key -> Settings field; every key a user may write
KEYS = {
    "ms-version": "ms_version", "target": "target", "mode": "mode", "select": "select",
    "ignore": "ignore", "per-file-ignores": "per_file_ignores", "exclude": "exclude",
    "fail-on": "fail_on", "min-confidence": "min_confidence", "baseline": "baseline", "jobs": "jobs",
    "cache-dir": "cache_dir",
}


class ConfigError(Exception):
    """The configuration file, or a flag that mirrors one of its keys, has a bad value."""


@dataclass
class Config:
    path: Path | None = None  # the file read; None when no config was found
    values: dict = field(default_factory=dict)  # Settings field name -> validated value

    @property
    def where(self) -> str:
        if self.path is None:
            return "command line"
        return f"{self.path.name} [tool.ms-scan]" if self.path.name == "pyproject.toml" else self.path.name


def find_config(start: Path) -> Path | None:
    """The nearest ms-scan.toml, or pyproject.toml that has a [tool.ms-scan] table, at or above start."""
    start = start if start.is_dir() else start.parent
    for d in [start, *start.parents]:
        for name in CONFIG_FILES:
            candidate = d / name
            if not candidate.is_file():
                continue
            if name == "ms-scan.toml":
                return candidate
            try:
                text = candidate.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            if re.search(r"^\s*\[\s*tool\s*\.\s*[\"']?ms-scan[\"']?", text, flags=re.M):
                return candidate
    return None


def load_config(path: Path) -> Config:
    import tomllib

    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    if path.name == "pyproject.toml" or "tool" in data:
        table = data.get("tool", {}).get("ms-scan", {})
    else:
        table = data
    config = Config(path=path)
    if not isinstance(table, dict):
        raise ConfigError(f"{config.where}: must be a table")
    config.values = validate(table, config.where, base=path.parent)
    return config


def load_for(root: Path, explicit: str | None = None) -> Config:
    """The config that applies to a scan rooted at root (or the file given with --config)."""
    if explicit:
        p = Path(explicit)
        if not p.is_file():
            raise ConfigError(f"--config {explicit}: no such file")
        return load_config(p.resolve())
    found = find_config(root)
    return load_config(found) if found else Config()


def _choice(key, value, choices, where):
    if value not in choices:
        raise ConfigError(f"{where}: `{key}` must be one of {', '.join(choices)} (got {value!r})")
    return value


def _str_list(key, value, where) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: `{key}` must be a list of strings (got {value!r})")
    return tuple(value)


def codes(key: str, value, where: str) -> tuple[str, ...]:
    """Code prefixes: `MS1`, `MS201`, `MS` (all). Comma-separated strings are split."""
    items = _str_list(key, value, where)
    out = []
    for item in items:
        for code in item.split(","):
            code = code.strip().upper()
            if not code:
                continue
            if not CODE_PREFIX.match(code):
                raise ConfigError(f"{where}: `{key}`: {code!r} is not a code or code prefix "
                                  "(MS followed by up to three digits, e.g. MS2 or MS201)")
            out.append(code)
    return tuple(out)


def per_file_ignores(value, where: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    if not isinstance(value, dict):
        raise ConfigError(f"{where}: `per-file-ignores` must be a table of glob = [codes] "
                          f"(got {value!r})")
    return tuple((glob, codes(f"per-file-ignores.{glob}", value[glob], where)) for glob in sorted(value))


def validate(table: dict, where: str, base: Path | None = None) -> dict:
    """Check every key of a [tool.ms-scan] table; return Settings field -> value."""
    from ms_scan.tables.mapping import available_releases

    out: dict = {}
    for key, value in table.items():
        if key not in KEYS:
            near = [k for k in KEYS if k.replace("-", "_") == key.replace("-", "_")]
            hint = f"; did you mean `{near[0]}`?" if near else f"; known keys: {', '.join(KEYS)}"
            raise ConfigError(f"{where}: unknown key `{key}`{hint}")
        field_name = KEYS[key]
        if key == "ms-version":
            if isinstance(value, float):
                raise ConfigError(f"{where}: `ms-version` must be a string such as \"2.10\" "
                                  f"(a bare number loses trailing zeros: got {value!r})")
            if not isinstance(value, str) or value not in available_releases():
                raise ConfigError(f"{where}: no mapping table for MindSpore {value!r}; available: "
                                  + ", ".join(available_releases()))
            out[field_name] = value
        elif key == "target":
            out[field_name] = _choice(key, value, TARGETS, where)
        elif key == "mode":
            out[field_name] = _choice(key, value, MODES, where)
        elif key == "fail-on":
            out[field_name] = _choice(key, value, tuple(reversed(SEVERITIES)), where)
        elif key == "min-confidence":
            out[field_name] = _choice(key, value, CONFIDENCES, where)
        elif key in ("select", "ignore"):
            out[field_name] = codes(key, value, where)
        elif key == "per-file-ignores":
            out[field_name] = per_file_ignores(value, where)
        elif key == "exclude":
            out[field_name] = _str_list(key, value, where)
        elif key == "jobs":
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ConfigError(f"{where}: `jobs` must be a whole number >= 1 (got {value!r})")
            out[field_name] = value
        elif key in ("baseline", "cache-dir"):
            if not isinstance(value, str) or not value:
                raise ConfigError(f"{where}: `{key}` must be a path (got {value!r})")
            # paths in a config file are relative to that file
            out[field_name] = str((base / value) if base is not None else Path(value))
    return out
