"""Second order (#5): a primitive whose bprop branches on an attribute (PadV3's mode) is judged by the branch
the torch call selects, whether it passes the selector by keyword or by position; a selector that is not a
literal leaves the branch open (the union of every branch, medium confidence), never the default."""
from __future__ import annotations

import inspect

import pytest

from ms_scan.scan import scan
from ms_scan.settings import Settings
from ms_scan.tables.bprop import TORCH_SELECTOR_POSITIONS, torch_chain

CRITIC = '''import torch
import torch.nn as nn
import torch.nn.functional as F


class Critic(nn.Module):
    def __init__(self, pad_mode):
        super().__init__()
        self.pad_mode = pad_mode
        self.zero = nn.ZeroPad2d(1)
        self.fc = nn.Linear(3, 1)

    def forward(self, x):
        x = self.zero(x)
        x = F.pad(x, (1, 1, 1, 1))
        x = F.pad(x, (1, 1, 1, 1), "constant", 0.0)
        x = F.pad(x, (1, 1, 1, 1), "reflect")
        x = F.pad(x, (1, 1, 1, 1), mode="replicate")
        x = F.pad(x, (1, 1, 1, 1), mode=self.pad_mode)
        return self.fc(x.mean((2, 3)))


critic = Critic("reflect")
real = torch.randn(2, 3, 8, 8, requires_grad=True)
grad, = torch.autograd.grad(critic(real).sum(), real, create_graph=True)
penalty = grad.pow(2).sum()
penalty.backward()
'''


def _flagged(tmp_path, target):
    (tmp_path / "critic.py").write_text(CRITIC)
    settings = Settings(ms_version="2.10", target=target, jobs=1, facts_cache=False, select=("MS301", "MS303"))
    return {f.line: f for f in scan([str(tmp_path)], settings).findings if f.torch_api.endswith(("pad", "Pad2d"))}


def test_constant_padding_is_not_flagged_and_other_modes_are_by_keyword_position_or_expression(tmp_path):
    found = _flagged(tmp_path, "cpu")
    # ZeroPad2d, F.pad with the default mode and with "constant" by position: PadV3's constant branch
    # differentiates twice; reflect by position, replicate by keyword: PadV3Grad has no bprop
    assert sorted(found) == [17, 18, 19], sorted(found)
    assert all("PadV3Grad" in found[line].message for line in (17, 18))
    assert found[17].confidence == found[18].confidence == "high"
    assert found[19].confidence == "medium"  # mode=self.pad_mode: which branch is not known
    assert found[19].code == "MS301"


def test_without_a_target_reflect_by_position_is_the_mint_reflection_primitive(tmp_path):
    found = _flagged(tmp_path, None)
    assert 17 in found and "ReflectionPad2D" in found[17].message
    assert 15 not in found and 16 not in found  # ConstantPadND


@pytest.mark.parametrize("api,where", sorted(TORCH_SELECTOR_POSITIONS.items()))
def test_selector_positions_are_torchs(api, where):
    """Each position TORCH_SELECTOR_POSITIONS names is where torch 2.13's signature takes that argument."""
    torch = pytest.importorskip("torch")
    obj = torch
    for part in api.split(".")[1:]:
        obj = getattr(obj, part)
    params = list(inspect.signature(obj.__init__ if inspect.isclass(obj) else obj).parameters)
    if inspect.isclass(obj):
        params = params[1:]  # self
    for pos, name in where.items():
        assert params[pos] == name, (api, params)


def test_a_positional_selector_reaches_the_chain():
    assert "ReflectionPad2D" in torch_chain("torch.nn.functional.pad", {"#2": "reflect"}).prims.primitives
    assert torch_chain("torch.nn.functional.pad", {"#2": "reflect"}, target="cpu").prims.attrs_for("PadV3") == \
        {"mode": "reflect"}
    assert torch_chain("torch.nn.functional.pad", {}, target="cpu").prims.attrs_for("PadV3") == {"mode": "constant"}
    # a position torch does not give to the selector is not read as it
    assert torch_chain("torch.nn.functional.pad", {"#1": "reflect"}).prims.primitives == ("ConstantPadND",)


GELU_CRITIC = '''import torch
import torch.nn as nn


class Critic(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(4, 4)
        self.by_position = nn.GELU("tanh")
        self.by_keyword = nn.GELU(approximate="tanh")
        self.out = nn.Linear(4, 1)

    def forward(self, x):
        return self.out(self.by_keyword(self.by_position(self.fc(x))))


critic = Critic()
real = torch.randn(2, 4, requires_grad=True)
grad, = torch.autograd.grad(critic(real).sum(), real, create_graph=True)
grad.pow(2).sum().backward()
'''


def _gelus(tmp_path, source, target):
    (tmp_path / "critic.py").write_text(source)
    settings = Settings(ms_version="2.10", target=target, jobs=1, facts_cache=False, select=("MS301", "MS303"))
    return {f.line: f for f in scan([str(tmp_path)], settings).findings if f.torch_api == "torch.nn.GELU"}


def test_a_positional_selector_picks_the_shim_as_a_keyword_does(tmp_path):
    """nn.GELU("tanh") runs the tanh primitive and its fix is the tanh shim, exactly as for approximate="tanh"
    (the shim lookup once read only keywords and offered the exact-GELU shim, which changes the numbers)."""
    found = _gelus(tmp_path, GELU_CRITIC, "cpu")
    assert sorted(found) == [9, 10], sorted(found)
    assert {found[line].shim["name"] for line in (9, 10)} == {"GeluTanh"}, [found[line].shim for line in (9, 10)]
    # the exact GELU runs Erf on CPU (second order works); the position is what made line 9 tanh
    found = _gelus(tmp_path, GELU_CRITIC.replace('nn.GELU("tanh")', "nn.GELU()"), "cpu")
    assert sorted(found) == [10], sorted(found)
    # without a target the port runs mint's GeluExt for both spellings; the shim follows each call's mode
    found = _gelus(tmp_path, GELU_CRITIC.replace('nn.GELU("tanh")', "nn.GELU()"), None)
    assert [found[line].shim["name"] for line in (9, 10)] == ["GeluErf", "GeluTanh"]
