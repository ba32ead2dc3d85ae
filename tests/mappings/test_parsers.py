"""Parser unit tests on small synthetic markdown written for these tests (not copied from the docs)."""
from mappings.diff_pages import kind_from_params, parse_param_table
from mappings.docs_table import classify, parse_table
from mappings.platforms import platforms_in_doc, referred_api

R1X = """\
# Title

## torch

| PyTorch 1.5.0 APIs | MindSpore APIs | Description |
| --- | --- | --- |
| [torch.foo](https://t/torch.foo) | [mindspore.ops.Foo](https://m/ops/mindspore.ops.Foo.html#mindspore.ops.Foo) |  |
| [torch.bar](https://t/torch.bar) | [mindspore.ops.Bar](https://m/Bar.html) | [diff](https://m/note/api_mapping/pytorch_diff/Bar.html) |

## torch.Tensor

| PyTorch 1.5.0 APIs | MindSpore APIs | Description |
| --- | --- | --- |
| [torch.BoolTensor.all](https://t/tensors.html#torch.BoolTensor.all) | [mindspore.Tensor.all](https://m/T.html) | |
| [torch.repeat_interleave](https://t/tensors.html#torch.repeat_interleave) | [mindspore.ops.repeat_elements](https://m/r.html) | |
| [torch.Tensor.t](https://t/tensors.html) | [mindspore.ops.Transpose](https://m/a.html) | |
| [torch.Tensor.t](https://t/tensors.html) | [mindspore.Tensor.T](https://m/b.html) | |

## torch.utils

| PyTorch 1.5.0 APIs | MindSpore APIs | Description |
| --- | --- | --- |
| [torch.utils.data.DataLoader](https://t/data.html) | None | [diff](https://m/pytorch_diff/DataLoader.html) |
| [torch.from_numpy](https://t/x) | [mindspore.tensor.from_numpy](https://m/T.html#mindspore.Tensor.from_numpy) | |
"""

R2X = """\
## General Difference Parameter Table

| Parameter Names | Functions | Descriptions |
| :-: | :-: | :-: |
| out | the output | some words |

## torch

| PyTorch 1.8.1 APIs | MindSpore APIs | Descriptions |
| --- | --- | --- |
| [torch.a](u) | [mindspore.ops.a](v) | [Consistent](https://m/pytorch_api_mapping.html#api-mapping-consistency-criteria-and-exceptions) |
| PyTorch 1.12 APIs | MindSpore APIs | Descriptions |
| ---- | ---- | ---- |
| [torch.b](u) | [mindspore.ops.b](v) | Cosistent |
|[torch.c](u)|[mindspore.ops.c](v)|The functions are consistent, but the parameter names are inconsistent.|

## torch.nn

| PyTorch 2.1 APIs | MindSpore APIs | Descriptions |
| --- | --- | --- |
| [torch.nn.X](u) | [mindspore.mint.nn.X](v) | [Consistent](c) |
|  | [mindspore.mint.only](v) | Unique to MindSpore |
"""


def test_r1x_blank_and_diff_link():
    rows = parse_table(R1X)
    foo = next(r for r in rows if r.torch_api == "torch.foo")
    assert (foo.ms_api, foo.status, foo.torch_version, foo.section) == ("mindspore.ops.Foo", "consistent", "1.5.0", "torch")
    bar = next(r for r in rows if r.torch_api == "torch.bar")
    assert bar.status == "differs" and bar.diff_page == "Bar.md" and bar.docs_url.endswith("pytorch_diff/Bar.html")


def test_tensor_section_canonical_names_and_duplicates():
    rows = parse_table(R1X)
    names = [r.torch_api for r in rows if r.section == "torch.Tensor"]
    assert "torch.Tensor.all" in names                      # typed-tensor method → torch.Tensor
    assert "torch.Tensor.repeat_interleave" in names        # bare name under the Tensor table, tensors.html link
    t_targets = sorted(r.ms_api for r in rows if r.torch_api == "torch.Tensor.t")
    assert t_targets == ["mindspore.Tensor.T", "mindspore.ops.Transpose"]   # one torch API, several targets kept


def test_none_target_is_missing_and_anchor_fixes_case():
    rows = parse_table(R1X)
    dl = next(r for r in rows if r.torch_api == "torch.utils.data.DataLoader")
    assert dl.status == "missing" and dl.ms_api == ""
    fn = next(r for r in rows if r.torch_api == "torch.from_numpy")
    assert fn.ms_api == "mindspore.Tensor.from_numpy"


