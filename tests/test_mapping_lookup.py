"""The lookup order of ms_scan.tables.mapping: release rows, in-place variants, curated, curated namespaces."""
from __future__ import annotations

from ms_scan.tables.mapping import load_table


def test_namespace_rows_cover_a_whole_namespace_but_never_beat_an_exact_row():
    table = load_table("2.10")
    look = table.lookup("torch.distributions.constraints.corr_cholesky")  # no row of its own
    assert look.status == "not-applicable" and look.derived == "every API in torch.distributions.constraints"
    deep = table.lookup("torch.utils._pytree.tree_map")
    assert deep.status == "not-applicable" and "torch.utils._pytree" in deep.derived
    exact = table.lookup("torch.distributions.utils.broadcast_all")  # has its own curated row
    assert exact.row.ms_api == "mindspore.numpy.broadcast_arrays" and not exact.derived
    assert table.lookup("torch.definitely_not_real").status == "unknown"


def test_in_place_variant_uses_the_out_of_place_row():
    table = load_table("2.10")
    base, inplace = table.lookup("torch.Tensor.add"), table.lookup("torch.Tensor.add_")
    assert inplace.row == base.row and inplace.derived == "in-place variant of torch.Tensor.add"


def test_member_through_a_subclass_uses_the_base_class_row():
    table = load_table("2.10")
    look = table.lookup("torch.nn.Linear.eval")
    assert look.row == table.lookup("torch.nn.Module.eval").row and look.derived == "member of torch.nn.Module"
    assert table.lookup("torch.nn.linear_not_a_class.eval").status == "unknown"


def test_aten_operator_and_copy_variant_use_the_public_row():
    table = load_table("2.10")
    aten = table.lookup("torch.ops.aten.cat.default")
    assert aten.row == table.lookup("torch.cat").row and aten.derived == "ATen operator of torch.cat"
    assert table.lookup("torch.ops.aten.add_.Tensor").row == table.lookup("torch.add").row   # in-place of torch.add
    custom = table.lookup("torch.ops.mylib.fused_thing")          # a custom operator library: namespace row
    assert custom.status == "not-applicable" and custom.row.ms_api == "mindspore.ops.Custom"
    copy = table.lookup("torch.permute_copy")
    assert copy.row == table.lookup("torch.permute").row and copy.derived.startswith("copying variant")


def test_prefix_rows_and_private_names():
    table = load_table("2.10")
    look = table.lookup("torch.cudnn_convolution")
    assert look.status == "not-applicable" and look.derived == "every API in torch.cudnn_*"
    assert table.lookup("torch.quantize_per_tensor").status == "missing"
    deep = table.lookup("torch.nn.modules.loss._Loss")
    assert deep.status == "not-applicable" and deep.derived.startswith("private API")
    assert table.lookup("torch.Tensor.__definitely_not_real__").status == "unknown"


def test_introspected_row_replaces_an_unverified_guess_only():
    table = load_table("2.10")
    for api, rows in table.by_api.items():
        kinds = {r.known_by for r in rows}
        assert not ("introspected" in kinds and len(kinds) > 1 and any(r.diff_kind == "unverified" for r in rows)
                    and "docs" in kinds), api
    assert table.lookup("torch.float8_e4m3fnuz").status == "missing"   # a dtype MindSpore lacks
    assert table.lookup("torch.channels_last").status == "not-applicable"
