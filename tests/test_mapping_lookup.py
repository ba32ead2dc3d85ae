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