def test_header_row_mid_section_and_non_mapping_tables():
    rows = parse_table(R2X)
    by = {r.torch_api: r for r in rows}
    assert set(by) == {"torch.a", "torch.b", "torch.c", "torch.nn.X"}   # general table + MindSpore-only row skipped
    assert by["torch.a"].torch_version == "1.8.1"
    assert by["torch.b"].torch_version == "1.12"            # second header inside the same section
    assert by["torch.b"].status == "consistent"             # the "Cosistent" typo
    assert (by["torch.c"].status, by["torch.c"].diff_kind) == ("differs", "param_name")
    assert by["torch.nn.X"].torch_version == "2.1" and by["torch.nn.X"].ms_api == "mindspore.mint.nn.X"


def test_status_vocabularies():
    assert classify("")[:2] == ("consistent", "")
    assert classify("[Consistent](x#api-mapping)")[:2] == ("consistent", "")
    assert classify("Consistent.")[:2] == ("consistent", "")
    assert classify("[diff](https://m/pytorch_diff/Foo.html)")[:2] == ("differs", "")
    assert classify("[diff](https://m/pytorch_diff/Foo.html)")[4] == "Foo.md"
    assert classify("Consistent functions, inconsistent parameter names.")[:2] == ("differs", "param_name")
    assert classify("[Functions agree; the number or sequence of parameters is inconsistent](https://m/pytorch_diff/Q.html)")[:2] \
        == ("differs", "param_count")
    assert classify("Functions agree, but the parameter data types are inconsistent")[:2] == ("differs", "dtype")


def test_default_value_and_missing_parameter_notes():
    st, kind, params, _, _ = classify("The functions are consistent, but the default value of dim is different.")
    assert (st, kind, params) == ("differs", "default", [("dim", "default")])
    st, kind, params, _, _ = classify("Consistent functions, MindSpore has no parameter inplace.")
    assert (st, kind, params) == ("differs", "param_count", [("inplace", "missing")])
    st, kind, params, _, _ = classify("No `verbose` and `momentum` related input params, other functions are consistent")
    assert params == [("verbose", "missing"), ("momentum", "missing")]


def test_different_is_not_diff():
    # "...different" contains "diff" but is a default-value note, not a diff link
    st, kind, _, url, page = classify("Consistent functions, but the default value of eps is different.")
    assert (st, kind, url, page) == ("differs", "default", "", "")
    # free text we do not recognise is still a difference, category "other"
    assert classify("Something unusual happens here")[:2] == ("differs", "other")


DIFF_PAGE = """\
# Differences with torch.widget

## Differences

Some prose we do not keep.

| Categories | Subcategories | PyTorch | MindSpore | Difference |
| --- | --- | --- | --- | --- |
| Parameters | Parameter 1 | input | x | Same function, different names |
|  | Parameter 2 | dim | dim | Consistent |
|  | Parameter 3 | sorted | - | prose about sorting |
|  | Parameter 4 | eps | eps | The default value differs |
|  | Parameter 5 | mode | mode | Works only in one mode |
|  | Parameter 6 | - | extra | MindSpore only |
| Input | Single input | input | x | Same function, different names |
"""


def test_diff_page_param_table():
    params, cats = parse_param_table(DIFF_PAGE)
    assert params == [("input", "renamed:x"), ("sorted", "missing"), ("eps", "default"), ("mode", "behaviour")]
    assert "parameter" in cats and "input" in cats
    assert kind_from_params(params, cats) == "param_count"
    assert kind_from_params([("a", "renamed:b")], {"parameter"}) == "param_name"
    assert kind_from_params([], {"function"}) == "function"
    assert kind_from_params([], set()) == "other"


def test_diff_page_prose_never_copied():
    params, _ = parse_param_table(DIFF_PAGE)
    flat = ";".join(f"{a}={b}" for a, b in params)
    assert "prose" not in flat and "mode" in flat and " " not in flat


def test_supported_platforms_and_refer():
    doc = "Does things.\n\n    Supported Platforms:\n        ``GPU`` ``Ascend``\n\n    Examples:\n        >>> 1\n"
    assert platforms_in_doc(doc) == ("Ascend", "GPU")
    assert platforms_in_doc("no platforms here") is None
    assert referred_api("abs() -> Tensor\n\nFor details, please refer to :func:`mindspore.ops.abs`.") == "mindspore.ops.abs"
