"""Parse the official PyTorch→MindSpore mapping table (markdown) into normalised rows.

Pure text parsing: no git, no mindspore. Only names, links and normalised categories are kept.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

LINK_RE = re.compile(r"\[([^\]]*)\]\(([^)\s]*)[^)]*\)")
SEP_RE = re.compile(r"^[\s:|-]+$")
NAME_RE = re.compile(r"[A-Za-z_][\w.]*")
TORCH_ROOTS = ("torch", "torchvision", "torchaudio", "torchtext")


@dataclass
class DocRow:
    section: str
    torch_api: str
    ms_api: str
    status: str            # consistent | differs | missing
    diff_kind: str = ""
    params: list = field(default_factory=list)   # [(torch_param, kind)]
    torch_version: str = ""
    docs_url: str = ""
    diff_page: str = ""     # file name of the pytorch_diff page, e.g. "unique.md"
    line: int = 0
    raw_torch: str = ""


def split_row(line: str) -> list[str]:
    """Split a markdown table row into stripped cells (leading/trailing pipes optional)."""
    s = line.strip()
    if s.startswith("|"):
        s = s[1:]
    if s.endswith("|"):
        s = s[:-1]
    return [c.strip() for c in s.split("|")]


def cell_links(cell: str) -> list[tuple[str, str]]:
    return [(t.strip(), u.strip()) for t, u in LINK_RE.findall(cell)]


def cell_text(cell: str) -> str:
    """Cell text with links replaced by their text."""
    return LINK_RE.sub(lambda m: m.group(1), cell).replace("`", "").strip()


def is_header(cells: list[str]) -> bool:
    first = cells[0] if cells else ""
    if LINK_RE.search(first):
        return False
    t = first.strip().rstrip(":").strip()
    return t.endswith("APIs") or t.endswith("API") or (len(cells) > 1 and cells[1].strip().endswith("MindSpore APIs"))


def header_version(first_cell: str) -> str:
    m = re.search(r"(\d+(?:\.\d+)*)", first_cell)
    return m.group(1) if m else ""


_DEFAULT_RE = re.compile(r"default values? of ([`\w, ]+?) (?:is|are) different", re.I)
_NO_PARAM_RES = [
    re.compile(r"MindSpore (?:has no|does not contain(?: the)?) parameters? ([`\w, and]+)", re.I),
    re.compile(r"^No ([`\w ,]+?)(?: related)? input params?", re.I),
]


def _names(fragment: str) -> list[str]:
    out = []
    for tok in re.split(r"[,\s]+|\band\b", fragment.replace("`", " ")):
        tok = tok.strip(" .")
        if tok and tok not in ("and", "related", "the", "parameter", "parameters") and re.fullmatch(r"[A-Za-z_]\w*", tok):
            out.append(tok)
    return out


def classify(desc_cell: str) -> tuple[str, str, list, str, str]:
    """Normalise a Description cell → (status, diff_kind, params, docs_url, diff_page).

    Vocabularies: blank (r1.x, = consistent), [diff](…pytorch_diff/X.html), [Consistent](…),
    free-text categories, optionally linked to a diff page.
    """
    links = cell_links(desc_cell)
    text = cell_text(desc_cell)
    low = " ".join(text.lower().split())
    docs_url, diff_page = "", ""
    for _, url in links:
        if "pytorch_diff/" in url:
            docs_url = url
            diff_page = re.sub(r"\.html.*$", "", url.rsplit("pytorch_diff/", 1)[1]) + ".md"
            break
    params: list = []
    if not low:
        return "consistent", "", params, docs_url, diff_page
    if low in ("diff", "差异对比"):
        return "differs", "", params, docs_url, diff_page   # kind filled from the diff page
    m = _DEFAULT_RE.search(text.replace("`", ""))
    if m:
        params = [(n, "default") for n in _names(m.group(1))]
        return "differs", "default", params, docs_url, diff_page
    if "default value" in low or "默认值" in low:
        return "differs", "default", params, docs_url, diff_page
    for rx in _NO_PARAM_RES:
        m = rx.search(text.replace("`", ""))
        if m:
            params = [(n, "missing") for n in _names(m.group(1))]
            return "differs", "param_count", params, docs_url, diff_page
    if "parameter name" in low or "parameter names" in low or "inconsistent parameter names" in low or "参数名" in low:
        return "differs", "param_name", params, docs_url, diff_page
    if "number or sequence" in low or "参数个数" in low or "optimization parameters" in low \
            or "interface overloading" in low:
        return "differs", "param_count", params, docs_url, diff_page
    if "data type" in low or "数据类型" in low or "only supports float" in low:
        return "differs", "dtype", params, docs_url, diff_page
    # MindSpore-only extra parameters with defaults are consistent by the page's exception rule 3.
    if re.search(r"mindspore has (?:an additional|two different|additional) parameter", low):
        return "consistent", "", params, docs_url, diff_page
    if re.fullmatch(r"(?:the )?(?:functions? (?:are|is) )?(?:cosistent|consistent|一致)(?: functions?)?\.?", low) \
            or re.fullmatch(r"the functions are consistent\.?", low):
        return "consistent", "", params, docs_url, diff_page
    return "differs", "other" if not diff_page else "", params, docs_url, diff_page


def _torch_name(text: str, url: str, section: str) -> str:
    name = text.strip().strip("`").replace("\\_", "_")
    name = re.sub(r"\(.*$", "", name).strip()
    if not name:
        return ""
    # r1.x lists typed-tensor methods such as torch.BoolTensor.all under torch.Tensor.
    name = re.sub(r"^torch\.\w+Tensor\.", "torch.Tensor.", name)
    if section == "torch.Tensor" and not name.startswith("torch.Tensor."):
        if name.startswith("torch.") and name.count(".") == 1 and "tensors.html" in url:
            name = "torch.Tensor." + name.split(".", 1)[1]
    if name.startswith("Tensor."):
        name = "torch." + name
    if not name.startswith(TORCH_ROOTS):
        # bare names such as "nn.Module.apply" or "optim.Adam" in odd rows
        if section.startswith("torch") and not name.startswith("torch"):
            name = section + "." + name if "." not in name else "torch." + name
    return name


def _ms_name(text: str, url: str) -> str:
    name = text.strip().strip("`").replace("\\_", "_")
    name = re.sub(r"\(.*$", "", name).strip()
    frag = url.split("#", 1)[1] if "#" in url else ""
    # the link anchor is authoritative when it only differs in case (mindspore.tensor.from_numpy)
    if frag.startswith("mindspore.") and frag.lower() == name.lower():
        name = frag
    return name


def parse_table(md: str) -> list[DocRow]:
    """Walk the markdown; return one DocRow per (torch API, MindSpore target) pair."""
    rows: list[DocRow] = []
    section = ""
    version = ""
    for lineno, line in enumerate(md.splitlines(), 1):
        s = line.strip()
        if s.startswith("#"):
            section = s.lstrip("#").strip()
            version = ""
            continue
        if not s.startswith("|"):
            continue
        cells = split_row(s)
        if len(cells) < 2 or SEP_RE.match(s):
            continue
        if is_header(cells):
            version = header_version(cells[0])
            continue
        tlinks = cell_links(cells[0])
        ttext = cell_text(cells[0])
        if not ttext or not ttext.startswith(TORCH_ROOTS + ("Tensor.",)):
            continue   # not a mapping row (e.g. general-difference parameter table, MindSpore-only rows)
        torch_url = tlinks[0][1] if tlinks else ""
        torch_names = [t for t, _ in tlinks] or [ttext]
        mlinks = cell_links(cells[1])
        mtext = cell_text(cells[1])
        desc = cells[2] if len(cells) > 2 else ""
        status, kind, params, docs_url, diff_page = classify(desc)
        if mlinks:
            targets = [_ms_name(t, u) for t, u in mlinks]
        elif mtext and mtext.lower() not in ("none", "-", "无", "n/a") and mtext.startswith("mindspore"):
            targets = [_ms_name(mtext, "")]
        else:
            targets = [""]
        for tname in torch_names:
            canon = _torch_name(tname, torch_url, section)
            if not canon:
                continue
            for tgt in targets:
                st, kd, pr = status, kind, list(params)
                if not tgt:
                    st, kd, pr = "missing", "", []
                rows.append(DocRow(section=section, torch_api=canon, ms_api=tgt, status=st, diff_kind=kd,
                                   params=pr, torch_version=version, docs_url=docs_url, diff_page=diff_page,
                                   line=lineno, raw_torch=tname))
    return rows
